//! The failure side of `incident`: one streaming pass over the dead set, the retry set and
//! the History middleware's failed runs, grouped by triage fingerprint, each pattern with
//! per-minute counts over the window. Memory holds the patterns (at most [`MAX_PATTERNS`]),
//! never the entries: the sets are read in pages, as `triage` reads them.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, mpsc};

use serde::{Deserialize, Serialize};

use crate::ops::Problem;
use crate::ops::fingerprint::{Fingerprint, UNPARSEABLE, pattern_of};
use crate::store::job::{Job, UNPARSEABLE_CLASS, failure_time};
use crate::store::page::{Order, ScoreRange, ZPager};
use crate::store::{Connector, JobSet, KeyType, Name, Store, StoreResult, keys, value};

/// Patterns told apart; the entries of further ones are only counted.
pub const MAX_PATTERNS: usize = 1000;
/// The most buckets a window is cut into (a minute each up to 24 h).
const MAX_BUCKETS: usize = 1440;
/// The recent stretch a surge is measured over.
pub const RECENT: f64 = 15.0 * 60.0;
/// How many times its earlier rate a pattern's recent rate must reach to be a surge.
pub const SURGE_FACTOR: f64 = 5.0;
/// Failures a pattern needs in the recent stretch (or, new, in the window) to be a surge:
/// one or two failures are not an incident.
pub const MIN_FAILURES: u64 = 3;
/// A surge with no failure for this long (or for ten of its average gaps, when longer) is
/// over.
pub const QUIET: f64 = 120.0;
/// How unlikely, at its usual rate, a pattern's recent count must be to be a surge: chance
/// clusters of a steady pattern (3 failures in 15 minutes of one that fails twice an hour)
/// are not.
pub const SURPRISE: f64 = 1e-6;
/// How far before the window, at least, the dead set and History are read.
pub const LOOKBACK: f64 = 86_400.0;
/// A pattern first seen in the window is new only when the records reach back before its
/// first failure by more than this many of its failures (at its rate since): a pattern
/// failing from the moment the records begin (a young fleet, a flushed Redis) is not.
pub const NEW_EXPECTED: f64 = 10.0;
/// A surge's failures are split into episodes at a stretch with none this long (or twenty
/// of its gaps at its busiest, when longer), when its class ran and succeeded in between.
pub const EPISODE_GAP: f64 = 120.0;
/// Classes (and queues) named per pattern; the rest are counted together.
const NAMES_KEPT: usize = 5;

/// The window the report looks at, cut into equal buckets.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub start: f64,
    /// What the dead set and History are read back to, for each pattern's earlier rate: the
    /// window's length again before it, at least a day. Older failures are not counted.
    pub horizon: f64,
    pub now: f64,
    pub bucket: f64,
    pub buckets: usize,
}

impl Window {
    pub fn new(now: f64, since: f64) -> Window {
        let since = since.max(60.0);
        let buckets = ((since / 60.0).ceil() as usize).clamp(1, MAX_BUCKETS);
        Window {
            start: now - since,
            horizon: now - since - since.max(LOOKBACK),
            now,
            bucket: since / buckets as f64,
            buckets,
        }
    }

    /// The bucket of `t`; `None` before the window. Times after now (clocks apart) count in
    /// the last bucket.
    fn index(&self, t: f64) -> Option<usize> {
        if t < self.start {
            return None;
        }
        Some((((t - self.start) / self.bucket) as usize).min(self.buckets - 1))
    }

    pub fn bucket_start(&self, i: usize) -> f64 {
        self.start + i as f64 * self.bucket
    }
}

/// When the failures of one pattern (or its deaths) happened.
#[derive(Debug, Default)]
pub struct Series {
    /// Entries before the window.
    pub before: u64,
    /// Entries in the window.
    pub in_window: u64,
    /// The earliest and latest time of any entry.
    pub first: Option<f64>,
    pub last: Option<f64>,
    /// The earliest entry in the window.
    pub first_in_window: Option<f64>,
    /// Per bucket: entries, and the earliest and latest of them (seconds into the bucket).
    counts: Vec<u32>,
    earliest: Vec<f32>,
    latest: Vec<f32>,
}

/// One stretch of a pattern's failures: from its first to its last failure.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Episode {
    pub from: f64,
    pub to: f64,
    pub failures: u64,
}

impl Series {
    fn add(&mut self, w: &Window, t: f64) {
        if t < w.horizon {
            return;
        }
        self.first = Some(self.first.map_or(t, |f| f.min(t)));
        self.last = Some(self.last.map_or(t, |l| l.max(t)));
        let Some(i) = w.index(t) else {
            self.before += 1;
            return;
        };
        if self.counts.is_empty() {
            self.counts = vec![0; w.buckets];
            self.earliest = vec![f32::MAX; w.buckets];
            self.latest = vec![0.0; w.buckets];
        }
        self.in_window += 1;
        self.first_in_window = Some(self.first_in_window.map_or(t, |f| f.min(t)));
        self.counts[i] = self.counts[i].saturating_add(1);
        let into = (t - w.bucket_start(i)).max(0.0) as f32;
        self.earliest[i] = self.earliest[i].min(into);
        self.latest[i] = self.latest[i].max(into);
    }

    /// Whether the records begin too close before this series' first entry to tell that it
    /// is new: at its rate since, fewer than [`NEW_EXPECTED`] of its entries would have
    /// fallen between the two. (No earlier entry, and records that begin when it does.)
    pub fn from_the_start(&self, w: &Window, begin: Option<f64>) -> bool {
        let (Some(begin), Some(first)) = (begin, self.first) else {
            return false;
        };
        if self.before > 0 {
            return false;
        }
        let rate = self.in_window as f64 / (w.now - first).max(60.0);
        rate * (first - begin).max(0.0) < NEW_EXPECTED
    }

    /// The stretches with no entry at least `min_gap` long, from `from` on: where episodes
    /// may split. `(last entry before, first entry after)`.
    pub fn quiet_gaps(&self, w: &Window, from: f64, min_gap: f64) -> Vec<(f64, f64)> {
        let mut gaps = Vec::new();
        if self.counts.is_empty() {
            return gaps;
        }
        let mut prev: Option<f64> = None;
        for i in w.index(from).unwrap_or(0)..w.buckets {
            if self.counts[i] == 0 {
                continue;
            }
            let start = w.bucket_start(i);
            let (first, last) = (
                start + f64::from(self.earliest[i]),
                start + f64::from(self.latest[i]),
            );
            if let Some(p) = prev
                && first - p >= min_gap
            {
                gaps.push((p, first));
            }
            prev = Some(last);
        }
        gaps
    }

    /// The episodes from `from` on, split at `splits` (stretches with no entry).
    pub fn episodes(&self, w: &Window, from: f64, splits: &[(f64, f64)]) -> Vec<Episode> {
        let mut out: Vec<Episode> = Vec::new();
        if self.counts.is_empty() {
            return out;
        }
        for i in w.index(from).unwrap_or(0)..w.buckets {
            if self.counts[i] == 0 {
                continue;
            }
            let start = w.bucket_start(i);
            let (first, last) = (
                (start + f64::from(self.earliest[i])).max(from),
                start + f64::from(self.latest[i]),
            );
            let n = u64::from(self.counts[i]);
            match out.last_mut() {
                Some(e)
                    if !splits
                        .iter()
                        .any(|&(a, b)| a >= e.to - 1e-6 && b <= first + 1e-6) =>
                {
                    e.to = last;
                    e.failures += n;
                }
                _ => out.push(Episode {
                    from: first,
                    to: last,
                    failures: n,
                }),
            }
        }
        out
    }

    /// Entries per bucket (all zero when none fell in the window).
    pub fn counts(&self, w: &Window) -> Vec<u32> {
        if self.counts.is_empty() {
            vec![0; w.buckets]
        } else {
            self.counts.clone()
        }
    }

    /// Entries in the last `secs` seconds.
    pub fn recent(&self, w: &Window, secs: f64) -> u64 {
        if self.counts.is_empty() {
            return 0;
        }
        let from = w.now - secs;
        (0..w.buckets)
            .filter(|&i| w.bucket_start(i) >= from - 1e-6)
            .map(|i| u64::from(self.counts[i]))
            .sum()
    }

    /// Entries at or after `t` (to the bucket: the whole bucket of `t` counts).
    pub fn since(&self, w: &Window, t: f64) -> u64 {
        if self.counts.is_empty() {
            return 0;
        }
        let from = w.index(t).unwrap_or(0);
        self.counts[from..].iter().map(|&n| u64::from(n)).sum()
    }

    /// The busiest 5 minutes of the window, as failures a minute.
    pub fn peak_per_minute(&self, w: &Window) -> f64 {
        if self.counts.is_empty() {
            return 0.0;
        }
        let per_block = ((300.0 / w.bucket).round() as usize).clamp(1, w.buckets);
        let mut sum: u64 = self.counts[..per_block].iter().map(|&n| u64::from(n)).sum();
        let mut peak = sum;
        for i in per_block..w.buckets {
            sum = sum + u64::from(self.counts[i]) - u64::from(self.counts[i - per_block]);
            peak = peak.max(sum);
        }
        peak as f64 / (per_block as f64 * w.bucket / 60.0)
    }

    /// Whether this is a surge (module docs of `incident`): new in the window, or at least
    /// [`SURGE_FACTOR`] times its earlier rate over the last [`RECENT`] seconds.
    /// `begin`: when the records begin (None: unknown, taken as before the window); the
    /// window's earlier rate counts only the part of it they cover.
    pub fn surge(&self, w: &Window, begin: Option<f64>) -> Option<Surge> {
        let recent = self.recent(w, RECENT);
        let earlier = self.in_window - recent;
        let span = w.now - begin.map_or(w.start, |b| b.max(w.start));
        let new =
            self.before == 0 && self.in_window >= MIN_FAILURES && !self.from_the_start(w, begin);
        let recent_rate = recent as f64 / RECENT;
        // A pattern failing since the records begin has only their short earlier stretch
        // to give its usual rate: none there is no rate of none, so one is assumed.
        let young = self.before == 0 && self.from_the_start(w, begin);
        let earlier_rate = if span > RECENT {
            Some((earlier as f64 + if young { 1.0 } else { 0.0 }) / (span - RECENT))
        } else {
            None
        };
        // The rate to beat: the window's earlier part, or the pattern's whole past when that
        // is higher (a quiet few hours of a pattern that fails every day are not its rate).
        let long_run = self
            .first
            .filter(|&f| f < w.now - RECENT)
            .map(|f| (self.before + earlier) as f64 / (w.now - RECENT - f).max(RECENT));
        let baseline = match (earlier_rate, long_run) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        let rising = recent >= MIN_FAILURES
            && baseline.is_some_and(|e| {
                recent_rate >= SURGE_FACTOR * e && poisson_tail(recent, e * RECENT) < SURPRISE
            });
        if !new && !rising {
            return None;
        }
        let onset = if new {
            self.first_in_window?
        } else {
            self.onset(w)
        };
        Some(Surge {
            new,
            onset,
            recent,
            earlier,
            recent_per_hour: recent_rate * 3600.0,
            earlier_per_hour: earlier_rate.map(|e| e * 3600.0),
        })
    }

    /// A burst: at least `n` entries within `span` seconds of the window, at [`SURGE_FACTOR`]
    /// times the rate of the rest of the series' record (before and after the burst, back to
    /// its first entry). However young the fleet, so many deaths at once are never its usual
    /// rate; a series that dies as fast all along has no burst. The latest such stretch,
    /// dated by its first entry.
    pub fn burst(&self, w: &Window, n: u64, span: f64) -> Option<Surge> {
        let first = self.first?;
        if self.counts.is_empty() || self.in_window < n {
            return None;
        }
        let per = ((span / w.bucket).ceil() as usize).clamp(1, w.buckets);
        let mut prefix = vec![0u64; w.buckets + 1];
        for i in 0..w.buckets {
            prefix[i + 1] = prefix[i] + u64::from(self.counts[i]);
        }
        let total = self.before + self.in_window;
        let stretch = per as f64 * w.bucket;
        let rest_time = (w.now - first - stretch).max(stretch);
        let start = (per..=w.buckets).rev().find_map(|end| {
            let from = end - per;
            let k = prefix[end] - prefix[from];
            let rest = (total - k) as f64 / rest_time;
            (k >= n && k as f64 / stretch >= SURGE_FACTOR * rest).then_some(from)
        })?;
        let onset = (start..w.buckets)
            .find(|&i| self.counts[i] > 0)
            .map(|i| w.bucket_start(i) + f64::from(self.earliest[i]))?;
        let recent = self.recent(w, RECENT);
        Some(Surge {
            new: self.before == 0,
            onset,
            recent,
            earlier: self.in_window - recent,
            recent_per_hour: recent as f64 / RECENT * 3600.0,
            earlier_per_hour: None,
        })
    }

    /// The surge's first failure: walking back from now in 5-minute blocks, the earliest of
    /// the run of blocks whose rate is at least [`SURGE_FACTOR`] times the rate of the window
    /// before them; its first failure.
    fn onset(&self, w: &Window) -> f64 {
        let per_block = ((300.0 / w.bucket).round() as usize).max(1);
        let mut prefix = vec![0u64; w.buckets + 1];
        for i in 0..w.buckets {
            prefix[i + 1] = prefix[i] + u64::from(self.counts[i]);
        }
        let mut end = w.buckets;
        let mut earliest_hot: Option<usize> = None;
        while end > 0 {
            let begin = end.saturating_sub(per_block);
            let count = prefix[end] - prefix[begin];
            let before_rate = if begin == 0 {
                0.0
            } else {
                prefix[begin] as f64 / (begin as f64 * w.bucket)
            };
            let rate = count as f64 / ((end - begin) as f64 * w.bucket);
            let hot = count > 0 && rate >= SURGE_FACTOR * before_rate;
            let in_recent = w.bucket_start(begin) >= w.now - RECENT - 1e-6;
            if hot {
                earliest_hot = Some(begin);
            } else if earliest_hot.is_some() || !in_recent {
                break;
            }
            end = begin;
        }
        let hot = earliest_hot.unwrap_or_else(|| w.index(w.now - RECENT).unwrap_or(0));
        // A stray failure of the pattern's usual trickle can fall in the first hot block:
        // the surge starts where one rate before and another after fit the counts best (the
        // change point), looked for from half an hour before the first hot block.
        let total = prefix[w.buckets] as f64;
        let ll = |n: f64, t: f64| if n > 0.0 { n * (n / t).ln() } else { 0.0 };
        let lookback = ((1800.0 / w.bucket).round() as usize).max(1);
        let from = (hot.saturating_sub(lookback).max(1)..w.buckets)
            .map(|c| {
                let before = prefix[c] as f64;
                let fit = ll(before, c as f64 * w.bucket)
                    + ll(total - before, (w.buckets - c) as f64 * w.bucket);
                (c, fit)
            })
            .fold((hot, f64::NEG_INFINITY), |best, (c, fit)| {
                if fit > best.1 + 1e-9 { (c, fit) } else { best }
            })
            .0;
        (from..w.buckets)
            .find(|&i| self.counts[i] > 0)
            .map_or(w.now - RECENT, |i| {
                w.bucket_start(i) + f64::from(self.earliest[i])
            })
    }
}

/// The chance of at least `k` events when `mean` are expected (Poisson).
pub fn poisson_tail(k: u64, mean: f64) -> f64 {
    if mean <= 0.0 {
        return if k == 0 { 1.0 } else { 0.0 };
    }
    // 1 − P(X < k), summed in log space term by term.
    let mut below = 0.0;
    let mut log_term = -mean;
    for i in 0..k {
        if i > 0 {
            log_term += mean.ln() - (i as f64).ln();
        }
        below += log_term.exp();
    }
    (1.0 - below).max(0.0)
}

/// A pattern's surge, as [`Series::surge`] found it.
#[derive(Debug)]
pub struct Surge {
    pub new: bool,
    pub onset: f64,
    pub recent: u64,
    pub earlier: u64,
    pub recent_per_hour: f64,
    pub earlier_per_hour: Option<f64>,
}

/// One failure pattern.
#[derive(Debug)]
pub struct Pattern {
    pub fingerprint: Fingerprint,
    /// Every failure counted once, from the sources that keep failures whatever became of
    /// the job: attempts logs, dead entries and History's failed runs (each failed attempt
    /// once, however many of them saw it).
    pub failures: Series,
    /// Deaths, when they happened (dead or killed in an attempts log, or a dead entry no log
    /// records).
    pub deaths: Series,
    /// Retry entries no attempts log or History entry records, at their latest failure (an
    /// estimate): survivors only, the jobs whose retry passed have left the set.
    pub survivors: Series,
    /// Entries per source: retry, dead, history, attempts-log elements.
    pub retry: u64,
    pub dead: u64,
    pub history: u64,
    pub logged: u64,
    /// Jobs with a failure in the window (an attempts log counts once).
    pub jobs_in_window: u64,
    pub classes: Names,
    pub queues: Names,
    /// The error message of its newest failure, as stored.
    pub sample: Option<String>,
    sample_at: f64,
    /// Runs that succeeded after its last failure: of its classes (History's successes), or
    /// of any class (throughput's processed hours that began after it), when known.
    pub successes_since: Option<(u64, &'static str)>,
    /// Runs of its classes that succeeded since its first failure (History), when asked.
    pub class_runs: Option<u64>,
    /// When the records begin, for this pattern, and what dates that (`Failures::date`).
    pub begin: Option<(f64, &'static str)>,
    /// The stretches with no failure its episodes split at, and what says its class ran in
    /// them: `class_succeeded` (History) or `quiet` (no History to tell).
    pub splits: Vec<(f64, f64)>,
    pub split_by: &'static str,
}

impl Pattern {
    fn new(fingerprint: Fingerprint) -> Pattern {
        Pattern {
            fingerprint,
            failures: Series::default(),
            deaths: Series::default(),
            survivors: Series::default(),
            retry: 0,
            dead: 0,
            history: 0,
            logged: 0,
            jobs_in_window: 0,
            classes: Names::default(),
            queues: Names::default(),
            sample: None,
            sample_at: f64::NEG_INFINITY,
            successes_since: None,
            class_runs: None,
            begin: None,
            splits: Vec::new(),
            split_by: "quiet",
        }
    }

    /// The earliest failure any source dates.
    pub fn first_failure(&self) -> Option<f64> {
        [self.failures.first, self.deaths.first, self.survivors.first]
            .into_iter()
            .flatten()
            .min_by(f64::total_cmp)
    }

    /// Its classes, as named.
    pub fn class_names(&self) -> Vec<String> {
        self.classes.named.keys().cloned().collect()
    }

    /// The latest failure any source dates.
    pub fn last_failure(&self) -> Option<f64> {
        match (self.failures.last, self.survivors.last) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        }
    }

    /// Another reader's counts of the same pattern, added: entries per source, names, the
    /// newest sample. (Series are counted after, once each failure is known once.)
    fn merge(&mut self, other: Pattern) {
        self.retry += other.retry;
        self.dead += other.dead;
        self.history += other.history;
        self.classes.merge(other.classes);
        self.queues.merge(other.queues);
        if other.sample_at > self.sample_at {
            self.sample_at = other.sample_at;
            self.sample = other.sample;
        }
    }

    fn note_sample(&mut self, t: f64, message: Option<&str>) {
        if t > self.sample_at {
            self.sample_at = t;
            self.sample = message.map(|m| m.chars().take(300).collect::<String>());
        }
    }
}

/// The most frequent names of a pattern's entries (a few, the rest counted together).
#[derive(Debug, Default)]
pub struct Names {
    named: HashMap<String, u64>,
    pub rest: u64,
}

impl Names {
    fn add(&mut self, name: Option<&str>) {
        let Some(name) = name else {
            self.rest += 1;
            return;
        };
        if let Some(n) = self.named.get_mut(name) {
            *n += 1;
        } else if self.named.len() < NAMES_KEPT {
            self.named.insert(name.to_string(), 1);
        } else {
            self.rest += 1;
        }
    }

    fn merge(&mut self, other: Names) {
        for (name, n) in other.named {
            if let Some(m) = self.named.get_mut(&name) {
                *m += n;
            } else if self.named.len() < NAMES_KEPT {
                self.named.insert(name, n);
            } else {
                self.rest += n;
            }
        }
        self.rest += other.rest;
    }

    /// Most frequent first.
    pub fn sorted(&self) -> Vec<(String, u64)> {
        let mut v: Vec<(String, u64)> = self.named.iter().map(|(k, &n)| (k.clone(), n)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v
    }
}

/// What the pass read, per source: what the report says it looked at.
#[derive(Debug, Default, Serialize)]
pub struct Sources {
    /// Attempts logs found, and the failures they hold.
    pub attempts_logs: u64,
    pub logged_failures: u64,
    /// Entries read.
    pub retry: u64,
    pub dead: u64,
    pub history_failed: u64,
    /// Dead entries and History failed runs older than the horizon: counted, not read.
    pub dead_before_horizon: u64,
    pub history_before_horizon: u64,
    /// The horizon: epoch seconds.
    pub horizon: f64,
    /// Retry entries whose failure no attempts log or History entry records: survivors,
    /// counted but not trusted for rates.
    pub retry_unlogged: u64,
    /// Dead entries and History runs already counted from an attempts log.
    pub counted_once: u64,
    /// Attempts-log elements that aren't a failure record (not JSON, no time).
    pub unreadable: u64,
}

/// What the pass read.
#[derive(Debug, Default)]
pub struct Failures {
    pub patterns: Vec<Pattern>,
    /// Entries of patterns beyond [`MAX_PATTERNS`].
    pub other: u64,
    pub sources: Sources,
    /// Throughput's `failed` per hour index over the window (None: unreadable).
    pub failed_hours: Vec<(i64, Option<u64>)>,
    /// Throughput's `processed` per hour index over the window.
    pub processed_hours: Vec<(i64, Option<u64>)>,
    /// History's oldest run (`history:all`, else `:success` or `:failed`), when on.
    pub history_oldest: Option<f64>,
    /// When the records begin, for the fleet (`Failures::date`).
    pub records: Option<(f64, &'static str)>,
    /// The same by the records of runs alone (History, throughput, failures), the
    /// processes' starts aside: whether anything ran before the fleet's processes did.
    pub runs_begin: Option<f64>,
}

impl Failures {
    /// When the records begin: the earliest moment dated by a source that records runs
    /// whatever their outcome (History's oldest run, throughput's oldest hour read, the
    /// oldest start of a process in the registry), or by a failure. For each pattern the same,
    /// its own failures aside: before then, nothing could have seen it fail.
    pub fn date(&mut self, w: &Window, process_start: Option<f64>) {
        let mut base: Vec<(f64, &'static str)> = Vec::new();
        if let Some(t) = self.history_oldest {
            base.push((t, "history"));
        }
        if self.sources.dead_before_horizon + self.sources.history_before_horizon > 0 {
            base.push((w.horizon, "failures"));
        }
        // An hour's count dates something within it: its end at the latest (now, for the
        // hour going on: never a time to come).
        if let Some(h) = self
            .processed_hours
            .iter()
            .chain(&self.failed_hours)
            .filter(|(_, n)| n.is_some_and(|n| n > 0))
            .map(|(h, _)| *h)
            .min()
        {
            base.push((((h + 1) as f64 * 3600.0).min(w.now), "throughput"));
        }
        self.runs_begin = base
            .iter()
            .map(|b| b.0)
            .chain(self.patterns.iter().filter_map(Pattern::first_failure))
            .filter(|t| t.is_finite())
            .min_by(f64::total_cmp);
        // A start written by a host whose clock runs ahead is no later than now.
        if let Some(t) = process_start {
            base.push((t.min(w.now), "process_start"));
        }
        let earliest = |v: &mut dyn Iterator<Item = (f64, &'static str)>| {
            v.filter(|(t, _)| t.is_finite())
                .min_by(|a, b| a.0.total_cmp(&b.0))
        };
        let firsts: Vec<Option<f64>> = self.patterns.iter().map(Pattern::first_failure).collect();
        let mut order: Vec<usize> = (0..firsts.len()).filter(|&i| firsts[i].is_some()).collect();
        order.sort_by(|&a, &b| {
            firsts[a]
                .unwrap_or(0.0)
                .total_cmp(&firsts[b].unwrap_or(0.0))
        });
        let other = |i: usize| {
            order
                .iter()
                .find(|&&j| j != i)
                .and_then(|&j| firsts[j].map(|t| (t, "failures")))
        };
        for (i, p) in self.patterns.iter_mut().enumerate() {
            p.begin = earliest(&mut base.iter().copied().chain(other(i)));
        }
        self.records = earliest(
            &mut base.iter().copied().chain(
                order
                    .first()
                    .and_then(|&j| firsts[j].map(|t| (t, "failures"))),
            ),
        );
    }

    /// Whether the hourly `failed` counts show the fleet failing at least [`SURGE_FACTOR`]
    /// times as often lately (the current hour, with the previous one while the current is
    /// young) as in the earlier full hours of the window: what a pattern seen only among the
    /// retry set's survivors needs to be called a surge.
    pub fn failed_rising(&self, w: &Window) -> bool {
        let hours: Vec<(i64, u64)> = self
            .failed_hours
            .iter()
            .filter_map(|&(h, n)| n.map(|n| (h, n)))
            .collect();
        let Some(&(this_hour, this)) = hours.last() else {
            return false;
        };
        let into = w.now - this_hour as f64 * 3600.0;
        let (recent, span, earlier_from) = if into < RECENT && hours.len() >= 2 {
            (this + hours[hours.len() - 2].1, into + 3600.0, 2)
        } else {
            (this, into.max(60.0), 1)
        };
        let earlier = &hours[..hours.len().saturating_sub(earlier_from)];
        let earlier: Vec<u64> = earlier
            .iter()
            .filter(|(h, _)| *h as f64 * 3600.0 >= w.start - 3600.0)
            .map(|&(_, n)| n)
            .collect();
        if earlier.is_empty() {
            return false;
        }
        let before = earlier.iter().sum::<u64>() as f64 / (earlier.len() as f64 * 3600.0);
        recent >= MIN_FAILURES && recent as f64 / span >= SURGE_FACTOR * before
    }
}

/// One element of an attempts log (KEYS.md §3.23); anything else in the list is skipped.
#[derive(Deserialize)]
struct LoggedFailure<'a> {
    attempt: Option<f64>,
    failed_at: Option<f64>,
    // Borrowed from the reply where no escape needs undoing: millions of elements are read.
    #[serde(borrow)]
    outcome: Option<Cow<'a, str>>,
    #[serde(borrow)]
    error_class: Option<Cow<'a, str>>,
    #[serde(borrow)]
    error_message: Option<Cow<'a, str>>,
}

/// What one job's attempts log covers: the attempts it records and the earliest time.
#[derive(Clone, Copy)]
struct Logged {
    min: u16,
    max: u16,
    /// Its first failure, seconds after the horizon.
    first: f32,
}

/// An attempt number as kept (8 bytes a log, hundreds of thousands of logs): the largest
/// ones all as one.
fn attempt16(n: u32) -> u16 {
    n.min(u32::from(u16::MAX - 1)) as u16
}

impl Logged {
    fn new((min, max, first): (u32, u32, f64), horizon: f64) -> Logged {
        Logged {
            min: attempt16(min),
            max: attempt16(max),
            first: (first - horizon) as f32,
        }
    }

    /// Whether it records the failure that left `retry_count` at `n`.
    fn holds(&self, n: u32) -> bool {
        (self.min..=self.max).contains(&attempt16(n))
    }

    fn first(&self, horizon: f64) -> f64 {
        horizon + f64::from(self.first)
    }
}

fn jid_key(jid: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    jid.hash(&mut h);
    h.finish()
}

#[derive(Clone, Copy, PartialEq)]
enum Source {
    Retry,
    Dead,
    History,
}

/// The newest elements of each attempts log read first; the rest only when they reach no
/// further back than the horizon.
const LOG_TAIL: isize = 4;
/// Attempts logs read per pipelined call.
const LOGS_PER_CALL: usize = 500;
/// Threads reading and parsing attempts logs, each on its own connection, beside the one
/// that walks the keyspace and the one that counts.
const LOG_READERS: usize = 3;

struct Grouper {
    index: HashMap<(String, String), usize>,
}

impl Grouper {
    /// The pattern of a failure, created if new; `None` beyond [`MAX_PATTERNS`].
    fn at(
        &mut self,
        out: &mut Failures,
        error_class: Option<&str>,
        message: Option<&str>,
        parsed: bool,
    ) -> Option<usize> {
        let group = if parsed {
            (
                error_class.unwrap_or("").to_string(),
                pattern_of(error_class, message),
            )
        } else {
            (String::new(), UNPARSEABLE.to_string())
        };
        self.at_group(out, group, parsed)
    }

    /// The same, for an error class and its message's pattern already worked out.
    fn at_group(
        &mut self,
        out: &mut Failures,
        group: (String, String),
        parsed: bool,
    ) -> Option<usize> {
        if let Some(&at) = self.index.get(&group) {
            return Some(at);
        }
        if out.patterns.len() >= MAX_PATTERNS {
            out.other += 1;
            return None;
        }
        let fingerprint = if parsed {
            Fingerprint::from_parts(&group.0, group.1.clone())
        } else {
            Fingerprint::unparseable()
        };
        out.patterns.push(Pattern::new(fingerprint));
        self.index.insert(group, out.patterns.len() - 1);
        Some(out.patterns.len() - 1)
    }
}

/// The latest failure of a retry entry: its score less the mean backoff for its
/// `retry_count` (KEYS.md §4.3.2; the random term unknown, its middle taken), never before
/// its first failure; the first failure itself when it failed once.
fn latest_failure(job: Option<&Job<'_>>, score: f64) -> f64 {
    let first = failure_time(JobSet::Retry, job, score);
    let n = job.and_then(|j| j.retry_count).unwrap_or(0);
    if n <= 1 {
        return first;
    }
    let n = n.min(1000) as f64;
    let estimate = score - (n.powi(4) + 15.0 + 14.5 * (n + 1.0));
    if first.is_finite() && first <= score {
        estimate.max(first)
    } else {
        estimate
    }
}

/// Read the sources once each, in pages: every attempts log (by `SCAN`) and, at the same
/// time on a connection of its own, the dead set, the retry set and History's failed runs;
/// each failure counted once. A source of the wrong type is a problem; the others are still
/// read.
pub fn read(
    store: &mut Store,
    connector: &Connector,
    w: &Window,
    problems: &mut Vec<Problem>,
) -> StoreResult<Failures> {
    let mut out = Failures::default();
    out.sources.horizon = w.horizon;
    let mut groups = Grouper {
        index: HashMap::new(),
    };
    // A set entry's failure is counted only once every log is read (a log that holds it
    // counts it): the sets' reader keeps its patterns, names and counts apart, and per entry
    // what that decision takes (24 bytes), merged here after.
    let (logged, sets) = std::thread::scope(|s| {
        let sets = s.spawn(|| read_sets(connector, w));
        let logged = read_logs(connector, w, &mut out, &mut groups);
        let sets = sets
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (logged, sets)
    });
    let logged = logged?;
    let sets = sets?;
    problems.extend(sets.problems);
    let part = sets.part;
    for (name, n) in [
        (&mut out.sources.retry, part.sources.retry),
        (&mut out.sources.dead, part.sources.dead),
        (&mut out.sources.history_failed, part.sources.history_failed),
        (
            &mut out.sources.dead_before_horizon,
            part.sources.dead_before_horizon,
        ),
        (
            &mut out.sources.history_before_horizon,
            part.sources.history_before_horizon,
        ),
    ] {
        *name += n;
    }
    out.other += part.other;
    // The reader's patterns, by their place in `out` (None: beyond MAX_PATTERNS).
    let mut keys: Vec<Option<((String, String), bool)>> = vec![None; part.patterns.len()];
    for (key, at) in sets.groups.index {
        let parsed = key.1 != UNPARSEABLE || !key.0.is_empty();
        keys[at] = Some((key, parsed));
    }
    let mut placed: Vec<Option<usize>> = Vec::with_capacity(part.patterns.len());
    for (read, key) in part.patterns.into_iter().zip(keys) {
        let Some((key, parsed)) = key else {
            placed.push(None);
            continue;
        };
        let at = groups.at_group(&mut out, key, parsed);
        if let Some(at) = at {
            out.patterns[at].merge(read);
        }
        placed.push(at);
    }
    for d in sets.deferred.iter().flatten() {
        let Some(at) = placed.get(d.group()).copied().flatten() else {
            out.other += 1;
            continue;
        };
        let source = d.source();
        let log = d.jid().and_then(|jid| logged.get(&jid)).copied();
        // Whether an attempts log already holds this failure.
        let t = d.t();
        let in_log = log.is_some_and(|l| match source {
            Source::Retry | Source::Dead => d.rc().is_some_and(|n| l.holds(n)),
            Source::History => t >= l.first(w.horizon) - 5.0,
        });
        let p = &mut out.patterns[at];
        if !in_log && t >= w.start {
            p.jobs_in_window += 1;
        }
        if in_log && source != Source::Retry {
            out.sources.counted_once += 1;
        }
        if in_log {
            continue;
        }
        match source {
            Source::Retry => {
                out.sources.retry_unlogged += 1;
                p.survivors.add(w, t);
            }
            Source::Dead => {
                p.failures.add(w, t);
                p.deaths.add(w, t);
            }
            Source::History => p.failures.add(w, t),
        }
    }
    drop(logged);
    read_hours(store, w, &mut out, problems)?;
    out.history_oldest = history_oldest(store)?;
    Ok(out)
}

/// One set entry's failure, kept until the logs are all read (20 bytes, hundreds of
/// thousands of entries): its job's jid (hashed), when, and its pattern, source, whether it
/// has a jid and its `retry_count` packed together.
#[derive(Clone, Copy)]
#[repr(C, packed(4))]
struct Deferred {
    jid: u64,
    t: f64,
    /// Bits 0–11 the pattern (in the reader's own, at most [`MAX_PATTERNS`]), 12–13 the
    /// source, 14 whether there is a jid, 16–31 `retry_count` as [`attempt16`] keeps it
    /// (`u16::MAX`: none).
    packed: u32,
}

const DEFERRED_CHUNK: usize = 8192;

impl Deferred {
    fn new(jid: Option<u64>, t: f64, group: usize, source: Source, rc: Option<u32>) -> Deferred {
        let source: u32 = match source {
            Source::Retry => 0,
            Source::Dead => 1,
            Source::History => 2,
        };
        let rc = rc.map_or(u16::MAX, attempt16);
        Deferred {
            jid: jid.unwrap_or(0),
            t,
            packed: (group as u32 & 0xFFF)
                | (source << 12)
                | (u32::from(jid.is_some()) << 14)
                | (u32::from(rc) << 16),
        }
    }

    fn group(&self) -> usize {
        (self.packed & 0xFFF) as usize
    }

    fn source(&self) -> Source {
        match (self.packed >> 12) & 3 {
            0 => Source::Retry,
            1 => Source::Dead,
            _ => Source::History,
        }
    }

    fn jid(&self) -> Option<u64> {
        (self.packed & (1 << 14) != 0).then_some(self.jid)
    }

    /// `retry_count`, as [`attempt16`] keeps it.
    fn rc(&self) -> Option<u32> {
        let rc = self.packed >> 16;
        (rc != u32::from(u16::MAX)).then_some(rc)
    }

    fn t(&self) -> f64 {
        self.t
    }
}

/// What the sets' reader read.
struct SetsRead {
    /// Its own patterns (names, samples, entries per source) and the sources' counts.
    part: Failures,
    groups: Grouper,
    /// One per entry read, in chunks (no copy of the whole as it grows).
    deferred: Vec<Vec<Deferred>>,
    problems: Vec<Problem>,
}

/// The dead set, the retry set and History's failed runs, newest first in pages, on a
/// connection of its own.
fn read_sets(connector: &Connector, w: &Window) -> StoreResult<SetsRead> {
    let mut store = Store::connect(connector.clone())?;
    let store = &mut store;
    let mut read = SetsRead {
        part: Failures::default(),
        groups: Grouper {
            index: HashMap::new(),
        },
        deferred: Vec::new(),
        problems: Vec::new(),
    };
    let out = &mut read.part;
    for (key, source) in [
        (keys::DEAD, Source::Dead),
        (keys::RETRY, Source::Retry),
        (keys::HISTORY_FAILED, Source::History),
    ] {
        let name: Name = key.into();
        // A death or a History run is the time of its failure: those before the horizon
        // add nothing to a rate, and are only counted.
        let range = match source {
            Source::Retry => ScoreRange::all(),
            Source::Dead | Source::History => {
                let older = ScoreRange {
                    min: "-inf".into(),
                    max: format!("({:?}", w.horizon),
                };
                match older.count(store, &name) {
                    Ok(n) if source == Source::Dead => out.sources.dead_before_horizon = n,
                    Ok(n) => out.sources.history_before_horizon = n,
                    Err(e) if e.is_connection() => return Err(e),
                    // The pager meets it too, and says so.
                    Err(_) => {}
                }
                ScoreRange::between(Some(w.horizon), None)
            }
        };
        let mut pager = ZPager::new(name.clone(), Order::NewestFirst, range);
        match pager.snapshot(store) {
            Ok(()) => {}
            Err(e) if e.is_connection() => return Err(e),
            Err(e) => {
                read.problems.push(Problem::from_store(name, &e));
                continue;
            }
        }
        for page in pager.prefetch(connector.clone()) {
            let page = match page {
                Ok(page) => page,
                Err(e) if e.is_connection() => return Err(e),
                Err(e) => {
                    read.problems.push(Problem::from_store(key, &e));
                    break;
                }
            };
            for entry in &page {
                let parsed = entry.member.parse();
                let job = parsed.as_ref().ok();
                let score = entry.score.value;
                let t = match source {
                    Source::Retry => latest_failure(job, score),
                    Source::Dead | Source::History => score,
                };
                if !t.is_finite() {
                    continue;
                }
                match source {
                    Source::Retry => out.sources.retry += 1,
                    Source::Dead => out.sources.dead += 1,
                    Source::History => out.sources.history_failed += 1,
                }
                let Some(at) = read.groups.at(
                    out,
                    job.and_then(|j| j.error_class.as_deref()),
                    job.and_then(|j| j.error_message.as_deref()),
                    job.is_some(),
                ) else {
                    continue;
                };
                let p = &mut out.patterns[at];
                match source {
                    Source::Retry => p.retry += 1,
                    Source::Dead => p.dead += 1,
                    Source::History => p.history += 1,
                }
                match job {
                    Some(job) => {
                        p.classes.add(job.class.as_deref());
                        p.queues.add(job.queue.as_deref());
                        p.note_sample(t, job.error_message.as_deref());
                    }
                    None => {
                        p.classes.add(Some(UNPARSEABLE_CLASS));
                        p.queues.add(None);
                    }
                }
                let d = Deferred::new(
                    job.and_then(|j| j.jid.as_deref())
                        .map(|jid| jid_key(jid.as_bytes())),
                    t,
                    at,
                    source,
                    job.and_then(|j| j.retry_count)
                        .and_then(|n| u32::try_from(n).ok()),
                );
                match read.deferred.last_mut() {
                    Some(chunk) if chunk.len() < DEFERRED_CHUNK => chunk.push(d),
                    _ => {
                        let mut chunk = Vec::with_capacity(DEFERRED_CHUNK);
                        chunk.push(d);
                        read.deferred.push(chunk);
                    }
                }
            }
        }
    }
    Ok(read)
}

/// Every attempts log, found by `SCAN` and read in pipelined batches on a connection of its
/// own, a batch ahead of the parsing: each element is one failed attempt, with its time and
/// error, kept whether or not the job later passed. Returns what each job's log covers, to
/// count the other sources' copies once.
fn read_logs(
    connector: &Connector,
    w: &Window,
    out: &mut Failures,
    groups: &mut Grouper,
) -> StoreResult<HashMap<u64, Logged>> {
    let mut logged: HashMap<u64, Logged> = HashMap::new();
    let horizon = w.horizon;
    // Three stages at once, each on its own connection: one walks the keyspace with SCAN,
    // LOG_READERS read the logs it names and parse them, and this thread counts. Each
    // channel holds at most two batches, so memory stays bounded; a stage whose next
    // stage is gone (an error, or the end) stops at its next send.
    std::thread::scope(|s| {
        let (names_tx, names_rx) = mpsc::sync_channel::<Vec<Name>>(2);
        let (logs_tx, logs_rx) = mpsc::sync_channel::<StoreResult<Vec<ParsedLog>>>(2);
        let names_rx = Arc::new(Mutex::new(names_rx));
        let scan_errors = logs_tx.clone();
        let scanner = connector.clone();
        s.spawn(move || {
            if let Err(e) = scan_logs(scanner, &names_tx) {
                let _ = scan_errors.send(Err(e));
            }
        });
        for _ in 0..LOG_READERS {
            let names_rx = Arc::clone(&names_rx);
            let logs_tx = logs_tx.clone();
            let connector = connector.clone();
            s.spawn(move || {
                let mut store = match Store::connect(connector) {
                    Ok(store) => store,
                    Err(e) => {
                        let _ = logs_tx.send(Err(e));
                        return;
                    }
                };
                loop {
                    // The lock is held only to take the next batch.
                    let next = names_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok(names)) = next else { return };
                    let page = read_tails(&mut store, horizon, names).map(|batch| {
                        // Wrong-typed keys under the prefix are not the gem's: skipped.
                        batch
                            .into_iter()
                            .filter_map(|(key, head, tail)| parse_log(&key, head, tail.ok()?))
                            .collect()
                    });
                    let failed = page.is_err();
                    if logs_tx.send(page).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(logs_tx);
        for page in logs_rx {
            read_log_batch(w, out, groups, &mut logged, page?);
        }
        Ok(())
    })?;
    Ok(logged)
}

/// The attempts logs' names, by `SCAN`, in batches of about `LOGS_PER_CALL`.
fn scan_logs(connector: Connector, names: &mpsc::SyncSender<Vec<Name>>) -> StoreResult<()> {
    let mut store = Store::connect(connector)?;
    let mut batch: Vec<Name> = Vec::new();
    let ended = store.scan_matching(keys::JOB_ATTEMPTS_PATTERN, |found| {
        batch.extend(found);
        batch.len() < LOGS_PER_CALL || names.send(std::mem::take(&mut batch)).is_ok()
    })?;
    if ended && !batch.is_empty() {
        let _ = names.send(batch);
    }
    Ok(())
}

/// One batch of attempts logs as read: each key, the rest of its log when it was read
/// (oldest first), and its newest elements (`Err` for a key of the wrong type).
type LogBatch = Vec<(Name, Option<redis::Value>, Result<redis::Value, String>)>;

/// One attempts log, parsed by the reader (so that the reading, the parsing and the
/// counting go on at the same time): its failures, with their errors told once per run of
/// equal ones.
struct ParsedLog {
    id: u64,
    unreadable: u64,
    failures: Vec<LoggedAt>,
    /// Error class, its message's pattern, and a message, per run of equal errors.
    errors: Vec<(String, String, Option<String>)>,
}

struct LoggedAt {
    attempt: Option<u32>,
    t: f64,
    dead: bool,
    /// Its error, in `errors`.
    error: usize,
}

fn parse_log(key: &Name, head: Option<redis::Value>, reply: redis::Value) -> Option<ParsedLog> {
    let jid = keys::jid_of_attempts(key)?;
    let mut log = ParsedLog {
        id: jid_key(jid.as_bytes()),
        unreadable: 0,
        failures: Vec::new(),
        errors: Vec::new(),
    };
    let head = head.unwrap_or(redis::Value::Nil);
    let head_len = value::items(&head).len();
    // Should the job have failed again between the two reads, the log moved on: what the
    // head holds from the tail's first attempt on was read with the tail.
    let cut = (head_len > 0)
        .then(|| value::items(&reply).first().and_then(value::bytes))
        .flatten()
        .and_then(|raw| serde_json::from_slice::<LoggedFailure>(raw).ok())
        .and_then(|f| f.attempt);
    let mut last: Option<(Option<String>, Option<String>)> = None;
    for (i, raw) in value::items(&head)
        .iter()
        .chain(value::items(&reply))
        .filter_map(value::bytes)
        .enumerate()
    {
        let Some(f) = serde_json::from_slice::<LoggedFailure>(raw)
            .ok()
            .filter(|f| f.failed_at.is_some_and(f64::is_finite))
        else {
            log.unreadable += 1;
            continue;
        };
        if i < head_len
            && let (Some(cut), Some(n)) = (cut, f.attempt)
            && n >= cut
        {
            continue;
        }
        // A job's log repeats its error: its pattern is worked out once.
        let same = last.as_ref().is_some_and(|(class, message)| {
            class.as_deref() == f.error_class.as_deref()
                && message.as_deref() == f.error_message.as_deref()
        });
        if !same {
            let class = f.error_class.as_deref().map(str::to_string);
            let message = f.error_message.as_deref().map(str::to_string);
            log.errors.push((
                class.clone().unwrap_or_default(),
                pattern_of(class.as_deref(), message.as_deref()),
                message.clone(),
            ));
            last = Some((class, message));
        }
        log.failures.push(LoggedAt {
            attempt: f
                .attempt
                .filter(|n| n.is_finite() && *n >= 0.0 && *n < f64::from(u32::MAX))
                .map(|n| n as u32),
            t: f.failed_at.unwrap_or_default(),
            dead: matches!(f.outcome.as_deref(), Some("dead" | "killed")),
            error: log.errors.len() - 1,
        });
    }
    Some(log)
}

/// The logs of `keys_`: each log's newest elements first (a log is oldest first, and a job
/// retried for days has most of its elements before the horizon, where they add nothing),
/// the rest only when those reach no further back than the horizon.
fn read_tails(store: &mut Store, horizon: f64, keys_: Vec<Name>) -> StoreResult<LogBatch> {
    let mut pipe = redis::pipe();
    for key in &keys_ {
        pipe.cmd("LRANGE").arg(key).arg(-LOG_TAIL).arg(-1);
    }
    let tails = store.pipeline(&pipe)?;
    // The rest of each log whose read tail is full and reaches no further back than the
    // horizon (or can't tell).
    let older = |v: &redis::Value| -> bool {
        let items = value::items(v);
        items.len() >= LOG_TAIL as usize
            && items
                .first()
                .and_then(value::bytes)
                .and_then(|raw| serde_json::from_slice::<LoggedFailure>(raw).ok())
                .and_then(|f| f.failed_at)
                .is_none_or(|t| !t.is_finite() || t >= horizon)
    };
    let mut pipe = redis::pipe();
    let mut heads: Vec<Option<redis::Value>> = vec![None; keys_.len()];
    let wanted: Vec<usize> = tails
        .iter()
        .enumerate()
        .filter(|(_, r)| r.as_ref().is_ok_and(older))
        .map(|(i, _)| i)
        .collect();
    for &i in &wanted {
        pipe.cmd("LRANGE").arg(&keys_[i]).arg(0).arg(-LOG_TAIL - 1);
    }
    if !wanted.is_empty() {
        for (&i, reply) in wanted.iter().zip(store.pipeline(&pipe)?) {
            heads[i] = reply.ok();
        }
    }
    Ok(keys_
        .into_iter()
        .zip(heads)
        .zip(tails)
        .map(|((key, head), tail)| (key, head, tail))
        .collect())
}

fn read_log_batch(
    w: &Window,
    out: &mut Failures,
    groups: &mut Grouper,
    logged: &mut HashMap<u64, Logged>,
    batch: Vec<ParsedLog>,
) {
    for log in batch {
        // SCAN may return a key twice.
        if logged.contains_key(&log.id) {
            continue;
        }
        out.sources.attempts_logs += 1;
        out.sources.unreadable += log.unreadable;
        let mut span: Option<(u32, u32, f64)> = None;
        let mut seen_in_window: Vec<usize> = Vec::new();
        let mut at: Vec<Option<usize>> = Vec::with_capacity(log.errors.len());
        for (class, pattern, _) in log.errors.iter() {
            at.push(groups.at_group(out, (class.clone(), pattern.clone()), true));
        }
        let mut counted = vec![false; log.errors.len()];
        for f in &log.failures {
            out.sources.logged_failures += 1;
            if let Some(n) = f.attempt {
                let s = span.get_or_insert((n, n, f.t));
                s.0 = s.0.min(n);
                s.1 = s.1.max(n);
                s.2 = s.2.min(f.t);
            }
            let Some(at) = at[f.error] else {
                // Beyond the patterns told apart: the first of its run was counted when
                // its pattern was refused.
                if std::mem::replace(&mut counted[f.error], true) {
                    out.other += 1;
                }
                continue;
            };
            if f.t >= w.start && !seen_in_window.contains(&at) {
                seen_in_window.push(at);
                out.patterns[at].jobs_in_window += 1;
            }
            let p = &mut out.patterns[at];
            p.logged += 1;
            p.failures.add(w, f.t);
            if f.dead {
                p.deaths.add(w, f.t);
            }
            p.note_sample(f.t, log.errors[f.error].2.as_deref());
        }
        if let Some(s) = span {
            logged.insert(log.id, Logged::new(s, w.horizon));
        }
    }
}

/// History's oldest run: what its oldest entry dates (wrong types are told by the pass).
fn history_oldest(store: &mut Store) -> StoreResult<Option<f64>> {
    let mut pipe = redis::pipe();
    for key in [
        keys::HISTORY_ALL,
        keys::HISTORY_SUCCESS,
        keys::HISTORY_FAILED,
    ] {
        pipe.cmd("ZRANGE").arg(key).arg(0).arg(0).arg("WITHSCORES");
    }
    Ok(store
        .pipeline(&pipe)?
        .into_iter()
        .filter_map(Result::ok)
        .filter_map(|v| value::items(&v).get(1).and_then(value::float))
        .filter(|t| t.is_finite())
        .min_by(f64::total_cmp))
}

/// Throughput's hourly `failed` and `processed` over the window.
fn read_hours(
    store: &mut Store,
    w: &Window,
    out: &mut Failures,
    problems: &mut Vec<Problem>,
) -> StoreResult<()> {
    let first = (w.start / 3600.0).floor() as i64 - 1;
    let last = (w.now / 3600.0).floor() as i64;
    let mut pipe = redis::pipe();
    for hour in first..=last {
        pipe.cmd("HMGET")
            .arg(keys::throughput(hour))
            .arg("failed")
            .arg("processed");
    }
    let replies = store.pipeline(&pipe)?;
    for (hour, reply) in (first..=last).zip(replies) {
        match reply {
            Ok(v) => {
                let items = value::items(&v);
                let field = |i: usize| match items.get(i) {
                    None | Some(redis::Value::Nil) => Some(0),
                    Some(v) => value::int(v).and_then(|n| u64::try_from(n).ok()),
                };
                out.failed_hours.push((hour, field(0)));
                out.processed_hours.push((hour, field(1)));
            }
            Err(e) => {
                problems.push(Problem::wrong(keys::throughput(hour), KeyType::Hash, &e));
                out.failed_hours.push((hour, None));
                out.processed_hours.push((hour, None));
            }
        }
    }
    Ok(())
}

/// History's successes read at most, newest first, to count runs by class.
pub const CLASS_READ: usize = 100_000;
/// Entries a page of that read.
const CLASS_PAGE: usize = 2_000;

/// A count of successful runs to make: of these classes, finished within `(after, before)`.
pub struct Ask {
    pub classes: Vec<String>,
    pub after: f64,
    pub before: f64,
}

/// The answers to `asks`, from History's successes (read newest first, in pages, back to the
/// earliest `after`, at most [`CLASS_READ`] entries): `None` when History is off. A count
/// whose range reaches back past what was read is at least that (`complete` false).
pub fn class_successes(
    store: &mut Store,
    history_on: bool,
    asks: &[Ask],
) -> StoreResult<Option<Vec<(u64, bool)>>> {
    if !history_on {
        return Ok(None);
    }
    let mut counts = vec![(0u64, true); asks.len()];
    let Some(from) = asks.iter().map(|a| a.after).min_by(f64::total_cmp) else {
        return Ok(Some(counts));
    };
    #[derive(Deserialize)]
    struct Run<'a> {
        #[serde(borrow)]
        class: Option<Cow<'a, str>>,
    }
    let mut read = 0usize;
    let mut reached = f64::INFINITY;
    while read < CLASS_READ {
        let reply = store.query::<redis::Value>(
            redis::cmd("ZREVRANGEBYSCORE")
                .arg(keys::HISTORY_SUCCESS)
                .arg("+inf")
                .arg(format!("({from:?}"))
                .arg("WITHSCORES")
                .arg("LIMIT")
                .arg(read)
                .arg(CLASS_PAGE),
            keys::HISTORY_SUCCESS,
            KeyType::Zset,
        );
        let reply = match reply {
            Ok(v) => v,
            Err(e) if e.is_connection() => return Err(e),
            // A History of the wrong type is told by the pass: nothing to count with.
            Err(_) => return Ok(None),
        };
        let items = value::items(&reply);
        let pairs: Vec<(&[u8], f64)> = match items.first() {
            // RESP3 answers pairs; RESP2 a flat list.
            Some(redis::Value::Array(_)) => items
                .iter()
                .filter_map(|pair| {
                    let pair = value::items(pair);
                    Some((value::bytes(pair.first()?)?, value::float(pair.get(1)?)?))
                })
                .collect(),
            _ => items
                .chunks(2)
                .filter_map(|c| Some((value::bytes(c.first()?)?, value::float(c.get(1)?)?)))
                .collect(),
        };
        let n = pairs.len();
        for (raw, t) in pairs {
            reached = reached.min(t);
            let Some(class) = serde_json::from_slice::<Run>(raw)
                .ok()
                .and_then(|r| r.class)
            else {
                continue;
            };
            for (ask, count) in asks.iter().zip(counts.iter_mut()) {
                if t > ask.after && t < ask.before && ask.classes.iter().any(|c| *c == class) {
                    count.0 += 1;
                }
            }
        }
        read += n;
        if n < CLASS_PAGE {
            return Ok(Some(counts));
        }
    }
    for (ask, count) in asks.iter().zip(counts.iter_mut()) {
        count.1 = ask.after >= reached;
    }
    Ok(Some(counts))
}

/// Whether History is on: it holds a failed run read by the pass, or a success.
pub fn history_on(store: &mut Store, fails: &Failures) -> bool {
    fails.sources.history_failed > 0
        || store
            .query::<u64>(
                redis::cmd("ZCARD").arg(keys::HISTORY_SUCCESS),
                keys::HISTORY_SUCCESS,
                KeyType::Zset,
            )
            .unwrap_or(0)
            > 0
}

/// Jobs of any class processed from `t` on, by throughput's hours that began after it.
pub fn processed_since(fails: &Failures, t: f64) -> u64 {
    fails
        .processed_hours
        .iter()
        .filter(|(h, _)| *h as f64 * 3600.0 >= t)
        .filter_map(|(_, n)| *n)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: f64 = 1_796_208_000.0;

    fn series(w: &Window, times: impl IntoIterator<Item = f64>) -> Series {
        let mut s = Series::default();
        for t in times {
            s.add(w, t);
        }
        s
    }

    #[test]
    fn a_steady_pattern_is_no_surge_however_large() {
        let w = Window::new(NOW, 6.0 * 3600.0);
        // 10 a minute for two days.
        let s = series(&w, (0..2 * 24 * 600).map(|i| NOW - i as f64 * 6.0));
        assert!(s.surge(&w, None).is_none());
    }

    #[test]
    fn a_surge_starts_with_its_first_failure() {
        let w = Window::new(NOW, 6.0 * 3600.0);
        // One every 10 minutes for two days, then 20 a minute since 26 minutes ago.
        let steady = (0..288).map(|i| NOW - 30.0 - i as f64 * 600.0);
        let onset = NOW - 26.0 * 60.0 + 7.0;
        let surge = (0..26 * 20).map(|i| onset + i as f64 * 3.0);
        let s = series(&w, steady.chain(surge));
        let found = s.surge(&w, None).expect("a surge");
        assert!(!found.new);
        assert!(
            (found.onset - onset).abs() < 1.0,
            "{} vs {onset}",
            found.onset
        );
    }

    #[test]
    fn a_chance_cluster_of_a_rare_pattern_is_no_surge() {
        let w = Window::new(NOW, 6.0 * 3600.0);
        // Twice an hour for two days, then three in the last 15 minutes.
        let steady = (0..96).map(|i| NOW - 1800.0 - i as f64 * 1800.0);
        let s = series(&w, steady.chain([NOW - 600.0, NOW - 400.0, NOW - 100.0]));
        assert!(s.surge(&w, None).is_none());
        assert!(poisson_tail(3, 0.5) > 0.01);
        assert!(poisson_tail(40, 0.5) < 1e-6);
    }

    #[test]
    fn a_pattern_first_seen_in_the_window_is_new() {
        let w = Window::new(NOW, 6.0 * 3600.0);
        let s = series(&w, [NOW - 7200.0, NOW - 3600.0, NOW - 60.0]);
        let found = s.surge(&w, None).expect("new");
        assert!(found.new);
        assert_eq!(found.onset, NOW - 7200.0);
        // Two failures are not enough.
        assert!(
            series(&w, [NOW - 7200.0, NOW - 60.0])
                .surge(&w, None)
                .is_none()
        );
    }
}
