//! Retry, delete, kill, reschedule and enqueue-now on the retry, dead and scheduled sets: one
//! entry by jid, or in bulk by filters, from a plan file, paced and interruptible.

use std::path::PathBuf;

use clap::Args;

use super::filter::FilterArgs;
use crate::cli::exit::Exit;
use crate::cli::values::{TimeArg, parse_time};
use crate::commands::Ctx;
use crate::commands::bulk::PaceArgs;
use crate::store::JobSet;

#[derive(Debug, Args)]
pub struct ActionArgs {
    /// The jids to act on (each found by its jid, then acted on by its exact stored bytes)
    #[arg(value_name = "JID")]
    pub jids: Vec<String>,

    /// Read jids from FILE (one per line), `-` for stdin
    #[arg(long, value_name = "FILE|-")]
    pub jid_file: Option<PathBuf>,

    #[command(flatten)]
    pub filter: FilterArgs,

    /// Every entry of the set that matches the filters (or every entry, without filters)
    #[arg(long)]
    pub all: bool,

    /// Show the plan — counts per class, queue and error, a sample, the target Redis — and
    /// change nothing
    #[arg(long, help_heading = "Planning")]
    pub dry_run: bool,

    /// Write the exact entries that would be acted on to FILE (NDJSON), change nothing
    #[arg(long, value_name = "FILE", help_heading = "Planning")]
    pub plan_out: Option<PathBuf>,

    /// Act on exactly the entries of a plan written by --plan-out (or by export)
    #[arg(long, value_name = "FILE|-", help_heading = "Planning")]
    pub plan: Option<PathBuf>,

    /// Write each entry's outcome (done / gone / skipped / failed) to FILE as NDJSON
    #[arg(long, value_name = "FILE", help_heading = "Planning")]
    pub report: Option<PathBuf>,

    #[command(flatten)]
    pub pace: PaceArgs,

    /// Don't ask for confirmation
    #[arg(long, short)]
    pub yes: bool,
}

#[derive(Debug, Args)]
pub struct RequeueArgs {
    #[command(flatten)]
    pub action: ActionArgs,

    /// Give each job a fresh retry budget (remove its retry_count); by default it is kept, as
    /// the Web UI does, so a job that died of an exhausted budget gets exactly one attempt
    #[arg(long)]
    pub reset_retries: bool,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("when").required(true).args(["in", "at"])))]
pub struct RescheduleArgs {
    #[command(flatten)]
    pub action: ActionArgs,

    /// Due this long from now (e.g. 30m, 2h)
    #[arg(long = "in", value_name = "DURATION", value_parser = crate::cli::values::parse_duration)]
    pub r#in: Option<std::time::Duration>,

    /// Due at TIME (RFC 3339, or +DURATION)
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    pub at: Option<TimeArg>,
}

/// The change made to each entry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Back to its queue now (claim-and-requeue).
    Requeue {
        reset_retries: bool,
    },
    /// Retry → dead.
    Kill,
    Delete,
    /// A new score, same payload.
    Reschedule {
        score: f64,
    },
}

pub fn run(
    _ctx: &mut Ctx,
    _set: JobSet,
    _action: Action,
    _args: &ActionArgs,
) -> anyhow::Result<Exit> {
    anyhow::bail!("not implemented yet")
}
