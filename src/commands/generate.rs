//! `cogctl generate completions SHELL` and `cogctl generate man DIR` (hidden): the committed
//! completions/ and man/ come from here, and a test fails when they drift from the clap tree.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{CommandFactory, Subcommand};
use clap_complete::Shell;

use super::Ctx;
use crate::cli::args::Cli;
use crate::cli::exit::Exit;

#[derive(Debug, Subcommand)]
pub enum GenerateCommand {
    /// Print the completion script for SHELL
    Completions {
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Write one man page per command into DIR
    Man { dir: PathBuf },
}

pub fn run(ctx: &mut Ctx, command: &GenerateCommand) -> anyhow::Result<Exit> {
    match command {
        GenerateCommand::Completions { shell } => {
            ctx.out.write_all_completion(*shell);
        }
        GenerateCommand::Man { dir } => write_man_pages(dir)?,
    }
    Ok(Exit::Ok)
}

trait CompletionSink {
    fn write_all_completion(&mut self, shell: Shell);
}

impl<W: std::io::Write> CompletionSink for W {
    fn write_all_completion(&mut self, shell: Shell) {
        clap_complete::generate(shell, &mut Cli::command(), "cogctl", self);
    }
}

/// `cogctl.1` plus `cogctl-<sub>[-<subsub>].1` for every visible subcommand.
pub fn write_man_pages(dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut cmd = Cli::command();
    cmd.build();
    write_page(dir, &cmd, "cogctl")
}

fn write_page(dir: &Path, cmd: &clap::Command, name: &str) -> anyhow::Result<()> {
    let page = cmd.clone().name(name.to_string());
    let path = dir.join(format!("{name}.1"));
    let mut buf = Vec::new();
    clap_mangen::Man::new(page).render(&mut buf)?;
    std::fs::write(&path, buf).with_context(|| format!("cannot write {}", path.display()))?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_page(dir, sub, &format!("{name}-{}", sub.get_name()))?;
    }
    Ok(())
}
