//! The only place that formats for people: tables, times, sizes, sparklines, charts, and the
//! `Report` trait that turns a command's result into table, JSON or NDJSON output.

pub mod audit;
pub mod bulk;
pub mod busy;
pub mod canary;
pub mod chart;
pub mod console;
pub mod doctor;
pub mod empty;
pub mod exposition;
pub mod fleet;
pub mod help;
pub mod incident;
pub mod job;
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
        Format::Table | Format::Markdown => report.human(out, ui),
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

/// The whole screen `draw` paints on a `width` × `height` test terminal, as text, one line a
/// row (the tests of the full-screen drawings read it).
#[cfg(test)]
pub fn drawn(width: u16, height: u16, draw: impl FnOnce(&mut ratatui::Frame)) -> String {
    let backend = ratatui::backend::TestBackend::new(width, height);
    let mut terminal = ratatui::Terminal::new(backend).unwrap();
    terminal.draw(draw).unwrap();
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..height {
        for x in 0..width {
            out.push_str(buffer[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}
