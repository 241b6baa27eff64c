//! Printing a list of jobs as it is read (a set's entries, a queue's waiting jobs): a table
//! with fixed columns (so rows can be written before the next page arrives), a streamed JSON
//! array, or NDJSON. What the rows are is the caller's: an entry gives its JSON by `Serialize`
//! and its table row by `ListEntry::row`.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::value::RawValue;

use super::table::{cut, one_line, pad, width};
use super::time::when;
use crate::term::ui::{Format, Ui};
use crate::text::json::{self, compact};
use crate::text::size::count;

const RETRIES: usize = 7;
const GAP: &str = "  ";

/// What one job shows in a table.
pub struct Row {
    /// Where the job is (`enqueued`, `running`, `scheduled`, `retry`, `dead`), for lists
    /// across places.
    pub status: Option<&'static str>,
    /// The shard it is on, for lists across a fleet.
    pub shard: Option<String>,
    /// Epoch seconds for the time column.
    pub time: Option<f64>,
    /// Its place in line (1 = next to run), for lists that show one.
    pub position: Option<u64>,
    pub jid: String,
    pub class: String,
    pub queue: String,
    /// `retry_count`, or `-` when there is none to show (or, in a history, the duration).
    pub retries: String,
    /// The arguments, for lists that show them beside the last column.
    pub args: Option<String>,
    /// The last, widest column: the error, or the arguments.
    pub last: String,
    /// Shown as a warning: a member that isn't a job.
    pub unparseable: bool,
}

/// What a row's error cell says: why an entry can't be read (and what it holds), else
/// `ErrorClass: message` (either part alone when the other is missing).
pub fn trouble(
    invalid: Option<&str>,
    stored: Option<&str>,
    class: Option<&str>,
    message: Option<&str>,
) -> String {
    match (invalid, class, message) {
        (Some(reason), _, _) => match stored {
            Some(stored) if !stored.is_empty() => format!("{reason}: {stored}"),
            _ => reason.to_string(),
        },
        (None, Some(c), Some(m)) => format!("{c}: {m}"),
        (None, Some(c), None) => c.to_string(),
        (None, None, Some(m)) => m.to_string(),
        (None, None, None) => String::new(),
    }
}

/// A job's ARGS cell: its arguments as stored, or why the entry isn't a job.
pub fn args_cell(invalid: Option<&str>, stored: Option<&str>, args: Option<&str>) -> String {
    match invalid {
        Some(_) => trouble(invalid, stored, None, None),
        None => args.unwrap_or("[]").to_string(),
    }
}

/// A job of a list: its JSON is its `Serialize`, its table row this.
pub trait ListEntry: serde::Serialize {
    fn row(&self) -> Row;
}

/// An entry of a list across a fleet: the shard it is on (`"shard"` first in JSON, the
/// SHARD column in a table), then the entry as on one Redis.
#[derive(serde::Serialize)]
pub struct OnShard<'a, E> {
    pub shard: &'a str,
    #[serde(flatten)]
    pub entry: E,
}

impl<E: ListEntry> ListEntry for OnShard<'_, E> {
    fn row(&self) -> Row {
        let mut row = self.entry.row();
        row.shard = Some(self.shard.to_string());
        row
    }
}

/// The columns of one kind of list.
#[derive(Clone, Copy, Debug)]
pub struct Columns {
    /// A STATUS column first.
    pub status: bool,
    /// A SHARD column first, this wide (0: none), for lists across a fleet.
    pub shard: usize,
    /// The time column's header: `DIED`, `NEXT RETRY`, `DUE`, `ENQUEUED`.
    pub time: &'static str,
    pub position: bool,
    pub queue: bool,
    /// The right-aligned column's header: `RETRIES` or `DURATION`.
    pub retries: &'static str,
    /// An ARGS column before the last.
    pub args: bool,
    /// The last column's header: `ERROR` or `ARGS`.
    pub last: &'static str,
    /// What the list holds, for "no … match": `dead entries`, `jobs on default`.
    pub noun: &'static str,
    /// Whether the last column is shown in the colour of trouble.
    pub last_is_error: bool,
}

/// A row with its cells in text (colour is added when it is printed).
struct Cells {
    shard: String,
    status: String,
    time: String,
    position: String,
    jid: String,
    class: String,
    queue: String,
    retries: String,
    args: String,
    last: String,
    unparseable: bool,
}

/// Column widths, fixed from the first page so later rows can be printed as they come.
struct Layout {
    shard: usize,
    status: usize,
    time: usize,
    position: usize,
    jid: usize,
    class: usize,
    queue: usize,
    retries: usize,
    args: usize,
    last: Option<usize>,
}

pub struct ListPrinter {
    ui: Ui,
    columns: Columns,
    rows: usize,
    pending: Vec<Cells>,
    layout: Option<Layout>,
    /// An entry's JSON, written here first and then to the output in one piece.
    scratch: Vec<u8>,
}

impl ListPrinter {
    pub fn new(ui: &Ui, columns: Columns) -> ListPrinter {
        ListPrinter {
            ui: ui.clone(),
            columns,
            rows: 0,
            pending: Vec::new(),
            layout: None,
            scratch: Vec::new(),
        }
    }

    fn layout(&self) -> Layout {
        let c = &self.columns;
        let widest = |f: fn(&Cells) -> &str, header: &str, min: usize, max: usize| {
            self.pending
                .iter()
                .map(|r| width(f(r)))
                .chain([width(header)])
                .max()
                .unwrap_or(0)
                .clamp(min, max)
        };
        let time = if self.ui.utc {
            20
        } else {
            widest(|r| &r.time, c.time, 10, 12)
        };
        let position = if c.position {
            widest(|r| &r.position, "POS", 3, 12)
        } else {
            0
        };
        // Fixed, so rows of later places line up with the first page's.
        let status = if c.status { "scheduled".len() } else { 0 };
        let shard = if c.shard > 0 {
            c.shard.max("SHARD".len())
        } else {
            0
        };
        let jid = widest(|r| &r.jid, "JID", 3, 40);
        let mut class = widest(|r| &r.class, "CLASS", 5, 30);
        let mut queue = if c.queue {
            widest(|r| &r.queue, "QUEUE", 5, 16)
        } else {
            0
        };
        let retries = widest(|r| &r.retries, c.retries, RETRIES, 16);
        let mut args = if c.args {
            widest(|r| &r.args, "ARGS", 4, 30)
        } else {
            0
        };
        let gaps = 4
            + usize::from(c.position)
            + usize::from(c.queue)
            + usize::from(c.status)
            + usize::from(c.shard > 0)
            + usize::from(c.args);
        let last = self.ui.width.map(|w| {
            let used = |class: usize, queue: usize, args: usize| {
                shard
                    + status
                    + time
                    + position
                    + jid
                    + class
                    + queue
                    + retries
                    + args
                    + GAP.len() * gaps
            };
            while w.saturating_sub(used(class, queue, args)) < 24
                && (class > 12 || queue > 8 || args > 12)
            {
                if class > 12 {
                    class -= 1;
                }
                if queue > 8 {
                    queue -= 1;
                }
                if args > 12 {
                    args -= 1;
                }
            }
            w.saturating_sub(used(class, queue, args)).max(16)
        });
        Layout {
            shard,
            status,
            time,
            position,
            jid,
            class,
            queue,
            retries,
            args,
            last,
        }
    }

    /// Print what waits for the layout: called after each page, and at the end.
    pub fn page_done(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.layout.is_none() && !self.pending.is_empty() {
            let layout = self.layout();
            self.header(out, &layout)?;
            for row in std::mem::take(&mut self.pending) {
                self.row(out, &layout, &row)?;
            }
            self.layout = Some(layout);
        }
        Ok(())
    }

    pub fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        match self.ui.format {
            Format::Json => out.write_all(b"["),
            _ => Ok(()),
        }
    }

    pub fn entry(&mut self, out: &mut dyn Write, entry: &impl ListEntry) -> io::Result<()> {
        self.rows += 1;
        match self.ui.format {
            Format::Ndjson => {
                self.scratch.clear();
                json::to_writer(&mut self.scratch, entry)?;
                self.scratch.push(b'\n');
                out.write_all(&self.scratch)
            }
            Format::Json => {
                self.scratch.clear();
                self.scratch
                    .extend_from_slice(if self.rows == 1 { b"\n  " } else { b",\n  " });
                json::to_writer(&mut self.scratch, entry)?;
                out.write_all(&self.scratch)
            }
            Format::Table | Format::Markdown => {
                let row = self.prepare(entry.row());
                match &self.layout {
                    Some(layout) => self.row(out, layout, &row),
                    None => {
                        self.pending.push(row);
                        Ok(())
                    }
                }
            }
        }
    }

    fn header(&self, out: &mut dyn Write, l: &Layout) -> io::Result<()> {
        let c = &self.columns;
        let mut cells = Vec::new();
        if c.shard > 0 {
            cells.push(pad("SHARD", l.shard));
        }
        if c.status {
            cells.push(pad("STATUS", l.status));
        }
        cells.push(pad(c.time, l.time));
        if c.position {
            cells.push(format!("{:>w$}", "POS", w = l.position));
        }
        cells.push(pad("JID", l.jid));
        cells.push(pad("CLASS", l.class));
        if c.queue {
            cells.push(pad("QUEUE", l.queue));
        }
        cells.push(format!("{:>w$}", c.retries, w = l.retries));
        if c.args {
            cells.push(pad("ARGS", l.args));
        }
        cells.push(c.last.to_string());
        writeln!(out, "{}", self.ui.styles.header(&cells.join(GAP)))
    }

    fn prepare(&self, r: Row) -> Cells {
        Cells {
            shard: r.shard.unwrap_or_default(),
            status: r.status.unwrap_or("").to_string(),
            time: r.time.map_or_else(|| "-".into(), |t| when(&self.ui, t)),
            position: r.position.map_or_else(String::new, count),
            jid: r.jid,
            class: r.class,
            queue: r.queue,
            retries: r.retries,
            args: one_line(&r.args.unwrap_or_default()),
            last: one_line(&r.last),
            unparseable: r.unparseable,
        }
    }

    fn row(&self, out: &mut dyn Write, l: &Layout, r: &Cells) -> io::Result<()> {
        let s = &self.ui.styles;
        let c = &self.columns;
        let class = pad(&r.class, l.class);
        let last = match l.last {
            Some(w) => cut(&r.last, w),
            None => r.last.clone(),
        };
        let (class, last) = if r.unparseable {
            (s.warn(&class), s.warn(&last))
        } else if c.last_is_error {
            (class, s.bad(&last))
        } else {
            (class, last)
        };
        let mut cells = Vec::new();
        if c.shard > 0 {
            cells.push(s.strong(&pad(&r.shard, l.shard)));
        }
        if c.status {
            cells.push(pad(&r.status, l.status));
        }
        cells.push(s.dim(&pad(&r.time, l.time)));
        if c.position {
            cells.push(format!("{:>w$}", r.position, w = l.position));
        }
        cells.push(s.accent(&pad(&r.jid, l.jid)));
        cells.push(class);
        if c.queue {
            cells.push(pad(&r.queue, l.queue));
        }
        cells.push(format!("{:>w$}", r.retries, w = l.retries));
        if c.args {
            cells.push(pad(&r.args, l.args));
        }
        cells.push(last);
        writeln!(out, "{}", cells.join(GAP).trim_end())
    }

    /// Close the list: `]` for JSON; for a table, a line saying what was left out.
    pub fn end(&mut self, out: &mut dyn Write, shown: usize, more: u64) -> io::Result<()> {
        match self.ui.format {
            Format::Json => out.write_all(if self.rows == 0 { b"]\n" } else { b"\n]\n" }),
            Format::Ndjson => Ok(()),
            Format::Table | Format::Markdown => {
                self.page_done(out)?;
                let s = &self.ui.styles;
                if shown == 0 && more == 0 {
                    return writeln!(out, "{}", s.dim(&format!("no {} match", self.columns.noun)));
                }
                if more > 0 {
                    writeln!(
                        out,
                        "{}",
                        s.dim(&format!(
                            "… {} more (--limit N or --all to see them)",
                            count(more)
                        ))
                    )?;
                }
                Ok(())
            }
        }
    }
}

/// A score as a JSON number with the exact digits Redis printed.
#[derive(Debug)]
pub struct Score<'a>(pub &'a str);

impl Serialize for Score<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.parse::<serde_json::Number>() {
            Ok(n) => n.serialize(s),
            Err(_) => s.serialize_none(),
        }
    }
}

/// The stored member as JSON: borrowed as is, or compacted when it spans lines (NDJSON
/// output must stay one object per line), its tokens still as stored.
#[derive(Debug)]
pub enum Payload<'a> {
    Stored(&'a RawValue),
    Compacted(Box<RawValue>),
}

impl Serialize for Payload<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Payload::Stored(raw) => raw.serialize(s),
            Payload::Compacted(raw) => raw.serialize(s),
        }
    }
}

pub fn payload(raw: &RawValue) -> Payload<'_> {
    if memchr::memchr2(b'\n', b'\r', raw.get().as_bytes()).is_none() {
        return Payload::Stored(raw);
    }
    match RawValue::from_string(compact(raw.get())).ok() {
        Some(c) => Payload::Compacted(c),
        None => Payload::Stored(raw),
    }
}
