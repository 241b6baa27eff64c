//! The running-jobs table, shared by `busy` and `queue show`.

use comfy_table::ColumnConstraint;

use crate::duration::span;
use crate::ops::busy::Running;
use crate::render::table::{self, Tone, cut, one_line, width};
use crate::render::time::when;
use crate::term::ui::Ui;

/// The running jobs as a table; with `include_stale`, a STATE column.
pub fn running_table(ui: &Ui, jobs: &[Running], include_stale: bool) -> String {
    {
        let dash = || "-".to_string();
        // Across a fleet, each job's shard first.
        let fleet = jobs.iter().any(|r| r.shard.is_some());
        let mut header = if fleet {
            vec!["SHARD", "PROCESS"]
        } else {
            vec!["PROCESS"]
        };
        if include_stale {
            header.push("STATE");
        }
        header.extend(["TID", "QUEUE", "JID", "CLASS"]);
        if ui.utc {
            header.push("STARTED");
        }
        header.push("RUNNING");
        let mut rows: Vec<(Vec<(String, Tone)>, String)> = Vec::new();
        for r in jobs {
            // A stale entry is not running: everything but its state is dimmed.
            let tone = |t: Tone| if r.stale { Tone::Dim } else { t };
            let mut cells = Vec::with_capacity(header.len());
            if fleet {
                let shard = r.shard.as_deref().map(crate::text::visible);
                cells.push((
                    shard.map_or_else(dash, |s| s.into_owned()),
                    tone(Tone::Plain),
                ));
            }
            cells.push((r.identity.shown().into_owned(), tone(Tone::Strong)));
            if include_stale {
                cells.push(if r.stale {
                    ("stale".into(), Tone::Warn)
                } else {
                    ("live".into(), Tone::Good)
                });
            }
            cells.push((r.tid.shown().into_owned(), Tone::Dim));
            cells.push((r.queue.clone().unwrap_or_else(dash), tone(Tone::Plain)));
            cells.push((r.jid.clone().unwrap_or_else(dash), tone(Tone::Plain)));
            cells.push(match (&r.error, &r.class) {
                (Some(_), _) => ("(unparseable)".into(), Tone::Bad),
                (None, Some(c)) => (c.clone(), tone(Tone::Accent)),
                (None, None) => (dash(), Tone::Dim),
            });
            if ui.utc {
                let started = r.run_at.map_or_else(dash, |t| when(ui, t));
                cells.push((started, tone(Tone::Plain)));
            }
            cells.push((r.runtime.map_or_else(dash, span), tone(Tone::Plain)));
            let args = match (&r.raw, &r.args) {
                (Some(_), _) => one_line(&crate::text::visible_bytes(&r.raw_bytes)),
                (None, Some(a)) => one_line(a.get()),
                (None, None) => String::new(),
            };
            rows.push((cells, args));
        }

        // ARGS gets what the other columns leave, so each job stays on one line; the thread
        // id is the first thing to give up its room.
        let column_width = |i: usize| {
            rows.iter()
                .map(|(cells, _)| width(&cells[i].0))
                .chain([width(header[i])])
                .max()
                .unwrap_or(0)
                + 2
        };
        let fixed: usize = (0..header.len()).map(column_width).sum();
        let tid = header
            .iter()
            .position(|&h| h == "TID")
            .expect("a TID column");
        let (fixed, drop_tid) = match ui.width {
            Some(w) if fixed + MIN_ARGS_WIDTH > w => (fixed - column_width(tid), true),
            _ => (fixed, false),
        };
        if drop_tid {
            header.remove(tid);
            for (cells, _) in &mut rows {
                cells.remove(tid);
            }
        }
        let args_width = ui
            .width
            .map(|w| w.saturating_sub(fixed).max(MIN_ARGS_WIDTH));
        let runtime_col = header.len() - 1;
        header.push("ARGS");

        let mut t = table::new(ui, &header);
        for (cells, args) in rows {
            let args = args_width.map_or(args.clone(), |w| cut(&args, w));
            let mut row: Vec<_> = cells
                .into_iter()
                .map(|(text, tone)| table::cell(ui, text, tone))
                .collect();
            row.push(table::cell(ui, args, Tone::Plain));
            t.add_row(row);
        }
        // Identities and jids are copied from here, and ARGS is already cut: nothing wraps;
        // a terminal too narrow for the rest gets lines that are too long.
        for column in t.column_iter_mut() {
            column.set_constraint(ColumnConstraint::ContentWidth);
        }
        table::finish(&mut t, &[runtime_col])
    }
}

/// Narrowest the ARGS column is cut to, whatever the width.
const MIN_ARGS_WIDTH: usize = 10;
