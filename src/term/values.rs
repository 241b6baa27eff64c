//! Parsers for flag values: durations (`90s`, `5m`, `2h`, `1d12h`) and points in time
//! (a duration ago, `+2h` from now, or RFC 3339).

use chrono::DateTime;
use clap::builder::{OsStringValueParser, TypedValueParser};

use crate::store::Name;

pub use crate::duration::parse_duration;
use crate::duration::parse_seconds;

/// A queue name or identity as typed, byte for byte (on Unix an argument need not be UTF-8:
/// `$'q\xff'` in bash names the queue whose name has the byte 0xff).
pub fn name_parser() -> impl TypedValueParser<Value = Name> {
    OsStringValueParser::new().map(Name::from)
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
