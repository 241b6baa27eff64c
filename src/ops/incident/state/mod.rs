//! The rest of the deployment as `incident` reads it — queues, processes and their memory,
//! in-progress lists, throughput, periodic entries, the Redis server — with the readers the
//! other views use, and the rules that turn it into findings (docs/incident.md).

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::failures::{Failures, Pattern, QUIET, Series, Surge, Window};
use super::{Event, FOLLOWS_WITHIN, Finding, Kind, Onset, Options, Severity, event};
use crate::clock::Zone;
use crate::duration::{Timed, minutes, span};
use crate::ops::Problem;
use crate::ops::doctor;
use crate::ops::doctor::server;
use crate::ops::orphans::{ListView, read_lists};
use crate::ops::periodic::{EntryDelay, entry_delays};
use crate::ops::procs::{Process, State, read_processes, slope_mb_per_hour};
use crate::ops::queues::{QueueRow, read_queues};
use crate::store::job::Job;
use crate::store::liveness::Liveness;
use crate::store::{KeyType, Name, Store, StoreResult, keys, value};
use crate::term::ui::Ui;
use crate::text::size::count;

mod backlog;
mod causes;
mod deaths;
mod held;
mod memory;
mod next;
mod no_data;
mod paused;
mod periodic;
mod processes;
mod queues;
mod redis_server;
mod restart_wave;
mod steady;
mod surges;
mod throughput;
mod unread;

use backlog::*;
use deaths::*;
use held::*;
use memory::*;
use next::*;
use no_data::*;
use paused::*;
use periodic::*;
use processes::*;
use queues::*;
use redis_server::*;
use restart_wave::*;
use steady::*;
use throughput::*;
use unread::*;

pub use causes::{causes, held_by_failing, link};
pub use held::{Held, held};
pub use surges::{answer, failure_findings, needs};

/// The newest waiting jobs read per backlogged queue for its arrival rate.
const ARRIVALS_SAMPLE: usize = 100;
/// Processes starting this close together are one wave.
const WAVE_SECONDS: f64 = 600.0;
/// Memory growth that makes a finding, over at least [`GROWTH_SECONDS`].
const GROWTH_MB_PER_HOUR: f64 = 50.0;
const GROWTH_SECONDS: i64 = 3600;
/// Memory readings this soon after a process started are its warm-up, not growth.
const WARM_UP: f64 = 1800.0;
/// A dip smaller than this share of the reading doesn't end a rise.
const GROWTH_NOISE: f64 = 0.05;
/// Share of --memory-limit above which a process is a finding.
const LIMIT_SHARE: f64 = 0.8;
/// A periodic entry this late is a finding (a ticker claims a slot within seconds).
const PERIODIC_GRACE: f64 = 120.0;
/// The hourly throughput the earlier hours must average for a drop to mean something.
const MIN_HOURLY: f64 = 60.0;
/// Names listed in evidence at most.
const LISTED: usize = 20;
/// Process starts this close are one timeline line.
const STARTS_TOGETHER: f64 = 60.0;

/// What was read besides the failures.
pub struct Read {
    queues: Vec<QueueRow>,
    /// Newest-first enqueue times of the backlogged queues' newest jobs, by queue.
    arrivals: Vec<(Name, Vec<f64>)>,
    processes: Vec<Process>,
    lists: Vec<ListView>,
    repeat_orphans: u64,
    /// Hour index → processed, for the window's hours.
    hours: Vec<(i64, Option<u64>)>,
    periodic: Vec<EntryDelay>,
    redis: Vec<doctor::Finding>,
    /// Queues whose oldest waiting job was enqueued after `now` (this clock is behind the
    /// producer's, or theirs ahead), with that time: no latency, and no onset, can be told.
    ahead: Vec<(Name, f64)>,
    /// The Redis and db read, as shown to people (password hidden).
    pub target: String,
    /// When Redis last started (by its own clock), when INFO and TIME said.
    redis_started: Option<f64>,
    /// Changes cogctl made in the window (the audit trail's `end` entries), oldest first.
    changes: Vec<Change>,
    /// Jobs running now (read only when a queue is backlogged): identity, class, run_at.
    running: Vec<(Name, String, Option<f64>)>,
    /// Processes cogctl found dead and recovered in the window, as it saw them then.
    lost: Vec<LostRecord>,
}

/// A dead process as cogctl's recovery saw it (`cogctl:lost:<identity>`).
struct LostRecord {
    identity: Name,
    /// Its own last beat (Redis time), which the recovery deletes.
    last_beat: Option<f64>,
    recovered_at: f64,
    held: u64,
    /// The jobs it held (a few): jid, class, and whether each has finished since (its
    /// orphaning counter is deleted when the job gets to finish).
    jobs: Vec<(String, String, bool)>,
}

/// Lost processes read at most.
const LOST_READ: usize = 50;

/// The newest members of one of cogctl's indexes (a sorted set scored by time) from `since`
/// on, at most `limit`, each with `fields` of its record: an index of the wrong type reads as
/// empty (cogctl's own bookkeeping: the report stands without it).
fn records_since(
    store: &mut Store,
    index: &str,
    record: fn(&[u8]) -> Name,
    since: f64,
    limit: usize,
    fields: &[&str],
) -> StoreResult<Vec<(Vec<u8>, redis::Value)>> {
    let ids: Vec<Vec<u8>> = match store.query(
        redis::cmd("ZRANGE")
            .arg(index)
            .arg("+inf")
            .arg(format!("{since:?}"))
            .arg("BYSCORE")
            .arg("REV")
            .arg("LIMIT")
            .arg(0)
            .arg(limit),
        index,
        KeyType::Zset,
    ) {
        Ok(ids) => ids,
        Err(e) if e.is_connection() => return Err(e),
        Err(_) => return Ok(Vec::new()),
    };
    let mut pipe = redis::pipe();
    for id in &ids {
        pipe.cmd("HMGET").arg(record(id)).arg(fields);
    }
    Ok(ids
        .into_iter()
        .zip(store.pipeline(&pipe)?)
        .filter_map(|(id, reply)| Some((id, reply.ok()?)))
        .collect())
}

fn read_lost(store: &mut Store, since: f64) -> StoreResult<Vec<LostRecord>> {
    let records = records_since(
        store,
        keys::LOST_INDEX,
        |id| keys::lost(id),
        since,
        LOST_READ,
        &["last_beat", "recovered_at", "held", "jobs"],
    )?;
    let mut out = Vec::new();
    for (id, v) in records {
        let f = value::items(&v);
        let Some(recovered_at) = f.get(1).and_then(value::float) else {
            continue;
        };
        #[derive(serde::Deserialize)]
        struct Held {
            jid: Option<String>,
            class: Option<String>,
        }
        let jobs: Vec<Held> = f
            .get(3)
            .and_then(value::bytes)
            .and_then(|raw| serde_json::from_slice(raw).ok())
            .unwrap_or_default();
        out.push(LostRecord {
            identity: Name::from(id),
            last_beat: f
                .first()
                .and_then(value::string)
                .and_then(|t| crate::store::liveness::lua_tonumber(&t)),
            recovered_at,
            held: f.get(2).and_then(value::int).unwrap_or(0).max(0) as u64,
            jobs: jobs
                .into_iter()
                .filter_map(|h| Some((h.jid?, h.class.unwrap_or_else(|| "?".into()), false)))
                .collect(),
        });
    }
    // Whether each held job finished since: its orphaning counter is gone.
    let mut pipe = redis::pipe();
    for l in &out {
        for (jid, _, _) in &l.jobs {
            pipe.cmd("EXISTS").arg(keys::orphanings(jid));
        }
    }
    let mut replies = store.pipeline(&pipe)?.into_iter();
    for l in &mut out {
        for job in &mut l.jobs {
            job.2 = replies
                .next()
                .and_then(Result::ok)
                .and_then(|v| value::int(&v))
                == Some(0);
        }
    }
    Ok(out)
}

/// One change an operator made with cogctl, from the audit trail.
struct Change {
    at: f64,
    command: String,
    argv: String,
    user: String,
    /// A worker's: `began` (its `begin` entry) or how it ended (`exit N`).
    worker: Option<String>,
    /// The change's undo id, when it kept one.
    undo: String,
}

/// Audit entries read at most (newest first): the window's changes.
const CHANGES_READ: usize = 500;

fn read_changes(store: &mut Store, since: f64) -> Vec<Change> {
    // The audit trail is cogctl's own: unreadable, it only leaves the timeline without it.
    let Ok(entries) = crate::store::audit::page(store, None, CHANGES_READ) else {
        return Vec::new();
    };
    let mut changes: Vec<Change> = entries
        .iter()
        .filter(|e| {
            e.get("phase") == Some("end")
                || (e.get("phase") == Some("begin") && e.get("command") == Some("worker"))
        })
        .filter_map(|e| {
            let at = e
                .get("time")
                .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
                .map(|t| t.timestamp_millis() as f64 / 1000.0)
                .or_else(|| {
                    e.id.split('-')
                        .next()?
                        .parse::<f64>()
                        .ok()
                        .map(|ms| ms / 1000.0)
                })?;
            let command = e.get("command").unwrap_or("").to_string();
            let worker = (command == "worker").then(|| match e.get("phase") {
                Some("begin") => "began".to_string(),
                _ => format!("exit {}", e.get("exit").unwrap_or("?")),
            });
            (at >= since).then(|| Change {
                at,
                command,
                argv: e.get("argv").unwrap_or("").to_string(),
                user: e.get("user").unwrap_or("").to_string(),
                worker,
                undo: e.get("undo").unwrap_or("").to_string(),
            })
        })
        .collect();
    // Changes whose audit entries are gone (the trail trimmed, or written by another
    // cogctl) still have their undo records: each says what, when and who. Read only.
    for c in undo_changes(store, since) {
        let told = changes
            .iter()
            .any(|k| k.command == c.command && k.argv == c.argv && (k.at - c.at).abs() < 5.0);
        if !told {
            changes.push(c);
        }
    }
    changes.sort_by(|a, b| a.at.total_cmp(&b.at));
    changes
}

/// The window's changes as their undo records tell them (no index entry is dropped here:
/// `incident` writes nothing).
fn undo_changes(store: &mut Store, since: f64) -> Vec<Change> {
    let replies = records_since(
        store,
        keys::UNDO_INDEX,
        |id| keys::undo_record(&String::from_utf8_lossy(id)),
        since,
        CHANGES_READ,
        &["command", "argv", "user", "created"],
    )
    .unwrap_or_default();
    replies
        .into_iter()
        .filter_map(|(_, v)| {
            let f = value::items(&v);
            let text = |i: usize| f.get(i).and_then(value::string).unwrap_or_default();
            let at = f.get(3).and_then(value::float)?;
            let command = text(0);
            (at >= since && !command.is_empty() && command != "undo").then(|| Change {
                at,
                command,
                argv: text(1),
                user: text(2),
                worker: None,
                undo: String::new(),
            })
        })
        .collect()
}

/// The latest change whose command names `verb` and whose command line names `subject`.
fn change_of<'a>(r: &'a Read, verb: &str, subject: &str) -> Option<&'a Change> {
    r.changes
        .iter()
        .rev()
        .find(|c| c.command.contains(verb) && c.argv.split_whitespace().any(|w| w == subject))
}

/// Why no live process reads a queue, when the operator's own change tells it: its
/// readers quieted (they still beat, fetching nothing), or processes stopped, with cogctl in
/// the window. `(text, evidence)`: the text to add to the finding's summary.
fn unread_because(
    zone: &Zone,
    w: &Window,
    r: &Read,
    quiet_readers: usize,
) -> Option<(String, Value)> {
    let latest = |verb: &str| {
        r.changes
            .iter()
            .rev()
            .find(|c| c.command == format!("procs {verb}"))
    };
    let (text, change) = if quiet_readers > 0 {
        let readers = if quiet_readers == 1 {
            "its reader is quiet".to_string()
        } else {
            format!("its {quiet_readers} readers are quiet")
        };
        match latest("quiet") {
            Some(c) => (
                format!(
                    "{readers}: quieted by cogctl at {}, {}",
                    zone.hm(c.at, w.now),
                    c.user
                ),
                Some(c),
            ),
            None => (readers, None),
        }
    } else {
        let c = latest("stop")?;
        (
            format!(
                "processes stopped by cogctl at {}, {}",
                zone.hm(c.at, w.now),
                c.user
            ),
            Some(c),
        )
    };
    let evidence = json!({
        "quiet_readers": quiet_readers,
        "operator_change": change.map(|c| json!({
            "command": c.command, "argv": c.argv, "user": c.user, "at": c.at,
        })),
    });
    Some((text, evidence))
}

pub fn read(
    store: &mut Store,
    ui: &Ui,
    args: &Options,
    now: f64,
    problems: &mut Vec<Problem>,
) -> StoreResult<Read> {
    let (queues, mut p) = read_queues(store, now)?;
    problems.append(&mut p);
    // A queue holding jobs with no latency: its oldest job has no enqueue time, or one ahead
    // of this clock. One LINDEX each tells which.
    let still: Vec<&QueueRow> = queues
        .iter()
        .filter(|q| q.size > 0 && q.latency <= 0.0)
        .collect();
    let mut pipe = redis::pipe();
    for q in &still {
        pipe.cmd("LINDEX").arg(keys::queue(&q.name)).arg(-1);
    }
    let ahead = still
        .iter()
        .zip(store.pipeline(&pipe)?)
        .filter_map(|(q, reply)| {
            let reply = reply.ok()?;
            let job = Job::parse(value::bytes(&reply)?).ok()?;
            let t = job.enqueued_at().or_else(|| job.created_at())?;
            (t > now).then(|| (q.name.clone(), t))
        })
        .collect();
    let max_latency = args.max_latency.as_secs_f64();
    let backlogged: Vec<&QueueRow> = queues
        .iter()
        .filter(|q| q.size > 0 && q.latency > max_latency)
        .collect();
    let mut pipe = redis::pipe();
    for q in &backlogged {
        pipe.cmd("LRANGE")
            .arg(keys::queue(&q.name))
            .arg(0)
            .arg(ARRIVALS_SAMPLE - 1);
    }
    let replies = store.pipeline(&pipe)?;
    let arrivals_empty = backlogged.is_empty();
    let arrivals = backlogged
        .iter()
        .zip(replies)
        .map(|(q, reply)| {
            let times = reply
                .ok()
                .map(|v| {
                    value::items(&v)
                        .iter()
                        .filter_map(value::bytes)
                        .filter_map(|raw| {
                            let job = Job::parse(raw).ok()?;
                            job.enqueued_at().or_else(|| job.created_at())
                        })
                        .collect()
                })
                .unwrap_or_default();
            (q.name.clone(), times)
        })
        .collect();

    let running = if arrivals_empty {
        Vec::new()
    } else {
        let busy = crate::ops::busy::read_running(store, now, false)?;
        problems.extend(busy.problems);
        busy.jobs
            .into_iter()
            .map(|j| (j.identity, j.class.unwrap_or_else(|| "?".into()), j.run_at))
            .collect()
    };
    let (processes, mut p) = read_processes(store, now, true)?;
    problems.append(&mut p);
    let (lists, mut p) = read_lists(store, ui, args.orphan_threshold.as_secs_f64(), false)?;
    problems.append(&mut p);
    let repeat_orphans = match store.query::<u64>(
        redis::cmd("LLEN").arg(keys::REPEAT_ORPHANS),
        keys::REPEAT_ORPHANS,
        KeyType::List,
    ) {
        Ok(n) => n,
        Err(e) if e.is_connection() => return Err(e),
        Err(e) => {
            problems.push(Problem::from_store(keys::REPEAT_ORPHANS, &e));
            0
        }
    };

    let window_start = now - args.since.as_secs_f64();
    let first_hour = (window_start / 3600.0).floor() as i64;
    let this_hour = (now / 3600.0).floor() as i64;
    let mut pipe = redis::pipe();
    for hour in first_hour..=this_hour {
        pipe.cmd("HGET")
            .arg(keys::throughput(hour))
            .arg("processed");
    }
    let replies = store.pipeline(&pipe)?;
    let hours = (first_hour..=this_hour)
        .zip(replies)
        .map(|(hour, reply)| {
            let n = match reply {
                Ok(redis::Value::Nil) => Some(0),
                Ok(v) => value::int(&v).and_then(|n| u64::try_from(n).ok()),
                Err(e) => {
                    problems.push(Problem::wrong(keys::throughput(hour), KeyType::Hash, &e));
                    None
                }
            };
            (hour, n)
        })
        .collect();

    let zone = args.tz.clone().unwrap_or_else(crate::cron::local_zone);
    let periodic = match entry_delays(store, now, &zone)? {
        Ok(delays) => delays,
        Err(e) => {
            problems.push(Problem {
                key: keys::PERIODIC_SCHEDULE.into(),
                error: e,
            });
            Vec::new()
        }
    };

    let facts = server::read(store)?;
    let redis_started = facts.started_at();
    let redis = server::findings(&facts)
        .into_iter()
        .filter(|f| match f.id {
            "redis.eviction" | "redis.persistence" => f.severity == doctor::Severity::Fail,
            "redis.memory" => {
                f.severity != doctor::Severity::Ok && !f.title.contains("not checked")
            }
            _ => false,
        })
        .collect();

    Ok(Read {
        redis_started,
        queues,
        arrivals,
        processes,
        lists,
        repeat_orphans,
        hours,
        periodic,
        redis,
        ahead,
        target: String::new(),
        changes: read_changes(store, now - args.since.as_secs_f64()),
        running,
        lost: read_lost(store, now - args.since.as_secs_f64())?,
    })
}

/// Why no onset can be told when the oldest job was enqueued `by` seconds after now.
fn clock_behind(by: f64) -> String {
    format!(
        "the oldest waiting job was enqueued {} after this clock's now: this clock is behind \
         the producer's (or the producer's is ahead), so how long it has waited is unknown",
        crate::duration::span(by)
    )
}

fn q(text: &str) -> String {
    shell_words::quote(text).into_owned()
}

fn live(p: &Process) -> bool {
    matches!(p.state, State::Alive | State::Quiet)
}

fn host(p: &Process) -> String {
    p.hostname
        .clone()
        .unwrap_or_else(|| p.identity.shown().into_owned())
}

/// The oldest start of a process in the registry.
pub fn oldest_start(r: &Read) -> Option<f64> {
    r.processes
        .iter()
        .filter_map(|p| p.started_at)
        .filter(|t| t.is_finite() && *t > 0.0)
        .min_by(f64::total_cmp)
}

/// Who a pattern's finding is about: its (busiest) class, or, when no failure of it names one,
/// the pattern itself, so that no finding says only "jobs".
fn who_of(classes: &[(String, u64)], p: &Pattern) -> String {
    classes.first().map_or_else(
        || format!("jobs of pattern {}", p.fingerprint.id),
        |(c, _)| c.clone(),
    )
}

fn error_of(p: &Pattern) -> String {
    let fp = &p.fingerprint;
    if fp.error_class.is_empty() {
        fp.pattern.clone()
    } else {
        fp.error_class.clone()
    }
}

fn round(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

fn count_of(n: u64, one: &str) -> String {
    format!("{} {one}{}", count(n), if n == 1 { "" } else { "s" })
}

/// Every other kind, and the timeline's process starts.
pub fn findings(
    zone: &Zone,
    args: &Options,
    w: &Window,
    r: &Read,
    fails: &Failures,
) -> (Vec<Finding>, Vec<Event>) {
    let mut out = Vec::new();
    let mut events = Vec::new();
    let live: Vec<&Process> = r.processes.iter().filter(|p| live(p)).collect();
    queues(zone, args, w, r, &live, &mut out);
    restart_wave(zone, w, &live, fails.runs_begin, &mut out, &mut events);
    process_lost(zone, w, r, &mut out);
    memory(zone, args, w, &live, &mut out);
    throughput(zone, w, r, &mut out);
    periodic(zone, w, r, &mut out);
    redis(r, fails, &mut out);
    nothing_to_see(args, w, r, fails, &live, &mut out);
    for c in &r.changes {
        // A worker's entries say what happened to it, not only its command line (which reads
        // like a start at its end).
        let text = match c.worker.as_deref() {
            Some("began") => format!("worker started: {} ({})", c.argv, c.user),
            Some("exit 0") => format!("worker stopped: {} ({})", c.argv, c.user),
            Some(how) => format!("worker stopped ({how}): {} ({})", c.argv, c.user),
            None => format!("{} ({})", c.argv, c.user),
        };
        events.push(event(w, c.at, "operator_change", None, text));
    }
    (out, events)
}
