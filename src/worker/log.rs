//! The worker's log lines on stderr: logfmt (`time=… level=… event=… key=value…`) or JSON
//! (one object per line with the same fields, in the same order). Either way every value is
//! made visible first (`text::visible`, through `logfmt_value` or before JSON encoding), so
//! whatever a job holds, a line stays one line with nothing in it a terminal would act on.

use std::fmt::Write as _;
use std::io::Write as _;
use std::str::FromStr;

use crate::clock::Clock;
use crate::text::{logfmt_value, visible};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    #[default]
    Logfmt,
    Json,
}

impl FromStr for LogFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<LogFormat, String> {
        match s {
            "logfmt" => Ok(LogFormat::Logfmt),
            "json" => Ok(LogFormat::Json),
            other => Err(format!("{other:?} is not a log format (logfmt or json)")),
        }
    }
}

/// One log line, without its end of line; `time` is RFC 3339 in UTC.
pub fn line(
    format: LogFormat,
    time: f64,
    level: &str,
    event: &str,
    fields: &[(&str, &dyn std::fmt::Display)],
) -> String {
    let time = crate::clock::rfc3339(time);
    match format {
        LogFormat::Logfmt => {
            let mut line = format!("time={time} level={level} event={event}");
            for (k, v) in fields {
                let _ = write!(line, " {k}={}", logfmt_value(&v.to_string()));
            }
            line
        }
        LogFormat::Json => {
            let mut line = format!(
                "{{\"time\":{},\"level\":{},\"event\":{}",
                json(&time),
                json(level),
                json(event)
            );
            for (k, v) in fields {
                let text = v.to_string();
                if NUMBERS.contains(k) && is_number(&text) {
                    let _ = write!(line, ",{}:{text}", json(k));
                } else {
                    let _ = write!(line, ",{}:{}", json(k), json(&text));
                }
            }
            line.push('}');
            line
        }
    }
}

/// Write one log line on stderr, now.
pub fn write(
    format: LogFormat,
    level: &str,
    event: &str,
    fields: &[(&str, &dyn std::fmt::Display)],
) {
    let line = line(format, Clock::system().now, level, event, fields);
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The fields that hold a count or seconds: in JSON a value of one of these is written as a
/// number (`"concurrency":2`) when it reads as one; every other value is a string.
const NUMBERS: &[&str] = &[
    "concurrency",
    "dead",
    "discarded",
    "elapsed",
    "failed",
    "failed_attempts",
    "filed",
    "in",
    "jobs",
    "processed",
    "quarantined",
    "removed",
    "requeued",
    "retried",
    "running",
    "signal",
];

/// Whether `text` is a JSON number as it stands (`2`, `0.125`; not `07`, `NaN` or `1e3x`).
fn is_number(text: &str) -> bool {
    !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
        && serde_json::from_str::<serde_json::Number>(text).is_ok()
}

/// A JSON string of the text made visible.
fn json(text: &str) -> String {
    serde_json::to_string(&visible(text)).expect("a string serialises")
}

/// Where a handler's output lines go in this format: logfmt keeps the `<jid> | <line>` form;
/// JSON makes each an `output` event.
pub fn handler_output(format: LogFormat) -> super::job::Output {
    match format {
        LogFormat::Logfmt => super::job::to_stderr(),
        LogFormat::Json => std::sync::Arc::new(|jid, text| {
            write(
                LogFormat::Json,
                "info",
                "output",
                &[("jid", &jid), ("line", &text)],
            );
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_formats_carry_the_same_escaped_fields() {
        let fields: [(&str, &dyn std::fmt::Display); 2] =
            [("jid", &"abc"), ("error", &"bad \"x\"\n\u{1b}[2J")];
        assert_eq!(
            line(LogFormat::Logfmt, 1.5, "warn", "job_dead", &fields),
            r#"time=1970-01-01T00:00:01.500000Z level=warn event=job_dead jid=abc error="bad \"x\"\n\x1b[2J""#
        );
        let json = line(LogFormat::Json, 1.5, "warn", "job_dead", &fields);
        assert_eq!(
            json,
            r#"{"time":"1970-01-01T00:00:01.500000Z","level":"warn","event":"job_dead","jid":"abc","error":"bad \"x\"\\n\\x1b[2J"}"#
        );
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(parsed["error"], "bad \"x\"\\n\\x1b[2J");
    }

    #[test]
    fn counts_are_json_numbers() {
        let fields: [(&str, &dyn std::fmt::Display); 4] = [
            ("concurrency", &2),
            ("elapsed", &"0.125"),
            ("signal", &"TSTP"),
            ("jid", &"123"),
        ];
        let json = line(LogFormat::Json, 0.0, "info", "x", &fields);
        assert!(
            json.ends_with(r#""concurrency":2,"elapsed":0.125,"signal":"TSTP","jid":"123"}"#),
            "{json}"
        );
        assert!(!is_number("07") && !is_number("-") && !is_number("1.2.3"));
    }

    #[test]
    fn formats_by_name() {
        assert_eq!("json".parse(), Ok(LogFormat::Json));
        assert_eq!("logfmt".parse(), Ok(LogFormat::Logfmt));
        assert!("text".parse::<LogFormat>().is_err());
    }
}
