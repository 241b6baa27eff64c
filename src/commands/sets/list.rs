//! `retry list`, `dead list`, `scheduled list`: a sorted set read in bounded pages by score,
//! filtered here, printed as it goes. Memory stays flat whatever the size of the set.

use std::borrow::Cow;
use std::io::Write;

use clap::Args;
use serde::Serialize;

use crate::clock::rfc3339;
use crate::commands::Ctx;
use crate::ops::filter::{FilterArgs, JobFilter};
use crate::ops::listing::LimitArgs;
use crate::render::list::{Columns, ListEntry, ListPrinter, Row, trouble};
use crate::render::list::{Payload, Score, payload};
use crate::store::JobSet;
use crate::store::job::{Job, UNPARSEABLE_CLASS, Unparseable};
use crate::store::page::{Order, ZEntry, ZPager};
use crate::term::exit::Exit;

#[derive(Clone, Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub filter: FilterArgs,

    #[command(flatten)]
    pub limit: LimitArgs,

    /// Lowest score first: longest dead, or soonest due
    #[arg(long)]
    pub oldest_first: bool,

    #[command(flatten)]
    pub watch: crate::commands::WatchArgs,
}

/// One entry of a list, the JSON schema of `… list --json/--ndjson` (docs/output.md, "JSON
/// output").
#[derive(Debug, Serialize)]
pub struct SetEntry<'a> {
    pub set: &'static str,
    /// The sorted-set score, exactly as Redis printed it.
    pub score: Score<'a>,
    /// The score as RFC 3339 UTC: when it died / when it is next tried / when it is due.
    pub time: String,
    /// The job's jid; `unparseable-<sha1 prefix>` for a member that isn't a job.
    pub jid: Cow<'a, str>,
    pub class: Option<Cow<'a, str>>,
    pub queue: Option<Cow<'a, str>>,
    pub retry_count: Option<i64>,
    pub max_retries: Option<i64>,
    pub error_class: Option<Cow<'a, str>>,
    pub error_message: Option<Cow<'a, str>>,
    /// Why the member is not a job (absent for jobs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unparseable: Option<&'a str>,
    /// The member as text (invalid UTF-8 shown as U+FFFD), for a member that isn't a job.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub member: Option<Cow<'a, str>>,
    /// The job exactly as stored: the member itself, embedded as a JSON object.
    pub payload: Option<Payload<'a>>,
    #[serde(skip)]
    pub score_value: f64,
}

impl<'a> SetEntry<'a> {
    pub fn new(set: JobSet, entry: &'a ZEntry, parsed: &'a Result<Job<'a>, Unparseable>) -> Self {
        let score = Score(&entry.score.text);
        let time = rfc3339(entry.score.value);
        match parsed {
            Ok(job) => SetEntry {
                set: set.name(),
                score,
                time,
                jid: job.jid.clone().unwrap_or(Cow::Borrowed("")),
                class: job.class.clone(),
                queue: job.queue.clone(),
                retry_count: job.retry_count,
                max_retries: Some(job.max_retries()),
                error_class: job.error_class.clone(),
                error_message: job.error_message.clone(),
                unparseable: None,
                member: None,
                payload: Some(payload(job.as_raw_value())),
                score_value: entry.score.value,
            },
            Err(bad) => SetEntry {
                set: set.name(),
                score,
                time,
                jid: Cow::Borrowed(&bad.display_jid),
                class: Some(Cow::Borrowed(UNPARSEABLE_CLASS)),
                queue: None,
                retry_count: None,
                max_retries: None,
                error_class: None,
                error_message: None,
                unparseable: Some(&bad.reason),
                member: Some(entry.member.lossy()),
                payload: None,
                score_value: entry.score.value,
            },
        }
    }
}

impl ListEntry for SetEntry<'_> {
    fn row(&self) -> Row {
        let retries = match (self.retry_count, self.max_retries) {
            (Some(c), _) => c.to_string(),
            (None, Some(_)) => "0".to_string(),
            (None, None) => "-".to_string(),
        };
        let error = trouble(
            self.unparseable,
            self.member.as_deref(),
            self.error_class.as_deref(),
            self.error_message.as_deref(),
        );
        Row {
            shard: None,
            status: None,
            time: Some(self.score_value),
            position: None,
            jid: self.jid.to_string(),
            class: self.class.as_deref().unwrap_or("-").to_string(),
            queue: self.queue.as_deref().unwrap_or("-").to_string(),
            retries,
            args: None,
            last: error,
            unparseable: self.unparseable.is_some(),
        }
    }
}

/// The columns of a set's list.
pub fn columns(set: JobSet) -> Columns {
    let (time, noun) = match set {
        JobSet::Dead => ("DIED", "dead entries"),
        JobSet::Retry => ("NEXT RETRY", "retry entries"),
        JobSet::Schedule => ("DUE", "scheduled entries"),
    };
    Columns {
        shard: 0,
        status: false,
        time,
        position: false,
        queue: true,
        retries: "RETRIES",
        args: false,
        last: "ERROR",
        noun,
        last_is_error: true,
    }
}

pub fn run(ctx: &mut Ctx, set: JobSet, args: &ListArgs) -> anyhow::Result<Exit> {
    let filter = JobFilter::new(&args.filter, ctx.ui.clock.now);
    let limit = args.limit.resolve(ctx.ui.human());
    let Opened {
        connector,
        pager,
        in_range,
    } = open(ctx, set, args)?;

    let mut printer = ListPrinter::new(&ctx.ui, columns(set));
    let out = &mut ctx.out;
    printer.begin(out)?;
    let mut shown: usize = 0;
    let mut more: u64 = 0;
    // What the filter's class, queue and error name, seen on the way (every entry is read
    // when none matches): a typo is told, not listed as an empty set.
    let see = filter.names_values() && filter.keep_raw().is_none();
    let mut seen = crate::ops::filter::Seen::default();
    'pages: for page in pager.prefetch(connector).only(filter.keep_raw()) {
        let page = page?;
        for entry in &page {
            let full = limit.is_some_and(|l| shown >= l);
            if full && filter.only_range() {
                break 'pages;
            }
            let parsed = entry.member.parse();
            if see && shown == 0 {
                filter.see(&mut seen, &parsed);
            }
            if !filter.matches(&parsed) {
                continue;
            }
            if full {
                more += 1;
                continue;
            }
            printer.entry(out, &SetEntry::new(set, entry, &parsed))?;
            shown += 1;
        }
        printer.page_done(out)?;
        out.flush()?;
    }
    if limit.is_some_and(|l| shown >= l) && filter.only_range() {
        more = in_range.saturating_sub(shown as u64);
    }
    printer.end(out, shown, more)?;
    if shown == 0
        && more == 0
        && let Some(why) = see
            .then(|| filter.named_nothing(&seen, set.key()))
            .flatten()
    {
        return Err(crate::term::exit::UsageError(why).into());
    }
    if shown == 0 && more == 0 {
        let held = crate::ops::empty::zset(ctx.store()?, set.key())?;
        crate::render::empty::explain(&ctx.ui, &held, &noun(set), &args.filter, true);
    }
    Ok(Exit::Ok)
}

/// How a set's entries and their time are named when nothing matched.
pub fn noun(set: JobSet) -> crate::ops::empty::Noun {
    let (many, verb) = match set {
        JobSet::Dead => ("dead entries", "died"),
        JobSet::Retry => ("retry entries", "is due"),
        JobSet::Schedule => ("scheduled entries", "is due"),
    };
    crate::ops::empty::Noun { many, verb }
}

/// One shard's list, opened: where to read it from, its pager fixed at the set's current
/// extreme, and how many entries its score range holds.
pub struct Opened {
    connector: crate::store::connection::Connector,
    pager: ZPager,
    in_range: u64,
}

/// Open `set` (on one Redis, or one shard of a fleet): the reads a list makes first.
pub fn open(ctx: &mut Ctx, set: JobSet, args: &ListArgs) -> anyhow::Result<Opened> {
    let filter = JobFilter::new(&args.filter, ctx.ui.clock.now);
    let order = if args.oldest_first {
        Order::OldestFirst
    } else {
        Order::NewestFirst
    };
    let range = filter.range();
    let mut pager = ZPager::new(set.key(), order, range.clone());
    let connector = ctx.connector()?;
    let store = ctx.store()?;
    pager.snapshot(store)?;
    let in_range = range.count(store, set.key())?;
    Ok(Opened {
        connector,
        pager,
        in_range,
    })
}

/// `… list` across a fleet: every shard's set read in pages at once (two pages in memory a
/// shard at most), merged in time order as `run` orders one set (newest first, or oldest
/// with --oldest-first; a tie goes to the earlier shard of the fleet), each entry naming its
/// shard. A shard that can't be read, or stops being read, is named on stderr and the rest
/// is listed: exit 7.
pub fn run_fleet(
    ctx: &mut Ctx,
    set: JobSet,
    args: &ListArgs,
    opened: Vec<crate::ops::fleet::Shard<Opened>>,
) -> anyhow::Result<Exit> {
    let filter = JobFilter::new(&args.filter, ctx.ui.clock.now);
    let limit = args.limit.resolve(ctx.ui.human());
    let newest_first = !args.oldest_first;
    let mut unread: Vec<(String, String)> = Vec::new();
    let mut in_range: u64 = 0;
    let mut sets = Vec::new();
    let width = opened.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    for (name, shard) in opened {
        match shard {
            Ok(o) => {
                in_range += o.in_range;
                sets.push((name, o.pager.prefetch(o.connector).only(filter.keep_raw())));
            }
            Err(e) => unread.push((name, e)),
        }
    }
    let order = if newest_first {
        Order::NewestFirst
    } else {
        Order::OldestFirst
    };
    let total = sets.len() + unread.len();
    let mut merged = crate::ops::fleet::merged(&ctx.ui, sets, order, &mut unread);
    let mut columns = columns(set);
    columns.shard = width;
    let mut printer = ListPrinter::new(&ctx.ui, columns);
    printer.begin(&mut ctx.out)?;
    let mut shown: usize = 0;
    let mut more: u64 = 0;
    let mut read: usize = 0;
    let see = filter.names_values() && filter.keep_raw().is_none();
    let mut seen = crate::ops::filter::Seen::default();
    while let Some((entry, shard, failed)) = merged.next_entry() {
        if let Some(why) = failed.map(|e| crate::ops::fleet::shown(&e)) {
            crate::ops::fleet::warn_unread(&ctx.ui, shard, &why);
            unread.push((shard.to_string(), why));
        }
        let full = limit.is_some_and(|l| shown >= l);
        if full && filter.only_range() {
            break;
        }
        let parsed = entry.member.parse();
        if see && shown == 0 {
            filter.see(&mut seen, &parsed);
        }
        read += 1;
        if filter.matches(&parsed) {
            if full {
                more += 1;
            } else {
                printer.entry(
                    &mut ctx.out,
                    &crate::render::list::OnShard {
                        shard,
                        entry: SetEntry::new(set, &entry, &parsed),
                    },
                )?;
                shown += 1;
            }
        }
        if read.is_multiple_of(crate::store::page::PAGE) {
            printer.page_done(&mut ctx.out)?;
            ctx.out.flush()?;
        }
    }
    if limit.is_some_and(|l| shown >= l) && filter.only_range() {
        more = in_range.saturating_sub(shown as u64);
    }
    printer.end(&mut ctx.out, shown, more)?;
    if shown == 0
        && more == 0
        && unread.is_empty()
        && let Some(why) = see
            .then(|| filter.named_nothing(&seen, set.key()))
            .flatten()
    {
        return Err(crate::term::exit::UsageError(why).into());
    }
    Ok(crate::ops::fleet::list_exit(unread.len(), total))
}
