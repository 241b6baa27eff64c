//! `cogctl queue pause|resume|clear|delete-job`: queue control.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::Ctx;
use super::bulk::PaceArgs;
use super::sets::filter::FilterArgs;
use crate::cli::exit::Exit;

#[derive(Debug, Subcommand)]
pub enum QueueCommand {
    /// Stop workers fetching from these queues; pushes still land and wait
    Pause {
        #[arg(required = true, value_name = "QUEUE")]
        queues: Vec<String>,
    },
    /// Let workers fetch from these queues again
    Resume {
        #[arg(required = true, value_name = "QUEUE")]
        queues: Vec<String>,
    },
    /// Delete every job waiting on QUEUE
    Clear {
        queue: String,
        /// Clear a queue that isn't listed in cogworker:queues
        #[arg(long)]
        force: bool,
        /// Don't ask for confirmation
        #[arg(long, short)]
        yes: bool,
    },
    /// Delete waiting jobs from QUEUE by jid, or every job matching the filters
    DeleteJob(Box<DeleteJobArgs>),
}

#[derive(Debug, Args)]
pub struct DeleteJobArgs {
    /// The queue to delete from
    #[arg(value_name = "QUEUE")]
    pub queue_name: String,

    /// The jids of the jobs to delete
    #[arg(value_name = "JID")]
    pub jids: Vec<String>,

    /// Read jids from FILE (one per line), `-` for stdin
    #[arg(long, value_name = "FILE|-")]
    pub jid_file: Option<PathBuf>,

    #[command(flatten)]
    pub filter: FilterArgs,

    /// Every job on the queue that matches the filters (or every job, without filters)
    #[arg(long)]
    pub all: bool,

    /// Show what would be deleted; change nothing
    #[arg(long)]
    pub dry_run: bool,

    #[command(flatten)]
    pub pace: PaceArgs,

    /// Don't ask for confirmation
    #[arg(long, short)]
    pub yes: bool,
}

pub fn run(_ctx: &mut Ctx, _command: &QueueCommand) -> anyhow::Result<Exit> {
    anyhow::bail!("not implemented yet")
}
