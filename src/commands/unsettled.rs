//! `cogctl unsettled list`.

use std::io::{self, Write};

use clap::{Args, Subcommand};

use crate::text::visible_bytes;

use super::Ctx;
use crate::ops::Problem;
use crate::ops::unsettled::{DEFAULT_LIMIT, UnsettledReport};
use crate::render::Report;
use crate::render::table::{cut, one_line, pad, width};
use crate::render::time::when;
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::text::size;

#[derive(Debug, Subcommand)]
pub enum UnsettledCommand {
    /// List the records waiting in cogworker:unsettled, and whether each is valid to file
    #[command(after_help = crate::render::help::examples(&[
        (
            "The records waiting in cogworker:unsettled, and whether each is valid",
            "cogctl unsettled list",
        ),
        (
            "Every record, for a script",
            "cogctl unsettled list --limit 1000 --json",
        ),
    ]))]
    List(UnsettledListArgs),
    /// File the records into their sets now, as any live process's orphan pass does (invalid
    /// records are quarantined, never filed)
    #[command(after_help = crate::render::help::examples(&[
        (
            "What filing would do; nothing is changed",
            "cogctl unsettled file --dry-run",
        ),
        (
            "File the records into their sets now",
            "cogctl unsettled file",
        ),
    ]))]
    File {
        /// Show the records; change nothing
        #[arg(long)]
        dry_run: bool,
    },
}

#[derive(Debug, Args)]
pub struct UnsettledListArgs {
    /// Show at most N records (every record is still counted)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LIMIT)]
    pub limit: usize,
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

pub fn run_list(ctx: &mut Ctx, args: &UnsettledListArgs) -> anyhow::Result<UnsettledReport> {
    Ok(crate::ops::unsettled::read(ctx.store()?, args.limit)?)
}

const GAP: &str = "  ";

impl Report for UnsettledReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.total == 0 {
            if self.problems.is_empty() {
                writeln!(out, "{}", s.dim("no unsettled records"))?;
            }
            Problem::warn_all(ui, &self.problems);
            return Ok(());
        }
        struct Row {
            pos: String,
            target: String,
            time: String,
            jid: String,
            class: String,
            queue: String,
            error: String,
            /// Why an invalid record would be quarantined, then the record itself.
            quarantine: Option<String>,
            valid: bool,
        }
        let rows: Vec<Row> = self
            .records
            .iter()
            .map(|r| {
                let error = match (&r.reason, &r.payload_unreadable) {
                    (Some(_), _) => String::new(),
                    (None, Some(bad)) => format!("payload unreadable ({bad})"),
                    (None, None) => r.error.clone().unwrap_or_default(),
                };
                let quarantine = r
                    .reason
                    .as_ref()
                    .map(|reason| one_line(&format!("{reason}: {}", visible_bytes(&r.raw))));
                Row {
                    pos: r.position.to_string(),
                    target: if r.valid {
                        r.target()
                    } else {
                        "INVALID".into()
                    },
                    time: r.score_value().map_or("-".into(), |t| when(ui, t)),
                    jid: one_line(r.jid.as_deref().unwrap_or("-")),
                    class: one_line(r.class.as_deref().unwrap_or("-")),
                    queue: one_line(r.queue.as_deref().unwrap_or("-")),
                    error: one_line(&error),
                    quarantine,
                    valid: r.valid,
                }
            })
            .collect();
        let widest = |f: fn(&Row) -> &str, header: &str, max: usize| {
            rows.iter()
                .map(|r| width(f(r)))
                .chain([width(header)])
                .max()
                .unwrap_or(0)
                .min(max)
        };
        let w = [
            widest(|r| &r.pos, "#", 8),
            widest(|r| &r.target, "TARGET", 20),
            widest(|r| &r.time, "WHEN", 20),
            widest(|r| &r.jid, "JID", 26),
            widest(|r| &r.class, "CLASS", 24),
            widest(|r| &r.queue, "QUEUE", 16),
        ];
        let used: usize = w.iter().sum::<usize>() + GAP.len() * w.len();
        let error_width = ui.width.map(|total| total.saturating_sub(used).max(16));
        let fit = |text: &str| match error_width {
            Some(ew) => cut(text, ew),
            None => text.to_string(),
        };
        let header = [
            format!("{:>1$}", "#", w[0]),
            pad("TARGET", w[1]),
            pad("WHEN", w[2]),
            pad("JID", w[3]),
            pad("CLASS", w[4]),
            pad("QUEUE", w[5]),
            "ERROR".into(),
        ]
        .join(GAP);
        writeln!(out, "{}", s.header(&header))?;
        for r in &rows {
            let target = pad(&r.target, w[1]);
            let line = [
                format!("{:>1$}", r.pos, w[0]),
                if r.valid { target } else { s.bad(&target) },
                s.dim(&pad(&r.time, w[2])),
                s.accent(&pad(&r.jid, w[3])),
                pad(&r.class, w[4]),
                pad(&r.queue, w[5]),
                s.bad(&fit(&r.error)),
            ]
            .join(GAP);
            writeln!(out, "{}", line.trim_end())?;
            if let Some(why) = &r.quarantine {
                let indent = w[0] + GAP.len();
                let why = match ui.width {
                    Some(total) => cut(why, total.saturating_sub(indent).max(16)),
                    None => why.clone(),
                };
                writeln!(out, "{}{}", " ".repeat(indent), s.bad(&why))?;
            }
        }
        let more = self.total - self.records.len() as u64;
        if more > 0 {
            writeln!(
                out,
                "{}",
                s.dim(&format!("… {} more (--limit N)", size::count(more)))
            )?;
        }
        let summary = format!(
            "{} record{}, {} invalid",
            size::count(self.total),
            crate::text::plural(self.total, "", "s"),
            size::count(self.invalid)
        );
        writeln!(out)?;
        writeln!(
            out,
            "{}",
            if self.invalid > 0 {
                s.warn(&summary)
            } else {
                summary
            }
        )?;
        writeln!(
            out,
            "{}",
            s.dim(
                "The next orphan pass of any live process files valid records, head first, \
                 and quarantines invalid ones."
            )
        )?;
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}
