//! The failure side of `incident`: one streaming pass over the dead set, the retry set and
//! the History middleware's failed runs, grouped by triage fingerprint, each pattern with
//! per-minute counts over the window. Memory holds the patterns (at most [`MAX_PATTERNS`]),
//! never the entries: the sets are read in pages, as `triage` reads them.

use std::collections::HashMap;

use crate::ops::Problem;
use crate::ops::fingerprint::{Fingerprint, UNPARSEABLE, pattern_of};
use crate::store::job::{UNPARSEABLE_CLASS, failure_time};
use crate::store::page::{Order, ScoreRange, ZPager};
use crate::store::{Connector, JobSet, Name, Store, StoreResult, keys};

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
/// Classes (and queues) named per pattern; the rest are counted together.
const NAMES_KEPT: usize = 5;

/// The window the report looks at, cut into equal buckets.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub start: f64,
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
    /// Per bucket: entries, and the earliest of them (seconds into the bucket).
    counts: Vec<u32>,
    earliest: Vec<f32>,
}

impl Series {
    fn add(&mut self, w: &Window, t: f64) {
        self.first = Some(self.first.map_or(t, |f| f.min(t)));
        self.last = Some(self.last.map_or(t, |l| l.max(t)));
        let Some(i) = w.index(t) else {
            self.before += 1;
            return;
        };
        if self.counts.is_empty() {
            self.counts = vec![0; w.buckets];
            self.earliest = vec![f32::MAX; w.buckets];
        }
        self.in_window += 1;
        self.first_in_window = Some(self.first_in_window.map_or(t, |f| f.min(t)));
        self.counts[i] = self.counts[i].saturating_add(1);
        let into = (t - w.bucket_start(i)).max(0.0) as f32;
        self.earliest[i] = self.earliest[i].min(into);
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

    /// Whether this is a surge (module docs of `incident`): new in the window, or at least
    /// [`SURGE_FACTOR`] times its earlier rate over the last [`RECENT`] seconds.
    pub fn surge(&self, w: &Window) -> Option<Surge> {
        let recent = self.recent(w, RECENT);
        let earlier = self.in_window - recent;
        let span = w.now - w.start;
        let new = self.before == 0 && self.in_window >= MIN_FAILURES;
        let recent_rate = recent as f64 / RECENT;
        let earlier_rate = if span > RECENT {
            Some(earlier as f64 / (span - RECENT))
        } else {
            None
        };
        let rising =
            recent >= MIN_FAILURES && earlier_rate.is_some_and(|e| recent_rate >= SURGE_FACTOR * e);
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
        let from = earliest_hot.unwrap_or_else(|| w.index(w.now - RECENT).unwrap_or(0));
        (from..w.buckets)
            .find(|&i| self.counts[i] > 0)
            .map_or(w.now - RECENT, |i| {
                w.bucket_start(i) + f64::from(self.earliest[i])
            })
    }
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
    /// Every failure: retry entries at their failure time, dead entries when they died,
    /// failed runs when they finished.
    pub failures: Series,
    /// Dead entries only, when they died.
    pub deaths: Series,
    /// Entries per source: retry, dead, history.
    pub retry: u64,
    pub dead: u64,
    pub history: u64,
    /// Retry entries in the window of jobs that failed more than once (`retry_count` ≥ 2).
    pub retried_again: u64,
    pub classes: Names,
    pub queues: Names,
    /// The error message of its newest failure, as stored.
    pub sample: Option<String>,
    sample_at: f64,
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

    /// Most frequent first.
    pub fn sorted(&self) -> Vec<(String, u64)> {
        let mut v: Vec<(String, u64)> = self.named.iter().map(|(k, &n)| (k.clone(), n)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v
    }
}

/// What the pass read.
#[derive(Debug, Default)]
pub struct Failures {
    pub patterns: Vec<Pattern>,
    /// Entries of patterns beyond [`MAX_PATTERNS`].
    pub other: u64,
    /// Entries read per source.
    pub retry: u64,
    pub dead: u64,
    pub history: u64,
}

#[derive(Clone, Copy, PartialEq)]
enum Source {
    Retry,
    Dead,
    History,
}

/// Read the three sources once each, in pages. A source of the wrong type is a problem;
/// the others are still read.
pub fn read(
    store: &mut Store,
    connector: &Connector,
    w: &Window,
    problems: &mut Vec<Problem>,
) -> StoreResult<Failures> {
    let mut out = Failures::default();
    let mut index: HashMap<(String, String), usize> = HashMap::new();
    for (key, source) in [
        (keys::DEAD, Source::Dead),
        (keys::RETRY, Source::Retry),
        (keys::HISTORY_FAILED, Source::History),
    ] {
        let name: Name = key.into();
        let mut pager = ZPager::new(name.clone(), Order::NewestFirst, ScoreRange::all());
        match pager.snapshot(store) {
            Ok(()) => {}
            Err(e) if e.is_connection() => return Err(e),
            Err(e) => {
                problems.push(Problem::from_store(name, &e));
                continue;
            }
        }
        for page in pager.prefetch(connector.clone()) {
            let page = match page {
                Ok(page) => page,
                Err(e) if e.is_connection() => return Err(e),
                Err(e) => {
                    problems.push(Problem::from_store(key, &e));
                    break;
                }
            };
            for entry in &page {
                let parsed = entry.member.parse();
                let job = parsed.as_ref().ok();
                let score = entry.score.value;
                let t = match source {
                    Source::Retry => failure_time(JobSet::Retry, job, score),
                    Source::Dead | Source::History => score,
                };
                if !t.is_finite() {
                    continue;
                }
                match source {
                    Source::Retry => out.retry += 1,
                    Source::Dead => out.dead += 1,
                    Source::History => out.history += 1,
                }
                let group = match job {
                    Some(job) => (
                        job.error_class.as_deref().unwrap_or("").to_string(),
                        pattern_of(job.error_class.as_deref(), job.error_message.as_deref()),
                    ),
                    None => (String::new(), UNPARSEABLE.to_string()),
                };
                let at = match index.get(&group) {
                    Some(&at) => at,
                    None if out.patterns.len() < MAX_PATTERNS => {
                        let fingerprint = if job.is_none() {
                            Fingerprint::unparseable()
                        } else {
                            Fingerprint::from_parts(&group.0, group.1.clone())
                        };
                        out.patterns.push(Pattern {
                            fingerprint,
                            failures: Series::default(),
                            deaths: Series::default(),
                            retry: 0,
                            dead: 0,
                            history: 0,
                            retried_again: 0,
                            classes: Names::default(),
                            queues: Names::default(),
                            sample: None,
                            sample_at: f64::NEG_INFINITY,
                        });
                        index.insert(group, out.patterns.len() - 1);
                        out.patterns.len() - 1
                    }
                    None => {
                        out.other += 1;
                        continue;
                    }
                };
                let p = &mut out.patterns[at];
                p.failures.add(w, t);
                match source {
                    Source::Retry => {
                        p.retry += 1;
                        if t >= w.start && job.and_then(|j| j.retry_count).unwrap_or(0) >= 2 {
                            p.retried_again += 1;
                        }
                    }
                    Source::Dead => {
                        p.dead += 1;
                        p.deaths.add(w, t);
                    }
                    Source::History => p.history += 1,
                }
                match job {
                    Some(job) => {
                        p.classes.add(job.class.as_deref());
                        p.queues.add(job.queue.as_deref());
                        if t > p.sample_at {
                            p.sample_at = t;
                            p.sample = job
                                .error_message
                                .as_deref()
                                .map(|m| m.chars().take(300).collect::<String>());
                        }
                    }
                    None => {
                        p.classes.add(Some(UNPARSEABLE_CLASS));
                        p.queues.add(None);
                    }
                }
            }
        }
    }
    Ok(out)
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
        assert!(s.surge(&w).is_none());
    }

    #[test]
    fn a_surge_starts_with_its_first_failure() {
        let w = Window::new(NOW, 6.0 * 3600.0);
        // One every 10 minutes for two days, then 20 a minute since 26 minutes ago.
        let steady = (0..288).map(|i| NOW - 30.0 - i as f64 * 600.0);
        let onset = NOW - 26.0 * 60.0 + 7.0;
        let surge = (0..26 * 20).map(|i| onset + i as f64 * 3.0);
        let s = series(&w, steady.chain(surge));
        let found = s.surge(&w).expect("a surge");
        assert!(!found.new);
        assert!(
            (found.onset - onset).abs() < 1.0,
            "{} vs {onset}",
            found.onset
        );
    }

    #[test]
    fn a_pattern_first_seen_in_the_window_is_new() {
        let w = Window::new(NOW, 6.0 * 3600.0);
        let s = series(&w, [NOW - 7200.0, NOW - 3600.0, NOW - 60.0]);
        let found = s.surge(&w).expect("new");
        assert!(found.new);
        assert_eq!(found.onset, NOW - 7200.0);
        // Two failures are not enough.
        assert!(series(&w, [NOW - 7200.0, NOW - 60.0]).surge(&w).is_none());
    }
}
