//! The "Examples:" section of a command's `--help` (and of its man page), written once for
//! every command.

/// An "Examples:" section: each invocation under a comment saying what it does.
pub fn examples(list: &[(&str, &str)]) -> String {
    let mut text = String::from("Examples:");
    for (what, invocation) in list {
        text.push_str(&format!("\n  # {what}\n  {invocation}"));
    }
    text
}

/// A help text's parts, as the man pages show them: the text before its "Examples:" section
/// (the whole text when it has none), and each example's (what it does, invocation).
pub fn split_examples(text: &str) -> (&str, Vec<(String, String)>) {
    let Some((notes, section)) = text.split_once("Examples:") else {
        return (text.trim(), Vec::new());
    };
    let mut list = Vec::new();
    let mut what = String::new();
    for line in section.lines().map(str::trim) {
        if let Some(comment) = line.strip_prefix("# ") {
            what = comment.to_string();
        } else if line.starts_with("cogctl ") {
            list.push((std::mem::take(&mut what), line.to_string()));
        }
    }
    (notes.trim(), list)
}

/// A command's notes, then its examples.
pub fn notes_and_examples(notes: &str, list: &[(&str, &str)]) -> String {
    format!("{notes}\n\n{}", examples(list))
}
