//! cogworker's own data: keys of the wrong type, the process registry, clocks, in-progress
//! lists of dead owners, repeat orphans, unsettled records, queues nobody reads or that are
//! paused with jobs, overdue retry and scheduled entries, periodic entries no ticker fires,
//! and whether the History and Status middlewares are on. Each is read the way the command
//! that shows it in full reads it (`procs`, `queues`, `orphans`, `periodic`, `history`).

use std::collections::BTreeSet;

use serde_json::json;

use super::DoctorArgs;
use crate::duration::span;
use crate::ops::Problem;
use crate::ops::doctor::server::Facts;
use crate::ops::doctor::{Finding, SCAN_CAP, SCAN_STEP, answered};
use crate::ops::history;
use crate::ops::orphans;
use crate::ops::periodic;
use crate::ops::procs::{Process, State, read_processes};
use crate::ops::queues::{QueueRow, read_queues};
use crate::store::liveness::{self, Liveness};
use crate::store::{JobSet, KeyType, Name, Store, StoreResult, keyguard, keys, value};
use crate::term::ui::Ui;
use crate::text::size::{count, counted};

/// Names listed in a finding's `seen`; the rest are counted.
const NAMES_SHOWN: usize = 10;
/// A retry or scheduled entry due longer ago than this is overdue: twelve of the poller's
/// 5 s rounds (it also postpones an entry it can't move by 60 s).
const OVERDUE: f64 = 60.0;
/// A periodic entry whose slot has been due this long has not been fired by any ticker
/// (they tick every 5 s, and a blocked slot is retried for 15 s).
const PERIODIC_LATE: f64 = 60.0;
/// A process clock this far ahead of Redis' is skewed.
const SKEW: f64 = 5.0;

/// What the SCAN walk found, by family.
#[derive(Default)]
struct Scan {
    examined: u64,
    complete: bool,
    inprogress: Vec<Name>,
    history_days: u64,
    statuses: u64,
    quarantined: Vec<Name>,
}

impl Scan {
    fn walk(store: &mut Store) -> StoreResult<Scan> {
        let mut scan = Scan::default();
        let (examined, complete) = store.scan_bounded(SCAN_STEP, SCAN_CAP, |key| {
            if keys::identity_of_inprogress(&key).is_some() {
                scan.inprogress.push(key);
            } else if keys::is_history_daily(&key) {
                scan.history_days += 1;
            } else if keys::is_status(&key) {
                scan.statuses += 1;
            } else if keys::is_quarantine(&key) {
                scan.quarantined.push(key);
            }
        })?;
        scan.examined = examined;
        scan.complete = complete;
        scan.quarantined.sort();
        Ok(scan)
    }

    /// "among the first 100,000 keys" when the walk stopped at its cap.
    fn caveat(&self) -> String {
        if self.complete {
            String::new()
        } else {
            format!(
                " (among the first {} keys: the scan stops there)",
                count(self.examined)
            )
        }
    }
}

/// Every data finding, and the SCAN walk's (keys examined, complete).
pub fn findings(
    store: &mut Store,
    ui: &Ui,
    args: &DoctorArgs,
    facts: &Facts,
) -> StoreResult<(Vec<Finding>, (u64, bool))> {
    let now = ui.clock.now;
    // Redis' clock judges beats, unless the run's clock is pinned (a captured state).
    let redis_now = match (&facts.time, ui.clock.pinned) {
        (Ok(t), false) => *t as f64,
        _ => now,
    };
    let mut problems = Vec::new();
    let (processes, p) = read_processes(store, now, false)?;
    problems.extend(p);
    let (queues, p) = read_queues(store, now)?;
    problems.extend(p);
    let wrong = wrong_types(store)?;
    let scan = Scan::walk(store)?;
    let candidates = liveness::candidates_among(store, &scan.inprogress)?;
    let threshold = args.orphan_threshold.as_secs_f64();
    let (lists, p) = orphans::read_lists_of(store, ui, threshold, false, &candidates)?;
    problems.extend(p);
    let counts = Counts::read(store, now, &mut problems)?;
    let zone = args.tz.clone().unwrap_or_else(crate::cron::local_zone);
    let delays = periodic::entry_delays(store, now, &zone)?;
    let history_lists = answered(history::history_lists_exist(store))?;

    let fetching: Vec<&Process> = processes
        .iter()
        .filter(|p| p.state == State::Alive)
        .collect();
    let findings = vec![
        wrong_type(&wrong),
        unreadable(&problems, &wrong),
        quarantined(&scan),
        live(&processes),
        ghosts(&processes),
        clock(&processes, redis_now),
        in_progress(
            &lists,
            !processes
                .iter()
                .any(|p| matches!(p.state, State::Alive | State::Quiet)),
        ),
        parked(
            "orphans.repeat",
            counts.repeat_orphans,
            keys::REPEAT_ORPHANS,
            "jobs orphaned too often, parked to be buried in dead by a live process's next orphan pass",
            "cogctl reconcile (buries them in dead now, as that pass would)",
        ),
        parked(
            "unsettled.records",
            counts.unsettled,
            keys::UNSETTLED,
            "failed jobs a shutting-down process could not file in retry or dead, waiting for a live process's orphan pass",
            "cogctl unsettled file (files them now; cogctl unsettled list shows them)",
        ),
        unread(&queues, &fetching),
        paused(&queues),
        overdue(JobSet::Retry, &counts.retry, now, fetching.len()),
        overdue(JobSet::Schedule, &counts.schedule, now, fetching.len()),
        ticker(delays, fetching.len()),
        history_middleware(history_lists, &scan),
        status_middleware(&scan),
    ];
    Ok((findings, (scan.examined, scan.complete)))
}

/// Every key cogworker expects of one type (the KeyGuard map) that is of another.
fn wrong_types(store: &mut Store) -> StoreResult<Vec<(Name, &'static str, String)>> {
    let expected = keyguard::expected(store, &[] as &[&str])?;
    let mut pipe = redis::pipe();
    for (key, _) in &expected {
        pipe.cmd("TYPE").arg(key);
    }
    let types = store.pipeline(&pipe)?;
    Ok(expected
        .into_iter()
        .zip(types)
        .filter_map(|((key, want), found)| {
            let found = value::string(&found.ok()?).unwrap_or_else(|| "?".into());
            (found != "none" && found != want).then_some((key, want, found))
        })
        .collect())
}

fn wrong_type(wrong: &[(Name, &'static str, String)]) -> Finding {
    const ID: &str = "keys.wrong_type";
    let data = json!({
        "keys": wrong.iter().map(|(key, want, found)| json!({
            "key": key, "expected": want, "found": found,
        })).collect::<Vec<_>>(),
    });
    if wrong.is_empty() {
        return Finding::ok(ID, "every cogworker key has the type the gem expects").data(data);
    }
    let seen = listed(wrong, |(key, want, found)| {
        format!("{} is a {found}, not a {want}", key.shown())
    });
    Finding::fail(
        ID,
        format!("{} of the wrong type", n_of(wrong.len(), "key", "keys")),
    )
    .seen(format!(
        "{seen}; every command on them fails, and a live gem process's KeyGuard renames them \
         to cogworker:quarantine:… within a minute"
    ))
    .fix("find what wrote them (redis-cli TYPE / DUMP the key), stop it, then RENAME the key away; the gem starts a fresh one")
    .data(data)
}

/// Keys the reads could not read for another reason than their type (an ACL, a command
/// refused), or whose problem the type check did not see.
fn unreadable(problems: &[Problem], wrong: &[(Name, &'static str, String)]) -> Finding {
    const ID: &str = "keys.unreadable";
    let mut left: Vec<&Problem> = Vec::new();
    for p in problems {
        let typed = wrong.iter().any(|(key, _, _)| *key == p.key);
        if !typed && !left.iter().any(|q| q.key == p.key) {
            left.push(p);
        }
    }
    let data = json!({ "problems": left });
    if left.is_empty() {
        return Finding::ok(ID, "every key doctor read could be read").data(data);
    }
    Finding::fail(
        ID,
        format!("{} could not be read", n_of(left.len(), "key", "keys")),
    )
    .seen(listed(&left, |p| format!("{}: {}", p.key.shown(), p.error)))
    .fix("see the errors: a refused command needs this user's ACL to allow it (see acl.rights)")
    .data(data)
}

fn quarantined(scan: &Scan) -> Finding {
    const ID: &str = "keys.quarantined";
    let data = json!({ "keys": scan.quarantined, "scan_complete": scan.complete });
    if scan.quarantined.is_empty() {
        return Finding::ok(ID, format!("no quarantined key{}", scan.caveat())).data(data);
    }
    Finding::warn(
        ID,
        format!(
            "{}{}",
            n_of(
                scan.quarantined.len(),
                "quarantined key",
                "quarantined keys"
            ),
            scan.caveat()
        ),
    )
    .seen(format!(
        "{}: KeyGuard renamed keys of the wrong type here (or orphan recovery set invalid \
         unsettled records aside), so something writes what the gem doesn't expect; they \
         expire 30 days after",
        listed(&scan.quarantined, |k| k.shown().into_owned())
    ))
    .fix("look at them (redis-cli TYPE / DUMP) to find the writer, and delete them once understood")
    .data(data)
}

fn live(processes: &[Process]) -> Finding {
    const ID: &str = "procs.live";
    let n = |s: State| processes.iter().filter(|p| p.state == s).count();
    let (alive, quiet, gone) = (n(State::Alive), n(State::Quiet), n(State::Gone));
    let data =
        json!({ "fetching": alive, "quiet": quiet, "gone": gone, "registered": processes.len() });
    if alive > 0 {
        return Finding::ok(
            ID,
            format!(
                "{} fetching{}",
                n_of(alive, "live process", "live processes"),
                if quiet > 0 {
                    format!(", {quiet} quiet")
                } else {
                    String::new()
                }
            ),
        )
        .data(data);
    }
    let title = if quiet > 0 {
        format!("no live process fetching: {quiet} quiet")
    } else {
        "no live worker process".to_string()
    };
    // A quiet process still recovers orphans; nothing else.
    let idle = if quiet > 0 {
        "nothing runs jobs, moves due retry and scheduled entries or fires periodic entries"
    } else {
        "nothing runs jobs, moves due retry and scheduled entries, fires periodic entries or recovers orphaned jobs"
    };
    Finding::warn(ID, title)
        .seen(idle)
        .fix(if quiet > 0 {
            "cogctl procs resume --all (quiet processes fetch again), or start workers"
        } else {
            "start worker processes (the gem's, or cogctl worker); cogctl procs lists what is registered"
        })
        .data(data)
}

fn ghosts(processes: &[Process]) -> Finding {
    const ID: &str = "procs.ghosts";
    let gone: Vec<&Name> = processes
        .iter()
        .filter(|p| p.state == State::Gone)
        .map(|p| &p.identity)
        .collect();
    let data = json!({ "identities": gone });
    if gone.is_empty() {
        return Finding::ok(
            ID,
            format!("every member of {} has a presence key", keys::PROCESSES),
        )
        .data(data);
    }
    Finding::warn(
        ID,
        format!(
            "{} of {} without a presence key",
            n_of(gone.len(), "member", "members"),
            keys::PROCESSES
        ),
    )
    .seen(format!(
        "{}: processes that stopped beating over 60 s ago without a clean stop (crashed, \
         killed); the Web UI lists them until a reader prunes them",
        listed(&gone, |id| id.shown().into_owned())
    ))
    .fix("cogctl procs prune (removes each one whose presence key is still gone)")
    .data(data)
}

fn clock(processes: &[Process], redis_now: f64) -> Finding {
    const ID: &str = "procs.clock";
    let ahead: Vec<(&Name, f64)> = processes
        .iter()
        .filter(|p| matches!(p.state, State::Alive | State::Quiet))
        .filter_map(|p| {
            let by = [p.started_at, p.last_beat.map(|t| t as f64)]
                .into_iter()
                .flatten()
                .map(|t| t - redis_now)
                .fold(f64::NEG_INFINITY, f64::max);
            (by > SKEW).then_some((&p.identity, by))
        })
        .collect();
    let data = json!({
        "redis_time": redis_now,
        "ahead": ahead.iter().map(|(id, by)| json!({ "identity": id, "seconds": by.round() })).collect::<Vec<_>>(),
    });
    if ahead.is_empty() {
        return Finding::ok(
            ID,
            "no live process's start or beat lies ahead of Redis' clock",
        )
        .data(data);
    }
    Finding::warn(
        ID,
        format!(
            "{} with a clock ahead of Redis'",
            n_of(ahead.len(), "live process", "live processes")
        ),
    )
    .seen(format!(
        "{}: their started_at or last beat lies in the future of Redis' TIME; retry and \
         schedule times are host clocks, so a skewed host runs jobs early or late",
        listed(&ahead, |(id, by)| format!(
            "{} by {}",
            id.shown(),
            span(*by)
        ))
    ))
    .fix("run NTP (chrony, systemd-timesyncd) on the worker hosts and on Redis' host")
    .data(data)
}

fn in_progress(lists: &[orphans::ListView], no_live: bool) -> Finding {
    const ID: &str = "orphans.in_progress";
    let dead: Vec<&orphans::ListView> = lists
        .iter()
        .filter(|l| l.liveness == Liveness::PresumedDead && l.state.length > 0)
        .collect();
    let jobs: u64 = dead.iter().map(|l| l.state.length).sum();
    let data = json!({
        "jobs": jobs,
        "lists": dead.iter().map(|l| json!({
            "identity": l.state.identity,
            "jobs": l.state.length,
            "silent_for": l.silent_for,
        })).collect::<Vec<_>>(),
    });
    if dead.is_empty() {
        return Finding::ok(ID, "no jobs on the in-progress lists of dead processes").data(data);
    }
    let mut seen = listed(&dead, |l| {
        format!(
            "{} ({})",
            l.state.identity.shown(),
            counted(l.state.length, "job", "jobs")
        )
    });
    seen.push_str(if no_live {
        "; no live process is there to recover them"
    } else {
        "; a live process's orphan pass requeues them within a minute"
    });
    Finding::warn(
        ID,
        format!(
            "{} on the in-progress lists of {}",
            counted(jobs, "job", "jobs"),
            n_of(dead.len(), "presumed-dead process", "presumed-dead processes")
        ),
    )
    .seen(seen)
    .fix("cogctl reconcile (requeues them now, as the gem's orphan recovery would; cogctl orphans shows them)")
    .data(data)
}

/// A list that should drain by itself (repeat orphans, unsettled records).
fn parked(id: &'static str, n: Option<u64>, key: &str, what: &str, fix: &str) -> Finding {
    let Some(n) = n else {
        return Finding::unchecked(
            id,
            key,
            "it could not be read (see keys.wrong_type / keys.unreadable)",
        );
    };
    let data = json!({ "key": key, "length": n });
    if n == 0 {
        return Finding::ok(id, format!("{key} is empty")).data(data);
    }
    Finding::warn(id, format!("{} in {key}", counted(n, "entry", "entries")))
        .seen(what)
        .fix(fix)
        .data(data)
}

fn unread(queues: &[QueueRow], fetching: &[&Process]) -> Finding {
    const ID: &str = "queues.unread";
    let read: BTreeSet<Name> = fetching
        .iter()
        .flat_map(|p| p.queues.iter().map(|q| Name::from(&q.name)))
        .collect();
    let unknown = fetching.iter().filter(|p| p.info_error.is_some()).count();
    let unread: Vec<&QueueRow> = queues
        .iter()
        .filter(|q| q.size > 0 && !read.contains(&q.name))
        .collect();
    let data = json!({
        "queues": unread.iter().map(|q| json!({
            "name": q.name, "size": q.size, "latency": q.latency,
        })).collect::<Vec<_>>(),
        "processes_with_unreadable_info": unknown,
    });
    if unread.is_empty() {
        return Finding::ok(
            ID,
            "every queue with waiting jobs is read by a live process",
        )
        .data(data);
    }
    let waiting: u64 = unread.iter().map(|q| q.size).sum();
    let mut seen = listed(&unread, |q| {
        format!(
            "{} ({} waiting, the oldest for {})",
            q.name.shown(),
            count(q.size),
            span(q.latency)
        )
    });
    if unknown > 0 {
        seen.push_str(&format!(
            "; {unknown} live process(es) whose info can't be read may read some of them"
        ));
    }
    Finding::warn(
        ID,
        format!(
            "{} with {} no live process reads",
            n_of(unread.len(), "queue", "queues"),
            counted(waiting, "waiting job", "waiting jobs")
        ),
    )
    .seen(seen)
    .fix(named(
        "start a worker that reads them (the gem's -q NAME, or cogctl worker -q NAME); an obsolete queue: look at it (cogctl queue show NAME), then cogctl queue clear NAME",
        &unread.iter().map(|q| &q.name).collect::<Vec<_>>(),
    ))
    .data(data)
}

fn paused(queues: &[QueueRow]) -> Finding {
    const ID: &str = "queues.paused";
    let waiting: Vec<&QueueRow> = queues
        .iter()
        .filter(|q| q.paused == Some(true) && q.size > 0)
        .collect();
    let data = json!({
        "queues": waiting.iter().map(|q| json!({ "name": q.name, "size": q.size })).collect::<Vec<_>>(),
        "paused": queues.iter().filter(|q| q.paused == Some(true)).map(|q| &q.name).collect::<Vec<_>>(),
    });
    if waiting.is_empty() {
        return Finding::ok(ID, "no paused queue holds jobs").data(data);
    }
    Finding::warn(
        ID,
        format!(
            "{} with jobs waiting",
            n_of(waiting.len(), "paused queue", "paused queues")
        ),
    )
    .seen(format!(
        "{}: no worker fetches from a paused queue, and pushes keep adding to it",
        listed(&waiting, |q| format!(
            "{} ({} waiting)",
            q.name.shown(),
            count(q.size)
        ))
    ))
    .fix(named(
        "cogctl queue resume NAME, once the reason for the pause is gone",
        &waiting.iter().map(|q| &q.name).collect::<Vec<_>>(),
    ))
    .data(data)
}

/// How many entries of a set are overdue, and the oldest one's due time.
#[derive(Default)]
struct Overdue {
    count: Option<u64>,
    oldest: Option<f64>,
}

/// The lengths and overdue counts, in one pipeline.
struct Counts {
    repeat_orphans: Option<u64>,
    unsettled: Option<u64>,
    retry: Overdue,
    schedule: Overdue,
}

impl Counts {
    fn read(store: &mut Store, now: f64, problems: &mut Vec<Problem>) -> StoreResult<Counts> {
        let mut pipe = redis::pipe();
        pipe.cmd("LLEN").arg(keys::REPEAT_ORPHANS);
        pipe.cmd("LLEN").arg(keys::UNSETTLED);
        for set in [JobSet::Retry, JobSet::Schedule] {
            pipe.cmd("ZCOUNT")
                .arg(set.key())
                .arg("-inf")
                .arg(now - OVERDUE);
            pipe.cmd("ZRANGE")
                .arg(set.key())
                .arg(0)
                .arg(0)
                .arg("WITHSCORES");
        }
        let replies = store.pipeline(&pipe)?;
        let mut number = |i: usize, key: &str, kind: KeyType| match &replies[i] {
            Ok(v) => value::int(v).map(|n| n.max(0) as u64),
            Err(e) => {
                Problem::push_once(problems, Problem::wrong(key, kind, e));
                None
            }
        };
        let repeat_orphans = number(0, keys::REPEAT_ORPHANS, KeyType::List);
        let unsettled = number(1, keys::UNSETTLED, KeyType::List);
        let retry_count = number(2, keys::RETRY, KeyType::Zset);
        let schedule_count = number(4, keys::SCHEDULE, KeyType::Zset);
        let oldest = |i: usize| {
            let reply = replies[i].as_ref().ok()?;
            value::string(value::items(reply).get(1)?)?
                .parse::<f64>()
                .ok()
        };
        Ok(Counts {
            repeat_orphans,
            unsettled,
            retry: Overdue {
                count: retry_count,
                oldest: oldest(3),
            },
            schedule: Overdue {
                count: schedule_count,
                oldest: oldest(5),
            },
        })
    }
}

fn overdue(set: JobSet, o: &Overdue, now: f64, pollers: usize) -> Finding {
    let id = match set {
        JobSet::Retry => "retry.overdue",
        _ => "scheduled.overdue",
    };
    let Some(n) = o.count else {
        return Finding::unchecked(
            id,
            set.key(),
            "it could not be read (see keys.wrong_type / keys.unreadable)",
        );
    };
    let data = json!({ "overdue": n, "oldest_due": o.oldest, "pollers": pollers });
    if n == 0 {
        return Finding::ok(
            id,
            format!(
                "no {} entry overdue by more than {}",
                set.name(),
                span(OVERDUE)
            ),
        )
        .data(data);
    }
    let late = o.oldest.map_or("?".into(), |t| span(now - t));
    let why = if pollers == 0 {
        "no live process polls (each non-quiet one moves due entries every 5 s)".to_string()
    } else {
        format!(
            "{pollers} live process(es) poll every 5 s, 50 entries each: they are behind, or failing to move these"
        )
    };
    let fix = match set {
        JobSet::Retry => {
            "start a worker (its poller moves due entries), or move them now: cogctl retry retry --all --until 1m"
        }
        _ => {
            "start a worker (its poller moves due entries), or move them now: cogctl scheduled enqueue-now --all --until 1m"
        }
    };
    Finding::warn(
        id,
        format!(
            "{} {} {} overdue by more than {}",
            count(n),
            set.name(),
            if n == 1 { "entry" } else { "entries" },
            span(OVERDUE)
        ),
    )
    .seen(format!("the oldest was due {late} ago; {why}"))
    .fix(fix)
    .data(data)
}

fn ticker(delays: Result<Vec<periodic::EntryDelay>, String>, tickers: usize) -> Finding {
    const ID: &str = "periodic.ticker";
    let delays = match delays {
        Ok(d) => d,
        Err(e) => return Finding::unchecked(ID, "periodic entries", e),
    };
    let late: Vec<&periodic::EntryDelay> =
        delays.iter().filter(|d| d.delay > PERIODIC_LATE).collect();
    let data = json!({
        "enabled": delays.len(),
        "late": late.iter().map(|d| json!({
            "pjid": d.pjid,
            "class": d.class,
            "delay": d.delay,
            "last_slot": d.last_slot,
            "locked_by": d.locked_by,
        })).collect::<Vec<_>>(),
        "tickers": tickers,
    });
    if delays.is_empty() {
        return Finding::ok(ID, "no enabled periodic entry").data(data);
    }
    if late.is_empty() {
        return Finding::ok(
            ID,
            format!(
                "{}, none late",
                n_of(
                    delays.len(),
                    "enabled periodic entry",
                    "enabled periodic entries"
                )
            ),
        )
        .data(data);
    }
    let seen = listed(&late, |d| {
        let short: String = d.pjid.shown().chars().take(8).collect();
        let cause = match (&d.locked_by, tickers) {
            (Some(jid), _) => format!("blocked by its until_executed run lock, held by {jid}"),
            (None, 0) => "no live process ticks".to_string(),
            (None, _) => "no ticker claimed it".to_string(),
        };
        format!(
            "{short} {}: due for {} ({cause})",
            crate::text::one_line(&d.class),
            span(d.delay)
        )
    });
    Finding::warn(
        ID,
        format!(
            "{} late by more than {}",
            n_of(late.len(), "periodic entry", "periodic entries"),
            span(PERIODIC_LATE)
        ),
    )
    .seen(seen)
    .fix(named(
        "start a worker process that registers these entries (its ticker fires them); one run now: cogctl periodic run-now PJID",
        &late.iter().map(|d| &d.pjid).collect::<Vec<_>>(),
    ))
    .data(data)
}

fn history_middleware(lists: Result<bool, String>, scan: &Scan) -> Finding {
    const ID: &str = "middleware.history";
    let lists = match lists {
        Ok(l) => l,
        Err(e) => return Finding::unchecked(ID, "History middleware", e),
    };
    let data = json!({ "lists": lists, "daily_buckets": scan.history_days });
    if lists || scan.history_days > 0 {
        return Finding::ok(ID, "History middleware on: finished runs are recorded")
            .seen(format!(
                "{} exists: {}, {} daily bucket(s)",
                keys::HISTORY_ALL,
                lists,
                count(scan.history_days)
            ))
            .data(data);
    }
    Finding::ok(
        ID,
        format!("History middleware off: no history key{}", scan.caveat()),
    )
    .seen("cogctl history has nothing to show; the gem records runs when its History middleware is configured, cogctl worker with --history")
    .data(data)
}

fn status_middleware(scan: &Scan) -> Finding {
    const ID: &str = "middleware.status";
    let data = json!({ "status_hashes": scan.statuses, "scan_complete": scan.complete });
    if scan.statuses > 0 {
        return Finding::ok(
            ID,
            format!(
                "Status middleware on: {}{}",
                counted(scan.statuses, "status:<jid> hash", "status:<jid> hashes"),
                scan.caveat()
            ),
        )
        .data(data);
    }
    Finding::ok(
        ID,
        format!("no status:<jid> hash{}", scan.caveat()),
    )
    .seen("the Status middleware is off, or no job was pushed or run in the last 30 minutes (its hashes expire after 1,800 s by default)")
    .data(data)
}

/// `n` things of a list: `1 queue`, `3 queues`.
fn n_of(n: usize, one: &str, many: &str) -> String {
    counted(n as u64, one, many)
}

/// `fix` with its placeholder (NAME, PJID) replaced by the one name it is about, when there
/// is one and it can be pasted into a shell as it is.
fn named(fix: &str, names: &[&Name]) -> String {
    let plain = |n: &str| {
        !n.is_empty()
            && n.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"_.:-".contains(&b))
    };
    match names {
        [name] => match name.to_str().filter(|n| plain(n)) {
            Some(n) => fix.replace("NAME", n).replace("PJID", n),
            None => fix.to_string(),
        },
        _ => fix.to_string(),
    }
}

/// The first [`NAMES_SHOWN`] items as `shown`, comma-separated, then "and N more".
fn listed<T>(items: &[T], shown: impl Fn(&T) -> String) -> String {
    let mut text = items
        .iter()
        .take(NAMES_SHOWN)
        .map(shown)
        .collect::<Vec<_>>()
        .join(", ");
    if items.len() > NAMES_SHOWN {
        text.push_str(&format!(
            ", and {} more",
            count((items.len() - NAMES_SHOWN) as u64)
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fix_names_its_one_plain_name() {
        let fix = "cogctl queue resume NAME";
        let one = Name::from("mail-out");
        assert_eq!(named(fix, &[&one]), "cogctl queue resume mail-out");
        let two = Name::from("critical");
        assert_eq!(named(fix, &[&one, &two]), fix);
        let hostile = Name::from("a b;rm");
        assert_eq!(named(fix, &[&hostile]), fix);
        let bytes = Name::new(b"q\xff".to_vec());
        assert_eq!(named(fix, &[&bytes]), fix);
    }

    #[test]
    fn long_lists_are_cut() {
        let items: Vec<u32> = (0..13).collect();
        assert_eq!(
            listed(&items, |i| i.to_string()),
            "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, and 3 more"
        );
    }
}
