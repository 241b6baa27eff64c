//! How a bulk change's summary reads to people.

use std::io::{self, Write};

use crate::duration::span;
use crate::ops::bulk::Summary;
use crate::render::Report;
use crate::render::table::one_line;
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::text::size::count;
use crate::text::visible;

impl Report for Summary {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        // Under a context the target names it (`URL (context NAME)`): said on the summary
        // too, so a log of the run says where it was made.
        let place = if self.target.ends_with(')') && self.target.contains(" (context ") {
            format!(" on {}", visible(&self.target))
        } else {
            String::new()
        };
        writeln!(
            out,
            "{} {} from {}{place}",
            s.strong(self.verb),
            count(self.moved),
            self.source.shown()
        )?;
        let mut parts = Vec::new();
        if self.gone > 0 {
            parts.push(format!(
                "{} gone (already moved by someone else)",
                count(self.gone)
            ));
        }
        if self.skipped > 0 {
            parts.push(s.warn(&format!("{} skipped (left in place)", count(self.skipped))));
        }
        let failed = self.failed - self.not_found;
        if failed > 0 {
            parts.push(s.bad(&format!("{} failed (left in place)", count(failed))));
        }
        if self.not_found > 0 {
            parts.push(s.bad(&format!(
                "{} not found in {}",
                count(self.not_found),
                self.source.shown()
            )));
        }
        if !parts.is_empty() {
            writeln!(out, "{}", parts.join(", "))?;
        }
        for u in &self.unfinished {
            if u.outcome == "gone" {
                continue;
            }
            writeln!(
                out,
                "  {:<8} {}  {}",
                if u.outcome == "not_found" {
                    "missing"
                } else {
                    u.outcome
                },
                one_line(&u.jid),
                one_line(u.reason.as_deref().unwrap_or(""))
            )?;
        }
        if self.unfinished_more > 0 {
            writeln!(out, "  … and {} more", count(self.unfinished_more))?;
        }
        if self.interrupted {
            writeln!(
                out,
                "{}",
                s.warn("interrupted: stopped between batches; every entry is in exactly one place")
            )?;
        }
        writeln!(out, "{}", took(ui, self.elapsed_secs, self.moved))
    }

    fn exit(&self) -> Exit {
        Summary::exit(self)
    }
}

/// The last line of a bulk summary for people: `took 1.2s, 833/s`.
pub fn took(ui: &Ui, elapsed_secs: f64, done: u64) -> String {
    let rate = if elapsed_secs > 0.0 {
        format!(", {}/s", count((done as f64 / elapsed_secs) as u64))
    } else {
        String::new()
    };
    ui.styles.dim(&format!("took {}{rate}", span(elapsed_secs)))
}
