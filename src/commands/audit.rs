//! `cogctl audit`: the audit trail (the stream cogctl:audit), newest first. Read-only. What
//! the stream holds is shown as text only: anyone who can write to Redis can write there.

use std::collections::BTreeMap;
use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::duration::span;
use crate::ops::listing::LimitArgs;
use crate::render::table::{self, Tone, cut};
use crate::render::time::when;
use crate::render::{self, Report};
use crate::store::audit;
use crate::term::exit::Exit;
use crate::term::ui::{Format, Ui};
use crate::term::values::{TimeArg, parse_time};

/// The audit trail: every change cogctl made (stream cogctl:audit), newest first
///
/// One entry per change — retry, delete, kill, reschedule, enqueue-now, import, enqueue,
/// queue and process control, reconcile, unsettled file, periodic actions, worker — with its
/// time, user@host, context, command line (secrets redacted), target, counts and exit status.
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    ("The latest changes, newest first", "cogctl audit"),
    ("What ops did to the dead set today", "cogctl audit --since 24h --user ops --command 'dead '"),
    ("Every entry as NDJSON, for an archive", "cogctl audit --all --ndjson"),
]))]
pub struct AuditArgs {
    /// Only entries at or after TIME (RFC 3339, or a duration ago: 2h)
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    pub since: Option<TimeArg>,

    /// Only entries whose user@host contains TEXT
    #[arg(long, value_name = "TEXT")]
    pub user: Option<String>,

    /// Only entries whose command (e.g. "dead retry") contains TEXT
    #[arg(long, value_name = "TEXT")]
    pub command: Option<String>,

    #[command(flatten)]
    pub limit: LimitArgs,
}

/// Entries read per XREVRANGE.
const PAGE: usize = 500;

/// One entry as shown: its id and every field of it.
#[derive(Debug, Serialize)]
pub struct AuditEntry {
    pub id: String,
    #[serde(flatten)]
    pub fields: BTreeMap<String, String>,
    /// For a change kept to be undone: its record's state now — open, recording, undoing,
    /// undone, or gone (expired or purged).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undo_state: Option<String>,
    /// For a change undone: what its undo did, when it put back less than all (`0 of 5
    /// restored; 5 had moved on`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undo_outcome: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct AuditReport {
    pub entries: Vec<AuditEntry>,
    /// More entries matched than were shown (--limit).
    pub more: bool,
}

pub fn run(ctx: &mut Ctx, args: &AuditArgs) -> anyhow::Result<Exit> {
    let human = ctx.ui.format == Format::Table;
    let cap = args.limit.resolve(human);
    let since = args.since.map(|t| t.resolve(ctx.ui.clock.now));
    let store = ctx.store()?;
    let mut entries = Vec::new();
    let mut more = false;
    let mut before: Option<String> = None;
    'pages: loop {
        let page = audit::page(store, before.as_deref(), PAGE)?;
        let Some(last) = page.last() else { break };
        before = Some(last.id.clone());
        let short = page.len() < PAGE;
        for entry in page {
            if let Some(since) = since
                && entry_time(&entry).is_some_and(|t| t < since)
            {
                // Entries are appended in time order: everything further back is older.
                break 'pages;
            }
            if !contains(entry.get("user"), args.user.as_deref())
                || !contains(entry.get("command"), args.command.as_deref())
            {
                continue;
            }
            if cap.is_some_and(|n| entries.len() >= n) {
                more = true;
                break 'pages;
            }
            entries.push(AuditEntry {
                id: entry.id.clone(),
                fields: entry.fields.into_iter().collect(),
                undo_state: None,
                undo_outcome: None,
            });
        }
        if short {
            break;
        }
    }
    undo_states(store, &mut entries)?;
    let report = AuditReport { entries, more };
    if ctx.ui.format == Format::Ndjson {
        render::lines(&mut ctx.out, &report.entries)?;
    } else {
        render::emit(&mut ctx.out, &ctx.ui, &report)?;
    }
    Ok(Exit::Ok)
}

/// Each undoable entry's record state, read in one round trip.
fn undo_states(store: &mut crate::store::Store, entries: &mut [AuditEntry]) -> anyhow::Result<()> {
    let ids: Vec<(usize, String)> = entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let id = e.fields.get("undo")?;
            crate::store::undo::is_record_id(id).then(|| (i, id.clone()))
        })
        .collect();
    let mut pipe = redis::pipe();
    for (_, id) in &ids {
        pipe.cmd("HMGET")
            .arg(crate::store::keys::undo_record(id))
            .arg("state")
            .arg("undone_restored")
            .arg("undone_left");
    }
    for ((i, _), reply) in ids.iter().zip(store.pipeline(&pipe)?) {
        let fields: Vec<Option<String>> = match &reply {
            Ok(v) => crate::store::value::items(v)
                .iter()
                .map(crate::store::value::string)
                .collect(),
            Err(_) => Vec::new(),
        };
        let field = |n: usize| fields.get(n).cloned().flatten();
        entries[*i].undo_state = Some(match reply {
            Ok(_) => field(0).unwrap_or_else(|| "gone".into()),
            Err(_) => "unknown".into(),
        });
        let count = |n: usize| field(n).and_then(|t| t.parse::<u64>().ok());
        if let (Some(restored), Some(left)) = (count(1), count(2))
            && left > 0
        {
            entries[*i].undo_outcome = Some(format!(
                "{restored} of {} restored; {left} had moved on",
                restored + left
            ));
        }
    }
    Ok(())
}

/// The UNDO column: until when a change can be undone, or why it can't.
fn undo_cell(ui: &Ui, e: &AuditEntry) -> (String, Tone) {
    let until = e
        .fields
        .get("undo_until")
        .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
        .map(|t| t.timestamp_millis() as f64 / 1000.0);
    match (
        e.fields.get("undo").map(String::as_str),
        e.undo_state.as_deref(),
    ) {
        (Some(_), Some("open" | "recording")) => (
            until.map_or_else(
                || "yes".into(),
                |t| format!("{} left", span((t - ui.clock.now).max(0.0))),
            ),
            Tone::Accent,
        ),
        // An undo that put back less than all: how much, in short (the JSON has the words).
        (Some(_), Some("undone")) if e.undo_outcome.is_some() => (
            e.undo_outcome
                .as_deref()
                .and_then(|o| o.split(" restored").next())
                .map_or_else(|| "undone".into(), |n| format!("{n} undone")),
            Tone::Warn,
        ),
        (Some(_), Some("undone" | "undoing")) => ("undone".into(), Tone::Dim),
        (Some(_), Some(_)) => ("expired".into(), Tone::Dim),
        (Some("no"), _) => ("no".into(), Tone::Dim),
        (Some("off"), _) => ("--no-undo".into(), Tone::Dim),
        (Some("none"), _) => ("-".into(), Tone::Dim),
        _ => ("".into(), Tone::Dim),
    }
}

fn entry_time(entry: &audit::Entry) -> Option<f64> {
    let t = chrono::DateTime::parse_from_rfc3339(entry.get("time")?).ok()?;
    Some(t.timestamp_millis() as f64 / 1000.0)
}

fn contains(field: Option<&str>, wanted: Option<&str>) -> bool {
    match wanted {
        None => true,
        Some(w) => field.is_some_and(|f| f.to_lowercase().contains(&w.to_lowercase())),
    }
}

impl Report for AuditReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        if self.entries.is_empty() {
            return writeln!(out, "{}", ui.styles.dim("no audit entries"));
        }
        let mut t = table::new(
            ui,
            &[
                "ID", "TIME", "USER", "CONTEXT", "COMMAND", "DONE", "EXIT", "UNDO", "ARGV",
            ],
        );
        for e in &self.entries {
            let f = |k: &str| crate::text::one_line(e.fields.get(k).map_or("", String::as_str));
            let exit = f("exit");
            let tone = match exit.as_str() {
                "0" => Tone::Plain,
                "" => Tone::Dim,
                _ => Tone::Warn,
            };
            let command = match f("phase").as_str() {
                "begin" => format!("{} (begin)", f("command")),
                _ => f("command"),
            };
            let (undo, undo_tone) = undo_cell(ui, e);
            // A change kept to be undone goes by its undo id, as everywhere else (the change
            // printed it; `undo list` shows it); any other entry by its stream id.
            let id = match e.fields.get("undo") {
                Some(id) if crate::store::undo::is_record_id(id) => id,
                _ => &e.id,
            };
            t.add_row(vec![
                table::cell(ui, id, Tone::Dim),
                table::cell(
                    ui,
                    e.fields
                        .get("time")
                        .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
                        .map(|t| when(ui, t.timestamp_millis() as f64 / 1000.0))
                        .unwrap_or_else(|| f("time")),
                    Tone::Plain,
                ),
                table::cell(ui, f("user"), Tone::Plain),
                table::cell(ui, f("context"), Tone::Accent),
                table::cell(ui, command, Tone::Strong),
                table::cell(ui, f("done"), Tone::Plain),
                table::cell(ui, exit, tone),
                table::cell(ui, undo, undo_tone),
                table::cell(ui, cut(&f("argv"), 40), Tone::Dim),
            ]);
        }
        table::keep_whole(&mut t, 0);
        out.write_all(table::finish(&mut t, &[5, 6]).as_bytes())?;
        if self.more {
            writeln!(
                out,
                "{}",
                ui.styles
                    .dim("… more entries: --limit N or --all to see them")
            )?;
        }
        Ok(())
    }
}
