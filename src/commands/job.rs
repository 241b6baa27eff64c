//! `cogctl job JID` (also `dead show`, `retry show`, `scheduled show`): the job wherever it
//! is, read by the core (ops/job.rs), shown by render/job.rs.

use clap::Args;

use super::Ctx;
use crate::ops::job::JobReport;
use crate::store::JobSet;

/// Find a job wherever it is, show its payload and its attempt timeline
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "Where the job is now, its payload, its attempt timeline, its finished runs",
        "cogctl job f8138b8b5e56769076bcad1f",
    ),
    (
        "The same, with the backtraces of its failed runs",
        "cogctl job f8138b8b5e56769076bcad1f --backtrace",
    ),
    (
        "For a script (exit 1 when it is found nowhere)",
        "cogctl job f8138b8b5e56769076bcad1f --json",
    ),
]))]
pub struct JobArgs {
    /// The job's jid (24 hex characters)
    pub jid: String,

    /// Show the backtraces of its failed runs (from the History middleware's records)
    #[arg(long)]
    pub backtrace: bool,

    /// Set by `dead show` and the like: the set the job is expected in.
    #[arg(skip)]
    pub expect: Option<JobSet>,
}

pub fn run(ctx: &mut Ctx, args: &JobArgs) -> anyhow::Result<JobReport> {
    let pinned = ctx.ui.clock.pinned.then_some(ctx.ui.clock.now);
    crate::ops::job::read(ctx.store()?, &args.jid, args.expect, args.backtrace, pinned)
}
