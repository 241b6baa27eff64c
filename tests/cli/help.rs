//! Every command's help shows 2 to 4 examples, each of which parses; the global options are
//! listed once (`cogctl --help`, `cogctl help options`) and only pointed to elsewhere.

use clap::{Command, CommandFactory, Parser};
use cogctl::cli::args::Cli;
use cogctl::cli::help::{self, GLOBAL_OPTIONS_POINTER};

use crate::support::Cogctl;

/// Every visible command below the root, with its path of names (`["dead", "list"]`).
fn commands() -> Vec<(Vec<String>, Command)> {
    fn walk(cmd: &Command, path: &[String], out: &mut Vec<(Vec<String>, Command)>) {
        for sub in cmd.get_subcommands() {
            if sub.is_hide_set() || sub.get_name() == "help" {
                continue;
            }
            let mut sub_path = path.to_vec();
            sub_path.push(sub.get_name().to_string());
            out.push((sub_path.clone(), sub.clone()));
            walk(sub, &sub_path, out);
        }
    }
    let mut out = Vec::new();
    walk(&Cli::command(), &[], &mut out);
    out
}

/// The `cogctl …` lines of a help text's "Examples:" section; None without one.
fn examples(help: &str) -> Option<Vec<String>> {
    let (_, section) = help.split_once("Examples:")?;
    Some(
        section
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("cogctl "))
            .map(str::to_string)
            .collect(),
    )
}

fn after_help(cmd: &Command) -> String {
    cmd.get_after_help()
        .map(|h| h.to_string())
        .unwrap_or_default()
}

#[test]
fn every_command_shows_two_to_four_examples_that_parse() {
    let commands = commands();
    assert!(
        commands.len() > 50,
        "the walk found {} commands",
        commands.len()
    );
    let mut faults = Vec::new();
    for (path, cmd) in &commands {
        let name = path.join(" ");
        let Some(lines) = examples(&after_help(cmd)) else {
            faults.push(format!("{name}: no Examples section"));
            continue;
        };
        if !(2..=4).contains(&lines.len()) {
            faults.push(format!("{name}: {} examples, not 2 to 4", lines.len()));
        }
        for line in lines {
            let words = match shell_words::split(&line) {
                Ok(words) => words,
                Err(e) => {
                    faults.push(format!("{name}: `{line}` does not split into words: {e}"));
                    continue;
                }
            };
            if words[1..].iter().take(path.len()).ne(path.iter()) {
                faults.push(format!("{name}: `{line}` runs another command"));
            }
            if let Err(e) = Cli::try_parse_from(&words) {
                faults.push(format!("{name}: `{line}` does not parse:\n{e}"));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn the_root_examples_parse() {
    let lines = examples(&after_help(&Cli::command())).expect("root examples");
    assert!((2..=4).contains(&lines.len()), "{lines:?}");
    for line in lines {
        let words = shell_words::split(&line).unwrap();
        Cli::try_parse_from(&words).unwrap_or_else(|e| panic!("`{line}`: {e}"));
    }
}

#[test]
fn subcommand_help_points_to_the_global_options_instead_of_listing_them() {
    let mut shown = help::command();
    let mut faults = Vec::new();
    for (path, _) in commands() {
        let name = path.join(" ");
        let mut cmd = &mut shown;
        for part in &path {
            cmd = cmd.find_subcommand_mut(part).unwrap();
        }
        let text = cmd.render_long_help().to_string();
        if !text.contains(GLOBAL_OPTIONS_POINTER) {
            faults.push(format!("{name}: no pointer to the global options"));
        }
        if text.contains("--redis-url <URL>") || text.contains("Connection:") {
            faults.push(format!("{name}: lists the global options"));
        }
        if !text.contains("Examples:") {
            faults.push(format!("{name}: no Examples section"));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn dead_list_help_has_its_own_options_the_pointer_and_examples() {
    for args in [&["dead", "list", "--help"][..], &["help", "dead", "list"]] {
        let run = Cogctl::bare().args(args).run();
        assert_eq!(run.code, 0, "{}", run.snapshot());
        let out = &run.stdout;
        assert!(out.contains("--fingerprint <ID>"), "{out}");
        assert!(out.contains(GLOBAL_OPTIONS_POINTER), "{out}");
        assert!(out.contains("Examples:\n  # "), "{out}");
        assert!(out.contains("  cogctl dead list --since 2h"), "{out}");
        assert!(!out.contains("--redis-url <URL>"), "{out}");
        assert!(!out.contains("--read-timeout"), "{out}");
    }
}

#[test]
fn root_help_and_help_options_list_the_global_options() {
    let root = Cogctl::bare().args(["--help"]).run();
    assert_eq!(root.code, 0);
    assert!(root.stdout.contains("Connection:"), "{}", root.stdout);
    assert!(
        root.stdout.contains("cogctl help options"),
        "{}",
        root.stdout
    );

    let options = Cogctl::bare().args(["help", "options"]).run();
    assert_eq!(options.code, 0, "{}", options.snapshot());
    assert_eq!(options.stderr, "");
    let globals = cogctl::cli::help::options_command();
    for arg in globals.get_arguments().filter(|a| !a.is_hide_set()) {
        let long = format!("--{}", arg.get_long().unwrap());
        assert!(root.stdout.contains(&long), "--help lacks {long}");
        assert!(options.stdout.contains(&long), "help options lacks {long}");
        let said = arg.get_help().unwrap().to_string();
        let first_words: String = said
            .split_whitespace()
            .take(4)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            options
                .stdout
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .contains(&first_words),
            "help options lacks the description of {long}: {first_words:?}\n{}",
            options.stdout
        );
    }
    assert!(options.stdout.contains("Connection:"), "{}", options.stdout);
    assert!(options.stdout.contains("Output:"), "{}", options.stdout);
    assert!(
        options.stdout.contains("[env: COGCTL_REDIS_URL]"),
        "{}",
        options.stdout
    );
    assert!(!options.stdout.contains("--now"), "{}", options.stdout);
}

#[test]
fn global_options_are_still_accepted_after_any_command() {
    // Port 1 refuses at once: exit 3 (unreachable) shows the options parsed and were used.
    let run = Cogctl::bare()
        .args(["dead", "list", "--json", "--connect-timeout", "2s"])
        .args(["--redis-url", "redis://127.0.0.1:1/0"])
        .run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    assert!(run.stderr.contains("127.0.0.1:1"), "{}", run.stderr);
}

#[test]
fn version_names_the_cogworker_data_it_speaks() {
    let version = format!("{} (cogworker data 0.8)\n", env!("CARGO_PKG_VERSION"));
    for (args, name) in [
        (&["--version"][..], "cogctl"),
        (&["-V"], "cogctl"),
        (&["dead", "list", "--version"], "cogctl-dead-list"),
    ] {
        let run = Cogctl::bare().args(args).run();
        assert_eq!(run.code, 0, "{}", run.snapshot());
        assert_eq!(run.stdout, format!("{name} {version}"), "{args:?}");
    }
}

/// The commands that change Redis, written out here on their own (not read from the code):
/// each with whether that change keeps an undo record. Every other command only reads.
const CHANGE_COMMANDS: &[(&str, bool)] = &[
    ("dead delete", true),
    ("dead import", true),
    ("dead retry", true),
    ("enqueue", true),
    ("periodic disable", true),
    ("periodic enable", true),
    ("periodic run-now", true),
    ("procs prune", false),
    ("procs quiet", false),
    ("procs resume", false),
    ("procs stop", false),
    ("queue clear", true),
    ("queue dedupe", true),
    ("queue delete-job", true),
    ("queue pause", true),
    ("queue resume", true),
    ("reconcile", false),
    ("retry delete", true),
    ("retry kill", true),
    ("retry reschedule", true),
    ("retry retry", true),
    ("scheduled delete", true),
    ("scheduled enqueue-now", true),
    ("scheduled reschedule", true),
    ("undo", true),
    ("undo purge", false),
    ("unsettled file", false),
    ("worker", false),
];

/// The change options a help text or a man page shows, of --confirm-context,
/// --require-audit, --keep-undo and --no-undo.
fn change_options_in(text: &str) -> Vec<&'static str> {
    ["confirm-context", "require-audit", "keep-undo", "no-undo"]
        .into_iter()
        .filter(|o| {
            text.contains(&format!("--{o}"))
                || text.contains(&format!("\\-\\-{}", o.replace('-', "\\-")))
        })
        .collect()
}

/// What a command's help must show of them: the context's two on every change, the undo's
/// two where the change keeps an undo record, none on a command that only reads.
fn change_options_expected(name: &str) -> Vec<&'static str> {
    match CHANGE_COMMANDS.iter().find(|(n, _)| *n == name) {
        None => Vec::new(),
        Some((_, false)) => vec!["confirm-context", "require-audit"],
        Some((_, true)) => vec!["confirm-context", "require-audit", "keep-undo", "no-undo"],
    }
}

#[test]
fn the_change_options_are_shown_exactly_on_the_commands_that_change_data() {
    let commands = commands();
    // Every change listed is a command there is.
    for (name, _) in CHANGE_COMMANDS {
        assert!(
            commands.iter().any(|(path, _)| path.join(" ") == *name),
            "no command {name}"
        );
    }
    let man = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let mut faults = Vec::new();
    for (path, _) in &commands {
        let name = path.join(" ");
        let expected = change_options_expected(&name);
        // What a person types, and what `cogctl help` prints.
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let run = Cogctl::bare().args(&args).run();
        assert_eq!(run.code, 0, "{name}: {}", run.snapshot());
        let shown = change_options_in(&run.stdout);
        if shown != expected {
            faults.push(format!(
                "cogctl {name} --help shows {shown:?}, not {expected:?}"
            ));
        }
        // Its man page, as ./tasks docs writes it.
        let page = man.join(format!("cogctl-{}.1", path.join("-")));
        let text =
            std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        let listed = change_options_in(&text);
        if listed != expected {
            faults.push(format!(
                "{} lists {listed:?}, not {expected:?}",
                page.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    // The root's help and `help options` still list them all, as global options.
    for args in [&["--help"][..], &["help", "options"]] {
        let run = Cogctl::bare().args(args).run();
        assert_eq!(
            change_options_in(&run.stdout),
            ["confirm-context", "require-audit", "keep-undo", "no-undo"],
            "{args:?}"
        );
    }
}
