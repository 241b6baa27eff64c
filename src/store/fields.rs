//! A payload's fields read in one pass over its bytes, for the common case.
//!
//! [`scan`] reads a JSON object's fields, each value kept as its raw text, the way
//! `serde_json` reads them into raw values, checking the text is UTF-8 as it goes, in about
//! half the time of the two passes. It takes only what it is sure of: strict RFC 8259 JSON
//! in valid UTF-8, keys without escapes, strings without `\u` escapes, containers nested at
//! most 64 deep. Anything else (an error, or merely something it leaves alone) is `None`,
//! and the caller checks the text and reads it with `serde_json`, which then decides. So
//! whatever `scan` accepts is UTF-8 and `serde_json` accepts it too, with the same fields:
//! the property the tests check on generated documents.

use std::borrow::Cow;

use serde_json::value::RawValue;

/// A payload's fields in order, each with its value's raw text.
pub type FieldList<'a> = Vec<(Cow<'a, str>, &'a RawValue)>;

/// The fields of the JSON object in `raw`, with `raw` as text; `None` when `raw` holds
/// anything this reader leaves to `serde_json` (see the module comment).
pub fn scan(raw: &[u8]) -> Option<(&str, FieldList<'_>)> {
    let b = raw;
    let mut i = ws(b, 0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    let mut fields = Vec::with_capacity(12);
    i = ws(b, i + 1);
    if b.get(i) == Some(&b'}') {
        i += 1;
    } else {
        loop {
            let ((name, name_end), start) = key(b, i)?;
            let end = value(b, start)?;
            fields.push((
                Cow::Borrowed(text(&b[name..name_end])),
                // SAFETY: `value` has just read these bytes in full as one JSON value.
                unsafe { raw_value(text(&b[start..end])) },
            ));
            i = ws(b, end);
            match b.get(i)? {
                b',' => i = ws(b, i + 1),
                b'}' => {
                    i += 1;
                    break;
                }
                _ => return None,
            }
        }
    }
    if ws(b, i) != b.len() {
        return None;
    }
    Some((text(raw), fields))
}

/// Bytes this reader has read in full (a key, a value, the whole object) as text.
fn text(b: &[u8]) -> &str {
    debug_assert!(std::str::from_utf8(b).is_ok());
    // SAFETY: every byte outside a string is ASCII by the grammar `key` and `value` read,
    // and every byte inside one is ASCII or part of a character `utf8_char` checked.
    unsafe { std::str::from_utf8_unchecked(b) }
}

/// `text` seen as a `RawValue`, without a second validation pass.
///
/// # Safety
///
/// `text` must be one whole JSON value (`RawValue`'s only invariant): one that this reader
/// or serde_json has read in full.
pub(super) unsafe fn raw_value(text: &str) -> &RawValue {
    // SAFETY: `RawValue` is `#[repr(transparent)]` over `str`; the caller vouches for the
    // text.
    unsafe { std::mem::transmute::<&str, &RawValue>(text) }
}

/// Past JSON whitespace from `i`.
fn ws(b: &[u8], mut i: usize) -> usize {
    while let Some(b' ' | b'\n' | b'\t' | b'\r') = b.get(i) {
        i += 1;
    }
    i
}

/// An object key at `i` (a string without escapes), its colon and the whitespace after it:
/// ((the key's start, its end), the index of its value).
fn key(b: &[u8], i: usize) -> Option<((usize, usize), usize)> {
    if b.get(i) != Some(&b'"') {
        return None;
    }
    let start = i + 1;
    let end = string_end(b, start, false)?;
    let colon = ws(b, end + 1);
    (b.get(colon) == Some(&b':')).then(|| ((start, end), ws(b, colon + 1)))
}

/// The index of the closing quote of the string whose text starts at `i`. With `escapes`,
/// escapes other than `\u` are taken (a `\u` escape is left to serde_json); without, any
/// backslash is.
fn string_end(b: &[u8], mut i: usize, escapes: bool) -> Option<usize> {
    loop {
        i = plain(b, i);
        match *b.get(i)? {
            b'"' => return Some(i),
            b'\\' if escapes => match *b.get(i + 1)? {
                b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => i += 2,
                _ => return None,
            },
            0x80.. => i += utf8_char(b, i)?,
            _ => return None,
        }
    }
}

/// The length of the UTF-8 character at `i`, when it is one.
fn utf8_char(b: &[u8], i: usize) -> Option<usize> {
    let width = match b[i] {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return None,
    };
    std::str::from_utf8(b.get(i..i + width)?).ok()?;
    Some(width)
}

/// The first byte from `i` that ends a run of plain ASCII string text (a quote, a backslash,
/// a control character or a byte of a longer UTF-8 character), or `b.len()`. Eight bytes at
/// a time, as serde_json reads strings.
fn plain(b: &[u8], mut i: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte that is zero in `v`, or may be above the first: the lowest
    // one flagged is exact (a borrow runs only upwards from a real one).
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    while let Some(word) = b.get(i..i + 8) {
        let x = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        let below_space = x.wrapping_sub(ONES * 0x20) & !x & HIGH;
        let ends = zero(x ^ (ONES * u64::from(b'"'))) | zero(x ^ (ONES * u64::from(b'\\')));
        let flags = ends | below_space | (x & HIGH);
        if flags != 0 {
            return i + (flags.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while let Some(&c) = b.get(i) {
        if c == b'"' || c == b'\\' || !(0x20..0x80).contains(&c) {
            break;
        }
        i += 1;
    }
    i
}

/// The end of the number at `i`: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
fn number(b: &[u8], mut i: usize) -> Option<usize> {
    let digits = |b: &[u8], mut i: usize| {
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        (i > start).then_some(i)
    };
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    i = match *b.get(i)? {
        b'0' => i + 1,
        b'1'..=b'9' => digits(b, i)?,
        _ => return None,
    };
    if b.get(i) == Some(&b'.') {
        i = digits(b, i + 1)?;
    }
    if let Some(b'e' | b'E') = b.get(i) {
        i += 1;
        if let Some(b'+' | b'-') = b.get(i) {
            i += 1;
        }
        i = digits(b, i)?;
    }
    // A digit straight after a number (`01`) is not JSON.
    (!b.get(i).is_some_and(u8::is_ascii_digit)).then_some(i)
}

/// The end of the JSON value at `i`.
fn value(b: &[u8], mut i: usize) -> Option<usize> {
    // The open containers, innermost in the lowest bit: 1 an object, 0 an array.
    let mut kinds: u64 = 0;
    let mut depth = 0u32;
    loop {
        // A value starts at `i`.
        match *b.get(i)? {
            b'"' => i = string_end(b, i + 1, true)? + 1,
            b'-' | b'0'..=b'9' => i = number(b, i)?,
            b't' if b[i..].starts_with(b"true") => i += 4,
            b'f' if b[i..].starts_with(b"false") => i += 5,
            b'n' if b[i..].starts_with(b"null") => i += 4,
            open @ (b'{' | b'[') => {
                if depth == 64 {
                    return None;
                }
                depth += 1;
                kinds = (kinds << 1) | u64::from(open == b'{');
                i = ws(b, i + 1);
                let close = if open == b'{' { b'}' } else { b']' };
                if b.get(i) != Some(&close) {
                    if open == b'{' {
                        i = key(b, i)?.1;
                    }
                    continue;
                }
                i += 1;
                depth -= 1;
                kinds >>= 1;
            }
            _ => return None,
        }
        // After a value: the next one in its container, or the container's end.
        loop {
            if depth == 0 {
                return Some(i);
            }
            let object = kinds & 1 == 1;
            i = ws(b, i);
            match *b.get(i)? {
                b',' => {
                    i = ws(b, i + 1);
                    if object {
                        i = key(b, i)?.1;
                    }
                    break;
                }
                b'}' if object => {}
                b']' if !object => {}
                _ => return None,
            }
            i += 1;
            depth -= 1;
            kinds >>= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What serde_json reads: the fields of an object, each value's raw text.
    fn serde(doc: &str) -> Option<Vec<(String, String)>> {
        let map: Vec<(String, Box<RawValue>)> =
            serde_json::from_str::<Pairs>(doc).ok().map(|p| p.0)?;
        Some(
            map.into_iter()
                .map(|(k, v)| (k, v.get().to_string()))
                .collect(),
        )
    }

    struct Pairs(Vec<(String, Box<RawValue>)>);
    impl<'de> serde::Deserialize<'de> for Pairs {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = Pairs;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("an object")
                }
                fn visit_map<A: serde::de::MapAccess<'de>>(
                    self,
                    mut map: A,
                ) -> Result<Pairs, A::Error> {
                    let mut out = Vec::new();
                    while let Some(k) = map.next_key::<String>()? {
                        out.push((k, map.next_value()?));
                    }
                    Ok(Pairs(out))
                }
            }
            d.deserialize_map(V)
        }
    }

    fn ours(doc: &str) -> Option<Vec<(String, String)>> {
        ours_of(doc.as_bytes())
    }

    fn ours_of(raw: &[u8]) -> Option<Vec<(String, String)>> {
        scan(raw).map(|(doc, fields)| {
            assert_eq!(doc.as_bytes(), raw);
            fields
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.get().to_string()))
                .collect()
        })
    }

    /// Whatever `scan` takes, serde_json takes too, with the same fields; true when it took
    /// it.
    fn agrees(doc: &str) -> bool {
        agrees_of(doc.as_bytes())
    }

    /// … and it is UTF-8.
    fn agrees_of(raw: &[u8]) -> bool {
        let Some(fields) = ours_of(raw) else {
            return false;
        };
        let doc = std::str::from_utf8(raw).unwrap_or_else(|e| panic!("{raw:?}: {e}"));
        assert_eq!(Some(fields), serde(doc), "{doc:?}");
        true
    }

    /// Numbers below `n`, from a xorshift generator seeded with `seed`.
    fn numbers(seed: u64) -> impl FnMut(usize) -> usize {
        let mut x = seed;
        move |n| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        }
    }

    #[test]
    fn plain_text_ends_where_a_byte_at_a_time_says() {
        let set = [
            b'a', b' ', b'"', b'\\', 0x00, 0x1f, 0x20, 0x21, 0x5b, 0x5d, 0x7f, 0x80, 0xc3, 0xff,
        ];
        let mut next = numbers(0xD1B5_4A32_D192_ED03);
        for _ in 0..100_000 {
            let len = next(40);
            let b: Vec<u8> = (0..len)
                .map(|_| {
                    if next(3) == 0 {
                        set[next(set.len())]
                    } else {
                        b'x'
                    }
                })
                .collect();
            let from = next(len + 1);
            let want = (from..len)
                .find(|&k| b[k] == b'"' || b[k] == b'\\' || !(0x20..0x80).contains(&b[k]))
                .unwrap_or(len);
            assert_eq!(plain(&b, from), want, "{b:?} from {from}");
        }
    }

    #[test]
    fn reads_a_gem_payload_as_serde_json_does() {
        let doc = r#"{"retry":25,"class":"Billing::InvoiceMailerJob","args":["invoice-1",1,{"amount":140.5,"n":null,"ok":true,"no":false,"e":-1.5e+3,"z":0}],"jid":"dd3ef0c51e4195bab9203b81","error_message":"Couldn't find Order with 'id'=1 [WHERE \"orders\".\"shop_id\" = $1]\n\t\\ \/","failed_at":1795588800.0253630,"nested":[[[]],{},{"a":{"b":[1,[2,{"c":3}]]}}],"":"","dup":1,"dup":2}"#;
        assert!(ours(doc).is_some());
        agrees(doc);
        let spaced = " {\n\t\"a\" :\r [ 1 , { \"b\" : 2 } ] , \"c\":\"d\" \n} \n";
        assert_eq!(
            ours(spaced).unwrap(),
            vec![
                ("a".into(), "[ 1 , { \"b\" : 2 } ]".into()),
                ("c".into(), "\"d\"".into())
            ]
        );
        agrees(spaced);
        assert_eq!(ours("{}").unwrap(), vec![]);
    }

    #[test]
    fn every_payload_the_gem_left_in_the_fixtures_is_taken_and_read_the_same() {
        // Every string in the captured Redis states that serde_json reads as an object (job
        // payloads, process info, history runs …).
        fn strings(v: &serde_json::Value, out: &mut Vec<String>) {
            match v {
                serde_json::Value::String(s) => out.push(s.clone()),
                serde_json::Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
                serde_json::Value::Object(o) => o.values().for_each(|x| strings(x, out)),
                _ => {}
            }
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        let mut objects = 0;
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let state: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let mut found = Vec::new();
            strings(&state, &mut found);
            for text in found.iter().filter(|t| serde(t).is_some()) {
                objects += 1;
                assert_eq!(ours(text), serde(text), "{}: {text}", path.display());
            }
        }
        assert!(objects > 1000, "only {objects} objects in the fixtures");
    }

    #[test]
    fn leaves_to_serde_json_what_it_does_not_take() {
        for doc in [
            // Not JSON, or not an object.
            "",
            "[]",
            "\"x\"",
            "1",
            "{",
            "{\"a\"}",
            "{\"a\":}",
            "{\"a\":1,}",
            "{\"a\":1}x",
            "{\"a\":01}",
            "{\"a\":1.}",
            "{\"a\":.5}",
            "{\"a\":1e}",
            "{\"a\":-}",
            "{\"a\":+1}",
            "{\"a\":tru}",
            "{\"a\":[1,]}",
            "{\"a\":[1}",
            "{\"a\":{\"b\"}}",
            "{\"a\":{1:2}}",
            "{\"a\":\"\u{1}\"}",
            "{\"a\":\"\\x\"}",
            "{\"a\":[}",
            "{\"a\":{\"b\":1,}}",
            "\u{feff}{}",
            "{\"a\":NaN}",
            "{\"a\":'x'}",
            // JSON that serde_json reads, but this reader leaves to it.
            "{\"a\\u0041\":1}",
            "{\"a\\n\":1}",
            "{\"a\":\"\\u00e9\"}",
            "{\"a\":\"\\ud800\"}",
        ] {
            assert_eq!(ours(doc), None, "{doc:?}");
        }
        let deep = format!("{{\"a\":{}{}}}", "[".repeat(65), "]".repeat(65));
        assert_eq!(ours(&deep), None);
        let deep_enough = format!("{{\"a\":{}{}}}", "[".repeat(64), "]".repeat(64));
        assert!(ours(&deep_enough).is_some());
        agrees(&deep_enough);
    }

    #[test]
    fn takes_utf8_text_and_leaves_what_is_not() {
        for ok in ["{\"é\":\"日本\"}", "{\"a\":[\"🦀\",{\"€\":\"\\n\"}]}"] {
            assert!(ours(ok).is_some(), "{ok}");
            agrees(ok);
        }
        for bad in [
            &b"{\"a\":\"\xff\"}"[..],
            b"{\"a\":\"\xc0\xaf\"}",
            b"{\"a\":\"\xed\xa0\x80\"}",
            b"{\"a\":\"\xe2\x82\"}",
            b"{\"a\":\"\xf4\x90\x80\x80\"}",
            b"{\"\x80\":1}",
            b"{\"a\":1\xc3\xa9}",
            b"{\"a\":\"\xe2\x82\xac",
        ] {
            assert_eq!(ours_of(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn whatever_it_takes_serde_json_takes_the_same() {
        // Documents built from JSON's pieces, cut and spliced at random: most are not JSON,
        // and for every one `scan` takes, serde_json must read the same fields.
        let pieces = [
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            " ",
            "\n",
            "\"",
            "\"k\"",
            "\"v\\\"\"",
            "\\",
            "\\n",
            "\\u0041",
            "0",
            "1",
            "-",
            ".",
            "5",
            "e",
            "E",
            "+",
            "01",
            "1.5",
            "-0",
            "2e-3",
            "true",
            "false",
            "null",
            "tru",
            "x",
            "é",
            "\u{1}",
            "\t",
            "\"a\":",
            "{\"b\":1}",
            "[1,2]",
        ];
        let mut next = numbers(0x2545_F491_4F6C_DD1D);
        let mut taken = 0;
        for _ in 0..200_000 {
            let mut doc = String::from("{\"a\":");
            for _ in 0..next(12) {
                doc.push_str(pieces[next(pieces.len())]);
            }
            if next(2) == 0 {
                doc.push('}');
            }
            taken += usize::from(agrees(&doc));
        }
        assert!(
            taken > 1000,
            "only {taken} generated documents were JSON objects"
        );
    }

    #[test]
    fn a_payload_changed_by_one_byte_is_read_the_same_or_left_alone() {
        // Valid documents from JSON's grammar, then one byte put in, taken out or changed:
        // the edges of every rule.
        let mut next = numbers(0x9E37_79B9_7F4A_7C15);
        fn value(next: &mut dyn FnMut(usize) -> usize, depth: usize, out: &mut String) {
            let scalars = [
                "0",
                "-1",
                "12.5",
                "1e9",
                "-0.5E-3",
                "true",
                "false",
                "null",
                "\"\"",
                "\"a b\"",
                "\"q\\\"\\\\\"",
                "\"é\"",
                "\"\\u00e9\"",
                "\"日本 € x\"",
                "\"🦀🦀\"",
            ];
            match if depth > 3 { 0 } else { next(4) } {
                0 | 1 => out.push_str(scalars[next(scalars.len())]),
                2 => {
                    out.push('[');
                    for n in 0..next(4) {
                        if n > 0 {
                            out.push(',');
                        }
                        value(next, depth + 1, out);
                    }
                    out.push(']');
                }
                _ => object(next, depth + 1, out),
            }
        }
        fn object(next: &mut dyn FnMut(usize) -> usize, depth: usize, out: &mut String) {
            out.push('{');
            for n in 0..next(5) {
                if n > 0 {
                    out.push_str([",", " , "][next(2)]);
                }
                out.push_str(["\"k\"", "\"\"", "\"class\"", "\"k\\n\""][next(4)]);
                out.push_str([":", " : "][next(2)]);
                value(next, depth, out);
            }
            out.push('}');
        }
        // Among them bytes that start, continue or can never be in a UTF-8 character.
        let bytes = b"{}[],:\" \\0123456789.-+eEtrufalsn\nx\x01\x80\xa9\xbf\xc0\xc3\xe2\xed\xf0\xf4\xf5\xff";
        let mut taken = 0;
        for _ in 0..50_000 {
            let mut doc = String::new();
            object(&mut next, 0, &mut doc);
            let mut b = doc.into_bytes();
            let at = next(b.len() + 1);
            match next(3) {
                0 => b.insert(at, bytes[next(bytes.len())]),
                1 if at < b.len() => {
                    b.remove(at);
                }
                _ if at < b.len() => b[at] = bytes[next(bytes.len())],
                _ => {}
            }
            taken += usize::from(agrees_of(&b));
        }
        assert!(
            taken > 5000,
            "only {taken} changed documents were JSON objects"
        );
    }
}
