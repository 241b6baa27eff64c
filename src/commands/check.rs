//! `cogctl check`: thresholds for CI and monitoring.

use std::io::{self, Write};
use std::time::Duration;

use clap::Args;
use serde::Serialize;
use serde_json::Value;

use super::Ctx;
use crate::duration::span;
use crate::ops::Problem;
use crate::ops::orphans::read_lists;
use crate::ops::queues::{latency, read_queues};
use crate::render::Report;
use crate::render::table::{self, Tone};
use crate::store::{KeyType, Name, Store, StoreResult, keys, value};
use crate::term::exit::{Exit, UsageError};
use crate::term::ui::Ui;
use crate::term::values::{name_parser, parse_duration};
use crate::text::size;

/// Check the queues against thresholds; exit 1 when any check fails, 0 when all hold
///
/// Give at least one threshold. Each check fails when its value is above its --max-…
/// threshold or below its --min-… one, or when its keys can't be read (a key of the wrong
/// type). A database holding no cogworker key at all (a wrong URL or db) fails every run.
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "Fail (exit 1) when too much is dead or retrying, or a queue waits too long",
        "cogctl check --max-dead 100 --max-retry 1000 --max-latency 5m",
    ),
    (
        "Only the critical queue's latency",
        "cogctl check --max-latency 30s --queue critical",
    ),
    (
        "No jobs stuck with dead owners, no unfiled failures",
        "cogctl check --max-orphans 0 --max-unsettled 0",
    ),
    (
        "Somebody is working: at least 2 fetching processes, 30 jobs a minute",
        "cogctl check --min-processes 2 --min-throughput 30/m",
    ),
]))]
pub struct CheckArgs {
    /// Fail when the dead set holds more than N entries
    #[arg(long, value_name = "N")]
    pub max_dead: Option<u64>,

    /// Fail when the retry set holds more than N entries
    #[arg(long, value_name = "N")]
    pub max_retry: Option<u64>,

    /// Fail when a queue's oldest job has waited longer than DURATION
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub max_latency: Option<Duration>,

    /// Fail when more than N jobs sit on in-progress lists of presumed-dead processes or are
    /// parked as repeat orphans
    #[arg(long, value_name = "N")]
    pub max_orphans: Option<u64>,

    /// Fail when cogworker:unsettled holds more than N records
    #[arg(long, value_name = "N")]
    pub max_unsettled: Option<u64>,

    /// Fail when an enabled periodic entry's most recent due slot has gone unclaimed for
    /// longer than DURATION (every ticker is down, or an until_executed run lock blocks it)
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub max_periodic_delay: Option<Duration>,

    /// The zone for periodic crons that name none (default: $TZ, else the system's)
    #[arg(long, value_name = "ZONE")]
    pub tz: Option<String>,

    /// Limit the latency check to these queues (repeat for several; default: every queue)
    #[arg(long, value_name = "QUEUE", value_parser = name_parser())]
    pub queue: Vec<Name>,

    /// Fail when fewer than N live processes are working (present and not quiet): "nobody is
    /// working" caught before the queues back up
    #[arg(long, value_name = "N")]
    pub min_processes: Option<u64>,

    /// Fail when fewer than N jobs a minute were processed, over the previous full hour and
    /// the full minutes of this one (cogworker counts throughput per hour); N/m or N
    #[arg(long, value_name = "N/m", value_parser = parse_per_minute)]
    pub min_throughput: Option<f64>,

    /// Silence after which an owner without a presence key is presumed dead (for
    /// --max-orphans)
    #[arg(long, value_name = "DURATION", default_value = "300s", value_parser = parse_duration)]
    pub orphan_threshold: Duration,
}

#[derive(Debug, Serialize)]
pub struct CheckReport {
    /// Every check held.
    pub ok: bool,
    pub checks: Vec<Check>,
}

#[derive(Debug, Serialize)]
pub struct Check {
    /// `dead`, `retry`, `latency`, `orphans`, `unsettled`, `periodic`, `processes`,
    /// `throughput`, or `data` (the database holds no cogworker key: always failed).
    pub name: &'static str,
    /// The measured value (seconds for latency, jobs a minute for throughput); null when it
    /// could not be read.
    pub value: Option<Value>,
    /// The largest value that passes (seconds for latency); with `bound` "min", the smallest.
    pub threshold: Value,
    /// "max" or "min": which side of `threshold` passes.
    pub bound: &'static str,
    pub ok: bool,
    /// What made the value (the queue with the worst latency …).
    pub detail: Option<String>,
    /// Why the value could not be read; the check then fails.
    pub error: Option<String>,
}

/// A measured value and what made it, or why it could not be read.
type Measure = Result<(f64, Option<String>), String>;

/// A store error becomes the check's error, except a lost connection, which ends the run.
fn measured<T>(key: &str, result: StoreResult<T>) -> StoreResult<Result<T, String>> {
    match result {
        Ok(v) => Ok(Ok(v)),
        Err(e) if e.is_connection() => Err(e),
        Err(e) => Ok(Err(said(&[Problem::from_store(key, &e)]))),
    }
}

fn said(problems: &[Problem]) -> String {
    problems
        .iter()
        .map(|p| format!("{}: {}", p.key.shown(), p.error))
        .collect::<Vec<_>>()
        .join("; ")
}

fn cardinality(store: &mut Store, key: &str, kind: KeyType) -> StoreResult<Measure> {
    let cmd = match kind {
        KeyType::Zset => "ZCARD",
        _ => "LLEN",
    };
    let n = measured(key, store.query::<u64>(redis::cmd(cmd).arg(key), key, kind))?;
    Ok(n.map(|n| (n as f64, None)))
}

fn worst_latency(store: &mut Store, queues: &[Name], now: f64) -> StoreResult<Measure> {
    let rows = if queues.is_empty() {
        match measured(keys::QUEUES, read_queues(store, now))? {
            Ok((rows, problems)) => {
                if !problems.is_empty() {
                    return Ok(Err(said(&problems)));
                }
                rows.into_iter()
                    .filter(|r| r.size > 0)
                    .map(|r| (r.name, r.latency, r.paused == Some(true)))
                    .collect::<Vec<_>>()
            }
            Err(e) => return Ok(Err(e)),
        }
    } else {
        let mut pipe = redis::pipe();
        for q in queues {
            pipe.cmd("LINDEX").arg(keys::queue(q)).arg(-1);
            pipe.cmd("SISMEMBER")
                .arg(keys::PAUSED_QUEUES)
                .arg(q.as_bytes());
        }
        let replies = store.pipeline(&pipe)?;
        let mut rows = Vec::new();
        let mut errors = Vec::new();
        for (q, reply) in queues.iter().zip(replies.chunks(2)) {
            // Whether it is paused only colours what is said: an unreadable set says nothing.
            let paused = matches!(reply.get(1), Some(Ok(v)) if value::int(v) == Some(1));
            match &reply[0] {
                Ok(v) => {
                    if let Some(raw) = value::bytes(v) {
                        rows.push((q.clone(), latency(raw, now), paused));
                    }
                }
                Err(e) => errors.push(format!("{}: {e}", keys::queue(q).shown())),
            }
        }
        if !errors.is_empty() {
            return Ok(Err(errors.join("; ")));
        }
        rows
    };
    let worst = rows.into_iter().max_by(|a, b| a.1.total_cmp(&b.1));
    Ok(Ok(match worst {
        // A paused queue's jobs wait by design: say so, or its latency reads as stuck workers.
        Some((queue, secs, true)) => (
            secs,
            Some(format!(
                "oldest job waits on {}, which is paused",
                queue.shown()
            )),
        ),
        Some((queue, secs, false)) => {
            (secs, Some(format!("oldest job waits on {}", queue.shown())))
        }
        None => (0.0, Some("every queue is empty".into())),
    }))
}

/// `N/m`, `N/min` or `N`: jobs a minute.
fn parse_per_minute(text: &str) -> Result<f64, String> {
    let number = text
        .strip_suffix("/min")
        .or_else(|| text.strip_suffix("/m"))
        .unwrap_or(text)
        .trim();
    match number.parse::<f64>() {
        Ok(n) if n.is_finite() && n >= 0.0 => Ok(n),
        _ => Err(format!(
            "{text:?} is not a rate: give jobs a minute, as 30/m (or 30)"
        )),
    }
}

/// Live processes that fetch (present and not quiet).
fn working(store: &mut Store) -> StoreResult<Measure> {
    let live = crate::ops::readers::live_processes(store)?;
    let quiet = live.iter().filter(|p| p.quiet).count();
    let working = live.len() - quiet;
    Ok(Ok((
        working as f64,
        Some(format!(
            "{} live process{}, {quiet} quiet",
            live.len(),
            crate::text::plural(live.len(), "", "es")
        )),
    )))
}

/// Jobs processed a minute over the previous full hour and the full minutes of this one,
/// from the gem's per-hour throughput buckets (host clock, as the gem writes them).
fn throughput(store: &mut Store, now: f64) -> StoreResult<Measure> {
    let hour = (now.floor() as i64).div_euclid(3600);
    let minutes = ((now - hour as f64 * 3600.0) / 60.0).floor().max(0.0) as u64;
    let mut pipe = redis::pipe();
    for h in [hour - 1, hour] {
        pipe.cmd("HGET").arg(keys::throughput(h)).arg("processed");
    }
    let mut processed = 0u64;
    for (h, reply) in [hour - 1, hour].into_iter().zip(store.pipeline(&pipe)?) {
        match reply {
            Ok(v) => processed += value::int(&v).unwrap_or(0).max(0) as u64,
            Err(e) => {
                return Ok(Err(said(&[Problem::wrong(
                    keys::throughput(h),
                    KeyType::Hash,
                    &e,
                )])));
            }
        }
    }
    let window = 60 + minutes;
    let rate = (processed as f64 / window as f64 * 10.0).round() / 10.0;
    Ok(Ok((
        rate,
        Some(format!("{processed} processed in the last {window} min")),
    )))
}

fn orphans(store: &mut Store, ui: &Ui, threshold: f64) -> StoreResult<Measure> {
    let (views, problems) = match measured(
        keys::INPROGRESS_IDENTITIES,
        read_lists(store, ui, threshold, false),
    )? {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    if !problems.is_empty() {
        return Ok(Err(said(&problems)));
    }
    let dead: Vec<_> = views.iter().filter(|v| v.liveness.is_dead()).collect();
    let in_progress: u64 = dead.iter().map(|v| v.state.length).sum();
    let parked = match cardinality(store, keys::REPEAT_ORPHANS, KeyType::List)? {
        Ok((n, _)) => n as u64,
        Err(e) => return Ok(Err(e)),
    };
    Ok(Ok((
        (in_progress + parked) as f64,
        Some(format!(
            "{in_progress} on {} dead process list{}, {parked} parked",
            dead.len(),
            crate::text::plural(dead.len(), "", "s")
        )),
    )))
}

/// The thresholds make sense together: at least one, and `--queue` only with `--max-latency`
/// (checked before anything is read, on one Redis or a fleet).
pub fn validate(args: &CheckArgs) -> anyhow::Result<()> {
    if args.max_dead.is_none()
        && args.max_retry.is_none()
        && args.max_latency.is_none()
        && args.max_orphans.is_none()
        && args.max_unsettled.is_none()
        && args.max_periodic_delay.is_none()
        && args.min_processes.is_none()
        && args.min_throughput.is_none()
    {
        return Err(UsageError(
            "check needs at least one threshold: --max-dead, --max-retry, --max-latency, \
             --max-orphans, --max-unsettled, --max-periodic-delay, --min-processes or \
             --min-throughput"
                .into(),
        )
        .into());
    }
    if !args.queue.is_empty() && args.max_latency.is_none() {
        return Err(
            UsageError("--queue limits --max-latency; give --max-latency too".into()).into(),
        );
    }
    Ok(())
}

pub fn run(ctx: &mut Ctx, args: &CheckArgs) -> anyhow::Result<CheckReport> {
    validate(args)?;
    let ui = ctx.ui.clone();
    let store = ctx.store()?;
    let mut checks = Vec::new();
    // A database without a single cogworker key passes every maximum: a wrong URL or db.
    if !crate::store::footprint::has_cogworker_keys(store)? {
        checks.push(Check {
            name: "data",
            value: None,
            threshold: Value::Null,
            bound: "min",
            ok: false,
            detail: None,
            error: Some(format!(
                "no cogworker key at all on {}: a wrong URL or db?",
                store.target()
            )),
        });
    }
    let mut add = |name: &'static str, measure: Measure, threshold: f64, count: bool| {
        let min = matches!(name, "processes" | "throughput");
        let number = |v: f64| {
            if count {
                Value::from(v as u64)
            } else {
                Value::from(v)
            }
        };
        let (value, detail, error, ok) = match measure {
            Ok((v, detail)) => (
                Some(number(v)),
                detail,
                None,
                if min { v >= threshold } else { v <= threshold },
            ),
            Err(e) => (None, None, Some(e), false),
        };
        checks.push(Check {
            name,
            value,
            threshold: number(threshold),
            bound: if min { "min" } else { "max" },
            ok,
            detail,
            error,
        });
    };
    if let Some(max) = args.max_dead {
        add(
            "dead",
            cardinality(store, keys::DEAD, KeyType::Zset)?,
            max as f64,
            true,
        );
    }
    if let Some(max) = args.max_retry {
        add(
            "retry",
            cardinality(store, keys::RETRY, KeyType::Zset)?,
            max as f64,
            true,
        );
    }
    if let Some(max) = args.max_latency {
        add(
            "latency",
            worst_latency(store, &args.queue, ui.clock.now)?,
            max.as_secs_f64(),
            false,
        );
    }
    if let Some(max) = args.max_orphans {
        let threshold = args.orphan_threshold.as_secs_f64();
        add("orphans", orphans(store, &ui, threshold)?, max as f64, true);
    }
    if let Some(max) = args.max_unsettled {
        add(
            "unsettled",
            cardinality(store, keys::UNSETTLED, KeyType::List)?,
            max as f64,
            true,
        );
    }
    if let Some(max) = args.max_periodic_delay {
        let local = args.tz.clone().unwrap_or_else(crate::cron::local_zone);
        add(
            "periodic",
            crate::ops::periodic::worst_delay(store, ui.clock.now, &local)?,
            max.as_secs_f64(),
            false,
        );
    }
    if let Some(min) = args.min_processes {
        add("processes", working(store)?, min as f64, true);
    }
    if let Some(min) = args.min_throughput {
        add("throughput", throughput(store, ui.clock.now)?, min, false);
    }
    Ok(CheckReport {
        ok: checks.iter().all(|c| c.ok),
        checks,
    })
}

fn shown(name: &str, v: &Value) -> String {
    match (name, v.as_f64()) {
        ("latency" | "periodic", Some(secs)) => span(secs),
        ("throughput", Some(rate)) => format!("{rate}/m"),
        (_, Some(n)) => size::count(n as u64),
        _ => v.to_string(),
    }
}

impl Report for CheckReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        out.write_all(check_table(ui, false, self.checks.iter().map(|c| (None, c))).as_bytes())
    }

    fn exit(&self) -> Exit {
        if self.ok { Exit::Ok } else { Exit::Failure }
    }
}

/// The checks' table; across a fleet, each check's shard after its name.
fn check_table<'a>(
    ui: &Ui,
    fleet: bool,
    checks: impl Iterator<Item = (Option<&'a str>, &'a Check)>,
) -> String {
    let header: &[&str] = if fleet {
        &["CHECK", "SHARD", "VALUE", "LIMIT", "RESULT", ""]
    } else {
        &["CHECK", "VALUE", "LIMIT", "RESULT", ""]
    };
    let mut t = table::new(ui, header);
    for (shard, c) in checks {
        let value = c.value.as_ref().map_or("?".into(), |v| shown(c.name, v));
        let (result, tone) = if c.ok {
            ("ok", Tone::Good)
        } else {
            ("FAIL", Tone::Bad)
        };
        let note = match (&c.error, &c.detail) {
            (Some(e), _) => table::cell(ui, e, Tone::Bad),
            (None, Some(d)) => table::cell(ui, d, Tone::Dim),
            (None, None) => table::cell(ui, "", Tone::Plain),
        };
        let mut row = vec![table::cell(ui, c.name, Tone::Strong)];
        if let Some(shard) = shard {
            row.push(table::cell(ui, shard, Tone::Accent));
        }
        row.extend([
            table::cell(ui, value, Tone::Plain),
            table::cell(
                ui,
                if c.threshold.is_null() {
                    "-".to_string()
                } else {
                    format!("{} {}", c.bound, shown(c.name, &c.threshold))
                },
                Tone::Dim,
            ),
            table::cell(ui, result, tone),
            note,
        ]);
        t.add_row(row);
    }
    if fleet {
        table::finish(&mut t, &[2, 3])
    } else {
        table::finish(&mut t, &[1, 2])
    }
}

/// `check` across a fleet: every shard checked against the same thresholds; it fails when a
/// check fails on any shard, naming the shard.
#[derive(Debug, Serialize)]
pub struct FleetCheckReport {
    pub fleet: String,
    /// Every check held on every shard read.
    pub ok: bool,
    /// Each shard's checks, in the fleet's order, each naming its shard.
    pub checks: Vec<FleetCheck>,
    /// Every shard: whether its checks held, or `{"error": …}`.
    #[serde(serialize_with = "shard_results")]
    pub shards: Vec<crate::ops::fleet::Shard<CheckReport>>,
    pub unreadable: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct FleetCheck {
    pub shard: String,
    #[serde(flatten)]
    pub check: Check,
}

fn shard_results<S: serde::Serializer>(
    shards: &[crate::ops::fleet::Shard<CheckReport>],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    crate::ops::fleet::serialize_shards(
        shards,
        serializer,
        |report| serde_json::json!({ "ok": report.ok }),
    )
}

impl FleetCheckReport {
    pub fn new(
        fleet: String,
        mut shards: Vec<crate::ops::fleet::Shard<CheckReport>>,
    ) -> FleetCheckReport {
        let mut checks = Vec::new();
        for (name, read) in shards.iter_mut() {
            if let Ok(report) = read {
                checks.extend(report.checks.drain(..).map(|check| FleetCheck {
                    shard: name.clone(),
                    check,
                }));
            }
        }
        let unreadable: Vec<String> = crate::ops::fleet::unreadable(&shards);
        FleetCheckReport {
            fleet,
            ok: checks.iter().all(|c| c.check.ok) && unreadable.is_empty(),
            checks,
            shards,
            unreadable,
        }
    }
}

impl Report for FleetCheckReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        crate::render::fleet::heading(out, ui, &self.fleet, &self.shards, "checked")?;
        let rows = self
            .checks
            .iter()
            .map(|c| (Some(c.shard.as_str()), &c.check));
        out.write_all(check_table(ui, true, rows).as_bytes())
    }

    /// A check that failed on a shard read: 1, as on one Redis; else a shard not read: 7
    /// (none read: 3).
    fn exit(&self) -> Exit {
        if self.checks.iter().any(|c| !c.check.ok) {
            return Exit::Failure;
        }
        crate::ops::fleet::exit(&self.shards, |_| Exit::Ok)
    }
}
