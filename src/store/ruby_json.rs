//! JSON exactly as the gem writes it (KEYS.md §1.2): what Ruby's `JSON.generate` prints for
//! the value Ruby's `JSON.parse` makes of the same text. Compact, object keys in their order
//! (a repeated key keeps its first place and its last value, as a Ruby hash does), integers
//! with all their digits, floats in `Float#to_s` form, strings with only `"`, `\` and control
//! characters escaped. The unique-lock digest hashes this text (§6.6), so it must match to
//! the byte.

use std::io::Write;

use serde_json::value::RawValue;
use serde_json::{Number, Value};

use super::rewrite::ruby_float;

/// JSON that Ruby would parse but can't write back: a number that overflows to infinity
/// (Ruby's generator refuses NaN and infinity), a lone UTF-16 surrogate (not UTF-8), or
/// arrays and objects nested deeper than Ruby's JSON reads and writes them.
#[derive(Debug, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct Unwritable(pub String);

impl Unwritable {
    fn number(text: &str) -> Unwritable {
        Unwritable(format!(
            "the number {text} is too large to be written as JSON (Ruby reads it as Infinity)"
        ))
    }
}

/// `value` as the gem would write it.
pub fn to_vec(value: &Value) -> Result<Vec<u8>, Unwritable> {
    let mut out = Vec::with_capacity(64);
    write(&mut out, value)?;
    Ok(out)
}

/// Append `value` as the gem would write it.
pub fn write(out: &mut Vec<u8>, value: &Value) -> Result<(), Unwritable> {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Number(n) => number(out, n)?,
        Value::String(s) => string(out, s),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write(out, item)?;
            }
            out.push(b']');
        }
        Value::Object(map) => {
            out.push(b'{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                string(out, key);
                out.push(b':');
                write(out, item)?;
            }
            out.push(b'}');
        }
    }
    Ok(())
}

/// Ruby's parser makes a float of any number with a fraction or an exponent, an integer of
/// the rest (bignums included); serde_json's arbitrary_precision keeps the text to decide.
fn number(out: &mut Vec<u8>, n: &Number) -> Result<(), Unwritable> {
    let text = n.as_str();
    if text.contains(['.', 'e', 'E']) {
        let x: f64 = text.parse().map_err(|_| Unwritable::number(text))?;
        if !x.is_finite() {
            return Err(Unwritable::number(text));
        }
        float(out, x);
    } else if text == "-0" {
        // Integer -0 is 0.
        out.push(b'0');
    } else {
        out.extend_from_slice(text.as_bytes());
    }
    Ok(())
}

/// A float in Ruby's `Float#to_s` form (`rewrite::ruby_float`), appended without a
/// temporary string in the usual range.
pub fn float(out: &mut Vec<u8>, x: f64) {
    if (1e-4..1e15).contains(&x.abs()) {
        // Debug prints the shortest round-trip digits with `.0`, and no exponent here.
        let _ = write!(out, "{x:?}");
    } else {
        out.extend_from_slice(ruby_float(x).as_bytes());
    }
}

/// How deep Ruby's `JSON.generate` and `JSON.parse` nest arrays and objects by default
/// (`max_nesting`): the gem can neither push nor read a job nested deeper. The job object
/// itself is the first level.
pub const MAX_NESTING: usize = 100;

/// Append the JSON text `raw` — a field of a job, so at most `MAX_NESTING - 1` levels deep —
/// as the gem would write the value it holds: the same output as `write` of the parsed value,
/// produced in one pass over the text without building a tree. An object that repeats a key
/// (or is too large to check cheaply) goes through `write`.
pub fn transcode(out: &mut Vec<u8>, raw: &RawValue) -> Result<(), Unwritable> {
    let start = out.len();
    let mut t = Transcoder {
        s: raw.get().as_bytes(),
        i: 0,
        out,
        keys: Vec::new(),
        depth: 1,
    };
    match t.value() {
        Ok(()) => Ok(()),
        Err(Stop::Unwritable(e)) => {
            t.out.truncate(start);
            Err(e)
        }
        Err(Stop::RepeatedKey) => {
            t.out.truncate(start);
            let value: Value = serde_json::from_str(raw.get())
                .map_err(|e| Unwritable(format!("not writable as JSON: {e}")))?;
            write(t.out, &value)
        }
    }
}

/// Objects with more keys than this are checked for repeats by `write` instead.
const KEYS_CHECKED: usize = 64;

enum Stop {
    Unwritable(Unwritable),
    RepeatedKey,
}

impl From<Unwritable> for Stop {
    fn from(e: Unwritable) -> Stop {
        Stop::Unwritable(e)
    }
}

/// A single pass over JSON text that a parser has already accepted (a `RawValue`), so the
/// grammar needs no checking here.
struct Transcoder<'a> {
    s: &'a [u8],
    i: usize,
    out: &'a mut Vec<u8>,
    /// The output ranges of the keys of the objects being written, innermost last.
    keys: Vec<(usize, usize)>,
    /// The nesting level of the value being written (the job object is level 1): bounded,
    /// so the recursion of `value` is too.
    depth: usize,
}

impl Transcoder<'_> {
    fn skip_ws(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.i += 1;
        }
    }

    fn peek(&self) -> u8 {
        self.s.get(self.i).copied().unwrap_or(0)
    }

    fn value(&mut self) -> Result<(), Stop> {
        self.skip_ws();
        match self.peek() {
            b'{' | b'[' => {
                if self.depth >= MAX_NESTING {
                    return Err(Unwritable(format!(
                        "arrays and objects nested more than {MAX_NESTING} levels deep (the \
                         gem's JSON neither writes nor reads them)"
                    ))
                    .into());
                }
                self.depth += 1;
                let done = if self.peek() == b'{' {
                    self.object()
                } else {
                    self.array()
                };
                self.depth -= 1;
                done
            }
            b'"' => self.string(),
            b't' | b'n' => self.literal(4),
            b'f' => self.literal(5),
            _ => self.number(),
        }
    }

    fn literal(&mut self, len: usize) -> Result<(), Stop> {
        let end = (self.i + len).min(self.s.len());
        self.out.extend_from_slice(&self.s[self.i..end]);
        self.i = end;
        Ok(())
    }

    fn array(&mut self) -> Result<(), Stop> {
        self.i += 1;
        self.out.push(b'[');
        self.skip_ws();
        if self.peek() == b']' {
            self.i += 1;
            self.out.push(b']');
            return Ok(());
        }
        loop {
            self.value()?;
            self.skip_ws();
            let c = self.peek();
            self.i += 1;
            self.out.push(c);
            if c != b',' {
                return Ok(());
            }
        }
    }

    fn object(&mut self) -> Result<(), Stop> {
        self.i += 1;
        self.out.push(b'{');
        self.skip_ws();
        if self.peek() == b'}' {
            self.i += 1;
            self.out.push(b'}');
            return Ok(());
        }
        let base = self.keys.len();
        loop {
            self.skip_ws();
            let start = self.out.len();
            self.string()?;
            let key = (start, self.out.len());
            let name = &self.out[key.0..key.1];
            if self.keys.len() - base >= KEYS_CHECKED
                || self.keys[base..]
                    .iter()
                    .any(|&(a, b)| &self.out[a..b] == name)
            {
                return Err(Stop::RepeatedKey);
            }
            self.keys.push(key);
            self.skip_ws();
            self.i += 1;
            self.out.push(b':');
            self.value()?;
            self.skip_ws();
            let c = self.peek();
            self.i += 1;
            self.out.push(c);
            if c != b',' {
                self.keys.truncate(base);
                return Ok(());
            }
        }
    }

    /// A string, its escapes decoded and written again as Ruby escapes.
    fn string(&mut self) -> Result<(), Stop> {
        self.i += 1;
        self.out.push(b'"');
        loop {
            let run = self.s[self.i..]
                .iter()
                .position(|&b| b == b'"' || b == b'\\')
                .map_or(self.s.len(), |n| self.i + n);
            self.out.extend_from_slice(&self.s[self.i..run]);
            self.i = run;
            match self.peek() {
                b'"' => {
                    self.i += 1;
                    self.out.push(b'"');
                    return Ok(());
                }
                b'\\' => self.escape()?,
                _ => return Ok(()),
            }
        }
    }

    fn escape(&mut self) -> Result<(), Stop> {
        let c = self.s.get(self.i + 1).copied().unwrap_or(0);
        self.i += 2;
        let decoded = match c {
            b'"' | b'\\' | b'b' | b'f' | b'n' | b'r' | b't' => {
                self.out.push(b'\\');
                self.out.push(c);
                return Ok(());
            }
            b'/' => '/',
            _ => {
                let high = self.hex4();
                if (0xD800..0xDC00).contains(&high)
                    && self.s.get(self.i..self.i + 2) == Some(b"\\u")
                {
                    self.i += 2;
                    let low = self.hex4();
                    if (0xDC00..0xE000).contains(&low) {
                        let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                        char::from_u32(code).ok_or_else(|| lone(high))?
                    } else {
                        return Err(lone(high).into());
                    }
                } else {
                    char::from_u32(high).ok_or_else(|| lone(high))?
                }
            }
        };
        let mut buf = [0u8; 4];
        string_into(self.out, decoded.encode_utf8(&mut buf));
        Ok(())
    }

    fn hex4(&mut self) -> u32 {
        let digits = self.s.get(self.i..self.i + 4).unwrap_or(b"0000");
        self.i += 4;
        digits.iter().fold(0, |acc, &d| {
            acc * 16 + (d as char).to_digit(16).unwrap_or(0)
        })
    }

    fn number(&mut self) -> Result<(), Stop> {
        let start = self.i;
        while matches!(self.peek(), b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E') {
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
        if text.contains(['.', 'e', 'E']) {
            let x: f64 = text.parse().map_err(|_| Unwritable::number(text))?;
            if !x.is_finite() {
                return Err(Unwritable::number(text).into());
            }
            float(self.out, x);
        } else if text == "-0" {
            self.out.push(b'0');
        } else {
            self.out.extend_from_slice(text.as_bytes());
        }
        Ok(())
    }
}

fn lone(code: u32) -> Unwritable {
    Unwritable(format!(
        "a string holds the lone UTF-16 surrogate \\u{code:04x}, which is not text"
    ))
}

/// A JSON string as Ruby writes it: `"` and `\` escaped, `\b \f \n \r \t` short, every other
/// control character `\u00xx` in lowercase hex; everything else (non-ASCII, `/`, DEL,
/// U+2028) as it is.
pub fn string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    string_into(out, s);
    out.push(b'"');
}

/// The inside of a JSON string as Ruby writes it.
fn string_into(out: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let short = match b {
            b'"' => b'"',
            b'\\' => b'\\',
            b'\n' => b'n',
            b'\r' => b'r',
            b'\t' => b't',
            0x08 => b'b',
            0x0c => b'f',
            0x00..=0x1f => 0,
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        if short == 0 {
            out.extend_from_slice(b"\\u00");
            out.push(HEX[usize::from(b >> 4)]);
            out.push(HEX[usize::from(b & 0xf)]);
        } else {
            out.push(b'\\');
            out.push(short);
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::job::sha1_hex;

    /// `text` written by both paths, which must agree.
    fn ruby(text: &str) -> String {
        let value: Value = serde_json::from_str(text).unwrap();
        let tree = String::from_utf8(to_vec(&value).unwrap()).unwrap();
        let raw: &RawValue = serde_json::from_str(text).unwrap();
        let mut direct = Vec::new();
        transcode(&mut direct, raw).unwrap();
        assert_eq!(String::from_utf8(direct).unwrap(), tree, "{text}");
        tree
    }

    #[test]
    fn the_direct_path_refuses_what_ruby_cannot_write() {
        for text in [
            "[1e400]",
            r#"["\ud800"]"#,
            r#"["\udc00x"]"#,
            r#"{"a":[-1E999]}"#,
        ] {
            let raw: &RawValue = serde_json::from_str(text).unwrap();
            let mut out = b"kept".to_vec();
            assert!(transcode(&mut out, raw).is_err(), "{text}");
            assert_eq!(out, b"kept");
        }
        let raw: &RawValue =
            serde_json::from_str(r#"["\ud83d\ude80", {"k": {"k": 1}, "j": 2}]"#).unwrap();
        let mut out = Vec::new();
        transcode(&mut out, raw).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#"["🚀",{"k":{"k":1},"j":2}]"#
        );
        // Nested repeats and many keys fall back to the tree and agree with it.
        ruby(r#"[{"x": {"a": 1, "a": [2]}}, 3]"#);
        let many: Vec<String> = (0..100).map(|i| format!("\"k{i}\": {i}.0")).collect();
        ruby(&format!("{{{}}}", many.join(", ")));
    }

    #[test]
    fn numbers_as_ruby_writes_them() {
        for (given, want) in [
            ("1", "1"),
            ("1.0", "1.0"),
            ("1e20", "1.0e+20"),
            ("1E20", "1.0e+20"),
            ("1.0e+20", "1.0e+20"),
            ("2.5e-5", "2.5e-05"),
            ("0.000025", "2.5e-05"),
            ("-0.0", "-0.0"),
            ("-0", "0"),
            ("1e2", "100.0"),
            ("100", "100"),
            ("1.50", "1.5"),
            ("1e-400", "0.0"),
            ("1180591620717411303424", "1180591620717411303424"),
            ("12345678901234567890", "12345678901234567890"),
            ("-9223372036854775808", "-9223372036854775808"),
            ("9007199254740993", "9007199254740993"),
            ("0.30000000000000004", "0.30000000000000004"),
            ("123456789012345.0", "123456789012345.0"),
            ("1e15", "1.0e+15"),
        ] {
            assert_eq!(ruby(given), want, "{given}");
        }
        let huge: Value = serde_json::from_str("[1e400]").unwrap();
        assert!(to_vec(&huge).is_err());
    }

    #[test]
    fn strings_and_structure_as_ruby_writes_them() {
        assert_eq!(
            ruby(r#"[ "é/\u0001", "\u00e9\/", "\b\f\n\r\t\"\\", "\u001F\u007f\u2028" ]"#),
            "[\"é/\\u0001\",\"é/\",\"\\b\\f\\n\\r\\t\\\"\\\\\",\"\\u001f\u{7f}\u{2028}\"]"
        );
        assert_eq!(
            ruby(r#"{ "b" : [ ], "a" : { }, "c": null, "d": [true, false] }"#),
            r#"{"b":[],"a":{},"c":null,"d":[true,false]}"#
        );
        // A repeated key keeps its first place and takes the last value, as in a Ruby hash.
        assert_eq!(ruby(r#"{"a":1,"b":2,"a":3}"#), r#"{"a":3,"b":2}"#);
    }

    #[test]
    fn the_real_sample_of_keys_4_4_9() {
        // Client.push({"args":[2**70, 1.0, 1e20, "é/\u0001"],"class":"Big"})
        assert_eq!(
            ruby(r#"[1180591620717411303424, 1.0, 1e20, "é/\u0001"]"#),
            r#"[1180591620717411303424,1.0,1.0e+20,"é/\u0001"]"#
        );
    }

    /// Every args example of fixtures/unique.json's description, written from a loose
    /// spelling, hashes to the lock key the gem created for it.
    #[test]
    fn digests_of_the_unique_fixture() {
        for (class, queue, args, lock) in [
            (
                "NoopJob",
                "billing-eu",
                "[1.5, 1.0, -0.25, 0.000025, 1e20, 0]",
                "4b359ea4a43354fae8564a2a20cbe719e16cb861",
            ),
            (
                "FlakyJob",
                "default",
                "[3, 0.50]",
                "1ff7bc62eb4b5ae525cd8b33a1d57f60df85b12c",
            ),
            (
                "EchoJob",
                "default",
                "[12345678901234567890, 9007199254740993, -9223372036854775808]",
                "c77bddb935711117b6f2a93d86369832bfdc849e",
            ),
            (
                "EchoJob",
                "default",
                "[ ]",
                "3026c524781e6f2abd18f82d398992d85fb75ef6",
            ),
            (
                "EchoJob",
                "mail-out",
                r#"["line1\nline2 \"quoted\" \\ back\/slash\u0009tab"]"#,
                "23dddf9bc62ef58934a0b763ab5d663926496487",
            ),
            (
                "EchoJob",
                "mail-out",
                r#"["Gr\u00fc\u00dfe aus K\u00f6ln \u2014 \u2709\ufe0f", "naïve café", "日本語テキスト"]"#,
                "038e2c26c670e7ffcf0fabd51d1208e7ff0f178d",
            ),
            (
                "SleepJob",
                "reports-nightly",
                r#"[{"report": {"id": 77, "filters": {"region": ["eu-west-1", "us-east-2"],
                   "since": "2026-11-01", "active": true, "owner": null}}, "format": "csv"}]"#,
                "46da76bbefbc50e35d1777bfa5ae32ee6915ef64",
            ),
            (
                "EchoJob",
                "reports-nightly",
                r#"["digest", {"week": 49}]"#,
                "099611569e7c63aa2b90f652389f8a7c07e87193",
            ),
        ] {
            let text = format!("{class}|{queue}|{}", ruby(args));
            assert_eq!(sha1_hex(text.as_bytes()), lock, "{text}");
        }
    }
}
