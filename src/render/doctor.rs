//! `cogctl doctor`'s table: one row per finding, with what was seen and the fix under the
//! findings that need attention, then the counts. Every text passes through the table's
//! cells, which escape what came from Redis.

use std::io::{self, Write};

use super::table::{self, Tone};
use crate::term::ui::Ui;

/// One finding as shown.
pub struct Line<'a> {
    /// `ok`, `warn`, `FAIL`.
    pub result: &'a str,
    pub tone: Tone,
    pub id: &'a str,
    pub title: &'a str,
    /// What was seen; `None` to leave it out (a finding that is fine says it in its title).
    pub seen: Option<&'a str>,
    pub fix: Option<&'a str>,
}

/// The findings in a table, then `verdict` on a line of its own.
pub fn findings(out: &mut dyn Write, ui: &Ui, lines: &[Line], verdict: &str) -> io::Result<()> {
    let mut t = table::new(ui, &["RESULT", "CHECK", "FINDING"]);
    for line in lines {
        let strong = if line.tone == Tone::Good {
            Tone::Plain
        } else {
            Tone::Strong
        };
        t.add_row(vec![
            table::cell(ui, line.result, line.tone),
            table::cell(ui, line.id, Tone::Dim),
            table::cell(ui, line.title, strong),
        ]);
        let details = [
            line.seen
                .filter(|s| !s.is_empty())
                .map(|s| (s, Tone::Plain)),
            line.fix.map(|f| (f, Tone::Accent)),
        ];
        for (text, tone) in details.into_iter().flatten() {
            let label = if tone == Tone::Accent { "fix: " } else { "" };
            t.add_row(vec![
                table::cell(ui, "", Tone::Plain),
                table::cell(ui, "", Tone::Plain),
                table::cell(ui, format!("{label}{text}"), tone),
            ]);
        }
    }
    out.write_all(table::finish(&mut t, &[]).as_bytes())?;
    writeln!(out)?;
    writeln!(out, "{}", ui.styles.strong(verdict))
}
