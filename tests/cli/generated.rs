//! The committed completions/ and man/ are what the clap tree generates now: a flag added or
//! changed without `./tasks docs` fails here, naming the file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cogctl::term::exit::Exit;

use crate::support::Cogctl;

const REGENERATE: &str = "run `./tasks docs` and commit completions/ and man/";

const COMPLETIONS: [(&str, &str); 3] = [
    ("bash", "cogctl.bash"),
    ("zsh", "_cogctl"),
    ("fish", "cogctl.fish"),
];

fn repo(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// `None` when equal, else where the committed text first departs from the generated one.
fn drift(name: &str, committed: Option<&str>, generated: &str) -> Option<String> {
    let Some(committed) = committed else {
        return Some(format!(
            "{name}: missing (it is generated, but not committed)"
        ));
    };
    if committed == generated {
        return None;
    }
    let mut committed_lines = committed.lines();
    let mut generated_lines = generated.lines();
    let mut line = 1;
    loop {
        match (committed_lines.next(), generated_lines.next()) {
            (Some(c), Some(g)) if c == g => line += 1,
            (c, g) => {
                return Some(format!(
                    "{name}: differs from line {line}\n    committed: {}\n    generated: {}",
                    c.unwrap_or("(end of file)"),
                    g.unwrap_or("(end of file)")
                ));
            }
        }
    }
}

#[track_caller]
fn assert_no_drift(drifted: &[String]) {
    assert!(
        drifted.is_empty(),
        "generated docs drifted from the clap tree; {REGENERATE}:\n  {}",
        drifted.join("\n  ")
    );
}

fn read(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

fn completion(shell: &str) -> String {
    let run = Cogctl::bare()
        .args(["generate", "completions", shell])
        .run();
    run.success();
    run.stdout
}

fn man_pages() -> (tempfile::TempDir, BTreeSet<String>) {
    let dir = tempfile::tempdir().unwrap();
    Cogctl::bare()
        .args(["generate", "man"])
        .args([dir.path()])
        .run()
        .success();
    let names = page_names(dir.path());
    (dir, names)
}

fn page_names(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn committed_completions_match_the_clap_tree() {
    let drifted: Vec<String> = COMPLETIONS
        .iter()
        .filter_map(|(shell, file)| {
            let name = format!("completions/{file}");
            drift(&name, read(&repo(&name)).as_deref(), &completion(shell))
        })
        .collect();
    assert_no_drift(&drifted);
}

#[test]
fn committed_man_pages_match_the_clap_tree() {
    let (generated_dir, generated) = man_pages();
    let committed = page_names(&repo("man"));
    let mut drifted: Vec<String> = committed
        .difference(&generated)
        .map(|stale| format!("man/{stale}: committed, but no command generates it any more"))
        .collect();
    drifted.extend(generated.iter().filter_map(|page| {
        let name = format!("man/{page}");
        let now = read(&generated_dir.path().join(page)).unwrap();
        drift(&name, read(&repo(&name)).as_deref(), &now)
    }));
    assert_no_drift(&drifted);
}

#[test]
fn man_pages_cover_every_visible_command_and_the_exit_codes() {
    let (dir, pages) = man_pages();
    for page in [
        "cogctl.1",
        "cogctl-stats.1",
        "cogctl-dead.1",
        "cogctl-dead-list.1",
        "cogctl-dead-show.1",
        "cogctl-unsettled-list.1",
        "cogctl-check.1",
    ] {
        assert!(pages.contains(page), "no {page} in {pages:?}");
    }
    let hidden = pages
        .iter()
        .filter(|p| p.contains("generate") || p.contains("fixture") || p.contains("help"));
    assert_eq!(hidden.count(), 0, "{pages:?}");

    let root = read(&dir.path().join("cogctl.1")).unwrap();
    let status = &root[root
        .find(".SH \"EXIT STATUS\"")
        .expect("EXIT STATUS section")..];
    for (code, meaning) in Exit::TABLE {
        let entry = format!(".TP\n\\fB{code}\\fR\n{}\n", meaning.replace('-', "\\-"));
        assert!(status.contains(&entry), "no {entry:?} in\n{status}");
    }
    let list = read(&dir.path().join("cogctl-dead-list.1")).unwrap();
    assert!(list.contains(r"\fBcogctl dead list\fR"), "{list}");
    assert!(list.contains(r"\-\-redis\-url"), "global options: {list}");
}

#[test]
fn completions_offer_no_hidden_command_or_flag() {
    for (shell, _) in COMPLETIONS {
        let script = completion(shell);
        assert!(script.contains("min-retries"), "{shell}: {script}");
        for hidden in ["fixture", "generate", "--now", "-l now", "now="] {
            assert!(!script.contains(hidden), "{shell} offers {hidden}");
        }
    }
}

#[test]
fn help_lists_every_exit_code() {
    let run = crate::support::Cogctl::bare().args(["--help"]).run();
    assert_eq!(run.code, 0);
    for (code, _) in Exit::TABLE {
        assert!(
            run.stdout
                .lines()
                .any(|l| l.trim_start().starts_with(&format!("{code} "))),
            "--help lacks exit code {code}:\n{}",
            run.stdout
        );
    }
}

/// A synopsis shows each option with its value, in the order clap holds them; `--version`
/// is on the root's page only.
#[test]
fn man_synopses_show_values_in_clap_order_and_version_on_the_root_only() {
    let (dir, names) = man_pages();
    let synopsis = |page: &str| -> String {
        let text = std::fs::read_to_string(dir.path().join(page)).unwrap();
        let at = text.find(".SH SYNOPSIS\n").unwrap() + ".SH SYNOPSIS\n".len();
        text[at..].lines().next().unwrap().to_string()
    };
    let list = synopsis("cogctl-dead-list.1");
    for shown in [
        r"[\fB\-\-limit\fR \fI<N>\fR]",
        r"[\fB\-\-class\fR \fI<CLASS>\fR]",
        r"[\fB\-\-watch\fR[=\fI<INTERVAL>\fR]]",
        r"[\fB\-\-all\fR]",
    ] {
        assert!(list.contains(shown), "{shown} not in {list}");
    }
    let at = |text: &str| list.find(text).unwrap();
    assert!(
        at("class") < at("limit") && at("limit") < at("redis"),
        "{list}"
    );
    for name in &names {
        let page = std::fs::read_to_string(dir.path().join(name)).unwrap();
        assert_eq!(
            page.contains(r"\-\-version"),
            name == "cogctl.1",
            "{name}: --version belongs on the root's page only"
        );
    }
    assert!(synopsis("cogctl.1").ends_with(r"\fI<COMMAND>\fR"));
}
