//! Cron schedules read exactly as cogworker's periodic jobs read them: with fugit 1.5.2
//! (et-orbi 1.2.2, TZInfo 2.0.5), including its quirks, because a slot cogctl computes must be
//! the slot a live Ruby process computes (KEYS.md §6.7).
//!
//! What fugit 1.5.2 does that a textbook cron doesn't, each seen in `fixtures/cron-next.json`
//! (250 answers of the real gem):
//! - nothing is trimmed: a leading or trailing blank refuses the cron, and `@hourly ` too;
//!   fields are separated by spaces or tabs, the zone only by spaces;
//! - `@yearly @annually @monthly @weekly @daily @midnight @noon @hourly` must be the whole
//!   string (no zone after them); `@reboot` and anything else after `@` is refused;
//! - a 6-field cron starts with seconds; `24` is an hour (midnight); `7` is Sunday;
//! - day of month and day of week both restricted: a day matching either fires;
//! - `L`, `last`, `-n` count from the end of the month; a range mixing signs (`-5-3`) is an
//!   error; `#n` / `#-n` / `#L` pick the n-th weekday of the month; `%m+k` fires when
//!   (weeks since 2019-01-01, counted from 1) + k is a multiple of m;
//! - `*/0` raises `ZeroDivisionError`; a day no listed month has (`30 2`) refuses the cron, but
//!   a negative one that no month has (`-30 2`) parses and raises "too many loops" when asked;
//! - a zone after the fields is a tz database name, exactly as spelled, or `±hh[:]mm` with
//!   minutes 00/15/30/45 and at most 11 hours (`+14:00` is refused);
//! - next: the first whole second strictly after the start; a time DST skips is skipped that
//!   day; a repeated time is found on both passes;
//! - a start in the first pass through a repeated hour of the *local* zone raises (fugit can't
//!   name its zone from the abbreviation `EDT`/`CEST`): `next_after` returns that error.
//!
//! From fugit's source (its 1.4 and 1.11 code and the changelog between them), not in the
//! fixture: `previous_time(t)` is the most recent time strictly before the whole second `t`
//! falls in; a next-time search that starts at the first pass of a repeated time skips the
//! second when the start's zone is the cron's (fugit's gh-6); `*/1` or `1-31` in a day field
//! count as restricted (`*` doesn't); `a/n` runs to the field's end (`15/30` is `15-59/30`) but
//! `0/1` is just `0`. `#n` and `%n` count weeks from noon of the day, as in et-orbi's code of
//! the 1.2 line; whether 1.2.2 itself did so for zones with DST isn't known (UTC agrees).

mod engine;
mod parse;
mod zone;

#[cfg(test)]
mod tests;

use std::fmt::Write as _;

use engine::Search;
use parse::{Fields, Refusal};
use zone::Zone;

/// A parsed cron expression.
#[derive(Debug, Clone)]
pub struct Cron {
    original: String,
    fields: Fields,
    zone: Option<(String, Zone)>,
}

/// Why a cron is refused, or what fugit raises while searching; the text starts with fugit's
/// own exception text wherever fugit raises one.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct CronError(pub String);

impl Cron {
    /// Parse a cron string as fugit does (5 or 6 fields, @names, optional trailing zone).
    pub fn parse(text: &str) -> Result<Cron, CronError> {
        let parsed = parse::parse(text).map_err(|refusal| {
            let why = match refusal {
                Refusal::Syntax => "fugit 1.5.2 expects 5 fields (6 with seconds first) or an \
                                    @ shortcut, then optionally a time zone"
                    .to_string(),
                Refusal::Reboot => "@reboot names no schedule".to_string(),
                Refusal::UnknownZone(name) => format!("no time zone is named {name:?}"),
                Refusal::NoSuchDay => "none of its months has any of its days".to_string(),
                Refusal::Raised(error) => format!("fugit 1.5.2 raises {error}"),
            };
            CronError(format!("{text:?} is not a valid cron: {why}"))
        })?;
        Ok(Cron {
            original: parsed.original,
            fields: parsed.fields,
            zone: parsed.zone,
        })
    }

    /// The zone named in the cron, if any (as written, e.g. "Europe/Berlin" or "+09:00").
    pub fn zone(&self) -> Option<&str> {
        self.zone.as_ref().map(|(name, _)| name.as_str())
    }

    /// The first fire time strictly after `from` (epoch seconds), in the cron's zone or else
    /// `local` (an IANA name like "Europe/Berlin" or "UTC"). Ok(None): it never fires.
    /// Err: what fugit raises at that point (e.g. an ambiguous DST abbreviation).
    ///
    /// fugit 1.5.2 never answers "never": a cron that can't fire is refused by `parse` or
    /// raises "too many loops" here, as it does for one whose next time is too far away.
    pub fn next_after(&self, from: f64, local: &str) -> Result<Option<f64>, CronError> {
        let process = local_zone_named(local)?;
        process.check_start(from)?;
        let search = self.search(&process);
        Ok(Some(search.next_time(from)? as f64))
    }

    /// The most recent fire time at or before `at` (fugit's previous_time, used for slots).
    ///
    /// This is fugit's `previous_time(at + 1 s)`: fugit's own `previous_time(t)` never returns
    /// the whole second `t` falls in (see [`Cron::previous_time`]). An `at` in the first pass
    /// through a repeated local hour raises, as in [`Cron::next_after`].
    pub fn previous_at_or_before(&self, at: f64, local: &str) -> Result<Option<f64>, CronError> {
        let process = local_zone_named(local)?;
        process.check_start(at)?;
        let search = self.search(&process);
        Ok(Some(search.previous_from(at.trunc() as i64)? as f64))
    }

    /// Exactly fugit's `previous_time(Time.at(from))`, the gem ticker's slot for "now": the most
    /// recent fire time strictly before the whole second `from` falls in (at 12:00:00.3 the
    /// slot of `0 12 * * *` is still yesterday's).
    pub fn previous_time(&self, from: f64, local: &str) -> Result<Option<f64>, CronError> {
        let process = local_zone_named(local)?;
        process.check_start(from)?;
        let search = self.search(&process);
        Ok(Some(
            search.previous_from((from - 1.0).trunc() as i64)? as f64
        ))
    }

    /// The next `n` fire times after `from`.
    ///
    /// Like fugit's `Cron#next(from).take(n)`: only `from` itself must have a zone fugit can
    /// name; the times found are passed on as fugit passes them, zone attached, so a time in
    /// the first pass through a repeated hour doesn't stop the list.
    pub fn next_n(&self, from: f64, local: &str, n: usize) -> Result<Vec<f64>, CronError> {
        let process = local_zone_named(local)?;
        if n == 0 {
            return Ok(Vec::new());
        }
        process.check_start(from)?;
        let search = self.search(&process);
        let mut times = Vec::with_capacity(n);
        let mut from = from;
        while times.len() < n {
            let next = search.next_time(from)? as f64;
            times.push(next);
            from = next;
        }
        Ok(times)
    }

    fn search<'a>(&'a self, process: &'a Zone) -> Search<'a> {
        let zone = self.zone.as_ref().map_or(process, |(_, zone)| zone);
        Search::new(&self.fields, &self.original, zone, process)
    }
}

/// The local zone name cogctl should use when a cron names none: $TZ if set (an IANA name),
/// else the system's /etc/localtime link target, else "UTC".
pub fn local_zone() -> String {
    let from_env = std::env::var("TZ")
        .ok()
        .and_then(|tz| zone_in(tz.trim_start_matches(':')));
    let from_link = || {
        std::fs::read_link("/etc/localtime")
            .ok()
            .and_then(|target| zone_in(&target.to_string_lossy()))
    };
    let from_debian = || {
        std::fs::read_to_string("/etc/timezone")
            .ok()
            .and_then(|name| zone_in(name.trim()))
    };
    from_env
        .or_else(from_link)
        .or_else(from_debian)
        .unwrap_or_else(|| "UTC".to_string())
}

/// The tz database name in `text`: the name itself, or the part of a zoneinfo path after
/// `zoneinfo/` (and after `posix/` or `right/`).
fn zone_in(text: &str) -> Option<String> {
    let name = match text.rfind("zoneinfo/") {
        Some(at) => {
            let rest = &text[at + "zoneinfo/".len()..];
            rest.strip_prefix("posix/")
                .or_else(|| rest.strip_prefix("right/"))
                .unwrap_or(rest)
        }
        None => text,
    };
    name.parse::<chrono_tz::Tz>().ok().map(|_| name.to_string())
}

/// The periodic job id: lowercase hex SHA-1 of `cron|class|args` (KEYS.md §6.7).
pub fn pjid(cron: &str, class: &str, args_json: &str) -> String {
    crate::store::job::sha1_hex(format!("{cron}|{class}|{args_json}").as_bytes())
}

fn local_zone_named(local: &str) -> Result<Zone, CronError> {
    Zone::resolve(local).ok_or_else(|| CronError(format!("no time zone is named {local:?}")))
}

/// Ruby's `String#inspect`, for messages fugit builds with it.
fn ruby_inspect(text: &str) -> String {
    let mut out = String::from("\"");
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            '#' if matches!(chars.peek(), Some('{' | '$' | '@')) => out.push_str("\\#"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
