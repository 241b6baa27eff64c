//! Durations as people type them: `90s`, `5m`, `2h`, `1d12h`, `1.5h`, `250ms`, or plain
//! seconds. Below the command line: flags, config files and handlers' arguments use it.

use std::time::Duration;

/// `300`, `300s`, `5m`, `2h`, `1d`, `1w`, `1h30m`, `1.5h`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let secs = parse_seconds(text)?;
    Duration::try_from_secs_f64(secs).map_err(|_| format!("{text:?} is too long a duration"))
}

pub fn parse_seconds(text: &str) -> Result<f64, String> {
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
/// A length of time with its two leading units: `45s`, `3m 20s`, `2h 5m`, `3d 4h`.
pub fn span(secs: f64) -> String {
    let s = secs.max(0.0).floor() as u64;
    let (d, h, m, sec) = (s / 86400, s % 86400 / 3600, s % 3600 / 60, s % 60);
    match (d, h, m) {
        // Below a tenth of a second, milliseconds: "0.0s" would read as nothing at all.
        (0, 0, 0) if secs < 0.1 && secs > 0.0 => match (secs * 1000.0).round() {
            ms if ms < 1.0 => "<1ms".into(),
            ms => format!("{ms}ms"),
        },
        (0, 0, 0) if secs < 1.0 && secs > 0.0 => format!("{:.1}s", secs),
        (0, 0, 0) => format!("{sec}s"),
        (0, 0, _) if sec == 0 => format!("{m}m"),
        (0, 0, _) => format!("{m}m {sec}s"),
        (0, _, 0) => format!("{h}h"),
        (0, _, _) => format!("{h}h {m}m"),
        (_, 0, _) => format!("{d}d"),
        _ => format!("{d}d {h}h"),
    }
}

/// `"3m ago"`, `"in 2h 5m"`, `"now"`.
pub fn relative(now: f64, t: f64) -> String {
    let delta = t - now;
    if delta.abs() < 1.0 {
        return "now".into();
    }
    let span = span(delta.abs());
    if delta < 0.0 {
        format!("{span} ago")
    } else {
        format!("in {span}")
    }
}

/// Its largest unit only, for a narrow column: `38m`, `5h`, `2d` (`42s` below a minute).
pub fn short_span(secs: f64) -> String {
    let s = secs.max(0.0).floor() as u64;
    match s {
        0..60 => span(secs),
        60..3600 => format!("{}m", s / 60),
        3600..86400 => format!("{}h", s / 3600),
        _ => format!("{}d", s / 86400),
    }
}

/// When something is or was due, as a list shows it: `in 5m`, or `due 2s ago` once its time
/// has passed (it waits for the poller, or for a worker).
pub fn due(now: f64, t: f64) -> String {
    if t - now <= -1.0 {
        format!("due {}", relative(now, t))
    } else {
        relative(now, t)
    }
}

/// `4 min`, `1 h 5 min`: a gap between two findings.
pub fn minutes(secs: f64) -> String {
    let m = (secs / 60.0).round() as i64;
    if m < 1 {
        format!("{} s", secs.round().max(0.0) as i64)
    } else if m < 60 {
        format!("{m} min")
    } else if m % 60 == 0 {
        format!("{} h", m / 60)
    } else {
        format!("{} h {} min", m / 60, m % 60)
    }
}
/// A moment said inside a sentence: as [`relative`], but "just now" rather than "now"
/// (`…; last just now`).
fn in_sentence(now: f64, t: f64) -> String {
    if (t - now).abs() < 1.0 {
        "just now".into()
    } else {
        relative(now, t)
    }
}

/// A sentence with moments in it, each said relative to "now" (`…; last 2m ago`): written at
/// one moment, said again at another with its moments moved on, so that a screen kept open
/// never shows an age frozen when it was read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timed {
    /// The sentence as written.
    pub text: String,
    /// Where each moment is in `text`, and the moment.
    pub times: Vec<(std::ops::Range<usize>, f64)>,
}

impl Timed {
    pub fn plain(text: impl Into<String>) -> Timed {
        Timed {
            text: text.into(),
            times: Vec::new(),
        }
    }

    /// Add `t`, said relative to `now`.
    pub fn push_time(&mut self, now: f64, t: f64) {
        let said = in_sentence(now, t);
        let at = self.text.len();
        self.text.push_str(&said);
        self.times.push((at..self.text.len(), t));
    }

    pub fn push_str(&mut self, text: &str) {
        self.text.push_str(text);
    }

    /// The sentence said at `now`.
    pub fn at(&self, now: f64) -> String {
        let mut out = String::with_capacity(self.text.len() + 8);
        let mut from = 0;
        for (range, t) in &self.times {
            let Some(before) = self.text.get(from..range.start) else {
                return self.text.clone();
            };
            out.push_str(before);
            out.push_str(&in_sentence(now, *t));
            from = range.end;
        }
        out.push_str(self.text.get(from..).unwrap_or_default());
        out
    }
}
