//! JSON for people, from the text as stored: indented the way `serde_json`'s pretty printer
//! indents (two spaces, `"key": value`, empty `[]` and `{}` kept together), but with every
//! string and number exactly as written — `1E-400` stays `1E-400`, `"\u00e9"` stays an
//! escape. One pass over the text, no tree and no recursion, so no nesting can exhaust the
//! stack; past `INDENTED` levels the rest of a value is written on one line, so the output
//! grows with the input, not with the square of its depth.

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

#[cfg(test)]
mod tests {
    use super::*;

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
