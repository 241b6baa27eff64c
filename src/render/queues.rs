//! The queues table, shared by `queues` and `stats`.

use crate::duration::span;
use crate::ops::queues::QueueRow;
use crate::render::table::{self, Tone};
use crate::term::ui::Ui;
use crate::text::size;

/// The queue table, shared with `stats`.
pub fn queue_table(ui: &Ui, queues: &[QueueRow]) -> String {
    table_of(ui, None, queues)
}

/// The queue table across a fleet: each row's shard (`shards[i]` is row i's) after its name.
pub fn queue_table_of_shards(ui: &Ui, shards: &[&str], queues: &[QueueRow]) -> String {
    table_of(ui, Some(shards), queues)
}

fn table_of(ui: &Ui, shards: Option<&[&str]>, queues: &[QueueRow]) -> String {
    let header: &[&str] = if shards.is_some() {
        &["QUEUE", "SHARD", "SIZE", "LATENCY", "PAUSED"]
    } else {
        &["QUEUE", "SIZE", "LATENCY", "PAUSED"]
    };
    let mut t = table::new(ui, header);
    for (i, q) in queues.iter().enumerate() {
        let latency_tone = if q.latency >= 300.0 {
            Tone::Warn
        } else {
            Tone::Plain
        };
        let mut row = vec![table::cell(ui, q.name.shown(), Tone::Strong)];
        if let Some(shards) = shards {
            row.push(table::cell(
                ui,
                shards.get(i).copied().unwrap_or("?"),
                Tone::Accent,
            ));
        }
        row.extend([
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
        t.add_row(row);
    }
    if shards.is_some() {
        table::finish(&mut t, &[2, 3])
    } else {
        table::finish(&mut t, &[1, 2])
    }
}
