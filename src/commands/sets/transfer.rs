//! `dead export`, `retry export` and `dead import`: lossless NDJSON `{score, member}` lines.

use std::path::PathBuf;

use clap::Args;

use super::filter::FilterArgs;
use crate::cli::exit::Exit;
use crate::commands::Ctx;
use crate::store::JobSet;

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub filter: FilterArgs,

    /// Write to FILE instead of stdout
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// NDJSON lines {"score": …, "member": "…"} as `export` writes them; `-` reads stdin
    #[arg(value_name = "FILE|-")]
    pub file: PathBuf,

    /// Count what would be added and what is already present; change nothing
    #[arg(long)]
    pub dry_run: bool,

    /// Don't ask for confirmation
    #[arg(long, short)]
    pub yes: bool,
}

pub fn run_export(_ctx: &mut Ctx, _set: JobSet, _args: &ExportArgs) -> anyhow::Result<Exit> {
    anyhow::bail!("not implemented yet")
}

pub fn run_import(_ctx: &mut Ctx, _set: JobSet, _args: &ImportArgs) -> anyhow::Result<Exit> {
    anyhow::bail!("not implemented yet")
}
