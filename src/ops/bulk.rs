//! What every command that changes many entries shares: pacing flags, per-entry outcomes,
//! the summary (table and JSON) and its exit code.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use crate::store::Name;
use crate::term::exit::{Exit, UsageError};
use crate::term::interrupt;

/// The most entries one script call handles: each entry costs a few microseconds inside
/// Redis, so a batch stays far below the 50 ms no call may exceed.
pub const MAX_BATCH: usize = 2000;

#[derive(Clone, Debug, Args)]
pub struct PaceArgs {
    /// At most N entries per second (e.g. 500 or 500/s); default: as fast as Redis allows
    #[arg(long, value_name = "N/s", value_parser = parse_rate, help_heading = "Pacing")]
    pub rate: Option<f64>,

    /// Entries per script call (1–2000)
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_BATCH as u64), help_heading = "Pacing")]
    pub batch: u64,

    /// Pause while a target queue holds more than N jobs (so a retry doesn't restart the
    /// outage)
    #[arg(long, value_name = "N", help_heading = "Pacing")]
    pub max_queue_depth: Option<u64>,
}

fn parse_rate(text: &str) -> Result<f64, String> {
    let number = text.trim().trim_end_matches("/s");
    match number.parse::<f64>() {
        Ok(r) if r.is_finite() && r > 0.0 => Ok(r),
        _ => Err(format!("{text:?} is not a rate like 500 or 500/s")),
    }
}

/// What happened to one entry.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Done: moved, deleted, rescheduled.
    Done,
    /// No longer there when the script looked (someone else moved it): not an error.
    Gone,
    /// Matched but can't be acted on (e.g. a member that isn't a job can't be requeued):
    /// left in place.
    Skipped(String),
    /// The action failed for this entry: left in place.
    Failed(String),
    /// A jid named on the command line isn't where the command looks (why: where it is).
    NotFound(String),
}

impl Outcome {
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Done => "done",
            Outcome::Gone => "gone",
            Outcome::Skipped(_) => "skipped",
            Outcome::Failed(_) => "failed",
            Outcome::NotFound(_) => "not_found",
        }
    }

    /// Why it was not done, when it wasn't.
    pub fn reason(&self) -> Option<&str> {
        match self {
            Outcome::Skipped(r) | Outcome::Failed(r) | Outcome::NotFound(r) => Some(r),
            Outcome::Done | Outcome::Gone => None,
        }
    }
}

/// One entry that was not done, in the summary.
#[derive(Clone, Debug, Serialize)]
pub struct Unfinished {
    pub jid: String,
    pub outcome: &'static str,
    pub reason: Option<String>,
}

/// The summary of a change, printed at the end (also when interrupted). Its JSON form is a
/// contract (docs/output.md "JSON output").
#[derive(Debug, Serialize)]
pub struct Summary {
    /// What was done, e.g. "retry", "delete", "kill", "reschedule", "enqueue-now".
    pub action: String,
    /// The set or queue acted on.
    pub source: Name,
    /// The Redis, password redacted.
    pub target: String,
    /// Entries acted on successfully (moved, deleted, rescheduled).
    pub moved: u64,
    /// Entries gone before they could be acted on (someone else moved them).
    pub gone: u64,
    /// Entries that could not be acted on, left in place.
    pub failed: u64,
    /// Entries matched but not actionable (e.g. not a job), left in place.
    pub skipped: u64,
    /// Of `failed`: jids named that are not where the command looked.
    pub not_found: u64,
    /// True when Ctrl-C stopped the run between batches.
    pub interrupted: bool,
    pub elapsed_secs: f64,
    /// The first entries that were not done, with why.
    pub unfinished: Vec<Unfinished>,
    /// How many more were not done than `unfinished` lists.
    pub unfinished_more: u64,
    /// What was kept to undo the change (`cogctl undo`), absent with --no-undo.
    pub undo: Option<crate::store::undo::Kept>,
    #[serde(skip)]
    pub verb: &'static str,
    #[serde(skip)]
    started: Option<Instant>,
}

/// How many unfinished entries the summary names.
const UNFINISHED_SHOWN: usize = 100;

impl Summary {
    /// `verb` is the past tense people read: "retried", "deleted", "killed" …
    pub fn new(action: &str, verb: &'static str, source: impl Into<Name>, target: &str) -> Summary {
        Summary {
            action: action.to_string(),
            source: source.into(),
            target: target.to_string(),
            moved: 0,
            gone: 0,
            failed: 0,
            skipped: 0,
            not_found: 0,
            interrupted: false,
            elapsed_secs: 0.0,
            unfinished: Vec::new(),
            unfinished_more: 0,
            undo: None,
            verb,
            started: Some(Instant::now()),
        }
    }

    pub fn record(&mut self, jid: &str, outcome: Outcome) {
        let reason = match &outcome {
            Outcome::Done => {
                self.moved += 1;
                return;
            }
            Outcome::Gone => {
                self.gone += 1;
                None
            }
            Outcome::Skipped(r) => {
                self.skipped += 1;
                Some(r.clone())
            }
            Outcome::Failed(r) => {
                self.failed += 1;
                Some(r.clone())
            }
            Outcome::NotFound(r) => {
                self.failed += 1;
                self.not_found += 1;
                Some(r.clone())
            }
        };
        if self.unfinished.len() < UNFINISHED_SHOWN {
            self.unfinished.push(Unfinished {
                jid: jid.to_string(),
                outcome: outcome.name(),
                reason,
            });
        } else {
            self.unfinished_more += 1;
        }
    }

    pub fn total(&self) -> u64 {
        self.moved + self.gone + self.failed + self.skipped
    }

    /// 130 interrupted; 1 when nothing was done and entries went unfinished; 4 when some
    /// were done and some not; 0 otherwise.
    pub fn exit(&self) -> Exit {
        bulk_exit(
            self.interrupted,
            self.failed + self.skipped,
            self.moved + self.gone,
        )
    }

    /// Stop the clock (and note an interruption) before the summary is shown.
    pub fn finish(&mut self) {
        if let Some(started) = self.started.take() {
            self.elapsed_secs = (started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
        }
        self.interrupted |= interrupt::requested();
    }
}

/// The jids named on the command line and in `--jid-file FILE|-` (one per line; blank lines
/// and `#` comments skipped), each once, in order. A file that names no jid is a usage error.
pub fn named_jids(args: &[String], file: Option<&Path>) -> anyhow::Result<Vec<String>> {
    let mut jids = args.to_vec();
    if let Some(path) = file {
        let reader: Box<dyn BufRead> = if path == Path::new("-") {
            Box::new(BufReader::new(io::stdin()))
        } else {
            Box::new(BufReader::new(File::open(path).with_context(|| {
                format!("cannot read jids from {}", path.display())
            })?))
        };
        let before = jids.len();
        for line in reader.lines() {
            let line = line.with_context(|| format!("cannot read jids from {}", path.display()))?;
            let jid = line.trim();
            if !jid.is_empty() && !jid.starts_with('#') {
                jids.push(jid.to_string());
            }
        }
        if jids.len() == before {
            return Err(UsageError(format!("{} holds no jid", path.display())).into());
        }
    }
    if let Some(bad) = jids.iter().find(|j| j.trim().is_empty()) {
        return Err(UsageError(format!("{bad:?} is not a jid")).into());
    }
    let mut seen = HashSet::new();
    jids.retain(|j| seen.insert(j.clone()));
    Ok(jids)
}

/// The exit status of a bulk change: 130 interrupted; 1 when entries went unfinished and
/// nothing was done; 4 when some were done and some not; 0 otherwise.
pub fn bulk_exit(interrupted: bool, unfinished: u64, done: u64) -> Exit {
    if interrupted {
        Exit::Interrupted
    } else if unfinished > 0 && done == 0 {
        Exit::Failure
    } else if unfinished > 0 {
        Exit::Partial
    } else {
        Exit::Ok
    }
}

/// Keeps a run at or below `--rate` entries per second.
pub struct Pacer {
    rate: Option<f64>,
    started: Instant,
    done: u64,
}

impl Pacer {
    pub fn new(rate: Option<f64>) -> Pacer {
        Pacer {
            rate,
            started: Instant::now(),
            done: 0,
        }
    }

    /// Count `n` more entries and sleep as long as the rate asks (waking early on Ctrl-C).
    pub fn after(&mut self, n: u64) {
        self.done += n;
        let Some(rate) = self.rate else { return };
        let due = Duration::from_secs_f64(self.done as f64 / rate);
        while self.started.elapsed() < due && !interrupt::requested() {
            let left = due - self.started.elapsed();
            std::thread::sleep(left.min(Duration::from_millis(100)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates() {
        assert_eq!(parse_rate("500").unwrap(), 500.0);
        assert_eq!(parse_rate("2.5/s").unwrap(), 2.5);
        assert!(parse_rate("0").is_err());
        assert!(parse_rate("fast").is_err());
    }

    #[test]
    fn summary_counts_and_exit() {
        let mut s = Summary::new("retry", "retried", "cogworker:dead", "redis://x");
        s.record("a", Outcome::Done);
        s.record("b", Outcome::Gone);
        assert_eq!(s.exit(), Exit::Ok);
        let mut only_failures = Summary::new("retry", "retried", "cogworker:dead", "redis://x");
        only_failures.record("z", Outcome::NotFound("not in cogworker:dead".into()));
        assert_eq!(only_failures.exit(), Exit::Failure);
        s.record("c", Outcome::Skipped("not a job".into()));
        assert_eq!(s.exit(), Exit::Partial);
        assert_eq!((s.moved, s.gone, s.skipped, s.total()), (1, 1, 1, 3));
        assert_eq!(s.unfinished.len(), 2);
    }
}
