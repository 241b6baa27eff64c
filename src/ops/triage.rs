//! `dead triage`, `retry triage`: the few things that are failing, since when, and how many.
//!
//! One pass over the set (or the History middleware's failed runs) in pages by score, newest
//! first, grouping entries by fingerprint (sets/fingerprint.rs) or by class, queue or error
//! class. Memory is bounded by the number of groups, never by entries: at most `--max-groups`
//! are kept, and the entries of further patterns are counted together as "other".

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashTable};

use clap::{Args, ValueEnum};
use serde::Serialize;

use crate::clock::rfc3339;
use crate::ops::filter::{FilterArgs, JobFilter};
use crate::ops::fingerprint::{Fingerprint, UNPARSEABLE, pattern_into};
use crate::ops::{Problem, Session};
use crate::store::job::{Job, UNPARSEABLE_CLASS, Unparseable, failure_time};
use crate::store::page::{Order, ScoreRange, ZPager};
use crate::store::{JobSet, KeyType, Name, Store, StoreResult, keys, value};

/// Groups shown in a table unless --limit says otherwise (JSON carries every group).
pub const TABLE_GROUPS: usize = 20;
/// Groups whose sample and ready-to-run command the table spells out.
pub const DETAILED: usize = 3;
/// Columns of each group's timeline.
pub const BUCKETS: usize = 24;
/// Distinct classes (queues) counted per group; the rest are counted together.
const NAMES_PER_GROUP: usize = 20;
/// Distinct patterns beyond --max-groups that are told apart (then "at least").
const OTHER_PATTERNS_COUNTED: usize = 100_000;

/// Group the entries into failure patterns: how many, since when, which classes and queues
///
/// Each group is one fingerprint by default: the error class plus the error message with its
/// variable parts (numbers, ids, hex, UUIDs, quoted strings, e-mail and IP addresses, Ruby
/// object addresses, durations) normalised. Pass the printed fingerprint to --fingerprint on
/// any list or bulk action to act on that group (start with --dry-run). The set is read once,
/// in pages; memory holds the groups, not the entries.
#[derive(Clone, Debug, Args)]
pub struct TriageArgs {
    #[command(flatten)]
    pub filter: FilterArgs,

    /// Group by these, comma-separated (e.g. class,fingerprint)
    #[arg(long, value_enum, value_delimiter = ',', default_value = "fingerprint")]
    pub by: Vec<Dimension>,

    /// Group the failed runs the History middleware recorded (cogworker:history:failed)
    /// instead of the set
    #[arg(long)]
    pub from_history: bool,

    /// Show at most N groups (default 20 in a table; every group with --json/--ndjson)
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,

    /// Keep at most N groups while reading; the entries of further patterns are counted
    /// together as "other"
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_groups: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dimension {
    Fingerprint,
    Class,
    Queue,
    ErrorClass,
}

impl Dimension {
    pub fn name(self) -> &'static str {
        match self {
            Dimension::Fingerprint => "fingerprint",
            Dimension::Class => "class",
            Dimension::Queue => "queue",
            Dimension::ErrorClass => "error-class",
        }
    }
}

/// What a group is the group of: one value per dimension grouped by. A group keeps it
/// owned (`Key<String>`); each entry is looked up by one borrowed from its payload
/// (`Key<&str>`), which hashes the same, so that an entry of a known group copies nothing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key<S> {
    /// The error class and pattern (the fingerprint's id is their hash, taken once a group).
    fingerprint: Option<(S, S)>,
    class: Option<Option<S>>,
    queue: Option<Option<S>>,
    error_class: Option<Option<S>>,
}

impl Key<String> {
    fn borrowed(&self) -> Key<&str> {
        fn field(f: &Option<Option<String>>) -> Option<Option<&str>> {
            f.as_ref().map(|v| v.as_deref())
        }
        Key {
            fingerprint: self
                .fingerprint
                .as_ref()
                .map(|(c, p)| (c.as_str(), p.as_str())),
            class: field(&self.class),
            queue: field(&self.queue),
            error_class: field(&self.error_class),
        }
    }
}

impl Key<&str> {
    fn owned(&self) -> Key<String> {
        let field = |f: &Option<Option<&str>>| f.map(|v| v.map(str::to_string));
        Key {
            fingerprint: self
                .fingerprint
                .map(|(c, p)| (c.to_string(), p.to_string())),
            class: field(&self.class),
            queue: field(&self.queue),
            error_class: field(&self.error_class),
        }
    }
}

/// The JSON of `triage` (docs/output.md "JSON output").
#[derive(Debug, Serialize)]
pub struct TriageReport {
    /// The key read: cogworker:dead, cogworker:retry or cogworker:history:failed.
    pub source: String,
    #[serde(skip)]
    pub set: JobSet,
    #[serde(skip)]
    pub from_history: bool,
    /// A filter value that named nothing in the set, as a sentence (none matched).
    #[serde(skip)]
    pub named_nothing: Option<String>,
    pub target: String,
    pub by: Vec<&'static str>,
    /// Entries grouped (those the filters selected).
    pub entries: u64,
    /// The times the timelines cover (oldest, newest), epoch seconds; null when empty. Scores,
    /// except for the retry set: its entries' failure times (see `first_seen`).
    pub span: Option<[f64; 2]>,
    /// Seconds each timeline bucket covers.
    pub bucket_seconds: Option<f64>,
    /// Largest first.
    pub groups: Vec<Group>,
    /// Entries of patterns beyond --max-groups, counted together.
    pub other: Option<Other>,
    /// Groups left out of the table (--limit); JSON has them all unless --limit.
    pub more_groups: usize,
    pub problems: Vec<Problem>,
}

#[derive(Debug, Serialize)]
pub struct Group {
    /// With --by fingerprint: its id (8 hex digits) and what it stands for.
    pub fingerprint: Option<String>,
    pub error_class: Option<String>,
    pub pattern: Option<String>,
    /// With --by class / queue / error-class: the value (null: none recorded).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub queue: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none", rename = "error_class_group")]
    pub error_class_group: Option<Option<String>>,
    pub count: u64,
    /// Of all entries grouped, 0–1.
    pub share: f64,
    /// The oldest and the newest entry's time: when it died (dead), when it last failed
    /// (retry: its `retried_at`, else `failed_at`; the score when it has neither), when it
    /// finished (history).
    pub first_seen: f64,
    pub last_seen: f64,
    pub first_time: String,
    pub last_time: String,
    /// Entries per bucket of the span, oldest first.
    pub timeline: Vec<u64>,
    /// Retry entries: the earliest and the latest next attempt (their scores), epoch
    /// seconds; absent for the other sets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_attempts: Option<[f64; 2]>,
    /// Classes and queues of its entries, most frequent first (at most 20 named; the rest
    /// counted under null).
    pub classes: Vec<NameCount>,
    pub queues: Vec<NameCount>,
    /// Its newest entry.
    pub sample: Sample,
    /// The members that aren't jobs.
    pub unparseable: bool,
    /// A ready-to-run dry run of the bulk action on exactly this group (or its list, for
    /// history).
    pub command: Option<String>,
    /// Across a fleet: its entries on each shard that has any, most first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shards: Option<Vec<NameCount>>,
}

#[derive(Debug, Serialize)]
pub struct NameCount {
    pub name: Option<String>,
    pub count: u64,
}

#[derive(Debug, Serialize)]
pub struct Sample {
    pub jid: String,
    pub score: f64,
    pub error_class: Option<String>,
    /// The full message, as stored.
    pub error_message: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Other {
    pub entries: u64,
    /// Distinct patterns among them (at least this many when `patterns_at_least`).
    pub patterns: u64,
    pub patterns_at_least: bool,
}

/// A group while the pass runs.
struct Acc {
    key: Key<String>,
    fingerprint: Option<Fingerprint>,
    unparseable: bool,
    count: u64,
    first: f64,
    last: f64,
    /// Retry entries: the earliest and latest next attempt (their scores).
    next: Option<[f64; 2]>,
    timeline: [u64; BUCKETS],
    classes: Counts,
    queues: Counts,
    sample: Sample,
}

#[derive(Default)]
struct Counts {
    named: HashMap<String, u64>,
    /// Entries with no such field.
    missing: u64,
    rest: u64,
}

impl Counts {
    fn add(&mut self, name: Option<&str>) {
        let Some(name) = name else {
            self.missing += 1;
            return;
        };
        if let Some(n) = self.named.get_mut(name) {
            *n += 1;
        } else if self.named.len() < NAMES_PER_GROUP {
            self.named.insert(name.to_string(), 1);
        } else {
            self.rest += 1;
        }
    }

    fn sorted(self) -> Vec<NameCount> {
        let mut v: Vec<NameCount> = self
            .named
            .into_iter()
            .map(|(name, count)| NameCount {
                name: Some(name),
                count,
            })
            .collect();
        v.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
        // Entries without the field and those beyond the names kept are both counted under
        // null (docs/output.md says so).
        if self.rest + self.missing > 0 {
            v.push(NameCount {
                name: None,
                count: self.rest + self.missing,
            });
        }
        v
    }
}

/// The span's timeline buckets: where a score falls (scores outside, from entries added
/// while the pass ran, go to the nearest end).
#[derive(Clone, Copy)]
struct Span {
    lo: f64,
    hi: f64,
}

impl Span {
    fn bucket(self, score: f64) -> usize {
        if self.hi <= self.lo {
            return BUCKETS - 1;
        }
        let at = ((score - self.lo) / (self.hi - self.lo) * BUCKETS as f64).floor();
        (at.max(0.0) as usize).min(BUCKETS - 1)
    }
}

/// The entries of `set` (or History's failed runs) that the filters select, grouped into
/// failure patterns: read once, in pages; memory holds the groups, not the entries.
pub fn group(ctx: &mut Session, set: JobSet, args: &TriageArgs) -> anyhow::Result<TriageReport> {
    group_within(ctx, set, args, None)
}

/// What [`group`] reads first: the times its timelines cover (the oldest and newest entry
/// the filters select; for the retry set, their failure times, which takes a pass).
pub fn span_of(
    ctx: &mut Session,
    set: JobSet,
    args: &TriageArgs,
) -> anyhow::Result<Option<[f64; 2]>> {
    let filter = JobFilter::new(&args.filter, ctx.ui.clock.now);
    let key: Name = if args.from_history {
        keys::HISTORY_FAILED.into()
    } else {
        set.key().into()
    };
    let range = filter.range();
    let connector = ctx.connector()?;
    let store = ctx.store()?;
    let mut problems = Vec::new();
    let mut span = ends(store, &key, &range, &mut problems)?;
    if set == JobSet::Retry && !args.from_history && span.is_some() {
        let mut seen = crate::ops::filter::Seen::default();
        span = failure_span(store, connector, &key, &range, &filter, &mut seen)?;
    }
    Ok(span.map(|s| [s.lo, s.hi]))
}

/// [`group`], its timelines over `within` when given (every shard of a fleet over the same
/// times, so that their timelines add up), else over the times it reads.
pub fn group_within(
    ctx: &mut Session,
    set: JobSet,
    args: &TriageArgs,
    within: Option<[f64; 2]>,
) -> anyhow::Result<TriageReport> {
    let now = ctx.ui.clock.now;

    let filter = JobFilter::new(&args.filter, now);
    let key: Name = if args.from_history {
        keys::HISTORY_FAILED.into()
    } else {
        set.key().into()
    };
    let mut dims = args.by.clone();
    dims.sort();
    dims.dedup();
    let range = filter.range();
    let connector = ctx.connector()?;
    let human = ctx.ui.human();
    if args.from_history && ctx.store()?.key_type(key.as_bytes())? == "none" {
        ctx.ui.note(&ctx.ui.styles.dim(
            "no failed runs recorded: cogworker:history:failed doesn't exist (the gem's History \
             middleware is opt-in; `cogctl worker --history` records runs too)",
        ));
    }
    let store = ctx.store()?;
    let mut problems = Vec::new();
    // A retry entry's score is its next attempt: its timeline is when it failed, which only
    // its payload says, so the span takes a pass of its own.
    let by_failure = set == JobSet::Retry && !args.from_history;
    let mut span = ends(store, &key, &range, &mut problems)?;
    // What the filter's class, queue and error name, seen by the first pass over the set.
    let see = filter.names_values() && filter.keep_raw().is_none();
    let mut seen = crate::ops::filter::Seen::default();
    if let Some([lo, hi]) = within {
        span = span.map(|_| Span { lo, hi });
    } else if by_failure && span.is_some() {
        span = failure_span(store, connector.clone(), &key, &range, &filter, &mut seen)?;
    }

    let mut groups: Vec<Acc> = Vec::new();
    // Each group's index in `groups`, found by the hash of its key.
    let mut index: HashTable<usize> = HashTable::new();
    let hasher = DefaultHashBuilder::default();
    let mut pattern = String::new();
    let mut other_entries = 0u64;
    let mut other_patterns: HashSet<u64> = HashSet::new();
    let mut other_patterns_full = false;
    let mut total = 0u64;
    if let Some(span) = span {
        let mut pager = ZPager::new(key.clone(), Order::NewestFirst, range);
        pager.snapshot(store)?;
        for page in pager.prefetch(connector).only(filter.keep_raw()) {
            for entry in &page? {
                let parsed = entry.member.parse();
                if see && (!by_failure || within.is_some()) {
                    filter.see(&mut seen, &parsed);
                }
                if !filter.matches(&parsed) {
                    continue;
                }
                total += 1;
                let score = entry.score.value;
                let failed = failure_time(set, parsed.as_ref().ok(), score);
                let time = if by_failure { failed } else { score };
                let group_key = key_of(&dims, &parsed, &mut pattern);
                let hash = hasher.hash_one(&group_key);
                let found = index.find(hash, |&at| groups[at].key.borrowed() == group_key);
                let at = match found {
                    Some(&at) => at,
                    None if groups.len() < args.max_groups as usize => {
                        let fingerprint = match (group_key.fingerprint, &parsed) {
                            (Some(_), Err(_)) => Some(Fingerprint::unparseable()),
                            (Some((class, pattern)), Ok(_)) => {
                                Some(Fingerprint::from_parts(class, pattern.to_string()))
                            }
                            (None, _) => None,
                        };
                        let at = groups.len();
                        groups.push(new_group(
                            group_key.owned(),
                            fingerprint,
                            &parsed,
                            score,
                            time,
                        ));
                        index.insert_unique(hash, at, |&i| {
                            hasher.hash_one(groups[i].key.borrowed())
                        });
                        at
                    }
                    None => {
                        other_entries += 1;
                        if other_patterns.len() < OTHER_PATTERNS_COUNTED {
                            other_patterns.insert(hash);
                        } else {
                            other_patterns_full = true;
                        }
                        continue;
                    }
                };
                let g = &mut groups[at];
                g.count += 1;
                g.first = g.first.min(time);
                g.last = g.last.max(time);
                g.timeline[span.bucket(time)] += 1;
                if by_failure {
                    let next = g.next.get_or_insert([score, score]);
                    next[0] = next[0].min(score);
                    next[1] = next[1].max(score);
                }
                let (class, queue) = match &parsed {
                    Ok(job) => (job.class.as_deref(), job.queue.as_deref()),
                    Err(_) => (Some(UNPARSEABLE_CLASS), None),
                };
                g.classes.add(class);
                g.queues.add(queue);
            }
        }
    }

    groups.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then_with(|| b.last.total_cmp(&a.last))
    });
    let shown = args
        .limit
        .or(human.then_some(TABLE_GROUPS))
        .unwrap_or(usize::MAX);
    let more_groups = groups.len().saturating_sub(shown);
    let tail = suggested_filters(&args.filter, now);
    let verb = if args.from_history {
        "history --status failed".to_string()
    } else {
        match set {
            JobSet::Dead => "dead retry".to_string(),
            JobSet::Retry => "retry retry".to_string(),
            JobSet::Schedule => "scheduled enqueue-now".to_string(),
        }
    };
    let groups: Vec<Group> = groups
        .into_iter()
        .take(shown)
        .map(|g| finish(g, total, &verb, &tail, args.from_history))
        .collect();
    let bucket_seconds = span.map(|s| (s.hi - s.lo).max(0.0) / BUCKETS as f64);
    let named_nothing = (see && total == 0)
        .then(|| filter.named_nothing(&seen, &key.shown()))
        .flatten();
    Ok(TriageReport {
        source: key.shown().into_owned(),
        set,
        from_history: args.from_history,
        named_nothing,
        target: store.target().to_string(),
        by: dims.iter().map(|d| d.name()).collect(),
        entries: total,
        span: span.map(|s| [s.lo, s.hi]),
        bucket_seconds,
        groups,
        other: (other_entries > 0).then_some(Other {
            entries: other_entries,
            patterns: other_patterns.len() as u64,
            patterns_at_least: other_patterns_full,
        }),
        more_groups,
        problems,
    })
}

/// The earliest and latest failure time of the retry entries the filter selects, in one
/// pass of their own (their scores are next attempts, not failures).
fn failure_span(
    store: &mut Store,
    connector: crate::store::Connector,
    key: &Name,
    range: &ScoreRange,
    filter: &JobFilter,
    seen: &mut crate::ops::filter::Seen,
) -> StoreResult<Option<Span>> {
    let mut pager = ZPager::new(key.clone(), Order::NewestFirst, range.clone());
    pager.snapshot(store)?;
    let mut span: Option<Span> = None;
    for page in pager.prefetch(connector).only(filter.keep_raw()) {
        for entry in &page? {
            let parsed = entry.member.parse();
            if filter.names_values() {
                filter.see(seen, &parsed);
            }
            if !filter.matches(&parsed) {
                continue;
            }
            let t = failure_time(JobSet::Retry, parsed.as_ref().ok(), entry.score.value);
            span = Some(match span {
                Some(s) => Span {
                    lo: s.lo.min(t),
                    hi: s.hi.max(t),
                },
                None => Span { lo: t, hi: t },
            });
        }
    }
    Ok(span)
}

/// The lowest and highest score in range (the timelines' span); None when nothing is in it,
/// or when the key can't be read (a problem then names it).
fn ends(
    store: &mut Store,
    key: &Name,
    range: &ScoreRange,
    problems: &mut Vec<Problem>,
) -> StoreResult<Option<Span>> {
    let mut pipe = redis::pipe();
    pipe.cmd("ZRANGEBYSCORE")
        .arg(key)
        .arg(&range.min)
        .arg(&range.max)
        .arg("WITHSCORES")
        .arg("LIMIT")
        .arg(0)
        .arg(1);
    pipe.cmd("ZREVRANGEBYSCORE")
        .arg(key)
        .arg(&range.max)
        .arg(&range.min)
        .arg("WITHSCORES")
        .arg("LIMIT")
        .arg(0)
        .arg(1);
    let replies = store.pipeline(&pipe)?;
    if let Some(Err(e)) = replies.iter().find(|r| r.is_err()) {
        problems.push(Problem::wrong(key.clone(), KeyType::Zset, e));
        return Ok(None);
    }
    let score = |i: usize| {
        replies[i]
            .as_ref()
            .ok()
            .and_then(|v| value::items(v).get(1).and_then(value::string))
            .and_then(|s| s.parse::<f64>().ok())
    };
    Ok(match (score(0), score(1)) {
        (Some(lo), Some(hi)) => Some(Span { lo, hi }),
        _ => None,
    })
}

/// The key of an entry's group, borrowed from its payload; `pattern` holds its normalised
/// message when grouping by fingerprint (a buffer used again for every entry).
fn key_of<'a>(
    dims: &[Dimension],
    parsed: &'a Result<Job<'_>, Unparseable>,
    pattern: &'a mut String,
) -> Key<&'a str> {
    let fingerprint = dims
        .contains(&Dimension::Fingerprint)
        .then(|| match parsed {
            Ok(job) => {
                pattern.clear();
                pattern_into(
                    job.error_class.as_deref(),
                    job.error_message.as_deref(),
                    pattern,
                );
                (job.error_class.as_deref().unwrap_or(""), pattern.as_str())
            }
            Err(_) => ("", UNPARSEABLE),
        });
    let field = |dim: Dimension,
                 of: for<'b, 'j> fn(&'b Job<'j>) -> Option<&'b str>,
                 unparseable: Option<&'static str>| {
        dims.contains(&dim).then(|| match parsed {
            Ok(job) => of(job),
            Err(_) => unparseable,
        })
    };
    Key {
        fingerprint,
        class: field(
            Dimension::Class,
            |j| j.class.as_deref(),
            Some(UNPARSEABLE_CLASS),
        ),
        queue: field(Dimension::Queue, |j| j.queue.as_deref(), None),
        error_class: field(Dimension::ErrorClass, |j| j.error_class.as_deref(), None),
    }
}

fn new_group(
    key: Key<String>,
    fingerprint: Option<Fingerprint>,
    parsed: &Result<Job<'_>, Unparseable>,
    score: f64,
    time: f64,
) -> Acc {
    let sample = match parsed {
        Ok(job) => Sample {
            jid: job.jid.as_deref().unwrap_or("").to_string(),
            score,
            error_class: job.error_class.as_deref().map(str::to_string),
            error_message: job.error_message.as_deref().map(str::to_string),
        },
        Err(bad) => Sample {
            jid: bad.display_jid.clone(),
            score,
            error_class: None,
            error_message: Some(bad.reason.clone()),
        },
    };
    Acc {
        key,
        fingerprint,
        unparseable: parsed.is_err(),
        count: 0,
        first: time,
        last: time,
        next: None,
        timeline: [0; BUCKETS],
        classes: Counts::default(),
        queues: Counts::default(),
        sample,
    }
}

fn finish(g: Acc, total: u64, verb: &str, tail: &[String], history: bool) -> Group {
    let mut flags: Vec<String> = Vec::new();
    let mut selectable = true;
    if let Some(f) = &g.fingerprint {
        flags.push(format!("--fingerprint {}", f.id));
    }
    if let Some(class) = &g.key.class {
        match class {
            Some(c) => flags.push(format!("--class {}", shell_words::quote(c))),
            None => selectable = false,
        }
    }
    if let Some(queue) = &g.key.queue {
        match queue {
            Some(q) => flags.push(format!("--queue {}", shell_words::quote(q))),
            None => selectable = false,
        }
    }
    if let Some(error_class) = &g.key.error_class {
        match error_class {
            Some(e) => flags.push(format!(
                "--error {}",
                shell_words::quote(&format!("^{}(: |$)", regex::escape(e)))
            )),
            None => selectable = false,
        }
    }
    flags.extend(tail.iter().cloned());
    let command = selectable.then(|| {
        let dry = if history { "" } else { " --dry-run" };
        format!("cogctl {verb} {}{dry}", flags.join(" "))
    });
    let (error_class, pattern) = match &g.fingerprint {
        Some(f) => (
            (!f.error_class.is_empty()).then(|| f.error_class.clone()),
            Some(f.pattern.clone()),
        ),
        None => (None, None),
    };
    Group {
        fingerprint: g.fingerprint.as_ref().map(|f| f.id.clone()),
        error_class,
        pattern,
        class: g.key.class,
        queue: g.key.queue,
        error_class_group: g.key.error_class,
        count: g.count,
        share: if total == 0 {
            0.0
        } else {
            g.count as f64 / total as f64
        },
        first_seen: g.first,
        last_seen: g.last,
        first_time: rfc3339(g.first),
        last_time: rfc3339(g.last),
        timeline: g.timeline.to_vec(),
        next_attempts: g.next,
        classes: g.classes.sorted(),
        queues: g.queues.sorted(),
        sample: g.sample,
        unparseable: g.unparseable,
        command,
        shards: None,
    }
}

/// The triages of a fleet's shards as one: every shard grouped over the same times
/// ([`group_within`]), so a group's count, times and timeline are its shards' added up, and
/// its entries on each shard are named (`shards`). `limit`: the groups kept, largest first.
pub fn merge(
    mut shards: Vec<(String, TriageReport)>,
    limit: Option<usize>,
) -> Option<TriageReport> {
    let (_, first) = shards.first()?;
    let mut merged = TriageReport {
        source: first.source.clone(),
        set: first.set,
        from_history: first.from_history,
        named_nothing: None,
        target: shards
            .iter()
            .map(|(n, _)| n.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        by: first.by.clone(),
        entries: 0,
        span: None,
        bucket_seconds: first.bucket_seconds,
        groups: Vec::new(),
        other: None,
        more_groups: 0,
        problems: Vec::new(),
    };
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut per_shard: Vec<Vec<NameCount>> = Vec::new();
    let mut classes: Vec<HashMap<Option<String>, u64>> = Vec::new();
    let mut queues: Vec<HashMap<Option<String>, u64>> = Vec::new();
    for (name, report) in shards.iter_mut() {
        merged.entries += report.entries;
        merged.span = match (merged.span, report.span) {
            (Some([a, b]), Some([c, d])) => Some([a.min(c), b.max(d)]),
            (x, y) => x.or(y),
        };
        if merged.bucket_seconds.is_none() {
            merged.bucket_seconds = report.bucket_seconds;
        }
        if let Some(o) = report.other.take() {
            let m = merged.other.get_or_insert(Other {
                entries: 0,
                patterns: 0,
                patterns_at_least: true,
            });
            m.entries += o.entries;
            m.patterns += o.patterns;
        }
        merged.problems.append(&mut report.problems);
        for g in report.groups.drain(..) {
            let key = serde_json::json!([g.fingerprint, g.class, g.queue, g.error_class_group])
                .to_string();
            let at = match index.get(&key) {
                Some(&at) => at,
                None => {
                    index.insert(key, merged.groups.len());
                    per_shard.push(Vec::new());
                    classes.push(HashMap::new());
                    queues.push(HashMap::new());
                    merged.groups.push(Group {
                        count: 0,
                        timeline: vec![0; g.timeline.len()],
                        classes: Vec::new(),
                        queues: Vec::new(),
                        ..g.clone_empty()
                    });
                    merged.groups.len() - 1
                }
            };
            per_shard[at].push(NameCount {
                name: Some(name.clone()),
                count: g.count,
            });
            for c in &g.classes {
                *classes[at].entry(c.name.clone()).or_default() += c.count;
            }
            for q in &g.queues {
                *queues[at].entry(q.name.clone()).or_default() += q.count;
            }
            let m = &mut merged.groups[at];
            m.count += g.count;
            if g.first_seen < m.first_seen {
                m.first_seen = g.first_seen;
                m.first_time = g.first_time;
            }
            if g.last_seen > m.last_seen {
                m.last_seen = g.last_seen;
                m.last_time = g.last_time;
                m.sample = g.sample;
            }
            for (into, n) in m.timeline.iter_mut().zip(&g.timeline) {
                *into += n;
            }
            m.next_attempts = match (m.next_attempts, g.next_attempts) {
                (Some([a, b]), Some([c, d])) => Some([a.min(c), b.max(d)]),
                (x, y) => x.or(y),
            };
            m.unparseable |= g.unparseable;
        }
    }
    let sorted = |counts: HashMap<Option<String>, u64>| {
        let mut list: Vec<NameCount> = counts
            .into_iter()
            .map(|(name, count)| NameCount { name, count })
            .collect();
        list.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
        list
    };
    for (((g, mut on), c), q) in merged
        .groups
        .iter_mut()
        .zip(per_shard)
        .zip(classes)
        .zip(queues)
    {
        on.sort_by_key(|s| std::cmp::Reverse(s.count));
        g.shards = Some(on);
        g.classes = sorted(c);
        g.queues = sorted(q);
        g.share = if merged.entries == 0 {
            0.0
        } else {
            g.count as f64 / merged.entries as f64
        };
    }
    merged.groups.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then_with(|| b.last_seen.total_cmp(&a.last_seen))
    });
    if let Some(limit) = limit {
        merged.more_groups = merged.groups.len().saturating_sub(limit);
        merged.groups.truncate(limit);
    }
    Some(merged)
}

impl Group {
    /// Its identity and words (what makes two shards' groups one), the counts left at zero.
    fn clone_empty(&self) -> Group {
        Group {
            fingerprint: self.fingerprint.clone(),
            error_class: self.error_class.clone(),
            pattern: self.pattern.clone(),
            class: self.class.clone(),
            queue: self.queue.clone(),
            error_class_group: self.error_class_group.clone(),
            count: 0,
            share: 0.0,
            first_seen: f64::INFINITY,
            last_seen: f64::NEG_INFINITY,
            first_time: String::new(),
            last_time: String::new(),
            timeline: Vec::new(),
            next_attempts: None,
            classes: Vec::new(),
            queues: Vec::new(),
            sample: Sample {
                jid: String::new(),
                score: 0.0,
                error_class: None,
                error_message: None,
            },
            unparseable: false,
            command: self.command.clone(),
            shards: None,
        }
    }
}

/// The triage's own filters, for the commands it suggests (times made absolute, so the
/// command selects the same entries later).
fn suggested_filters(f: &FilterArgs, now: f64) -> Vec<String> {
    let q = |s: &str| shell_words::quote(s).into_owned();
    let mut out = Vec::new();
    for c in &f.class {
        out.push(format!("--class {}", q(c)));
    }
    for c in &f.queue {
        out.push(format!("--queue {}", q(c)));
    }
    if let Some(re) = &f.error {
        out.push(format!("--error {}", q(re.as_str())));
    }
    for j in &f.jid {
        out.push(format!("--jid {}", q(j)));
    }
    if let Some(t) = f.since {
        out.push(format!("--since {}", rfc3339(t.resolve(now))));
    }
    if let Some(t) = f.until {
        out.push(format!("--until {}", rfc3339(t.resolve(now))));
    }
    if let Some(n) = f.min_retries {
        out.push(format!("--min-retries {n}"));
    }
    if let Some(s) = &f.search {
        out.push(format!("--search {}", q(&s.text)));
    }
    if let Some(re) = &f.args {
        out.push(format!("--args {}", q(re.as_str())));
    }
    for id in &f.fingerprint {
        out.push(format!("--fingerprint {id}"));
    }
    out
}
