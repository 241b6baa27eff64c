//! The rest of the deployment as `incident` reads it — queues, processes and their memory,
//! in-progress lists, throughput, periodic entries, the Redis server — with the readers the
//! other views use, and the rules that turn it into findings (docs/incident.md).

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::failures::{Failures, Pattern, QUIET, Series, Surge, Window};
use super::{Event, Finding, Kind, Onset, Options, Severity, event};
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

/// Which series surged, and how: failures counted once (or, when a pattern is seen only
/// among the retry set's survivors, those, if the fleet's hourly failures rose too), else
/// deaths.
fn surge_of<'a>(w: &Window, fails: &Failures, p: &'a Pattern) -> Option<(Surge, &'a Series, Kind)> {
    // A pattern new in the window needs a few jobs: one job failing on every retry is not
    // an incident.
    let enough = |s: &Surge| !s.new || p.jobs_in_window >= super::failures::MIN_FAILURES;
    let begin = p.begin.map(|b| b.0);
    if p.failures.first.is_some() {
        if let Some(s) = p.failures.surge(w, begin).filter(enough) {
            return Some((s, &p.failures, Kind::FailureSurge));
        }
    } else if let Some(s) = p
        .survivors
        .surge(w, begin)
        .filter(enough)
        .filter(|_| fails.failed_rising(w))
    {
        return Some((s, &p.survivors, Kind::FailureSurge));
    }
    p.deaths
        .surge(w, begin)
        .filter(enough)
        // Deaths in a burst, however young the fleet: where jobs stop being retried.
        .or_else(|| p.deaths.burst(w, DEATH_BURST, DEATH_BURST_SECONDS))
        .map(|s| (s, &p.deaths, Kind::Deaths))
}

/// A class whose jobs die this many times within [`DEATH_BURST_SECONDS`], well above its
/// usual rate, is a finding whatever the fleet's age.
const DEATH_BURST: u64 = 10;
const DEATH_BURST_SECONDS: f64 = 300.0;

/// A queue holding jobs no process takes: paused (with the operator's pause, when the trail
/// tells it), or with no live reader.
pub struct Held {
    pub queue: String,
    pub size: u64,
    /// `Some`: paused, and by whom and when if known; `None`: no live process reads it.
    pub paused: Option<Option<(f64, String)>>,
}

/// The held queues the findings name (`paused_backlog`, `unread_queue`).
pub fn held(findings: &[Finding]) -> Vec<Held> {
    let mut out = Vec::new();
    for f in findings {
        let e = f.evidence.read();
        match f.kind {
            Kind::PausedBacklog => {
                let Some(queue) = e["queue"].as_str() else {
                    continue;
                };
                out.push(Held {
                    queue: queue.to_string(),
                    size: e["size"].as_u64().unwrap_or(0),
                    paused: Some(e["paused_by"]["at"].as_f64().map(|at| {
                        let user = e["paused_by"]["user"].as_str().unwrap_or("?");
                        (at, user.to_string())
                    })),
                });
            }
            Kind::UnreadQueue => {
                let one = e["queue"].as_str().map(|q| (q, e["size"].as_u64()));
                let many = e["queues"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|q| q["queue"].as_str().map(|name| (name, q["size"].as_u64())));
                for (queue, size) in one.into_iter().chain(many) {
                    out.push(Held {
                        queue: queue.to_string(),
                        size: size.unwrap_or(0),
                        paused: None,
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// Failures still finishing this long after a pause were running when it came; a pattern that
/// last failed this long before a pause was failing when it came.
const IN_FLIGHT: f64 = 60.0;

/// Whether a pause at `paused_at` holds a pattern whose last failure was at `last`: its
/// episode was going on when the queue was paused (failing up to a minute before it, its
/// running jobs finishing up to a minute after), so that it stopped because of the pause.
pub fn held_at_pause(last: f64, paused_at: f64) -> bool {
    last >= paused_at - IN_FLIGHT && last <= paused_at + IN_FLIGHT
}

/// Whether a pattern fails steadily from the moment the records begin (a young fleet, a
/// flushed Redis): not new, not rising, told as a note.
fn steady_series<'a>(w: &Window, p: &'a Pattern) -> Option<&'a Series> {
    let series = if p.failures.first.is_some() {
        &p.failures
    } else {
        &p.survivors
    };
    let first = series.first?;
    (first >= w.start
        && series.in_window >= super::failures::MIN_FAILURES
        && p.jobs_in_window >= super::failures::MIN_FAILURES
        && series.from_the_start(w, p.begin.map(|b| b.0)))
    .then_some(series)
}

/// What the story of each pattern needs counted in History, and where it goes.
pub enum Need {
    /// Runs of its classes that succeeded since its last failure.
    Since(usize),
    /// Runs of its classes that succeeded since its first failure (its rate).
    Runs(usize),
    /// Runs of its classes that succeeded in a stretch its episodes may split at.
    Split(usize, (f64, f64)),
}

/// The counts `failure_findings` needs, as asks for `failures::class_successes`.
pub fn needs(w: &Window, fails: &Failures) -> (Vec<Need>, Vec<super::failures::Ask>) {
    use super::failures::Ask;
    let mut needs = Vec::new();
    let mut asks = Vec::new();
    for (i, p) in fails.patterns.iter().enumerate() {
        let classes = p.class_names();
        if let Some((surge, series, _)) = surge_of(w, fails, p) {
            if let Some(last) = p.last_failure() {
                needs.push(Need::Since(i));
                asks.push(Ask {
                    classes: classes.clone(),
                    after: last,
                    before: f64::INFINITY,
                });
            }
            let busiest = series.peak_per_minute(w).max(1e-9);
            let min_gap = super::failures::EPISODE_GAP.max(20.0 * 60.0 / busiest);
            for gap in series.quiet_gaps(w, surge.onset, min_gap) {
                needs.push(Need::Split(i, gap));
                asks.push(Ask {
                    classes: classes.clone(),
                    after: gap.0,
                    before: gap.1,
                });
            }
        } else if let Some(series) = steady_series(w, p)
            && let Some(first) = series.first
        {
            needs.push(Need::Runs(i));
            asks.push(Ask {
                classes,
                after: first - 1e-3,
                before: f64::INFINITY,
            });
        }
    }
    (needs, asks)
}

/// Puts the counts (`None`: History is off) where `needs` said. Without History, a pattern's
/// successes since are throughput's (any class), and its episodes split at every long
/// stretch with no failure.
pub fn answer(fails: &mut Failures, needs: Vec<Need>, counts: Option<Vec<(u64, bool)>>) {
    for (k, need) in needs.into_iter().enumerate() {
        let n = counts.as_ref().map(|c| c[k].0);
        match need {
            Need::Since(i) => {
                fails.patterns[i].successes_since = match n {
                    Some(n) => Some((n, "history")),
                    None => fails.patterns[i]
                        .last_failure()
                        .map(|t| (super::failures::processed_since(fails, t), "throughput")),
                };
            }
            Need::Runs(i) => fails.patterns[i].class_runs = n,
            Need::Split(i, gap) => {
                let p = &mut fails.patterns[i];
                match n {
                    Some(0) => {}
                    Some(_) => {
                        p.splits.push(gap);
                        p.split_by = "class_succeeded";
                    }
                    None => p.splits.push(gap),
                }
            }
        }
    }
}

/// The oldest start of a process in the registry.
pub fn oldest_start(r: &Read) -> Option<f64> {
    r.processes
        .iter()
        .filter_map(|p| p.started_at)
        .filter(|t| t.is_finite() && *t > 0.0)
        .min_by(f64::total_cmp)
}

/// One finding per surging pattern, its failures and deaths together, ongoing (fail) or
/// over (warn), with the evidence of which; its episodes; what ran since (its class's
/// successes, or the held queue it waits on). A pattern failing steadily since the records
/// begin is a note.
pub fn failure_findings(zone: &Zone, w: &Window, fails: &Failures, held: &[Held]) -> Vec<Finding> {
    let mut out = Vec::new();
    for p in &fails.patterns {
        let Some((surge, series, kind)) = surge_of(w, fails, p) else {
            out.extend(steady_finding(zone, w, fails, p));
            continue;
        };
        let fp = &p.fingerprint;
        let classes = p.classes.sorted();
        let who = who_of(&classes, p);
        let error = error_of(p);
        let named = |v: Vec<(String, u64)>| -> Value {
            v.into_iter()
                .map(|(name, n)| json!({ "name": name, "count": n }))
                .collect()
        };
        let since = surge.onset;
        let failures = p.failures.in_window + p.survivors.in_window;
        let deaths = p.deaths.in_window;
        let last = p.last_failure().unwrap_or(since);
        let mut episodes = series.episodes(w, since, &p.splits);
        if episodes.is_empty() {
            episodes.push(super::failures::Episode {
                from: since,
                to: last,
                failures: series.since(w, since),
            });
        }
        let current = *episodes.last().unwrap_or(&episodes[0]);
        let gap = (last - current.from).max(0.0) / current.failures.max(1) as f64;
        let quiet = QUIET.max(10.0 * gap);
        let over = w.now - last > quiet;
        let now_per_minute =
            (p.failures.recent(w, 300.0) + p.survivors.recent(w, 300.0)) as f64 / 5.0;
        let peak = series.peak_per_minute(w);
        let counts = {
            let mut c = count_of(failures, "failure");
            if deaths > 0 {
                c.push_str(&format!(", {}", count_of(deaths, "death")));
            }
            c
        };
        let stretches = if episodes.len() > 1 {
            let spans: Vec<(f64, f64)> = episodes.iter().map(|e| (e.from, e.to)).collect();
            zone.hms_ranges(&spans, w.now)
        } else {
            zone.hm_range(since, last, w.now)
        };
        let queues = p.queues.sorted();
        let hold = held
            .iter()
            .find(|h| queues.iter().any(|(q, _)| *q == h.queue));
        // Held since it last failed: its queue paused while this episode was going on (its
        // last failure within a minute of the pause: the jobs running then), or unread, and
        // no failure for a while. A pause after an episode had ended holds nothing of it: that
        // episode stays ended, in its own tense.
        let stopped = hold.filter(|h| match &h.paused {
            Some(Some((at, _))) => held_at_pause(last, *at),
            _ => over,
        });
        // An ended episode's queue held since, for another reason: not this pattern's story.
        let hold = if over && stopped.is_none() {
            None
        } else {
            hold
        };
        let (severity, summary) = if let Some(h) = stopped {
            let waiting = format!("{} waiting", count(h.size));
            let why = match &h.paused {
                Some(Some((at, user))) => format!(
                    "{who} hasn't run since queue {} was paused at {} by {user}; {waiting}",
                    h.queue,
                    zone.hm(*at, w.now)
                ),
                Some(None) => {
                    format!(
                        "{who} hasn't run since: queue {} is paused, {waiting}",
                        h.queue
                    )
                }
                None => format!(
                    "{who} hasn't run since: queue {} has no live reader, {waiting}",
                    h.queue
                ),
            };
            (
                Severity::Fail,
                Timed::plain(format!(
                    "{who} failed {stretches} ({error}, {counts} in the window); {why}"
                )),
            )
        } else if over {
            let tense = match p.successes_since {
                Some((n, "history")) if n > 0 => format!(
                    ", none since; {} succeeded since",
                    count_of(n, &format!("{who} run"))
                ),
                Some((_, "history")) => format!("; no {who} has run since"),
                Some((0, _)) => ", no failure since; no job has been processed since".into(),
                Some((n, _)) => format!(
                    ", no failure since; {} of any class processed since",
                    count_of(n, "job")
                ),
                None => ", none since".into(),
            };
            (
                Severity::Warn,
                Timed::plain(format!(
                    "{who} failed {stretches} ({error}, {counts} in the window){tense}"
                )),
            )
        } else {
            let verb = if kind == Kind::Deaths {
                "dying"
            } else {
                "failing"
            };
            let mut said = if episodes.len() > 1 {
                Timed::plain(format!(
                    "{who} {verb} again since {} ({error}, {counts} in the window{}, in {} \
                     episodes: {stretches}; last ",
                    zone.hms(current.from, w.now),
                    if surge.new { ", new" } else { "" },
                    episodes.len(),
                ))
            } else {
                Timed::plain(format!(
                    "{who} {verb} since {} ({error}, {counts} in the window{}; last ",
                    zone.hm(since, w.now),
                    if surge.new { ", new" } else { "" },
                ))
            };
            said.push_time(w.now, last);
            said.push_str(")");
            if let Some(h) = hold {
                let when = match &h.paused {
                    Some(Some((at, user))) => format!(" at {} by {user}", zone.hm(*at, w.now)),
                    _ => String::new(),
                };
                let state = if h.paused.is_some() {
                    format!("is paused{when}")
                } else {
                    "has no live reader".into()
                };
                said.push_str(&format!(
                    "; queue {} {state}, {} waiting",
                    h.queue,
                    count(h.size)
                ));
            }
            (Severity::Fail, said)
        };
        let how = match (kind, surge.new) {
            (Kind::Deaths, true) => "first death of a pattern new in the window",
            (Kind::Deaths, false) => "first death of the surge",
            (_, true) => "first failure of a pattern new in the window",
            (_, false) => "first failure of the surge",
        };
        let id_kind = kind.name();
        out.push(Finding {
            id: format!("{id_kind}:{}", fp.id),
            kind,
            severity,
            started_at: Onset::at(since, how),
            summary: summary.text,
            times: summary.times,
            // The jobs waiting on the queue that holds it are at risk of it too.
            impact: failures.max(deaths) + hold.map_or(0, |h| h.size),
            evidence: json!({
                "fingerprint": fp.id,
                "error_class": (!fp.error_class.is_empty()).then_some(&fp.error_class),
                "pattern": fp.pattern,
                "new": surge.new,
                "in_window": failures,
                "deaths_in_window": deaths,
                "before_window": series.before,
                "last_15m": surge.recent,
                "earlier_in_window": surge.earlier,
                "rate_last_15m_per_hour": round(surge.recent_per_hour),
                "rate_earlier_per_hour": surge.earlier_per_hour.map(round),
                "rate_last_5m_per_minute": round(now_per_minute),
                "peak_5m_per_minute": round(peak),
                "ongoing": !over && stopped.is_none(),
                "last_failure": last,
                "quiet_after_seconds": round(quiet),
                "episodes": episodes,
                "episodes_split_by": (episodes.len() > 1).then_some(p.split_by),
                "successes_since": p.successes_since.map(|(n, _)| n),
                "successes_from": p.successes_since.map(|(_, from)| from),
                "held_queue": hold.map(|h| &h.queue),
                "paused_queue": hold.filter(|h| h.paused.is_some()).map(|h| &h.queue),
                "records_begin": p.begin.map(|b| json!({ "at": b.0, "from": b.1 })),
                "first_seen": series.first,
                "timeline_per_bucket": series.counts(w),
                "bucket_seconds": w.bucket,
                "estimated_from": if series.first.is_some() && std::ptr::eq(series, &p.survivors) {
                    "retry-set survivors, confirmed by throughput's hourly failures"
                } else if kind == Kind::Deaths {
                    "deaths"
                } else {
                    "failures counted once from attempts logs, the dead set and History"
                },
                "sources": {
                    "attempts_logs": p.logged,
                    "retry": p.retry,
                    "retry_unlogged": p.survivors.in_window + p.survivors.before,
                    "dead": p.dead,
                    "history": p.history,
                },
                "classes": named(classes.clone()),
                "queues": named(queues),
                "sample_message": p.sample,
            })
            .into(),
            follows: Vec::new(),
            commands: commands_of(
                p,
                deaths,
                match (stopped, over) {
                    (Some(h), _) => Stage::Held(&h.queue, h.paused.is_some()),
                    (None, true) => Stage::Over,
                    (None, false) => Stage::Ongoing,
                },
            ),
            cause: format!("{who} started failing ({error})"),
        });
    }
    out
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

/// Where a failure finding stands, for the next step it offers.
#[derive(Clone, Copy, PartialEq)]
enum Stage<'a> {
    /// Failing now: look at it.
    Ongoing,
    /// Held by a pause (or a queue nobody reads) since it failed: the queue, and whether
    /// paused.
    Held(&'a str, bool),
    /// Over: what is left in retry and dead may be retried, a few first.
    Over,
}

/// The commands a failure finding offers for where it stands, read-only ones and dry runs
/// first: held by a pause, resuming that queue; over with entries left, a canary retry's dry
/// run; ongoing, listing and triage. Always about its own pattern, never a bare overview.
fn commands_of(p: &Pattern, deaths: u64, stage: Stage<'_>) -> Vec<String> {
    let id = &p.fingerprint.id;
    let mut commands = Vec::new();
    if let Stage::Held(queue, paused) = stage {
        let queue = q(queue);
        commands.push(format!("cogctl queue show {queue}"));
        if paused {
            commands.push(format!("cogctl queue resume {queue}"));
        }
    }
    if stage == Stage::Over && p.dead > 0 {
        commands.push(format!(
            "cogctl dead retry --fingerprint {id} --canary 10 --dry-run"
        ));
    }
    if p.retry > 0 {
        commands.push(format!("cogctl retry list --fingerprint {id} --limit 20"));
    }
    if p.dead > 0 {
        commands.push(format!("cogctl dead list --fingerprint {id} --limit 20"));
    }
    if p.retry > 0 {
        commands.push(format!(
            "cogctl retry triage --fingerprint {id} --by class,queue"
        ));
    }
    if stage != Stage::Over && p.dead > 0 && deaths > 0 {
        commands.push(format!("cogctl dead retry --fingerprint {id} --dry-run"));
    }
    if commands.is_empty() {
        // Nothing left in retry or dead: its runs, where History keeps them.
        match p.class_names().first() {
            Some(class) => commands.push(format!(
                "cogctl history --class {} --fingerprint {id} --limit 20",
                q(class)
            )),
            None => commands.push(format!("cogctl history --fingerprint {id} --limit 20")),
        }
    }
    commands
}

/// A pattern failing from the moment the records begin, at a rate that hasn't risen: a
/// note with its rate against its class's runs (History) or the fleet's (throughput).
fn steady_finding(zone: &Zone, w: &Window, fails: &Failures, p: &Pattern) -> Option<Finding> {
    let series = steady_series(w, p)?;
    let (begin, dated_by) = p.begin?;
    let first = series.first?;
    let failures = p.failures.in_window + p.survivors.in_window;
    let classes = p.classes.sorted();
    let who = who_of(&classes, p);
    let error = error_of(p);
    let hours = |of: &[(i64, Option<u64>)]| -> u64 {
        of.iter()
            .filter(|(h, _)| (*h + 1) as f64 * 3600.0 > first)
            .filter_map(|(_, n)| *n)
            .sum()
    };
    let (share, against) = match p.class_runs {
        Some(ok) => (
            Some(failures as f64 / (failures + ok).max(1) as f64),
            "of its runs",
        ),
        None => {
            let runs = hours(&fails.processed_hours) + hours(&fails.failed_hours);
            (
                (runs > 0).then(|| failures as f64 / runs.max(failures) as f64),
                "of the fleet's runs",
            )
        }
    };
    let rate = match share {
        Some(share) => {
            let pct = share * 100.0;
            if pct < 1.0 {
                format!("{pct:.1} % {against}")
            } else {
                format!("{pct:.0} % {against}")
            }
        }
        None => {
            let per_hour = failures as f64 / ((w.now - first).max(60.0) / 3600.0);
            format!("{per_hour:.0} an hour")
        }
    };
    let origin = match dated_by {
        "process_start" => ", when this fleet started",
        "history" => ", History's oldest run",
        _ => "",
    };
    let last = p.last_failure().unwrap_or(first);
    let mut said = Timed::plain(format!(
        "{who} failing at a steady {rate} since the records begin at {}{origin} ({error}, {} in \
         the window; last ",
        zone.hm(begin, w.now),
        count_of(failures, "failure"),
    ));
    said.push_time(w.now, last);
    said.push_str(")");
    Some(Finding {
        id: format!("{}:{}", Kind::SteadyFailures.name(), p.fingerprint.id),
        kind: Kind::SteadyFailures,
        severity: Severity::Note,
        started_at: Onset::at(first, "first failure, at the start of the records"),
        summary: said.text,
        times: said.times,
        impact: failures,
        evidence: json!({
            "fingerprint": p.fingerprint.id,
            "error_class": (!p.fingerprint.error_class.is_empty()).then_some(&p.fingerprint.error_class),
            "pattern": p.fingerprint.pattern,
            "in_window": failures,
            "share": share.map(round),
            "share_of": if p.class_runs.is_some() { "class_runs" } else { "fleet_runs" },
            "class_successes": p.class_runs,
            "records_begin": { "at": begin, "from": dated_by },
            "first_failure": first,
            "last_failure": last,
            "classes": classes.iter().map(|(name, n)| json!({ "name": name, "count": n })).collect::<Vec<_>>(),
            "queues": p.queues.sorted().iter().map(|(name, n)| json!({ "name": name, "count": n })).collect::<Vec<_>>(),
            "sample_message": p.sample,
        }).into(),
        follows: Vec::new(),
        commands: commands_of(p, p.deaths.in_window, Stage::Ongoing),
        cause: format!("{who} failing steadily ({error})"),
    })
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

/// A failure that begins within this long after a restart wave or an operator's change that
/// put jobs back to run says so.
const CAUSE_WITHIN: f64 = 120.0;

/// The changes that put jobs to run: a failure beginning just after one may be its jobs.
const PUSHES: &[&str] = &[
    "dead retry",
    "retry retry",
    "scheduled enqueue-now",
    "enqueue",
    "queue resume",
    "periodic run-now",
    "procs resume",
    "undo",
];

/// What each failure began just after, said plainly in its summary and kept in its evidence
/// (`began_after`): a restart wave (a new fleet's too) or an operator's change that put jobs
/// to run (the command, who, its undo id), within [`CAUSE_WITHIN`] before its onset, the
/// nearest; and its class's earlier episode with another error (`earlier_episode`).
pub fn causes(zone: &Zone, w: &Window, r: &Read, findings: &mut [Finding]) {
    let waves: Vec<(f64, String)> = findings
        .iter()
        .filter(|f| f.kind == Kind::RestartWave)
        .filter_map(|f| {
            let e = f.evidence.read();
            Some((
                f.started_at.at?,
                format!(
                    "{} processes started together",
                    e["started"].as_u64().unwrap_or(0)
                ),
            ))
        })
        .collect();
    // Each failure pattern's (id, class, error, episodes), to name a class's earlier one.
    type Told = (String, String, String, Vec<(f64, f64)>);
    let patterns: Vec<Told> = findings
        .iter()
        .filter(|f| matches!(f.kind, Kind::FailureSurge | Kind::Deaths))
        .filter_map(|f| {
            let e = f.evidence.read();
            let class = e["classes"][0]["name"].as_str()?.to_string();
            let error = e["error_class"]
                .as_str()
                .or(e["pattern"].as_str())?
                .to_string();
            let episodes = e["episodes"]
                .as_array()?
                .iter()
                .filter_map(|ep| Some((ep["from"].as_f64()?, ep["to"].as_f64()?)))
                .collect();
            Some((f.id.clone(), class, error, episodes))
        })
        .collect();
    for f in findings.iter_mut().filter(|f| {
        matches!(
            f.kind,
            Kind::FailureSurge | Kind::Deaths | Kind::SteadyFailures
        )
    }) {
        let Some(at) = f.started_at.at else { continue };
        let within = |t: f64| t <= at + 1e-6 && at - t <= CAUSE_WITHIN;
        let mut before: Vec<(f64, String, Value)> = waves
            .iter()
            .filter(|(t, _)| within(*t))
            .map(|(t, text)| (*t, text.clone(), json!({ "kind": "restart_wave", "at": t })))
            .collect();
        for c in r
            .changes
            .iter()
            .filter(|c| within(c.at) && PUSHES.contains(&c.command.as_str()))
        {
            let undo = if c.undo.is_empty() {
                String::new()
            } else {
                format!(", undo {}", c.undo)
            };
            before.push((
                c.at,
                format!("`{}` by {}{undo}", c.argv, c.user),
                json!({ "kind": "operator_change", "at": c.at, "command": c.command,
                        "argv": c.argv, "user": c.user,
                        "undo": (!c.undo.is_empty()).then_some(&c.undo) }),
            ));
        }
        if let Some((t, text, evidence)) = before.into_iter().max_by(|a, b| a.0.total_cmp(&b.0)) {
            let gap = at - t;
            let after = if gap < 1.0 {
                "just after".to_string()
            } else {
                format!("{} after", crate::duration::minutes(gap))
            };
            f.summary.push_str(&format!("; it began {after} {text}"));
            f.evidence.set("began_after", evidence);
        }
        // The same class's last episode with another error, over before this began.
        let e = f.evidence.read();
        let Some(class) = e["classes"][0]["name"].as_str() else {
            continue;
        };
        let earlier = patterns
            .iter()
            .filter(|(id, c, _, _)| *id != f.id && c == class)
            .filter_map(|(_, _, error, episodes)| {
                episodes
                    .iter()
                    .filter(|(_, to)| *to < at)
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|ep| (error, *ep))
            })
            .max_by(|a, b| a.1.1.total_cmp(&b.1.1));
        if let Some((error, (from, to))) = earlier {
            f.summary.push_str(&format!(
                "; {class} failed {} with {error} before",
                zone.hm_range(from, to, w.now)
            ));
            f.evidence.set(
                "earlier_episode",
                json!({ "error": error, "from": from, "to": to }),
            );
        }
    }
}

/// Backlogs of queues whose readers are all busy have one cause, too few threads: one
/// `backlog` finding naming them all instead of one per queue.
fn merge_saturated(
    zone: &Zone,
    w: &Window,
    saturated: &[(&QueueRow, f64, u64, u64)],
    out: &mut Vec<Finding>,
) {
    if saturated.len() < 2 {
        return;
    }
    let ids: BTreeSet<String> = saturated
        .iter()
        .map(|s| format!("backlog:{}", s.0.name.shown()))
        .collect();
    let merged: Vec<Finding> = out
        .iter()
        .filter(|f| f.kind == Kind::Backlog && ids.contains(&f.id))
        .cloned()
        .collect();
    out.retain(|f| !(f.kind == Kind::Backlog && ids.contains(&f.id)));
    let since = saturated.iter().map(|s| s.1).fold(f64::INFINITY, f64::min);
    let waiting: u64 = saturated.iter().map(|s| s.0.size).sum();
    let oldest = saturated.iter().map(|s| s.0.latency).fold(0.0, f64::max);
    let names: Vec<String> = saturated
        .iter()
        .take(LISTED)
        .map(|s| s.0.name.shown().into_owned())
        .collect();
    let more = saturated.len().saturating_sub(LISTED);
    out.push(Finding {
        id: "backlog".into(),
        kind: Kind::Backlog,
        severity: Severity::Fail,
        started_at: Onset::at(since, "oldest waiting job of the queues"),
        summary: format!(
            "{} queues backing up since {}, every thread reading them busy: {}{} ({} waiting, the oldest for {})",
            saturated.len(),
            zone.hm(since, w.now),
            names.join(", "),
            if more > 0 { format!(" and {more} more") } else { String::new() },
            count(waiting),
            span(oldest)
        ),
        impact: waiting,
        evidence: json!({
            "queues": merged.iter().map(|f| f.evidence.clone()).collect::<Vec<_>>(),
            "waiting": waiting,
        }).into(),
        follows: Vec::new(),
        commands: vec!["cogctl busy".into(), "cogctl procs".into(), "cogctl queues".into()],
        times: Vec::new(),
        cause: format!("{} queues began backing up", saturated.len()),
    });
}

/// No live process and no recent beat, or no cogworker data at all: not a healthy
/// deployment but, most often, the wrong URL or db.
fn nothing_to_see(
    args: &Options,
    w: &Window,
    r: &Read,
    fails: &Failures,
    live: &[&Process],
    out: &mut Vec<Finding>,
) {
    let recent_beat = r
        .processes
        .iter()
        .filter_map(|p| p.beat_age)
        .any(|age| age <= args.orphan_threshold.as_secs_f64());
    if !live.is_empty() || recent_beat || out.iter().any(|f| f.kind == Kind::ProcessLost) {
        return;
    }
    let s = &fails.sources;
    let processed: u64 = r.hours.iter().filter_map(|(_, n)| *n).sum();
    let empty = r.queues.is_empty()
        && r.processes.is_empty()
        && s.retry
            + s.dead
            + s.history_failed
            + s.attempts_logs
            + s.dead_before_horizon
            + s.history_before_horizon
            == 0
        && processed == 0;
    let waiting: u64 = r.queues.iter().map(|q| q.size).sum();
    let summary = if empty {
        format!(
            "no cogworker data in {}: no queue, process, failure or throughput (the wrong URL or db?)",
            r.target
        )
    } else if r.processes.is_empty() {
        format!("no cogworker process has ever registered in {}", r.target)
    } else {
        format!(
            "no live cogworker process in {}: none has beaten in the last {}",
            r.target,
            span(args.orphan_threshold.as_secs_f64())
        )
    };
    out.push(Finding {
        id: "no_data".into(),
        kind: Kind::NoData,
        severity: Severity::Warn,
        started_at: Onset::unknown("nothing here dates it"),
        summary,
        impact: waiting,
        evidence: json!({
            "target": r.target,
            "empty": empty,
            "processes_registered": r.processes.len(),
            "queues": r.queues.len(),
            "waiting": waiting,
            "retry": s.retry,
            "dead": s.dead,
            "attempts_logs": s.attempts_logs,
            "processed_in_window": processed,
            "window_start": w.start,
        })
        .into(),
        follows: Vec::new(),
        commands: vec![
            "cogctl doctor".into(),
            "cogctl procs".into(),
            "cogctl stats".into(),
        ],
        times: Vec::new(),
        cause: "no process was working".into(),
    });
}

fn queues(
    zone: &Zone,
    args: &Options,
    w: &Window,
    r: &Read,
    live: &[&Process],
    out: &mut Vec<Finding>,
) {
    let max_latency = args.max_latency.as_secs_f64();
    let read: BTreeSet<&str> = live
        .iter()
        .filter(|p| p.state == State::Alive)
        .flat_map(|p| p.queues.iter().map(|q| q.name.as_str()))
        .collect();
    let processed_last_hour = r.hours.iter().rev().nth(1).and_then(|(_, n)| *n);
    let mut saturated: Vec<(&QueueRow, f64, u64, u64)> = Vec::new();
    let mut unread_all: Vec<(&QueueRow, Option<f64>)> = Vec::new();
    for row in &r.queues {
        if row.size == 0 {
            continue;
        }
        let name = row.name.shown().into_owned();
        let arg = q(&String::from_utf8_lossy(row.name.as_bytes()));
        let oldest = w.now - row.latency;
        let has_age = row.latency > 0.0;
        let ahead = r
            .ahead
            .iter()
            .find(|(n, _)| *n == row.name)
            .map(|(_, t)| *t);
        let onset = || {
            if has_age {
                Onset::at(oldest, "oldest waiting job's enqueue time")
            } else if let Some(t) = ahead {
                Onset::unknown(clock_behind(t - w.now))
            } else {
                Onset::unknown("the oldest waiting job has no enqueue time")
            }
        };
        let base = json!({
            "queue": row.name,
            "size": row.size,
            "latency_seconds": round(row.latency),
            "oldest_enqueued_at": has_age.then_some(oldest),
        });
        let readable = row.name.to_str().is_some_and(|n| read.contains(n));
        if row.paused == Some(true) {
            out.push(Finding {
                id: format!("paused_backlog:{name}"),
                kind: Kind::PausedBacklog,
                severity: if row.latency > max_latency {
                    Severity::Fail
                } else {
                    Severity::Warn
                },
                started_at: onset(),
                summary: {
                    let mut text = format!(
                        "queue {name} is paused with {} waiting, the oldest for {}",
                        count_of(row.size, "job"),
                        span(row.latency)
                    );
                    if let Some(c) = row.name.to_str().and_then(|n| change_of(r, "pause", n)) {
                        text.push_str(&format!(
                            " (paused by cogctl at {}, {})",
                            zone.hm(c.at, w.now),
                            c.user
                        ));
                    }
                    text
                },
                impact: row.size,
                evidence: {
                    let mut e = base;
                    if let Some(c) = row.name.to_str().and_then(|n| change_of(r, "pause", n)) {
                        e["paused_by"] = json!({ "at": c.at, "user": c.user });
                    }
                    e.into()
                },
                follows: Vec::new(),
                commands: vec![
                    format!("cogctl queue show {arg}"),
                    format!("cogctl queue resume {arg}"),
                ],
                times: Vec::new(),
                cause: format!("queue {name} was paused"),
            });
            continue;
        }
        if !readable && read.is_empty() {
            // No process fetches at all: one finding for every queue, not one per queue.
            unread_all.push((row, has_age.then_some(oldest)));
            continue;
        }
        if !readable {
            let mut evidence = base;
            evidence["live_processes"] = json!(live.len());
            let quiet_readers = live
                .iter()
                .filter(|p| p.state == State::Quiet)
                .filter(|p| {
                    row.name
                        .to_str()
                        .is_some_and(|n| p.queues.iter().any(|q| q.name == n))
                })
                .count();
            let mut summary = format!(
                "queue {name}: {} waiting that no live process reads, the oldest for {}",
                count_of(row.size, "job"),
                span(row.latency)
            );
            if let Some((why, more)) = unread_because(zone, w, r, quiet_readers) {
                summary.push_str(&format!(" ({why})"));
                evidence["explained_by"] = more;
            }
            out.push(Finding {
                id: format!("unread_queue:{name}"),
                kind: Kind::UnreadQueue,
                severity: Severity::Fail,
                started_at: onset(),
                summary,
                impact: row.size,
                evidence: evidence.into(),
                follows: Vec::new(),
                commands: vec![
                    format!("cogctl queue show {arg}"),
                    "cogctl procs".to_string(),
                ],
                times: Vec::new(),
                cause: format!("queue {name} went unread"),
            });
            continue;
        }
        if row.latency <= max_latency {
            continue;
        }
        let times = r
            .arrivals
            .iter()
            .find(|(n, _)| n == &row.name)
            .map(|(_, t)| t.as_slice())
            .unwrap_or_default();
        // FIFO: every job enqueued since the oldest one still waits, so the waiting jobs'
        // enqueue times are the arrivals since then; the newest ones give the recent rate.
        let overall = row.size as f64 / row.latency.max(1.0) * 3600.0;
        let recent = match (times.first(), times.last()) {
            (Some(_), Some(&oldest_read)) if times.len() > 1 && w.now > oldest_read => {
                Some(times.len() as f64 / (w.now - oldest_read) * 3600.0)
            }
            _ => None,
        };
        let readers: Vec<&&Process> = live
            .iter()
            .filter(|p| p.state == State::Alive)
            .filter(|p| {
                row.name
                    .to_str()
                    .is_some_and(|n| p.queues.iter().any(|q| q.name == n))
            })
            .collect();
        let threads: i64 = readers.iter().filter_map(|p| p.concurrency).sum();
        let busy: i64 = readers.iter().filter_map(|p| p.busy).sum();
        let mut evidence = base;
        evidence["arrivals_per_hour"] = json!(round(overall));
        evidence["arrivals_per_hour_recent"] = json!(recent.map(round));
        evidence["processed_last_hour_all_queues"] = json!(processed_last_hour);
        evidence["readers"] = json!(readers.len());
        evidence["threads"] = json!(threads);
        evidence["busy"] = json!(busy);
        if threads > 0 && busy >= threads {
            saturated.push((row, oldest, readers.len() as u64, threads as u64));
        }
        out.push(Finding {
            id: format!("backlog:{name}"),
            kind: Kind::Backlog,
            severity: Severity::Fail,
            started_at: onset(),
            summary: format!(
                "queue {name} backing up since {}: {} waiting, the oldest for {}, {}/h arriving",
                zone.hm(oldest, w.now),
                count(row.size),
                span(row.latency),
                count(recent.unwrap_or(overall).round() as u64)
            ),
            impact: row.size,
            evidence: evidence.into(),
            follows: Vec::new(),
            commands: vec![
                format!("cogctl queue show {arg}"),
                "cogctl busy".to_string(),
                format!("cogctl queue list {arg} --next-first --limit 20"),
            ],
            times: Vec::new(),
            cause: format!("queue {name} began backing up"),
        });
    }
    merge_saturated(zone, w, &saturated, out);
    if !unread_all.is_empty() {
        let waiting: u64 = unread_all.iter().map(|(q, _)| q.size).sum();
        let oldest = unread_all
            .iter()
            .filter_map(|(_, t)| *t)
            .fold(None, |m: Option<f64>, t| Some(m.map_or(t, |m| m.min(t))));
        let quiet = live.iter().filter(|p| p.state == State::Quiet).count();
        let (why, explained_by) = unread_because(zone, w, r, quiet).unzip();
        out.push(Finding {
            id: "unread_queue".into(),
            kind: Kind::UnreadQueue,
            severity: Severity::Fail,
            started_at: match oldest {
                Some(t) => Onset::at(t, "oldest waiting job of the unread queues"),
                None => match r
                    .ahead
                    .iter()
                    .find(|(n, _)| unread_all.iter().any(|(q, _)| q.name == *n))
                {
                    Some((_, t)) => Onset::unknown(clock_behind(t - w.now)),
                    None => Onset::unknown("the waiting jobs have no enqueue time"),
                },
            },
            summary: {
                let mut text = format!(
                    "no live process fetches: {} waiting on {}",
                    count_of(waiting, "job"),
                    count_of(unread_all.len() as u64, "queue")
                );
                if let Some(why) = why {
                    text.push_str(&format!(" ({why})"));
                }
                text
            },
            impact: waiting,
            evidence: json!({
                "queues": unread_all.iter().take(LISTED).map(|(q, t)| json!({
                    "queue": q.name, "size": q.size, "oldest_enqueued_at": t,
                })).collect::<Vec<_>>(),
                "unread_queues": unread_all.len(),
                "explained_by": explained_by,
                "waiting": waiting,
                "live_processes": live.len(),
            })
            .into(),
            follows: Vec::new(),
            commands: vec!["cogctl procs".into(), "cogctl queues".into()],
            times: Vec::new(),
            cause: "every queue went unread".into(),
        });
    }
    if !saturated.is_empty() {
        let since = saturated.iter().map(|s| s.1).fold(f64::INFINITY, f64::min);
        let waiting: u64 = saturated.iter().map(|s| s.0.size).sum();
        let names: Vec<String> = saturated
            .iter()
            .take(LISTED)
            .map(|s| s.0.name.shown().into_owned())
            .collect();
        // What the busy threads of those queues' readers run, and since when.
        let readers: BTreeSet<&Name> = live
            .iter()
            .filter(|p| {
                p.queues.iter().any(|q| {
                    saturated
                        .iter()
                        .any(|s| s.0.name.to_str() == Some(q.name.as_str()))
                })
            })
            .map(|p| &p.identity)
            .collect();
        let mut classes: std::collections::BTreeMap<&str, (u64, Option<f64>)> =
            std::collections::BTreeMap::new();
        for (identity, class, run_at) in &r.running {
            if readers.contains(identity) {
                let e = classes.entry(class.as_str()).or_insert((0, None));
                e.0 += 1;
                if let Some(t) = run_at {
                    e.1 = Some(e.1.map_or(*t, |m: f64| m.min(*t)));
                }
            }
        }
        let mut running: Vec<(&str, u64, Option<f64>)> =
            classes.into_iter().map(|(c, (n, t))| (c, n, t)).collect();
        running.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
        let mut summary = format!(
            "every thread reading {} is busy ({} waiting)",
            names.join(", "),
            count(waiting)
        );
        if !running.is_empty() {
            let shown: Vec<String> = running
                .iter()
                .take(3)
                .map(|(c, n, t)| match t {
                    Some(t) => format!("{c} ×{n} since {}", zone.hm(*t, w.now)),
                    None => format!("{c} ×{n}"),
                })
                .collect();
            summary.push_str(&format!(", running {}", shown.join(", ")));
        }
        out.push(Finding {
            id: "capacity".into(),
            kind: Kind::Capacity,
            severity: Severity::Warn,
            started_at: Onset::at(since, "oldest waiting job of the saturated queues"),
            summary,
            impact: waiting,
            evidence: json!({
                "queues": saturated.iter().map(|s| json!({
                    "queue": s.0.name, "size": s.0.size, "processes": s.2, "threads": s.3,
                })).collect::<Vec<_>>(),
                "running": running.iter().map(|(c, n, t)| json!({
                    "class": c, "threads": n, "since": t,
                })).collect::<Vec<_>>(),
            })
            .into(),
            follows: Vec::new(),
            commands: vec!["cogctl busy".into(), "cogctl procs".into()],
            times: Vec::new(),
            cause: "the workers ran out of threads".into(),
        });
    }
}

fn restart_wave(
    zone: &Zone,
    w: &Window,
    live: &[&Process],
    runs_begin: Option<f64>,
    out: &mut Vec<Finding>,
    events: &mut Vec<Event>,
) {
    let mut starts: Vec<(f64, &Process)> = live
        .iter()
        .filter_map(|p| p.started_at.map(|t| (t, *p)))
        .filter(|(t, _)| *t >= w.start && *t <= w.now)
        .collect();
    starts.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Timeline: starts close together are one line.
    let mut i = 0;
    while i < starts.len() {
        let mut j = i + 1;
        while j < starts.len() && starts[j].0 - starts[j - 1].0 <= STARTS_TOGETHER {
            j += 1;
        }
        let hosts: BTreeSet<String> = starts[i..j].iter().map(|(_, p)| host(p)).collect();
        let hosts: Vec<String> = hosts.into_iter().take(5).collect();
        let text = if j - i == 1 {
            format!("process {} started", starts[i].1.identity.shown())
        } else {
            format!("{} processes started ({})", j - i, hosts.join(", "))
        };
        events.push(event(w, starts[i].0, "process_start", None, text));
        i = j;
    }
    // The largest group of starts within WAVE_SECONDS of the first.
    let mut best: Option<(usize, usize)> = None;
    let mut lo = 0;
    for hi in 0..starts.len() {
        while starts[hi].0 - starts[lo].0 > WAVE_SECONDS {
            lo += 1;
        }
        if best.is_none_or(|(a, b)| hi + 1 - lo > b - a) {
            best = Some((lo, hi + 1));
        }
    }
    let Some((a, b)) = best else { return };
    let n = b - a;
    if n < 2 || n * 2 < live.len() {
        return;
    }
    let wave = &starts[a..b];
    let first = wave[0].0;
    let hosts: BTreeSet<String> = wave.iter().map(|(_, p)| host(p)).collect();
    // Nothing ran before them (no run, no failure on record earlier): the fleet's start,
    // a new fleet or an emptied Redis, not a restart.
    let fleet_start = runs_begin.is_none_or(|t| t >= first - STARTS_TOGETHER);
    out.push(Finding {
        id: "restart_wave".into(),
        kind: Kind::RestartWave,
        severity: if fleet_start {
            Severity::Note
        } else {
            Severity::Warn
        },
        started_at: Onset::at(first, "first process start of the wave"),
        summary: format!(
            "{n} of {} live processes started {} ({})",
            live.len(),
            if wave[n - 1].0 - first < 60.0 {
                format!("together at {}", zone.hm(first, w.now))
            } else {
                format!(
                    "within {} from {}",
                    minutes(wave[n - 1].0 - first),
                    zone.hm(first, w.now)
                )
            },
            if fleet_start {
                "a new fleet, or an emptied Redis: the records begin then"
            } else {
                "a deploy or a crash loop"
            },
        ),
        impact: 0,
        evidence: json!({
            "started": n,
            "live": live.len(),
            "first_start": first,
            "last_start": wave[n - 1].0,
            "fleet_start": fleet_start,
            "hosts": hosts.iter().take(LISTED).collect::<Vec<_>>(),
            "identities": wave.iter().take(LISTED).map(|(_, p)| &p.identity).collect::<Vec<_>>(),
        })
        .into(),
        follows: Vec::new(),
        commands: vec!["cogctl procs".into(), "cogctl orphans".into()],
        times: Vec::new(),
        cause: format!("{n} of {} processes restarted", live.len()),
    });
}

fn process_lost(zone: &Zone, w: &Window, r: &Read, out: &mut Vec<Finding>) {
    struct Lost<'a> {
        identity: Name,
        last_beat: Option<(f64, &'static str)>,
        /// Jobs its list still holds.
        jobs: u64,
        /// What cogctl's recovery saw of it, when it recovered it.
        recovered: Option<&'a LostRecord>,
        /// Alive last within this 15-minute slot (its memory history), when nothing better.
        slot: Option<f64>,
    }
    let mut lost: Vec<Lost> = Vec::new();
    for l in &r.lists {
        if l.state.length == 0 || !matches!(l.liveness, Liveness::PresumedDead | Liveness::Silent) {
            continue;
        }
        let beat = l
            .state
            .last_beat
            .as_deref()
            .and_then(crate::store::liveness::lua_tonumber)
            .map(|t| (t, "its last beat"));
        lost.push(Lost {
            identity: l.state.identity.clone(),
            last_beat: beat,
            jobs: l.state.length,
            recovered: None,
            slot: None,
        });
    }
    let record = |id: &Name| r.lost.iter().find(|l| l.identity == *id);
    for p in r.processes.iter().filter(|p| p.state == State::Gone) {
        if lost.iter().any(|l| l.identity == p.identity) {
            continue;
        }
        let recovered = record(&p.identity);
        // Its own beat: still in last_beat, or as cogctl's recovery kept it. Never a memory
        // slot: that only says it was alive some time in those 15 minutes.
        let beat = p
            .last_beat
            .map(|t| (t as f64, "its last beat"))
            .or_else(|| {
                recovered
                    .and_then(|l| l.last_beat)
                    .map(|t| (t, "its last beat, as cogctl's recovery kept it"))
            });
        let slot = p
            .memory
            .as_ref()
            .and_then(|m| m.current_slot)
            .map(|s| s as f64);
        // Gone long before the window (or at an unknown time) is old news, not this incident.
        let when = beat
            .map(|b| b.0)
            .or(slot.map(|s| s + 900.0))
            .or(recovered.map(|l| l.recovered_at));
        if when.is_some_and(|t| t >= w.start) {
            lost.push(Lost {
                identity: p.identity.clone(),
                last_beat: beat,
                jobs: 0,
                recovered,
                slot,
            });
        }
    }
    // Recovered by cogctl in the window, and since pruned from the registry.
    for l in &r.lost {
        if !lost.iter().any(|k| k.identity == l.identity) {
            lost.push(Lost {
                identity: l.identity.clone(),
                last_beat: l
                    .last_beat
                    .map(|t| (t, "its last beat, as cogctl's recovery kept it")),
                jobs: 0,
                recovered: Some(l),
                slot: None,
            });
        }
    }
    if lost.is_empty() && r.repeat_orphans == 0 {
        return;
    }
    let jobs: u64 = lost.iter().map(|l| l.jobs).sum::<u64>() + r.repeat_orphans;
    let first = lost
        .iter()
        .filter_map(|l| l.last_beat)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    let started_at = match first {
        Some((t, how)) => Onset::at(t, format!("earliest last beat: {how}")),
        None => match lost.iter().filter_map(|l| l.slot).min_by(f64::total_cmp) {
            Some(s) => Onset::unknown(format!(
                "no last beat left (another process recovered it); its memory history last \
                 sampled it in the 15-minute slot from {}",
                zone.hm(s, w.now)
            )),
            None => Onset::unknown("no last beat recorded"),
        },
    };
    let summary = if lost.is_empty() {
        format!(
            "{} parked on cogworker:repeat_orphans (orphaned too often)",
            count_of(r.repeat_orphans, "job")
        )
    } else {
        let mut s = format!(
            "{} gone without a clean stop{}",
            if lost.len() == 1 {
                format!("process {}", lost[0].identity.shown())
            } else {
                format!("{} processes", lost.len())
            },
            match (first, lost.iter().find_map(|l| l.slot)) {
                (Some((t, _)), _) => format!(" (last beat {})", zone.hms(t, w.now)),
                (None, Some(slot)) => format!(
                    " (last beat not kept; alive in the 15-minute slot from {})",
                    zone.hm(slot, w.now)
                ),
                (None, None) => String::new(),
            }
        );
        if jobs > 0 {
            s.push_str(&format!(", holding {}", count_of(jobs, "job")));
        }
        // What it held, and what became of it.
        let held: Vec<&(String, String, bool)> = lost
            .iter()
            .filter_map(|l| l.recovered)
            .flat_map(|l| &l.jobs)
            .collect();
        if let Some(rec) = lost.iter().find_map(|l| l.recovered) {
            let ran = held.iter().filter(|j| j.2).count();
            let named = match held.as_slice() {
                [(jid, class, _)] => format!("its job {class} {jid}"),
                _ => format!(
                    "its {}",
                    count_of(held.len().max(rec.held as usize) as u64, "job")
                ),
            };
            s.push_str(&format!(
                "; {named} {} requeued by cogctl at {}",
                if held.len() == 1 { "was" } else { "were" },
                zone.hms(rec.recovered_at, w.now)
            ));
            s.push_str(&match (held.len(), ran) {
                (0, _) => String::new(),
                (1, 1) => " and ran again".into(),
                (1, _) => ", not finished yet".into(),
                (n, r) if r == n => ", and all ran again".into(),
                (n, r) => format!(", {r} of {n} ran again"),
            });
        }
        s
    };
    out.push(Finding {
        id: "process_lost".into(),
        kind: Kind::ProcessLost,
        severity: if jobs > 0 {
            Severity::Fail
        } else {
            Severity::Warn
        },
        started_at,
        summary,
        impact: jobs,
        evidence: json!({
            "processes": lost.iter().take(LISTED).map(|l| json!({
                "identity": l.identity,
                "last_beat": l.last_beat.map(|b| b.0),
                "last_beat_from": l.last_beat.map(|b| b.1),
                "memory_slot": l.slot,
                "jobs_in_progress": l.jobs,
                "recovered": l.recovered.map(|rec| json!({
                    "at": rec.recovered_at,
                    "held": rec.held,
                    "jobs": rec.jobs.iter().map(|(jid, class, ran)| json!({
                        "jid": jid, "class": class, "ran_again": ran,
                    })).collect::<Vec<_>>(),
                })),
            })).collect::<Vec<_>>(),
            "lost": lost.len(),
            "jobs_in_progress": jobs - r.repeat_orphans,
            "repeat_orphans": r.repeat_orphans,
        })
        .into(),
        follows: Vec::new(),
        commands: vec![
            "cogctl orphans".into(),
            "cogctl reconcile --dry-run".into(),
            "cogctl procs".into(),
        ],
        times: Vec::new(),
        cause: if lost.len() == 1 {
            format!("process {} was lost", lost[0].identity.shown())
        } else {
            format!("{} processes were lost", lost.len())
        },
    });
}

fn memory(zone: &Zone, args: &Options, w: &Window, live: &[&Process], out: &mut Vec<Finding>) {
    let limit_kb = args.memory_limit.map(|kb| kb as f64);
    for p in live {
        let Some(m) = &p.memory else { continue };
        let readings: Vec<(i64, i64)> = m
            .slots
            .iter()
            .filter_map(|s| s.kb.map(|kb| (s.slot, kb)))
            .filter(|&(slot, _)| slot as f64 >= w.start - 900.0)
            // A process fills its caches after it starts: not a leak.
            .filter(|&(slot, _)| p.started_at.is_none_or(|s| slot as f64 >= s + WARM_UP))
            .collect();
        let Some(&(newest_slot, newest)) = readings.last() else {
            continue;
        };
        // The rise: back from the newest reading while each earlier one is not higher (a
        // dip within the noise allowed).
        let mut from = readings.len() - 1;
        while from > 0 {
            let (prev, cur) = (readings[from - 1].1 as f64, readings[from].1 as f64);
            if prev > cur * (1.0 + GROWTH_NOISE) {
                break;
            }
            from -= 1;
        }
        // Start the rise at its lowest reading (the latest of equals: a flat stretch before
        // the rise is not part of it).
        let rise = &readings[from..];
        let low = rise
            .iter()
            .enumerate()
            .fold(0, |low, (i, r)| if r.1 <= rise[low].1 { i } else { low });
        let rise = &rise[low..];
        let rate = (rise.len() >= 2 && rise[rise.len() - 1].0 - rise[0].0 >= GROWTH_SECONDS)
            .then(|| slope_mb_per_hour(rise))
            .flatten();
        let growing = rate.is_some_and(|r| r >= GROWTH_MB_PER_HOUR);
        let near_limit = limit_kb.is_some_and(|l| newest as f64 >= LIMIT_SHARE * l);
        if !growing && !near_limit {
            continue;
        }
        let eta = match (limit_kb, rate) {
            (Some(l), Some(r)) if r > 0.0 && (newest as f64) < l => {
                Some(w.now + (l - newest as f64) / 1024.0 / r * 3600.0)
            }
            _ => None,
        };
        let onset = if growing {
            Onset::at(rise[0].0 as f64, "first memory sample of the rise")
        } else {
            let l = limit_kb.unwrap_or(0.0);
            let mut i = readings.len() - 1;
            while i > 0 && readings[i - 1].1 as f64 >= LIMIT_SHARE * l {
                i -= 1;
            }
            Onset::at(
                readings[i].0 as f64,
                "first memory sample above 80 % of the limit",
            )
        };
        let who = p.identity.shown().into_owned();
        let mut summary = Timed::plain(format!(
            "{} memory at {}",
            host(p),
            crate::text::size::kb(newest)
        ));
        if let Some(r) = rate.filter(|_| growing) {
            summary.push_str(&format!(
                ", growing {r:.0} MB/h since {}",
                zone.hm(rise[0].0 as f64, w.now)
            ));
        }
        if let Some(l) = args.memory_limit {
            summary.push_str(&format!(
                " ({:.0} % of the {} limit",
                newest as f64 / l as f64 * 100.0,
                crate::text::size::kb(l as i64)
            ));
            if let Some(t) = eta {
                summary.push_str(", reached ");
                summary.push_time(w.now, t);
            }
            summary.push_str(")");
        }
        let busy = p.busy.unwrap_or(0).max(0) as u64;
        out.push(Finding {
            id: format!("memory_growth:{who}"),
            kind: Kind::MemoryGrowth,
            severity: if near_limit || eta.is_some_and(|t| t - w.now < 3600.0) {
                Severity::Fail
            } else {
                Severity::Warn
            },
            started_at: onset,
            summary: summary.text,
            times: summary.times,
            impact: busy,
            evidence: json!({
                "identity": p.identity,
                "hostname": p.hostname,
                "rss_kb": newest,
                "newest_slot": newest_slot,
                "growth_mb_per_hour": rate.map(round),
                "rise_samples": rise.len(),
                "limit_kb": args.memory_limit,
                "limit_reached_at": eta,
                "busy": p.busy,
            })
            .into(),
            follows: Vec::new(),
            commands: vec!["cogctl procs --memory".into(), "cogctl busy".into()],
            cause: format!("{}'s memory began growing", host(p)),
        });
    }
}

fn throughput(zone: &Zone, w: &Window, r: &Read, out: &mut Vec<Finding>) {
    let waiting: u64 = r
        .queues
        .iter()
        .filter(|q| q.paused != Some(true))
        .map(|q| q.size)
        .sum();
    if waiting == 0 || r.hours.len() < 2 {
        return;
    }
    // The last full hour, and the full hours of the window before it.
    let full: Vec<(i64, u64)> = r.hours[..r.hours.len() - 1]
        .iter()
        .filter(|(h, _)| *h as f64 * 3600.0 >= w.start - 1e-6)
        .filter_map(|&(h, n)| n.map(|n| (h, n)))
        .collect();
    let Some((&(last_hour, last), before)) = full.split_last() else {
        return;
    };
    if before.len() < 2 {
        return;
    }
    let average = before.iter().map(|(_, n)| *n as f64).sum::<f64>() / before.len() as f64;
    if average < MIN_HOURLY || last as f64 >= average / 2.0 {
        return;
    }
    let mut first_low = full.len() - 1;
    while first_low > 0 && (full[first_low - 1].1 as f64) < average / 2.0 {
        first_low -= 1;
    }
    let since = full[first_low].0 as f64 * 3600.0;
    out.push(Finding {
        id: "throughput_drop".into(),
        kind: Kind::ThroughputDrop,
        severity: Severity::Warn,
        started_at: Onset::at(since, "start of the first hour under half the average"),
        summary: format!(
            "{} jobs processed in the last full hour, against {}/h before, while {} wait (since {})",
            count(last),
            count(average.round() as u64),
            count(waiting),
            zone.hm(since, w.now)
        ),
        impact: waiting,
        evidence: json!({
            "last_hour": last_hour,
            "processed_last_hour": last,
            "average_before": round(average),
            "hours_before": before.len(),
            "waiting": waiting,
        }).into(),
        follows: Vec::new(),
        commands: vec!["cogctl stats".into(), "cogctl busy".into(), "cogctl procs".into()],
        times: Vec::new(),
        cause: "throughput fell".into(),
    });
}

fn periodic(zone: &Zone, w: &Window, r: &Read, out: &mut Vec<Finding>) {
    for d in r.periodic.iter().filter(|d| d.delay > PERIODIC_GRACE) {
        let pjid = d.pjid.shown().into_owned();
        let short: String = pjid.chars().take(12).collect();
        let due = w.now - d.delay;
        out.push(Finding {
            id: format!("periodic_late:{short}"),
            kind: Kind::PeriodicLate,
            severity: Severity::Warn,
            started_at: Onset::at(due, "the first slot it missed"),
            summary: format!(
                "periodic {} ({short}) late by {}, due at {}{}",
                d.class,
                span(d.delay),
                zone.hm(due, w.now),
                match &d.locked_by {
                    Some(jid) => format!(", held by its run lock ({jid})"),
                    None => String::new(),
                }
            ),
            impact: 1,
            evidence: json!({
                "pjid": d.pjid,
                "class": d.class,
                "late_seconds": round(d.delay),
                "last_slot": d.last_slot,
                "locked_by": d.locked_by,
            })
            .into(),
            follows: Vec::new(),
            commands: vec![
                format!("cogctl periodic show {short}"),
                format!("cogctl periodic run-now {short}"),
            ],
            times: Vec::new(),
            cause: format!("periodic {} went late", d.class),
        });
    }
}

fn redis(r: &Read, fails: &Failures, out: &mut Vec<Finding>) {
    let jobs =
        r.queues.iter().map(|q| q.size).sum::<u64>() + fails.sources.retry + fails.sources.dead;
    for f in &r.redis {
        let name = f.id.trim_start_matches("redis.");
        out.push(Finding {
            id: format!("redis:{name}"),
            kind: Kind::Redis,
            severity: if f.severity == doctor::Severity::Fail {
                Severity::Fail
            } else {
                Severity::Warn
            },
            started_at: Onset::unknown("a server setting or state: Redis doesn't date it"),
            summary: format!("Redis: {}", f.title),
            impact: jobs,
            evidence: json!({
                "doctor_id": f.id,
                "seen": f.seen,
                "fix": f.fix,
                "data": f.data,
            })
            .into(),
            follows: Vec::new(),
            commands: vec!["cogctl doctor".into()],
            times: Vec::new(),
            cause: format!("Redis: {}", f.title),
        });
    }
}
