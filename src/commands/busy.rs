//! `cogctl busy`: jobs running right now.
//!
//! Read from `cogworker:workers:<identity>` of every live process (KEYS.md §3.16, the Web
//! UI's Running tab). A process killed right after starting a job leaves a workers hash
//! that never expires (pitfall 11): entries of identities without a presence key are
//! stale, hidden unless asked for. Identities come from `cogworker:processes` and
//! `cogworker:inprogress_identities` (both registries, read whole); the keyspace is not
//! scanned.

use std::borrow::Cow;
use std::io::{self, Write};

use clap::Args;
use comfy_table::ColumnConstraint;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::Ctx;
use crate::ops::{Problem, read_registry};
use crate::render::Report;
use crate::render::table::{self, Tone, cut, one_line, width};
use crate::render::time::{span, when};
use crate::store::job::{Job, epoch_of};
use crate::store::{KeyType, Name, keys, value};
use crate::term::exit::Exit;
use crate::term::ui::Ui;

/// Narrowest the ARGS column is cut to, whatever the width.
const MIN_ARGS_WIDTH: usize = 10;

/// Jobs running right now (from the workers hashes of live processes), with their run time
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "The jobs running right now, longest first",
        "cogctl busy",
    ),
    (
        "With the entries left behind by processes that are gone",
        "cogctl busy --include-stale",
    ),
    (
        "Redraw it every 2 seconds",
        "cogctl busy --watch",
    ),
]))]
pub struct BusyArgs {
    /// Also show entries left by processes that are gone (stale workers hashes)
    #[arg(long)]
    pub include_stale: bool,
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

/// The JSON of `busy`: times are epoch seconds (numbers), durations seconds.
#[derive(Debug, Serialize)]
pub struct BusyReport {
    /// Longest-running first.
    pub jobs: Vec<Running>,
    /// Stale entries not listed (without --include-stale).
    pub hidden_stale: usize,
    pub problems: Vec<Problem>,
    #[serde(skip)]
    include_stale: bool,
}

#[derive(Debug, Serialize)]
pub struct Running {
    /// The process running it.
    pub identity: Name,
    /// The processor thread (the workers hash field).
    pub tid: Name,
    /// True when the process has no presence key: the entry outlived a crash, the job is
    /// not running (only listed with --include-stale).
    pub stale: bool,
    /// The queue it was fetched from.
    pub queue: Option<String>,
    pub jid: Option<String>,
    pub class: Option<String>,
    /// The job's arguments, as stored.
    pub args: Option<Box<RawValue>>,
    /// When it started, epoch seconds.
    pub run_at: Option<f64>,
    /// Seconds since run_at.
    pub runtime: Option<f64>,
    /// The whole job, as stored in the entry.
    pub payload: Option<Box<RawValue>>,
    /// Why the entry could not be read, when it could not.
    pub error: Option<String>,
    /// The entry as stored, when it could not be read (invalid UTF-8 shown as U+FFFD).
    pub raw: Option<String>,
    /// Its bytes, which the table shows escaped.
    #[serde(skip)]
    raw_bytes: Vec<u8>,
}

/// A workers-hash value: `{"queue", "payload": <job object>, "run_at": <integer>}`.
#[derive(Deserialize)]
struct Entry<'a> {
    #[serde(borrow)]
    queue: Option<Cow<'a, str>>,
    #[serde(borrow)]
    payload: Option<&'a RawValue>,
    #[serde(borrow)]
    run_at: Option<&'a RawValue>,
}

pub fn run(ctx: &mut Ctx, args: &BusyArgs) -> anyhow::Result<BusyReport> {
    let now = ctx.ui.clock.now;
    Ok(read_running(ctx.store()?, now, args.include_stale)?)
}

/// Every running job (longest-running first), from the workers hashes of the processes in
/// either registry; entries of processes without a presence key only when `include_stale`.
pub fn read_running(
    store: &mut crate::store::Store,
    now: f64,
    include_stale: bool,
) -> crate::store::StoreResult<BusyReport> {
    let mut problems = Vec::new();
    let mut identities = read_registry(store, keys::PROCESSES, &mut problems)?;
    identities.extend(read_registry(
        store,
        keys::INPROGRESS_IDENTITIES,
        &mut problems,
    )?);
    identities.sort();
    identities.dedup();

    let mut pipe = redis::pipe();
    for id in &identities {
        pipe.cmd("EXISTS").arg(keys::process(id));
        pipe.cmd("HGETALL").arg(keys::workers(id));
    }
    let replies = store.pipeline(&pipe)?;

    let mut jobs = Vec::new();
    let mut hidden_stale = 0;
    for (id, pair) in identities.iter().zip(replies.chunks(2)) {
        let live = matches!(&pair[0], Ok(v) if value::int(v) == Some(1));
        let entries = match &pair[1] {
            Ok(v) => value::pairs(v),
            Err(e) => {
                problems.push(Problem::wrong(keys::workers(id), KeyType::Hash, e));
                continue;
            }
        };
        if !live && !include_stale {
            hidden_stale += entries.len();
            continue;
        }
        jobs.extend(
            entries
                .iter()
                .map(|(tid, raw)| read_entry(id, tid, raw, !live, now)),
        );
    }
    jobs.sort_by(|a, b| {
        let started = |r: &Running| r.run_at.unwrap_or(f64::INFINITY);
        started(a)
            .total_cmp(&started(b))
            .then_with(|| a.identity.cmp(&b.identity))
            .then_with(|| a.tid.cmp(&b.tid))
    });
    Ok(BusyReport {
        jobs,
        hidden_stale,
        problems,
        include_stale,
    })
}

/// Seconds to the millisecond, so JSON doesn't carry float noise.
pub(crate) fn millis(secs: f64) -> f64 {
    (secs * 1000.0).round() / 1000.0
}

/// One workers-hash entry as a row (`now` gives its runtime).
pub(crate) fn read_entry(
    identity: &Name,
    tid: &Name,
    raw: &[u8],
    stale: bool,
    now: f64,
) -> Running {
    let mut r = Running {
        identity: identity.clone(),
        tid: tid.clone(),
        stale,
        queue: None,
        jid: None,
        class: None,
        args: None,
        run_at: None,
        runtime: None,
        payload: None,
        error: None,
        raw: None,
        raw_bytes: Vec::new(),
    };
    if let Err(e) = fill(&mut r, raw, now) {
        r.error = Some(e);
        r.raw = Some(String::from_utf8_lossy(raw).into_owned());
        r.raw_bytes = raw.to_vec();
    }
    r
}

fn fill(r: &mut Running, raw: &[u8], now: f64) -> Result<(), String> {
    let entry: Entry =
        serde_json::from_slice(raw).map_err(|e| format!("not a JSON object ({e})"))?;
    r.queue = entry.queue.map(Cow::into_owned);
    r.run_at = entry.run_at.and_then(epoch_of);
    r.runtime = r.run_at.map(|t| millis((now - t).max(0.0)));
    let payload = entry.payload.ok_or("no payload")?;
    r.payload = Some(payload.to_owned());
    let text = job_text(payload);
    let job = Job::parse(text.as_bytes()).map_err(|u| format!("payload: {}", u.reason))?;
    r.jid = job.jid.map(Cow::into_owned);
    r.class = job.class.map(Cow::into_owned);
    r.args = job.args.map(ToOwned::to_owned);
    if r.queue.is_none() {
        r.queue = job.queue.map(Cow::into_owned);
    }
    Ok(())
}

/// The job of a workers-hash entry's `payload`: the gem writes it as an object; a JSON string
/// holding one is read the same way.
pub fn job_text(payload: &RawValue) -> Cow<'_, str> {
    match serde_json::from_str::<String>(payload.get()) {
        Ok(inner) => Cow::Owned(inner),
        Err(_) => Cow::Borrowed(payload.get()),
    }
}

impl Report for BusyReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        if self.jobs.is_empty() {
            writeln!(out, "{}", ui.styles.dim("no jobs running"))?;
        } else {
            out.write_all(self.table(ui).as_bytes())?;
        }
        if self.hidden_stale > 0 {
            ui.note(&ui.styles.dim(&format!(
                "{} stale {} hidden (left in the workers hashes of processes that are gone); \
                 --include-stale shows them",
                self.hidden_stale,
                crate::text::plural(self.hidden_stale, "entry", "entries")
            )));
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}

impl BusyReport {
    /// Only the jobs fetched from `queue`.
    pub fn only_queue(mut self, queue: &Name) -> BusyReport {
        self.jobs
            .retain(|r| r.queue.as_deref().map(str::as_bytes) == Some(queue.as_bytes()));
        self
    }

    fn table(&self, ui: &Ui) -> String {
        running_table(ui, &self.jobs, self.include_stale)
    }
}

/// The running jobs as a table; with `include_stale`, a STATE column.
pub fn running_table(ui: &Ui, jobs: &[Running], include_stale: bool) -> String {
    {
        let dash = || "-".to_string();
        let mut header = vec!["PROCESS"];
        if include_stale {
            header.push("STATE");
        }
        header.extend(["TID", "QUEUE", "JID", "CLASS"]);
        if ui.utc {
            header.push("STARTED");
        }
        header.push("RUNNING");
        let mut rows: Vec<(Vec<(String, Tone)>, String)> = Vec::new();
        for r in jobs {
            // A stale entry is not running: everything but its state is dimmed.
            let tone = |t: Tone| if r.stale { Tone::Dim } else { t };
            let mut cells = vec![(r.identity.shown().into_owned(), tone(Tone::Strong))];
            if include_stale {
                cells.push(if r.stale {
                    ("stale".into(), Tone::Warn)
                } else {
                    ("live".into(), Tone::Good)
                });
            }
            cells.push((r.tid.shown().into_owned(), Tone::Dim));
            cells.push((r.queue.clone().unwrap_or_else(dash), tone(Tone::Plain)));
            cells.push((r.jid.clone().unwrap_or_else(dash), tone(Tone::Plain)));
            cells.push(match (&r.error, &r.class) {
                (Some(_), _) => ("(unparseable)".into(), Tone::Bad),
                (None, Some(c)) => (c.clone(), tone(Tone::Accent)),
                (None, None) => (dash(), Tone::Dim),
            });
            if ui.utc {
                let started = r.run_at.map_or_else(dash, |t| when(ui, t));
                cells.push((started, tone(Tone::Plain)));
            }
            cells.push((r.runtime.map_or_else(dash, span), tone(Tone::Plain)));
            let args = match (&r.raw, &r.args) {
                (Some(_), _) => one_line(&crate::text::visible_bytes(&r.raw_bytes)),
                (None, Some(a)) => one_line(a.get()),
                (None, None) => String::new(),
            };
            rows.push((cells, args));
        }

        // ARGS gets what the other columns leave, so each job stays on one line; the thread
        // id is the first thing to give up its room.
        let column_width = |i: usize| {
            rows.iter()
                .map(|(cells, _)| width(&cells[i].0))
                .chain([width(header[i])])
                .max()
                .unwrap_or(0)
                + 2
        };
        let fixed: usize = (0..header.len()).map(column_width).sum();
        let tid = header
            .iter()
            .position(|&h| h == "TID")
            .expect("a TID column");
        let (fixed, drop_tid) = match ui.width {
            Some(w) if fixed + MIN_ARGS_WIDTH > w => (fixed - column_width(tid), true),
            _ => (fixed, false),
        };
        if drop_tid {
            header.remove(tid);
            for (cells, _) in &mut rows {
                cells.remove(tid);
            }
        }
        let args_width = ui
            .width
            .map(|w| w.saturating_sub(fixed).max(MIN_ARGS_WIDTH));
        let runtime_col = header.len() - 1;
        header.push("ARGS");

        let mut t = table::new(ui, &header);
        for (cells, args) in rows {
            let args = args_width.map_or(args.clone(), |w| cut(&args, w));
            let mut row: Vec<_> = cells
                .into_iter()
                .map(|(text, tone)| table::cell(ui, text, tone))
                .collect();
            row.push(table::cell(ui, args, Tone::Plain));
            t.add_row(row);
        }
        // Identities and jids are copied from here, and ARGS is already cut: nothing wraps;
        // a terminal too narrow for the rest gets lines that are too long.
        for column in t.column_iter_mut() {
            column.set_constraint(ColumnConstraint::ContentWidth);
        }
        table::finish(&mut t, &[runtime_col])
    }
}
