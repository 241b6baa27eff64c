//! Failure surges and their episodes: which patterns surged (their failures, else their
//! survivors, else their deaths), what History must count for their stories, and one finding
//! per surging pattern, ongoing or over, held or not.

use super::*;

/// Which series surged, and how: failures counted once (or, when a pattern is seen only
/// among the retry set's survivors, those, if the fleet's hourly failures rose too), else
/// deaths.
pub(super) fn surge_of<'a>(
    w: &Window,
    fails: &Failures,
    p: &'a Pattern,
) -> Option<(Surge, &'a Series, Kind)> {
    // A pattern new in the window needs a few jobs: one job failing on every retry is not
    // an incident.
    let enough =
        |s: &Surge| !s.new || p.jobs_in_window >= crate::ops::incident::failures::MIN_FAILURES;
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
    death_surge(w, p, enough).map(|s| (s, &p.deaths, Kind::Deaths))
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
pub fn needs(
    w: &Window,
    fails: &Failures,
) -> (Vec<Need>, Vec<crate::ops::incident::failures::Ask>) {
    use crate::ops::incident::failures::Ask;
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
            let min_gap = crate::ops::incident::failures::EPISODE_GAP.max(20.0 * 60.0 / busiest);
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
                    None => fails.patterns[i].last_failure().map(|t| {
                        (
                            crate::ops::incident::failures::processed_since(fails, t),
                            "throughput",
                        )
                    }),
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

/// One finding per surging pattern, its failures and deaths together, ongoing (fail) or
/// over (warn), with the evidence of which; its episodes; what ran since (its class's
/// successes, or the held queue it waits on). A pattern failing steadily since the records
/// begin is a note.
/// One finding per surging pattern, its failures and deaths together, ongoing (fail) or
/// over (warn), with the evidence of which; its episodes; what ran since (its class's
/// successes, or the held queue it waits on). A pattern failing steadily since the records
/// begin is a note.
pub fn failure_findings(zone: &Zone, w: &Window, fails: &Failures, held: &[Held]) -> Vec<Finding> {
    let mut out = Vec::new();
    for p in &fails.patterns {
        match surge_of(w, fails, p) {
            Some((surge, series, kind)) => {
                out.push(surge_finding(zone, w, held, p, &surge, series, kind));
            }
            None => out.extend(steady_finding(zone, w, fails, p)),
        }
    }
    out
}

/// A surging pattern's finding: its episodes, whether it is over, and what holds it.
fn surge_finding(
    zone: &Zone,
    w: &Window,
    held: &[Held],
    p: &Pattern,
    surge: &Surge,
    series: &Series,
    kind: Kind,
) -> Finding {
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
        episodes.push(crate::ops::incident::failures::Episode {
            from: since,
            to: last,
            failures: series.since(w, since),
        });
    }
    let current = *episodes.last().unwrap_or(&episodes[0]);
    let gap = (last - current.from).max(0.0) / current.failures.max(1) as f64;
    let quiet = QUIET.max(10.0 * gap);
    let over = w.now - last > quiet;
    let now_per_minute = (p.failures.recent(w, 300.0) + p.survivors.recent(w, 300.0)) as f64 / 5.0;
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
    let (severity, summary) = tell(
        zone,
        w,
        &Story {
            p,
            kind,
            who: &who,
            error: &error,
            counts: &counts,
            stretches: &stretches,
            episodes: episodes.len(),
            current: current.from,
            new: surge.new,
            since,
            last,
            hold,
            stopped,
            over,
        },
    );
    let how = match (kind, surge.new) {
        (Kind::Deaths, true) => "first death of a pattern new in the window",
        (Kind::Deaths, false) => "first death of the surge",
        (_, true) => "first failure of a pattern new in the window",
        (_, false) => "first failure of the surge",
    };
    let id_kind = kind.name();
    Finding {
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
    }
}

/// What a surging pattern's finding says of it, and how severe: held by a pause (or a queue
/// nobody reads) since it failed, a failure; over, a warning in its own tense; ongoing, a
/// failure naming its last failure and what holds its queue.
struct Story<'a> {
    p: &'a Pattern,
    kind: Kind,
    who: &'a str,
    error: &'a str,
    counts: &'a str,
    stretches: &'a str,
    episodes: usize,
    /// The current episode's first failure.
    current: f64,
    new: bool,
    since: f64,
    last: f64,
    hold: Option<&'a Held>,
    stopped: Option<&'a Held>,
    over: bool,
}

fn tell(zone: &Zone, w: &Window, s: &Story<'_>) -> (Severity, Timed) {
    let Story {
        p,
        kind,
        who,
        error,
        counts,
        stretches,
        episodes,
        current,
        new,
        since,
        last,
        hold,
        stopped,
        over,
    } = *s;
    if let Some(h) = stopped {
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
        let mut said = if episodes > 1 {
            Timed::plain(format!(
                "{who} {verb} again since {} ({error}, {counts} in the window{}, in {} \
                 episodes: {stretches}; last ",
                zone.hms(current, w.now),
                if new { ", new" } else { "" },
                episodes,
            ))
        } else {
            Timed::plain(format!(
                "{who} {verb} since {} ({error}, {counts} in the window{}; last ",
                zone.hm(since, w.now),
                if new { ", new" } else { "" },
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
    }
}
