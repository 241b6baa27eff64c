//! The filters every command over jobs shares: the list views of the sets and queues, and
//! the bulk actions that select by them.

use clap::Args;
use regex::Regex;

use super::fingerprint::{self, Fingerprint};
use crate::store::job::{Job, UNPARSEABLE_CLASS, Unparseable};
use crate::store::page::ScoreRange;
use crate::term::values::{TimeArg, parse_time};

#[derive(Clone, Debug, Args)]
pub struct FilterArgs {
    /// Only jobs of this class (repeat for several)
    #[arg(long, value_name = "CLASS", help_heading = "Filters")]
    pub class: Vec<String>,

    /// Only jobs of this queue (repeat for several)
    #[arg(long, value_name = "QUEUE", help_heading = "Filters")]
    pub queue: Vec<String>,

    /// Only jobs whose "ErrorClass: message" matches this regular expression
    #[arg(long, value_name = "REGEX", value_parser = parse_regex, help_heading = "Filters")]
    pub error: Option<Regex>,

    /// Only this jid (repeat for several)
    #[arg(long, value_name = "JID", help_heading = "Filters")]
    pub jid: Vec<String>,

    /// Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead
    /// (+2h), or RFC 3339
    #[arg(long, value_name = "TIME", value_parser = parse_time, help_heading = "Filters")]
    pub since: Option<TimeArg>,

    /// Only entries whose time is at or before TIME (same forms as --since)
    #[arg(long, value_name = "TIME", value_parser = parse_time, help_heading = "Filters")]
    pub until: Option<TimeArg>,

    /// Only jobs that failed at least N times (retry_count ≥ N)
    #[arg(long, value_name = "N", help_heading = "Filters")]
    pub min_retries: Option<i64>,

    /// Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any
    /// case: what the Web UI's search box matches
    #[arg(long, value_name = "TEXT", value_parser = parse_search, help_heading = "Filters")]
    pub search: Option<Search>,

    /// Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`)
    /// match this regular expression
    #[arg(long, value_name = "REGEX", value_parser = parse_regex, help_heading = "Filters")]
    pub args: Option<Regex>,

    /// Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print
    /// it (its first 4 to 8 hex digits; repeat for several)
    #[arg(long, value_name = "ID", value_parser = fingerprint::parse_id, help_heading = "Filters")]
    pub fingerprint: Vec<String>,
}

impl FilterArgs {
    /// True when any filter is given (a bulk action then selects by them).
    pub fn any(&self) -> bool {
        !self.class.is_empty()
            || !self.queue.is_empty()
            || self.error.is_some()
            || !self.jid.is_empty()
            || self.since.is_some()
            || self.until.is_some()
            || self.min_retries.is_some()
            || self.search.is_some()
            || self.args.is_some()
            || !self.fingerprint.is_empty()
    }
}

/// `--search TEXT`: the text as given, and a case-insensitive matcher of it.
#[derive(Clone, Debug)]
pub struct Search {
    pub text: String,
    matcher: Regex,
    /// The same matcher over raw bytes, for the pre-check of a stored member.
    raw: regex::bytes::Regex,
    /// Whether the text could be found in what a member that isn't a job is searched by: its
    /// class `(unparseable)` or its display jid `unparseable-<12 hex>`.
    names_unparseable: bool,
}

impl Search {
    pub fn new(text: &str) -> Result<Search, String> {
        if text.is_empty() {
            return Err("the search text is empty".into());
        }
        let matcher = regex::RegexBuilder::new(&regex::escape(text))
            .case_insensitive(true)
            .build()
            .map_err(|e| format!("can't search for {text:?}: {e}"))?;
        let raw = regex::bytes::RegexBuilder::new(&regex::escape(text))
            .case_insensitive(true)
            .build()
            .map_err(|e| format!("can't search for {text:?}: {e}"))?;
        const CHARS: &str = "(unparseable)-0123456789abcdef";
        Ok(Search {
            text: text.to_string(),
            matcher,
            raw,
            names_unparseable: text.to_lowercase().chars().all(|c| CHARS.contains(c)),
        })
    }

    pub fn is_in(&self, haystack: &str) -> bool {
        self.matcher.is_match(haystack)
    }

    /// See `JobFilter::excludes_raw`.
    fn excludes(&self, raw: &[u8]) -> bool {
        !self.names_unparseable && memchr::memchr(b'\\', raw).is_none() && !self.raw.is_match(raw)
    }
}

fn parse_search(text: &str) -> Result<Search, String> {
    Search::new(text)
}

fn parse_regex(text: &str) -> Result<Regex, String> {
    Regex::new(text).map_err(|e| format!("not a valid regular expression: {e}"))
}

/// The filters resolved against the run's clock. Times become a score range Redis applies;
/// the rest is checked here, entry by entry.
#[derive(Clone, Debug)]
pub struct JobFilter {
    classes: Vec<String>,
    queues: Vec<String>,
    error: Option<Regex>,
    jids: Vec<String>,
    min_retries: Option<i64>,
    search: Option<Search>,
    args: Option<Regex>,
    fingerprints: Vec<String>,
    range: ScoreRange,
}

impl JobFilter {
    pub fn new(args: &FilterArgs, now: f64) -> JobFilter {
        JobFilter {
            classes: args.class.clone(),
            queues: args.queue.clone(),
            error: args.error.clone(),
            jids: args.jid.clone(),
            min_retries: args.min_retries,
            search: args.search.clone(),
            args: args.args.clone(),
            fingerprints: args.fingerprint.clone(),
            range: ScoreRange::between(
                args.since.map(|t| t.resolve(now)),
                args.until.map(|t| t.resolve(now)),
            ),
        }
    }

    /// The score range (`--since`/`--until`), applied by Redis.
    pub fn range(&self) -> ScoreRange {
        self.range.clone()
    }

    /// True when every entry in the score range matches (counting can then be left to Redis).
    pub fn only_range(&self) -> bool {
        self.classes.is_empty()
            && self.queues.is_empty()
            && self.error.is_none()
            && self.jids.is_empty()
            && self.min_retries.is_none()
            && self.search.is_none()
            && self.args.is_none()
            && self.fingerprints.is_empty()
    }

    /// True when the stored member `raw` can't match, known without parsing it: --search is
    /// given, its text isn't in the member's bytes, and the member holds no escape (so a job's
    /// class, jid and args, which --search reads, are all verbatim in it) — unless the text
    /// could name a member that isn't a job, which is searched by other words.
    pub fn excludes_raw(&self, raw: &[u8]) -> bool {
        self.search.as_ref().is_some_and(|s| s.excludes(raw))
    }

    /// Whether the entry `raw` with `score` is one the filter selects: its score in range,
    /// and the member itself matching.
    pub fn selects(&self, raw: &[u8], score: f64) -> bool {
        self.range.contains(score)
            && !self.excludes_raw(raw)
            && self.matches(&crate::store::job::Job::parse(raw))
    }

    /// The pre-check of `excludes_raw` for a page reader (`Prefetch::only`), when there is
    /// one: true for the members to read.
    pub fn keep_raw(&self) -> Option<impl Fn(&[u8]) -> bool + Send + 'static> {
        let search = self.search.clone()?;
        Some(move |raw: &[u8]| !search.excludes(raw))
    }

    pub fn matches(&self, parsed: &Result<Job<'_>, Unparseable>) -> bool {
        match parsed {
            Ok(job) => self.matches_job(job),
            Err(bad) => self.matches_unparseable(bad),
        }
    }

    fn matches_job(&self, job: &Job<'_>) -> bool {
        if !self.classes.is_empty() && !contains(&self.classes, job.class.as_deref()) {
            return false;
        }
        if !self.queues.is_empty() && !contains(&self.queues, job.queue.as_deref()) {
            return false;
        }
        if !self.jids.is_empty() && !contains(&self.jids, job.jid.as_deref()) {
            return false;
        }
        if let Some(min) = self.min_retries
            && job.retry_count.unwrap_or(0) < min
        {
            return false;
        }
        if let Some(re) = &self.error {
            match job.error_line() {
                Some(line) if re.is_match(&line) => {}
                _ => return false,
            }
        }
        let args = job.args.map_or("[]", |a| a.get());
        if let Some(search) = &self.search {
            let hit = [job.class.as_deref(), job.jid.as_deref(), Some(args)]
                .into_iter()
                .flatten()
                .any(|field| search.is_in(field));
            if !hit {
                return false;
            }
        }
        if self.args.as_ref().is_some_and(|re| !re.is_match(args)) {
            return false;
        }
        if !self.fingerprints.is_empty() {
            let fp = Fingerprint::of(job.error_class.as_deref(), job.error_message.as_deref());
            if !self.fingerprints.iter().any(|id| fp.is_named_by(id)) {
                return false;
            }
        }
        true
    }

    /// A member that isn't a job has no queue and no retries; it counts as class
    /// `(unparseable)`, its display jid is its jid, and its reason is its error.
    /// Searched, it is its class and display jid (it has no arguments).
    fn matches_unparseable(&self, bad: &Unparseable) -> bool {
        if !self.queues.is_empty() || self.min_retries.is_some_and(|m| m > 0) || self.args.is_some()
        {
            return false;
        }
        if let Some(search) = &self.search
            && !search.is_in(UNPARSEABLE_CLASS)
            && !search.is_in(&bad.display_jid)
        {
            return false;
        }
        if !self.classes.is_empty() && !contains(&self.classes, Some(UNPARSEABLE_CLASS)) {
            return false;
        }
        if !self.jids.is_empty() && !contains(&self.jids, Some(&bad.display_jid)) {
            return false;
        }
        if let Some(re) = &self.error
            && !re.is_match(&bad.reason)
        {
            return false;
        }
        if !self.fingerprints.is_empty() {
            let fp = Fingerprint::unparseable();
            if !self.fingerprints.iter().any(|id| fp.is_named_by(id)) {
                return false;
            }
        }
        true
    }
}

/// Distinct values kept per kind while a pass looks for what a filter names.
const SEEN_KEPT: usize = 10_000;

/// What one pass over a set saw of the values `--class`, `--queue` and `--error` name: how
/// many entries each matched on its own (whatever the other filters), and the distinct
/// classes, queues and error classes with their entries (the first 10,000 of each), to name
/// the nearest when one matched nothing.
#[derive(Debug, Default)]
pub struct Seen {
    /// Entries seen: none (an empty set, an empty range) names nothing wrong.
    entries: u64,
    class_hits: u64,
    queue_hits: u64,
    error_hits: u64,
    classes: std::collections::HashMap<String, u64>,
    queues: std::collections::HashMap<String, u64>,
    errors: std::collections::HashMap<String, u64>,
}

fn tally(map: &mut std::collections::HashMap<String, u64>, value: &str) {
    if let Some(n) = map.get_mut(value) {
        *n += 1;
    } else if map.len() < SEEN_KEPT {
        map.insert(value.to_string(), 1);
    }
}

impl JobFilter {
    /// Whether the filter names a class, a queue or an error: what a pass checks with `see`.
    pub fn names_values(&self) -> bool {
        !self.classes.is_empty() || !self.queues.is_empty() || self.error.is_some()
    }

    /// Note what one entry holds, for `named_nothing`.
    pub fn see(&self, seen: &mut Seen, parsed: &Result<Job<'_>, Unparseable>) {
        seen.entries += 1;
        let (class, queue, error_class, error_line) = match parsed {
            Ok(job) => (
                job.class.as_deref().unwrap_or("(no class)"),
                job.queue.as_deref(),
                job.error_class.as_deref().unwrap_or("(no error)"),
                job.error_line(),
            ),
            Err(bad) => (
                UNPARSEABLE_CLASS,
                None,
                UNPARSEABLE_CLASS,
                Some(bad.reason.clone()),
            ),
        };
        if !self.classes.is_empty() {
            if self.classes.iter().any(|c| c == class) {
                seen.class_hits += 1;
            }
            tally(&mut seen.classes, class);
        }
        if !self.queues.is_empty()
            && let Some(q) = queue
        {
            if self.queues.iter().any(|w| w == q) {
                seen.queue_hits += 1;
            }
            tally(&mut seen.queues, q);
        }
        if let Some(re) = &self.error {
            if error_line.as_deref().is_some_and(|l| re.is_match(l)) {
                seen.error_hits += 1;
            }
            tally(&mut seen.errors, error_class);
        }
    }

    /// When a `--class`, `--queue` or `--error` of this filter matched no entry the pass saw,
    /// one sentence naming it and the nearest values that exist, with their entries: `--class
    /// Billing::ChargeJb names no entry of cogworker:dead (did you mean Billing::ChargeJob, 133
    /// entries?)`.
    pub fn named_nothing(&self, seen: &Seen, key: &str) -> Option<String> {
        if seen.entries == 0 {
            return None;
        }
        let mut said = Vec::new();
        let mut check = |flag: &str,
                         wanted: &[String],
                         hits: u64,
                         known: &std::collections::HashMap<String, u64>| {
            if wanted.is_empty() || hits > 0 {
                return;
            }
            for value in wanted.iter().filter(|v| !known.contains_key(*v)) {
                said.push(format!(
                    "--{flag} {} names no entry of {key} ({})",
                    crate::text::one_line(value),
                    nearest_of(value, known, flag)
                ));
            }
        };
        check("class", &self.classes, seen.class_hits, &seen.classes);
        check("queue", &self.queues, seen.queue_hits, &seen.queues);
        if let Some(re) = &self.error
            && seen.error_hits == 0
        {
            said.push(format!(
                "--error {} matches no entry's error in {key} ({})",
                crate::text::one_line(re.as_str()),
                nearest_of(re.as_str(), &seen.errors, "error")
            ));
        }
        (!said.is_empty()).then(|| said.join("; "))
    }
}

/// `did you mean X, 133 entries?` for the values nearest `wanted`, else the most frequent
/// ones: `its classes: A (90), B (43)`; or that there are none.
fn nearest_of(wanted: &str, known: &std::collections::HashMap<String, u64>, what: &str) -> String {
    let entries = |n: u64| {
        format!(
            "{} {}",
            crate::text::size::count(n),
            crate::text::plural(n, "entry", "entries")
        )
    };
    if known.is_empty() {
        return "it holds none".into();
    }
    let names: Vec<crate::store::Name> = known
        .keys()
        .map(|k| crate::store::Name::from(k.as_str()))
        .collect();
    let refs: Vec<&crate::store::Name> = names.iter().collect();
    let near = crate::ops::readers::nearest(&crate::store::Name::from(wanted), &refs);
    if !near.is_empty() {
        let named: Vec<String> = near
            .iter()
            .map(|n| {
                let k = String::from_utf8_lossy(n.as_bytes()).into_owned();
                let count = known.get(&k).copied().unwrap_or(0);
                format!("{}, {}", crate::text::one_line(&k), entries(count))
            })
            .collect();
        return format!("did you mean {}?", named.join(" or "));
    }
    let mut top: Vec<(&String, &u64)> = known.iter().collect();
    top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let plural = match what {
        "class" => "classes",
        "queue" => "queues",
        _ => "errors",
    };
    let shown: Vec<String> = top
        .iter()
        .take(5)
        .map(|(k, n)| {
            format!(
                "{} ({})",
                crate::text::one_line(k),
                crate::text::size::count(**n)
            )
        })
        .collect();
    let more = if top.len() > 5 {
        format!(", … {} more", top.len() - 5)
    } else {
        String::new()
    };
    format!("its {plural}: {}{more}", shown.join(", "))
}

fn contains(wanted: &[String], value: Option<&str>) -> bool {
    value.is_some_and(|v| wanted.iter().any(|w| w == v))
}

/// The list filters for jobs waiting on a queue, which have no score: --since/--until
/// compare the time the job reached the queue (`enqueued_at`, else `created_at`).
#[derive(Clone, Debug)]
pub struct WaitingFilter {
    filter: JobFilter,
    since: Option<f64>,
    until: Option<f64>,
}

impl WaitingFilter {
    pub fn new(args: &FilterArgs, now: f64) -> WaitingFilter {
        WaitingFilter {
            filter: JobFilter::new(args, now),
            since: args.since.map(|t| t.resolve(now)),
            until: args.until.map(|t| t.resolve(now)),
        }
    }

    /// True when every job matches (nothing to check job by job).
    pub fn is_empty(&self) -> bool {
        self.filter.only_range() && self.since.is_none() && self.until.is_none()
    }

    /// The filter on the job itself: what `see` and `named_nothing` go by.
    pub fn jobs(&self) -> &JobFilter {
        &self.filter
    }

    /// See `JobFilter::excludes_raw`.
    pub fn excludes_raw(&self, raw: &[u8]) -> bool {
        self.filter.excludes_raw(raw)
    }

    /// See `JobFilter::keep_raw`.
    pub fn keep_raw(&self) -> Option<impl Fn(&[u8]) -> bool + Send + 'static> {
        self.filter.keep_raw()
    }

    pub fn matches(&self, parsed: &Result<Job<'_>, Unparseable>) -> bool {
        let at = parsed
            .as_ref()
            .ok()
            .and_then(|job| job.enqueued_at().or_else(|| job.created_at()));
        self.matches_at(parsed, at)
    }

    /// The filters, with --since/--until on `at` (a running job's start, say).
    pub fn matches_at(&self, parsed: &Result<Job<'_>, Unparseable>, at: Option<f64>) -> bool {
        if !self.filter.matches(parsed) {
            return false;
        }
        if self.since.is_none() && self.until.is_none() {
            return true;
        }
        let Some(t) = at else {
            return false;
        };
        self.since.is_none_or(|s| t >= s) && self.until.is_none_or(|u| t <= u)
    }

    /// The filters to check entry by entry beside a score range (`JobFilter::range`).
    pub fn scored(&self) -> &JobFilter {
        &self.filter
    }
}
