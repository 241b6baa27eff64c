//! Times for people: "3m ago", "in 2h 5m", or absolute UTC with `--utc`; and the clock
//! hours of a chart's axis, local or UTC.

use chrono::{DateTime, Local, Offset, TimeZone, Timelike, Utc};

use crate::duration::relative;
use crate::term::ui::Ui;

/// A point in time as the run wants it shown: relative to the run's clock, or absolute UTC.
pub fn when(ui: &Ui, t: f64) -> String {
    if ui.utc {
        absolute(t)
    } else {
        relative(ui.clock.now, t)
    }
}

/// `2026-12-02 11:02:33Z`.
pub fn absolute(t: f64) -> String {
    let secs = t.floor() as i64;
    match DateTime::<Utc>::from_timestamp(secs, 0) {
        Some(dt) => dt.format("%Y-%m-%d %H:%M:%SZ").to_string(),
        None => format!("{t}"),
    }
}

/// The clock time `t` (epoch seconds) shows, as a chart's axis labels an hour: `14`, or
/// `14:30` in a zone whose offset isn't whole hours. Local time (TZ), UTC with `--utc`.
pub fn clock_hour(ui: &Ui, t: i64) -> String {
    let (hour, minute) = if ui.utc {
        let dt = DateTime::<Utc>::from_timestamp(t, 0).unwrap_or_default();
        (dt.hour(), dt.minute())
    } else {
        match Local.timestamp_opt(t, 0).earliest() {
            Some(dt) => (dt.hour(), dt.minute()),
            None => return "?".into(),
        }
    };
    if minute == 0 {
        format!("{hour:02}")
    } else {
        format!("{hour:02}:{minute:02}")
    }
}

/// The zone `clock_hour` shows `t` in: `UTC`, `UTC+05:30`, `UTC-08`.
pub fn zone(ui: &Ui, t: i64) -> String {
    let offset = if ui.utc {
        0
    } else {
        Local
            .timestamp_opt(t, 0)
            .earliest()
            .map_or(0, |dt| dt.offset().fix().local_minus_utc())
    };
    if offset == 0 {
        return "UTC".into();
    }
    let sign = if offset < 0 { '-' } else { '+' };
    let (h, m) = (offset.abs() / 3600, offset.abs() % 3600 / 60);
    if m == 0 {
        format!("UTC{sign}{h:02}")
    } else {
        format!("UTC{sign}{h:02}:{m:02}")
    }
}

/// A run's duration as the Web UI's History tab shows it: `2h 34m 23s 23ms`, the units that
/// aren't zero, down to the millisecond (`0ms` for none).
pub fn run_time(secs: f64) -> String {
    let ms = (secs.max(0.0) * 1000.0).round() as u64;
    let parts = [
        (ms / 3_600_000, "h"),
        (ms / 60_000 % 60, "m"),
        (ms / 1000 % 60, "s"),
        (ms % 1000, "ms"),
    ];
    let shown: Vec<String> = parts
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, unit)| format!("{n}{unit}"))
        .collect();
    if shown.is_empty() {
        "0ms".into()
    } else {
        shown.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duration::span;

    #[test]
    fn run_times_as_the_history_tab_shows_them() {
        assert_eq!(run_time(9263.023), "2h 34m 23s 23ms");
        assert_eq!(run_time(0.4010), "401ms");
        assert_eq!(run_time(60.0), "1m");
        assert_eq!(run_time(0.0), "0ms");
        assert_eq!(run_time(0.0004), "0ms");
    }

    #[test]
    fn spans_below_a_tenth_of_a_second_are_milliseconds() {
        assert_eq!(span(0.5), "0.5s");
        assert_eq!(span(0.05), "50ms");
        assert_eq!(span(0.001), "1ms");
        assert_eq!(span(0.0001), "<1ms");
        assert_eq!(span(0.0), "0s");
    }

    #[test]
    fn relative_times() {
        assert_eq!(relative(1000.0, 820.0), "3m ago");
        assert_eq!(relative(1000.0, 1000.0 + 7500.0), "in 2h 5m");
        assert_eq!(relative(1000.0, 1000.2), "now");
        assert_eq!(relative(0.0, -200000.0), "2d 7h ago");
        assert_eq!(span(45.0), "45s");
        assert_eq!(span(200.0), "3m 20s");
        assert_eq!(span(86400.0), "1d");
    }

    #[test]
    fn chart_hours_in_utc() {
        let mut ui = crate::term::ui::Ui::detect(
            crate::term::ui::Format::Table,
            crate::term::ui::ColorChoice::Never,
            true,
            true,
            Some(0.0),
        );
        ui.utc = true;
        // Hour 498953 (floor(epoch / 3600)) starts at 2026-12-02 17:00:00Z.
        assert_eq!(clock_hour(&ui, 498953 * 3600), "17");
        assert_eq!(clock_hour(&ui, 498953 * 3600 + 1800), "17:30");
        assert_eq!(zone(&ui, 0), "UTC");
    }

    #[test]
    fn absolute_times() {
        assert_eq!(absolute(1796208111.315), "2026-12-02 10:41:51Z");
        assert_eq!(
            crate::clock::rfc3339(1796208111.5),
            "2026-12-02T10:41:51.500000Z"
        );
    }
}
