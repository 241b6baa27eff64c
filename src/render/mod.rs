//! The only place that formats for people: tables, times, sizes, sparklines, charts, and the
//! `Report` trait that turns a command's result into table, JSON or NDJSON output.

pub mod bulk;
pub mod busy;
pub mod chart;
pub mod console;
pub mod doctor;
pub mod empty;
pub mod exposition;
pub mod help;
pub mod list;
pub mod periodic;
pub mod progress;
pub mod queues;
pub mod spark;
pub mod table;
pub mod time;
pub mod top;
pub mod watch;

use std::io::{self, Write};

use crate::term::exit::Exit;
use crate::term::ui::{Format, Ui};

/// A command's result: serialisable for `--json`/`--ndjson`, and printable for people.
pub trait Report: serde::Serialize {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()>;

    /// The exit status this result calls for (a failed check, a job not found …).
    fn exit(&self) -> Exit {
        Exit::Ok
    }
}

/// Print a report in the run's format.
pub fn emit<R: Report + ?Sized>(out: &mut dyn Write, ui: &Ui, report: &R) -> io::Result<()> {
    match ui.format {
        Format::Table => report.human(out, ui),
        Format::Json => {
            crate::text::json::to_writer_pretty(&mut *out, report)?;
            writeln!(out)
        }
        Format::Ndjson => {
            crate::text::json::to_writer(&mut *out, report)?;
            writeln!(out)
        }
    }
}

/// Each item as one line of JSON: `--ndjson` for a report that is a list of items (the
/// audit trail's entries, doctor's findings).
pub fn lines<'a, T: serde::Serialize + 'a>(
    out: &mut dyn Write,
    items: impl IntoIterator<Item = &'a T>,
) -> io::Result<()> {
    for item in items {
        crate::text::json::to_writer(&mut *out, item)?;
        writeln!(out)?;
    }
    Ok(())
}
