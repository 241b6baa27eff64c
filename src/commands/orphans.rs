//! `cogctl orphans`: every in-progress list and whether its owner is alive (read-only).

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::ops::Problem;
use crate::render::table::{self, Tone, cut, one_line};
use crate::render::time::{absolute, span, when};
use crate::render::{Report, size};
use crate::store::job::{Job, UNPARSEABLE_CLASS};
use crate::store::liveness::{self, ListState, Liveness};
use crate::store::{KeyType, Name, Store, StoreResult, keys, value};
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::term::values::parse_duration;

/// Jobs read from the head of a list to summarise its classes; longer lists say so.
pub const CLASS_SAMPLE: usize = 1000;

/// Parked repeat orphans listed by jid; the rest are counted.
const REPEAT_ORPHANS_SHOWN: usize = 20;

/// Every in-progress list, its jobs, and whether its owner is alive or presumed dead
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "Every in-progress list and whether its owner is alive",
        "cogctl orphans",
    ),
    (
        "Presume an owner dead after 2 minutes of silence instead of 5",
        "cogctl orphans --orphan-threshold 2m",
    ),
]))]
pub struct OrphansArgs {
    /// How long an owner without a presence key may stay silent (by its last_beat stamp)
    /// before it is presumed dead (the gem's orphan_threshold)
    #[arg(long, value_name = "DURATION", default_value = "300s", value_parser = parse_duration)]
    pub orphan_threshold: Duration,
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

#[derive(Debug, Serialize)]
pub struct OrphansReport {
    /// Seconds of silence after which an owner without a presence key is presumed dead.
    pub threshold: f64,
    pub lists: Vec<InProgressList>,
    /// Jobs parked on cogworker:repeat_orphans (orphaned too often), waiting to be buried.
    pub repeat_orphans: Option<u64>,
    /// The first parked jobs, head first.
    pub repeat_orphan_jobs: Vec<ParkedJob>,
    /// Records waiting in cogworker:unsettled.
    pub unsettled: Option<u64>,
    pub problems: Vec<Problem>,
}

#[derive(Debug, Serialize)]
pub struct InProgressList {
    pub identity: Name,
    /// `alive` (presence key exists), `silent` (no presence key, last beat within the
    /// threshold), `presumed_dead`, or `unknown` (no presence key, and cogworker:last_beat
    /// can't be read).
    pub state: Liveness,
    /// Seconds since the last beat, for an owner without a presence key.
    pub silent_for: Option<f64>,
    /// The last_beat stamp (Redis seconds) if it is numeric.
    pub last_beat: Option<serde_json::Value>,
    /// The stamp as stored when it is not numeric (it then counts as no stamp).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_beat_unreadable: Option<String>,
    pub jobs: u64,
    /// Jobs per class among the first `classes_sampled` of the list.
    pub classes: BTreeMap<String, u64>,
    pub classes_sampled: u64,
}

#[derive(Debug, Serialize)]
pub struct ParkedJob {
    pub jid: String,
    pub class: Option<String>,
    pub queue: Option<String>,
}

/// One list read for the orphans view: its owner's state and a class summary.
pub struct ListView {
    pub state: ListState,
    pub liveness: Liveness,
    pub silent_for: Option<f64>,
    pub classes: BTreeMap<String, u64>,
    pub sampled: u64,
}

/// Every in-progress list with its owner's liveness, judged at Redis' clock, or at the run's
/// clock when it was pinned. Lists that can't be read are problems; so is a
/// `cogworker:last_beat` that can't be read (once), whose lists are still shown.
pub fn read_lists(
    store: &mut Store,
    ui: &Ui,
    threshold: f64,
    classes: bool,
) -> StoreResult<(Vec<ListView>, Vec<Problem>)> {
    let candidates = liveness::candidates(store)?;
    read_lists_of(store, ui, threshold, classes, &candidates)
}

/// [`read_lists`] of the owners the caller found ([`liveness::candidates_among`]).
pub fn read_lists_of(
    store: &mut Store,
    ui: &Ui,
    threshold: f64,
    classes: bool,
    candidates: &liveness::Candidates,
) -> StoreResult<(Vec<ListView>, Vec<Problem>)> {
    let pinned = ui.clock.pinned.then_some(ui.clock.now);
    let mut problems = Vec::new();
    if let Some(e) = &candidates.registry_error {
        problems.push(Problem::from_store(keys::INPROGRESS_IDENTITIES, e));
    }
    let mut views = Vec::new();
    for identity in &candidates.identities {
        let state = match ListState::read(store, identity) {
            Ok(s) => s,
            Err(e) if e.is_connection() => return Err(e),
            Err(e) => {
                problems.push(Problem::from_store(keys::inprogress(identity), &e));
                continue;
            }
        };
        if state.last_beat_unreadable {
            beat_unreadable(store, &mut problems)?;
        }
        let verdict = state.judge(threshold, pinned);
        let (classes, sampled) = if classes && state.length > 0 {
            class_summary(store, identity)?
        } else {
            (BTreeMap::new(), 0)
        };
        views.push(ListView {
            liveness: verdict.liveness,
            silent_for: verdict.silent_for,
            state,
            classes,
            sampled,
        });
    }
    Ok((views, problems))
}

/// The problem of a `cogworker:last_beat` that can't be read, said once per view: owners
/// without a presence key can't be judged.
pub fn beat_unreadable(store: &mut Store, problems: &mut Vec<Problem>) -> StoreResult<()> {
    let problem = match store.expect_type(keys::LAST_BEAT, KeyType::Hash) {
        Err(e) if e.is_connection() => return Err(e),
        Err(e) => Problem::from_store(keys::LAST_BEAT, &e),
        Ok(()) => Problem {
            key: keys::LAST_BEAT.into(),
            error: "could not be read".into(),
        },
    };
    Problem::push_once(
        problems,
        Problem {
            error: format!(
                "{}; owners without a presence key are shown as unknown",
                problem.error
            ),
            ..problem
        },
    );
    Ok(())
}

fn class_summary(store: &mut Store, identity: &Name) -> StoreResult<(BTreeMap<String, u64>, u64)> {
    let key = keys::inprogress(identity);
    let page: Vec<Vec<u8>> = store.query(
        redis::cmd("LRANGE").arg(&key).arg(0).arg(CLASS_SAMPLE - 1),
        &key,
        KeyType::List,
    )?;
    let mut classes = BTreeMap::new();
    for raw in &page {
        let class = match Job::parse(raw) {
            Ok(job) => job
                .class
                .map_or_else(|| "(no class)".into(), |c| c.into_owned()),
            Err(_) => UNPARSEABLE_CLASS.to_string(),
        };
        *classes.entry(class).or_insert(0) += 1;
    }
    Ok((classes, page.len() as u64))
}

pub fn run(ctx: &mut Ctx, args: &OrphansArgs) -> anyhow::Result<OrphansReport> {
    let threshold = args.orphan_threshold.as_secs_f64();
    let ui = ctx.ui.clone();
    let store = ctx.store()?;
    let (views, mut problems) = read_lists(store, &ui, threshold, true)?;
    let lists = views
        .into_iter()
        .map(|v| {
            let stamp = v.state.stamp();
            InProgressList {
                last_beat_unreadable: v.state.last_beat.clone().filter(|_| stamp.is_none()),
                identity: v.state.identity,
                state: v.liveness,
                silent_for: v.silent_for.map(|s| (s * 1000.0).round() / 1000.0),
                last_beat: stamp.filter(|s| s.is_finite()).map(stamp_value),
                jobs: v.state.length,
                classes: v.classes,
                classes_sampled: v.sampled,
            }
        })
        .collect();

    let mut pipe = redis::pipe();
    pipe.cmd("LLEN").arg(keys::REPEAT_ORPHANS);
    pipe.cmd("LRANGE")
        .arg(keys::REPEAT_ORPHANS)
        .arg(0)
        .arg(REPEAT_ORPHANS_SHOWN - 1);
    pipe.cmd("LLEN").arg(keys::UNSETTLED);
    let replies = store.pipeline(&pipe)?;
    let mut count = |i: usize, key: &str| match &replies[i] {
        Ok(v) => Some(value::int(v).unwrap_or(0).max(0) as u64),
        Err(e) => {
            problems.push(Problem::wrong(key, KeyType::List, e));
            None
        }
    };
    let repeat_orphans = count(0, keys::REPEAT_ORPHANS);
    let unsettled = count(2, keys::UNSETTLED);
    let repeat_orphan_jobs = match &replies[1] {
        Ok(v) => value::items(v)
            .iter()
            .filter_map(value::bytes)
            .map(parked)
            .collect(),
        Err(_) => Vec::new(),
    };
    Ok(OrphansReport {
        threshold,
        lists,
        repeat_orphans,
        repeat_orphan_jobs,
        unsettled,
        problems,
    })
}

/// Whole seconds (what the gem writes) as an integer, anything else as it reads.
fn stamp_value(stamp: f64) -> serde_json::Value {
    if stamp.fract() == 0.0 && stamp.abs() < 9.0e15 {
        serde_json::Value::from(stamp as i64)
    } else {
        serde_json::Value::from(stamp)
    }
}

fn parked(raw: &[u8]) -> ParkedJob {
    match Job::parse(raw) {
        Ok(job) => ParkedJob {
            jid: job.jid.map_or_else(String::new, |j| j.into_owned()),
            class: job.class.map(|c| c.into_owned()),
            queue: job.queue.map(|q| q.into_owned()),
        },
        Err(bad) => ParkedJob {
            jid: bad.display_jid,
            class: Some(UNPARSEABLE_CLASS.into()),
            queue: None,
        },
    }
}

/// `SleepJob ×3, EchoJob` — most frequent first.
fn classes_text(list: &InProgressList) -> String {
    let mut classes: Vec<(&String, &u64)> = list.classes.iter().collect();
    classes.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let mut text = classes
        .iter()
        .map(|(c, n)| {
            if **n > 1 {
                format!("{} ×{n}", one_line(c))
            } else {
                one_line(c)
            }
        })
        .collect::<Vec<_>>()
        .join(", ");
    if list.classes_sampled < list.jobs {
        text.push_str(&format!(" (first {})", size::count(list.classes_sampled)));
    }
    text
}

impl Report for OrphansReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.lists.is_empty() {
            writeln!(out, "{}", s.dim("no in-progress lists"))?;
        } else {
            let mut t = table::new(ui, &["IDENTITY", "OWNER", "LAST BEAT", "JOBS", "CLASSES"]);
            for l in &self.lists {
                let (owner, tone) = match (l.state, l.silent_for) {
                    (Liveness::Alive, _) => ("alive".to_string(), Tone::Good),
                    (Liveness::Silent, Some(secs)) => {
                        (format!("silent for {}", span(secs)), Tone::Warn)
                    }
                    (Liveness::Silent, None) => ("silent".to_string(), Tone::Warn),
                    (Liveness::PresumedDead, _) => ("presumed dead".to_string(), Tone::Bad),
                    (Liveness::Unknown, _) => ("unknown".to_string(), Tone::Warn),
                };
                let stamp = l.last_beat.as_ref().and_then(serde_json::Value::as_f64);
                let beat = match (stamp, &l.last_beat_unreadable) {
                    (Some(stamp), _) if ui.utc => absolute(stamp),
                    (Some(stamp), _) => match l.silent_for {
                        Some(secs) if secs >= 0.0 => format!("{} ago", span(secs)),
                        _ => when(ui, stamp),
                    },
                    (None, Some(text)) => format!("unreadable: {}", cut(&one_line(text), 20)),
                    (None, None) if l.state == Liveness::Unknown => "?".to_string(),
                    (None, None) => "none".to_string(),
                };
                t.add_row(vec![
                    table::cell(ui, l.identity.shown(), Tone::Strong),
                    table::cell(ui, owner, tone),
                    table::cell(ui, beat, Tone::Dim),
                    table::cell(ui, size::count(l.jobs), Tone::Plain),
                    table::cell(ui, classes_text(l), Tone::Plain),
                ]);
            }
            out.write_all(table::finish(&mut t, &[3]).as_bytes())?;
        }
        writeln!(out)?;

        let dead: Vec<&InProgressList> = self.lists.iter().filter(|l| l.state.is_dead()).collect();
        let dead_jobs: u64 = dead.iter().map(|l| l.jobs).sum();
        let label = |t: &str| s.dim(&format!("{t:<16}"));
        let orphaned = format!(
            "{} on {} list{} of presumed-dead owners",
            jobs(dead_jobs),
            dead.len(),
            crate::text::plural(dead.len(), "", "s")
        );
        writeln!(
            out,
            "{}{}",
            label("Orphaned"),
            if dead_jobs > 0 {
                s.bad(&orphaned)
            } else {
                orphaned
            }
        )?;
        match self.repeat_orphans {
            Some(n) => {
                let text = format!("{} parked, to be buried in dead", jobs(n));
                writeln!(
                    out,
                    "{}{}",
                    label("Repeat orphans"),
                    if n > 0 { s.warn(&text) } else { text }
                )?;
                for job in &self.repeat_orphan_jobs {
                    writeln!(
                        out,
                        "{}{}  {}  {}",
                        label(""),
                        s.accent(&one_line(&job.jid)),
                        one_line(job.class.as_deref().unwrap_or("-")),
                        s.dim(&one_line(job.queue.as_deref().unwrap_or("-")))
                    )?;
                }
                let rest = n.saturating_sub(self.repeat_orphan_jobs.len() as u64);
                if rest > 0 {
                    writeln!(out, "{}{}", label(""), s.dim(&format!("… {rest} more")))?;
                }
            }
            None => writeln!(out, "{}?", label("Repeat orphans"))?,
        }
        match self.unsettled {
            Some(n) => {
                let text = format!(
                    "{} record{}",
                    size::count(n),
                    crate::text::plural(n, "", "s")
                );
                let hint = if n > 0 {
                    s.dim("  (cogctl unsettled list)")
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    "{}{}{hint}",
                    label("Unsettled"),
                    if n > 0 { s.warn(&text) } else { text }
                )?;
            }
            None => writeln!(out, "{}?", label("Unsettled"))?,
        }
        writeln!(
            out,
            "{}{}",
            label("Threshold"),
            s.dim(&format!("{} of silence", span(self.threshold)))
        )?;
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}

fn jobs(n: u64) -> String {
    format!("{} job{}", size::count(n), crate::text::plural(n, "", "s"))
}
