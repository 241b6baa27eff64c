//! Time zones as fugit 1.5.2 sees them through et-orbi 1.2.2 and TZInfo 2.0.5.
//!
//! Three of their behaviours decide results and are reproduced here: which strings name a zone
//! (`EtOrbi.get_tzone`), how a wall-clock time becomes an instant (`EtOrbi.make`, which parses
//! the wall time in the *process* zone before TZInfo reads it in the target zone and raises on
//! a skipped or repeated time), and when a start time can't be given a zone at all.

use chrono::{DateTime, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone};
use chrono_tz::{OffsetName, Tz};

use super::CronError;

/// Epoch seconds must stay inside chrono's range while a search walks (at most 2048 steps of
/// at most a month); starting inside years 1..=9999 keeps every step far from its edges.
const FIRST_START: f64 = -62_135_596_800.0;
const LAST_START: f64 = 253_402_300_799.0;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Zone {
    Named(Tz),
    /// et-orbi's constant-offset zone for `+05:30`-like names; TZInfo gives it the written
    /// text as both identifier and abbreviation.
    Fixed {
        seconds: i32,
        id: String,
    },
}

/// A wall time TZInfo refused to place, with the exception TZInfo raises for it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Unplaceable {
    /// `TZInfo::PeriodNotFound`: the time is skipped by a DST change.
    Skipped(NaiveDateTime),
    /// `TZInfo::AmbiguousTime`: the time happens twice.
    Repeated(NaiveDateTime),
}

impl Unplaceable {
    pub(super) fn into_error(self) -> CronError {
        match self {
            Unplaceable::Skipped(wall) => CronError(format!(
                "TZInfo::PeriodNotFound: {} is an invalid local time.",
                wall.format("%Y-%m-%d %H:%M:%S")
            )),
            Unplaceable::Repeated(wall) => CronError(format!(
                "TZInfo::AmbiguousTime: {} is an ambiguous local time.",
                wall.format("%Y-%m-%d %H:%M:%S")
            )),
        }
    }
}

impl Zone {
    /// `EtOrbi.get_tzone(name)`: a `±hh[:]mm` offset of at most 11 hours, else a TZInfo
    /// identifier, matched exactly (case and all).
    pub(super) fn resolve(name: &str) -> Option<Zone> {
        if name == "Z" {
            return Some(Zone::Named(Tz::Zulu));
        }
        if let Some(seconds) = offset_seconds(name) {
            return Some(Zone::Fixed {
                seconds,
                id: name.to_string(),
            });
        }
        name.parse::<Tz>().ok().map(Zone::Named)
    }

    /// The UTC offset in seconds and the abbreviation (`%Z`) in effect at `t`.
    pub(super) fn period(&self, t: i64) -> (i32, String) {
        match self {
            Zone::Named(tz) => {
                let local = instant(t).with_timezone(tz);
                let offset = local.offset();
                let seconds = offset.fix().local_minus_utc();
                let abbreviation = offset
                    .abbreviation()
                    .map(str::to_string)
                    .unwrap_or_else(|| numeric_abbreviation(seconds));
                (seconds, abbreviation)
            }
            Zone::Fixed { seconds, id } => (*seconds, id.clone()),
        }
    }

    /// The wall-clock time at `t`.
    pub(super) fn wall(&self, t: i64) -> NaiveDateTime {
        match self {
            Zone::Named(tz) => instant(t).with_timezone(tz).naive_local(),
            Zone::Fixed { seconds, .. } => {
                instant(t).naive_utc() + chrono::Duration::seconds(i64::from(*seconds))
            }
        }
    }

    /// The instants showing `wall` (none when DST skips it, two when it repeats).
    pub(super) fn instants(&self, wall: &NaiveDateTime) -> LocalResult<i64> {
        match self {
            Zone::Named(tz) => match tz.from_local_datetime(wall) {
                LocalResult::Single(a) => LocalResult::Single(a.timestamp()),
                LocalResult::Ambiguous(a, b) => {
                    LocalResult::Ambiguous(a.timestamp(), b.timestamp())
                }
                LocalResult::None => LocalResult::None,
            },
            Zone::Fixed { seconds, .. } => {
                LocalResult::Single(wall.and_utc().timestamp() - i64::from(*seconds))
            }
        }
    }

    /// `EtOrbi.make(...)` for a wall time in this zone, as run in a process whose zone is
    /// `process`: Ruby's `Time.parse` first reads the wall time in the process zone (moving a
    /// skipped time forward by the gap), then TZInfo places that wall time in this zone and
    /// raises when it is skipped or repeated here.
    pub(super) fn make(&self, process: &Zone, wall: NaiveDateTime) -> Result<i64, Unplaceable> {
        let wall = process.ruby_local_wall(wall);
        match self.instants(&wall) {
            LocalResult::Single(t) => Ok(t),
            LocalResult::None => Err(Unplaceable::Skipped(wall)),
            LocalResult::Ambiguous(..) => Err(Unplaceable::Repeated(wall)),
        }
    }

    /// `EtOrbi.make(y, m, d, zone)`: midnight starting that day.
    pub(super) fn midnight(
        &self,
        process: &Zone,
        year: i32,
        month: u32,
        day: u32,
    ) -> Result<i64, Unplaceable> {
        self.make(process, date(year, month, day).and_time(NaiveTime::MIN))
    }

    /// `EtOrbi.make_time("%F 12:00:00", zone)`: noon of that day.
    pub(super) fn noon(&self, process: &Zone, day: NaiveDate) -> Result<i64, Unplaceable> {
        let noon = NaiveTime::from_hms_opt(12, 0, 0).expect("12:00:00 is a valid time");
        self.make(process, day.and_time(noon))
    }

    /// The wall time a Ruby `Time.local` built from `wall` shows: unchanged unless DST skips it
    /// here, in which case it is read with the offset in force before the gap.
    fn ruby_local_wall(&self, wall: NaiveDateTime) -> NaiveDateTime {
        match self.instants(&wall) {
            LocalResult::None => {
                let as_utc = wall.and_utc().timestamp();
                let (before, _) = self.period(as_utc - 86_400);
                self.wall(as_utc - i64::from(before))
            }
            _ => wall,
        }
    }

    /// What `EtOrbi.make_time(Time.at(from))` does before any search: it names the zone of
    /// `from` by its abbreviation, and when the abbreviation names no zone it accepts the
    /// process zone only if `Time.local` of the same wall time shows the same abbreviation.
    /// Ruby's `Time.local` picks the later of two instants that share a wall time, so a start
    /// in the first pass through a repeated hour (01:30 EDT, 02:10 CEST) raises.
    pub(super) fn check_start(&self, from: f64) -> Result<(), CronError> {
        if !(FIRST_START..=LAST_START).contains(&from) {
            return Err(CronError(format!(
                "the time {from} is outside the years 1 to 9999"
            )));
        }
        let t = from.floor() as i64;
        let (_, abbreviation) = self.period(t);
        if Zone::resolve(&abbreviation).is_some() {
            return Ok(());
        }
        let later = match self.instants(&self.wall(t)) {
            LocalResult::Ambiguous(a, b) => a.max(b),
            LocalResult::Single(a) => a,
            LocalResult::None => t,
        };
        if self.period(later).1 == abbreviation {
            return Ok(());
        }
        Err(CronError(format!(
            "ArgumentError: Cannot determine timezone from {abbreviation:?} (fugit 1.5.2 raises \
             this for a time in the first pass through an hour that {} repeats)",
            self.id()
        )))
    }

    pub(super) fn id(&self) -> &str {
        match self {
            Zone::Named(tz) => tz.name(),
            Zone::Fixed { id, .. } => id,
        }
    }
}

pub(super) fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).expect("the first of a month always exists")
}

fn instant(t: i64) -> DateTime<chrono::Utc> {
    DateTime::from_timestamp(t, 0).expect("searches stay inside chrono's range (check_start)")
}

/// `get_offset_tzone`: `/\A([+-][0-1]?[0-9]):?([0-5][0-9])?\z/` with at most 11 hours. The
/// minutes take the sign of the hours, so `-00:30` is half an hour *east*, as in et-orbi.
fn offset_seconds(name: &str) -> Option<i32> {
    let b = name.as_bytes();
    let sign = match b.first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let digit = |p: usize| b.get(p).is_some_and(u8::is_ascii_digit);
    // The regex's own order of trials: two hour digits before one, the colon before none,
    // two minute digits before none; the first trial that reaches the end wins.
    let two_hour_digits = matches!(b.get(1), Some(b'0' | b'1')) && digit(2);
    let hour_choices: &[usize] = if two_hour_digits { &[2, 1] } else { &[1] };
    for &hour_digits in hour_choices {
        if !digit(hour_digits) {
            continue;
        }
        let after_hours = 1 + hour_digits;
        let colon_choices: &[usize] = if b.get(after_hours) == Some(&b':') {
            &[1, 0]
        } else {
            &[0]
        };
        for &colon in colon_choices {
            let at = after_hours + colon;
            let two_minute_digits = matches!(b.get(at), Some(b'0'..=b'5')) && digit(at + 1);
            let minute_choices: &[usize] = if two_minute_digits { &[2, 0] } else { &[0] };
            for &minute_digits in minute_choices {
                if at + minute_digits != b.len() {
                    continue;
                }
                let hours: i32 = name[1..after_hours].parse().ok()?;
                let minutes: i32 = if minute_digits == 0 {
                    0
                } else {
                    name[at..].parse().ok()?
                };
                if hours > 11 {
                    return None;
                }
                let hours = sign * hours;
                let minutes = if hours < 0 { -minutes } else { minutes };
                return Some(hours * 3600 + minutes * 60);
            }
        }
    }
    None
}

/// The tz database writes numeric abbreviations as `+03` or `+0545`; chrono-tz leaves them out.
fn numeric_abbreviation(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.abs() / 60;
    if minutes % 60 == 0 {
        format!("{sign}{:02}", minutes / 60)
    } else {
        format!("{sign}{:02}{:02}", minutes / 60, minutes % 60)
    }
}
