//! `retry`, `dead` and `scheduled`: the three sorted sets of jobs waiting for a time.

pub mod apply;
pub mod filter;
pub mod fingerprint;
pub mod list;
pub mod transfer;
pub mod triage;

use clap::{Args, Subcommand};

use super::job::JobArgs;
use crate::store::JobSet;

#[derive(Debug, Subcommand)]
pub enum RetryCommand {
    /// List retry entries, latest next attempt first
    List(list::ListArgs),
    /// Group retry entries into failure patterns: how many, since when, where
    Triage(triage::TriageArgs),
    /// Show one retry entry: where the job is, its payload and its attempt timeline
    Show(ShowArgs),
    /// Put retry entries back on their queues now (the Web UI's "retry now")
    Retry(apply::RequeueArgs),
    /// Delete retry entries (their attempts logs and locks too)
    Delete(apply::ActionArgs),
    /// Move retry entries to dead (their locks are released)
    Kill(apply::ActionArgs),
    /// Give retry entries a new time (--in or --at)
    Reschedule(apply::RescheduleArgs),
    /// Write retry entries as lossless NDJSON {score, member} lines
    Export(transfer::ExportArgs),
}

#[derive(Debug, Subcommand)]
pub enum DeadCommand {
    /// List dead entries, most recently died first
    List(list::ListArgs),
    /// Group dead entries into failure patterns: how many, since when, where
    Triage(triage::TriageArgs),
    /// Show one dead entry: where the job is, its payload and its attempt timeline
    Show(ShowArgs),
    /// Put dead entries back on their queues (the Web UI's "retry")
    Retry(apply::RequeueArgs),
    /// Delete dead entries (their attempts logs and locks too)
    Delete(apply::ActionArgs),
    /// Write dead entries as lossless NDJSON {score, member} lines
    Export(transfer::ExportArgs),
    /// Add entries written by `export` back to the dead set (members already there are skipped)
    Import(transfer::ImportArgs),
}

#[derive(Debug, Subcommand)]
pub enum ScheduledCommand {
    /// List scheduled entries, latest due first
    List(list::ListArgs),
    /// Show one scheduled entry: where the job is, its payload and its timeline
    Show(ShowArgs),
    /// Push scheduled entries to their queues now, as the poller does when they are due
    EnqueueNow(apply::RequeueArgs),
    /// Delete scheduled entries (their locks too)
    Delete(apply::ActionArgs),
    /// Give scheduled entries a new due time (--in or --at)
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
