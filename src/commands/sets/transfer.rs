//! `dead export`, `retry export` and `dead import`: lossless NDJSON `{score, member}` lines.
//!
//! Export streams the set oldest first in bounded pages and writes each entry as the exact
//! bytes Redis holds: the score with the digits Redis printed, the member as a JSON string
//! (or as base64 when it is not UTF-8). Import reads such lines back: it checks the whole
//! input before it writes anything, counts what is already there, asks, then adds with
//! `ZADD NX` in pipelined batches, passing each score's text through unchanged, so an export
//! imported into an empty set gives back the same set byte for byte.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use crate::commands::Ctx;
use crate::ops::entries::{Lines, check_input, open_input, private_file, write_entry};
use crate::ops::filter::{FilterArgs, JobFilter};
use crate::render::progress::Progress;
use crate::render::{self, Report};
use crate::store::page::{Order, ZPager};
use crate::store::scripts::IMPORT_BATCH;
use crate::store::undo::{self, Kind};
use crate::store::{JobSet, KeyType, Store};
use crate::term::confirm::confirm;
use crate::term::exit::{Exit, UsageError};
use crate::term::interrupt::{self, Interrupted};
use crate::term::ui::Ui;
use crate::text::plural;
use crate::text::size::{count, counted};

/// Entries per pipeline when counting and adding: one round trip each, small enough that a
/// batch of large members stays a few megabytes.
const BATCH: usize = 1000;

/// What `retry export` and `dead export` print after their options, before their examples.
pub const EXPORT_NOTES: &str = "\
Each line is {\"score\":<number>,\"member\":\"<string>\"}: the score with exactly the digits \
Redis printed, the member as a JSON string. A member that is not UTF-8 is written as \
\"member_base64\" (standard base64, padded) instead of \"member\"; a score of ±infinity as \
the string \"+inf\" or \"-inf\". Entries are written oldest first; entries added while the \
export runs are not included. The output is always NDJSON: --format and --json don't change it.";

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub filter: FilterArgs,

    /// Write to FILE instead of stdout (written whole, or not at all)
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Replace FILE when it exists (by default an existing export is never overwritten)
    #[arg(long, requires = "output")]
    pub force: bool,
}

#[derive(Debug, Args)]
#[command(after_help = crate::render::help::notes_and_examples("\
The whole input is checked before anything is written: a bad line (not JSON, no score or \
member, a score that isn't a number, both or neither of member and member_base64, bad base64, \
another set's \"set\") fails the import with the line numbers, and nothing is changed. Lines \
may carry \"set\" (plans written by --plan-out do); other fields are refused, so the output \
of `list --ndjson` can't be imported by mistake; blank lines are ignored. Members already in \
the set are left as they are (ZADD NX), whatever their score. Standard input is copied to a \
private temporary file first; importing from it needs --yes (there is no terminal to ask on). \
--json prints the summary as JSON.", &[
    (
        "What importing an export would add, and what is already there; nothing is changed",
        "cogctl dead import dead.ndjson --dry-run",
    ),
    (
        "Add the entries back, without asking",
        "cogctl dead import dead.ndjson --yes",
    ),
    (
        "From another Redis, through a pipe (stdin needs --yes)",
        "cogctl dead import - --yes",
    ),
]))]
pub struct ImportArgs {
    /// NDJSON lines {"score": …, "member": "…"} as `export` writes them; `-` reads stdin
    #[arg(value_name = "FILE|-")]
    pub file: PathBuf,

    /// Count what would be added and what is already present; change nothing
    #[arg(long)]
    pub dry_run: bool,

    /// Don't ask for confirmation
    #[arg(long, short)]
    pub yes: bool,
}

pub fn run_export(ctx: &mut Ctx, set: JobSet, args: &ExportArgs) -> anyhow::Result<Exit> {
    let filter = JobFilter::new(&args.filter, ctx.ui.clock.now);
    if let Some(path) = &args.output
        && !args.force
        && fs::symlink_metadata(path).is_ok()
    {
        return Err(UsageError(format!(
            "{} exists; pass --force to replace it",
            path.display()
        ))
        .into());
    }
    let mut pager = ZPager::new(set.key(), Order::OldestFirst, filter.range());
    let connector = ctx.connector()?;
    pager.snapshot(ctx.store()?)?;
    interrupt::watch();

    let mut file = match &args.output {
        Some(path) => Some(Partial::create(path)?),
        None => None,
    };
    let out: &mut dyn Write = match &mut file {
        Some(partial) => &mut partial.writer,
        None => &mut ctx.out,
    };
    let everything = filter.only_range();
    let mut written: u64 = 0;
    for page in pager.prefetch(connector) {
        if interrupt::requested() {
            let what = match &args.output {
                Some(path) => format!("{} was not written", path.display()),
                None => "the export is incomplete".into(),
            };
            ctx.ui.note(&format!(
                "interrupted after {}; {what}",
                counted(written, "entry", "entries")
            ));
            return Ok(Exit::Interrupted);
        }
        for entry in &page? {
            if !everything && !filter.matches(&entry.member.parse()) {
                continue;
            }
            write_entry(out, None, &entry.score.text, &entry.member.raw)?;
            written += 1;
        }
        out.flush()?;
    }
    if let (Some(partial), Some(path)) = (file, &args.output) {
        partial.commit()?;
        ctx.ui.note(&format!(
            "exported {} {} {} to {}",
            count(written),
            set.name(),
            plural(written, "entry", "entries"),
            path.display()
        ));
    }
    Ok(Exit::Ok)
}

/// An export file being written under a temporary name beside its final one, renamed into
/// place only once complete, so a failed or interrupted export never looks like a whole one.
struct Partial {
    writer: BufWriter<File>,
    temp: PathBuf,
    path: PathBuf,
    committed: bool,
}

impl Partial {
    fn create(path: &Path) -> anyhow::Result<Partial> {
        let name = path
            .file_name()
            .with_context(|| format!("{} is not a file name", path.display()))?;
        let temp = path.with_file_name(format!(
            ".{}.partial-{}",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file =
            private_file(&temp).with_context(|| format!("cannot write {}", path.display()))?;
        Ok(Partial {
            writer: BufWriter::with_capacity(256 * 1024, file),
            temp,
            path: path.to_path_buf(),
            committed: false,
        })
    }

    fn commit(mut self) -> anyhow::Result<()> {
        let context = || format!("cannot write {}", self.path.display());
        self.writer.flush().with_context(context)?;
        // An export is often the only copy of what is deleted next: make it durable first.
        self.writer.get_ref().sync_all().with_context(context)?;
        fs::rename(&self.temp, &self.path).with_context(context)?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// What `dead import` did or, with --dry-run, would do. Its JSON is a contract (docs/output.md).
#[derive(Debug, Serialize)]
pub struct ImportReport {
    /// The set imported into: "dead".
    pub set: &'static str,
    /// Its key.
    pub key: &'static str,
    /// The input: the file's path, or "-" for stdin.
    pub source: String,
    /// The Redis, password redacted.
    pub target: String,
    /// Entries in the input (blank lines aside).
    pub lines: u64,
    /// Entries whose member was not in the set when counted, before anything was added.
    pub to_add: u64,
    /// Entries added (0 with --dry-run).
    pub added: u64,
    /// Entries whose member the set already held, left as they were (with --dry-run: as
    /// counted; otherwise as ZADD NX answered, which also counts a member repeated in the
    /// input).
    pub present: u64,
    /// Entries Redis refused to add.
    pub failed: u64,
    /// Entries not reached because the run was interrupted or stopped at a failure.
    pub remaining: u64,
    /// Redis' reason for the first failure.
    pub error: Option<String>,
    pub dry_run: bool,
    /// True when Ctrl-C stopped the run between batches.
    pub interrupted: bool,
    pub elapsed_secs: f64,
    /// What was kept to undo the import, absent with --no-undo or when nothing was added.
    pub undo: Option<crate::store::undo::Kept>,
}

impl Report for ImportReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let lines = format!(
            "{} {} read from {}",
            count(self.lines),
            plural(self.lines, "entry", "entries"),
            self.source
        );
        if self.dry_run {
            writeln!(
                out,
                "{}",
                crate::commands::undo_plan_line(self.undo.as_ref(), None)
            )?;
            writeln!(out, "{}", s.strong("dry run: nothing was changed"))?;
            writeln!(out, "{lines}, for {} on {}", self.key, self.target)?;
            writeln!(out, "  would add        {}", count(self.to_add))?;
            writeln!(
                out,
                "  already present  {} (would be left as they are)",
                count(self.present)
            )?;
            return Ok(());
        }
        if self.to_add == 0 {
            return if self.lines == 0 {
                writeln!(out, "nothing to add: {} holds no entries", self.source)
            } else {
                writeln!(
                    out,
                    "nothing to add: every entry of {} ({}) is in {} on {} already",
                    self.source,
                    count(self.lines),
                    self.key,
                    self.target
                )
            };
        }
        writeln!(
            out,
            "{} {} {} to {} on {} ({lines})",
            s.strong("added"),
            count(self.added),
            plural(self.added, "entry", "entries"),
            self.key,
            self.target
        )?;
        if self.present > 0 {
            writeln!(
                out,
                "{} already present, left as they were",
                count(self.present)
            )?;
        }
        if self.failed > 0 {
            writeln!(
                out,
                "{}",
                s.bad(&format!(
                    "{} failed: {}",
                    count(self.failed),
                    crate::text::one_line(self.error.as_deref().unwrap_or(""))
                ))
            )?;
        }
        if self.remaining > 0 {
            let why = if self.interrupted {
                "interrupted between batches"
            } else {
                "stopped at the failure"
            };
            writeln!(
                out,
                "{}",
                s.warn(&format!(
                    "{why}: {} not imported; importing the same input again adds only what is \
                     missing",
                    count(self.remaining)
                ))
            )?;
        }
        Ok(())
    }

    fn exit(&self) -> Exit {
        if self.interrupted {
            Exit::Interrupted
        } else if self.failed > 0 {
            Exit::Partial
        } else {
            Exit::Ok
        }
    }
}

pub fn run_import(ctx: &mut Ctx, set: JobSet, args: &ImportArgs) -> anyhow::Result<Exit> {
    let started = Instant::now();
    let ui = ctx.ui.clone();
    interrupt::watch();
    let source = args.file.display().to_string();
    let file = open_input(&args.file)?;
    let Some(lines) = check_input(&file, set, &source)? else {
        return Ok(interrupted_unchanged(&ui));
    };
    let store = ctx.store()?;
    store.expect_type(set.key(), KeyType::Zset)?;
    let mut report = ImportReport {
        set: set.name(),
        key: set.key(),
        source,
        target: store.target().to_string(),
        lines,
        to_add: 0,
        added: 0,
        present: 0,
        failed: 0,
        remaining: 0,
        error: None,
        dry_run: args.dry_run,
        interrupted: false,
        elapsed_secs: 0.0,
        undo: None,
    };

    let Some(present) = count_present(store, &ui, &file, set, lines)? else {
        return Ok(interrupted_unchanged(&ui));
    };
    report.to_add = lines - present;
    if args.dry_run || report.to_add == 0 {
        report.present = present;
        if args.dry_run {
            // The file's size bounds what the record would keep (the entries added).
            let size = file.metadata().map_or(0, |m| m.len());
            report.undo = ctx.would_keep(report.to_add, size);
        }
        return finish(ctx, report, started);
    }
    let question = format!(
        "Add {} {} to {} on {}{}?",
        count(report.to_add),
        plural(report.to_add, "entry", "entries"),
        set.key(),
        report.target,
        if present > 0 {
            format!(" ({} already there are skipped)", count(present))
        } else {
            String::new()
        }
    );
    match confirm(&ui, args.yes, &question) {
        Err(e) if e.is::<Interrupted>() => return Ok(interrupted_unchanged(&ui)),
        other => other?,
    }

    let mut recorder = ctx.start_undo(Kind::ZsetAdd, &[("key", set.key().as_bytes())])?;
    let store = ctx.store()?;
    let (prefix, until) = undo::script_args(recorder.as_ref());
    let progress = Progress::new(&ui, lines, "importing");
    let mut input = Lines::new(&file)?;
    loop {
        if interrupt::requested() {
            report.interrupted = true;
            break;
        }
        let batch = input.batch(set, lines, BATCH)?;
        if batch.is_empty() {
            break;
        }
        let mut args: Vec<&[u8]> = Vec::with_capacity(2 + batch.len() * 2);
        args.push(&prefix);
        args.push(&until);
        for entry in &batch {
            args.push(entry.score.as_bytes());
            args.push(&entry.member);
        }
        let reply = store.eval(&IMPORT_BATCH, &[set.key().as_bytes()], &args)?;
        let mut kept = (0, 0);
        for (entry, reply) in batch.iter().zip(crate::store::value::items(&reply)) {
            match crate::store::value::int(reply) {
                Some(1) => {
                    report.added += 1;
                    kept = (kept.0 + 1, kept.1 + entry.member.len() as u64);
                }
                Some(0) => report.present += 1,
                _ => record_failure(
                    &mut report,
                    crate::store::value::string(reply)
                        .unwrap_or_else(|| format!("unexpected reply {reply:?}")),
                ),
            }
        }
        if let Some(r) = recorder.as_mut() {
            r.add(kept.0, kept.1);
        }
        progress.inc(batch.len() as u64);
        if report.failed > 0 {
            break;
        }
    }
    progress.finish();
    report.remaining = lines.saturating_sub(report.added + report.present + report.failed);
    report.undo = ctx.finish_undo(recorder.as_ref());
    finish(ctx, report, started)
}

fn record_failure(report: &mut ImportReport, reason: String) {
    report.failed += 1;
    report.error.get_or_insert(reason);
}

fn finish(ctx: &mut Ctx, mut report: ImportReport, started: Instant) -> anyhow::Result<Exit> {
    report.elapsed_secs = (started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
    // With nothing to add nothing was written: no change, no audit entry.
    if !report.dry_run && report.to_add > 0 {
        ctx.record(crate::ops::Counts {
            matched: report.lines,
            done: report.added,
            gone: 0,
            skipped: report.present,
            failed: report.failed,
        });
    }
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(report.exit())
}

fn interrupted_unchanged(ui: &Ui) -> Exit {
    ui.note("interrupted; nothing was changed");
    Exit::Interrupted
}

/// How many of the input's members the set already holds (ZSCORE, pipelined by batch), or
/// `None` when interrupted.
fn count_present(
    store: &mut Store,
    ui: &Ui,
    file: &File,
    set: JobSet,
    lines: u64,
) -> anyhow::Result<Option<u64>> {
    let progress = Progress::new(ui, lines, "checking");
    let mut input = Lines::new(file)?;
    let mut present = 0;
    loop {
        if interrupt::requested() {
            progress.finish();
            return Ok(None);
        }
        let batch = input.batch(set, lines, BATCH)?;
        if batch.is_empty() {
            break;
        }
        let mut pipe = redis::pipe();
        for entry in &batch {
            pipe.cmd("ZSCORE").arg(set.key()).arg(&entry.member);
        }
        for reply in store.pipeline(&pipe)? {
            match reply {
                Ok(redis::Value::Nil) => {}
                Ok(_) => present += 1,
                Err(e) => anyhow::bail!("cannot read {}: {e}; nothing was changed", set.key()),
            }
        }
        progress.inc(batch.len() as u64);
    }
    progress.finish();
    Ok(Some(present))
}
