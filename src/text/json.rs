//! JSON as cogctl writes it, in two parts.
//!
//! The writer every `--json`/`--ndjson` document goes through ([`to_writer`],
//! [`to_writer_pretty`]): serde_json's, with one change. JSON lets a string carry DEL, the C1
//! controls (U+0080–U+009F; U+009B is a CSI to many terminals), the bidirectional controls,
//! the invisible formatting characters and U+2028/U+2029 as themselves, and a payload can hold
//! them; written raw they would reach a terminal that shows the output (`| less -R` too) and
//! move its cursor or reverse its text. They are written as `\uXXXX` escapes instead — in
//! serialised strings and in stored JSON embedded as it is (a payload) alike — which any JSON
//! parser reads back as the same characters: the value is unchanged. (C0 controls are escaped
//! by serde_json already; the set is [`crate::text::is_unsafe`]'s, from DEL up.)
//!
//! JSON for people, from the text as stored ([`pretty`], [`compact`]): indented the way
//! `serde_json`'s pretty printer indents (two spaces, `"key": value`, empty `[]` and `{}` kept
//! together), but with every string and number exactly as written — `1E-400` stays `1E-400`,
//! `"\u00e9"` stays an escape. One pass over the text, no tree and no recursion, so no nesting
//! can exhaust the stack; past `INDENTED` levels the rest of a value is written on one line, so
//! the output grows with the input, not with the square of its depth.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{CharEscape, CompactFormatter, Formatter, PrettyFormatter};

use crate::text::is_unsafe;

/// `value` as one line of JSON (no newline after it), through the escaping writer.
pub fn to_writer<W: Write + ?Sized, T: Serialize + ?Sized>(
    out: &mut W,
    value: &T,
) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, Escaping(CompactFormatter));
    value.serialize(&mut ser).map_err(json_io)
}

/// `value` as indented JSON (no newline after it), through the escaping writer.
pub fn to_writer_pretty<W: Write + ?Sized, T: Serialize + ?Sized>(
    out: &mut W,
    value: &T,
) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, Escaping(PrettyFormatter::new()));
    value.serialize(&mut ser).map_err(json_io)
}

/// A serde_json formatter whose strings and raw fragments are written by [`write_escaped`].
struct Escaping<F>(F);

impl<F: Formatter> Formatter for Escaping<F> {
    #[inline]
    fn write_string_fragment<W: ?Sized + Write>(&mut self, w: &mut W, s: &str) -> io::Result<()> {
        write_escaped(w, s)
    }

    /// Stored JSON (a `RawValue`): outside its strings it holds only ASCII, so every
    /// character escaped here is inside one.
    #[inline]
    fn write_raw_fragment<W: ?Sized + Write>(&mut self, w: &mut W, s: &str) -> io::Result<()> {
        write_escaped(w, s)
    }

    #[inline]
    fn write_char_escape<W: ?Sized + Write>(&mut self, w: &mut W, e: CharEscape) -> io::Result<()> {
        self.0.write_char_escape(w, e)
    }
    #[inline]
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_array(w)
    }
    #[inline]
    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array(w)
    }
    #[inline]
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_array_value(w, first)
    }
    #[inline]
    fn end_array_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array_value(w)
    }
    #[inline]
    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object(w)
    }
    #[inline]
    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object(w)
    }
    #[inline]
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_object_key(w, first)
    }
    #[inline]
    fn end_object_key<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object_key(w)
    }
    #[inline]
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object_value(w)
    }
    #[inline]
    fn end_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object_value(w)
    }
}

/// `text` (a piece of a JSON string, or JSON text) with every unsafe character from DEL up
/// written as `\uXXXX` (a pair of surrogate escapes above U+FFFF). Text of bytes below DEL
/// only, the usual case, is checked sixteen bytes at a time and written as it is.
#[inline]
fn write_escaped<W: Write + ?Sized>(out: &mut W, text: &str) -> io::Result<()> {
    if below_del(text.as_bytes()) {
        out.write_all(text.as_bytes())
    } else {
        write_escapes(out, text)
    }
}

fn write_escapes<W: Write + ?Sized>(out: &mut W, text: &str) -> io::Result<()> {
    let bytes = text.as_bytes();
    let mut written = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] < 0x7f {
            i += 1;
            continue;
        }
        let c = text[i..]
            .chars()
            .next()
            .expect("i is on a character boundary");
        let len = c.len_utf8();
        if is_unsafe(c) {
            out.write_all(&bytes[written..i])?;
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                write!(out, "\\u{unit:04x}")?;
            }
            written = i + len;
        }
        i += len;
    }
    out.write_all(&bytes[written..])
}

/// True when every byte is below DEL (so nothing needs escaping here).
#[inline]
fn below_del(bytes: &[u8]) -> bool {
    let mut chunks = bytes.chunks_exact(16);
    // A fixed-size fold without an early exit: the compiler makes it a few vector instructions.
    for chunk in &mut chunks {
        if chunk.iter().fold(0u8, |m, &b| m.max(b)) >= 0x7f {
            return false;
        }
    }
    chunks.remainder().iter().all(|&b| b < 0x7f)
}

/// Levels shown indented, one item a line; deeper ones stay compact.
pub const INDENTED: usize = 32;

/// `raw`, which must be JSON a parser has accepted, laid out for reading.
pub fn pretty(raw: &str) -> String {
    let s = raw.as_bytes();
    let mut out = String::with_capacity(raw.len() + raw.len() / 2);
    let mut depth = 0usize;
    let mut i = 0;
    let newline = |out: &mut String, depth: usize| {
        if depth <= INDENTED {
            out.push('\n');
            for _ in 0..depth {
                out.push_str("  ");
            }
        }
    };
    while i < s.len() {
        let c = s[i];
        match c {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'"' => {
                let end = string_end(s, i);
                out.push_str(&raw[i..end]);
                i = end;
            }
            b'[' | b'{' => {
                let close = if c == b'[' { b']' } else { b'}' };
                let next = skip_ws(s, i + 1);
                if s.get(next) == Some(&close) {
                    out.push(c as char);
                    out.push(close as char);
                    i = next + 1;
                } else {
                    out.push(c as char);
                    depth += 1;
                    newline(&mut out, depth);
                    i += 1;
                }
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                // The items were one a line if their level was indented.
                if depth < INDENTED {
                    newline(&mut out, depth);
                }
                out.push(c as char);
                i += 1;
            }
            b',' => {
                out.push(',');
                newline(&mut out, depth);
                i += 1;
            }
            b':' => {
                out.push(':');
                if depth <= INDENTED {
                    out.push(' ');
                }
                i += 1;
            }
            _ => {
                let end = s[i..]
                    .iter()
                    .position(|b| matches!(b, b',' | b']' | b'}' | b' ' | b'\t' | b'\n' | b'\r'))
                    .map_or(s.len(), |n| i + n);
                out.push_str(&raw[i..end]);
                i = end;
            }
        }
    }
    out
}

/// `raw`, which must be JSON a parser has accepted, without the whitespace between its tokens
/// (one line, as NDJSON needs), every token as stored.
pub fn compact(raw: &str) -> String {
    let s = raw.as_bytes();
    let mut out = String::with_capacity(raw.len());
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'"' => {
                let end = string_end(s, i);
                out.push_str(&raw[i..end]);
                i = end;
            }
            _ => {
                let end = s[i..]
                    .iter()
                    .position(|b| matches!(b, b'"' | b' ' | b'\t' | b'\n' | b'\r'))
                    .map_or(s.len(), |n| i + n);
                out.push_str(&raw[i..end]);
                i = end;
            }
        }
    }
    out
}

/// The index just past the string that starts at `start` (its opening quote).
fn string_end(s: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < s.len() {
        match s[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    s.len()
}

fn skip_ws(s: &[u8], mut i: usize) -> usize {
    while matches!(s.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

/// A serde_json error as the io error it carries, so a closed pipe stays a closed pipe.
pub fn json_io(err: serde_json::Error) -> io::Error {
    match err.io_error_kind() {
        Some(kind) => io::Error::new(kind, err),
        None => io::Error::other(err),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::value::RawValue;

    use super::*;

    fn to_string<T: Serialize + ?Sized>(value: &T) -> String {
        let mut out = Vec::new();
        to_writer(&mut out, value).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Every character the writer escapes, beside ones it keeps.
    const HOSTILE: &str = "del\u{7f} c1\u{80}\u{9b}\u{9f} alm\u{61c} lrm\u{200e}\u{200f} \
        emb\u{202a}\u{202e} iso\u{2066}\u{2069} sep\u{2028}\u{2029} zw\u{200b}\u{feff} \
        tag\u{e0001} kept: é 日本 \u{a0} \u{2027}\u{202f} 😀 esc\u{1b}";

    fn has_raw_unsafe(text: &str) -> bool {
        text.chars().any(|c| c >= '\u{7f}' && is_unsafe(c))
    }

    #[test]
    fn unsafe_characters_are_escaped_and_read_back_the_same() {
        let value = serde_json::json!({ HOSTILE: [HOSTILE, 1, {"k": HOSTILE}] });
        for text in [to_string(&value), {
            let mut out = Vec::new();
            to_writer_pretty(&mut out, &value).unwrap();
            String::from_utf8(out).unwrap()
        }] {
            assert!(!has_raw_unsafe(&text), "{text}");
            assert!(
                text.contains(r"del\u007f c1\u0080\u009b\u009f alm\u061c"),
                "{text}"
            );
            assert!(text.contains(r"tag\udb40\udc01"), "{text}");
            assert!(
                text.contains("é 日本 \u{a0} \u{2027}\u{202f} 😀 esc\\u001b"),
                "{text}"
            );
            let back: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(back, value);
        }
    }

    #[test]
    fn stored_json_is_escaped_inside_its_strings_and_kept_otherwise() {
        let stored = format!(
            "{{ \"args\" : [1E-400, {}, \"\\u00e9\"],\n\t\"x\":true}}",
            serde_json::to_string(HOSTILE).unwrap()
        );
        let raw = RawValue::from_string(stored.clone()).unwrap();
        let text = to_string(&raw);
        assert!(!has_raw_unsafe(&text), "{text}");
        assert!(
            text.starts_with("{ \"args\" : [1E-400, \"del\\u007f"),
            "{text}"
        );
        assert!(text.ends_with("\"\\u00e9\"],\n\t\"x\":true}"), "{text}");
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            back,
            serde_json::from_str::<serde_json::Value>(&stored).unwrap()
        );
    }

    #[test]
    fn plain_text_is_written_as_it_is() {
        for text in ["", "a", "0123456789abcdef~", "~~~~~~~~\u{7f}", "é"] {
            let mut out = Vec::new();
            write_escaped(&mut out, text).unwrap();
            let expected = text.replace('\u{7f}', "\\u007f");
            assert_eq!(String::from_utf8(out).unwrap(), expected);
        }
        assert!(below_del(b"abcdefgh~~~~~~~~xyz"));
        assert!(!below_del(b"abcdefgh~~~~~~~~\x7f"));
        assert!(!below_del(b"abcdefgh\x7f"));
        assert!(!below_del("abcdefghijklmnopqrstuvwxyz\u{e9}".as_bytes()));
    }

    #[test]
    fn laid_out_as_serde_json_lays_it_out() {
        for text in [
            r#"{"class":"A","args":[1,[2,3],{}],"x":{"y":[]},"s":"a,b:[c]\"}"}"#,
            r#"[]"#,
            r#"{"a":{"b":{"c":null}}}"#,
            r#"[true,false,-1.5]"#,
        ] {
            let value: serde_json::Value = serde_json::from_str(text).unwrap();
            assert_eq!(
                pretty(text),
                serde_json::to_string_pretty(&value).unwrap(),
                "{text}"
            );
        }
    }

    #[test]
    fn numbers_and_strings_stay_as_stored() {
        assert_eq!(
            pretty(r#"[1e400,1E-400,0.1e1,"\u00e9\/"]"#),
            "[\n  1e400,\n  1E-400,\n  0.1e1,\n  \"\\u00e9\\/\"\n]"
        );
        assert_eq!(
            pretty(" { \"a\" : [ 1 , 2 ] } "),
            "{\n  \"a\": [\n    1,\n    2\n  ]\n}"
        );
    }

    #[test]
    fn compaction_keeps_every_token() {
        assert_eq!(
            compact("{\n  \"a b\" : [ 1E-400 ,\t\"x y\" ]\r\n}"),
            r#"{"a b":[1E-400,"x y"]}"#
        );
    }

    #[test]
    fn deep_nesting_stays_linear() {
        let levels = 100_000;
        let text = format!("{}{}", "[1,".repeat(levels), "2]".repeat(levels));
        let out = pretty(&text);
        assert!(
            out.len() < text.len() + INDENTED * INDENTED * 4 + levels,
            "{}",
            out.len()
        );
        assert!(out.starts_with("[\n  1,\n  ["));
        let compact: String = out.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(compact, text);
    }
}
