//! The only place that formats for people: tables, times, sizes, sparklines, charts, and the
//! `Report` trait that turns a command's result into table, JSON or NDJSON output.

pub mod chart;
pub mod console;
pub mod doctor;
pub mod exposition;
pub mod help;
pub mod json;
pub mod list;
pub mod progress;
pub mod size;
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
            json::to_writer_pretty(&mut *out, report)?;
            writeln!(out)
        }
        Format::Ndjson => {
            json::to_writer(&mut *out, report)?;
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
        json::to_writer(&mut *out, item)?;
        writeln!(out)?;
    }
    Ok(())
}

/// A serde_json error as the io error it carries, so a closed pipe stays a closed pipe.
pub fn json_io(err: serde_json::Error) -> io::Error {
    match err.io_error_kind() {
        Some(kind) => io::Error::new(kind, err),
        None => io::Error::other(err),
    }
}
