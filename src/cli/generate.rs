//! `cogctl generate completions SHELL` and `cogctl generate man DIR` (hidden): the committed
//! completions/ and man/ come from here (`./tasks docs`), and a test fails when they drift
//! from the clap tree.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Command, Subcommand};
use clap_complete::Shell;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, italic, roman};

use crate::commands::Ctx;
use crate::term::exit::Exit;

#[derive(Debug, Subcommand)]
pub enum GenerateCommand {
    /// Print the completion script for SHELL
    Completions {
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Write cogctl.1 and one man page per visible subcommand into DIR
    Man { dir: PathBuf },
}

/// `tree` is the clap tree (`Cli::command()`) the files are generated from.
pub fn run(ctx: &mut Ctx, command: &GenerateCommand, tree: Command) -> anyhow::Result<Exit> {
    match command {
        GenerateCommand::Completions { shell } => write_completions(&tree, *shell, &mut ctx.out),
        GenerateCommand::Man { dir } => {
            let written = write_man_pages(tree, dir)?;
            ctx.ui.note(&format!(
                "wrote {} man pages into {}",
                written.len(),
                dir.display()
            ));
        }
    }
    Ok(Exit::Ok)
}

pub fn write_completions(tree: &Command, shell: Shell, out: &mut dyn Write) {
    clap_complete::generate(shell, &mut visible_only(tree), "cogctl", out);
}

/// The command tree without its hidden subcommands and arguments: clap_complete's scripts
/// would offer them otherwise. Only what completion scripts read is carried over.
fn visible_only(cmd: &Command) -> Command {
    let mut copy = Command::new(cmd.get_name().to_string())
        .args(cmd.get_arguments().filter(|a| !a.is_hide_set()).cloned())
        .subcommands(
            cmd.get_subcommands()
                .filter(|s| !s.is_hide_set())
                .map(visible_only),
        )
        .visible_aliases(cmd.get_visible_aliases().map(str::to_string))
        .subcommand_required(cmd.is_subcommand_required_set())
        .arg_required_else_help(cmd.is_arg_required_else_help_set())
        .propagate_version(cmd.is_propagate_version_set());
    if let Some(about) = cmd.get_about() {
        copy = copy.about(about.clone());
    }
    if let Some(version) = cmd.get_version() {
        copy = copy.version(version.to_string());
    }
    copy
}

/// Writes `cogctl.1` plus `cogctl-<sub>[-<subsub>].1` for every visible subcommand and
/// returns the file names, in the order written.
pub fn write_man_pages(tree: Command, dir: &Path) -> anyhow::Result<Vec<String>> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    // Building sets each subcommand's display name (`cogctl-dead-list`, the page's title and
    // file name) and bin name (`cogctl dead list`, its synopsis), and copies the global
    // options into every page.
    let mut root = without_help_subcommand(tree);
    root.build();
    let mut written = Vec::new();
    write_tree(dir, &root, &mut written)?;
    Ok(written)
}

/// clap's implicit `help` subcommand would get a page of its own at every level.
fn without_help_subcommand(cmd: Command) -> Command {
    cmd.disable_help_subcommand(true)
        .mut_subcommands(without_help_subcommand)
}

fn write_tree(dir: &Path, cmd: &Command, written: &mut Vec<String>) -> anyhow::Result<()> {
    let page_cmd = without_idle_change_options(without_version_below_root(cmd));
    let man = Man::new(page_cmd.clone()).source(format!("cogctl {}", env!("CARGO_PKG_VERSION")));
    let name = man.get_filename();
    let path = dir.join(&name);
    let page = render_page(&man, &page_cmd)?;
    std::fs::write(&path, page).with_context(|| format!("cannot write {}", path.display()))?;
    written.push(name);
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_tree(dir, sub, written)?;
    }
    Ok(())
}

/// `-V|--version` belongs on the root's page only: `cogctl dead list --version` prints the
/// same version as `cogctl --version`.
fn without_version_below_root(cmd: &Command) -> Command {
    let copy = cmd.clone();
    if cmd.get_name() == "cogctl" || !cmd.get_arguments().any(|a| a.get_id() == "version") {
        return copy;
    }
    copy.mut_arg("version", |a| a.hide(true))
}

/// The SYNOPSIS: the command, then each visible argument in the order clap holds them (the
/// command's own, then the global ones), every option with its value (`[--limit <N>]`), and
/// `<COMMAND>` when it has subcommands.
fn synopsis(cmd: &Command) -> Roff {
    let mut roff = Roff::new();
    roff.control("SH", ["SYNOPSIS"]);
    let name = cmd.get_bin_name().unwrap_or(cmd.get_name()).to_string();
    let mut line = vec![bold(name)];
    for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
        let value = || {
            arg.get_value_names()
                .and_then(|v| v.first())
                .map(|v| v.to_string())
                .unwrap_or_else(|| arg.get_id().as_str().to_uppercase())
        };
        let (open, close) = if arg.is_required_set() {
            ("", "")
        } else {
            ("[", "]")
        };
        line.push(roman(format!(" {open}")));
        if arg.is_positional() {
            line.push(italic(format!("<{}>", value())));
            if arg.get_num_args().is_some_and(|n| n.max_values() > 1) {
                line.push(roman("..."));
            }
            line.push(roman(close));
            continue;
        }
        if let Some(short) = arg.get_short() {
            line.push(bold(format!("-{short}")));
            if arg.get_long().is_some() {
                line.push(roman("|"));
            }
        }
        if let Some(long) = arg.get_long() {
            line.push(bold(format!("--{long}")));
        }
        if arg.get_action().takes_values() {
            let optional = arg.get_num_args().is_some_and(|n| n.min_values() == 0);
            if optional {
                line.push(roman("[="));
                line.push(italic(format!("<{}>", value())));
                line.push(roman("]"));
            } else {
                line.push(roman(" "));
                line.push(italic(format!("<{}>", value())));
            }
        }
        line.push(roman(close));
    }
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        line.push(roman(" "));
        line.push(italic("<COMMAND>"));
    }
    roff.text(line);
    roff
}

/// clap_mangen's page, with the text after the options as NOTES and EXAMPLES, the root's
/// exit-code help rendered as a proper EXIT STATUS section from `Exit::TABLE`, and SEE ALSO
/// linking subcommand pages back to the root.
fn render_page(man: &Man, cmd: &Command) -> std::io::Result<Vec<u8>> {
    let is_root = cmd.get_name() == "cogctl";
    let out = &mut Vec::new();
    man.render_title(out)?;
    man.render_name_section(out)?;
    synopsis(cmd).to_writer(out)?;
    man.render_description_section(out)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(out)?;
    }
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        man.render_subcommands_section(out)?;
    }
    let mut roff = Roff::new();
    let after_help = cmd
        .get_after_help()
        .map(|h| h.to_string())
        .unwrap_or_default();
    let (notes, examples) = crate::render::help::split_examples(&after_help);
    // The root's notes are the exit codes, rendered as EXIT STATUS below.
    if !is_root && !notes.is_empty() {
        roff.control("SH", ["NOTES"]);
        for paragraph in notes.split("\n\n") {
            roff.control("PP", []);
            roff.text([roman(paragraph)]);
        }
    }
    if !examples.is_empty() {
        roff.control("SH", ["EXAMPLES"]);
        for (what, invocation) in examples {
            roff.control("PP", []);
            roff.text([roman(what)]);
            roff.control("RS", ["4"]);
            roff.control("nf", []);
            roff.text([bold(invocation)]);
            roff.control("fi", []);
            roff.control("RE", []);
        }
    }
    if is_root {
        roff.control("SH", ["EXIT STATUS"]);
        for (code, meaning) in Exit::TABLE {
            roff.control("TP", []);
            roff.text([bold(code.to_string())]);
            roff.text([roman(*meaning)]);
        }
    } else {
        roff.control("SH", ["SEE ALSO"]);
        roff.text([
            bold("cogctl"),
            roman("(1), for the connection options and exit status"),
        ]);
    }
    roff.to_writer(out)?;
    man.render_version_section(out)?;
    Ok(without_repeated_preamble(out))
}

/// Each section rendered on its own starts with roff's two-line quote-macro preamble; a
/// page needs it once.
fn without_repeated_preamble(rendered: &[u8]) -> Vec<u8> {
    let mut preamble_seen = 0;
    let mut page = Vec::with_capacity(rendered.len());
    for line in rendered.split_inclusive(|&b| b == b'\n') {
        let is_preamble = line.starts_with(br".ie \n(.g .ds Aq") || line.starts_with(b".el .ds Aq");
        if is_preamble {
            preamble_seen += 1;
            if preamble_seen > 2 {
                continue;
            }
        }
        page.extend_from_slice(line);
    }
    page
}

/// A built command's page without the change options where they do nothing (a command that
/// only reads): the man pages list every global option of a command but those.
fn without_idle_change_options(cmd: Command) -> Command {
    let words = cmd
        .get_bin_name()
        .unwrap_or(cmd.get_name())
        .strip_prefix("cogctl")
        .unwrap_or_default()
        .trim()
        .to_string();
    if words.is_empty() {
        return cmd;
    }
    cmd.mut_args(
        |a| match super::changes::change_option_applies(a.get_id().as_str(), &words) {
            Some(false) => a.hide(true),
            _ => a,
        },
    )
}
