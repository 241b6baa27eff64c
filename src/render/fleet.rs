//! What every report across a fleet of shards opens with.

use std::io::{self, Write};

use crate::term::ui::Ui;

/// The line `Fleet prod · 3 of 4 shards read`: the fleet, and how many of its shards were
/// `done`.
pub fn heading(
    out: &mut dyn Write,
    ui: &Ui,
    fleet: &str,
    shards: usize,
    unreadable: usize,
    done: &str,
) -> io::Result<()> {
    let line = format!(
        "Fleet {} · {} of {shards} shards {done}",
        crate::text::visible(fleet),
        shards.saturating_sub(unreadable),
    );
    writeln!(out, "{}", ui.styles.strong(&line))
}
