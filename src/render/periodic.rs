//! The one-line summary of the periodic entries, for `stats` and `top`.

use crate::ops::periodic::Summary;
use crate::render::table::one_line;
use crate::render::time::when;
use crate::term::ui::Ui;

/// `8 entries · 1 disabled · 1 run in progress · next EchoJob in 51s`
pub fn summary_line(summary: &Summary, ui: &Ui) -> String {
    let s = &ui.styles;
    let mut parts = vec![format!(
        "{} entr{}",
        summary.entries,
        crate::text::plural(summary.entries, "y", "ies")
    )];
    if summary.disabled > 0 {
        parts.push(s.warn(&format!("{} disabled", summary.disabled)));
    }
    if summary.locked > 0 {
        parts.push(format!(
            "{} run{} in progress",
            summary.locked,
            crate::text::plural(summary.locked, "", "s")
        ));
    }
    if summary.unreadable > 0 {
        parts.push(s.bad(&format!("{} unreadable", summary.unreadable)));
    }
    if let (Some(class), Some(t)) = (&summary.next_class, summary.next_run) {
        parts.push(format!("next {} {}", one_line(class), when(ui, t)));
    }
    parts.join(" · ")
}
