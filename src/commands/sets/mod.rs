//! `retry`, `dead` and `scheduled`: the three sorted sets of jobs waiting for a time.

pub mod apply;
pub mod canary;
pub mod list;
pub mod transfer;
pub mod triage;

use clap::{Args, Subcommand};

use super::job::JobArgs;
use crate::store::JobSet;

#[derive(Debug, Subcommand)]
pub enum RetryCommand {
    /// List retry entries, latest next attempt first
    #[command(after_help = crate::render::help::examples(&[
        (
            "The 50 entries whose next attempt is latest",
            "cogctl retry list",
        ),
        (
            "The 20 due soonest",
            "cogctl retry list --oldest-first --limit 20",
        ),
        (
            "Jobs that failed 5 times or more with a timeout",
            "cogctl retry list --min-retries 5 --error Timeout",
        ),
    ]))]
    List(list::ListArgs),
    /// Group retry entries into failure patterns: how many, since when, where
    #[command(after_help = crate::render::help::examples(&[
        (
            "The retry set grouped into failure patterns (fingerprints)",
            "cogctl retry triage",
        ),
        (
            "Grouped by class and queue instead",
            "cogctl retry triage --by class,queue",
        ),
        (
            "Only the entries added in the last hour",
            "cogctl retry triage --since 1h",
        ),
    ]))]
    Triage(crate::ops::triage::TriageArgs),
    /// Show one retry entry: where the job is, its payload and its attempt timeline
    #[command(after_help = crate::render::help::examples(&[
        (
            "One entry: where the job is, its payload, its attempt timeline",
            "cogctl retry show f8138b8b5e56769076bcad1f",
        ),
        (
            "With the backtraces of its failed runs",
            "cogctl retry show f8138b8b5e56769076bcad1f --backtrace",
        ),
    ]))]
    Show(ShowArgs),
    /// Put retry entries back on their queues now (the Web UI's "retry now")
    #[command(after_help = crate::render::help::examples(&[
        (
            "Run one job now instead of at its next attempt",
            "cogctl retry retry f8138b8b5e56769076bcad1f",
        ),
        (
            "What retrying one failure pattern now would touch; nothing is changed",
            "cogctl retry retry --fingerprint 9c1acf3f --dry-run",
        ),
        (
            "Every entry of a class, 200 jobs/s, without asking",
            "cogctl retry retry --class Billing::InvoiceJob --rate 200 --yes",
        ),
        (
            "10 first, watched; then tenfold while they run; stop if they fail again",
            "cogctl retry retry --fingerprint 9c1acf3f --canary 10 --yes",
        ),
    ]))]
    Retry(canary::RetryArgs),
    /// Delete retry entries (their attempts logs and locks too)
    #[command(after_help = crate::render::help::examples(&[
        (
            "Delete one entry (its attempts log and locks too)",
            "cogctl retry delete f8138b8b5e56769076bcad1f",
        ),
        (
            "What deleting every entry of a class would remove",
            "cogctl retry delete --class Legacy::SyncJob --dry-run",
        ),
    ]))]
    Delete(apply::ActionArgs),
    /// Move retry entries to dead (their locks are released)
    #[command(after_help = crate::render::help::examples(&[
        (
            "Send one job to dead now",
            "cogctl retry kill f8138b8b5e56769076bcad1f",
        ),
        (
            "Give up on a failure pattern: see what would move first",
            "cogctl retry kill --fingerprint 9c1acf3f --dry-run",
        ),
    ]))]
    Kill(apply::ActionArgs),
    /// Give retry entries a new time (--in or --at)
    #[command(after_help = crate::render::help::examples(&[
        (
            "Try this job again in 30 minutes",
            "cogctl retry reschedule f8138b8b5e56769076bcad1f --in 30m",
        ),
        (
            "Move a class's retries past a maintenance window",
            "cogctl retry reschedule --class Billing::ChargeJob --at 2026-12-03T18:00:00Z --dry-run",
        ),
    ]))]
    Reschedule(apply::RescheduleArgs),
    /// Write retry entries as lossless NDJSON {score, member} lines
    #[command(after_help = crate::render::help::notes_and_examples(transfer::EXPORT_NOTES, &[
        (
            "A lossless copy of the whole retry set",
            "cogctl retry export --output retry.ndjson",
        ),
        (
            "One class's entries, on stdout",
            "cogctl retry export --class Billing::InvoiceJob",
        ),
    ]))]
    Export(transfer::ExportArgs),
}

#[derive(Debug, Subcommand)]
pub enum DeadCommand {
    /// List dead entries, most recently died first
    #[command(after_help = crate::render::help::examples(&[
        (
            "The 50 most recent deaths, with their errors",
            "cogctl dead list",
        ),
        (
            "The deaths of one class in the last 2 hours",
            "cogctl dead list --since 2h --class Billing::InvoiceJob",
        ),
        (
            "Every entry that mentions customer 42, one JSON object a line",
            "cogctl dead list --search cus_42 --all --ndjson",
        ),
    ]))]
    List(list::ListArgs),
    /// Group dead entries into failure patterns: how many, since when, where
    #[command(after_help = crate::render::help::examples(&[
        (
            "The dead set grouped into failure patterns, each with a ready dry run",
            "cogctl dead triage",
        ),
        (
            "Grouped by error class instead",
            "cogctl dead triage --by error-class",
        ),
        (
            "The failed runs the History middleware recorded, first attempts included",
            "cogctl dead triage --from-history",
        ),
    ]))]
    Triage(crate::ops::triage::TriageArgs),
    /// Show one dead entry: where the job is, its payload and its attempt timeline
    #[command(after_help = crate::render::help::examples(&[
        (
            "One entry: where the job is, its payload, its attempt timeline",
            "cogctl dead show f8138b8b5e56769076bcad1f",
        ),
        (
            "With the backtraces of its failed runs",
            "cogctl dead show f8138b8b5e56769076bcad1f --backtrace",
        ),
    ]))]
    Show(ShowArgs),
    /// Put dead entries back on their queues (the Web UI's "retry")
    #[command(after_help = crate::render::help::examples(&[
        (
            "What retrying one failure pattern would touch; nothing is changed",
            "cogctl dead retry --fingerprint 9c1acf3f --since 2h --dry-run",
        ),
        (
            "Write the exact entries a retry would take, for review",
            "cogctl dead retry --fingerprint 9c1acf3f --since 2h --plan-out retry.ndjson",
        ),
        (
            "Retry exactly those, 500 jobs/s, pausing while a queue holds 5,000",
            "cogctl dead retry --plan retry.ndjson --rate 500 --max-queue-depth 5000",
        ),
        (
            "A pattern in watched steps (10, 100, 1,000, the rest) that stop if they fail again",
            "cogctl dead retry --fingerprint 9c1acf3f --canary 10 --yes",
        ),
    ]))]
    Retry(canary::RetryArgs),
    /// Delete dead entries (their attempts logs and locks too)
    #[command(after_help = crate::render::help::examples(&[
        (
            "Delete one entry (its attempts log and locks too)",
            "cogctl dead delete f8138b8b5e56769076bcad1f",
        ),
        (
            "What deleting every death older than 30 days would remove",
            "cogctl dead delete --until 30d --dry-run",
        ),
    ]))]
    Delete(apply::ActionArgs),
    /// Write dead entries as lossless NDJSON {score, member} lines
    #[command(after_help = crate::render::help::notes_and_examples(transfer::EXPORT_NOTES, &[
        (
            "A lossless copy of the whole dead set",
            "cogctl dead export --output dead.ndjson",
        ),
        (
            "Only one failure pattern",
            "cogctl dead export --fingerprint 9c1acf3f --output pattern.ndjson",
        ),
    ]))]
    Export(transfer::ExportArgs),
    /// Add entries written by `export` back to the dead set (members already there are skipped)
    Import(transfer::ImportArgs),
}

#[derive(Debug, Subcommand)]
pub enum ScheduledCommand {
    /// List scheduled entries, latest due first
    #[command(after_help = crate::render::help::examples(&[
        (
            "The 50 entries due latest",
            "cogctl scheduled list",
        ),
        (
            "What is due within the hour, soonest first",
            "cogctl scheduled list --until +1h --oldest-first",
        ),
    ]))]
    List(list::ListArgs),
    /// Show one scheduled entry: where the job is, its payload and its timeline
    #[command(after_help = crate::render::help::examples(&[
        (
            "One entry: where the job is, its payload, its timeline",
            "cogctl scheduled show f8138b8b5e56769076bcad1f",
        ),
        (
            "For a script (exit 1 when it isn't scheduled)",
            "cogctl scheduled show f8138b8b5e56769076bcad1f --json",
        ),
    ]))]
    Show(ShowArgs),
    /// Push scheduled entries to their queues now, as the poller does when they are due
    #[command(after_help = crate::render::help::examples(&[
        (
            "Push one scheduled job to its queue now",
            "cogctl scheduled enqueue-now f8138b8b5e56769076bcad1f",
        ),
        (
            "What pushing everything due in the next 10 minutes would touch",
            "cogctl scheduled enqueue-now --until +10m --dry-run",
        ),
    ]))]
    EnqueueNow(apply::RequeueArgs),
    /// Delete scheduled entries (their locks too)
    #[command(after_help = crate::render::help::examples(&[
        (
            "Delete one scheduled job (its locks too)",
            "cogctl scheduled delete f8138b8b5e56769076bcad1f",
        ),
        (
            "What deleting a class's scheduled jobs would remove",
            "cogctl scheduled delete --class Reports::WeeklyJob --dry-run",
        ),
    ]))]
    Delete(apply::ActionArgs),
    /// Give scheduled entries a new due time (--in or --at)
    #[command(after_help = crate::render::help::examples(&[
        (
            "Push one job back by 2 hours",
            "cogctl scheduled reschedule f8138b8b5e56769076bcad1f --in 2h",
        ),
        (
            "Move a class's jobs to a fixed time",
            "cogctl scheduled reschedule --class Reports::WeeklyJob --at 2026-12-07T06:00:00Z --dry-run",
        ),
    ]))]
    Reschedule(apply::RescheduleArgs),
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The job's jid (24 hex characters)
    pub jid: String,

    /// Show the backtraces of its failed runs (from the History middleware's records)
    #[arg(long)]
    pub backtrace: bool,
}

impl ShowArgs {
    /// `show` is `cogctl job` that expects the job in one set (exit 1 when it isn't there).
    pub fn job(&self, set: Option<JobSet>) -> JobArgs {
        JobArgs {
            jid: self.jid.clone(),
            backtrace: self.backtrace,
            expect: set,
        }
    }
}
