//! `cogctl audit`: the audit trail (the stream cogctl:audit), newest first. Read-only. What
//! the stream holds is shown as text only: anyone who can write to Redis can write there.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::ops::audit::AuditEntry;
use crate::ops::listing::LimitArgs;
use crate::render::table::{self, Tone, cut};
use crate::render::time::when;
use crate::render::{self, Report};
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
        let page = crate::ops::audit::page(store, before.as_deref(), PAGE)?;
        let Some(last) = page.last() else { break };
        before = Some(last.id.clone());
        let short = page.len() < PAGE;
        for entry in page {
            if let Some(since) = since
                && entry.time().is_some_and(|t| t < since)
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
            entries.push(entry);
        }
        if short {
            break;
        }
    }
    let report = AuditReport { entries, more };
    if ctx.ui.format == Format::Ndjson {
        render::lines(&mut ctx.out, &report.entries)?;
    } else {
        render::emit(&mut ctx.out, &ctx.ui, &report)?;
    }
    Ok(Exit::Ok)
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
            let (undo, undo_tone) = render::audit::undo_cell(&e.undo(), ui.clock.now);
            let id = e.change_id();
            t.add_row(vec![
                table::cell(ui, id, Tone::Dim),
                table::cell(
                    ui,
                    e.time().map_or_else(|| f("time"), |t| when(ui, t)),
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
