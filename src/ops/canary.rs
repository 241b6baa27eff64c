//! A retry that guards itself (`dead|retry retry --canary N`): a few entries of the selection
//! first, spread across its classes and queues; then what becomes of exactly those jobs,
//! watched by jid; then, when they ran, ten times as many, and so on until the rest; and a
//! stop, with the rest left where it was, as soon as more of a step's jobs fail again than
//! `--max-canary-failures` allows, or don't run within `--canary-wait`, or Ctrl-C.
//!
//! Each step moves entries with the very scripts and pacing of a plain retry, under one undo
//! record and one audit entry for the whole run. What a job became is read, one pipelined
//! round trip a second however many are watched (at most [`WATCH_MAX`] a step):
//! * failed again: a new element at the end of its attempts log (`job_attempts:<jid>`, read
//!   just before the move to know the old one), a failed run in History, or its status hash
//!   saying `retrying`/`failed` since the move;
//! * succeeded: a successful run in History or a `complete` status since the move; without
//!   either, out of its queue (the exact bytes pushed, `LPOS`), held by no process (busy
//!   hashes, in-progress lists) and no failure, in [`GONE_READS`] reads in a row (a process
//!   writes a failure before it lets go of the job: the busy entry goes after the retry or
//!   dead write, the in-progress element with it; two reads rule out a job read between
//!   its queue and the process that took it).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::time::{Duration, Instant};

use redis::Value;
use serde::Serialize;

use crate::ops::bulk::{Outcome, Pacer};
use crate::ops::change::{Change, Item, Moves, Prepared, Run, Scan, Source, prepare};
use crate::ops::filter::JobFilter;
use crate::ops::fingerprint::Fingerprint;
use crate::ops::{Progress, Session};
use crate::store::page::{Order, ZEntry, ZPager};
use crate::store::{Store, StoreResult, keys, value};
use crate::term::interrupt;

/// Each step moves this many times the one before.
pub const RAMP: u64 = 10;
/// Jobs of one step watched at most (a step larger than this is watched on a sample spread
/// across it).
pub const WATCH_MAX: usize = 1000;
/// The largest first step.
pub const MAX_FIRST: u64 = 10_000;
/// Reads in a row a job must be out of its queue, held by no process and without a failure
/// before it counts as run, when neither History nor a status says so.
pub const GONE_READS: u8 = 2;
/// How often the watched jobs are read.
const POLL: Duration = Duration::from_secs(1);
/// How long a run tries to connect again after losing its Redis (a failover, a restart).
const RECONNECT_FOR: Duration = Duration::from_secs(30);
/// History entries read at most per poll.
const HISTORY_PAGE: usize = 2000;
/// Classes × queues the first step spreads over at most (the rest count as one group).
const GROUPS_MAX: usize = 10_000;

/// How a canary run goes: the first step, how long a step's jobs may take to run, and how many
/// of a step may fail again before the run stops.
#[derive(Clone, Copy, Debug)]
pub struct Canary {
    pub first: u64,
    pub wait: Duration,
    pub max_failures: u64,
}

/// The steps' sizes for `expected` entries: `first`, then ten times as many each step while
/// that leaves some, then the rest (the last step takes whatever is left then).
pub fn steps(expected: u64, first: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut moved = 0u64;
    let mut size = first.max(1);
    while moved < expected {
        let left = expected - moved;
        if size >= left {
            out.push(left);
            break;
        }
        out.push(size);
        moved += size;
        size = size.saturating_mul(RAMP);
    }
    out
}

/// The plan of a canary run, for a dry run.
#[derive(Clone, Debug, Serialize)]
pub struct CanaryPlan {
    /// Entries each step would move (the last one: the rest).
    pub steps: Vec<u64>,
    /// Of each step, how many jobs are watched by jid.
    pub watched: Vec<u64>,
    /// How long each step's jobs may take to run.
    pub wait_secs: f64,
    /// Failures again a step may have before the run stops.
    pub max_failures: u64,
    /// Whether History is on (its runs say success or failure at once).
    pub history: bool,
    /// What is read to tell what became of each job.
    pub watched_by: Vec<&'static str>,
}

/// The plan of a canary run over `expected` entries.
pub fn plan(store: &mut Store, canary: &Canary, expected: u64) -> StoreResult<CanaryPlan> {
    let history = history_on(store)?;
    let steps = steps(expected, canary.first);
    let watched = steps.iter().map(|&n| n.min(WATCH_MAX as u64)).collect();
    let mut watched_by = vec!["attempts log"];
    if history {
        watched_by.push("History");
    }
    watched_by.extend(["status", "queue", "busy and in-progress"]);
    Ok(CanaryPlan {
        steps,
        watched,
        wait_secs: canary.wait.as_secs_f64(),
        max_failures: canary.max_failures,
        history,
        watched_by,
    })
}

fn history_on(store: &mut Store) -> StoreResult<bool> {
    let n: u64 = store.query_server(redis::cmd("EXISTS").arg(keys::HISTORY_ALL))?;
    Ok(n > 0)
}

/// One step of a run, as it went.
#[derive(Clone, Debug, Default, Serialize)]
pub struct StepReport {
    /// 1 for the canaries.
    pub step: usize,
    /// Entries it was to move (`None`: the rest).
    pub planned: Option<u64>,
    pub moved: u64,
    /// Jobs of it watched by jid.
    pub watched: u64,
    pub succeeded: u64,
    pub failed: u64,
    /// Of `failed`, those that failed with their entry's own fingerprint.
    pub failed_same: u64,
    /// Watched jobs not known to have run when the step ended.
    pub waiting: u64,
    /// moving | watching | held | failed | timed out | interrupted | cut off
    pub outcome: &'static str,
    pub seconds: f64,
    /// Each time the step went on after losing its Redis: where, and after what.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub resumed: Vec<String>,
    /// Watched jobs found back in the set they were moved from (a move a failover lost, or
    /// an undo): neither run nor failed.
    pub back_in_set: u64,
}

/// What became of one watched job.
#[derive(Clone, Debug, Serialize)]
pub struct CanaryOutcome {
    pub jid: String,
    pub class: Option<String>,
    pub queue: Option<String>,
    pub step: usize,
    /// succeeded | failed | running | queued | waiting
    pub outcome: &'static str,
    /// What said so: history | status | attempts log | gone
    pub evidence: Option<&'static str>,
    /// The new failure's error, `Class: message`.
    pub error: Option<String>,
    /// The new failure has the fingerprint its entry had.
    pub same_failure: Option<bool>,
    /// Seconds from its move to what settled it.
    pub seconds: Option<f64>,
}

/// A canary run, as it went.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CanaryReport {
    pub steps: Vec<StepReport>,
    pub canaries: Vec<CanaryOutcome>,
    /// Why the run stopped before the end (`None`: it moved the whole selection and every
    /// step held).
    pub stopped: Option<String>,
    /// The steps were all moved (none left to take), whether or not the last one held.
    pub finished: bool,
    pub max_failures: u64,
    pub wait_secs: f64,
}

/// What a front-end is told as a canary run goes.
pub trait Steps {
    /// Step `step` starts moving (about) `size` entries, `last`: the rest. A bar for it.
    fn moving(&self, step: usize, size: u64, last: bool) -> Box<dyn Progress + '_>;
    /// The step's watched jobs were read again.
    fn watching(&self, step: &StepReport);
    /// The step is over (held, or the run stops at it).
    fn done(&self, step: &StepReport);
}

/// The progress of the step moving now, for the run's batches.
#[derive(Default)]
struct StepBar<'s>(RefCell<Option<Box<dyn Progress + 's>>>);

impl Progress for StepBar<'_> {
    fn inc(&self, n: u64) {
        if let Some(bar) = self.0.borrow().as_ref() {
            bar.inc(n);
        }
    }
    fn note(&self, text: &str) {
        if let Some(bar) = self.0.borrow().as_ref() {
            bar.note(text);
        }
    }
}

impl<'s> StepBar<'s> {
    fn set(&self, bar: Option<Box<dyn Progress + 's>>) {
        if let Some(old) = self.0.replace(bar) {
            old.finish();
        }
    }
}

/// A canary run applied: the change's summary (every step together) and the run's story.
pub struct CanaryApplied {
    pub applied: crate::ops::change::Applied,
    pub report: CanaryReport,
}

impl Change {
    /// Retry the selection in steps, each watched (the module's doc). The change must be a
    /// requeue of filtered entries of the retry or dead set.
    pub fn apply_canary(
        self,
        ctx: &mut Session,
        prepared: Prepared,
        canary: Canary,
        steps: &dyn Steps,
    ) -> anyhow::Result<CanaryApplied> {
        let sizes = self::steps(prepared.expected, canary.first);
        let bar = StepBar::default();
        let report = RefCell::new(CanaryReport {
            max_failures: canary.max_failures,
            wait_secs: canary.wait.as_secs_f64(),
            ..CanaryReport::default()
        });
        let (applied, _) = self.run(ctx, prepared, &bar, |run, store, source, _| {
            let Source::Scan(filter) = source else {
                anyhow::bail!("a canary run takes its entries from a selection");
            };
            let mut ramp = Ramp {
                canary,
                sizes: &sizes,
                bar: &bar,
                steps,
                report: &report,
            };
            ramp.go(run, store, &filter)
        })?;
        bar.set(None);
        let mut report = report.into_inner();
        if report.stopped.is_none() && interrupt::requested() {
            report.stopped = Some("interrupted (Ctrl-C)".into());
        }
        if report.stopped.is_none()
            && let Some(e) = &applied.error
        {
            report.stopped = Some(format!("cut off: {e}"));
            if let Some(last) = report.steps.last_mut()
                && matches!(last.outcome, "moving" | "watching")
            {
                last.outcome = "cut off";
            }
        }
        let json = serde_json::to_string(&Brief::of(&report)).unwrap_or_default();
        ctx.audit.canary = Some(json);
        Ok(CanaryApplied { applied, report })
    }
}

/// The steps in a line of JSON: what the audit entry and the undo record keep of a run.
#[derive(Serialize)]
pub struct Brief<'a> {
    pub steps: &'a [StepReport],
    pub stopped: Option<&'a str>,
    pub finished: bool,
}

impl<'a> Brief<'a> {
    fn of(report: &'a CanaryReport) -> Brief<'a> {
        Brief {
            steps: &report.steps,
            stopped: report.stopped.as_deref(),
            finished: report.finished,
        }
    }
}

struct Ramp<'r, 's> {
    canary: Canary,
    sizes: &'r [u64],
    bar: &'r StepBar<'s>,
    steps: &'s dyn Steps,
    report: &'r RefCell<CanaryReport>,
}

impl Ramp<'_, '_> {
    fn go(
        &mut self,
        run: &mut Run<'_>,
        store: &mut Store,
        filter: &JobFilter,
    ) -> anyhow::Result<()> {
        let taker = Rc::new(RefCell::new(Taker {
            set: run.set.key(),
            ..Taker::default()
        }));
        run.moves = Some(taker.clone());
        let mut scan: Option<Scan> = None;
        let mut watch = Watch::default();
        for (i, &size) in self.sizes.iter().enumerate() {
            let last = i + 1 == self.sizes.len();
            let number = i + 1;
            let planned = (!last).then_some(size);
            let started = Instant::now();
            self.bar.set(Some(self.steps.moving(number, size, last)));
            let moved_at = loop {
                match redis_now(store) {
                    Ok(t) => break t,
                    Err(e) => self.recover(store, e.into())?,
                }
            };
            taker.borrow_mut().start(number, size, moved_at);
            run.pacer = Pacer::new(run.rate);
            self.push_step(StepReport {
                step: number,
                planned,
                outcome: "moving",
                ..StepReport::default()
            });
            // Moved, and moved again from where it was after a failover or a restart.
            let before = run.moved();
            loop {
                let done = run.moved() - before;
                let result = if i == 0 {
                    spread(run, store, filter, size - done).map(|_| ())
                } else {
                    let started = match scan.as_mut() {
                        Some(scan) => Ok(scan),
                        None => Scan::start(store, run.set, filter.range(), true)
                            .map(|s| scan.insert(s)),
                    };
                    started.map_err(anyhow::Error::from).and_then(|scan| {
                        run.scan_some(store, filter, scan, planned.map(|p| p - done))
                            .map(|_| ())
                    })
                };
                match result {
                    Ok(()) => break,
                    Err(e) => {
                        self.recover(store, e)?;
                        // The new primary's set is read afresh.
                        scan = None;
                    }
                }
            }
            let moved = run.moved() - before;
            self.bar.set(None);
            let watched = taker.borrow_mut().take();
            self.update(|s| {
                s.moved = moved;
                s.watched = watched.len() as u64;
                s.outcome = "watching";
            });
            self.keep(run, store);
            if interrupt::requested() {
                self.stop(&watch, "interrupted", "interrupted (Ctrl-C) while moving");
                return Ok(());
            }
            watch.add(watched);
            let ended = loop {
                match self.watch(&mut watch, store, number, started) {
                    Ok(ended) => break ended,
                    Err(e) => self.recover(store, e)?,
                }
            };
            let over = ended != "held";
            let ran_out = !last && moved < size;
            self.update(|s| {
                s.outcome = ended;
                s.seconds = round3(started.elapsed().as_secs_f64());
            });
            if over {
                let why = self.why(ended, number);
                self.stop(&watch, ended, &why);
                self.keep(run, store);
                return Ok(());
            }
            self.steps
                .done(self.report.borrow().steps.last().expect("pushed"));
            if last || ran_out {
                break;
            }
        }
        let mut report = self.report.borrow_mut();
        report.finished = true;
        report.canaries = watch.outcomes();
        drop(report);
        self.keep(run, store);
        Ok(())
    }

    /// After a lost connection or a Redis that can't serve (a Sentinel failover, a restart):
    /// connect again (through the Sentinels, to the primary they name now) for up to
    /// [`RECONNECT_FOR`], and say so in the step; any other error ends the run.
    fn recover(&self, store: &mut Store, e: anyhow::Error) -> anyhow::Result<()> {
        let lost = e
            .downcast_ref::<crate::store::StoreError>()
            .is_some_and(|se| {
                se.is_connection() && !matches!(se, crate::store::StoreError::AuthRefused { .. })
            });
        if !lost {
            return Err(e);
        }
        let deadline = Instant::now() + RECONNECT_FOR;
        loop {
            if interrupt::requested() {
                return Err(e);
            }
            match Store::connect(store.connector().clone()) {
                Ok(fresh) => {
                    *store = fresh;
                    // Through Sentinel: the primary it names now.
                    let now = match store.connector().check_primary() {
                        Ok(Some(((host, port), _))) => format!("the primary {host}:{port}"),
                        _ => store.target().to_string(),
                    };
                    let note = format!("resumed on {now} after: {e}");
                    self.update(|s| s.resumed.push(crate::text::visible(&note).into_owned()));
                    return Ok(());
                }
                Err(_) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(500));
                }
                Err(_) => return Err(e),
            }
        }
    }

    /// Why the run stops at step `number`, in words.
    fn why(&self, ended: &str, number: usize) -> String {
        let report = self.report.borrow();
        let step = report.steps.last().expect("pushed");
        let label = if number == 1 {
            "the canaries".to_string()
        } else {
            format!("step {number}")
        };
        match ended {
            "failed" => format!(
                "{} of {label} failed again ({} with the failure they had; more than {} allowed)",
                step.failed, step.failed_same, self.canary.max_failures
            ),
            "timed out" => format!(
                "{} of {label} had not run after {} (is a worker reading their queues?)",
                step.waiting,
                crate::duration::span(self.canary.wait.as_secs_f64())
            ),
            _ => "interrupted (Ctrl-C) while watching".to_string(),
        }
    }

    fn stop(&self, watch: &Watch, ended: &'static str, why: &str) {
        let mut report = self.report.borrow_mut();
        if let Some(last) = report.steps.last_mut() {
            last.outcome = ended;
        }
        report.stopped = Some(why.to_string());
        report.canaries = watch.outcomes();
        let step = report.steps.last().cloned();
        drop(report);
        if let Some(step) = step {
            self.steps.done(&step);
        }
    }

    fn push_step(&self, step: StepReport) {
        self.report.borrow_mut().steps.push(step);
    }

    fn update(&self, f: impl FnOnce(&mut StepReport)) {
        if let Some(last) = self.report.borrow_mut().steps.last_mut() {
            f(last);
        }
    }

    /// The steps so far on the undo record, so that a run killed mid-way is told by the
    /// next (best effort: the record is the run's own).
    fn keep(&self, run: &Run<'_>, store: &mut Store) {
        let Some(recorder) = run.recorder.as_ref() else {
            return;
        };
        let json = serde_json::to_vec(&Brief::of(&self.report.borrow())).unwrap_or_default();
        let _ = crate::store::undo::set_fields(store, &recorder.id, &[("canary", json)]);
    }

    /// Read the step's jobs every second until they all ran, too many failed again, the wait
    /// passed or Ctrl-C; the step's outcome.
    fn watch(
        &self,
        watch: &mut Watch,
        store: &mut Store,
        number: usize,
        started: Instant,
    ) -> anyhow::Result<&'static str> {
        let deadline = Instant::now() + self.canary.wait;
        loop {
            watch.poll(store)?;
            let tally = watch.tally(number);
            self.update(|s| {
                s.succeeded = tally.succeeded;
                s.failed = tally.failed;
                s.failed_same = tally.failed_same;
                s.waiting = tally.waiting;
                s.back_in_set = tally.back;
                s.seconds = round3(started.elapsed().as_secs_f64());
            });
            self.steps
                .watching(self.report.borrow().steps.last().expect("pushed"));
            if tally.failed > self.canary.max_failures {
                return Ok("failed");
            }
            if tally.waiting == 0 {
                return Ok("held");
            }
            if Instant::now() >= deadline {
                return Ok("timed out");
            }
            let next = Instant::now() + POLL;
            while Instant::now() < next {
                if interrupt::requested() {
                    return Ok("interrupted");
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Redis' clock, to the microsecond: what a move is stamped with (and what the processes'
/// own records are compared with).
fn redis_now(store: &mut Store) -> StoreResult<f64> {
    let (secs, micros): (i64, i64) = store.query_server(&redis::cmd("TIME"))?;
    Ok(secs as f64 + micros as f64 / 1e6)
}

/// The first step: `n` entries of the selection spread across its classes and queues (each
/// (class, queue) gets its turn, the largest first, until `n` are chosen), read in two passes
/// over the selection and moved by their raw bytes. How many were moved.
fn spread(run: &mut Run<'_>, store: &mut Store, filter: &JobFilter, n: u64) -> anyhow::Result<u64> {
    let now = run.clock.current();
    let group = |entry: &ZEntry| -> Option<(String, String)> {
        let parsed = entry.member.parse();
        if !filter.matches(&parsed) {
            return None;
        }
        let job = parsed.ok()?;
        prepare(run.set, run.action, entry, now).ok()?;
        Some((
            job.class.as_deref().unwrap_or("").to_string(),
            job.queue.as_deref().unwrap_or("").to_string(),
        ))
    };
    // How many each group holds.
    let mut counts: HashMap<(String, String), u64> = HashMap::new();
    let mut other = 0u64;
    let mut pager = ZPager::new(run.set.key(), Order::OldestFirst, filter.range());
    pager.snapshot(store)?;
    while let Some(page) = pager.next_page(store)? {
        for entry in &page {
            if let Some(g) = group(entry) {
                if counts.len() < GROUPS_MAX || counts.contains_key(&g) {
                    *counts.entry(g).or_default() += 1;
                } else {
                    other += 1;
                }
            }
        }
    }
    // Turns, largest group first, one entry a turn, until `n` are given out.
    let mut order: Vec<((String, String), u64)> = counts.into_iter().collect();
    order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut quota: HashMap<(String, String), u64> = HashMap::new();
    let mut other_quota = 0u64;
    let mut left = n;
    let mut round = 0u64;
    while left > 0 {
        let mut gave = false;
        for (g, count) in &order {
            if left == 0 {
                break;
            }
            if *count > round {
                *quota.entry(g.clone()).or_default() += 1;
                left -= 1;
                gave = true;
            }
        }
        if left > 0 && other > round {
            other_quota += 1;
            left -= 1;
            gave = true;
        }
        if !gave {
            break;
        }
        round += 1;
    }
    // The chosen entries, oldest first within each group.
    let mut chosen: Vec<ZEntry> = Vec::new();
    let mut pager = ZPager::new(run.set.key(), Order::OldestFirst, filter.range());
    pager.snapshot(store)?;
    'pages: while let Some(page) = pager.next_page(store)? {
        for entry in page {
            if chosen.len() as u64 >= n {
                break 'pages;
            }
            let Some(g) = group(&entry) else { continue };
            let slot = match quota.get_mut(&g) {
                Some(q) => q,
                None => &mut other_quota,
            };
            if *slot > 0 {
                *slot -= 1;
                chosen.push(entry);
            }
        }
    }
    let mut moved = 0u64;
    for chunk in chosen.chunks(run.batch.max(1)) {
        if interrupt::requested() {
            break;
        }
        let refs: Vec<&ZEntry> = chunk.iter().collect();
        let outcomes = run.apply(store, &refs)?;
        moved += outcomes.iter().filter(|o| **o == Outcome::Done).count() as u64;
    }
    Ok(moved)
}

/// A job moved and watched.
struct Watched {
    jid: String,
    class: Option<String>,
    queue: String,
    /// The exact bytes pushed to the queue.
    payload: Vec<u8>,
    /// The entry it was, and the set it was moved from.
    member: Vec<u8>,
    set: &'static str,
    /// The fingerprint of the failure its entry had.
    fingerprint: Fingerprint,
    /// The last element of its attempts log before the move.
    baseline: Option<Vec<u8>>,
    step: usize,
    /// Redis' clock at the move.
    moved_at: f64,
    state: State,
    /// Reads in a row it has been seen nowhere (out of its queue, held by no process).
    gone_reads: u8,
}

#[derive(Clone, Debug)]
enum State {
    Queued,
    Running,
    Waiting,
    /// Its entry is in the set again, as it was: the move did not hold.
    Back,
    Succeeded {
        evidence: &'static str,
        at: f64,
    },
    Failed {
        evidence: &'static str,
        error: String,
        same: bool,
        at: f64,
    },
}

impl State {
    fn settled(&self) -> bool {
        matches!(
            self,
            State::Succeeded { .. } | State::Failed { .. } | State::Back
        )
    }
}

/// Chooses the jobs of a step to watch (every k-th moved, at most [`WATCH_MAX`]) and reads
/// their attempts logs' last elements before they move.
#[derive(Default)]
struct Taker {
    /// The set the run moves from.
    set: &'static str,
    step: usize,
    stride: u64,
    seen: u64,
    moved_at: f64,
    chosen: Vec<Watched>,
    /// Items of the batch being moved that are to be watched, with their baselines.
    pending: Vec<(usize, Option<Vec<u8>>)>,
}

impl Taker {
    fn start(&mut self, step: usize, size: u64, moved_at: f64) {
        self.step = step;
        self.stride = size.div_ceil(WATCH_MAX as u64).max(1);
        self.seen = 0;
        self.moved_at = moved_at;
        self.chosen.clear();
    }

    fn take(&mut self) -> Vec<Watched> {
        std::mem::take(&mut self.chosen)
    }
}

impl Moves for Taker {
    fn before(&mut self, store: &mut Store, items: &[Item]) -> StoreResult<()> {
        self.pending.clear();
        let mut pipe = redis::pipe();
        for (i, item) in items.iter().enumerate() {
            let k = self.seen + i as u64;
            if k.is_multiple_of(self.stride)
                && self.chosen.len() + self.pending.len() < WATCH_MAX
                && !item.jid.is_empty()
            {
                self.pending.push((i, None));
                pipe.cmd("LINDEX")
                    .arg(keys::job_attempts(&item.jid))
                    .arg(-1);
            }
        }
        for (slot, reply) in self.pending.iter_mut().zip(store.pipeline(&pipe)?) {
            slot.1 = match reply {
                Ok(Value::BulkString(b)) => Some(b),
                _ => None,
            };
        }
        Ok(())
    }

    fn after(&mut self, items: &[Item], outcomes: &[Outcome]) {
        for (i, baseline) in self.pending.drain(..) {
            if outcomes.get(i) != Some(&Outcome::Done) {
                continue;
            }
            let item = &items[i];
            let parsed = item.entry.member.parse();
            let (class, fingerprint) = match &parsed {
                Ok(job) => (
                    job.class.as_deref().map(str::to_string),
                    Fingerprint::of(job.error_class.as_deref(), job.error_message.as_deref()),
                ),
                Err(_) => (None, Fingerprint::unparseable()),
            };
            self.chosen.push(Watched {
                jid: item.jid.clone(),
                class,
                queue: item.queue.clone().unwrap_or_default(),
                payload: item.args.last().cloned().unwrap_or_default(),
                member: item.entry.member.raw.clone(),
                set: self.set,
                fingerprint,
                baseline,
                step: self.step,
                moved_at: self.moved_at,
                state: State::Queued,
                gone_reads: 0,
            });
        }
        self.seen += items.len() as u64;
    }
}

/// A step's count of its watched jobs.
struct Tally {
    succeeded: u64,
    failed: u64,
    failed_same: u64,
    waiting: u64,
    back: u64,
}

/// Every job watched so far, read a poll at a time.
#[derive(Default)]
struct Watch {
    jobs: Vec<Watched>,
    /// Where History was read up to (its score, inclusive): from the first move on. History
    /// is read whether or not it was on when the run began (a process may turn it on).
    history_from: Option<f64>,
}

/// What History says of a run of a watched job.
struct HistoryRun {
    success: bool,
    finished_at: f64,
    error: Option<(Option<String>, Option<String>)>,
}

impl Watch {
    fn add(&mut self, jobs: Vec<Watched>) {
        if self.history_from.is_none()
            && let Some(first) = jobs.first()
        {
            self.history_from = Some(first.moved_at);
        }
        self.jobs.extend(jobs);
    }

    fn tally(&self, step: usize) -> Tally {
        let mut t = Tally {
            succeeded: 0,
            failed: 0,
            failed_same: 0,
            waiting: 0,
            back: 0,
        };
        for job in self.jobs.iter().filter(|j| j.step == step) {
            match &job.state {
                State::Succeeded { .. } => t.succeeded += 1,
                State::Failed { same, .. } => {
                    t.failed += 1;
                    t.failed_same += u64::from(*same);
                }
                State::Back => t.back += 1,
                _ => t.waiting += 1,
            }
        }
        t
    }

    fn outcomes(&self) -> Vec<CanaryOutcome> {
        self.jobs
            .iter()
            .map(|j| {
                let (outcome, evidence, error, same, at) = match &j.state {
                    State::Succeeded { evidence, at } => {
                        ("succeeded", Some(*evidence), None, None, Some(*at))
                    }
                    State::Failed {
                        evidence,
                        error,
                        same,
                        at,
                    } => (
                        "failed",
                        Some(*evidence),
                        Some(error.clone()),
                        Some(*same),
                        Some(*at),
                    ),
                    State::Queued => ("queued", None, None, None, None),
                    State::Back => ("back in the set", None, None, None, None),
                    State::Running => ("running", None, None, None, None),
                    State::Waiting => ("waiting", None, None, None, None),
                };
                CanaryOutcome {
                    jid: j.jid.clone(),
                    class: j.class.clone(),
                    queue: Some(j.queue.clone()),
                    step: j.step,
                    outcome,
                    evidence,
                    error,
                    same_failure: same,
                    seconds: at.map(|at| round3((at - j.moved_at).max(0.0))),
                }
            })
            .collect()
    }

    /// One read of every unsettled job: one pipelined round trip for the jobs, one for the
    /// processes' busy hashes and in-progress lists, and History's newest runs.
    fn poll(&mut self, store: &mut Store) -> StoreResult<()> {
        let open: Vec<usize> = (0..self.jobs.len())
            .filter(|&i| !self.jobs[i].state.settled())
            .collect();
        if open.is_empty() {
            return Ok(());
        }
        let now = redis_now(store)?;
        let held = held_jids(store)?;
        let runs = self.history(store, &open)?;
        let mut pipe = redis::pipe();
        for &i in &open {
            let job = &self.jobs[i];
            pipe.cmd("LINDEX").arg(keys::job_attempts(&job.jid)).arg(-1);
            pipe.cmd("HMGET")
                .arg(keys::status(&job.jid))
                .arg("status")
                .arg("update_time")
                .arg("error_class")
                .arg("error_message");
            pipe.cmd("LPOS")
                .arg(keys::queue(&job.queue))
                .arg(&job.payload);
            pipe.cmd("ZSCORE").arg(job.set).arg(&job.member);
        }
        let replies = store.pipeline(&pipe)?;
        for (k, &i) in open.iter().enumerate() {
            let job = &mut self.jobs[i];
            let attempts = replies.get(4 * k).and_then(|r| r.as_ref().ok());
            let status = replies.get(4 * k + 1).and_then(|r| r.as_ref().ok());
            let queued = matches!(replies.get(4 * k + 2), Some(Ok(Value::Int(_))));
            let back = matches!(
                replies.get(4 * k + 3),
                Some(Ok(Value::BulkString(_) | Value::Double(_)))
            );
            if back && !queued {
                job.state = State::Back;
                continue;
            }
            job.state = judge(
                job,
                attempts,
                status,
                runs.get(&job.jid),
                queued,
                held.contains(&job.jid),
                now,
            );
        }
        Ok(())
    }

    /// History's runs of the open jobs since the last read (at most a few pages a poll).
    fn history(
        &mut self,
        store: &mut Store,
        open: &[usize],
    ) -> StoreResult<HashMap<String, HistoryRun>> {
        let mut runs = HashMap::new();
        let Some(from) = self.history_from else {
            return Ok(runs);
        };
        let wanted: HashSet<&str> = open.iter().map(|&i| self.jobs[i].jid.as_str()).collect();
        let mut from = from;
        for _ in 0..5 {
            let reply: Value = store.query_range(
                redis::cmd("ZRANGEBYSCORE")
                    .arg(keys::HISTORY_ALL)
                    .arg(crate::store::rewrite::ruby_float(from))
                    .arg("+inf")
                    .arg("WITHSCORES")
                    .arg("LIMIT")
                    .arg(0)
                    .arg(HISTORY_PAGE),
                keys::HISTORY_ALL,
                crate::store::KeyType::Zset,
            )?;
            let page = crate::store::page::zentries(reply);
            let full = page.len() == HISTORY_PAGE;
            let mut top = from;
            for entry in &page {
                top = top.max(entry.score.value);
                let Ok(run) = serde_json::from_slice::<HistoryEntry>(&entry.member.raw) else {
                    continue;
                };
                let Some(jid) = run.jid.as_deref() else {
                    continue;
                };
                if !wanted.contains(jid) {
                    continue;
                }
                let success = run.status.as_deref() == Some("success");
                runs.insert(
                    jid.to_string(),
                    HistoryRun {
                        success,
                        finished_at: run.finished_at.unwrap_or(entry.score.value),
                        error: (!success).then_some((run.error_class, run.error_message)),
                    },
                );
            }
            // The next read starts at the newest score read: entries at that score are read
            // again (harmless: what settles a job settles it once).
            let moved_on = top > from;
            from = top;
            if !full || !moved_on {
                break;
            }
        }
        self.history_from = Some(from);
        Ok(runs)
    }
}

#[derive(serde::Deserialize)]
struct HistoryEntry {
    jid: Option<String>,
    status: Option<String>,
    finished_at: Option<f64>,
    error_class: Option<String>,
    error_message: Option<String>,
}

#[derive(serde::Deserialize)]
struct AttemptEntry {
    failed_at: Option<f64>,
    error_class: Option<String>,
    error_message: Option<String>,
}

/// What one read says of a job (its state so far when nothing new is known).
fn judge(
    job: &mut Watched,
    attempts: Option<&Value>,
    status: Option<&Value>,
    run: Option<&HistoryRun>,
    queued: bool,
    held: bool,
    now: f64,
) -> State {
    let failed = |error_class: Option<&str>, message: Option<&str>, evidence, at| {
        let same = Fingerprint::of(error_class, message).id == job.fingerprint.id;
        let error = match (error_class, message) {
            (Some(c), Some(m)) if !m.is_empty() => format!("{c}: {m}"),
            (Some(c), _) => c.to_string(),
            (None, Some(m)) => m.to_string(),
            (None, None) => "(no error recorded)".to_string(),
        };
        State::Failed {
            evidence,
            error: crate::text::visible(&error).into_owned(),
            same,
            at,
        }
    };
    // A new element at the end of its attempts log: it failed again.
    if let Some(Value::BulkString(last)) = attempts
        && job.baseline.as_deref() != Some(last.as_slice())
    {
        let entry: Option<AttemptEntry> = serde_json::from_slice(last).ok();
        let (class, message, at) = match &entry {
            Some(e) => (
                e.error_class.as_deref(),
                e.error_message.as_deref(),
                e.failed_at.unwrap_or(now),
            ),
            None => (None, None, now),
        };
        return failed(class, message, "attempts log", at);
    }
    if let Some(run) = run
        && run.finished_at >= job.moved_at
    {
        if run.success {
            return State::Succeeded {
                evidence: "history",
                at: run.finished_at,
            };
        }
        let (class, message) = run.error.clone().unwrap_or((None, None));
        return failed(
            class.as_deref(),
            message.as_deref(),
            "history",
            run.finished_at,
        );
    }
    if let Some(fields) = status.map(value::items) {
        let text = |i: usize| fields.get(i).and_then(value::string);
        let updated = text(1).and_then(|t| t.parse::<f64>().ok());
        if let (Some(s), Some(at)) = (text(0), updated)
            && at >= job.moved_at
        {
            match s.as_str() {
                "complete" => {
                    return State::Succeeded {
                        evidence: "status",
                        at,
                    };
                }
                "retrying" | "failed" => {
                    return failed(text(2).as_deref(), text(3).as_deref(), "status", at);
                }
                _ => {}
            }
        }
    }
    if queued {
        job.gone_reads = 0;
        return State::Queued;
    }
    if held {
        job.gone_reads = 0;
        return State::Running;
    }
    job.gone_reads = job.gone_reads.saturating_add(1);
    if job.gone_reads >= GONE_READS {
        return State::Succeeded {
            evidence: "gone",
            at: now,
        };
    }
    State::Waiting
}

/// The jids every process holds now: its busy hash (running) and its in-progress list
/// (fetched, reliable fetch).
fn held_jids(store: &mut Store) -> StoreResult<HashSet<String>> {
    let processes: Vec<Vec<u8>> = store.query(
        redis::cmd("SMEMBERS").arg(keys::PROCESSES),
        keys::PROCESSES,
        crate::store::KeyType::Set,
    )?;
    let inprogress: Vec<Vec<u8>> = store.query(
        redis::cmd("SMEMBERS").arg(keys::INPROGRESS_IDENTITIES),
        keys::INPROGRESS_IDENTITIES,
        crate::store::KeyType::Set,
    )?;
    let mut pipe = redis::pipe();
    for p in &processes {
        pipe.cmd("HVALS").arg(keys::workers(p));
    }
    for p in &inprogress {
        pipe.cmd("LRANGE").arg(keys::inprogress(p)).arg(0).arg(-1);
    }
    let mut held = HashSet::new();
    for (i, reply) in store.pipeline(&pipe)?.into_iter().enumerate() {
        let Ok(reply) = reply else { continue };
        for raw in value::items(&reply).iter().filter_map(value::bytes) {
            let jid = if i < processes.len() {
                serde_json::from_slice::<BusyEntry>(raw)
                    .ok()
                    .and_then(|e| e.payload)
                    .and_then(|p| p.jid)
            } else {
                serde_json::from_slice::<JidOnly>(raw)
                    .ok()
                    .and_then(|p| p.jid)
            };
            if let Some(jid) = jid {
                held.insert(jid);
            }
        }
    }
    Ok(held)
}

#[derive(serde::Deserialize)]
struct BusyEntry {
    payload: Option<JidOnly>,
}

#[derive(serde::Deserialize)]
struct JidOnly {
    jid: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::steps;

    #[test]
    fn steps_grow_tenfold_and_the_last_takes_the_rest() {
        assert_eq!(steps(3000, 10), vec![10, 100, 1000, 1890]);
        assert_eq!(steps(1110, 10), vec![10, 100, 1000]);
        assert_eq!(steps(15, 10), vec![10, 5]);
        assert_eq!(steps(7, 10), vec![7]);
        assert_eq!(steps(0, 10), Vec::<u64>::new());
        assert_eq!(steps(40_000, 10), vec![10, 100, 1000, 10_000, 28_890]);
    }
}
