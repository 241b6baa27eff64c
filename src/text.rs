//! The one way text from outside (Redis data: payloads, class and queue names, identities,
//! error messages) reaches a terminal or a log line. Anything that could move the cursor,
//! retitle the window, clear the screen, reorder what is shown or hide itself is written as a
//! visible escape instead: C0 controls (`\n`, `\t`, `\r`, else `\x1b`), DEL (`\x7f`), C1
//! controls (`\u{9b}`), bidirectional and invisible formatting characters (`\u{202e}`,
//! `\u{200b}` …), line and paragraph separators, and bytes that are not UTF-8 (`\xff`).
//!
//! A backslash is left as it is, so ordinary text reads naturally; escaping is therefore
//! idempotent (escaping escaped text changes nothing), which lets every layer that prints
//! apply it without caring whether a lower one already did.

pub mod json;
pub mod size;

use std::borrow::Cow;
use std::fmt::Write;

/// True for a character that must not reach a terminal as itself.
pub fn is_unsafe(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{1f}'
        | '\u{7f}'..='\u{9f}'
        // Arabic letter mark, LRM/RLM, embeddings and overrides, isolates: they reorder text.
        | '\u{61c}'
        | '\u{200e}' | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}'
        // Zero-width characters and the BOM: invisible, so two names could look the same.
        | '\u{200b}'..='\u{200d}'
        | '\u{2060}'..='\u{2064}'
        | '\u{feff}'
        // Line and paragraph separators: some terminals and log viewers break lines on them.
        | '\u{2028}' | '\u{2029}'
        // Interlinear annotation and other format controls that have no business in a name.
        | '\u{fff9}'..='\u{fffb}'
        | '\u{e0001}'
        | '\u{e0020}'..='\u{e007f}')
}

/// `text` with every unsafe character written as an escape (see the module comment).
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_visible(&mut out, c);
    }
    Cow::Owned(out)
}

/// `text` as [`visible`] shows it, but with its line breaks kept: for messages of several
/// lines (an error and the list of its causes). Data put into such a message is escaped
/// where it is put in, so a newline in a name can't start a line of its own.
pub fn visible_lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && is_unsafe(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c == '\n' {
            out.push(c);
        } else {
            push_visible(&mut out, c);
        }
    }
    Cow::Owned(out)
}

/// Bytes shown as text: valid UTF-8 as by [`visible`], every other byte as `\xHH`.
pub fn visible_bytes(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => visible(text),
        Err(_) => {
            let mut out = String::with_capacity(bytes.len() + 8);
            for chunk in bytes.utf8_chunks() {
                for c in chunk.valid().chars() {
                    push_visible(&mut out, c);
                }
                for b in chunk.invalid() {
                    let _ = write!(out, "\\x{b:02x}");
                }
            }
            Cow::Owned(out)
        }
    }
}

/// The escape of one character (the character itself when it is safe).
pub fn push_visible(out: &mut String, c: char) {
    if !is_unsafe(c) {
        out.push(c);
        return;
    }
    let _ = match c {
        '\n' => write!(out, "\\n"),
        '\t' => write!(out, "\\t"),
        '\r' => write!(out, "\\r"),
        c if (c as u32) < 0x80 => write!(out, "\\x{:02x}", c as u32),
        c => write!(out, "\\u{{{:x}}}", c as u32),
    };
}

/// A logfmt value: as it is when it is plain (not empty; no space, `"`, `=`, `\\` or unsafe
/// character), else quoted, with `"` and `\\` escaped and every unsafe character written as
/// its escape. Either way one line, with nothing in it a terminal would act on.
pub fn logfmt_value(text: &str) -> Cow<'_, str> {
    let plain = !text.is_empty()
        && !text
            .chars()
            .any(|c| matches!(c, ' ' | '"' | '=' | '\\') || is_unsafe(c));
    if plain {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => push_visible(&mut out, c),
        }
    }
    out.push('"');
    Cow::Owned(out)
}

/// `text` on one line for a table cell: a newline (with the `\r` before it) shown as ` ↵ `,
/// a run of spaces and tabs as one space, everything else as by [`visible`].
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last_space = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                out.push_str(" ↵ ");
                last_space = true;
            }
            ' ' | '\t' => {
                if !last_space {
                    out.push(' ');
                }
                last_space = true;
            }
            c => {
                push_visible(&mut out, c);
                last_space = false;
            }
        }
    }
    out
}

/// The word for `n` things: `one` for exactly one, `many` otherwise (`0 entries`,
/// `1 entry`, `2 entries`). Every count shown next to a noun picks the noun here, so no
/// message says "1 entries".
pub fn plural<'a>(n: impl TryInto<u64>, one: &'a str, many: &'a str) -> &'a str {
    if n.try_into().ok() == Some(1) {
        one
    } else {
        many
    }
}

/// `text` made visible (`text::visible`), then cut to `width` display columns, ending in `…`
/// when cut.
pub fn cut(text: &str, width: usize) -> String {
    console::truncate_str(&visible(text), width, "…").into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_thing_is_singular() {
        assert_eq!(plural(1u64, "entry", "entries"), "entry");
        assert_eq!(plural(0usize, "entry", "entries"), "entries");
        assert_eq!(plural(-1i64, "job", "jobs"), "jobs");
        assert_eq!(plural(2u64, "process", "processes"), "processes");
    }

    #[test]
    fn controls_are_made_visible() {
        assert_eq!(
            visible("\u{1b}]0;pwned\u{7}\u{1b}[2J"),
            "\\x1b]0;pwned\\x07\\x1b[2J"
        );
        assert_eq!(visible("a\nb\tc\rd\u{0}"), "a\\nb\\tc\\rd\\x00");
        assert_eq!(visible("del\u{7f} c1\u{9b}"), "del\\x7f c1\\u{9b}");
        assert_eq!(visible("abc\u{202e}fed"), "abc\\u{202e}fed");
        assert_eq!(
            visible("zero\u{200b}width\u{feff}"),
            "zero\\u{200b}width\\u{feff}"
        );
        assert_eq!(visible("Mailer::Deliver é 日本"), "Mailer::Deliver é 日本");
        assert!(matches!(visible("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn messages_keep_their_lines() {
        assert_eq!(visible_lines("a\n  b\u{1b}[2J"), "a\n  b\\x1b[2J");
        assert_eq!(visible_lines("a\r\nb"), "a\\r\nb");
    }

    #[test]
    fn bytes_that_are_not_utf8() {
        assert_eq!(visible_bytes(b"q\xff"), "q\\xff");
        assert_eq!(visible_bytes(b"\xc3\xa9\xc3\x1b"), "é\\xc3\\x1b");
        assert_eq!(visible_bytes("ok".as_bytes()), "ok");
    }

    #[test]
    fn escaping_is_idempotent() {
        for text in ["\u{1b}[31m", "a\\x1b", "q\u{202e}", "tab\there"] {
            let once = visible(text).into_owned();
            assert_eq!(visible(&once), once);
        }
        let once = visible_bytes(b"\xff\x1b").into_owned();
        assert_eq!(visible(&once), once);
    }

    #[test]
    fn logfmt_values() {
        assert_eq!(logfmt_value("Mailer::Deliver"), "Mailer::Deliver");
        assert_eq!(logfmt_value(""), "\"\"");
        assert_eq!(logfmt_value("a b"), "\"a b\"");
        assert_eq!(logfmt_value("k=v"), "\"k=v\"");
        assert_eq!(logfmt_value("say \"hi\""), r#""say \"hi\"""#);
        assert_eq!(logfmt_value(r"C:\x"), r#""C:\\x""#);
        assert_eq!(logfmt_value("\u{1b}]0;pwned\u{7}"), r#""\x1b]0;pwned\x07""#);
        assert_eq!(logfmt_value("a\nb\u{0}"), r#""a\nb\x00""#);
        assert_eq!(logfmt_value("rtl\u{202e}"), r#""rtl\u{202e}""#);
    }

    #[test]
    fn one_line_cells() {
        assert_eq!(one_line("a\nb\t c"), "a ↵ b c");
        assert_eq!(one_line("a\r\nb"), "a ↵ b");
        assert_eq!(one_line("x\u{1b}[2Jy"), "x\\x1b[2Jy");
        assert_eq!(one_line("lone\rcr"), "lone\\rcr");
    }
}
