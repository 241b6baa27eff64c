//! How the audit trail words what became of a change (the CLI's UNDO column, the console's).

use crate::duration::span;
use crate::ops::audit::Undo;
use crate::render::table::Tone;

/// Until when a change can be undone, or why it can't: `18h left`, `undone`, `0 of 5 undone`
/// (an undo that put back less than all; the JSON has the words), `expired`, `no`.
pub fn undo_cell(undo: &Undo, now: f64) -> (String, Tone) {
    match undo {
        Undo::Open(until) => (
            until.map_or_else(
                || "yes".into(),
                |t| format!("{} left", span((t - now).max(0.0))),
            ),
            Tone::Accent,
        ),
        Undo::Undone(Some(outcome)) => (
            outcome
                .split(" restored")
                .next()
                .map_or_else(|| "undone".into(), |n| format!("{n} undone")),
            Tone::Warn,
        ),
        Undo::Undone(None) => ("undone".into(), Tone::Dim),
        Undo::Expired => ("expired".into(), Tone::Dim),
        Undo::No => ("no".into(), Tone::Dim),
        Undo::Off => ("--no-undo".into(), Tone::Dim),
        Undo::Nothing => ("-".into(), Tone::Dim),
        Undo::NotAChange => (String::new(), Tone::Dim),
    }
}
