//! The console's reader: a thread of its own with its own connection, so that a slow or lost
//! Redis never freezes the keys. The screen asks for what it shows (a page of a list by
//! rank, a job, a process); only the newest read asked for is done, older ones are dropped
//! unread. Changes asked for are never dropped: each runs, in order, and says how it ended.

use std::sync::mpsc::{Receiver, Sender};

use clap::Parser;

use crate::ops::Session as Ctx;
use crate::ops::filter::{FilterArgs, JobFilter};
use crate::store::job::{Job, Unparseable};
use crate::store::page::{ScoreRange, zentries};
use crate::store::{JobSet, KeyType, Name, Store, StoreError, StoreResult, keys, value};

/// What a list is.
#[derive(Clone, Debug, PartialEq)]
pub enum ListKind {
    Set(JobSet),
    /// A queue's jobs, newest first (as the Web UI shows them).
    Queue(Name),
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
    },
    /// One entry of a set or queue, as stored (`raw`).
    Entry {
        key: Name,
        set: Option<JobSet>,
        raw: Vec<u8>,
    },
    /// A process: its running jobs and memory.
    Process(Name),
    /// A change (or its dry run). Never dropped for a newer request.
    Act { act: super::act::Act, dry_run: bool },
}

pub struct Request {
    /// The screen it is for: answers for another are dropped.
    pub id: u64,
    pub want: Want,
}

/// One row: what it stands for (a raw member, a name, an id) and its cells, unescaped.
#[derive(Clone, Debug, Default)]
pub struct Item {
    pub key: Vec<u8>,
    pub score: Option<f64>,
    pub cells: Vec<String>,
    /// What a row stands for besides its key (a pattern's set).
    pub extra: Option<String>,
}

pub enum Answer {
    Page {
        id: u64,
        total: u64,
        start: u64,
        items: Vec<Item>,
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

/// The entries that match a filter, found once and kept as their ranks (4 bytes each).
struct Matches {
    kind: ListKind,
    filter: String,
    ranks: Vec<u32>,
}

pub struct Reader {
    ctx: Ctx,
    matches: Option<Matches>,
}

/// The columns of each list, in the order the reader fills its cells.
pub fn columns(kind: &ListKind) -> Vec<(&'static str, u16)> {
    match kind {
        ListKind::Set(JobSet::Dead) => vec![
            ("DIED", 10),
            ("CLASS", 24),
            ("QUEUE", 12),
            ("JID", 26),
            ("ERROR", 0),
        ],
        ListKind::Set(JobSet::Retry) => vec![
            ("NEXT", 10),
            ("#", 3),
            ("CLASS", 24),
            ("QUEUE", 12),
            ("JID", 26),
            ("ERROR", 0),
        ],
        ListKind::Set(JobSet::Schedule) => vec![
            ("DUE", 10),
            ("CLASS", 24),
            ("QUEUE", 12),
            ("JID", 26),
            ("ARGS", 0),
        ],
        ListKind::Queue(_) => vec![("ENQUEUED", 10), ("CLASS", 24), ("JID", 26), ("ARGS", 0)],
        ListKind::Queues => vec![("QUEUE", 0), ("SIZE", 10), ("LATENCY", 10), ("", 8)],
        ListKind::Findings => vec![("", 5), ("KIND", 15), ("SINCE", 10), ("SUMMARY", 0)],
        ListKind::Processes => vec![("IDENTITY", 0), ("STATE", 8), ("BUSY", 8), ("RSS", 10)],
        ListKind::Triage => vec![
            ("SET", 6),
            ("COUNT", 9),
            ("ID", 9),
            ("LAST", 10),
            ("PATTERN", 0),
        ],
        ListKind::Periodic => vec![
            ("PJID", 14),
            ("CLASS", 24),
            ("CRON", 16),
            ("STATE", 9),
            ("NEXT", 0),
        ],
        ListKind::History => vec![
            ("FINISHED", 10),
            ("STATUS", 8),
            ("CLASS", 24),
            ("QUEUE", 12),
            ("JID", 0),
        ],
        ListKind::Audit => vec![
            ("WHEN", 20),
            ("COMMAND", 22),
            ("PHASE", 6),
            ("DONE", 6),
            ("UNDO", 27),
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
        Reader { ctx, matches: None }
    }

    /// Answer requests until the screen goes away.
    pub fn run(mut self, requests: &Receiver<Request>, answers: &Sender<Answer>) {
        while let Ok(first) = requests.recv() {
            // Changes all run, in order; of the reads only the newest matters: the screen
            // has moved on from the others.
            let mut newest = None;
            for request in std::iter::once(first).chain(requests.try_iter()) {
                if let Want::Act { act, dry_run } = request.want {
                    if answers.send(self.act(act, dry_run, answers)).is_err() {
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
    fn act(&mut self, act: super::act::Act, dry_run: bool, answers: &Sender<Answer>) -> Answer {
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
        }
    }

    fn answer(&mut self, request: Request, answers: &Sender<Answer>) -> Answer {
        let id = request.id;
        let result = match request.want {
            Want::Page {
                kind,
                filter,
                start,
                count,
            } => self
                .page(&kind, filter.as_deref(), start, count)
                .map(|(total, items)| Answer::Page {
                    id,
                    total,
                    start,
                    items,
                }),
            Want::Entry { key, set, raw } => self
                .entry(&key, set, &raw)
                .map(|(title, lines)| Answer::Detail { id, title, lines }),
            Want::Act { act, dry_run } => return self.act(act, dry_run, answers),
            Want::Process(identity) => self
                .process(&identity)
                .map(|(title, lines)| Answer::Detail { id, title, lines }),
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

    fn page(
        &mut self,
        kind: &ListKind,
        filter: Option<&str>,
        start: u64,
        count: u64,
    ) -> anyhow::Result<(u64, Vec<Item>)> {
        let now = self.now();
        match kind {
            ListKind::Set(set) => match filter {
                None => self.set_page(*set, start, count, now),
                Some(text) => self.filtered_page(kind, *set, text, start, count, now),
            },
            ListKind::Queue(name) => {
                let key = keys::queue(name);
                let store = self.store()?;
                let total: u64 = store.query(redis::cmd("LLEN").arg(&key), &key, KeyType::List)?;
                let reply = store.query_range(
                    redis::cmd("LRANGE")
                        .arg(&key)
                        .arg(start)
                        .arg(start + count.max(1) - 1),
                    &key,
                    KeyType::List,
                )?;
                let items = value::items(&reply)
                    .iter()
                    .filter_map(value::bytes)
                    .map(|raw| queue_item(raw, now))
                    .collect();
                Ok((total, items))
            }
            ListKind::History => {
                let key = keys::HISTORY_ALL;
                let store = self.store()?;
                let total: u64 = store.query(redis::cmd("ZCARD").arg(key), key, KeyType::Zset)?;
                let reply = store.query_range(
                    redis::cmd("ZREVRANGE")
                        .arg(key)
                        .arg(start)
                        .arg(start + count.max(1) - 1)
                        .arg("WITHSCORES"),
                    key,
                    KeyType::Zset,
                )?;
                let items = zentries(reply)
                    .into_iter()
                    .map(|e| history_item(&e.member.raw, e.score.value, now))
                    .collect();
                Ok((total, items))
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
                let entries = crate::store::audit::page(store, None, read)?;
                let items = entries
                    .into_iter()
                    .skip(start as usize)
                    .map(audit_item)
                    .collect();
                Ok((total, items))
            }
            ListKind::Triage => self.triage(start, count, filter),
            ListKind::Periodic => self.periodic(start, count),
            // Read by the dashboard's sampler; the screen fills these itself.
            ListKind::Queues | ListKind::Processes | ListKind::Findings => Ok((0, Vec::new())),
        }
    }

    fn set_page(
        &mut self,
        set: JobSet,
        start: u64,
        count: u64,
        now: f64,
    ) -> anyhow::Result<(u64, Vec<Item>)> {
        let key = set.key();
        let store = self.store()?;
        let total: u64 = store.query(redis::cmd("ZCARD").arg(key), key, KeyType::Zset)?;
        let entries = range(store, set, start, count)?;
        let items = entries
            .into_iter()
            .map(|(raw, score)| set_item(set, raw, score, now))
            .collect();
        Ok((total, items))
    }

    /// A page of the entries the filter selects: a score range alone (`--since`,
    /// `--until`) is counted and read by Redis; anything else is found once by a pass over
    /// the set, a page at a time, keeping the ranks of the matches.
    fn filtered_page(
        &mut self,
        kind: &ListKind,
        set: JobSet,
        text: &str,
        start: u64,
        count: u64,
        now: f64,
    ) -> anyhow::Result<(u64, Vec<Item>)> {
        let args = parse_filter(text).map_err(anyhow::Error::msg)?;
        let filter = JobFilter::new(&args, now);
        let key = set.key();
        let bounds = filter.range();
        if filter.only_range() {
            let store = self.store()?;
            let total: u64 = store.query(
                redis::cmd("ZCOUNT")
                    .arg(key)
                    .arg(&bounds.min)
                    .arg(&bounds.max),
                key,
                KeyType::Zset,
            )?;
            let reply =
                store.query_range(&by_score(set, &bounds, start, count), key, KeyType::Zset)?;
            let items = zentries(reply)
                .into_iter()
                .map(|e| set_item(set, e.member.raw, e.score.value, now))
                .collect();
            return Ok((total, items));
        }
        let fresh = !self
            .matches
            .as_ref()
            .is_some_and(|m| &m.kind == kind && m.filter == text);
        if fresh {
            let store = self.store()?;
            let mut ranks = Vec::new();
            let mut at = 0u64;
            let (min, max) = (score_bound(&bounds.min), score_bound(&bounds.max));
            loop {
                let page = range(store, set, at, SCAN_PAGE)?;
                let n = page.len() as u64;
                for (i, (raw, score)) in page.iter().enumerate() {
                    if score < &min || score > &max || filter.excludes_raw(raw) {
                        continue;
                    }
                    if filter.matches(&Job::parse(raw)) {
                        ranks.push((at + i as u64) as u32);
                    }
                }
                if n < SCAN_PAGE {
                    break;
                }
                at += n;
            }
            self.matches = Some(Matches {
                kind: kind.clone(),
                filter: text.to_string(),
                ranks,
            });
        }
        let ranks: Vec<u32> = self.matches.as_ref().map_or_else(Vec::new, |m| {
            m.ranks
                .iter()
                .skip(start as usize)
                .take(count as usize)
                .copied()
                .collect()
        });
        let total = self.matches.as_ref().map_or(0, |m| m.ranks.len() as u64);
        let store = self.store()?;
        let mut pipe = redis::pipe();
        for &rank in &ranks {
            pipe.add_command(range_cmd(set, u64::from(rank), 1));
        }
        let replies = store.pipeline(&pipe)?;
        let items = replies
            .into_iter()
            .filter_map(Result::ok)
            .flat_map(zentries)
            .map(|e| set_item(set, e.member.raw, e.score.value, now))
            .collect();
        Ok((total, items))
    }

    fn triage(
        &mut self,
        start: u64,
        count: u64,
        filter: Option<&str>,
    ) -> anyhow::Result<(u64, Vec<Item>)> {
        use crate::ops::triage::{Dimension, TriageArgs, group as run};
        let filter = match filter {
            Some(text) => parse_filter(text).map_err(anyhow::Error::msg)?,
            None => no_filter(),
        };
        let mut items = Vec::new();
        let now = self.now();
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
                        set.name().to_string(),
                        crate::text::size::count(g.count),
                        g.fingerprint.clone().unwrap_or_default(),
                        crate::duration::relative(now, g.last_seen),
                        line,
                    ],
                    extra: Some(set.name().to_string()),
                });
            }
        }
        let total = items.len() as u64;
        let items = items
            .into_iter()
            .skip(start as usize)
            .take(count as usize)
            .collect();
        Ok((total, items))
    }

    fn periodic(&mut self, start: u64, count: u64) -> anyhow::Result<(u64, Vec<Item>)> {
        let now = self.now();
        let report = crate::ops::periodic::list(self.ctx.store()?, now, &None, None)?;
        let total = report.entries.len() as u64;
        let items = report
            .entries
            .into_iter()
            .skip(start as usize)
            .take(count as usize)
            .map(|p| {
                let json = serde_json::to_string_pretty(&p).unwrap_or_default();
                Item {
                    key: p.pjid.as_bytes().to_vec(),
                    score: p.next_run,
                    cells: vec![
                        p.pjid.shown().into_owned(),
                        p.class.clone().unwrap_or_else(|| "?".into()),
                        p.cron.clone().unwrap_or_default(),
                        if p.enabled { "enabled" } else { "disabled" }.to_string(),
                        match (&p.error, p.next_run) {
                            (Some(e), _) => e.clone(),
                            (None, Some(t)) => crate::duration::relative(now, t),
                            (None, None) => "-".into(),
                        },
                    ],
                    extra: Some(json),
                }
            })
            .collect();
        Ok((total, items))
    }

    /// A job as stored: its payload pretty-printed, its attempts, and where it is now.
    fn entry(
        &mut self,
        key: &Name,
        set: Option<JobSet>,
        raw: &[u8],
    ) -> anyhow::Result<(String, Vec<String>)> {
        let now = self.now();
        let store = self.store()?;
        let here = match set {
            Some(_) => {
                let score: Option<f64> =
                    store.query(redis::cmd("ZSCORE").arg(key).arg(raw), key, KeyType::Zset)?;
                match score {
                    Some(s) => format!(
                        "still in {} (score {}, {})",
                        key.shown(),
                        crate::store::page::score_text(s),
                        crate::duration::relative(now, s)
                    ),
                    None => format!(
                        "no longer in {} (retried, deleted or moved since it was listed)",
                        key.shown()
                    ),
                }
            }
            None => {
                let at: Option<i64> =
                    store.query(redis::cmd("LPOS").arg(key).arg(raw), key, KeyType::List)?;
                match at {
                    Some(i) => format!("waiting in {} at index {i}", key.shown()),
                    None => format!("no longer in {} (taken by a worker)", key.shown()),
                }
            }
        };
        let parsed = Job::parse(raw);
        let mut lines = vec![format!("where: {here}")];
        let title = display_jid(&parsed);
        match &parsed {
            Ok(job) => {
                lines.push(format!(
                    "class: {}   queue: {}",
                    job.class.as_deref().unwrap_or("?"),
                    job.queue.as_deref().unwrap_or("?")
                ));
                lines.push(String::new());
                lines.push("attempts:".into());
                let mut timeline: Vec<(f64, String)> = Vec::new();
                if let Some(t) = job.created_at {
                    timeline.push((t, "created".into()));
                }
                if let Some(t) = job.enqueued_at {
                    timeline.push((t, "enqueued (last)".into()));
                }
                if let Some(t) = job.failed_at {
                    timeline.push((t, "failed first".into()));
                }
                if let Some(t) = job.get("retried_at").and_then(crate::store::job::epoch_of) {
                    timeline.push((
                        t,
                        format!(
                            "failed last (attempt {})",
                            job.retry_count.map_or(1, |n| n + 1)
                        ),
                    ));
                }
                timeline.sort_by(|a, b| a.0.total_cmp(&b.0));
                for (t, what) in timeline {
                    lines.push(format!(
                        "  {}  {:<12}  {what}",
                        crate::render::time::absolute(t),
                        crate::duration::relative(now, t)
                    ));
                }
                if let Some(error) = job.error_line() {
                    lines.push(format!("  error: {error}"));
                }
                lines.push(format!(
                    "  retries: {} of {}",
                    job.retry_count.unwrap_or(0),
                    job.max_retries()
                ));
                lines.push(String::new());
                lines.push("payload:".into());
                let pretty = serde_json::from_slice::<serde_json::Value>(raw)
                    .ok()
                    .and_then(|v| serde_json::to_string_pretty(&v).ok())
                    .unwrap_or_else(|| String::from_utf8_lossy(raw).into_owned());
                lines.extend(pretty.lines().map(str::to_string));
            }
            Err(bad) => {
                lines.push(format!("not a job: {}", bad.reason));
                lines.push(String::new());
                lines.push("as stored:".into());
                lines.push(String::from_utf8_lossy(raw).into_owned());
            }
        }
        Ok((title, lines))
    }

    fn process(&mut self, identity: &Name) -> anyhow::Result<(String, Vec<String>)> {
        let now = self.now();
        let key = keys::inprogress(identity);
        let store = self.store()?;
        let (processes, _) = crate::ops::procs::read_processes(store, now, true)?;
        let mut lines = Vec::new();
        match processes.iter().find(|p| &p.identity == identity) {
            Some(p) => {
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
                    lines.push(String::new());
                    lines.push(format!(
                        "memory, last 24 h in 15 min slots (peak {}):",
                        crate::text::size::kb(top)
                    ));
                    lines.push(format!("  {}", crate::render::spark::draw(&series, 96)));
                }
            }
            None => lines.push("no such process in cogworker:processes".into()),
        }
        let store = self.store()?;
        let len: u64 = store.query(redis::cmd("LLEN").arg(&key), &key, KeyType::List)?;
        let reply = store.query_range(
            redis::cmd("LRANGE").arg(&key).arg(0).arg(99),
            &key,
            KeyType::List,
        )?;
        lines.push(String::new());
        lines.push(format!("running jobs ({len}, in {}):", key.shown()));
        for raw in value::items(&reply).iter().filter_map(value::bytes) {
            let item = queue_item(raw, now);
            lines.push(format!("  {}", item.cells.join("  ")));
        }
        if len > 100 {
            lines.push(format!("  … and {} more", len - 100));
        }
        Ok((identity.shown().into_owned(), lines))
    }
}

/// No filter at all (the CLI's flags, none given).
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

fn score_bound(text: &str) -> f64 {
    match text {
        "-inf" => f64::NEG_INFINITY,
        "+inf" | "inf" => f64::INFINITY,
        t => t.trim_start_matches('(').parse().unwrap_or(f64::NAN),
    }
}

fn range(
    store: &mut Store,
    set: JobSet,
    start: u64,
    count: u64,
) -> StoreResult<Vec<(Vec<u8>, f64)>> {
    let reply = store.query_range(&range_cmd(set, start, count), set.key(), KeyType::Zset)?;
    Ok(zentries(reply)
        .into_iter()
        .map(|e| (e.member.raw, e.score.value))
        .collect())
}

fn set_item(set: JobSet, raw: Vec<u8>, score: f64, now: f64) -> Item {
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
    let when = crate::duration::relative(now, score);
    let cells = match set {
        JobSet::Dead => vec![when, class, queue, jid, error],
        JobSet::Retry => vec![when, retries, class, queue, jid, error],
        JobSet::Schedule => vec![when, class, queue, jid, args],
    };
    drop(parsed);
    Item {
        key: raw,
        score: Some(score),
        cells,
        extra: None,
    }
}

fn queue_item(raw: &[u8], now: f64) -> Item {
    let parsed = Job::parse(raw);
    let jid = display_jid(&parsed);
    let cells = match &parsed {
        Ok(job) => vec![
            job.enqueued_at
                .map_or("?".into(), |t| crate::duration::relative(now, t)),
            job.class.as_deref().unwrap_or("?").to_string(),
            jid,
            job.args.map(|a| a.get().to_string()).unwrap_or_default(),
        ],
        Err(bad) => vec![
            "?".into(),
            crate::store::job::UNPARSEABLE_CLASS.to_string(),
            jid,
            bad.reason.clone(),
        ],
    };
    Item {
        key: raw.to_vec(),
        score: None,
        cells,
        extra: None,
    }
}

fn history_item(raw: &[u8], score: f64, now: f64) -> Item {
    let cells = match crate::ops::history::parse_run(raw) {
        Ok(run) => vec![
            crate::duration::relative(now, score),
            run.status.as_deref().unwrap_or("?").to_string(),
            run.class.as_deref().unwrap_or("?").to_string(),
            run.queue.as_deref().unwrap_or("?").to_string(),
            run.jid.as_deref().unwrap_or("?").to_string(),
        ],
        Err(why) => vec![
            crate::duration::relative(now, score),
            "?".into(),
            crate::store::job::UNPARSEABLE_CLASS.to_string(),
            "?".into(),
            why,
        ],
    };
    Item {
        key: raw.to_vec(),
        score: Some(score),
        cells,
        extra: None,
    }
}

fn audit_item(entry: crate::store::audit::Entry) -> Item {
    let get = |f: &str| entry.get(f).unwrap_or("").to_string();
    let cells = vec![
        get("time").get(..19).unwrap_or("").replace('T', " "),
        get("command"),
        get("phase"),
        get("done"),
        get("undo"),
        format!("{} {}", get("user"), get("context")),
    ];
    let detail: Vec<String> = entry
        .fields
        .iter()
        .map(|(k, v)| format!("{k}: {v}"))
        .collect();
    Item {
        key: entry.id.clone().into_bytes(),
        score: None,
        cells,
        extra: Some(detail.join("\n")),
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
