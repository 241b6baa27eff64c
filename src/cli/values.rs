//! Parsers for flag values: durations (`90s`, `5m`, `2h`, `1d12h`) and points in time
//! (a duration ago, `+2h` from now, or RFC 3339).

use std::time::Duration;

use chrono::DateTime;
use clap::builder::{OsStringValueParser, TypedValueParser};

use crate::store::Name;

/// A queue name or identity as typed, byte for byte (on Unix an argument need not be UTF-8:
/// `$'q\xff'` in bash names the queue whose name has the byte 0xff).
pub fn name_parser() -> impl TypedValueParser<Value = Name> {
    OsStringValueParser::new().map(Name::from)
}

/// `300`, `300s`, `5m`, `2h`, `1d`, `1w`, `1h30m`, `1.5h`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let secs = parse_seconds(text)?;
    Duration::try_from_secs_f64(secs).map_err(|_| format!("{text:?} is too long a duration"))
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("empty duration".into());
    }
    if let Ok(secs) = text.parse::<f64>() {
        return check(secs, text);
    }
    let mut total = 0.0;
    let mut number = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() || c == '.' {
            number.push(c);
            continue;
        }
        let mut unit = c.to_string();
        while let Some(&n) = chars.peek() {
            if n.is_ascii_alphabetic() {
                unit.push(n);
                chars.next();
            } else {
                break;
            }
        }
        let value: f64 = number
            .parse()
            .map_err(|_| format!("{text:?} is not a duration like 90s, 5m, 2h or 1d"))?;
        let scale = match unit.as_str() {
            "ms" => 0.001,
            "s" | "sec" | "secs" => 1.0,
            "m" | "min" | "mins" => 60.0,
            "h" | "hr" | "hrs" => 3600.0,
            "d" | "day" | "days" => 86400.0,
            "w" | "week" | "weeks" => 604800.0,
            _ => {
                return Err(format!(
                    "{text:?} has an unknown unit {unit:?} (use s, m, h, d or w)"
                ));
            }
        };
        total += value * scale;
        number.clear();
    }
    if !number.is_empty() {
        return Err(format!(
            "{text:?} needs a unit after {number} (s, m, h, d or w)"
        ));
    }
    check(total, text)
}

fn check(secs: f64, text: &str) -> Result<f64, String> {
    if secs.is_finite() && secs >= 0.0 {
        Ok(secs)
    } else {
        Err(format!("{text:?} is not a duration like 90s, 5m, 2h or 1d"))
    }
}

/// A point in time given on the command line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeArg {
    /// Epoch seconds.
    At(f64),
    /// This many seconds before now (`2h`).
    Ago(f64),
    /// This many seconds after now (`+2h`).
    Ahead(f64),
}

impl TimeArg {
    pub fn resolve(self, now: f64) -> f64 {
        match self {
            TimeArg::At(t) => t,
            TimeArg::Ago(s) => now - s,
            TimeArg::Ahead(s) => now + s,
        }
    }
}

/// `2h` (ago), `+2h` (from now), or an RFC 3339 time such as `2026-12-02T10:00:00Z`.
pub fn parse_time(text: &str) -> Result<TimeArg, String> {
    let text = text.trim();
    if let Some(ahead) = text.strip_prefix('+') {
        return parse_seconds(ahead).map(TimeArg::Ahead);
    }
    if let Ok(secs) = parse_seconds(text) {
        return Ok(TimeArg::Ago(secs));
    }
    DateTime::parse_from_rfc3339(text)
        .map(|t| TimeArg::At(t.timestamp() as f64 + f64::from(t.timestamp_subsec_micros()) / 1e6))
        .map_err(|_| {
            format!("{text:?} is neither a duration (2h, +30m) nor an RFC 3339 time (2026-12-02T10:00:00Z)")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("300").unwrap().as_secs(), 300);
        assert_eq!(parse_duration("5m").unwrap().as_secs(), 300);
        assert_eq!(parse_duration("1h30m").unwrap().as_secs(), 5400);
        assert_eq!(parse_duration("1.5h").unwrap().as_secs(), 5400);
        assert_eq!(parse_duration("2d").unwrap().as_secs(), 172800);
        assert!(parse_duration("5x").is_err());
        assert!(parse_duration("5m3").is_err());
        assert!(parse_duration("").is_err());
        assert!(parse_duration("-5").is_err());
    }

    #[test]
    fn times() {
        assert_eq!(parse_time("2h").unwrap().resolve(10000.0), 2800.0);
        assert_eq!(parse_time("+2h").unwrap().resolve(10000.0), 17200.0);
        assert_eq!(
            parse_time("2026-12-02T00:00:00Z").unwrap(),
            TimeArg::At(1796169600.0)
        );
        assert!(parse_time("yesterday").is_err());
    }
}
