//! `queue list QUEUE`: the jobs waiting on a queue — newest first as the Web UI shows them,
//! or with --next-first in the order workers will take them — read in pages of `LRANGE`
//! one page ahead, filtered here, printed as they come. Memory stays flat whatever the
//! length of the queue.

use std::borrow::Cow;
use std::io::Write;

use clap::Args;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::clock::rfc3339;
use crate::commands::Ctx;
use crate::ops::filter::{FilterArgs, WaitingFilter};
use crate::ops::listing::LimitArgs;
use crate::ops::readers::Known;
use crate::render::list::{Columns, ListEntry, ListPrinter, Row, args_cell};
use crate::render::list::{Payload, payload};
use crate::store::job::{Job, UNPARSEABLE_CLASS, Unparseable};
use crate::store::page::{ListPager, prefetch};
use crate::store::{KeyType, Name, keys};
use crate::term::exit::Exit;
use crate::term::values::name_parser;

#[derive(Debug, Args)]
pub struct ListArgs {
    /// The queue
    #[arg(value_name = "QUEUE", value_parser = name_parser())]
    pub queue_name: Name,

    #[command(flatten)]
    pub filter: FilterArgs,

    #[command(flatten)]
    pub limit: LimitArgs,

    /// The order workers take them: the next job to run first
    #[arg(long)]
    pub next_first: bool,

    #[command(flatten)]
    pub watch: crate::commands::WatchArgs,
}

/// One waiting job, the JSON schema of `queue list --json/--ndjson` (docs/output.md "JSON output").
#[derive(Debug, Serialize)]
pub struct WaitingEntry<'a> {
    pub queue: &'a Name,
    /// Its place in line when it was read: 1 runs next.
    pub position: u64,
    /// When it reached the queue (`enqueued_at`, else `created_at`), epoch seconds.
    pub enqueued_at: Option<f64>,
    /// The same as RFC 3339 UTC.
    pub time: Option<String>,
    /// The job's jid; `unparseable-<sha1 prefix>` for an element that isn't a job.
    pub jid: Cow<'a, str>,
    pub class: Option<Cow<'a, str>>,
    pub retry_count: Option<i64>,
    /// The arguments exactly as stored.
    pub args: Option<&'a RawValue>,
    /// Why the element is not a job (absent for jobs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unparseable: Option<&'a str>,
    /// The element as text (invalid UTF-8 shown as U+FFFD), for one that isn't a job.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub member: Option<Cow<'a, str>>,
    /// The job exactly as stored, embedded as a JSON object.
    pub payload: Option<Payload<'a>>,
}

impl<'a> WaitingEntry<'a> {
    fn new(
        queue: &'a Name,
        position: u64,
        raw: &'a [u8],
        parsed: &'a Result<Job<'a>, Unparseable>,
    ) -> Self {
        match parsed {
            Ok(job) => {
                let at = job.enqueued_at().or_else(|| job.created_at());
                WaitingEntry {
                    queue,
                    position,
                    enqueued_at: at,
                    time: at.map(rfc3339),
                    jid: job.jid.clone().unwrap_or(Cow::Borrowed("")),
                    class: job.class.clone(),
                    retry_count: job.retry_count,
                    args: job.args,
                    unparseable: None,
                    member: None,
                    payload: Some(payload(job.as_raw_value())),
                }
            }
            Err(bad) => WaitingEntry {
                queue,
                position,
                enqueued_at: None,
                time: None,
                jid: Cow::Borrowed(&bad.display_jid),
                class: Some(Cow::Borrowed(UNPARSEABLE_CLASS)),
                retry_count: None,
                args: None,
                unparseable: Some(&bad.reason),
                member: Some(String::from_utf8_lossy(raw)),
                payload: None,
            },
        }
    }
}

impl ListEntry for WaitingEntry<'_> {
    fn row(&self) -> Row {
        let last = args_cell(
            self.unparseable,
            self.member.as_deref(),
            self.args.map(|a| a.get()),
        );
        Row {
            shard: None,
            status: None,
            time: self.enqueued_at,
            position: Some(self.position),
            jid: self.jid.to_string(),
            class: self.class.as_deref().unwrap_or("-").to_string(),
            queue: String::new(),
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
    status: false,
    time: "ENQUEUED",
    position: true,
    queue: false,
    retries: "RETRIES",
    args: false,
    last: "ARGS",
    noun: "waiting jobs",
    last_is_error: false,
};

pub fn run(ctx: &mut Ctx, args: &ListArgs) -> anyhow::Result<Exit> {
    let filter = WaitingFilter::new(&args.filter, ctx.ui.clock.now);
    let limit = args.limit.resolve(ctx.ui.human());
    let key = keys::queue(&args.queue_name);
    let connector = ctx.connector()?;
    let store = ctx.store()?;
    // The length when the read starts: positions counted from the tail, and what a limited,
    // unfiltered listing leaves out.
    let length: u64 = store.query(redis::cmd("LLEN").arg(&key), &key, KeyType::List)?;
    // An empty list of a name cogworker doesn't know is a typo, not an idle queue.
    if length == 0
        && let Ok(known) = Known::read(store)
        && !known.unknown(store, &[&args.queue_name])?.is_empty()
    {
        anyhow::bail!("{}", known.explain(&[&args.queue_name]));
    }
    let pager = if args.next_first {
        ListPager::from_tail(key)
    } else {
        ListPager::new(key)
    };
    let mut printer = ListPrinter::new(&ctx.ui, COLUMNS);
    let out = &mut ctx.out;
    printer.begin(out)?;
    let mut shown: usize = 0;
    let mut more: u64 = 0;
    let mut read: u64 = 0;
    // What the filter's class, queue and error name, seen on the way: a typo is told.
    let see = filter.jobs().names_values() && filter.jobs().keep_raw().is_none();
    let mut seen = crate::ops::filter::Seen::default();
    'pages: for page in prefetch(pager, connector) {
        let page = page?;
        for raw in &page {
            read += 1;
            let full = limit.is_some_and(|l| shown >= l);
            if full && filter.is_empty() {
                break 'pages;
            }
            if filter.excludes_raw(raw) {
                continue;
            }
            let parsed = Job::parse(raw);
            if see && shown == 0 {
                filter.jobs().see(&mut seen, &parsed);
            }
            if !filter.matches(&parsed) {
                continue;
            }
            if full {
                more += 1;
                continue;
            }
            let position = if args.next_first {
                read
            } else {
                (length + 1).saturating_sub(read).max(1)
            };
            printer.entry(
                out,
                &WaitingEntry::new(&args.queue_name, position, raw, &parsed),
            )?;
            shown += 1;
        }
        printer.page_done(out)?;
        out.flush()?;
    }
    if limit.is_some_and(|l| shown >= l) && filter.is_empty() {
        more = length.saturating_sub(shown as u64);
    }
    printer.end(out, shown, more)?;
    if shown == 0
        && more == 0
        && see
        && let Some(why) = filter
            .jobs()
            .named_nothing(&seen, &keys::queue(&args.queue_name).shown())
    {
        return Err(crate::term::exit::UsageError(why).into());
    }
    if shown == 0 && more == 0 {
        let key = keys::queue(&args.queue_name);
        let held = crate::ops::empty::list(ctx.store()?, &key)?;
        let noun = crate::ops::empty::Noun {
            many: "waiting jobs",
            verb: "was enqueued",
        };
        crate::render::empty::explain(&ctx.ui, &held, &noun, &args.filter, false);
    }
    Ok(Exit::Ok)
}
