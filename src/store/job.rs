//! A job as cogworker stores it: the exact member bytes, and a parsed view borrowed from them.
//!
//! Entries are identified by their raw bytes (KEYS.md §1.5), so `RawJob` keeps them untouched
//! and every later action passes those same bytes back. The view (`Job`) keeps every field of
//! the object in its original order as raw JSON text — known or unknown, numbers never
//! through an f64 — and interprets the fields commands need, leniently: a member the gem
//! would choke on is still shown. A member that is not a JSON object is `Unparseable`, a
//! value of its own.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use sha1::{Digest, Sha1};

use super::fields::FieldList;

/// The class of the gem's wrapper for a payload it could not read (KEYS.md §4.4.7).
pub const UNPARSEABLE_CLASS: &str = "(unparseable)";

/// The retry budget of `retry: true`, absent or null (KEYS.md §4.3.1).
pub const DEFAULT_MAX_RETRIES: i64 = 25;

/// A member exactly as Redis returned it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct RawJob {
    pub raw: Vec<u8>,
}

impl RawJob {
    pub fn new(raw: Vec<u8>) -> Self {
        RawJob { raw }
    }

    pub fn parse(&self) -> Result<Job<'_>, Unparseable> {
        Job::parse(&self.raw)
    }

    /// The raw bytes as text, with invalid UTF-8 shown as U+FFFD.
    pub fn lossy(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.raw)
    }
}

impl fmt::Debug for RawJob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawJob({:?})", self.lossy())
    }
}

/// Why a member is not a job, and the display-only jid the gem's UI gives it (§8.0).
#[derive(Clone, Debug, PartialEq)]
pub struct Unparseable {
    pub reason: String,
    pub display_jid: String,
}

impl Unparseable {
    fn of(raw: &[u8], reason: String) -> Self {
        Unparseable {
            reason,
            display_jid: display_jid(raw),
        }
    }
}

/// `unparseable-<first 12 hex chars of SHA1(raw)>`, as the Web UI names an unreadable member.
pub fn display_jid(raw: &[u8]) -> String {
    format!("unparseable-{}", &sha1_hex(raw)[..12])
}

pub fn sha1_hex(bytes: &[u8]) -> String {
    Sha1::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The parsed view of a job payload. Every field keeps its raw JSON text; the fields below
/// are the interpretations commands use.
#[derive(Debug)]
pub struct Job<'a> {
    doc: &'a str,
    fields: FieldList<'a>,
    pub jid: Option<Cow<'a, str>>,
    pub class: Option<Cow<'a, str>>,
    pub queue: Option<Cow<'a, str>>,
    pub error_class: Option<Cow<'a, str>>,
    pub error_message: Option<Cow<'a, str>>,
    pub args: Option<&'a RawValue>,
    pub retry: Option<&'a RawValue>,
    /// Ruby's `to_i` of the stored value: absent or null is 0 (KEYS.md §4.1).
    pub retry_count: Option<i64>,
    pub interrupted_count: Option<i64>,
    // The times, read as numbers only when asked for (most readers ask for none or one).
    created_at: Option<&'a RawValue>,
    enqueued_at: Option<&'a RawValue>,
    failed_at: Option<&'a RawValue>,
    at: Option<&'a RawValue>,
}

impl<'a> Job<'a> {
    pub fn parse(raw: &'a [u8]) -> Result<Job<'a>, Unparseable> {
        // Most payloads are read by the one-pass reader; what it leaves, serde_json reads
        // (and names the error of). The text is then checked as UTF-8 once, whole, and read
        // as text: read as bytes, serde_json would check each raw value again.
        let (doc, fields) = match super::fields::scan(raw) {
            Some(read) => read,
            None => {
                let doc = match std::str::from_utf8(raw) {
                    Ok(doc) => doc,
                    Err(err) => return Err(Unparseable::of(raw, not_utf8_reason(raw, err))),
                };
                match serde_json::from_str::<Fields<'a>>(doc) {
                    Ok(Fields(fields)) => (doc, fields),
                    Err(err) => return Err(Unparseable::of(raw, not_an_object_reason(raw, err))),
                }
            }
        };
        let mut job = Job {
            doc,
            fields,
            jid: None,
            class: None,
            queue: None,
            error_class: None,
            error_message: None,
            args: None,
            retry: None,
            retry_count: None,
            interrupted_count: None,
            created_at: None,
            enqueued_at: None,
            failed_at: None,
            at: None,
        };
        // Ruby's parser keeps the last of duplicate keys; so does this loop.
        for i in 0..job.fields.len() {
            let (name, value) = (&job.fields[i].0, job.fields[i].1);
            match name.as_ref() {
                "jid" => job.jid = string_of(value),
                "class" => job.class = string_of(value),
                "queue" => job.queue = string_of(value),
                "error_class" => job.error_class = string_of(value),
                "error_message" => job.error_message = string_of(value),
                "args" => job.args = Some(value),
                "retry" => job.retry = Some(value),
                "retry_count" => job.retry_count = ruby_to_i(value),
                "interrupted_count" => job.interrupted_count = ruby_to_i(value),
                "created_at" => job.created_at = Some(value),
                "enqueued_at" => job.enqueued_at = Some(value),
                "failed_at" => job.failed_at = Some(value),
                "at" => job.at = Some(value),
                _ => {}
            }
        }
        Ok(job)
    }

    /// `created_at` as epoch seconds; `None` when absent or not a number (so for every time
    /// below).
    pub fn created_at(&self) -> Option<f64> {
        self.created_at.and_then(epoch_of)
    }

    pub fn enqueued_at(&self) -> Option<f64> {
        self.enqueued_at.and_then(epoch_of)
    }

    /// The first failure's time (cogworker keeps it across retries).
    pub fn failed_at(&self) -> Option<f64> {
        self.failed_at.and_then(epoch_of)
    }

    /// A scheduled job's due time.
    pub fn at(&self) -> Option<f64> {
        self.at.and_then(epoch_of)
    }

    /// The whole member as a JSON value, exactly as stored.
    pub fn as_raw_value(&self) -> &'a RawValue {
        // SAFETY: `doc` is text serde_json or `fields::scan` has read in full as one JSON
        // object (`parse`).
        unsafe { super::fields::raw_value(self.doc) }
    }

    /// Every field in stored order, as raw JSON text.
    pub fn fields(&self) -> impl Iterator<Item = (&str, &'a RawValue)> + '_ {
        self.fields.iter().map(|(k, v)| (k.as_ref(), *v))
    }

    /// The raw JSON of one field (the last one, if the key repeats).
    pub fn get(&self, name: &str) -> Option<&'a RawValue> {
        self.fields
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| *v)
    }

    pub fn get_str(&self, name: &str) -> Option<Cow<'a, str>> {
        self.get(name).and_then(string_of)
    }

    /// `true` for the gem's own `(unparseable)` wrapper (KEYS.md §4.4.7).
    pub fn is_wrapper(&self) -> bool {
        self.class.as_deref() == Some(UNPARSEABLE_CLASS)
    }

    /// The retry budget, read the way `max_retries(job)` reads it (KEYS.md §4.3.1).
    pub fn max_retries(&self) -> i64 {
        max_retries(self.retry)
    }

    /// When its latest recorded failure happened: `retried_at` (written by Sidekiq-style
    /// clients at each retry's failure) when present, else `failed_at` (cogworker keeps the
    /// first failure there). `None` when neither is a number.
    pub fn failure_time(&self) -> Option<f64> {
        let retried = self.get("retried_at").and_then(epoch_of);
        match (self.failed_at(), retried) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        }
    }

    /// `"ErrorClass: message"`, what `--error REGEX` matches; `None` without an error.
    pub fn error_line(&self) -> Option<String> {
        match (&self.error_class, &self.error_message) {
            (None, None) => None,
            (Some(c), None) => Some(c.to_string()),
            (None, Some(m)) => Some(m.to_string()),
            (Some(c), Some(m)) => Some(format!("{c}: {m}")),
        }
    }
}

/// When the failure an entry of `set` records happened (its score is not always that): a
/// dead entry's score is the time it died; a retry entry's score is its *next* attempt, so
/// its failure time is read from the payload ([`Job::failure_time`]), falling back to the
/// score when the payload has none. Scheduled entries have no failure: their score.
pub fn failure_time(set: super::JobSet, job: Option<&Job<'_>>, score: f64) -> f64 {
    match set {
        super::JobSet::Retry => job.and_then(Job::failure_time).unwrap_or(score),
        super::JobSet::Dead | super::JobSet::Schedule => score,
    }
}

/// Why a member that is not UTF-8 is not a job: its JSON error as bytes read it, else that
/// it is well-formed JSON holding invalid UTF-8.
fn not_utf8_reason(raw: &[u8], err: std::str::Utf8Error) -> String {
    match serde_json::from_slice::<Fields<'_>>(raw) {
        Err(json) => not_an_object_reason(raw, json),
        Ok(_) => format!("not valid UTF-8 ({err})"),
    }
}

fn not_an_object_reason(raw: &[u8], err: serde_json::Error) -> String {
    if raw.is_empty() {
        return "empty member".into();
    }
    // A syntactically valid document of another kind is named like the gem names it. It is
    // checked as raw text, which has no depth limit: as a tree, a deep one would not parse.
    if let Ok(value) = serde_json::from_slice::<&RawValue>(raw) {
        let kind = match value.get().as_bytes().first() {
            Some(b'[') => "an array",
            Some(b'"') => "a string",
            Some(b't' | b'f') => "a boolean",
            Some(b'n') => "null",
            Some(b'{') => "an object",
            _ => "a number",
        };
        return format!("not a JSON object but {kind}");
    }
    if std::str::from_utf8(raw).is_err() {
        return format!("not valid UTF-8 JSON ({err})");
    }
    format!("not valid JSON ({err})")
}

/// A JSON object read as its fields in order, each value left as raw text.
struct Fields<'a>(FieldList<'a>);

impl<'de> serde::Deserialize<'de> for Fields<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FieldsVisitor;
        impl<'de> Visitor<'de> for FieldsVisitor {
            type Value = Fields<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields<'de>, A::Error> {
                let mut fields = Vec::with_capacity(map.size_hint().unwrap_or(12));
                while let Some(Key(name)) = map.next_key::<Key<'de>>()? {
                    let value: &'de RawValue = map.next_value()?;
                    fields.push((name, value));
                }
                Ok(Fields(fields))
            }
        }
        deserializer.deserialize_map(FieldsVisitor)
    }
}

/// An object key, borrowed when it has no escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de> serde::Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string key")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// The text of a JSON string value; `None` for any other JSON type.
pub fn string_of(value: &RawValue) -> Option<Cow<'_, str>> {
    let text = value.get();
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    if !inner.contains('\\') {
        return Some(Cow::Borrowed(inner));
    }
    serde_json::from_str::<String>(text).ok().map(Cow::Owned)
}

/// A JSON number as epoch seconds (KEYS.md §1.3: floats, or an integer a caller supplied).
pub fn epoch_of(value: &RawValue) -> Option<f64> {
    let text = value.get();
    if !text.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        return None;
    }
    text.parse::<f64>().ok().filter(|t| t.is_finite())
}

/// Ruby's `to_i` as cogworker applies it to counters: null → 0, a float truncates, a string
/// reads its leading integer (`"3x"` → 3). Booleans, arrays and objects have no reading.
pub fn ruby_to_i(value: &RawValue) -> Option<i64> {
    let text = value.get();
    match text.as_bytes().first()? {
        b'n' => Some(0),
        b'"' => {
            let s = string_of(value)?;
            Some(leading_integer(s.trim_start()))
        }
        b'-' | b'0'..=b'9' => {
            if let Ok(i) = text.parse::<i64>() {
                Some(i)
            } else {
                text.parse::<f64>().ok().map(|f| f.trunc() as i64)
            }
        }
        _ => None,
    }
}

/// Ruby's `String#to_i`: the leading integer (underscores between digits allowed), else 0.
pub(crate) fn leading_integer(s: &str) -> i64 {
    let bytes = s.as_bytes();
    let (negative, start) = match bytes.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    let mut value: i64 = 0;
    let mut last_was_digit = false;
    for &b in &bytes[start..] {
        match b {
            b'0'..=b'9' => {
                value = value.saturating_mul(10).saturating_add(i64::from(b - b'0'));
                last_was_digit = true;
            }
            b'_' if last_was_digit => last_was_digit = false,
            _ => break,
        }
    }
    if negative { -value } else { value }
}

/// `max_retries(job)` of KEYS.md §4.3.1.
pub fn max_retries(retry: Option<&RawValue>) -> i64 {
    let Some(value) = retry else {
        return DEFAULT_MAX_RETRIES;
    };
    let text = value.get();
    match text.as_bytes().first() {
        Some(b't') | Some(b'n') => DEFAULT_MAX_RETRIES,
        Some(b'f') => 0,
        Some(b'"') => string_of(value)
            .and_then(|s| ruby_integer(&s))
            .unwrap_or(0)
            .max(0),
        Some(b'-' | b'0'..=b'9') => {
            let n = text
                .parse::<i64>()
                .ok()
                .or_else(|| text.parse::<f64>().ok().map(|f| f.trunc() as i64))
                .unwrap_or(0);
            n.max(0)
        }
        _ => 0,
    }
}

/// Ruby's `Integer(string)`: surrounding whitespace, `_` between digits, `0x`/`0b`/`0o`
/// prefixes, and a leading `0` meaning octal. `None` where Ruby raises.
pub fn ruby_integer(s: &str) -> Option<i64> {
    let s = s.trim_matches(|c: char| c.is_ascii_whitespace());
    let (negative, rest) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let lower = rest.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d)
    } else if let Some(d) = lower.strip_prefix("0d") {
        (10, d)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    let value = i64::from_str_radix(&clean, radix).ok()?;
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> Box<RawValue> {
        RawValue::from_string(text.to_string()).unwrap()
    }

    #[test]
    fn a_time_is_read_from_the_last_of_duplicate_keys() {
        let job = Job::parse(br#"{"failed_at":1.5,"at":"soon","failed_at":"x","at":7}"#).unwrap();
        assert_eq!(job.failed_at(), None);
        assert_eq!(job.at(), Some(7.0));
        assert_eq!(job.created_at(), None);
    }

    #[test]
    fn parses_a_real_dead_entry_and_keeps_every_field() {
        let member = br#"{"retry":2,"class":"FailJob","args":["x",1],"jid":"56a8d7bc8c9ad9ab6f20e1c8","queue":"default","created_at":1796207279.200114,"enqueued_at":1796207424.0106049,"error_class":"RuntimeError","error_message":"boom","failed_at":1796207281.9293249,"retry_count":3,"custom":{"a":[1.0e+20]}}"#;
        let job = Job::parse(member).unwrap();
        assert_eq!(job.jid.as_deref(), Some("56a8d7bc8c9ad9ab6f20e1c8"));
        assert_eq!(job.class.as_deref(), Some("FailJob"));
        assert_eq!(job.args.unwrap().get(), r#"["x",1]"#);
        assert_eq!(job.retry_count, Some(3));
        assert_eq!(job.max_retries(), 2);
        assert_eq!(job.failed_at(), Some(1796207281.9293249));
        assert_eq!(job.created_at(), Some(1796207279.200114));
        assert_eq!(job.enqueued_at(), Some(1796207424.0106049));
        assert_eq!(job.at(), None);
        assert_eq!(job.get("custom").unwrap().get(), r#"{"a":[1.0e+20]}"#);
        assert_eq!(job.error_line().as_deref(), Some("RuntimeError: boom"));
        assert_eq!(job.as_raw_value().get().as_bytes(), member);
        let names: Vec<_> = job.fields().map(|(k, _)| k).collect();
        assert_eq!(names[0], "retry");
        assert_eq!(names.len(), 12);
    }

    #[test]
    fn escaped_strings_are_decoded() {
        let job = Job::parse(br#"{"class":"A\u00e9\n","error_message":"line1\nline2"}"#).unwrap();
        assert_eq!(job.class.as_deref(), Some("Aé\n"));
        assert_eq!(job.error_message.as_deref(), Some("line1\nline2"));
    }

    #[test]
    fn unparseable_members_are_values_not_panics() {
        for member in [
            &b""[..],
            b"not json",
            b"[1,2,3]",
            b"\"just a string\"",
            b"42",
            b"null",
            b"\xff\xfe{\"class\":\"EchoJob\"}",
            b"{\"class\":\"X\"",
            b"{\"a\":1}\x00",
        ] {
            let err = Job::parse(member).unwrap_err();
            assert!(err.display_jid.starts_with("unparseable-"), "{err:?}");
            assert_eq!(err.display_jid.len(), "unparseable-".len() + 12);
        }
        assert_eq!(
            Job::parse(b"[1,2,3]").unwrap_err().reason,
            "not a JSON object but an array"
        );
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(
            Job::parse(deep.as_bytes()).unwrap_err().reason,
            "not a JSON object but an array"
        );
        for (member, kind) in [
            (" \"x\" ", "a string"),
            ("-1.5", "a number"),
            ("false", "a boolean"),
        ] {
            let reason = Job::parse(member.as_bytes()).unwrap_err().reason;
            assert_eq!(reason, format!("not a JSON object but {kind}"));
        }
        // Not UTF-8: a byte outside a string is a JSON error; inside a string, JSON that
        // holds invalid UTF-8.
        let reason = |raw: &[u8]| Job::parse(raw).unwrap_err().reason;
        assert!(
            reason(b"\xff\xfe{\"class\":\"EchoJob\"}")
                .starts_with("not valid UTF-8 JSON (expected value"),
            "{}",
            reason(b"\xff\xfe{\"class\":\"EchoJob\"}")
        );
        assert!(
            reason(b"{\"class\":\"Echo\xffJob\"}")
                .starts_with("not valid UTF-8 JSON (invalid unicode"),
            "{}",
            reason(b"{\"class\":\"Echo\xffJob\"}")
        );
    }

    #[test]
    fn retry_budget_follows_the_gem() {
        assert_eq!(max_retries(None), 25);
        for (text, want) in [
            ("true", 25),
            ("null", 25),
            ("false", 0),
            ("5", 5),
            ("-3", 0),
            ("2.9", 2),
            ("\"3\"", 3),
            ("\" 12 \"", 12),
            ("\"1_000\"", 1000),
            ("\"0x1A\"", 26),
            ("\"010\"", 8),
            ("\"08\"", 0),
            ("\"1.5\"", 0),
            ("\"\"", 0),
            ("{}", 0),
            ("[]", 0),
        ] {
            assert_eq!(max_retries(Some(&raw(text))), want, "{text}");
        }
    }

    #[test]
    fn counters_read_like_ruby_to_i() {
        for (text, want) in [
            ("3", Some(3)),
            ("null", Some(0)),
            ("2.7", Some(2)),
            ("\"3x\"", Some(3)),
            ("\"\"", Some(0)),
            ("true", None),
            ("[1]", None),
        ] {
            assert_eq!(ruby_to_i(&raw(text)), want, "{text}");
        }
    }

    #[test]
    fn timestamps_accept_floats_and_integers() {
        assert_eq!(epoch_of(&raw("1733130300")), Some(1733130300.0));
        assert_eq!(
            epoch_of(&raw("1796207281.9064243")),
            Some(1796207281.9064243)
        );
        assert_eq!(epoch_of(&raw("\"1733130300\"")), None);
    }

    #[test]
    fn display_jid_matches_the_web_ui_rule() {
        assert_eq!(display_jid(b"abc"), "unparseable-a9993e364706");
    }

    #[test]
    fn the_failure_time_of_an_entry() {
        use crate::store::JobSet;
        let job = |raw: &'static str| Job::parse(raw.as_bytes()).unwrap();
        let first = job(r#"{"jid":"a","failed_at":100.5}"#);
        assert_eq!(first.failure_time(), Some(100.5));
        let retried = job(r#"{"jid":"a","failed_at":100.5,"retried_at":250}"#);
        assert_eq!(retried.failure_time(), Some(250.0));
        let none = job(r#"{"jid":"a","failed_at":"soon"}"#);
        assert_eq!(none.failure_time(), None);
        // A retry entry's score is its next attempt: its failure time is in the payload.
        assert_eq!(failure_time(JobSet::Retry, Some(&retried), 900.0), 250.0);
        assert_eq!(failure_time(JobSet::Retry, Some(&none), 900.0), 900.0);
        assert_eq!(failure_time(JobSet::Retry, None, 900.0), 900.0);
        // A dead entry's score is when it died.
        assert_eq!(failure_time(JobSet::Dead, Some(&retried), 900.0), 900.0);
    }
}
