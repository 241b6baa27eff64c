//! `cogctl jobs`: one search across every place a job can be — waiting on a queue, running
//! in a live process, scheduled, retrying, dead — streamed place by place, each job with its
//! status. Queues and sets are read in pages one ahead (memory stays flat); the running jobs
//! are the workers hashes of live processes, a handful per process.

use std::borrow::Cow;
use std::io::Write;

use clap::{Args, ValueEnum};
use serde::Serialize;
use serde_json::value::RawValue;

use super::Ctx;
use crate::clock::rfc3339;
use crate::ops::busy::{job_text, read_running};
use crate::ops::filter::{FilterArgs, WaitingFilter};
use crate::ops::listing::LimitArgs;
use crate::ops::queues::read_queues;
use crate::render::list::{Columns, ListEntry, ListPrinter, Row, args_cell};
use crate::render::list::{Payload, payload};
use crate::store::job::{Job, UNPARSEABLE_CLASS, Unparseable};
use crate::store::page::{ListPager, Order, ZPager, prefetch};
use crate::store::{JobSet, Name, keys};
use crate::term::exit::Exit;

/// Find jobs wherever they are — waiting on a queue, running, scheduled, retrying, dead —
/// with the list filters (--search TEXT finds "every job of customer 42")
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "Every job that mentions customer 42, wherever it is now",
        "cogctl jobs --search cus_42",
    ),
    (
        "Only the retrying and dead jobs of one class",
        "cogctl jobs --class Billing::InvoiceJob --status retry,dead",
    ),
    (
        "Every match, one JSON object a line",
        "cogctl jobs --search cus_42 --all --ndjson",
    ),
]))]
pub struct JobsArgs {
    #[command(flatten)]
    pub filter: FilterArgs,

    /// Only these places, comma-separated (default: all, in this order)
    #[arg(long, value_enum, value_delimiter = ',', value_name = "STATUS")]
    pub status: Vec<Status>,

    #[command(flatten)]
    pub limit: LimitArgs,
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

/// Where a job is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Waiting on a queue
    Enqueued,
    /// Running in a live process
    Running,
    /// In cogworker:schedule
    Scheduled,
    /// In cogworker:retry
    Retry,
    /// In cogworker:dead
    Dead,
}

impl Status {
    const ALL: [Status; 5] = [
        Status::Enqueued,
        Status::Running,
        Status::Scheduled,
        Status::Retry,
        Status::Dead,
    ];

    fn name(self) -> &'static str {
        match self {
            Status::Enqueued => "enqueued",
            Status::Running => "running",
            Status::Scheduled => "scheduled",
            Status::Retry => "retry",
            Status::Dead => "dead",
        }
    }
}

/// One job found, the JSON schema of `jobs --json/--ndjson` (docs/output.md "JSON output").
#[derive(Debug, Serialize)]
pub struct Found<'a> {
    pub status: Status,
    /// The queue it waits on, or its job's queue.
    pub queue: Option<Cow<'a, str>>,
    /// The time of its place, epoch seconds: enqueued_at (else created_at) on a queue,
    /// run_at when running, the score in a set (due, next retry, died).
    pub at: Option<f64>,
    /// The same as RFC 3339 UTC.
    pub time: Option<String>,
    /// The process running it (running only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity: Option<&'a Name>,
    /// The job's jid; `unparseable-<sha1 prefix>` for an element that isn't a job.
    pub jid: Cow<'a, str>,
    pub class: Option<Cow<'a, str>>,
    pub retry_count: Option<i64>,
    pub args: Option<&'a RawValue>,
    pub error_class: Option<Cow<'a, str>>,
    pub error_message: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unparseable: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub member: Option<Cow<'a, str>>,
    /// The job exactly as stored, embedded as a JSON object.
    pub payload: Option<Payload<'a>>,
}

impl<'a> Found<'a> {
    fn new(
        status: Status,
        queue: Option<&'a str>,
        at: Option<f64>,
        raw: &'a [u8],
        parsed: &'a Result<Job<'a>, Unparseable>,
    ) -> Found<'a> {
        let time = at.map(rfc3339);
        match parsed {
            Ok(job) => Found {
                status,
                queue: queue.map(Cow::Borrowed).or_else(|| job.queue.clone()),
                at,
                time,
                identity: None,
                jid: job.jid.clone().unwrap_or(Cow::Borrowed("")),
                class: job.class.clone(),
                retry_count: job.retry_count,
                args: job.args,
                error_class: job.error_class.clone(),
                error_message: job.error_message.clone(),
                unparseable: None,
                member: None,
                payload: Some(payload(job.as_raw_value())),
            },
            Err(bad) => Found {
                status,
                queue: queue.map(Cow::Borrowed),
                at,
                time,
                identity: None,
                jid: Cow::Borrowed(&bad.display_jid),
                class: Some(Cow::Borrowed(UNPARSEABLE_CLASS)),
                retry_count: None,
                args: None,
                error_class: None,
                error_message: None,
                unparseable: Some(&bad.reason),
                member: Some(String::from_utf8_lossy(raw)),
                payload: None,
            },
        }
    }
}

impl ListEntry for Found<'_> {
    fn row(&self) -> Row {
        let last = args_cell(
            self.unparseable,
            self.member.as_deref(),
            self.args.map(|a| a.get()),
        );
        Row {
            shard: None,
            status: Some(self.status.name()),
            time: self.at,
            position: None,
            jid: self.jid.to_string(),
            class: self.class.as_deref().unwrap_or("-").to_string(),
            queue: self.queue.as_deref().unwrap_or("-").to_string(),
            retries: self
                .retry_count
                .map_or_else(|| "-".to_string(), |c| c.to_string()),
            args: None,
            last,
            unparseable: self.unparseable.is_some(),
        }
    }
}

const COLUMNS: Columns = Columns {
    shard: 0,
    status: true,
    time: "WHEN",
    position: false,
    queue: true,
    retries: "RETRIES",
    args: false,
    last: "ARGS",
    noun: "jobs",
    last_is_error: false,
};

/// What the walk has shown and what it left out past the limit.
struct Shown {
    limit: Option<usize>,
    shown: usize,
    more: u64,
}

impl Shown {
    fn full(&self) -> bool {
        self.limit.is_some_and(|l| self.shown >= l)
    }
}

pub fn run(ctx: &mut Ctx, args: &JobsArgs) -> anyhow::Result<Exit> {
    let now = ctx.ui.clock.now;
    let filter = WaitingFilter::new(&args.filter, now);
    let places: Vec<Status> = if args.status.is_empty() {
        Status::ALL.to_vec()
    } else {
        Status::ALL
            .into_iter()
            .filter(|s| args.status.contains(s))
            .collect()
    };
    let mut seen = Shown {
        limit: args.limit.resolve(ctx.ui.human()),
        shown: 0,
        more: 0,
    };
    let connector = ctx.connector()?;
    let mut printer = ListPrinter::new(&ctx.ui, COLUMNS);
    printer.begin(&mut ctx.out)?;
    // What the places held, for "0 of N jobs match" (sizes already read, or ZCARD).
    let mut held = crate::ops::empty::Held::default();
    for place in places {
        match place {
            Status::Enqueued => {
                let (queues, problems) = read_queues(ctx.store()?, now)?;
                for p in &problems {
                    ctx.ui.note(&ctx.ui.styles.warn(&format!(
                        "warning: {}: {} (queues found by a scan of their keys)",
                        p.key.shown(),
                        p.error
                    )));
                }
                held.total += queues.iter().map(|q| q.size).sum::<u64>();
                for queue in queues.iter().filter(|q| q.size > 0) {
                    let name = queue.name.to_str().map(str::to_string);
                    let shown_name = name.unwrap_or_else(|| queue.name.shown().into_owned());
                    let pager = ListPager::new(keys::queue(&queue.name));
                    let pages = prefetch(pager, connector.clone()).only(filter.keep_raw());
                    for page in pages {
                        for raw in &page? {
                            let parsed = Job::parse(raw);
                            let at = parsed
                                .as_ref()
                                .ok()
                                .and_then(|j| j.enqueued_at().or_else(|| j.created_at()));
                            if !filter.matches_at(&parsed, at) {
                                continue;
                            }
                            let found = Found::new(place, Some(&shown_name), at, raw, &parsed);
                            emit(&mut printer, &mut ctx.out, &mut seen, &found)?;
                        }
                        settle(&mut printer, &mut ctx.out, &seen)?;
                        ctx.out.flush()?;
                    }
                }
            }
            Status::Running => {
                let running = read_running(ctx.store()?, now, false)?;
                held.total += running.jobs.len() as u64;
                for r in &running.jobs {
                    let Some(payload) = &r.payload else { continue };
                    let text = job_text(payload);
                    let parsed = Job::parse(text.as_bytes());
                    if !filter.matches_at(&parsed, r.run_at) {
                        continue;
                    }
                    let mut found = Found::new(
                        place,
                        r.queue.as_deref(),
                        r.run_at,
                        text.as_bytes(),
                        &parsed,
                    );
                    found.identity = Some(&r.identity);
                    emit(&mut printer, &mut ctx.out, &mut seen, &found)?;
                }
                settle(&mut printer, &mut ctx.out, &seen)?;
            }
            Status::Scheduled | Status::Retry | Status::Dead => {
                let set = match place {
                    Status::Scheduled => JobSet::Schedule,
                    Status::Retry => JobSet::Retry,
                    _ => JobSet::Dead,
                };
                held.total += crate::ops::empty::zset(ctx.store()?, set.key())?.total;
                let mut pager = ZPager::new(set.key(), Order::NewestFirst, filter.scored().range());
                pager.snapshot(ctx.store()?)?;
                let pages = pager.prefetch(connector.clone()).only(filter.keep_raw());
                for page in pages {
                    for entry in &page? {
                        let parsed = entry.member.parse();
                        if !filter.scored().matches(&parsed) {
                            continue;
                        }
                        let found = Found::new(
                            place,
                            None,
                            Some(entry.score.value),
                            &entry.member.raw,
                            &parsed,
                        );
                        emit(&mut printer, &mut ctx.out, &mut seen, &found)?;
                    }
                    settle(&mut printer, &mut ctx.out, &seen)?;
                    ctx.out.flush()?;
                }
            }
        }
    }
    printer.end(&mut ctx.out, seen.shown, seen.more)?;
    if seen.shown == 0 && seen.more == 0 {
        let noun = crate::ops::empty::Noun {
            many: "jobs",
            verb: "was seen",
        };
        crate::render::empty::explain(&ctx.ui, &held, &noun, &args.filter, false);
    }
    Ok(Exit::Ok)
}

/// Rows wait until a few are in (or the end) before the table's widths are fixed: the
/// first place may hold a row or two whose widths don't fit the rest.
fn settle(printer: &mut ListPrinter, out: &mut dyn Write, seen: &Shown) -> std::io::Result<()> {
    if seen.shown >= 20 {
        printer.page_done(out)?;
    }
    Ok(())
}

/// Print `found` unless the limit is reached; past it, count it.
fn emit(
    printer: &mut ListPrinter,
    out: &mut dyn Write,
    seen: &mut Shown,
    found: &Found<'_>,
) -> std::io::Result<()> {
    if seen.full() {
        seen.more += 1;
        return Ok(());
    }
    seen.shown += 1;
    printer.entry(out, found)
}
