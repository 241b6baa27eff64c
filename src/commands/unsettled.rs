//! `cogctl unsettled list`.

use std::io::{self, Write};

use clap::{Args, Subcommand};
use serde::Serialize;
use serde_json::Number;

use crate::store::unsettled::parse_record;
use crate::text::visible_bytes;

use super::Ctx;
use crate::ops::Problem;
use crate::render::table::{cut, one_line, pad, width};
use crate::render::time::{rfc3339, when};
use crate::render::{Report, size};
use crate::store::job::Job;
use crate::store::page::ListPager;
use crate::store::{JobSet, keys};
use crate::term::exit::Exit;
use crate::term::ui::Ui;

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

/// Records shown by default; the whole list is still read (in pages) to count them.
pub const DEFAULT_LIMIT: usize = 100;

#[derive(Debug, Args)]
pub struct UnsettledListArgs {
    /// Show at most N records (every record is still counted)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LIMIT)]
    pub limit: usize,
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

#[derive(Debug, Serialize)]
pub struct UnsettledReport {
    /// Records on the list.
    pub total: u64,
    /// Records any live process's orphan pass would quarantine instead of filing.
    pub invalid: u64,
    /// The first `--limit` records, head first.
    pub records: Vec<UnsettledRecord>,
    pub problems: Vec<Problem>,
}

/// One record of `cogworker:unsettled` (KEYS.md §3.13), judged as OPERATIONS §10.2 does.
#[derive(Debug, Serialize)]
pub struct UnsettledRecord {
    /// Index in the list, 0 = head (filed first).
    pub position: u64,
    pub valid: bool,
    /// Why the record would be quarantined rather than filed (invalid records only).
    pub reason: Option<String>,
    /// The target set named by the record, when it is a string.
    pub set: Option<String>,
    /// The score as written (a JSON number, digits kept), when it is one.
    pub score: Option<Number>,
    /// The score as RFC 3339 UTC: when the retry is due / when it died.
    pub time: Option<String>,
    pub jid: Option<String>,
    pub class: Option<String>,
    pub queue: Option<String>,
    /// `"ErrorClass: message"` of the payload.
    pub error: Option<String>,
    /// Why the payload string is not a readable job (it would still be filed as is).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payload_unreadable: Option<String>,
    /// The record exactly as stored (invalid UTF-8 shown as U+FFFD).
    pub record: String,
    /// The record's bytes, which the table shows escaped.
    #[serde(skip)]
    raw: Vec<u8>,
}

impl UnsettledRecord {
    pub fn new(position: u64, raw: &[u8]) -> UnsettledRecord {
        let parsed = parse_record(raw);
        let time = parsed.score.as_ref().and_then(Number::as_f64).map(rfc3339);
        let mut record = UnsettledRecord {
            position,
            valid: parsed.invalid.is_none(),
            reason: parsed.invalid,
            set: parsed.set,
            score: parsed.score,
            time,
            jid: None,
            class: None,
            queue: None,
            error: None,
            payload_unreadable: None,
            record: String::from_utf8_lossy(raw).into_owned(),
            raw: raw.to_vec(),
        };
        if let Some(payload) = &parsed.payload {
            match Job::parse(payload.as_bytes()) {
                Ok(job) => {
                    record.jid = job.jid.as_ref().map(|j| j.to_string());
                    record.class = job.class.as_ref().map(|c| c.to_string());
                    record.queue = job.queue.as_ref().map(|q| q.to_string());
                    record.error = job.error_line();
                }
                Err(bad) => record.payload_unreadable = Some(bad.reason),
            }
        }
        record
    }

    /// The target set as people call it, or the raw name when it is not one of the three.
    pub fn target(&self) -> String {
        match self.set.as_deref() {
            Some(s) => JobSet::from_key(s).map_or_else(|| s.to_string(), |set| set.name().into()),
            None => "-".into(),
        }
    }

    pub fn score_value(&self) -> Option<f64> {
        self.score.as_ref().and_then(Number::as_f64)
    }
}

pub fn run_list(ctx: &mut Ctx, args: &UnsettledListArgs) -> anyhow::Result<UnsettledReport> {
    let store = ctx.store()?;
    let mut pager = ListPager::new(keys::UNSETTLED);
    let mut report = UnsettledReport {
        total: 0,
        invalid: 0,
        records: Vec::new(),
        problems: Vec::new(),
    };
    loop {
        let page = match pager.next_page(store) {
            Ok(Some(page)) => page,
            Ok(None) => break,
            Err(e) if e.is_connection() => return Err(e.into()),
            Err(e) => {
                report
                    .problems
                    .push(Problem::from_store(keys::UNSETTLED, &e));
                break;
            }
        };
        for raw in page {
            let position = report.total;
            report.total += 1;
            if report.records.len() < args.limit {
                let record = UnsettledRecord::new(position, &raw);
                report.invalid += u64::from(!record.valid);
                report.records.push(record);
            } else if parse_record(&raw).invalid.is_some() {
                report.invalid += 1;
            }
        }
    }
    Ok(report)
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
