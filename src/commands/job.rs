//! `cogctl job JID` (also `dead show`, `retry show`, `scheduled show`).
//!
//! A job can legitimately be in more than one place (dead, and still on the in-progress list
//! of a process that died while filing it), so every place is searched and every sighting
//! reported. Sorted sets are searched with `ZSCAN … MATCH *"jid":"<jid>"*`, lists in
//! bounded pages with the same substring as a pre-filter: both rely on the compact JSON the
//! gem writes (KEYS.md §1.2), and every candidate is parsed to confirm its jid.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Number, Value};

use super::Ctx;
use crate::clock::rfc3339;
use crate::duration::span;
use crate::ops::Problem;
use crate::render::Report;
use crate::render::list::trouble;
use crate::render::table::{cut, one_line, pad, width};
use crate::render::time::{absolute, run_time, when};
use crate::store::find;
use crate::store::job::Job;
use crate::store::liveness::{self, DEFAULT_THRESHOLD, ListState, Liveness};
use crate::store::page::{Score, ZEntry};
use crate::store::unsettled::parse_record;
use crate::store::{JobSet, KeyType, Name, Store, StoreResult, keys, value};
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::text::json::pretty;
use crate::text::size::counted;
use crate::text::visible;

/// Attempts read from the end of a log (the gem keeps 25).
const ATTEMPTS_READ: i64 = 100;

/// Find a job wherever it is, show its payload and its attempt timeline
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "Where the job is now, its payload, its attempt timeline, its finished runs",
        "cogctl job f8138b8b5e56769076bcad1f",
    ),
    (
        "The same, with the backtraces of its failed runs",
        "cogctl job f8138b8b5e56769076bcad1f --backtrace",
    ),
    (
        "For a script (exit 1 when it is found nowhere)",
        "cogctl job f8138b8b5e56769076bcad1f --json",
    ),
]))]
pub struct JobArgs {
    /// The job's jid (24 hex characters)
    pub jid: String,

    /// Show the backtraces of its failed runs (from the History middleware's records)
    #[arg(long)]
    pub backtrace: bool,

    /// Set by `dead show` and the like: the set the job is expected in.
    #[arg(skip)]
    pub expect: Option<JobSet>,
}

#[derive(Debug, Serialize)]
pub struct JobReport {
    pub jid: String,
    /// Whether the job was found anywhere.
    pub found: bool,
    /// For `dead show` / `retry show` / `scheduled show`: the set asked about.
    pub expected: Option<&'static str>,
    /// Every place the job is, in search order.
    pub locations: Vec<Location>,
    /// Where `payload` was read from (the expected set when the job is there, else the
    /// first location).
    pub payload_from: Option<&'static str>,
    /// The job as stored there, byte for byte (every field in stored order, numbers and
    /// strings as written); null when it is not JSON.
    pub payload: Option<Box<RawValue>>,
    /// The failure timeline (cogworker:job_attempts:<jid>), oldest first.
    pub attempts: Vec<Attempt>,
    /// Entries in the attempts log (only the last 100 are read).
    pub attempts_total: u64,
    /// Its finished runs from `cogworker:history:all` (the History middleware, opt-in),
    /// oldest first.
    pub runs: Vec<FinishedRun>,
    /// Whether any run history exists in this Redis (false: the middleware isn't enabled).
    pub history: bool,
    /// Its `status:<jid>` hash (the Status middleware, opt-in), fields in stored order, with
    /// the hash's TTL in seconds; null when there is none.
    pub status: Option<StatusHash>,
    pub searched: Searched,
    #[serde(skip)]
    show_backtrace: bool,
    pub problems: Vec<Problem>,
}

/// One place the job is. `member` is always the raw stored string.
#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Location {
    /// Waiting on a queue.
    Queue {
        queue: Name,
        /// Index from the head (the LPUSH end; 0 = last in line).
        index: u64,
        /// Jobs that run before it (0 = next to run).
        ahead: u64,
        /// The queue's length when it was read.
        length: u64,
        member: String,
    },
    /// On a process's in-progress list.
    InProgress {
        identity: Name,
        /// The owner as orphan recovery judges it (default threshold 300 s).
        owner: Option<Liveness>,
        /// When the job started, from the owner's workers hash (stale when the owner is dead).
        run_at: Option<i64>,
        index: u64,
        member: String,
    },
    Scheduled {
        score: Option<Number>,
        /// The score as RFC 3339: when it is due.
        time: String,
        member: String,
    },
    Retry {
        score: Option<Number>,
        /// When the next attempt is due.
        time: String,
        member: String,
    },
    Dead {
        score: Option<Number>,
        /// When it died.
        time: String,
        member: String,
    },
    /// In a record of cogworker:unsettled, waiting to be filed.
    Unsettled {
        position: u64,
        /// The set the record files the job into.
        set: Option<String>,
        score: Option<Number>,
        time: Option<String>,
        valid: bool,
        /// Why the record would be quarantined instead of filed.
        reason: Option<String>,
        /// The whole record.
        member: String,
    },
    /// Parked on cogworker:repeat_orphans, to be buried in dead.
    RepeatOrphan { position: u64, member: String },
}

impl Location {
    pub fn kind(&self) -> &'static str {
        match self {
            Location::Queue { .. } => "queue",
            Location::InProgress { .. } => "in_progress",
            Location::Scheduled { .. } => "scheduled",
            Location::Retry { .. } => "retry",
            Location::Dead { .. } => "dead",
            Location::Unsettled { .. } => "unsettled",
            Location::RepeatOrphan { .. } => "repeat_orphan",
        }
    }

    fn is_in(&self, set: JobSet) -> bool {
        matches!(
            (self, set),
            (Location::Scheduled { .. }, JobSet::Schedule)
                | (Location::Retry { .. }, JobSet::Retry)
                | (Location::Dead { .. }, JobSet::Dead)
        )
    }
}

/// How much was searched, so "not found" can say where.
#[derive(Debug, Default, Serialize)]
pub struct Searched {
    pub queues: u64,
    pub in_progress_lists: u64,
}

/// One finished run of the job, as the History middleware recorded it.
#[derive(Debug, Serialize)]
pub struct FinishedRun {
    /// When it finished (the score).
    pub finished_at: f64,
    pub time: String,
    pub started_at: Option<f64>,
    /// Seconds.
    pub duration: Option<f64>,
    /// `success` or `failed`.
    pub status: Option<String>,
    pub queue: Option<String>,
    pub error_class: Option<String>,
    pub error_message: Option<String>,
    pub backtrace: Vec<String>,
    /// Why the entry could not be read, when it could not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invalid: Option<String>,
}

/// A `status:<jid>` hash.
#[derive(Debug, Serialize)]
pub struct StatusHash {
    pub fields: serde_json::Map<String, Value>,
    /// Seconds until it expires (null: no TTL).
    pub ttl: Option<i64>,
}

/// One entry of the attempts log (KEYS.md §3.23).
#[derive(Debug, Serialize)]
pub struct Attempt {
    pub attempt: Option<i64>,
    pub failed_at: Option<Number>,
    pub time: Option<String>,
    /// `retrying`, `dead`, `killed` or `discarded`.
    pub outcome: Option<String>,
    /// The outcome as the Web UI words it: `retry 2 of 25`, `no retries left, moved to dead
    /// set`, `killed by retry_in, moved to dead set`, `discarded by retry_in`.
    pub label: Option<String>,
    pub error_class: Option<String>,
    pub error_message: Option<String>,
    /// Seconds since the previous attempt; for the first, since the job's created_at.
    pub gap: Option<f64>,
    /// Why the entry can't be read (it is then shown as stored, in `raw`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invalid: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raw: Option<String>,
}

impl Attempt {
    fn failed_at_value(&self) -> Option<f64> {
        self.failed_at.as_ref().and_then(Number::as_f64)
    }
}

fn text(raw: &[u8]) -> String {
    String::from_utf8_lossy(raw).into_owned()
}

fn number(score: &Score) -> Option<Number> {
    score.text.parse().ok()
}

/// One search: every sighting with the payload text it holds (the record's inner job for
/// an unsettled record), and the keys that could not be read.
struct Search<'a> {
    jid: &'a str,
    needle: String,
    found: Vec<(Location, String)>,
    problems: Vec<Problem>,
    searched: Searched,
}

impl Search<'_> {
    /// A key that can't be read is a problem of the report; a lost connection ends the run.
    fn absorb(&mut self, key: impl Into<Name>, result: StoreResult<()>) -> StoreResult<()> {
        match result {
            Err(e) if e.is_connection() => Err(e),
            Err(e) => {
                self.problems.push(Problem::from_store(key, &e));
                Ok(())
            }
            Ok(()) => Ok(()),
        }
    }

    fn queues(&mut self, store: &mut Store) -> StoreResult<()> {
        let mut names = Vec::new();
        for registry in [keys::QUEUES, keys::PAUSED_QUEUES] {
            let result = store.members(registry).map(|n| names.extend(n));
            self.absorb(registry, result)?;
        }
        names.sort();
        names.dedup();
        for name in names {
            self.searched.queues += 1;
            let key = keys::queue(&name);
            let result = self.queue(store, &name, &key);
            self.absorb(&key, result)?;
        }
        Ok(())
    }

    fn queue(&mut self, store: &mut Store, name: &Name, key: &Name) -> StoreResult<()> {
        let jid = self.jid;
        let hits = find::in_list(store, key, self.needle.as_bytes(), |raw| {
            find::is_job(raw, jid)
        })?;
        if hits.is_empty() {
            return Ok(());
        }
        let length: u64 = store.query(redis::cmd("LLEN").arg(key), key, KeyType::List)?;
        for (index, raw) in hits {
            let member = text(&raw);
            self.found.push((
                Location::Queue {
                    queue: name.clone(),
                    index,
                    ahead: length.saturating_sub(index + 1),
                    length: length.max(index + 1),
                    member: member.clone(),
                },
                member,
            ));
        }
        Ok(())
    }

    fn in_progress(&mut self, store: &mut Store, pinned: Option<f64>) -> StoreResult<()> {
        let candidates = liveness::candidates(store)?;
        if let Some(e) = &candidates.registry_error {
            self.problems
                .push(Problem::from_store(keys::INPROGRESS_IDENTITIES, e));
        }
        for identity in &candidates.identities {
            self.searched.in_progress_lists += 1;
            let key = keys::inprogress(identity);
            let result = self.in_progress_list(store, identity, &key, pinned);
            self.absorb(&key, result)?;
        }
        Ok(())
    }

    fn in_progress_list(
        &mut self,
        store: &mut Store,
        identity: &Name,
        key: &Name,
        pinned: Option<f64>,
    ) -> StoreResult<()> {
        let jid = self.jid;
        let hits = find::in_list(store, key, self.needle.as_bytes(), |raw| {
            find::is_job(raw, jid)
        })?;
        if hits.is_empty() {
            return Ok(());
        }
        let owner = match ListState::read(store, identity) {
            Ok(state) => {
                if state.last_beat_unreadable {
                    crate::ops::orphans::beat_unreadable(store, &mut self.problems)?;
                }
                Some(state.judge(DEFAULT_THRESHOLD, pinned).liveness)
            }
            Err(e) if e.is_connection() => return Err(e),
            Err(e) => {
                self.problems.push(Problem::from_store(key, &e));
                None
            }
        };
        let run_at = self.run_at(store, identity)?;
        for (index, raw) in hits {
            let member = text(&raw);
            self.found.push((
                Location::InProgress {
                    identity: identity.clone(),
                    owner,
                    run_at,
                    index,
                    member: member.clone(),
                },
                member,
            ));
        }
        Ok(())
    }

    /// The `run_at` of this job's entry in the owner's workers hash (one field per thread),
    /// each entry read as `busy` reads it.
    fn run_at(&mut self, store: &mut Store, identity: &Name) -> StoreResult<Option<i64>> {
        let key = keys::workers(identity);
        let entries =
            match store.query::<redis::Value>(redis::cmd("HGETALL").arg(&key), &key, KeyType::Hash)
            {
                Ok(v) => value::pairs(&v),
                Err(e) if e.is_connection() => return Err(e),
                Err(e) => {
                    self.problems.push(Problem::from_store(&key, &e));
                    return Ok(None);
                }
            };
        Ok(entries.iter().find_map(|(tid, raw)| {
            let entry = crate::ops::busy::read_entry(identity, tid, raw, false, 0.0);
            (entry.jid.as_deref() == Some(self.jid))
                .then_some(entry.run_at)
                .flatten()
                .map(|t| t as i64)
        }))
    }

    fn zset(&mut self, store: &mut Store, set: JobSet) -> StoreResult<()> {
        let hits = find::in_zset(store, set.key(), self.jid)?;
        for ZEntry { member, score } in hits {
            let raw = member.raw;
            let member = text(&raw);
            let (score_number, time) = (number(&score), rfc3339(score.value));
            let location = match set {
                JobSet::Schedule => Location::Scheduled {
                    score: score_number,
                    time,
                    member: member.clone(),
                },
                JobSet::Retry => Location::Retry {
                    score: score_number,
                    time,
                    member: member.clone(),
                },
                JobSet::Dead => Location::Dead {
                    score: score_number,
                    time,
                    member: member.clone(),
                },
            };
            self.found.push((location, member));
        }
        Ok(())
    }

    fn unsettled(&mut self, store: &mut Store) -> StoreResult<()> {
        // Inside a record the payload is a JSON string, so its quotes are escaped once more.
        let escaped = serde_json::to_string(&self.needle).expect("a string serialises");
        let prefilter = escaped[1..escaped.len() - 1].to_string();
        let jid = self.jid;
        let hits = find::in_list(store, keys::UNSETTLED, prefilter.as_bytes(), |raw| {
            parse_record(raw)
                .payload
                .is_some_and(|p| find::is_job(p.as_bytes(), jid))
        })?;
        for (position, raw) in hits {
            let record = parse_record(&raw);
            let payload = record.payload.unwrap_or_default();
            let time = record.score.as_ref().and_then(Number::as_f64).map(rfc3339);
            self.found.push((
                Location::Unsettled {
                    position,
                    set: record.set,
                    score: record.score,
                    time,
                    valid: record.invalid.is_none(),
                    reason: record.invalid,
                    member: text(&raw),
                },
                payload,
            ));
        }
        Ok(())
    }

    fn repeat_orphans(&mut self, store: &mut Store) -> StoreResult<()> {
        let jid = self.jid;
        let hits = find::in_list(store, keys::REPEAT_ORPHANS, self.needle.as_bytes(), |raw| {
            find::is_job(raw, jid)
        })?;
        for (position, raw) in hits {
            let member = text(&raw);
            self.found.push((
                Location::RepeatOrphan {
                    position,
                    member: member.clone(),
                },
                member,
            ));
        }
        Ok(())
    }
}

fn attempts(
    store: &mut Store,
    jid: &str,
    created_at: Option<f64>,
    problems: &mut Vec<Problem>,
) -> StoreResult<(Vec<Attempt>, u64)> {
    let key = keys::job_attempts(jid);
    let mut pipe = redis::pipe();
    pipe.cmd("LLEN").arg(&key);
    pipe.cmd("LRANGE").arg(&key).arg(-ATTEMPTS_READ).arg(-1);
    let replies = store.pipeline(&pipe)?;
    let (total, entries) = match (&replies[0], &replies[1]) {
        (Ok(len), Ok(items)) => (
            value::int(len).unwrap_or(0).max(0) as u64,
            value::items(items)
                .iter()
                .filter_map(value::bytes)
                .map(<[u8]>::to_vec)
                .collect::<Vec<_>>(),
        ),
        (Err(e), _) | (_, Err(e)) => {
            problems.push(Problem::wrong(&key, KeyType::List, e));
            return Ok((Vec::new(), 0));
        }
    };
    let mut previous = created_at;
    let mut out = Vec::with_capacity(entries.len());
    for raw in entries {
        let mut attempt = read_attempt(&raw);
        if let Some(t) = attempt.failed_at_value() {
            attempt.gap = previous.map(|p| t - p);
            previous = Some(t);
        }
        out.push(attempt);
    }
    Ok((out, total))
}

/// The Web UI's words for an attempt's outcome.
fn label(outcome: Option<&str>, attempt: Option<i64>, max: Option<i64>) -> Option<String> {
    Some(match outcome? {
        "retrying" => match (attempt, max) {
            (Some(n), Some(m)) => format!("retry {n} of {m}"),
            (Some(n), None) => format!("retry {n}"),
            _ => "retrying".into(),
        },
        "dead" => "no retries left, moved to dead set".into(),
        "killed" => "killed by retry_in, moved to dead set".into(),
        "discarded" => "discarded by retry_in".into(),
        other => other.to_string(),
    })
}

fn finished_run(entry: &ZEntry) -> FinishedRun {
    let mut out = FinishedRun {
        finished_at: entry.score.value,
        time: rfc3339(entry.score.value),
        started_at: None,
        duration: None,
        status: None,
        queue: None,
        error_class: None,
        error_message: None,
        backtrace: Vec::new(),
        invalid: None,
    };
    match crate::ops::history::parse_run(&entry.member.raw) {
        Ok(run) => {
            out.started_at = run.started_at;
            out.duration = run.duration().map(|d| (d * 1e6).round() / 1e6);
            out.status = run.status.map(|c| c.into_owned());
            out.queue = run.queue.map(|c| c.into_owned());
            out.error_class = run.error_class.map(|c| c.into_owned());
            out.error_message = run.error_message.map(|c| c.into_owned());
            out.backtrace = run
                .backtrace
                .unwrap_or_default()
                .into_iter()
                .map(|l| l.into_owned())
                .collect();
        }
        Err(reason) => out.invalid = Some(reason),
    }
    out
}

/// `status:<jid>` (HGETALL, in stored order) and its TTL; a hash of the wrong type is a
/// problem.
fn status_hash(
    store: &mut Store,
    jid: &str,
    problems: &mut Vec<Problem>,
) -> StoreResult<Option<StatusHash>> {
    let key = keys::status(jid);
    let mut pipe = redis::pipe();
    pipe.cmd("HGETALL").arg(&key);
    pipe.cmd("TTL").arg(&key);
    let replies = store.pipeline(&pipe)?;
    let pairs = match &replies[0] {
        Ok(v) => value::pairs(v),
        Err(e) => {
            problems.push(Problem::wrong(key, KeyType::Hash, e));
            return Ok(None);
        }
    };
    if pairs.is_empty() {
        return Ok(None);
    }
    let fields = pairs
        .iter()
        .map(|(k, v)| (k.shown().into_owned(), Value::String(text(v))))
        .collect();
    let ttl = match &replies[1] {
        Ok(v) => value::int(v).filter(|t| *t >= 0),
        Err(_) => None,
    };
    Ok(Some(StatusHash { fields, ttl }))
}

fn read_attempt(raw: &[u8]) -> Attempt {
    let invalid = |reason: String| Attempt {
        attempt: None,
        failed_at: None,
        time: None,
        outcome: None,
        label: None,
        error_class: None,
        error_message: None,
        gap: None,
        invalid: Some(reason),
        raw: Some(text(raw)),
    };
    let map = match serde_json::from_slice::<Value>(raw) {
        Ok(Value::Object(map)) => map,
        Ok(_) => return invalid("not a JSON object".into()),
        Err(_) => return invalid("not valid JSON".into()),
    };
    let string = |name: &str| map.get(name).and_then(Value::as_str).map(str::to_string);
    let failed_at = match map.get("failed_at") {
        Some(Value::Number(n)) => Some(n.clone()),
        _ => None,
    };
    Attempt {
        attempt: map.get("attempt").and_then(Value::as_i64),
        time: failed_at.as_ref().and_then(Number::as_f64).map(rfc3339),
        failed_at,
        outcome: string("outcome"),
        label: None,
        error_class: string("error_class"),
        error_message: string("error_message"),
        gap: None,
        invalid: None,
        raw: None,
    }
}

pub fn run(ctx: &mut Ctx, args: &JobArgs) -> anyhow::Result<JobReport> {
    let pinned = ctx.ui.clock.pinned.then_some(ctx.ui.clock.now);
    let store = ctx.store()?;
    let jid = args.jid.as_str();
    let mut search = Search {
        jid,
        needle: find::needle(jid),
        found: Vec::new(),
        problems: Vec::new(),
        searched: Searched::default(),
    };
    search.queues(store)?;
    search.in_progress(store, pinned)?;
    for set in [JobSet::Schedule, JobSet::Retry, JobSet::Dead] {
        let r = search.zset(store, set);
        search.absorb(set.key(), r)?;
    }
    let r = search.unsettled(store);
    search.absorb(keys::UNSETTLED, r)?;
    let r = search.repeat_orphans(store);
    search.absorb(keys::REPEAT_ORPHANS, r)?;

    let shown = args
        .expect
        .and_then(|set| search.found.iter().position(|(l, _)| l.is_in(set)))
        .or(if search.found.is_empty() {
            None
        } else {
            Some(0)
        });
    let (payload_from, payload) = match shown {
        Some(i) => {
            let (location, text) = &search.found[i];
            (
                Some(location.kind()),
                RawValue::from_string(text.clone()).ok(),
            )
        }
        None => (None, None),
    };
    let created_at = shown
        .and_then(|i| Job::parse(search.found[i].1.as_bytes()).ok())
        .and_then(|job| job.created_at);
    let mut problems = search.problems;
    let max_retries = shown
        .and_then(|i| Job::parse(search.found[i].1.as_bytes()).ok())
        .map(|job| job.max_retries());
    let (mut attempts, attempts_total) = attempts(store, jid, created_at, &mut problems)?;
    for a in &mut attempts {
        a.label = label(a.outcome.as_deref(), a.attempt, max_retries);
    }
    let runs = match find::in_zset(store, keys::HISTORY_ALL, jid) {
        Ok(entries) => entries.iter().map(finished_run).collect(),
        Err(e) if e.is_connection() => return Err(e.into()),
        Err(e) => {
            problems.push(Problem::from_store(keys::HISTORY_ALL, &e));
            Vec::new()
        }
    };
    let history = !runs.is_empty() || crate::ops::history::history_exists(store)?;
    let status = status_hash(store, jid, &mut problems)?;
    Ok(JobReport {
        jid: args.jid.clone(),
        found: !search.found.is_empty(),
        expected: args.expect.map(JobSet::name),
        locations: search.found.into_iter().map(|(l, _)| l).collect(),
        payload_from,
        payload,
        attempts,
        attempts_total,
        runs,
        history,
        status,
        searched: search.searched,
        show_backtrace: args.backtrace,
        problems,
    })
}

impl JobReport {
    fn in_expected(&self) -> bool {
        match self.expected {
            Some(name) => self.locations.iter().any(|l| l.kind() == name),
            None => true,
        }
    }
}

/// `died 17s ago (2026-12-02 10:41:33Z)`, or just the absolute time with --utc.
fn at(ui: &Ui, t: f64) -> String {
    if ui.utc {
        absolute(t)
    } else {
        format!("{} ({})", when(ui, t), absolute(t))
    }
}

fn score_at(ui: &Ui, score: &Option<Number>) -> String {
    score
        .as_ref()
        .and_then(Number::as_f64)
        .map_or_else(|| "unknown time".into(), |t| at(ui, t))
}

fn describe(ui: &Ui, location: &Location) -> (&'static str, String) {
    let s = &ui.styles;
    match location {
        Location::Queue {
            queue,
            ahead,
            length,
            ..
        } => (
            "queue",
            format!(
                "{}: waiting, {}",
                s.strong(&queue.shown()),
                match ahead {
                    0 => format!("next to run ({length} on the queue)"),
                    n => format!("{n} of {length} run before it"),
                }
            ),
        ),
        Location::InProgress {
            identity,
            owner,
            run_at,
            ..
        } => {
            let owner = match owner {
                Some(Liveness::Alive) => s.good("alive"),
                Some(Liveness::Silent) => s.warn("silent, not yet presumed dead"),
                Some(Liveness::PresumedDead) => s.bad("presumed dead"),
                Some(Liveness::Unknown) => s.warn("state unknown: cogworker:last_beat unreadable"),
                None => "state unknown".into(),
            };
            let started = match run_at {
                Some(t) => format!("started {}", at(ui, *t as f64)),
                None => "not in its workers hash".into(),
            };
            (
                "in progress",
                format!("on {} ({owner}), {started}", s.strong(&identity.shown())),
            )
        }
        Location::Scheduled { score, .. } => ("scheduled", format!("due {}", score_at(ui, score))),
        Location::Retry { score, .. } => ("retry", format!("next attempt {}", score_at(ui, score))),
        Location::Dead { score, .. } => ("dead", format!("died {}", score_at(ui, score))),
        Location::Unsettled {
            position,
            set,
            score,
            valid,
            reason,
            ..
        } => {
            let text = if *valid {
                let target = set
                    .as_deref()
                    .and_then(JobSet::from_key)
                    .map_or("?", JobSet::name);
                format!(
                    "record #{position}, to be filed in {target}, scored {}",
                    score_at(ui, score)
                )
            } else {
                s.bad(&format!(
                    "record #{position} is INVALID ({}): it would be quarantined",
                    one_line(reason.as_deref().unwrap_or("?"))
                ))
            };
            ("unsettled", text)
        }
        Location::RepeatOrphan { position, .. } => (
            "repeat orphan",
            format!(
                "parked (#{position} of {}), to be buried in dead",
                keys::REPEAT_ORPHANS
            ),
        ),
    }
}

const GAP: &str = "  ";

impl JobReport {
    fn not_found_text(&self) -> String {
        format!(
            "not found in {}, {}, scheduled, retry, dead, unsettled or repeat orphans",
            counted(self.searched.queues, "queue", "queues"),
            counted(
                self.searched.in_progress_lists,
                "in-progress list",
                "in-progress lists"
            ),
        )
    }
}

impl Report for JobReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let job = self
            .payload
            .as_ref()
            .and_then(|p| Job::parse(p.get().as_bytes()).ok());
        let field = |name: &str| {
            job.as_ref()
                .and_then(|j| j.get_str(name))
                .map(|v| one_line(&v))
        };
        let trace = !self.attempts.is_empty() || !self.runs.is_empty() || self.status.is_some();
        if self.locations.is_empty() && !trace {
            // Nothing anywhere: one line says so (no empty attempts or history sections).
            writeln!(
                out,
                "{}: {}",
                s.accent(&one_line(&self.jid)),
                s.bad(&self.not_found_text())
            )?;
            Problem::warn_all(ui, &self.problems);
            return Ok(());
        }
        let mut title = vec![s.accent(&one_line(&self.jid))];
        if let Some(class) = field("class") {
            title.push(s.strong(&class));
        }
        if let Some(queue) = field("queue") {
            title.push(format!("queue {queue}"));
        }
        writeln!(out, "{}", title.join(GAP))?;

        if let Some(expected) = self.expected.filter(|_| !self.in_expected()) {
            writeln!(
                out,
                "{}",
                s.bad(&format!(
                    "not in {expected}{}",
                    if self.found { "; it is:" } else { "" }
                ))
            )?;
        }
        if self.locations.is_empty() {
            writeln!(out, "{}", s.bad(&self.not_found_text()))?;
            let last = self
                .runs
                .last()
                .and_then(|r| r.status.as_deref().map(|st| (st, r)));
            let status = self
                .status
                .as_ref()
                .and_then(|h| h.fields.get("status"))
                .and_then(Value::as_str);
            match (last, status) {
                (Some((st, run)), _) => writeln!(
                    out,
                    "  {}",
                    s.dim(&format!(
                        "its last recorded run: {} {}",
                        one_line(st),
                        when(ui, run.finished_at)
                    ))
                )?,
                (None, Some(st)) => writeln!(
                    out,
                    "  {}",
                    s.dim(&format!("its status hash says: {}", one_line(st)))
                )?,
                (None, None) => {}
            }
        }
        for location in &self.locations {
            let (label, text) = describe(ui, location);
            writeln!(out, "  {}{text}", s.dim(&pad(label, 15)))?;
        }

        writeln!(out)?;
        self.write_attempts(out, ui)?;
        writeln!(out)?;
        self.write_runs(out, ui)?;
        if let Some(status) = &self.status {
            writeln!(out)?;
            write_status(out, ui, status)?;
        }

        if let (Some(payload), Some(from)) = (&self.payload, self.payload_from) {
            writeln!(out)?;
            writeln!(
                out,
                "{}",
                s.header(&format!("Payload ({})", from.replace('_', " ")))
            )?;
            // Stored JSON escapes nothing it needn't: DEL, C1 and bidi characters can be raw.
            for line in pretty(payload.get()).lines() {
                writeln!(out, "{}", visible(line))?;
            }
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        if !self.found || !self.in_expected() {
            Exit::Failure
        } else {
            Problem::exit(&self.problems)
        }
    }
}

/// The `status:<jid>` hash, a field a line.
fn write_status(out: &mut dyn Write, ui: &Ui, status: &StatusHash) -> io::Result<()> {
    let s = &ui.styles;
    let ttl = status.ttl.map_or(String::new(), |t| {
        format!(", expires in {}", span(t as f64))
    });
    writeln!(out, "{}", s.header(&format!("Status (status hash{ttl})")))?;
    let w = status
        .fields
        .keys()
        .map(|k| width(k))
        .max()
        .unwrap_or(0)
        .min(24);
    for (k, v) in &status.fields {
        let v = v.as_str().unwrap_or_default();
        let shown = match k.as_str() {
            "update_time" => v.parse::<f64>().map_or_else(|_| one_line(v), |t| at(ui, t)),
            _ => one_line(v),
        };
        let shown = match (k.as_str(), v) {
            ("status", "failed") => s.bad(&shown),
            ("status", "retrying") => s.warn(&shown),
            ("status", "complete") => s.good(&shown),
            _ => match ui.width {
                Some(total) => cut(&shown, total.saturating_sub(w + 4).max(16)),
                None => shown,
            },
        };
        writeln!(out, "  {}{GAP}{shown}", s.dim(&pad(k, w)))?;
    }
    Ok(())
}

impl JobReport {
    fn write_runs(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.runs.is_empty() {
            let text = if self.history {
                "no finished runs in the history"
            } else {
                "no run history (the History middleware isn't enabled: no cogworker:history:* keys)"
            };
            return writeln!(out, "{}", s.dim(text));
        }
        writeln!(
            out,
            "{}",
            s.header(&format!("Runs ({}, oldest first)", self.runs.len()))
        )?;
        let rows: Vec<[String; 4]> = self
            .runs
            .iter()
            .map(|r| {
                let error = trouble(
                    r.invalid.as_deref(),
                    None,
                    r.error_class.as_deref(),
                    r.error_message.as_deref(),
                );
                [
                    when(ui, r.finished_at),
                    one_line(r.status.as_deref().unwrap_or("-")),
                    r.duration.map_or("-".into(), run_time),
                    one_line(&error),
                ]
            })
            .collect();
        let headers = ["FINISHED", "STATUS", "DURATION"];
        let widths: Vec<usize> = (0..3)
            .map(|i| {
                rows.iter()
                    .map(|r| width(&r[i]))
                    .chain([width(headers[i])])
                    .max()
                    .unwrap_or(0)
                    .min(24)
            })
            .collect();
        let used = 2 + widths.iter().sum::<usize>() + GAP.len() * 3;
        let error_width = ui.width.map(|w| w.saturating_sub(used).max(16));
        writeln!(
            out,
            "{}",
            s.dim(&format!(
                "  {}{GAP}{}{GAP}{:>w2$}{GAP}ERROR",
                pad(headers[0], widths[0]),
                pad(headers[1], widths[1]),
                headers[2],
                w2 = widths[2]
            ))
        )?;
        for (run, r) in self.runs.iter().zip(&rows) {
            let status = pad(&r[1], widths[1]);
            let status = match run.status.as_deref() {
                Some("success") => s.good(&status),
                Some("failed") => s.bad(&status),
                _ => status,
            };
            let error = match error_width {
                Some(w) => cut(&r[3], w),
                None => r[3].clone(),
            };
            let line = format!(
                "  {}{GAP}{status}{GAP}{:>w2$}{GAP}{}",
                s.dim(&pad(&r[0], widths[0])),
                r[2],
                s.bad(&error),
                w2 = widths[2]
            );
            writeln!(out, "{}", line.trim_end())?;
            if self.show_backtrace {
                for frame in &run.backtrace {
                    writeln!(out, "      {}", s.dim(&one_line(frame)))?;
                }
            }
        }
        if !self.show_backtrace && self.runs.iter().any(|r| !r.backtrace.is_empty()) {
            writeln!(
                out,
                "{}",
                s.dim("  --backtrace shows where the failed runs raised")
            )?;
        }
        Ok(())
    }

    fn write_attempts(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.attempts.is_empty() {
            return writeln!(out, "{}", s.dim("no attempts log"));
        }
        let mut heading = format!("Attempts ({}, oldest first", self.attempts_total);
        if self.attempts_total > self.attempts.len() as u64 {
            heading.push_str(&format!(", the last {} shown", self.attempts.len()));
        }
        heading.push(')');
        writeln!(out, "{}", s.header(&heading))?;
        let rows: Vec<[String; 5]> = self
            .attempts
            .iter()
            .map(|a| {
                let number = a.attempt.map_or("?".into(), |n| n.to_string());
                let failed = a.failed_at_value().map_or("-".into(), |t| when(ui, t));
                let gap = a.gap.map_or("-".into(), |g| {
                    if g < 0.0 {
                        format!("-{}", span(-g))
                    } else {
                        format!("+{}", span(g))
                    }
                });
                let outcome = a
                    .label
                    .clone()
                    .or_else(|| a.outcome.clone())
                    .unwrap_or_else(|| "-".into());
                let error = trouble(
                    a.invalid.as_deref(),
                    Some(a.raw.as_deref().unwrap_or("")),
                    a.error_class.as_deref(),
                    a.error_message.as_deref(),
                );
                [number, failed, gap, one_line(&outcome), one_line(&error)]
            })
            .collect();
        let headers = ["#", "FAILED", "GAP", "OUTCOME", "ERROR"];
        let widths: Vec<usize> = (0..4)
            .map(|i| {
                rows.iter()
                    .map(|r| width(&r[i]))
                    .chain([width(headers[i])])
                    .max()
                    .unwrap_or(0)
                    .min(if i == 3 { 40 } else { 24 })
            })
            .collect();
        let used = 2 + widths.iter().sum::<usize>() + GAP.len() * widths.len();
        let error_width = ui.width.map(|w| w.saturating_sub(used).max(16));
        let header = format!(
            "  {:>w0$}{GAP}{}{GAP}{:>w2$}{GAP}{}{GAP}ERROR",
            headers[0],
            pad(headers[1], widths[1]),
            headers[2],
            pad(headers[3], widths[3]),
            w0 = widths[0],
            w2 = widths[2],
        );
        writeln!(out, "{}", s.dim(&header))?;
        for (a, r) in self.attempts.iter().zip(&rows) {
            let outcome = pad(&r[3], widths[3]);
            let outcome = match a.outcome.as_deref() {
                Some("retrying") => s.warn(&outcome),
                Some("dead" | "killed") => s.bad(&outcome),
                Some("discarded") => s.dim(&outcome),
                _ => outcome,
            };
            let error = match error_width {
                Some(w) => cut(&r[4], w),
                None => r[4].clone(),
            };
            let error = if a.invalid.is_some() {
                s.bad(&error)
            } else {
                error
            };
            let line = format!(
                "  {:>w0$}{GAP}{}{GAP}{:>w2$}{GAP}{outcome}{GAP}{error}",
                r[0],
                s.dim(&pad(&r[1], widths[1])),
                r[2],
                w0 = widths[0],
                w2 = widths[2],
            );
            writeln!(out, "{}", line.trim_end())?;
        }
        if self.attempts.first().is_some_and(|a| a.gap.is_some()) {
            writeln!(
                out,
                "{}",
                s.dim("  GAP: since the previous attempt; for the first, since created_at")
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_entries_that_are_not_json_are_values() {
        let a = read_attempt(b"not json");
        assert!(a.invalid.is_some());
        assert_eq!(a.raw.as_deref(), Some("not json"));
        let a = read_attempt(
            br#"{"attempt":2,"failed_at":1796208004.2160892,"outcome":"retrying","error_class":"RuntimeError","error_message":"boom"}"#,
        );
        assert_eq!(a.attempt, Some(2));
        assert_eq!(a.failed_at.unwrap().to_string(), "1796208004.2160892");
    }
}
