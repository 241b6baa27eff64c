//! `cogctl queue dedupe QUEUE`: the arguments, the confirmation and the report; the dedupe
//! itself is the core's (ops::dedupe).

use std::io::{self, Write};

use clap::Args;

use super::super::Ctx;
use crate::clock::rfc3339;
use crate::ops::dedupe::{self, By, DedupeReport};
use crate::render::progress::Progress;
use crate::render::table::{self, Tone};
use crate::render::{self, Report};
use crate::store::Name;
use crate::term::confirm::confirm;
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::term::values::name_parser;
use crate::text::size::{bytes, count};

#[derive(Debug, Args)]
pub struct DedupeArgs {
    /// The queue
    #[arg(value_name = "QUEUE", value_parser = name_parser())]
    pub queue_name: Name,

    /// What makes two jobs duplicates: the same class and args (as stored), or the same args
    #[arg(long, value_enum, value_name = "FIELDS", default_value_t = By::ClassArgs)]
    pub by: By,

    /// Count the duplicates by class, and change nothing
    #[arg(long)]
    pub dry_run: bool,

    /// Don't ask for confirmation
    #[arg(long, short)]
    pub yes: bool,
}

impl Report for DedupeReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let verb = if self.dry_run {
            "would remove"
        } else if self.interrupted {
            "interrupted: removed"
        } else {
            "removed"
        };
        writeln!(
            out,
            "{} {} duplicate {} ({}) of {} on queue {} (same {}; the one workers take first is \
             kept)",
            s.strong(verb),
            count(self.duplicates),
            crate::text::plural(self.duplicates, "job", "jobs"),
            bytes(self.duplicate_bytes as i64),
            count(self.scanned),
            self.queue.shown(),
            self.by.replace(',', " and ")
        )?;
        if !self.by_class.is_empty() {
            let mut t = table::new(ui, &["CLASS", "DUPLICATES"]);
            for c in self.by_class.iter().take(20) {
                t.add_row(vec![
                    table::cell(
                        ui,
                        c.class.as_deref().unwrap_or("(other classes)"),
                        Tone::Strong,
                    ),
                    table::cell(ui, count(c.duplicates), Tone::Plain),
                ]);
            }
            writeln!(out)?;
            out.write_all(table::finish(&mut t, &[1]).as_bytes())?;
            if self.by_class.len() > 20 {
                writeln!(out, "… and {} more classes", self.by_class.len() - 20)?;
            }
        }
        if self.dry_run {
            match &self.undo {
                Some(k) => writeln!(
                    out,
                    "undo: would keep the queue as it was (≈ {}, the whole queue: it is rebuilt \
                     beside itself) until {}; --no-undo keeps nothing",
                    bytes(k.bytes as i64),
                    rfc3339(k.until)
                )?,
                None => writeln!(out, "undo: --no-undo, nothing would be kept")?,
            }
            writeln!(out, "{}", s.dim("dry run: nothing was changed"))?;
        } else if self.interrupted {
            writeln!(
                out,
                "{}",
                s.dim("interrupted before the swap: nothing was changed")
            )?;
        }
        Ok(())
    }

    fn exit(&self) -> Exit {
        if self.interrupted {
            Exit::Interrupted
        } else {
            Exit::Ok
        }
    }
}

pub fn run(ctx: &mut Ctx, args: &DedupeArgs) -> anyhow::Result<Exit> {
    let queue = &args.queue_name;
    super::check_name(queue)?;
    let store = ctx.store()?;
    store.expect_type(
        &crate::store::keys::queue(queue),
        crate::store::KeyType::List,
    )?;
    super::refuse_missing(store, queue, "removed")?;
    if args.dry_run {
        let report = dedupe::dry_run(ctx, queue, args.by)?;
        render::emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(Exit::Ok);
    }
    let ui = ctx.ui.clone();
    let length = dedupe::length(ctx.store()?, queue)?;
    if length > 0 {
        let target = ctx.store()?.target().to_string();
        confirm(
            &ui,
            args.yes,
            &format!(
                "Remove the duplicate jobs (same {}) from queue {} ({} jobs) on {target}, \
                 keeping the one workers take first?",
                args.by.fields().replace(',', " and "),
                queue.shown(),
                count(length)
            ),
        )?;
    }
    let progress = Progress::new(&ui, length, "deduping");
    let report = dedupe::apply(ctx, queue, args.by, length, &progress);
    progress.finish();
    let report = report?;
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(report.exit())
}
