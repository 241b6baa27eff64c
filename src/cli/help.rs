//! What `--help` shows beyond each command's own text: the global options listed once
//! (`cogctl --help`, `cogctl help options`) with a one-line pointer everywhere else. Parsing
//! is unchanged: the global options are accepted by every command.

use std::ffi::OsString;

use clap::{Args, Command, CommandFactory};

use super::args::{Cli, GlobalArgs};
use super::changes;

/// The line that stands for the global options in every subcommand's help.
pub const GLOBAL_OPTIONS_POINTER: &str = "Global options (--redis-url, --sentinel, --json, --color, --quiet, …): see `cogctl help options`";

/// The clap tree as `--help` shows it: built (so the global options have been copied into
/// every subcommand), then those copies hidden below the root, where one line points to them;
/// but for the change options, shown on the commands they act on (`args::CHANGES`).
pub fn command() -> Command {
    let mut cli = Cli::command();
    cli.build();
    let globals: Vec<String> = cli
        .get_arguments()
        .filter(|a| a.is_global_set() && !a.is_hide_set())
        .map(|a| a.get_id().to_string())
        .collect();
    cli.mut_subcommands(|sub| globals_hidden(sub, &globals, ""))
}

fn globals_hidden(cmd: Command, globals: &[String], above: &str) -> Command {
    let words = if above.is_empty() {
        cmd.get_name().to_string()
    } else {
        format!("{above} {}", cmd.get_name())
    };
    // `mut_args` keeps the arguments in place: `mut_arg` would move one to the end, and the
    // built command's index of flags would then point at the wrong arguments.
    let cmd = cmd.mut_args(|a| {
        let id = a.get_id().as_str();
        if globals.iter().any(|g| g == id) {
            let shown = changes::change_option_applies(id, &words).unwrap_or(false);
            a.hide(!shown)
        } else {
            a
        }
    });
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{{usage-heading}} {{usage}}\n\n{{all-args}}\n\n\
         {GLOBAL_OPTIONS_POINTER}{{after-help}}"
    );
    cmd.help_template(template)
        .mut_subcommands(|sub| globals_hidden(sub, globals, &words))
}

/// `cogctl [GLOBAL OPTIONS] help options`: clap's own `help` would take "options" for a
/// command name.
pub fn asks_for_options(argv: &[OsString]) -> bool {
    let globals = options_command();
    let mut words = Vec::new();
    let mut rest = argv.iter().skip(1);
    while let Some(arg) = rest.next() {
        let Some(text) = arg.to_str() else {
            return false;
        };
        if let Some(long) = text.strip_prefix("--") {
            let takes_value = globals
                .get_arguments()
                .any(|a| a.get_long() == Some(long) && a.get_action().takes_values());
            if takes_value {
                rest.next();
            }
        } else if !text.starts_with('-') {
            words.push(text);
        }
    }
    words == ["help", "options"]
}

/// The global options alone, with their full descriptions, as `cogctl help options` prints
/// them.
pub fn options_command() -> Command {
    GlobalArgs::augment_args(Command::new("cogctl"))
        .about(
            "Global options: every command accepts them, before or after its name \
             (`cogctl --json stats` is `cogctl stats --json`).",
        )
        .disable_help_flag(true)
        .max_term_width(100)
        .help_template("{about-with-newline}\n{all-args}")
}
