//! `cogctl history`: the Web UI's History tab — the finished runs the gem's opt-in History
//! middleware (or `cogctl worker --history`) records in `cogworker:history:all|success|failed`,
//! scored by when they finished. Read in pages by score one page ahead, filtered here, printed
//! as it goes; `--sort duration` keeps only the N longest while it reads. Never the whole set
//! in memory.

use std::borrow::Cow;
use std::collections::BinaryHeap;
use std::io::Write;
use std::time::Duration;

use clap::{Args, ValueEnum};
use serde::Serialize;
use serde_json::value::RawValue;

use super::Ctx;
use crate::clock::rfc3339;
use crate::ops::filter::{FilterArgs, JobFilter};
use crate::ops::history::{Run, history_exists, parse_run};
use crate::ops::listing::{LimitArgs, TABLE_LIMIT};
use crate::render::list::Score;
use crate::render::list::{Columns, ListEntry, ListPrinter, OnShard, Row, trouble};
use crate::render::time::run_time;
use crate::store::job::{Job, UNPARSEABLE_CLASS, Unparseable};
use crate::store::keys;
use crate::store::page::{Order, ZEntry, ZPager};
use crate::term::exit::{Exit, UsageError};
use crate::term::values::parse_duration;

/// Finished runs, newest first: the History tab (needs the gem's History middleware, or
/// `cogctl worker --history`)
#[derive(Clone, Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "The latest finished runs (the History tab)",
        "cogctl history",
    ),
    (
        "The 10 slowest runs",
        "cogctl history --sort duration --limit 10",
    ),
    (
        "The failed runs of one class over the last day",
        "cogctl history --status failed --class Billing::InvoiceJob --since 1d",
    ),
]))]
pub struct HistoryArgs {
    /// Which runs
    #[arg(long, value_enum, default_value = "all")]
    pub status: RunStatus,

    #[command(flatten)]
    pub filter: FilterArgs,

    /// Only runs that took at least this long (250ms, 2s, 5m …)
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub min_duration: Option<Duration>,

    /// Only runs that took at most this long
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub max_duration: Option<Duration>,

    /// Newest finished first, or the longest runs first (which needs a limit: the set is read
    /// in pages and the N longest kept)
    #[arg(long, value_enum, default_value = "finished")]
    pub sort: Sort,

    #[command(flatten)]
    pub limit: LimitArgs,

    /// Oldest finished first
    #[arg(long, conflicts_with = "sort")]
    pub oldest_first: bool,
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RunStatus {
    All,
    Success,
    Failed,
}

impl RunStatus {
    fn key(self) -> &'static str {
        match self {
            RunStatus::All => keys::HISTORY_ALL,
            RunStatus::Success => keys::HISTORY_SUCCESS,
            RunStatus::Failed => keys::HISTORY_FAILED,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Sort {
    Finished,
    Duration,
}

/// One finished run, the JSON schema of `history --json/--ndjson` (docs/output.md "JSON output").
#[derive(Debug, Serialize)]
pub struct RunEntry<'a> {
    /// When it finished: the score, exactly as Redis printed it.
    pub score: Score<'a>,
    /// The same as RFC 3339 UTC.
    pub time: String,
    pub jid: Cow<'a, str>,
    pub class: Option<Cow<'a, str>>,
    pub queue: Option<Cow<'a, str>>,
    pub args: Option<&'a RawValue>,
    /// `success` or `failed`, as recorded.
    pub status: Option<Cow<'a, str>>,
    pub started_at: Option<f64>,
    pub finished_at: Option<f64>,
    /// Seconds.
    pub duration: Option<f64>,
    pub error_class: Option<Cow<'a, str>>,
    pub error_message: Option<Cow<'a, str>>,
    pub backtrace: Option<&'a [Cow<'a, str>]>,
    /// Why the entry could not be read (absent when it could).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unparseable: Option<Cow<'a, str>>,
    /// The entry as text, when it could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub member: Option<Cow<'a, str>>,
    #[serde(skip)]
    finished: f64,
}

impl<'a> RunEntry<'a> {
    fn new(entry: &'a ZEntry, run: &'a Result<Run<'a>, String>, display_jid: &'a str) -> Self {
        let base = RunEntry {
            score: Score(&entry.score.text),
            time: rfc3339(entry.score.value),
            jid: Cow::Borrowed(display_jid),
            class: None,
            queue: None,
            args: None,
            status: None,
            started_at: None,
            finished_at: None,
            duration: None,
            error_class: None,
            error_message: None,
            backtrace: None,
            unparseable: None,
            member: None,
            finished: entry.score.value,
        };
        match run {
            Ok(r) => RunEntry {
                jid: r.jid.clone().unwrap_or(Cow::Borrowed("")),
                class: r.class.clone(),
                queue: r.queue.clone(),
                args: r.args,
                status: r.status.clone(),
                started_at: r.started_at,
                finished_at: r.finished_at,
                duration: r.duration().map(|d| (d * 1e6).round() / 1e6),
                error_class: r.error_class.clone(),
                error_message: r.error_message.clone(),
                backtrace: r.backtrace.as_deref(),
                ..base
            },
            Err(reason) => RunEntry {
                class: Some(Cow::Borrowed(UNPARSEABLE_CLASS)),
                unparseable: Some(Cow::Borrowed(reason)),
                member: Some(entry.member.lossy()),
                ..base
            },
        }
    }
}

impl ListEntry for RunEntry<'_> {
    fn row(&self) -> Row {
        let error = trouble(
            self.unparseable.as_deref(),
            self.member.as_deref(),
            self.error_class.as_deref(),
            self.error_message.as_deref(),
        );
        Row {
            shard: None,
            status: Some(match self.status.as_deref() {
                Some("success") => "success",
                Some("failed") => "failed",
                Some(_) => "other",
                None => "-",
            }),
            time: Some(self.finished),
            position: None,
            jid: self.jid.to_string(),
            class: self.class.as_deref().unwrap_or("-").to_string(),
            queue: self.queue.as_deref().unwrap_or("-").to_string(),
            retries: self.duration.map_or_else(|| "-".to_string(), run_time),
            args: Some(self.args.map_or("", |a| a.get()).to_string()),
            last: error,
            unparseable: self.unparseable.is_some(),
        }
    }
}

const COLUMNS: Columns = Columns {
    shard: 0,
    status: true,
    time: "FINISHED",
    position: false,
    queue: true,
    retries: "DURATION",
    args: true,
    last: "ERROR",
    noun: "runs",
    last_is_error: true,
};

/// The filters of a history read: the list filters on the entry (it carries class, jid,
/// queue, args and the error as a job does), and the duration bounds.
struct RunFilter {
    jobs: JobFilter,
    min: Option<f64>,
    max: Option<f64>,
}

impl RunFilter {
    fn is_empty(&self) -> bool {
        self.jobs.only_range() && self.min.is_none() && self.max.is_none()
    }

    /// The run, when the entry matches (read only then: most entries of a search don't).
    /// The pages were read through the search's pre-check (`JobFilter::keep_raw`).
    fn matching<'r>(&self, raw: &'r [u8]) -> Option<Result<Run<'r>, String>> {
        let job: Result<Job<'_>, Unparseable> = Job::parse(raw);
        if !self.jobs.matches(&job) {
            return None;
        }
        let run = parse_run(raw);
        if self.min.is_none() && self.max.is_none() {
            return Some(run);
        }
        let d = run.as_ref().ok().and_then(Run::duration)?;
        (self.min.is_none_or(|m| d >= m) && self.max.is_none_or(|m| d <= m)).then_some(run)
    }
}

/// The filters of a run and its limit (`--sort duration` needs one).
fn prepare(ctx: &Ctx, args: &HistoryArgs) -> anyhow::Result<(RunFilter, Option<usize>)> {
    let limit = args.limit.resolve(ctx.ui.human());
    if args.sort == Sort::Duration && limit.is_none() {
        return Err(UsageError(
            "--sort duration keeps the N longest runs while it reads: give --limit N".into(),
        )
        .into());
    }
    let filter = RunFilter {
        jobs: JobFilter::new(&args.filter, ctx.ui.clock.now),
        min: args.min_duration.map(|d| d.as_secs_f64()),
        max: args.max_duration.map(|d| d.as_secs_f64()),
    };
    Ok((filter, limit))
}

/// The flags checked before anything is read (`--sort duration` needs `--limit`).
pub fn validate(ctx: &Ctx, args: &HistoryArgs) -> anyhow::Result<()> {
    prepare(ctx, args).map(|_| ())
}

/// One Redis's History, opened (on one Redis, or one shard of a fleet): where to read it
/// from, its pager fixed at the set's current extreme, how many runs its range holds, and
/// whether nothing has ever written History there.
pub struct Opened {
    connector: crate::store::connection::Connector,
    pager: ZPager,
    in_range: u64,
    missing: bool,
}

pub fn open(ctx: &mut Ctx, args: &HistoryArgs) -> anyhow::Result<Opened> {
    let (filter, _) = prepare(ctx, args)?;
    let key = args.status.key();
    let range = filter.jobs.range();
    let order = if args.oldest_first {
        Order::OldestFirst
    } else {
        Order::NewestFirst
    };
    let connector = ctx.connector()?;
    let store = ctx.store()?;
    let missing = store.key_type(key.as_bytes())? == "none" && !history_exists(store)?;
    let mut pager = ZPager::new(key, order, range.clone());
    pager.snapshot(store)?;
    let in_range = range.count(store, key)?;
    Ok(Opened {
        connector,
        pager,
        in_range,
        missing,
    })
}

fn note_missing(ctx: &Ctx, whose: &str) {
    ctx.ui.note(&ctx.ui.styles.dim(&format!(
        "no history{whose}: nothing has written cogworker:history:* (the gem's History \
         middleware is opt-in; `cogctl worker --history` records runs too)"
    )));
}

pub fn run(ctx: &mut Ctx, args: &HistoryArgs) -> anyhow::Result<Exit> {
    let (filter, limit) = prepare(ctx, args)?;
    let opened = open(ctx, args)?;
    if opened.missing {
        note_missing(ctx, "");
    }
    let pages = opened
        .pager
        .prefetch(opened.connector)
        .only(filter.jobs.keep_raw());
    let sets = vec![(String::new(), pages)];
    let (merged, failed) = crate::store::page::Merged::new(sets, order(args));
    if let Some((_, e)) = failed.into_iter().next() {
        return Err(e.into());
    }
    // A read that fails on the way ends the list there, and the run with its error.
    let mut lost = None;
    let (shown, more) = print(
        ctx,
        args,
        &filter,
        limit,
        merged,
        opened.in_range,
        0,
        &mut |_, e| {
            lost.get_or_insert(e);
        },
    )?;
    if let Some(e) = lost {
        return Err(e.into());
    }
    if shown == 0 && more == 0 && !opened.missing {
        let held = crate::ops::empty::zset(ctx.store()?, args.status.key())?;
        let noun = crate::ops::empty::Noun {
            many: "runs",
            verb: "finished",
        };
        crate::render::empty::explain(&ctx.ui, &held, &noun, &args.filter, true);
    }
    Ok(Exit::Ok)
}

fn order(args: &HistoryArgs) -> Order {
    if args.oldest_first {
        Order::OldestFirst
    } else {
        Order::NewestFirst
    }
}

/// `history` across a fleet: every shard's History read in pages at once, merged in time
/// order (or the N longest of them all with `--sort duration`), each run naming its shard.
/// A shard that can't be read, or stops being read, is named on stderr and the rest is
/// listed: exit 7 (3 when none could be).
pub fn run_fleet(
    ctx: &mut Ctx,
    args: &HistoryArgs,
    opened: Vec<crate::ops::fleet::Shard<Opened>>,
) -> anyhow::Result<Exit> {
    let (filter, limit) = prepare(ctx, args)?;
    let width = opened.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let total = opened.len();
    let mut unread = Vec::new();
    let mut sets = Vec::new();
    let mut in_range = 0;
    let mut missing = 0;
    for (name, shard) in opened {
        match shard {
            Ok(o) => {
                in_range += o.in_range;
                missing += usize::from(o.missing);
                sets.push((
                    name,
                    o.pager.prefetch(o.connector).only(filter.jobs.keep_raw()),
                ));
            }
            Err(e) => unread.push((name, e)),
        }
    }
    if missing > 0 && missing == sets.len() {
        note_missing(ctx, " on any shard read");
    }
    let merged = crate::ops::fleet::merged(&ctx.ui, sets, order(args), &mut unread);
    let mut more_unread = Vec::new();
    print(
        ctx,
        args,
        &filter,
        limit,
        merged,
        in_range,
        width,
        &mut |shard, e| {
            more_unread.push((shard.to_string(), crate::ops::fleet::shown(&e)));
        },
    )?;
    for (name, why) in &more_unread {
        crate::ops::fleet::warn_unread(&ctx.ui, name, why);
    }
    let unread = unread.len() + more_unread.len();
    Ok(crate::ops::fleet::list_exit(unread, total))
}

/// Print the runs `merged` gives (one Redis's, or a fleet's with a SHARD column `shard`
/// wide), filtered, as far as the limit; `unread` hears of a set whose reading failed on
/// the way. What was shown, and how many more matched.
#[allow(clippy::too_many_arguments)]
fn print(
    ctx: &mut Ctx,
    args: &HistoryArgs,
    filter: &RunFilter,
    limit: Option<usize>,
    mut merged: crate::store::page::Merged,
    in_range: u64,
    shard: usize,
    unread: &mut dyn FnMut(&str, crate::store::StoreError),
) -> anyhow::Result<(usize, u64)> {
    let mut columns = COLUMNS;
    columns.shard = shard;
    let on = |name: &str| (shard > 0).then(|| name.to_string());
    let mut printer = ListPrinter::new(&ctx.ui, columns);
    let out = &mut ctx.out;
    printer.begin(out)?;
    let mut shown = 0usize;
    let mut more = 0u64;
    if args.sort == Sort::Duration {
        let n = limit.unwrap_or(TABLE_LIMIT);
        // The n longest so far, as (duration, page-owned entry); min-heap by duration.
        let mut longest: BinaryHeap<Longest> = BinaryHeap::with_capacity(n + 1);
        let mut matched = 0u64;
        while let Some((entry, name, failed)) = merged.next_entry() {
            if let Some(e) = failed {
                unread(name, e);
            }
            let Some(run) = filter.matching(&entry.member.raw) else {
                continue;
            };
            matched += 1;
            let d = run.as_ref().ok().and_then(Run::duration).unwrap_or(-1.0);
            drop(run);
            let shard = on(name);
            longest.push(Longest {
                duration: d,
                entry,
                shard,
            });
            if longest.len() > n {
                longest.pop();
            }
        }
        let mut sorted = longest.into_sorted_vec();
        sorted.truncate(n);
        for item in &sorted {
            let run = parse_run(&item.entry.member.raw);
            let jid = item
                .entry
                .member
                .parse()
                .err()
                .map(|u| u.display_jid)
                .unwrap_or_default();
            let entry = RunEntry::new(&item.entry, &run, &jid);
            match &item.shard {
                Some(shard) => printer.entry(out, &OnShard { shard, entry })?,
                None => printer.entry(out, &entry)?,
            }
            shown += 1;
        }
        more = matched.saturating_sub(shown as u64);
    } else {
        let mut read = 0usize;
        while let Some((entry, name, failed)) = merged.next_entry() {
            if let Some(e) = failed {
                unread(name, e);
            }
            let full = limit.is_some_and(|l| shown >= l);
            if full && filter.is_empty() {
                break;
            }
            read += 1;
            if read.is_multiple_of(crate::store::page::PAGE) {
                printer.page_done(out)?;
                out.flush()?;
            }
            let Some(run) = filter.matching(&entry.member.raw) else {
                continue;
            };
            if full {
                more += 1;
                continue;
            }
            let jid = if run.is_err() {
                entry
                    .member
                    .parse()
                    .err()
                    .map(|u| u.display_jid)
                    .unwrap_or_default()
            } else {
                String::new()
            };
            let row = RunEntry::new(&entry, &run, &jid);
            match on(name) {
                Some(_) => printer.entry(
                    out,
                    &OnShard {
                        shard: name,
                        entry: row,
                    },
                )?,
                None => printer.entry(out, &row)?,
            }
            shown += 1;
        }
        if limit.is_some_and(|l| shown >= l) && filter.is_empty() {
            more = in_range.saturating_sub(shown as u64);
        }
    }
    printer.end(out, shown, more)?;
    Ok((shown, more))
}

/// A run kept by `--sort duration`, ordered so the heap's top is the shortest (popped
/// first when more than N are kept); equal durations: the older finish is popped first.
struct Longest {
    duration: f64,
    entry: ZEntry,
    /// The shard it was read on, across a fleet.
    shard: Option<String>,
}

impl PartialEq for Longest {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}

impl Eq for Longest {}

impl PartialOrd for Longest {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Longest {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // Reversed: BinaryHeap is a max-heap, the shortest must be on top; into_sorted_vec
        // then gives the longest first.
        other
            .duration
            .total_cmp(&self.duration)
            .then_with(|| other.entry.score.value.total_cmp(&self.entry.score.value))
    }
}
