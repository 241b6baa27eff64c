//! The console's reader: a thread of its own with its own connection, so that a slow or lost
//! Redis never freezes the keys. The screen asks for what it shows (a page of a list by
//! rank, a job, a process); only the newest read asked for is done, older ones are dropped
//! unread. Changes asked for are never dropped: each runs, in order, and says how it ended.

use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

use clap::Parser;

use crate::ops::Session as Ctx;
use crate::ops::filter::{FilterArgs, JobFilter, WaitingFilter};
use crate::render::console::Field;
use crate::store::job::{Job, Unparseable};
use crate::store::page::{ScoreRange, zentries};
use crate::store::{JobSet, KeyType, Name, Store, StoreError, StoreResult, keys, value};

/// What a list is.
#[derive(Clone, Debug, PartialEq)]
pub enum ListKind {
    Set(JobSet),
    /// A queue's jobs, newest first (as the Web UI shows them).
    Queue(Name),
    /// The jobs a process is running: its in-progress list.
    Running(Name),
    Queues,
    Processes,
    Triage,
    Periodic,
    History,
    Audit,
    /// The findings of the last `incident` read (from the dashboard's data).
    Findings,
}

/// A read the screen asks for.
#[derive(Clone, Debug)]
pub enum Want {
    /// Rows `start..start+count` of a list, in its order, after the filter (the CLI's filter
    /// flags, or a text to search).
    Page {
        kind: ListKind,
        filter: Option<String>,
        start: u64,
        count: u64,
        /// A refresh (or a new filter): what the filter matches is found again where that
        /// is cheap; a step of the cursor reads the rows only.
        fresh: bool,
        /// The entries marked on a set's list (raw members): those no longer in the set are
        /// said in the answer.
        marked: Vec<Vec<u8>>,
    },
    /// The job an entry of a set, a queue or an in-progress list (`raw`, as stored) is: what
    /// `cogctl job` shows of it, wherever it is now.
    Entry { set: Option<JobSet>, raw: Vec<u8> },
    /// A change (or its dry run). Never dropped for a newer request.
    Act { act: super::act::Act, dry_run: bool },
}

pub struct Request {
    /// The screen it is for: answers for another are dropped.
    pub id: u64,
    pub want: Want,
    /// Across a fleet, the shard it reads or changes (None on one Redis).
    pub shard: Option<String>,
}

/// One row: what it stands for (a raw member, a name, an id) and its cells, unescaped.
#[derive(Clone, Debug, Default)]
pub struct Item {
    pub key: Vec<u8>,
    pub score: Option<f64>,
    pub cells: Vec<Field>,
    /// What a row stands for besides its key (a pattern's set).
    pub extra: Option<String>,
    /// Across a fleet, the shard the row is on (the queues and processes).
    pub shard: Option<String>,
}

impl Item {
    /// Cell `i`'s text (none for a time, or past the last cell).
    pub fn text(&self, i: usize) -> Option<&str> {
        self.cells.get(i).and_then(Field::text)
    }

    /// Whether a text filter keeps this row (a list read whole): one of its texts holds
    /// `filter`, in any case.
    pub fn holds(&self, filter: &str) -> bool {
        let filter = filter.to_lowercase();
        self.cells
            .iter()
            .filter_map(|c| match c {
                Field::Text(t) => Some(t.as_str()),
                Field::Timed(t) => Some(t.text.as_str()),
                Field::Ago(_) | Field::Due(_) | Field::Left(_) => None,
            })
            .chain(self.extra.as_deref())
            .any(|t| t.to_lowercase().contains(&filter))
    }
}

pub enum Answer {
    Page {
        id: u64,
        total: u64,
        start: u64,
        items: Vec<Item>,
        /// When `total` was counted, if before this read (a filter's matches on a set too
        /// large to pass over at every refresh).
        counted: Option<f64>,
        /// Lines shown above the rows (a process's state and memory, above its jobs).
        head: Vec<String>,
        /// Of the marked entries asked about, those no longer in the set (taken by a
        /// worker, retried, deleted, or rewritten since they were marked).
        gone: Vec<Vec<u8>>,
    },
    /// The job an entry is, as `cogctl job` reads it.
    Job {
        id: u64,
        report: Box<crate::ops::job::JobReport>,
    },
    Detail {
        id: u64,
        title: String,
        lines: Vec<String>,
    },
    /// How far the change running now has gone.
    Progress(super::act::Step),
    /// How a change (or its dry run) went.
    Acted {
        act: super::act::Act,
        dry_run: bool,
        result: Result<super::act::Done, String>,
        /// The shard it was made on, across a fleet.
        shard: Option<String>,
    },
    Failed {
        id: u64,
        why: String,
        /// Redis itself is out of reach (a banner), not one read refused.
        lost: bool,
    },
}

/// How many members a filtered scan reads per call.
const SCAN_PAGE: u64 = 1000;

/// A pass over a list that took at most this long, or read at most [`SMALL_PASS`] entries, is
/// made again on every refresh.
const QUICK_PASS: Duration = Duration::from_millis(250);
const SMALL_PASS: u64 = 20_000;

/// The entries that match a filter, found by one pass over the set and kept as their ranks
/// (4 bytes each).
struct Matches {
    kind: ListKind,
    filter: String,
    ranks: Vec<u32>,
    /// When the pass was made, how long it took, and how many entries it read.
    at: Instant,
    took: Duration,
    scanned: u64,
    /// When nothing matched and the filter's --class, --queue or --error names nothing in the
    /// list: that, with the nearest values that exist (as the CLI refuses it).
    named_nothing: Option<String>,
}

impl Matches {
    /// One pass over the list, a page at a time.
    fn find(
        store: &mut Store,
        kind: &ListKind,
        text: &str,
        selector: &Selector,
    ) -> StoreResult<Matches> {
        let started = Instant::now();
        let mut ranks = Vec::new();
        let mut at = 0u64;
        let mut seen = crate::ops::filter::Seen::default();
        let named = match selector {
            Selector::Scored(filter) if filter.names_values() && filter.keep_raw().is_none() => {
                Some(filter)
            }
            _ => None,
        };
        loop {
            let page = raw_rows(store, kind, at, SCAN_PAGE)?;
            let n = page.len() as u64;
            for (i, (raw, score)) in page.iter().enumerate() {
                if let Some(filter) = named
                    && ranks.is_empty()
                {
                    filter.see(&mut seen, &Job::parse(raw));
                }
                if selector.selects(raw, *score) {
                    ranks.push((at + i as u64) as u32);
                }
            }
            at += n;
            if n < SCAN_PAGE {
                break;
            }
        }
        let named_nothing = named
            .filter(|_| ranks.is_empty())
            .and_then(|filter| filter.named_nothing(&seen, &list_name(kind)));
        Ok(Matches {
            kind: kind.clone(),
            filter: text.to_string(),
            ranks,
            at: Instant::now(),
            took: started.elapsed(),
            scanned: at,
            named_nothing,
        })
    }
}

/// What a filter selects in a list: entries of a set or History by their member and score
/// (`--since` on the score), jobs waiting on a queue by their member (`--since` on when they
/// reached it).
enum Selector {
    Scored(JobFilter),
    Waiting(WaitingFilter),
}

impl Selector {
    fn new(kind: &ListKind, args: &FilterArgs, now: f64) -> Selector {
        match kind {
            ListKind::Queue(_) | ListKind::Running(_) => {
                Selector::Waiting(WaitingFilter::new(args, now))
            }
            _ => Selector::Scored(JobFilter::new(args, now)),
        }
    }

    fn selects(&self, raw: &[u8], score: f64) -> bool {
        match self {
            Selector::Scored(filter) => filter.selects(raw, score),
            Selector::Waiting(filter) => {
                !filter.excludes_raw(raw) && filter.matches(&Job::parse(raw))
            }
        }
    }
}

pub struct Reader {
    /// The session of the Redis read now: across a fleet, the shard `current` names.
    ctx: Ctx,
    matches: Option<Matches>,
    /// Across a fleet: the shard `ctx` reads, and every other shard's session.
    current: Option<String>,
    parked: Vec<(String, Ctx)>,
}

/// The columns of each list, in the order the reader fills its cells.
pub fn columns(kind: &ListKind) -> Vec<(&'static str, u16)> {
    match kind {
        ListKind::Set(JobSet::Dead) => vec![
            ("DIED", 12),
            ("CLASS", 24),
            ("QUEUE", 12),
            ("JID", 26),
            ("ERROR", 0),
        ],
        ListKind::Set(JobSet::Retry) => vec![
            ("NEXT", 12),
            ("#", 3),
            ("CLASS", 24),
            ("QUEUE", 12),
            ("JID", 26),
            ("ERROR", 0),
        ],
        ListKind::Set(JobSet::Schedule) => vec![
            ("DUE", 12),
            ("CLASS", 24),
            ("QUEUE", 12),
            ("JID", 26),
            ("ARGS", 0),
        ],
        ListKind::Queue(_) | ListKind::Running(_) => {
            vec![("ENQUEUED", 12), ("CLASS", 24), ("JID", 26), ("ARGS", 0)]
        }
        ListKind::Queues => vec![("QUEUE", 0), ("SIZE", 10), ("LATENCY", 10), ("", 8)],
        ListKind::Findings => vec![("", 5), ("KIND", 15), ("SINCE", 12), ("SUMMARY", 0)],
        ListKind::Processes => vec![("IDENTITY", 0), ("STATE", 8), ("BUSY", 8), ("RSS", 10)],
        ListKind::Triage => vec![
            ("SET", 6),
            ("COUNT", 9),
            ("ID", 9),
            ("LAST", 12),
            ("PATTERN", 0),
        ],
        ListKind::Periodic => vec![
            ("PJID", 18),
            ("CLASS", 24),
            ("CRON", 16),
            ("STATE", 9),
            ("NEXT", 0),
        ],
        ListKind::History => vec![
            ("FINISHED", 12),
            ("STATUS", 8),
            ("TOOK", 8),
            ("CLASS", 24),
            ("QUEUE", 12),
            ("JID", 25),
            ("ERROR", 0),
        ],
        ListKind::Audit => vec![
            ("WHEN", 12),
            ("COMMAND", 26),
            ("DONE", 6),
            ("UNDO", 20),
            ("ID", 26),
            ("WHO", 0),
        ],
    }
}

/// A list's filter as the CLI's flags: `--class A --since 1h`, or a text to search for.
pub fn parse_filter(text: &str) -> Result<FilterArgs, String> {
    #[derive(Parser)]
    #[command(no_binary_name = true, disable_help_flag = true)]
    struct Filters {
        #[command(flatten)]
        filter: FilterArgs,
    }
    let text = text.trim();
    let words = if text.starts_with("--") {
        shell_words::split(text).map_err(|e| format!("can't read the filter: {e}"))?
    } else {
        vec!["--search".to_string(), text.to_string()]
    };
    Filters::try_parse_from(words)
        .map(|f| f.filter)
        .map_err(|e| crate::text::one_line(e.to_string().trim_start_matches("error: ")))
}

impl Reader {
    pub fn new(ctx: Ctx) -> Reader {
        Reader {
            ctx,
            matches: None,
            current: None,
            parked: Vec::new(),
        }
    }

    /// A reader of a fleet's shards, each on its session (`shards`, in the fleet's order);
    /// each request names the shard it is for.
    pub fn fleet(mut shards: Vec<(String, Ctx)>) -> Option<Reader> {
        if shards.is_empty() {
            return None;
        }
        let (name, ctx) = shards.remove(0);
        Some(Reader {
            ctx,
            matches: None,
            current: Some(name),
            parked: shards,
        })
    }

    /// Read `shard` from now on (across a fleet; on one Redis there is nothing to choose).
    fn route(&mut self, shard: Option<&str>) -> Result<(), String> {
        let Some(current) = &self.current else {
            return Ok(());
        };
        let Some(shard) = shard else {
            return Err(format!(
                "this reads one shard of the fleet: narrow to it with :shard NAME, or open it \
                 from a row of that shard (the shard now: {current})"
            ));
        };
        if shard == current {
            return Ok(());
        }
        let Some(at) = self.parked.iter().position(|(name, _)| name == shard) else {
            return Err(format!(
                "the fleet has no shard {}",
                crate::text::visible(shard)
            ));
        };
        let (name, ctx) = self.parked.swap_remove(at);
        let old = std::mem::replace(&mut self.ctx, ctx);
        let old_name = self.current.replace(name).unwrap_or_default();
        self.parked.push((old_name, old));
        self.matches = None;
        Ok(())
    }

    /// Answer requests until the screen goes away.
    pub fn run(mut self, requests: &Receiver<Request>, answers: &Sender<Answer>) {
        while let Ok(first) = requests.recv() {
            // Changes all run, in order; of the reads only the newest matters: the screen
            // has moved on from the others.
            let mut newest = None;
            for request in std::iter::once(first).chain(requests.try_iter()) {
                if let Want::Act { act, dry_run } = request.want {
                    let shard = request.shard;
                    if answers
                        .send(self.act(act, dry_run, shard, answers))
                        .is_err()
                    {
                        return;
                    }
                } else {
                    newest = Some(request);
                }
            }
            if let Some(request) = newest
                && answers.send(self.answer(request, answers)).is_err()
            {
                return;
            }
        }
    }

    /// A change (or its dry run), its progress told to the screen as it goes.
    fn act(
        &mut self,
        act: super::act::Act,
        dry_run: bool,
        shard: Option<String>,
        answers: &Sender<Answer>,
    ) -> Answer {
        if let Err(why) = self.route(shard.as_deref()) {
            return Answer::Acted {
                act,
                dry_run,
                result: Err(why),
                shard,
            };
        }
        self.ctx.ui.clock.tick();
        let tell = |step| {
            let _ = answers.send(Answer::Progress(step));
        };
        let result = super::act::run(&mut self.ctx, &act, dry_run, &tell)
            .map_err(|e| crate::text::one_line(&format!("{e:#}")));
        if result.as_ref().is_err_and(|e| e.contains("reach")) {
            self.ctx.disconnect();
        }
        self.matches = None;
        Answer::Acted {
            act,
            dry_run,
            result,
            shard,
        }
    }

    fn answer(&mut self, request: Request, answers: &Sender<Answer>) -> Answer {
        let id = request.id;
        if let Err(why) = self.route(request.shard.as_deref()) {
            return Answer::Failed {
                id,
                why,
                lost: false,
            };
        }
        self.ctx.ui.clock.tick();
        let result = match request.want {
            Want::Page {
                kind,
                filter,
                start,
                count,
                fresh,
                marked,
            } => self
                .page(&kind, filter.as_deref(), start, count, fresh)
                .and_then(|(total, items, counted)| {
                    let gone = match &kind {
                        ListKind::Set(set) if !marked.is_empty() => {
                            gone_from(self.store()?, set.key(), marked)?
                        }
                        _ => Vec::new(),
                    };
                    let mut head = match &kind {
                        ListKind::Running(identity) => self.process(identity)?,
                        _ => Vec::new(),
                    };
                    // A filter naming nothing in the list: said above the (empty) rows.
                    if let (Some(m), Some(text)) = (&self.matches, &filter)
                        && m.kind == kind
                        && m.filter == *text
                        && let Some(why) = &m.named_nothing
                    {
                        head.push(why.clone());
                    }
                    Ok(Answer::Page {
                        id,
                        total,
                        start,
                        items,
                        counted,
                        head,
                        gone,
                    })
                }),
            Want::Entry { set, raw } => self.entry(set, &raw).map(|read| match read {
                Ok(report) => Answer::Job { id, report },
                Err((title, lines)) => Answer::Detail { id, title, lines },
            }),
            Want::Act { act, dry_run } => {
                return self.act(act, dry_run, request.shard, answers);
            }
        };
        result.unwrap_or_else(|e| {
            let lost = e
                .downcast_ref::<StoreError>()
                .is_some_and(StoreError::is_connection);
            if lost {
                self.ctx.disconnect();
            }
            Answer::Failed {
                id,
                why: crate::text::one_line(&format!("{e:#}")),
                lost,
            }
        })
    }

    fn store(&mut self) -> StoreResult<&mut Store> {
        self.ctx.store()
    }

    fn now(&self) -> f64 {
        self.ctx.ui.clock.current()
    }

    /// Rows `start..start + count` of a list after its filter: the total, the rows, and when
    /// the total was counted if before this read.
    fn page(
        &mut self,
        kind: &ListKind,
        filter: Option<&str>,
        start: u64,
        count: u64,
        fresh: bool,
    ) -> anyhow::Result<(u64, Vec<Item>, Option<f64>)> {
        let now = self.now();
        if let (
            Some(text),
            ListKind::Set(_) | ListKind::Queue(_) | ListKind::Running(_) | ListKind::History,
        ) = (filter, kind)
        {
            return self.filtered_page(kind, text, start, count, fresh);
        }
        let (total, items) = match kind {
            ListKind::Set(set) => {
                let key = set.key();
                let store = self.store()?;
                let total: u64 = store.query(redis::cmd("ZCARD").arg(key), key, KeyType::Zset)?;
                (total, rows(store, kind, start, count)?)
            }
            ListKind::Queue(_) | ListKind::Running(_) => {
                let key = list_key(kind);
                let store = self.store()?;
                let total: u64 = store.query(redis::cmd("LLEN").arg(&key), &key, KeyType::List)?;
                (total, rows(store, kind, start, count)?)
            }
            ListKind::History => {
                let key = keys::HISTORY_ALL;
                let store = self.store()?;
                let total: u64 = store.query(redis::cmd("ZCARD").arg(key), key, KeyType::Zset)?;
                (total, rows(store, kind, start, count)?)
            }
            ListKind::Audit => {
                let store = self.store()?;
                let total: u64 = store.query(
                    redis::cmd("XLEN").arg(keys::AUDIT),
                    keys::AUDIT,
                    KeyType::String,
                )?;
                // A stream is read by id, not rank: the newest `start + count` are read and
                // the first `start` dropped (the audit trail is capped, so this stays small).
                let read = (start + count).min(total.max(1)) as usize;
                let entries = crate::ops::audit::page(store, None, read)?;
                let items: Vec<Item> = entries.into_iter().map(audit_item).collect();
                return Ok(whole(items, filter, start, count));
            }
            ListKind::Triage => {
                let items = self.triage(filter)?;
                return Ok(whole(items, None, start, count));
            }
            ListKind::Periodic => {
                let items = self.periodic(now)?;
                return Ok(whole(items, filter, start, count));
            }
            // Read by the dashboard's sampler; the screen fills these itself.
            ListKind::Queues | ListKind::Processes | ListKind::Findings => (0, Vec::new()),
        };
        Ok((total, items, None))
    }

    /// A page of the entries (of a set, a queue or History) the filter selects. On a set,
    /// a score range alone (`--since`, `--until`) is counted and read by Redis. Anything else
    /// is found by a pass over the list, a page at a time, keeping the ranks of the matches
    /// (4 bytes each): again on every refresh (`fresh`) while a pass is quick, else once it
    /// is older than ten passes took. Every row read is checked against the filter: one that
    /// no longer matches (the list changed under the ranks) makes a new pass at once, so that
    /// a row on screen always matches what the title names.
    fn filtered_page(
        &mut self,
        kind: &ListKind,
        text: &str,
        start: u64,
        count: u64,
        fresh: bool,
    ) -> anyhow::Result<(u64, Vec<Item>, Option<f64>)> {
        let args = parse_filter(text).map_err(anyhow::Error::msg)?;
        let selector = Selector::new(kind, &args, self.now());
        if let (ListKind::Set(set), Selector::Scored(filter)) = (kind, &selector)
            && filter.only_range()
        {
            let (key, bounds) = (set.key(), filter.range());
            let store = self.store()?;
            let total = bounds.count(store, key)?;
            let reply =
                store.query_range(&by_score(*set, &bounds, start, count), key, KeyType::Zset)?;
            let items = zentries(reply)
                .into_iter()
                .map(|e| set_item(*set, e.member.raw, e.score.value))
                .collect();
            return Ok((total, items, None));
        }
        let same = |m: &Matches| &m.kind == kind && m.filter == text;
        let stale = |m: &Matches| {
            fresh
                && (m.scanned <= SMALL_PASS
                    || m.took <= QUICK_PASS
                    || m.at.elapsed() >= m.took * 10)
        };
        for pass in 0..2 {
            let mut passed = false;
            if pass == 1 || !self.matches.as_ref().is_some_and(|m| same(m) && !stale(m)) {
                let found = Matches::find(self.ctx.store()?, kind, text, &selector)?;
                self.matches = Some(found);
                passed = true;
            }
            let Some(matches) = &self.matches else {
                break;
            };
            let ranks: Vec<u64> = matches
                .ranks
                .iter()
                .skip(start as usize)
                .take(count as usize)
                .map(|&r| u64::from(r))
                .collect();
            let total = matches.ranks.len() as u64;
            // A count from an earlier pass says when it was made.
            let counted = (!passed).then(|| self.now() - matches.at.elapsed().as_secs_f64());
            let read = rows_at(self.ctx.store()?, kind, &ranks)?;
            let all_match = read.len() == ranks.len()
                && read.iter().all(|r| {
                    r.as_ref()
                        .is_some_and(|(raw, score)| selector.selects(raw, *score))
                });
            if all_match || pass == 1 {
                // After a new pass, a row that changed in between is left out rather than
                // shown: the next refresh finds the list as it is then.
                let items = read
                    .into_iter()
                    .flatten()
                    .filter(|(raw, score)| selector.selects(raw, *score))
                    .map(|(raw, score)| item(kind, raw, score))
                    .collect();
                return Ok((total, items, counted));
            }
        }
        Ok((0, Vec::new(), None))
    }

    /// The failure patterns of retry and dead, as `triage` groups them (after the CLI's
    /// filter flags, or a text to search the entries for).
    fn triage(&mut self, filter: Option<&str>) -> anyhow::Result<Vec<Item>> {
        use crate::ops::triage::{Dimension, TriageArgs, group as run};
        let filter = match filter {
            Some(text) => parse_filter(text).map_err(anyhow::Error::msg)?,
            None => no_filter(),
        };
        let mut items = Vec::new();
        for set in [JobSet::Retry, JobSet::Dead] {
            let args = TriageArgs {
                filter: filter.clone(),
                by: vec![Dimension::Fingerprint],
                from_history: false,
                limit: None,
                max_groups: 1000,
            };
            let report = run(&mut self.ctx, set, &args)?;
            for g in report.groups {
                let line = match (&g.error_class, &g.pattern) {
                    (Some(c), Some(p)) if !p.is_empty() => format!("{c}: {p}"),
                    (Some(c), _) => c.clone(),
                    (None, Some(p)) => p.clone(),
                    (None, None) => String::new(),
                };
                items.push(Item {
                    key: g.fingerprint.clone().unwrap_or_default().into_bytes(),
                    score: Some(g.last_seen),
                    cells: vec![
                        set.name().into(),
                        crate::text::size::count(g.count).into(),
                        g.fingerprint.clone().unwrap_or_default().into(),
                        Field::Ago(g.last_seen),
                        line.into(),
                    ],
                    extra: Some(set.name().to_string()),
                    shard: None,
                });
            }
        }
        Ok(items)
    }

    fn periodic(&mut self, now: f64) -> anyhow::Result<Vec<Item>> {
        let report = crate::ops::periodic::list(self.ctx.store()?, now, &None, None)?;
        let items = report
            .entries
            .into_iter()
            .map(|p| {
                let json = serde_json::to_string_pretty(&p).unwrap_or_default();
                Item {
                    key: p.pjid.as_bytes().to_vec(),
                    score: p.next_run,
                    cells: vec![
                        p.pjid.shown().into_owned().into(),
                        p.class.clone().unwrap_or_else(|| "?".into()).into(),
                        p.cron.clone().unwrap_or_default().into(),
                        if p.enabled { "enabled" } else { "disabled" }.into(),
                        match (&p.error, p.next_run) {
                            (Some(e), _) => e.clone().into(),
                            (None, Some(t)) => Field::Due(t),
                            (None, None) => "-".into(),
                        },
                    ],
                    extra: Some(json),
                    shard: None,
                }
            })
            .collect();
        Ok(items)
    }

    /// The job `raw` is, as `cogctl job` reads it (where it is now, its attempts, its runs,
    /// its payload); a member that isn't a job, as stored, with why.
    #[allow(clippy::type_complexity)]
    fn entry(
        &mut self,
        set: Option<JobSet>,
        raw: &[u8],
    ) -> anyhow::Result<Result<Box<crate::ops::job::JobReport>, (String, Vec<String>)>> {
        let parsed = Job::parse(raw);
        let jid = match &parsed {
            Ok(job) => job.jid.as_deref().map(str::to_string),
            Err(_) => None,
        };
        let Some(jid) = jid else {
            let title = display_jid(&parsed);
            let why = match &parsed {
                Err(bad) => format!("not a job: {}", bad.reason),
                Ok(_) => "a job without a jid: it can only be shown as stored".into(),
            };
            let lines = vec![
                why,
                String::new(),
                "as stored:".into(),
                String::from_utf8_lossy(raw).into_owned(),
            ];
            return Ok(Err((title, lines)));
        };
        let clock = self.ctx.ui.clock;
        let pinned = clock.pinned.then_some(clock.now);
        let report = crate::ops::job::read(self.store()?, &jid, set, false, pinned)?;
        Ok(Ok(Box::new(report)))
    }

    /// A process's state and memory, above the jobs it runs.
    fn process(&mut self, identity: &Name) -> anyhow::Result<Vec<String>> {
        let now = self.now();
        let store = self.store()?;
        // This process alone: a refresh of its running jobs reads no other.
        let mut problems = Vec::new();
        let processes = crate::ops::procs::read_these(
            store,
            std::slice::from_ref(identity),
            now,
            true,
            &mut problems,
        )?;
        let mut lines = Vec::new();
        for p in &processes {
            lines.push(format!(
                "state: {}   busy: {}/{}   rss: {}",
                p.state.name(),
                p.busy.map_or("?".into(), |n| n.to_string()),
                p.concurrency.map_or("?".into(), |n| n.to_string()),
                p.rss_kb.map_or("?".into(), crate::text::size::kb)
            ));
            if let Some(m) = &p.memory {
                let series: Vec<Option<i64>> = m.slots.iter().map(|s| s.kb).collect();
                let top = series.iter().flatten().max().copied().unwrap_or(0);
                lines.push(format!(
                    "memory, last 24 h in 15 min slots (peak {}): {}",
                    crate::text::size::kb(top),
                    crate::render::spark::draw(&series, 96)
                ));
            }
        }
        Ok(lines)
    }
}

/// No filter at all (the CLI's flags, none given).
/// Which of `members` are no longer in the sorted set `key`: ZMSCORE, a bounded number at a
/// time (the marks are the operator's, few, but never assumed so).
fn gone_from(store: &mut Store, key: &str, members: Vec<Vec<u8>>) -> StoreResult<Vec<Vec<u8>>> {
    let mut gone = Vec::new();
    for chunk in members.chunks(MARKS_PER_CALL) {
        let mut cmd = redis::cmd("ZMSCORE");
        cmd.arg(key);
        for m in chunk {
            cmd.arg(m.as_slice());
        }
        let scores: Vec<Option<f64>> = store.query(&cmd, key, KeyType::Zset)?;
        gone.extend(
            chunk
                .iter()
                .zip(scores)
                .filter(|(_, score)| score.is_none())
                .map(|(m, _)| m.clone()),
        );
    }
    Ok(gone)
}

/// Marked members a ZMSCORE asks about at once.
const MARKS_PER_CALL: usize = 500;

fn no_filter() -> FilterArgs {
    FilterArgs {
        class: Vec::new(),
        queue: Vec::new(),
        error: None,
        jid: Vec::new(),
        since: None,
        until: None,
        min_retries: None,
        search: None,
        args: None,
        fingerprint: Vec::new(),
    }
}

/// Dead is shown newest first; retry and scheduled soonest first.
fn newest_first(set: JobSet) -> bool {
    set == JobSet::Dead
}

fn range_cmd(set: JobSet, start: u64, count: u64) -> redis::Cmd {
    let mut cmd = redis::cmd(if newest_first(set) {
        "ZREVRANGE"
    } else {
        "ZRANGE"
    });
    cmd.arg(set.key())
        .arg(start)
        .arg(start + count.max(1) - 1)
        .arg("WITHSCORES");
    cmd
}

fn by_score(set: JobSet, bounds: &ScoreRange, start: u64, count: u64) -> redis::Cmd {
    let mut cmd = if newest_first(set) {
        let mut c = redis::cmd("ZREVRANGEBYSCORE");
        c.arg(set.key()).arg(&bounds.max).arg(&bounds.min);
        c
    } else {
        let mut c = redis::cmd("ZRANGEBYSCORE");
        c.arg(set.key()).arg(&bounds.min).arg(&bounds.max);
        c
    };
    cmd.arg("WITHSCORES").arg("LIMIT").arg(start).arg(count);
    cmd
}

/// Rows `start..start + count` of a list (a set, a queue, History) in its order, as stored:
/// each member with its score (none on a queue).
fn raw_rows(
    store: &mut Store,
    kind: &ListKind,
    start: u64,
    count: u64,
) -> StoreResult<Vec<(Vec<u8>, f64)>> {
    let last = start + count.max(1) - 1;
    match kind {
        ListKind::Set(set) => {
            let reply =
                store.query_range(&range_cmd(*set, start, count), set.key(), KeyType::Zset)?;
            Ok(zentries(reply)
                .into_iter()
                .map(|e| (e.member.raw, e.score.value))
                .collect())
        }
        ListKind::Queue(_) | ListKind::Running(_) => {
            let key = list_key(kind);
            let reply = store.query_range(
                redis::cmd("LRANGE").arg(&key).arg(start).arg(last),
                &key,
                KeyType::List,
            )?;
            Ok(value::items(&reply)
                .iter()
                .filter_map(value::bytes)
                .map(|raw| (raw.to_vec(), f64::NAN))
                .collect())
        }
        ListKind::History => {
            let key = keys::HISTORY_ALL;
            let reply = store.query_range(
                redis::cmd("ZREVRANGE")
                    .arg(key)
                    .arg(start)
                    .arg(last)
                    .arg("WITHSCORES"),
                key,
                KeyType::Zset,
            )?;
            Ok(zentries(reply)
                .into_iter()
                .map(|e| (e.member.raw, e.score.value))
                .collect())
        }
        _ => Ok(Vec::new()),
    }
}

/// The Redis list a list of jobs reads.
/// The key a list reads, as a filter's refusal names it.
fn list_name(kind: &ListKind) -> String {
    match kind {
        ListKind::Set(set) => set.key().to_string(),
        ListKind::History => keys::HISTORY_ALL.to_string(),
        _ => list_key(kind).shown().into_owned(),
    }
}

fn list_key(kind: &ListKind) -> Name {
    match kind {
        ListKind::Running(identity) => keys::inprogress(identity),
        ListKind::Queue(name) => keys::queue(name),
        _ => Name::from(""),
    }
}

/// Rows of a list as the screen shows them.
fn rows(store: &mut Store, kind: &ListKind, start: u64, count: u64) -> StoreResult<Vec<Item>> {
    Ok(raw_rows(store, kind, start, count)?
        .into_iter()
        .map(|(raw, score)| item(kind, raw, score))
        .collect())
}

/// A member as stored, and its score.
type Stored = (Vec<u8>, f64);

/// The rows at these ranks, each as stored now (`None` past the end): a run of ranks that
/// follow each other is one read.
fn rows_at(store: &mut Store, kind: &ListKind, ranks: &[u64]) -> StoreResult<Vec<Option<Stored>>> {
    let mut out = Vec::with_capacity(ranks.len());
    let mut i = 0;
    while i < ranks.len() {
        let mut j = i + 1;
        while j < ranks.len() && ranks[j] == ranks[j - 1] + 1 {
            j += 1;
        }
        let read = raw_rows(store, kind, ranks[i], (j - i) as u64)?;
        let n = read.len();
        out.extend(read.into_iter().map(Some));
        out.extend(std::iter::repeat_n(None, (j - i).saturating_sub(n)));
        i = j;
    }
    Ok(out)
}

/// One row of a list, by its kind.
fn item(kind: &ListKind, raw: Vec<u8>, score: f64) -> Item {
    match kind {
        ListKind::Set(set) => set_item(*set, raw, score),
        ListKind::History => history_item(&raw, score),
        _ => queue_item(&raw),
    }
}

/// A list read whole (audit, periodic, triage): the rows a text filter keeps, from `start`
/// on.
fn whole(
    items: Vec<Item>,
    filter: Option<&str>,
    start: u64,
    count: u64,
) -> (u64, Vec<Item>, Option<f64>) {
    let kept: Vec<Item> = match filter.map(str::trim).filter(|f| !f.is_empty()) {
        Some(f) => items.into_iter().filter(|i| i.holds(f)).collect(),
        None => items,
    };
    let total = kept.len() as u64;
    let page = kept
        .into_iter()
        .skip(start as usize)
        .take(count as usize)
        .collect();
    (total, page, None)
}

fn set_item(set: JobSet, raw: Vec<u8>, score: f64) -> Item {
    let parsed = Job::parse(&raw);
    let jid = display_jid(&parsed);
    let (class, queue, error, args, retries) = match &parsed {
        Ok(job) => (
            job.class.as_deref().unwrap_or("?").to_string(),
            job.queue.as_deref().unwrap_or("?").to_string(),
            job.error_line().unwrap_or_default(),
            job.args.map(|a| a.get().to_string()).unwrap_or_default(),
            job.retry_count.unwrap_or(0).to_string(),
        ),
        Err(bad) => (
            crate::store::job::UNPARSEABLE_CLASS.to_string(),
            "?".into(),
            bad.reason.clone(),
            String::new(),
            "?".into(),
        ),
    };
    let (class, queue, jid) = (Field::Text(class), Field::Text(queue), Field::Text(jid));
    let cells = match set {
        JobSet::Dead => vec![Field::Ago(score), class, queue, jid, error.into()],
        JobSet::Retry => vec![
            Field::Due(score),
            retries.into(),
            class,
            queue,
            jid,
            error.into(),
        ],
        JobSet::Schedule => vec![Field::Due(score), class, queue, jid, args.into()],
    };
    drop(parsed);
    Item {
        key: raw,
        score: Some(score),
        cells,
        extra: None,
        shard: None,
    }
}

fn queue_item(raw: &[u8]) -> Item {
    let parsed = Job::parse(raw);
    let jid = display_jid(&parsed);
    let cells = match &parsed {
        Ok(job) => vec![
            job.enqueued_at().map_or("?".into(), Field::Ago),
            job.class.as_deref().unwrap_or("?").into(),
            jid.into(),
            job.args
                .map(|a| a.get().to_string())
                .unwrap_or_default()
                .into(),
        ],
        Err(bad) => vec![
            "?".into(),
            crate::store::job::UNPARSEABLE_CLASS.into(),
            jid.into(),
            bad.reason.clone().into(),
        ],
    };
    Item {
        key: raw.to_vec(),
        score: None,
        cells,
        extra: None,
        shard: None,
    }
}

fn history_item(raw: &[u8], score: f64) -> Item {
    let cells = match crate::ops::history::parse_run(raw) {
        Ok(run) => {
            let error = match (&run.error_class, &run.error_message) {
                (Some(c), Some(m)) => format!("{c}: {m}"),
                (Some(c), None) => c.to_string(),
                (None, Some(m)) => m.to_string(),
                (None, None) => String::new(),
            };
            vec![
                Field::Ago(score),
                run.status.as_deref().unwrap_or("?").into(),
                run.duration()
                    .map_or("?".into(), crate::duration::span)
                    .into(),
                run.class.as_deref().unwrap_or("?").into(),
                run.queue.as_deref().unwrap_or("?").into(),
                run.jid.as_deref().unwrap_or("?").into(),
                error.into(),
            ]
        }
        Err(why) => vec![
            Field::Ago(score),
            "?".into(),
            "?".into(),
            crate::store::job::UNPARSEABLE_CLASS.into(),
            "?".into(),
            "?".into(),
            why.into(),
        ],
    };
    Item {
        key: raw.to_vec(),
        score: Some(score),
        cells,
        extra: None,
        shard: None,
    }
}

/// An audit entry as `cogctl audit` words it: when, the command, what it did, what became of
/// it (undo), the id to act on, who.
fn audit_item(entry: crate::ops::audit::AuditEntry) -> Item {
    use crate::ops::audit::Undo;
    let get = |f: &str| entry.get(f).unwrap_or("").to_string();
    let command = match get("phase").as_str() {
        "begin" => format!("{} (begin)", get("command")),
        _ => get("command"),
    };
    let undo = match entry.undo() {
        Undo::Open(Some(until)) => Field::Left(until),
        other => crate::render::audit::undo_cell(&other, 0.0).0.into(),
    };
    let cells = vec![
        entry.time().map_or_else(|| get("time").into(), Field::Ago),
        command.into(),
        get("done").into(),
        undo,
        entry.change_id().into(),
        format!("{} {}", get("user"), get("context")).into(),
    ];
    let mut detail: Vec<String> = entry
        .fields
        .iter()
        .map(|(k, v)| format!("{k}: {v}"))
        .collect();
    if let Some(outcome) = &entry.undo_outcome {
        detail.push(format!("undone: {outcome}"));
    }
    Item {
        key: entry.id.clone().into_bytes(),
        score: None,
        cells,
        extra: Some(detail.join("\n")),
        shard: None,
    }
}

/// The jid of a row: as stored, or the display jid of a member that isn't a job.
fn display_jid(parsed: &Result<Job<'_>, Unparseable>) -> String {
    match parsed {
        Ok(job) => job.jid.as_deref().unwrap_or("?").to_string(),
        Err(bad) => bad.display_jid.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filter_is_the_clis_flags_or_a_search() {
        let f = parse_filter("--class Mailer --since 1h").unwrap();
        assert_eq!(f.class, vec!["Mailer".to_string()]);
        assert!(f.since.is_some());
        let f = parse_filter("timeout").unwrap();
        assert_eq!(f.search.unwrap().text, "timeout");
        assert!(parse_filter("--nope").is_err());
        assert!(parse_filter("--fingerprint zz").is_err());
    }
}
