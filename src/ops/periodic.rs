//! Periodic (cron) entries: the schedule, each entry's state and delay, and the changes an
//! operator makes to them (run now, enable, disable), each with its undo record.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::value::RawValue;

use crate::clock::rfc3339;
use crate::cron::{self, Cron};
use crate::ops::busy::read_running;
use crate::ops::filter::Search;
use crate::ops::push::{self, Batch, JobSpec, When, Written};
use crate::ops::{Counts, Problem, Session};
use crate::store::job::Job;
use crate::store::page::ListPager;
use crate::store::periodic::{self as store_periodic, EntryFields, EntryState};
use crate::store::undo::{self, Kind};
use crate::store::{JobSet, KeyType, Name, Store, StoreResult, find, keys, value};
use crate::term::exit::UsageError;

/// A run holding `periodic:running:<pjid>`.
#[derive(Debug, Serialize)]
pub struct RunningLock {
    pub jid: String,
    /// Seconds until the lock expires (null: no TTL).
    pub ttl: Option<f64>,
    /// The live process running that job now, if one is.
    pub running_on: Option<Name>,
    /// When it started there, epoch seconds.
    pub run_at: Option<f64>,
}

/// One entry, the JSON schema of `periodic list` (docs/output.md "JSON output").
#[derive(Debug, Serialize)]
pub struct Periodic {
    pub pjid: Name,
    pub class: Option<String>,
    pub cron: Option<String>,
    /// The zone its times are computed in: the cron's own, else the local one.
    pub zone: String,
    pub args: Option<Box<RawValue>>,
    pub retry: Option<Box<RawValue>>,
    /// `until_executed` or null.
    pub unique: Option<String>,
    pub enabled: bool,
    /// The next fire time (epoch seconds) and the same as RFC 3339; null for a disabled entry
    /// (the tickers skip it) and for a cron that never fires again.
    pub next_run: Option<f64>,
    pub next_time: Option<String>,
    /// `periodic:last_slot`: the last slot a ticker claimed.
    pub last_run: Option<i64>,
    pub last_time: Option<String>,
    pub running: Option<RunningLock>,
    /// Why the entry or its cron can't be read, when it can't.
    pub error: Option<String>,
    /// The entry as stored, when it can't be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raw: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct PeriodicReport {
    /// The zone used for crons that name none.
    pub local_zone: String,
    pub entries: Vec<Periodic>,
    pub problems: Vec<Problem>,
}

/// What every view reads: the entries, whether each is disabled, and their states.
struct Read {
    entries: Vec<(Name, Vec<u8>)>,
    disabled: Option<Vec<Name>>,
    states: Vec<EntryState>,
    problems: Vec<Problem>,
}

fn read(store: &mut Store) -> StoreResult<Read> {
    let mut problems = Vec::new();
    let entries = match store_periodic::schedule(store) {
        Ok(e) => e,
        Err(e) if e.is_connection() => return Err(e),
        Err(e) => {
            problems.push(Problem::from_store(keys::PERIODIC_SCHEDULE, &e));
            Vec::new()
        }
    };
    let disabled = read_disabled(store, &mut problems)?;
    let pjids: Vec<Name> = entries.iter().map(|(p, _)| p.clone()).collect();
    let states = store_periodic::states(store, &pjids)?;
    for state in &states {
        problems.extend(state_problems(state));
    }
    Ok(Read {
        entries,
        disabled,
        states,
        problems,
    })
}

/// `periodic:disabled`, sorted; None (a problem) when it can't be read: the tickers then
/// treat every entry as enabled.
fn read_disabled(store: &mut Store, problems: &mut Vec<Problem>) -> StoreResult<Option<Vec<Name>>> {
    match store.members(keys::PERIODIC_DISABLED) {
        Ok(d) => Ok(Some(d)),
        Err(e) if e.is_connection() => Err(e),
        Err(e) => {
            problems.push(Problem::from_store(keys::PERIODIC_DISABLED, &e));
            Ok(None)
        }
    }
}

/// The entry's keys that couldn't be read (both are strings).
fn state_problems(state: &EntryState) -> Vec<Problem> {
    state
        .problems
        .iter()
        .map(|(key, error)| Problem::wrong(key.clone(), KeyType::String, error))
        .collect()
}

pub fn zone_of(tz: &Option<String>) -> String {
    tz.clone().unwrap_or_else(cron::local_zone)
}

/// One entry with its computed times. `running_jobs` maps a jid to where it runs.
fn entry(
    pjid: &Name,
    raw: &[u8],
    state: &EntryState,
    disabled: &Option<Vec<Name>>,
    local: &str,
    now: f64,
    running_jobs: &[(String, Name, Option<f64>)],
) -> Periodic {
    let mut out = Periodic {
        pjid: pjid.clone(),
        class: None,
        cron: None,
        zone: local.to_string(),
        args: None,
        retry: None,
        unique: None,
        enabled: disabled
            .as_ref()
            .is_none_or(|d| d.binary_search(pjid).is_err()),
        next_run: None,
        next_time: None,
        last_run: state.last_slot,
        last_time: state.last_slot.map(|t| rfc3339(t as f64)),
        running: state.running.as_ref().map(|(jid, ttl)| {
            let here = running_jobs.iter().find(|(j, _, _)| j == jid);
            RunningLock {
                jid: jid.clone(),
                ttl: ttl.map(|ms| ms as f64 / 1000.0),
                running_on: here.map(|(_, id, _)| id.clone()),
                run_at: here.and_then(|(_, _, t)| *t),
            }
        }),
        error: None,
        raw: None,
    };
    let fields: EntryFields = match store_periodic::parse_entry(raw) {
        Ok(f) => f,
        Err(why) => {
            out.error = Some(why);
            out.raw = Some(String::from_utf8_lossy(raw).into_owned());
            return out;
        }
    };
    out.class = fields.class.map(|c| c.into_owned());
    out.cron = fields.cron.as_deref().map(str::to_string);
    out.args = fields.args.map(ToOwned::to_owned);
    out.retry = fields.retry.map(ToOwned::to_owned);
    out.unique = fields.unique.map(|u| u.into_owned());
    let text = out.cron.clone().unwrap_or_default();
    match Cron::parse(&text) {
        Ok(c) => {
            if let Some(z) = c.zone() {
                out.zone = z.to_string();
            }
            match c.next_after(now, local) {
                // The tickers skip a disabled entry: it has no next run until it is enabled.
                Ok(_) if !out.enabled => {}
                Ok(next) => {
                    out.next_run = next;
                    out.next_time = next.map(rfc3339);
                }
                Err(e) => out.error = Some(format!("the next run can't be computed: {e}")),
            }
        }
        Err(e) => out.error = Some(format!("cron {text:?}: {e}")),
    }
    out
}

/// The jobs running now in live processes, as (jid, identity, run_at).
fn running_now(store: &mut Store, now: f64) -> StoreResult<Vec<(String, Name, Option<f64>)>> {
    Ok(read_running(store, now, false)?
        .jobs
        .into_iter()
        .filter_map(|r| r.jid.clone().map(|j| (j, r.identity.clone(), r.run_at)))
        .collect())
}

fn matches(search: &Search, pjid: &Name, raw: &[u8]) -> bool {
    search.is_in(&pjid.shown()) || search.is_in(&String::from_utf8_lossy(raw))
}

/// A job of an entry, wherever it is now.
#[derive(Debug, Serialize)]
pub struct EntryJob {
    /// `enqueued`, `scheduled`, `retry` or `dead`.
    pub status: &'static str,
    pub queue: Option<String>,
    pub jid: Option<String>,
    /// The slot that fired it (`periodic_slot`).
    pub slot: Option<i64>,
    /// enqueued_at on a queue, else the set's score.
    pub at: Option<f64>,
}

#[derive(Debug, Serialize)]
pub struct ShowReport {
    #[serde(flatten)]
    pub entry: Periodic,
    /// The next five fire times, epoch seconds (none while the entry is disabled).
    pub next_runs: Vec<f64>,
    /// Its jobs now waiting, scheduled, retrying or dead (they carry `periodic_pjid`).
    pub jobs: Vec<EntryJob>,
    pub problems: Vec<Problem>,
}

pub fn resolve(store: &mut Store, given: &str) -> anyhow::Result<(Name, Vec<u8>, EntryState)> {
    let entries = store_periodic::schedule(store)?;
    let pjids: Vec<Name> = entries.iter().map(|(p, _)| p.clone()).collect();
    let pjid = store_periodic::resolve(given, &pjids)
        .map_err(UsageError)?
        .clone();
    let raw = entries
        .into_iter()
        .find(|(p, _)| *p == pjid)
        .map(|(_, r)| r)
        .unwrap_or_default();
    let state = store_periodic::states(store, std::slice::from_ref(&pjid))?
        .pop()
        .unwrap_or_default();
    Ok((pjid, raw, state))
}

/// The jobs that carry `"periodic_pjid":"<pjid>"`: every queue read in pages with that text
/// as a pre-filter, the three sets by `ZSCAN … MATCH`.
pub fn entry_jobs(
    store: &mut Store,
    pjid: &Name,
    problems: &mut Vec<Problem>,
) -> StoreResult<Vec<EntryJob>> {
    let text = pjid.shown().into_owned();
    let needle = format!(
        "\"periodic_pjid\":{}",
        serde_json::to_string(&text).expect("a string serialises")
    );
    let of_entry = |raw: &[u8]| {
        Job::parse(raw).is_ok_and(|j| j.get_str("periodic_pjid").as_deref() == Some(text.as_str()))
    };
    let job_of = |status: &'static str, raw: &[u8], at: Option<f64>| {
        let job = Job::parse(raw).ok();
        EntryJob {
            status,
            queue: job
                .as_ref()
                .and_then(|j| j.queue.as_deref().map(str::to_string)),
            jid: job
                .as_ref()
                .and_then(|j| j.jid.as_deref().map(str::to_string)),
            slot: job
                .as_ref()
                .and_then(|j| j.get("periodic_slot"))
                .and_then(|v| v.get().parse().ok()),
            at: at.or_else(|| job.as_ref().and_then(|j| j.enqueued_at())),
        }
    };
    let mut out = Vec::new();
    let (queues, queue_problems) = crate::ops::queues::read_queues(store, 0.0)?;
    problems.extend(queue_problems);
    for q in queues.iter().filter(|q| q.size > 0) {
        let key = keys::queue(&q.name);
        let mut pager = ListPager::new(key.clone());
        loop {
            let page = match pager.next_page(store) {
                Ok(Some(page)) => page,
                Ok(None) => break,
                Err(e) if e.is_connection() => return Err(e),
                Err(e) => {
                    problems.push(Problem::from_store(key.clone(), &e));
                    break;
                }
            };
            for raw in page {
                if find::contains(&raw, needle.as_bytes()) && of_entry(&raw) {
                    out.push(job_of("enqueued", &raw, None));
                }
            }
        }
    }
    for (set, status) in [
        (JobSet::Schedule, "scheduled"),
        (JobSet::Retry, "retry"),
        (JobSet::Dead, "dead"),
    ] {
        match find::in_zset_matching(store, set.key(), &needle, of_entry) {
            Ok(hits) => out.extend(
                hits.iter()
                    .map(|e| job_of(status, &e.member.raw, Some(e.score.value))),
            ),
            Err(e) if e.is_connection() => return Err(e),
            Err(e) => problems.push(Problem::from_store(set.key(), &e)),
        }
    }
    Ok(out)
}

#[derive(Debug, Serialize)]
pub struct RunNowReport {
    pub pjid: Name,
    pub jid: String,
    pub class: String,
    pub queue: String,
    /// The job as pushed.
    pub payload: Box<RawValue>,
    /// What was kept to undo the push, absent with --no-undo.
    pub undo: Option<undo::Kept>,
}

/// Push one entry's job now, as its ticker would (its undo record kept unless --no-undo).
pub fn run_now(ctx: &mut Session, given: &str) -> anyhow::Result<RunNowReport> {
    let clock = ctx.ui.clock;
    let store = ctx.store()?;
    let (pjid, raw, _) = resolve(store, given)?;
    let fields = store_periodic::parse_entry(&raw)
        .map_err(|why| anyhow::anyhow!("{}: {why}; nothing was pushed", pjid.shown()))?;
    let args = fields.args.map_or_else(
        || Cow::Owned(RawValue::from_string("[]".into()).expect("JSON")),
        Cow::Borrowed,
    );
    let spec = JobSpec {
        class: fields.class.clone().unwrap_or_default(),
        args,
        queue: None,
        retry: fields.retry.map(Cow::Borrowed),
        unique: false,
        when: When::Now,
        set: Vec::new(),
    };
    spec.check()
        .map_err(|why| anyhow::anyhow!("{}: {why}; nothing was pushed", pjid.shown()))?;
    let mut batch = Batch::default();
    batch
        .add(&spec, &mut crate::store::ids::Jids::new(), &clock)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let (outcomes, undo_kept) = push::write_undoable(ctx, &batch)?;
    let store = ctx.store()?;
    let outcome = outcomes.into_iter().next().expect("one outcome per job");
    let job = batch.get(0);
    if let Written::Failed(text) = outcome {
        anyhow::bail!(push::failure_reason(store, &job, &text));
    }
    Ok(RunNowReport {
        undo: undo_kept,
        pjid,
        jid: job.jid.to_string(),
        class: spec.class.to_string(),
        queue: job.queue.to_string(),
        payload: RawValue::from_string(String::from_utf8_lossy(job.payload).into_owned())
            .expect("a pushed job is JSON"),
    })
}

#[derive(Debug, Serialize)]
pub struct ToggleReport {
    /// `disable` or `enable`.
    pub action: &'static str,
    pub target: String,
    pub entries: Vec<ToggleRow>,
    /// What was kept to undo it, absent with --no-undo or when nothing changed.
    pub undo: Option<undo::Kept>,
}

#[derive(Debug, Serialize)]
pub struct ToggleRow {
    pub pjid: Name,
    /// False when it already was in the asked state.
    pub changed: bool,
}

/// How late one enabled entry is: how long its first slot after the last one it fired has
/// been due without a ticker claiming it (0 when it is up to date).
#[derive(Debug)]
pub struct EntryDelay {
    pub pjid: Name,
    pub class: String,
    pub delay: f64,
    /// `periodic:last_slot`, when it fired before.
    pub last_slot: Option<i64>,
    /// The jid holding its until_executed run lock, when it is unique and held.
    pub locked_by: Option<String>,
}

/// The delay of every enabled entry whose JSON and cron read, in the order of the schedule
/// hash; `Err` with the keys' problems when the schedule or its state can't be read.
pub fn entry_delays(
    store: &mut Store,
    now: f64,
    local: &str,
) -> StoreResult<Result<Vec<EntryDelay>, String>> {
    let r = read(store)?;
    if !r.problems.is_empty() {
        return Ok(Err(r
            .problems
            .iter()
            .map(|p| format!("{}: {}", p.key.shown(), p.error))
            .collect::<Vec<_>>()
            .join("; ")));
    }
    let mut delays = Vec::new();
    for ((pjid, raw), state) in r.entries.iter().zip(&r.states) {
        if r.disabled
            .as_ref()
            .is_some_and(|d| d.binary_search(pjid).is_ok())
        {
            continue;
        }
        let Ok(fields) = store_periodic::parse_entry(raw) else {
            continue;
        };
        let Ok(cron) = Cron::parse(fields.cron.as_deref().unwrap_or_default()) else {
            continue;
        };
        // Late since the first slot after the last one fired (the most recent slot when it
        // never fired).
        let first_missed = match state.last_slot {
            Some(last) => cron.next_after(last as f64, local),
            None => cron.previous_at_or_before(now, local),
        };
        let Ok(Some(first_missed)) = first_missed else {
            continue;
        };
        let unique = fields.unique.as_deref() == Some("until_executed");
        delays.push(EntryDelay {
            pjid: pjid.clone(),
            class: fields.class.as_deref().unwrap_or("?").to_string(),
            delay: (now - first_missed).max(0.0),
            last_slot: state.last_slot,
            locked_by: state
                .running
                .as_ref()
                .filter(|_| unique)
                .map(|(jid, _)| jid.clone()),
        });
    }
    Ok(Ok(delays))
}

/// The latest enabled entry (see [`entry_delays`]), and what holds it up. For
/// `check --max-periodic-delay`.
pub fn worst_delay(
    store: &mut Store,
    now: f64,
    local: &str,
) -> StoreResult<Result<(f64, Option<String>), String>> {
    let delays = match entry_delays(store, now, local)? {
        Ok(d) => d,
        Err(e) => return Ok(Err(e)),
    };
    let worst = delays
        .iter()
        .filter(|d| d.delay > 0.0)
        .fold(None::<&EntryDelay>, |w, d| match w {
            Some(w) if w.delay >= d.delay => Some(w),
            _ => Some(d),
        });
    let Some(worst) = worst else {
        return Ok(Ok((
            0.0,
            Some("every enabled entry has fired its last slot".into()),
        )));
    };
    let cause = match &worst.locked_by {
        Some(jid) => format!("blocked by its until_executed run lock, held by {jid}"),
        None if !any_live_process(store)? => "no live worker process is ticking".into(),
        None => "no ticker has claimed its slot".into(),
    };
    let last = worst.last_slot.map_or("never fired".into(), |t| {
        format!("last fired {}", rfc3339(t as f64))
    });
    Ok(Ok((
        worst.delay,
        Some(format!(
            "{} {} ({last}): {cause}",
            short(&worst.pjid),
            worst.class
        )),
    )))
}

/// Any process of `cogworker:processes` with its presence key.
fn any_live_process(store: &mut Store) -> StoreResult<bool> {
    let identities = match store.members(keys::PROCESSES) {
        Ok(ids) => ids,
        Err(e) if e.is_connection() => return Err(e),
        Err(_) => return Ok(false),
    };
    if identities.is_empty() {
        return Ok(false);
    }
    let mut pipe = redis::pipe();
    for id in &identities {
        pipe.cmd("EXISTS").arg(keys::process(id));
    }
    Ok(store
        .pipeline(&pipe)?
        .iter()
        .any(|r| matches!(r, Ok(v) if value::int(v) == Some(1))))
}

/// The one-line picture `stats` gives of the periodic entries.
#[derive(Debug, Serialize)]
pub struct Summary {
    pub entries: u64,
    pub disabled: u64,
    /// Entries whose until_executed run lock is held.
    pub locked: u64,
    /// Entries whose JSON or cron can't be read.
    pub unreadable: u64,
    /// The next entry to fire (enabled only): its class, pjid and time.
    pub next_class: Option<String>,
    pub next_pjid: Option<Name>,
    pub next_run: Option<f64>,
}

/// The summary, or None when no entry is published; problems of the keys read.
pub fn summary(
    store: &mut Store,
    now: f64,
    local: &str,
) -> StoreResult<(Option<Summary>, Vec<Problem>)> {
    let r = read(store)?;
    if r.entries.is_empty() {
        return Ok((None, r.problems));
    }
    let mut out = Summary {
        entries: r.entries.len() as u64,
        disabled: 0,
        locked: 0,
        unreadable: 0,
        next_class: None,
        next_pjid: None,
        next_run: None,
    };
    for ((pjid, raw), state) in r.entries.iter().zip(&r.states) {
        let e = entry(pjid, raw, state, &r.disabled, local, now, &[]);
        out.disabled += u64::from(!e.enabled);
        out.locked += u64::from(e.running.is_some());
        out.unreadable += u64::from(e.error.is_some());
        if let (true, Some(t)) = (e.enabled, e.next_run)
            && out.next_run.is_none_or(|n| t < n)
        {
            out.next_run = Some(t);
            out.next_class = e.class.clone();
            out.next_pjid = Some(pjid.clone());
        }
    }
    Ok((Some(out), r.problems))
}

/// Every periodic entry (those whose pjid or entry holds `search`, when given), with its
/// state, next run (in `tz`, else the local zone) and the run holding its lock.
pub fn list(
    store: &mut Store,
    now: f64,
    tz: &Option<String>,
    search: Option<&Search>,
) -> StoreResult<PeriodicReport> {
    let local = zone_of(tz);
    let r = read(store)?;
    let running = if r.states.iter().any(|s| s.running.is_some()) {
        running_now(store, now)?
    } else {
        Vec::new()
    };
    let entries = r
        .entries
        .iter()
        .zip(&r.states)
        .filter(|((pjid, raw), _)| search.is_none_or(|s| matches(s, pjid, raw)))
        .map(|((pjid, raw), state)| entry(pjid, raw, state, &r.disabled, &local, now, &running))
        .collect();
    Ok(PeriodicReport {
        local_zone: local,
        entries,
        problems: r.problems,
    })
}

/// One entry (`given`: a pjid or its unique prefix) with its next five runs and the jobs it
/// pushed that are still somewhere.
pub fn show(
    store: &mut Store,
    now: f64,
    tz: &Option<String>,
    given: &str,
) -> anyhow::Result<ShowReport> {
    let local = zone_of(tz);
    let (pjid, raw, state) = resolve(store, given)?;
    let mut problems = state_problems(&state);
    let disabled = read_disabled(store, &mut problems)?;
    let running = running_now(store, now)?;
    let entry = entry(&pjid, &raw, &state, &disabled, &local, now, &running);
    let next_runs = entry
        .cron
        .as_deref()
        .filter(|_| entry.enabled)
        .and_then(|c| Cron::parse(c).ok())
        .and_then(|c| c.next_n(now, &local, 5).ok())
        .unwrap_or_default();
    let jobs = entry_jobs(store, &pjid, &mut problems)?;
    Ok(ShowReport {
        entry,
        next_runs,
        jobs,
        problems,
    })
}

/// The entries a toggle acts on: every one (`all`), or each given pjid (or unique prefix)
/// once, in order. A pjid that names no entry is a usage error.
pub fn chosen(store: &mut Store, given: &[String], all: bool) -> anyhow::Result<Vec<Name>> {
    store.expect_type(keys::PERIODIC_DISABLED, KeyType::Set)?;
    let entries = store_periodic::schedule(store)?;
    let pjids: Vec<Name> = entries.into_iter().map(|(p, _)| p).collect();
    if all {
        return Ok(pjids);
    }
    let mut out = Vec::new();
    for given in given {
        let p = store_periodic::resolve(given, &pjids).map_err(UsageError)?;
        if !out.contains(p) {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// Disable (or enable) the `chosen` entries, keeping the undo record of those it changed;
/// the counts go to the audit entry.
pub fn toggle(ctx: &mut Session, chosen: Vec<Name>, disable: bool) -> anyhow::Result<ToggleReport> {
    let mut recorder = ctx.start_undo(
        if disable {
            Kind::MembersAdded
        } else {
            Kind::MembersRemoved
        },
        &[("key", keys::PERIODIC_DISABLED.as_bytes())],
    )?;
    let store = ctx.store()?;
    let mut pipe = redis::pipe();
    for p in &chosen {
        pipe.cmd(if disable { "SADD" } else { "SREM" })
            .arg(keys::PERIODIC_DISABLED)
            .arg(p);
    }
    let replies = store.pipeline(&pipe)?;
    let mut rows = Vec::new();
    for (p, reply) in chosen.into_iter().zip(replies) {
        let reply = reply.map_err(|e| anyhow::anyhow!("{}: {e}", keys::PERIODIC_DISABLED))?;
        rows.push(ToggleRow {
            pjid: p,
            changed: value::int(&reply) == Some(1),
        });
    }
    if let Some(r) = recorder.as_mut() {
        let changed: Vec<&Name> = rows.iter().filter(|r| r.changed).map(|r| &r.pjid).collect();
        undo::keep_names(store, r, &changed)?;
    }
    let target = store.target().to_string();
    let report = ToggleReport {
        action: if disable { "disable" } else { "enable" },
        target,
        entries: rows,
        undo: ctx.finish_undo(recorder.as_ref()),
    };
    let matched = report.entries.len() as u64;
    let done = report.entries.iter().filter(|r| r.changed).count() as u64;
    ctx.record(Counts {
        matched,
        done,
        skipped: matched - done,
        ..Counts::default()
    });
    Ok(report)
}

/// `8d9c2947` for a pjid, like git's short hashes.
pub fn short(pjid: &Name) -> String {
    pjid.shown().chars().take(8).collect()
}
