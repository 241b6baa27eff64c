//! The documentation is checked like code: every relative link and `#anchor` of README.md and
//! docs/*.md resolves (anchors by GitHub's rules), every page of docs/ is linked from its index
//! (docs/README.md), every `cogctl …` line of a code block parses with the clap tree, and the
//! README stays short and opens with the project's two commands.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use clap::Parser;
use clap::error::ErrorKind;
use cogctl::cli::args::Cli;

/// The README is the five-minute read; everything else goes to docs/.
const README_MAX_LINES: usize = 400;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

struct Page {
    /// Relative to the repository, `/`-separated: `docs/faq.md`.
    name: String,
    text: String,
}

fn page(path: PathBuf) -> Page {
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let name = path
        .strip_prefix(repo())
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/");
    Page { name, text }
}

/// README.md, then every Markdown file of docs/, by name.
fn pages() -> Vec<Page> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(repo().join("docs"))
        .expect("a docs/ directory")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    let mut all = vec![page(repo().join("README.md"))];
    all.extend(docs.into_iter().map(page));
    assert!(all.len() > 10, "only {} pages", all.len());
    all
}

/// One line of a Markdown file: prose, or a line of the code block numbered `block`.
enum Line<'a> {
    Prose(&'a str),
    Code { block: usize, text: &'a str },
}

fn fence(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let ch = t.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let run = t.len() - t.trim_start_matches(ch).len();
    (run >= 3).then(|| &t[..run])
}

fn is_list_item(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("* ")
        || t.starts_with("- ")
        || t.split_once(". ")
            .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The lines of a page with their numbers (from 1), each sorted into prose or code: fenced
/// blocks, and indented blocks (4 spaces after a blank line, outside a list item).
fn classify(text: &str) -> Vec<(usize, Line<'_>)> {
    let mut out = Vec::new();
    let mut open_fence: Option<&str> = None;
    let mut block = 0;
    let mut indented = false;
    let mut previous_blank = true;
    let mut in_list = false;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if let Some(open) = open_fence {
            if fence(line).is_some_and(|f| f.starts_with(open) && line.trim() == f) {
                open_fence = None;
            } else {
                out.push((n, Line::Code { block, text: line }));
            }
            continue;
        }
        if let Some(f) = fence(line) {
            open_fence = Some(f);
            block += 1;
            indented = false;
            continue;
        }
        let blank = line.trim().is_empty();
        if !blank && !line.starts_with(' ') {
            in_list = is_list_item(line);
        }
        let code_indent = line.starts_with("    ") || line.starts_with('\t');
        if !blank && code_indent && (indented || (previous_blank && !in_list)) {
            if !indented {
                block += 1;
                indented = true;
            }
            out.push((
                n,
                Line::Code {
                    block,
                    text: &line[4.min(line.len())..],
                },
            ));
        } else {
            if !blank {
                indented = false;
            }
            out.push((n, Line::Prose(line)));
        }
        previous_blank = blank;
    }
    assert!(open_fence.is_none(), "a code fence is never closed");
    out
}

/// A prose line without its code spans (`like this`), where nothing is a link.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let delimiter = &rest[start..start + ticks];
        let after = &rest[start + ticks..];
        match after.find(delimiter) {
            Some(end) => rest = &after[end + ticks..],
            None => {
                out.push_str(&rest[start..]);
                return out;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The link targets of a prose line: `[text](target)`, `![alt](target "title")`, and
/// reference definitions `[name]: target`.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code_spans(line);
    let mut targets = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.trim_matches(['<', '>']).to_string());
        rest = &after[end..];
    }
    let t = line.trim_start();
    if let Some((label, target)) = t.strip_prefix('[').and_then(|r| r.split_once("]:"))
        && !label.contains(']')
    {
        targets.push(target.trim().to_string());
    }
    targets
}

/// A heading's anchor as GitHub makes it: the text without its markup, lower-cased, every
/// character but letters, digits, `-`, `_` and spaces dropped, spaces made `-`.
fn slug(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    // A link in a heading reads as its text.
    while let Some(open) = rest.find('[') {
        text.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after
            .split_once("](")
            .and_then(|(label, tail)| tail.find(')').map(|close| (label, &tail[close + 1..])))
        {
            Some((label, tail)) => {
                text.push_str(label);
                rest = tail;
            }
            None => {
                text.push('[');
                rest = after;
            }
        }
    }
    text.push_str(rest);
    text.chars()
        .filter(|c| *c != '`' && *c != '*')
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors a page's headings make, a repeated one numbered as GitHub does (`x`, `x-1`).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for (_, line) in classify(text) {
        let Line::Prose(line) = line else { continue };
        let hashes = line.len() - line.trim_start_matches('#').len();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let heading = line[hashes..].trim().trim_end_matches('#').trim_end();
        let base = slug(heading);
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

fn is_external(target: &str) -> bool {
    target.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    })
}

/// `base/../x` made `x`, without touching the file system; None when it leaves the repository.
fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// Each page's relative links: (page, line, target, resolved path relative to the repo, anchor).
struct Link {
    from: String,
    line: usize,
    target: String,
    path: Option<PathBuf>,
    anchor: Option<String>,
}

fn links(page: &Page) -> Vec<Link> {
    let dir = Path::new(&page.name)
        .parent()
        .unwrap_or(Path::new(""))
        .to_path_buf();
    let mut out = Vec::new();
    for (n, line) in classify(&page.text) {
        let Line::Prose(line) = line else { continue };
        for target in link_targets(line) {
            if target.is_empty() || is_external(&target) {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor.to_string())),
                None => (target.as_str(), None),
            };
            let path = if file.is_empty() {
                Some(PathBuf::from(&page.name))
            } else {
                normalize(&dir.join(file))
            };
            out.push(Link {
                from: page.name.clone(),
                line: n,
                target: target.clone(),
                path,
                anchor,
            });
        }
    }
    out
}

#[test]
fn every_relative_link_and_anchor_resolves() {
    let pages = pages();
    let mut faults = Vec::new();
    let mut checked = 0;
    for page in &pages {
        for link in links(page) {
            checked += 1;
            let at = format!("{}:{}: ({})", link.from, link.line, link.target);
            let Some(path) = link.path else {
                faults.push(format!("{at} leads out of the repository"));
                continue;
            };
            let full = repo().join(&path);
            if !full.exists() {
                faults.push(format!("{at}: there is no {}", path.display()));
                continue;
            }
            let Some(anchor) = link.anchor else { continue };
            if full.extension().is_none_or(|x| x != "md") {
                faults.push(format!("{at}: an anchor into a file that isn't Markdown"));
                continue;
            }
            let text = std::fs::read_to_string(&full).unwrap();
            let known = anchors(&text);
            if !known.contains(&anchor) {
                let near: Vec<&String> = known
                    .iter()
                    .filter(|a| a.contains(anchor.split('-').next().unwrap_or("")))
                    .take(5)
                    .collect();
                faults.push(format!(
                    "{at}: {} has no heading #{anchor} (near: {near:?})",
                    path.display()
                ));
            }
        }
    }
    assert!(checked > 100, "only {checked} relative links found");
    assert!(faults.is_empty(), "broken links:\n{}", faults.join("\n"));
}

#[test]
fn every_docs_page_is_linked_from_the_index() {
    let pages = pages();
    let index = pages
        .iter()
        .find(|p| p.name == "docs/README.md")
        .expect("docs/README.md, the manual's index");
    let linked: BTreeSet<PathBuf> = links(index).into_iter().filter_map(|l| l.path).collect();
    let unlinked: Vec<&str> = pages
        .iter()
        .filter(|p| p.name.starts_with("docs/") && p.name != index.name)
        .filter(|p| !linked.contains(Path::new(&p.name)))
        .map(|p| p.name.as_str())
        .collect();
    assert!(
        unlinked.is_empty(),
        "pages of docs/ that docs/README.md doesn't link to (add each to the index): {unlinked:?}"
    );
    let readme = &pages[0];
    assert!(
        links(readme)
            .iter()
            .any(|l| l.path.as_deref() == Some(Path::new("docs/README.md"))),
        "README.md doesn't link to the manual's index, docs/README.md"
    );
}

/// The words of a command line up to the first shell operator (`|`, `>`, `;`, `&&` …).
fn command_words(line: &str) -> Result<Vec<String>, String> {
    let words = shell_words::split(line).map_err(|e| e.to_string())?;
    Ok(words
        .into_iter()
        .take_while(|w| {
            let operator = ["|", "||", "&&", ";", "&"].contains(&w.as_str())
                || w.trim_start_matches(|c: char| c.is_ascii_digit())
                    .starts_with(['>', '<']);
            !operator
        })
        .collect())
}

/// Every `cogctl …` command of a page's code blocks, with its line number: a block with `$ `
/// prompts is a capture, whose commands are its prompt lines (the rest is output); in any other
/// block every line starting with `cogctl ` is one. A trailing `\` continues the line.
fn cogctl_lines(page: &Page) -> Vec<(usize, String)> {
    let mut blocks: Vec<Vec<(usize, &str)>> = Vec::new();
    let mut current = usize::MAX;
    for (n, line) in classify(&page.text) {
        if let Line::Code { block, text } = line {
            if block != current {
                blocks.push(Vec::new());
                current = block;
            }
            blocks.last_mut().unwrap().push((n, text));
        }
    }
    let mut out = Vec::new();
    for block in blocks {
        let capture = block.iter().any(|(_, l)| l.trim_start().starts_with("$ "));
        let mut lines = block.iter();
        while let Some((n, line)) = lines.next() {
            let line = line.trim();
            let line = match line.strip_prefix("$ ") {
                Some(command) => command,
                None if capture => continue,
                None => line,
            };
            if !line.starts_with("cogctl ") {
                continue;
            }
            let mut command = line.to_string();
            while command.ends_with('\\') {
                command.pop();
                command.truncate(command.trim_end().len());
                let Some((_, more)) = lines.next() else { break };
                command.push(' ');
                command.push_str(more.trim());
            }
            out.push((*n, command));
        }
    }
    out
}

#[test]
fn every_cogctl_line_in_the_readme_and_docs_parses() {
    let pages = pages();
    let mut faults = Vec::new();
    let mut total = 0;
    for page in &pages {
        let lines = cogctl_lines(page);
        if page.name == "README.md" {
            assert!(lines.len() >= 8, "README.md: {lines:?}");
        }
        for (n, line) in lines {
            total += 1;
            let at = format!("{}:{n}: `{line}`", page.name);
            let words = match command_words(&line) {
                Ok(words) => words,
                Err(e) => {
                    faults.push(format!("{at} does not split into words: {e}"));
                    continue;
                }
            };
            if let Err(e) = Cli::try_parse_from(&words)
                && !matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
            {
                faults.push(format!("{at} does not parse:\n{e}"));
            }
        }
    }
    assert!(total > 60, "only {total} cogctl lines found");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn the_readme_is_short_and_opens_with_the_demo_and_the_tests() {
    let readme = page(repo().join("README.md"));
    let count = readme.text.lines().count();
    assert!(
        count <= README_MAX_LINES,
        "README.md has {count} lines, more than {README_MAX_LINES}: move the detail to a page of docs/"
    );
    let first_block: Vec<&str> = classify(&readme.text)
        .into_iter()
        .filter_map(|(_, l)| match l {
            Line::Code { block: 1, text } => Some(text),
            _ => None,
        })
        .collect();
    for task in ["./tasks demo", "./tasks test"] {
        assert!(
            first_block.iter().any(|l| l.starts_with(task)),
            "README.md's first code block must be the two commands; it lacks {task}: {first_block:?}"
        );
    }
    // Right after them: where the binary the demo builds is, and how long the first demo and
    // the tests take on two cores, measured on a quiet machine and a busy one.
    let start: String = readme.text.lines().take(25).collect::<Vec<_>>().join("\n");
    assert!(
        start.contains("`target/release/cogctl`"),
        "the README's start must say where the demo's binary is"
    );
    assert!(start.contains("on two cores"), "{start}");
    for (task, row) in [
        (
            "./tasks demo",
            r"(?m)^\| first `\./tasks demo`[^|]*\| [\d–]+ min[^|]*\| [\d–]+ min[^|]*\|$",
        ),
        (
            "./tasks test",
            r"(?m)^\| `\./tasks test`[^|]*\| [\d–]+ min[^|]*\| [\d–]+ min[^|]*\|$",
        ),
    ] {
        assert!(
            regex::Regex::new(row).unwrap().is_match(&start),
            "the README's start must say how long {task} takes, quiet and busy: {start}"
        );
    }
}

/// `worker --help` names the config keys a new user looked for.
#[test]
fn worker_help_names_the_config_keys() {
    let run = crate::support::Cogctl::bare()
        .args(["worker", "--help"])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let help = run.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    for key in [
        "history",
        "recycle_after",
        "recycle_above",
        "handler_check",
        "handlers",
    ] {
        assert!(
            help.contains(&format!("\"{key}\"")),
            "--config's help lacks {key}"
        );
    }
}

#[test]
fn anchors_follow_githubs_rules() {
    let cases = [
        ("The overview: `cogctl stats`", "the-overview-cogctl-stats"),
        (
            "Processes: `cogctl procs`, `cogctl procs --memory`, `cogctl busy`",
            "processes-cogctl-procs-cogctl-procs---memory-cogctl-busy",
        ),
        (
            "Long-running handlers: `serve:COMMAND`",
            "long-running-handlers-servecommand",
        ),
        (
            "HTTP handlers: `http://…` and `https://…`",
            "http-handlers-http-and-https",
        ),
        (
            "Find one job: search → job → history → retry",
            "find-one-job-search--job--history--retry",
        ),
        ("4. Made a mistake? Undo it", "4-made-a-mistake-undo-it"),
        (
            "A [linked](x.md) heading_with_underscores",
            "a-linked-heading_with_underscores",
        ),
    ];
    for (heading, anchor) in cases {
        assert_eq!(slug(heading), anchor, "{heading}");
    }
    let twice = anchors("# A\n\n## A\n\n```\n# not a heading\n```\n\n## A\n");
    assert_eq!(
        twice,
        BTreeSet::from(["a".to_string(), "a-1".to_string(), "a-2".to_string()])
    );
}

#[test]
fn links_in_code_are_not_links_and_code_lines_are_found() {
    let text = "See [a](a.md) and `[b](b.md)`.\n\n```sh\n$ cogctl stats\nout [c](c.md)\n```\n\n    cogctl queues \\\n      --json\n\n* a list\n\n    cogctl dead list\n";
    let page = Page {
        name: "docs/x.md".into(),
        text: text.into(),
    };
    let targets: Vec<String> = links(&page).into_iter().map(|l| l.target).collect();
    assert_eq!(targets, ["a.md"]);
    let lines: Vec<String> = cogctl_lines(&page).into_iter().map(|(_, l)| l).collect();
    assert_eq!(lines, ["cogctl stats", "cogctl queues --json"]);
    assert_eq!(
        command_words("cogctl metrics | grep x > out 2>/dev/null").unwrap(),
        ["cogctl", "metrics"]
    );
    assert_eq!(
        command_words("cogctl stats --json >out.json # a comment").unwrap(),
        ["cogctl", "stats", "--json"]
    );
}
