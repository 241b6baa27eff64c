//! The queues table, shared by `queues` and `stats`.

use crate::duration::span;
use crate::ops::queues::QueueRow;
use crate::render::table::{self, Tone};
use crate::term::ui::Ui;
use crate::text::size;

/// The queue table, shared with `stats`.
pub fn queue_table(ui: &Ui, queues: &[QueueRow]) -> String {
    let mut t = table::new(ui, &["QUEUE", "SIZE", "LATENCY", "PAUSED"]);
    for q in queues {
        let latency_tone = if q.latency >= 300.0 {
            Tone::Warn
        } else {
            Tone::Plain
        };
        t.add_row(vec![
            table::cell(ui, q.name.shown(), Tone::Strong),
            table::cell(ui, size::count(q.size), Tone::Plain),
            table::cell(
                ui,
                if q.size == 0 {
                    "-".into()
                } else {
                    span(q.latency)
                },
                latency_tone,
            ),
            match q.paused {
                Some(true) => table::cell(ui, "paused", Tone::Warn),
                Some(false) => table::cell(ui, "", Tone::Plain),
                None => table::cell(ui, "?", Tone::Dim),
            },
        ]);
    }
    table::finish(&mut t, &[1, 2])
}
