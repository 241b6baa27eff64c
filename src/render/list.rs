//! Printing a list of set entries as it is read: a table with fixed columns (so rows can be
//! written before the next page arrives), a streamed JSON array, or NDJSON.

use std::io::{self, Write};

use super::json_io;
use super::size::count;
use super::table::{cut, one_line, pad, width};
use super::time::when;
use crate::cli::ui::{Format, Ui};
use crate::commands::sets::list::SetEntry;
use crate::store::JobSet;

const RETRIES: usize = 7;
const GAP: &str = "  ";

/// A table row, its cells already in text (colour is added when it is printed).
struct Row {
    time: String,
    jid: String,
    class: String,
    queue: String,
    retries: String,
    error: String,
    unparseable: bool,
}

/// Column widths, fixed from the first page so later rows can be printed as they come.
struct Layout {
    time: usize,
    jid: usize,
    class: usize,
    queue: usize,
    error: Option<usize>,
}

pub struct ListPrinter {
    ui: Ui,
    set: JobSet,
    rows: usize,
    pending: Vec<Row>,
    layout: Option<Layout>,
}

impl ListPrinter {
    pub fn new(ui: &Ui, set: JobSet) -> ListPrinter {
        ListPrinter {
            ui: ui.clone(),
            set,
            rows: 0,
            pending: Vec::new(),
            layout: None,
        }
    }

    fn time_header(&self) -> &'static str {
        match self.set {
            JobSet::Dead => "DIED",
            JobSet::Retry => "NEXT RETRY",
            JobSet::Schedule => "DUE",
        }
    }

    fn layout(&self) -> Layout {
        let widest = |f: fn(&Row) -> &str, header: &str, min: usize, max: usize| {
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
            widest(|r| &r.time, self.time_header(), 10, 12)
        };
        let jid = widest(|r| &r.jid, "JID", 3, 40);
        let mut class = widest(|r| &r.class, "CLASS", 5, 30);
        let mut queue = widest(|r| &r.queue, "QUEUE", 5, 16);
        let error = self.ui.width.map(|w| {
            let used =
                |class: usize, queue: usize| time + jid + class + queue + RETRIES + GAP.len() * 5;
            while w.saturating_sub(used(class, queue)) < 24 && (class > 12 || queue > 8) {
                if class > 12 {
                    class -= 1;
                }
                if queue > 8 {
                    queue -= 1;
                }
            }
            w.saturating_sub(used(class, queue)).max(16)
        });
        Layout {
            time,
            jid,
            class,
            queue,
            error,
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

    pub fn entry(&mut self, out: &mut dyn Write, entry: &SetEntry<'_>) -> io::Result<()> {
        self.rows += 1;
        match self.ui.format {
            Format::Ndjson => {
                serde_json::to_writer(&mut *out, entry).map_err(json_io)?;
                out.write_all(b"\n")
            }
            Format::Json => {
                out.write_all(if self.rows == 1 { b"\n  " } else { b",\n  " })?;
                serde_json::to_writer(&mut *out, entry).map_err(json_io)
            }
            Format::Table => {
                let row = self.prepare(entry);
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
        let line = [
            pad(self.time_header(), l.time),
            pad("JID", l.jid),
            pad("CLASS", l.class),
            pad("QUEUE", l.queue),
            format!("{:>RETRIES$}", "RETRIES"),
            "ERROR".to_string(),
        ]
        .join(GAP);
        writeln!(out, "{}", self.ui.styles.header(&line))
    }

    fn prepare(&self, e: &SetEntry<'_>) -> Row {
        let retries = match (e.retry_count, e.max_retries) {
            (Some(c), _) => c.to_string(),
            (None, Some(_)) => "0".to_string(),
            (None, None) => "-".to_string(),
        };
        let error = match (
            e.unparseable,
            e.error_class.as_deref(),
            e.error_message.as_deref(),
        ) {
            (Some(reason), _, _) => match e.member.as_deref() {
                Some(member) if !member.is_empty() => format!("{reason}: {member}"),
                _ => reason.to_string(),
            },
            (None, Some(c), Some(m)) => format!("{c}: {m}"),
            (None, Some(c), None) => c.to_string(),
            (None, None, Some(m)) => m.to_string(),
            (None, None, None) => String::new(),
        };
        Row {
            time: when(&self.ui, e.score_value),
            jid: e.jid.to_string(),
            class: e.class.as_deref().unwrap_or("-").to_string(),
            queue: e.queue.as_deref().unwrap_or("-").to_string(),
            retries,
            error: one_line(&error),
            unparseable: e.unparseable.is_some(),
        }
    }

    fn row(&self, out: &mut dyn Write, l: &Layout, r: &Row) -> io::Result<()> {
        let s = &self.ui.styles;
        let class = pad(&r.class, l.class);
        let error = match l.error {
            Some(w) => cut(&r.error, w),
            None => r.error.clone(),
        };
        let (class, error) = if r.unparseable {
            (s.warn(&class), s.warn(&error))
        } else {
            (class, s.bad(&error))
        };
        let line = format!(
            "{}{GAP}{}{GAP}{}{GAP}{}{GAP}{:>RETRIES$}{GAP}{}",
            s.dim(&pad(&r.time, l.time)),
            s.accent(&pad(&r.jid, l.jid)),
            class,
            pad(&r.queue, l.queue),
            r.retries,
            error
        );
        writeln!(out, "{}", line.trim_end())
    }

    /// Close the list: `]` for JSON; for a table, a line saying what was left out.
    pub fn end(&mut self, out: &mut dyn Write, shown: usize, more: u64) -> io::Result<()> {
        match self.ui.format {
            Format::Json => out.write_all(if self.rows == 0 { b"]\n" } else { b"\n]\n" }),
            Format::Ndjson => Ok(()),
            Format::Table => {
                self.page_done(out)?;
                let s = &self.ui.styles;
                if shown == 0 && more == 0 {
                    return writeln!(
                        out,
                        "{}",
                        s.dim(&format!("no {} entries match", self.set.name()))
                    );
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
