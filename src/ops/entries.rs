//! The entry file: one sorted-set entry a line, `{"set":…,"score":…,"member":…}` (the member as
//! text, or base64 when it isn't UTF-8), written by export and --plan-out and read back exactly
//! by import and --plan.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, Write};
use std::path::Path;

use anyhow::Context;
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::store::{JobSet, base64};
use crate::term::interrupt;
use crate::text::size::count;

/// How many bad lines an error names.
const BAD_LINES_SHOWN: usize = 5;

/// A new file only this user can read: members carry customer data.
pub fn private_file(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// One export line: `{"score":…,"member":"…"}`, or `member_base64` for a member that is not
/// UTF-8.
pub fn write_entry(
    out: &mut dyn Write,
    set: Option<JobSet>,
    score: &str,
    member: &[u8],
) -> io::Result<()> {
    match set {
        Some(set) => write!(out, "{{\"set\":\"{}\",\"score\":", set.name())?,
        None => out.write_all(b"{\"score\":")?,
    }
    match score {
        s if is_json_number(s) => out.write_all(s.as_bytes())?,
        "inf" | "+inf" => out.write_all(b"\"+inf\"")?,
        "-inf" => out.write_all(b"\"-inf\"")?,
        other => {
            return Err(io::Error::other(format!(
                "Redis printed the score {other:?}, which is not a number"
            )));
        }
    }
    match std::str::from_utf8(member) {
        Ok(text) => {
            out.write_all(b",\"member\":")?;
            crate::text::json::to_writer(&mut *out, text)?;
        }
        Err(_) => {
            out.write_all(b",\"member_base64\":\"")?;
            out.write_all(base64::encode(member).as_bytes())?;
            out.write_all(b"\"")?;
        }
    }
    out.write_all(b"}\n")
}

/// True for text in JSON's number syntax (what Redis prints for every finite score).
fn is_json_number(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    if b.first() == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// One entry to import: the score text as given (Redis parses it exactly as it printed it)
/// and the member's bytes.
#[derive(Debug, PartialEq)]
pub struct Entry {
    pub score: String,
    pub member: Vec<u8>,
}

/// A line as written: unknown fields are refused, so the output of `list --ndjson` (whose
/// `member` is lossy) can't be imported by mistake.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Line<'a> {
    #[serde(borrow)]
    score: Option<&'a RawValue>,
    member: Option<String>,
    member_base64: Option<String>,
    set: Option<String>,
}

pub fn parse_entry(line: &[u8], set: JobSet) -> Result<Entry, String> {
    let text = std::str::from_utf8(line).map_err(|_| "not UTF-8 text".to_string())?;
    let line: Line = serde_json::from_str(text).map_err(|e| json_reason(&e))?;
    if let Some(name) = &line.set
        && name != set.name()
    {
        return Err(format!(
            "an entry of the {name:?} set, not of {:?}",
            set.name()
        ));
    }
    let score = score_text(line.score.ok_or("no \"score\"")?)?;
    let member = match (line.member, line.member_base64) {
        (Some(m), None) => m.into_bytes(),
        (None, Some(b)) => {
            base64::decode(&b).map_err(|e| format!("\"member_base64\" is not base64: {e}"))?
        }
        (Some(_), Some(_)) => return Err("both \"member\" and \"member_base64\"".into()),
        (None, None) => return Err("no \"member\" (or \"member_base64\")".into()),
    };
    Ok(Entry { score, member })
}

/// serde_json's message without its position: the line is named already, and a line is
/// one line.
fn json_reason(err: &serde_json::Error) -> String {
    let text = err.to_string();
    let reason = text.split(" at line ").next().unwrap_or(&text);
    format!("not a valid entry: {reason} (column {})", err.column())
}

/// The score to pass to ZADD: a JSON number as written, or ±infinity as "+inf"/"-inf".
fn score_text(raw: &RawValue) -> Result<String, String> {
    let text = raw.get();
    if text.starts_with('"') {
        return match serde_json::from_str::<String>(text).as_deref() {
            Ok("inf" | "+inf") => Ok("+inf".into()),
            Ok("-inf") => Ok("-inf".into()),
            _ => Err(format!(
                "the score {text} is not a number (nor \"+inf\"/\"-inf\")"
            )),
        };
    }
    if !is_json_number(text) {
        return Err(format!("the score {text} is not a number"));
    }
    let value: f64 = text
        .parse()
        .map_err(|_| format!("the score {text} is not a number"))?;
    // Redis refuses what overflows to infinity or underflows to zero.
    let mantissa = text.split(['e', 'E']).next().unwrap_or(text);
    if value.is_infinite()
        || (value == 0.0 && mantissa.contains(|c: char| ('1'..='9').contains(&c)))
    {
        return Err(format!("the score {text} is out of range"));
    }
    Ok(text.to_string())
}

/// The input, readable several times from the start: the file itself, or a private copy of
/// stdin (or of a pipe), so memory stays flat whatever its size.
pub fn open_input(path: &Path) -> anyhow::Result<File> {
    if path == Path::new("-") {
        return spool(&mut io::stdin().lock()).context("cannot read standard input");
    }
    let context = || format!("cannot read {}", path.display());
    let mut file = File::open(path).with_context(context)?;
    if file.metadata().with_context(context)?.is_file() {
        Ok(file)
    } else {
        spool(&mut file).with_context(context)
    }
}

fn spool(from: &mut dyn Read) -> io::Result<File> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let path = std::env::temp_dir().join(format!(
        "cogctl-import-{}-{nanos}.ndjson",
        std::process::id()
    ));
    let mut file = private_file(&path)?;
    // Unlinked at once: the copy goes with the process, however the process ends.
    let _ = fs::remove_file(&path);
    io::copy(from, &mut file)?;
    Ok(file)
}

/// The non-blank lines of the input, numbered from 1, each in a reused buffer (memory is
/// bounded by the longest line).
pub struct Lines {
    reader: BufReader<File>,
    buf: Vec<u8>,
    number: u64,
    entries: u64,
}

impl Lines {
    pub fn new(file: &File) -> io::Result<Lines> {
        let mut file = file.try_clone()?;
        file.rewind()?;
        Ok(Lines {
            reader: BufReader::with_capacity(256 * 1024, file),
            buf: Vec::new(),
            number: 0,
            entries: 0,
        })
    }

    fn next(&mut self) -> io::Result<Option<(u64, &[u8])>> {
        loop {
            self.buf.clear();
            if self.reader.read_until(b'\n', &mut self.buf)? == 0 {
                return Ok(None);
            }
            self.number += 1;
            if !self.buf.iter().all(u8::is_ascii_whitespace) {
                return Ok(Some((self.number, &self.buf)));
            }
        }
    }

    /// The next `size` entries of the `checked` the input was found to hold: a bad or an
    /// extra line now means it changed under us, and nothing unchecked is ever used.
    pub fn batch(&mut self, set: JobSet, checked: u64, size: usize) -> anyhow::Result<Vec<Entry>> {
        let changed = |what: String| anyhow::anyhow!("the input changed while it was read: {what}");
        let mut batch = Vec::with_capacity(size);
        while batch.len() < size {
            let entries = self.entries;
            let Some((number, line)) = self.next()? else {
                break;
            };
            if entries == checked {
                return Err(changed(format!(
                    "line {number} is beyond the {checked} entries checked"
                )));
            }
            let entry = parse_entry(line, set)
                .map_err(|reason| changed(format!("line {number}: {reason}")))?;
            self.entries += 1;
            batch.push(entry);
        }
        Ok(batch)
    }
}

/// Every line checked before anything is written: the number of entries, or an error naming
/// the first bad lines.
pub fn check_input(file: &File, set: JobSet, source: &str) -> anyhow::Result<Option<u64>> {
    let mut lines = Lines::new(file).with_context(|| format!("cannot read {source}"))?;
    let mut entries: u64 = 0;
    let mut bad: Vec<(u64, String)> = Vec::new();
    let mut bad_count: u64 = 0;
    while let Some((number, line)) = lines
        .next()
        .with_context(|| format!("cannot read {source}"))?
    {
        if number % 10_000 == 0 && interrupt::requested() {
            return Ok(None);
        }
        match parse_entry(line, set) {
            Ok(_) => entries += 1,
            Err(reason) => {
                bad_count += 1;
                if bad.len() < BAD_LINES_SHOWN {
                    bad.push((number, reason));
                }
            }
        }
    }
    if bad_count > 0 {
        let mut message = format!(
            "{} of {} lines of {source} are not entries of {}; nothing was changed",
            count(bad_count),
            count(entries + bad_count),
            set.key()
        );
        for (number, reason) in &bad {
            message.push_str(&format!("\n  line {number}: {reason}"));
        }
        if bad_count > bad.len() as u64 {
            message.push_str(&format!(
                "\n  … and {} more",
                count(bad_count - bad.len() as u64)
            ));
        }
        anyhow::bail!(message);
    }
    Ok(Some(entries))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_numbers() {
        for ok in [
            "0",
            "-0",
            "1796208097.5326791",
            "1796208162",
            "1e+20",
            "-2.5E-3",
        ] {
            assert!(is_json_number(ok), "{ok}");
        }
        for bad in ["", "-", "inf", "+1", "01", "1.", ".5", "1e", "NaN", "1 "] {
            assert!(!is_json_number(bad), "{bad}");
        }
    }

    fn line(text: &str) -> Result<Entry, String> {
        parse_entry(text.as_bytes(), JobSet::Dead)
    }

    #[test]
    fn lines_export_writes_are_read_back_exactly() {
        let cases: [(&str, &[u8]); 4] = [
            ("1796207934.4480267", b"{\"jid\":\"x\"}"),
            ("-inf", b"nul \0 and \"quotes\"\n\\"),
            ("inf", "caf\u{e9} \u{2028}".as_bytes()),
            ("1796208162", b"\xff\xfe not utf-8"),
        ];
        for (score, member) in cases {
            let mut out = Vec::new();
            write_entry(&mut out, None, score, member).unwrap();
            assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1);
            let entry = parse_entry(&out, JobSet::Dead).unwrap();
            assert_eq!(entry.member, member);
            let expected = if score == "inf" { "+inf" } else { score };
            assert_eq!(entry.score, expected);
        }
    }

    #[test]
    fn lines_that_are_refused() {
        let refused = [
            ("not json", "not a valid entry"),
            ("{\"member\":\"m\"}", "no \"score\""),
            ("{\"score\":1}", "no \"member\""),
            ("{\"score\":\"1\",\"member\":\"m\"}", "not a number"),
            ("{\"score\":true,\"member\":\"m\"}", "not a number"),
            ("{\"score\":1e999,\"member\":\"m\"}", "out of range"),
            ("{\"score\":1e-999,\"member\":\"m\"}", "out of range"),
            (
                "{\"score\":1,\"member\":\"m\",\"member_base64\":\"bQ==\"}",
                "both",
            ),
            ("{\"score\":1,\"member_base64\":\"b\"}", "not base64"),
            (
                "{\"score\":1,\"member\":\"m\",\"set\":\"retry\"}",
                "\"retry\" set",
            ),
            (
                "{\"score\":1,\"member\":\"m\",\"time\":\"x\"}",
                "unknown field `time`",
            ),
            ("{\"score\":1,\"member\":\"\\ud800\"}", "not a valid entry"),
            ("[1,\"m\"]", "not a valid entry"),
        ];
        for (text, why) in refused {
            let err = line(text).unwrap_err();
            assert!(err.contains(why), "{text}: {err}");
        }
        assert_eq!(
            line("{\"set\":\"dead\",\"score\":0.5,\"member\":\"m\"}").unwrap(),
            Entry {
                score: "0.5".into(),
                member: b"m".to_vec()
            }
        );
        assert!(parse_entry(b"{\"score\":1,\"member\":\"\xff\"}", JobSet::Dead).is_err());
    }
}
