//! A fleet: several Redis primaries (shards, each a context of the config file) read as one.
//! Each shard is read on its own connection, all at once, so a fleet's read takes about as
//! long as its slowest shard; a shard that can't be read is named with why, and the others
//! are still read.

use crate::ops::Problem;
use crate::term::exit::Exit;
use crate::term::ui::Ui;

/// What reading one shard gave: its result, or why it could not be read (one sentence, its
/// causes after colons, made visible).
pub type Shard<R> = (String, Result<R, String>);

/// Read every shard at once, each on a thread of its own, with `read(name, what)`: the
/// results in the shards' order.
pub fn each<T, R, F>(shards: Vec<(String, T)>, read: F) -> Vec<Shard<R>>
where
    T: Send,
    R: Send,
    F: Fn(&str, T) -> anyhow::Result<R> + Sync,
{
    let read = &read;
    std::thread::scope(|scope| {
        let running: Vec<_> = shards
            .into_iter()
            .map(|(name, what)| {
                let shard = name.clone();
                let handle = scope.spawn(move || {
                    read(&shard, what)
                        .map_err(|e| crate::text::visible(&format!("{e:#}")).into_owned())
                });
                (name, handle)
            })
            .collect();
        running
            .into_iter()
            .map(|(name, handle)| {
                let result = handle
                    .join()
                    .unwrap_or_else(|_| Err("its read panicked (a bug in cogctl)".to_string()));
                (name, result)
            })
            .collect()
    })
}

/// The flags that name `fleet` again in a command cogctl suggests: `--fleet NAME`, or for a
/// fleet named by its contexts (`--context a,b`), that list; and when the run was narrowed
/// to some of its shards, `--shard` with them.
pub fn flag(fleet: &str, narrowed: Option<&[String]>) -> String {
    let named = if fleet.contains(',') {
        format!("--context {fleet}")
    } else {
        format!("--fleet {fleet}")
    };
    match narrowed {
        Some(shards) if !shards.is_empty() => format!("{named} --shard {}", shards.join(",")),
        _ => named,
    }
}

/// A command suggested for one Redis (`cogctl dead retry …`), for the fleet `named` (its
/// [`flag`]s).
pub fn across(command: &str, named: &str) -> String {
    match command.strip_prefix("cogctl ") {
        Some(rest) => format!("cogctl {named} {rest}"),
        None => command.to_string(),
    }
}

/// Why a shard could not be read, as a fleet's report names it (made visible).
pub fn shown(e: &crate::store::StoreError) -> String {
    crate::text::visible(&e.to_string()).into_owned()
}

/// A fleet's sorted sets, each opened on its shard (`sets`), merged in `order`
/// (`store::page::Merged`): a set whose first page can't be read joins `unread`, and every
/// shard in `unread` is named on stderr.
pub fn merged(
    ui: &Ui,
    sets: Vec<(
        String,
        crate::store::page::Prefetch<crate::store::page::ZPager>,
    )>,
    order: crate::store::page::Order,
    unread: &mut Vec<(String, String)>,
) -> crate::store::page::Merged {
    let (merged, failed) = crate::store::page::Merged::new(sets, order);
    unread.extend(failed.into_iter().map(|(n, e)| (n, shown(&e))));
    for (name, why) in unread.iter() {
        warn_unread(ui, name, why);
    }
    merged
}

/// The exit status of a list across `total` shards of which `unread` could not be read (or
/// stopped being read): none read, [`Exit::Unreachable`]; some, [`Exit::FleetPartial`].
pub fn list_exit(unread: usize, total: usize) -> Exit {
    if unread >= total && total > 0 {
        Exit::Unreachable
    } else if unread == 0 {
        Exit::Ok
    } else {
        Exit::FleetPartial
    }
}

/// The names of the shards that could not be read, in the fleet's order.
/// Each shard's read taken in by a fleet's report: `take(shard, its report)` keeps what the
/// fleet shows of it and says how many rows that was. Gives each shard's count (or why it
/// could not be read), in the fleet's order, and the shards not read.
pub fn gathered<R>(
    shards: Vec<Shard<R>>,
    mut take: impl FnMut(&str, R) -> usize,
) -> (Vec<Shard<usize>>, Vec<String>) {
    let counts: Vec<Shard<usize>> = shards
        .into_iter()
        .map(|(name, read)| {
            let rows = read.map(|report| take(&name, report));
            (name, rows)
        })
        .collect();
    let unreadable = unreadable(&counts);
    (counts, unreadable)
}

pub fn unreadable<R>(shards: &[Shard<R>]) -> Vec<String> {
    shards
        .iter()
        .filter(|(_, r)| r.is_err())
        .map(|(n, _)| n.clone())
        .collect()
}

/// The exit status of a read across a fleet: no shard read, [`Exit::Unreachable`]; some
/// unread, [`Exit::FleetPartial`]; every shard read, the first other than success that one
/// of them calls for (a key that can't be read), else success.
pub fn exit<R>(shards: &[Shard<R>], each: impl Fn(&R) -> Exit) -> Exit {
    let read: Vec<&R> = shards.iter().filter_map(|(_, r)| r.as_ref().ok()).collect();
    if read.is_empty() {
        return Exit::Unreachable;
    }
    if read.len() < shards.len() {
        return Exit::FleetPartial;
    }
    read.into_iter()
        .map(each)
        .find(|e| !matches!(e, Exit::Ok))
        .unwrap_or(Exit::Ok)
}

/// The shards as a JSON object in the fleet's order: what `each` makes of a shard read, or
/// `{"error": …}` for one that could not be (`#[serde(serialize_with)]` of a fleet's report).
pub fn serialize_shards<R, V: serde::Serialize, S: serde::Serializer>(
    shards: &[Shard<R>],
    serializer: S,
    each: impl Fn(&R) -> V,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = serializer.serialize_map(Some(shards.len()))?;
    for (name, read) in shards {
        match read {
            Ok(report) => map.serialize_entry(name, &each(report))?,
            Err(error) => map.serialize_entry(name, &serde_json::json!({ "error": error }))?,
        }
    }
    map.end()
}

/// The shards as a JSON object in the fleet's order, each shard's whole report (or
/// `{"error": …}`): `#[serde(serialize_with)]` of a fleet's report that keeps them all.
pub fn serialize_reports<R: serde::Serialize, S: serde::Serializer>(
    shards: &[Shard<R>],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serialize_shards(shards, serializer, as_value)
}

/// A shard's report as JSON (one that can't be written says so in its place).
pub fn as_value<R: serde::Serialize>(report: &R) -> serde_json::Value {
    serde_json::to_value(report)
        .unwrap_or_else(|e| serde_json::json!({ "error": format!("cannot write it as JSON: {e}") }))
}

/// A key a shard's read-only view could not read, its shard named (`problems` of a fleet's
/// report: `{"shard", "key", "error"}`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct FleetProblem {
    pub shard: String,
    #[serde(flatten)]
    pub problem: Problem,
}

impl FleetProblem {
    /// Each of `problems`, read on `shard`.
    pub fn on(shard: &str, problems: Vec<Problem>) -> impl Iterator<Item = FleetProblem> + '_ {
        problems.into_iter().map(move |problem| FleetProblem {
            shard: shard.to_string(),
            problem,
        })
    }

    /// Each on stderr, as [`Problem::warn_all`] does, its shard first.
    pub fn warn_all(ui: &Ui, problems: &[FleetProblem]) {
        for p in problems {
            warn_problem(ui, &p.shard, &p.problem);
        }
    }

    /// A key that can't be read on a shard read fails the run, as on one Redis.
    pub fn exit(problems: &[FleetProblem]) -> Exit {
        if problems.is_empty() {
            Exit::Ok
        } else {
            Exit::Failure
        }
    }
}

/// A key shard `shard` could not read, on stderr as [`Problem::warn_all`] says it, the shard
/// first.
pub fn warn_problem(ui: &Ui, shard: &str, problem: &Problem) {
    ui.warn_line(&format!(
        "{} shard {shard}: {}: {}",
        ui.styles.warn("warning:"),
        problem.key.shown(),
        crate::text::visible(&problem.error)
    ));
}

/// A shard that could not be read, named on stderr with why.
pub fn warn_unread(ui: &Ui, shard: &str, error: &str) {
    ui.warn_line(&format!(
        "{} shard {shard} could not be read: {error}",
        ui.styles.bad("error:")
    ));
}
