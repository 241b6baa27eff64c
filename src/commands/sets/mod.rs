//! `retry`, `dead` and `scheduled`: the three sorted sets of jobs waiting for a time.

pub mod filter;
pub mod list;

use clap::{Args, Subcommand};

use super::job::JobArgs;
use crate::store::JobSet;

#[derive(Debug, Subcommand)]
pub enum RetryCommand {
    /// List retry entries, latest next attempt first
    List(list::ListArgs),
    /// Show one retry entry: where the job is, its payload and its attempt timeline
    Show(ShowArgs),
}

#[derive(Debug, Subcommand)]
pub enum DeadCommand {
    /// List dead entries, most recently died first
    List(list::ListArgs),
    /// Show one dead entry: where the job is, its payload and its attempt timeline
    Show(ShowArgs),
}

#[derive(Debug, Subcommand)]
pub enum ScheduledCommand {
    /// List scheduled entries, latest due first
    List(list::ListArgs),
    /// Show one scheduled entry: where the job is, its payload and its timeline
    Show(ShowArgs),
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The job's jid (24 hex characters)
    pub jid: String,
}

impl ShowArgs {
    /// `show` is `cogctl job` that expects the job in one set (exit 1 when it isn't there).
    pub fn job(&self, set: Option<JobSet>) -> JobArgs {
        JobArgs {
            jid: self.jid.clone(),
            expect: set,
        }
    }
}
