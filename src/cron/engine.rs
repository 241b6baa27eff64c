//! fugit 1.5.2's `next_time` and `previous_time`, step for step.
//!
//! fugit does not compute the answer from the fields: it walks a cursor, and on each pass
//! checks month, day, hour, minute and second in that order and moves forward (or back) by the
//! first that doesn't match. The steps are plain seconds in the cron's zone except at month
//! starts and some midnights, which are rebuilt from wall time, so around DST changes the walk
//! itself decides which times are skipped or doubled. Reproducing the walk, with its cap of
//! 2048 passes, is what makes the answers (and the errors) fugit's. It is cheap: each pass
//! moves at least to the next candidate minute, hour, day or month.

use std::cell::Cell;

use chrono::{Datelike, NaiveDateTime, NaiveTime, Timelike};

use super::CronError;
use super::parse::{DayRule, Fields};
use super::zone::{Unplaceable, Zone, date};

/// fugit's `MAX_ITERATION_COUNT`.
const MAX_PASSES: u32 = 2048;
const DAY: i64 = 86_400;
const WEEK: i64 = 7 * DAY;

pub(super) struct Search<'a> {
    pub fields: &'a Fields,
    /// The cron as fugit keeps it, for its "too many loops" message.
    pub original: &'a str,
    /// The zone the fields are read in: the cron's own, else the process zone.
    pub zone: &'a Zone,
    /// The Ruby process's zone (`TZ`): it names the start time and parses wall times.
    pub process: &'a Zone,
    /// The last day of the month the cursor was last in: (year, month, last day + 1).
    month_end: Cell<Option<(i32, u32, i64)>>,
}

/// fugit's `TimeCursor`: an instant and its wall time in the search zone.
struct Cursor {
    t: i64,
    wall: NaiveDateTime,
}

impl<'a> Search<'a> {
    pub(super) fn new(
        fields: &'a Fields,
        original: &'a str,
        zone: &'a Zone,
        process: &'a Zone,
    ) -> Self {
        Search {
            fields,
            original,
            zone,
            process,
            month_end: Cell::new(None),
        }
    }

    fn at(&self, t: i64) -> Cursor {
        Cursor {
            t,
            wall: self.zone.wall(t),
        }
    }

    /// `Fugit::Cron#next_time(from)`, in epoch seconds, once `from` has a zone
    /// (`Zone::check_start`).
    pub(super) fn next_time(&self, from: f64) -> Result<i64, CronError> {
        let mut ifrom = from.trunc() as i64;
        // `from.strftime('%F|%T')`: the start's wall time where the process is.
        let mut sfrom = self.process.wall(from.floor() as i64);
        let mut c = self.at(from.trunc() as i64);
        let mut zfrom = self.zone.period(c.t);
        for _ in 0..MAX_PASSES {
            if c.t == ifrom {
                c = self.at(c.t + 1);
                continue;
            }
            if !self.month_match(&c) {
                c = self.inc_month(&c)?;
                continue;
            }
            if !self.day_match(&c)? {
                c = self.inc_day(&c)?;
                continue;
            }
            let (hour, minute, second) = hms(&c);
            if !contains(&self.fields.hours, hour) {
                c = self.at(c.t + (60 - i64::from(minute)) * 60 - i64::from(second));
                continue;
            }
            if !contains(&self.fields.minutes, minute) {
                c = self.at(c.t + 60 - i64::from(second));
                continue;
            }
            if let Some(seconds) = &self.fields.seconds
                && !seconds.contains(&second)
            {
                let next = seconds.iter().find(|&&s| s > second).copied();
                let step = match next {
                    Some(s) => i64::from(s) - i64::from(second),
                    None => 60 - i64::from(second) + i64::from(seconds[0]),
                };
                c = self.at(c.t + step);
                continue;
            }
            // gh-6: leaving DST, a wall time equal to the start's but at another offset is the
            // start's twin, not a new occurrence; the walk restarts from it.
            let zt = self.zone.period(c.t);
            if c.wall == sfrom && zt != zfrom {
                sfrom = c.wall;
                zfrom = zt;
                ifrom = c.t;
                continue;
            }
            return Ok(c.t);
        }
        Err(self.too_many_loops("next_time", "fjJC9"))
    }

    /// `Fugit::Cron#previous_time`'s walk from the whole second `start` (fugit starts one
    /// second before the time it is given, truncated).
    pub(super) fn previous_from(&self, start: i64) -> Result<i64, CronError> {
        let mut c = self.at(start);
        for _ in 0..MAX_PASSES {
            let (hour, minute, second) = hms(&c);
            let (hour, minute, second) = (i64::from(hour), i64::from(minute), i64::from(second));
            if !self.month_match(&c) {
                let day = i64::from(c.wall.day());
                c = self.at(c.t - ((day - 1) * DAY + hour * 3600 + minute * 60 + second + 1));
                continue;
            }
            if !self.day_match(&c)? {
                c = self.at(c.t - (hour * 3600 + minute * 60 + second + 1));
                continue;
            }
            if !contains(&self.fields.hours, hour as u32) {
                c = self.at(c.t - (minute * 60 + second + 1));
                continue;
            }
            if !contains(&self.fields.minutes, minute as u32) {
                c = self.at(c.t - (second + 1));
                continue;
            }
            if let Some(seconds) = &self.fields.seconds
                && !seconds.contains(&(second as u32))
            {
                let last = i64::from(seconds[seconds.len() - 1]);
                let target = seconds
                    .iter()
                    .rev()
                    .map(|&s| i64::from(s))
                    .find(|&s| s < second)
                    .unwrap_or(last);
                let back = if second > target { 0 } else { 60 };
                c = self.at(c.t + target - second - back);
                continue;
            }
            return Ok(c.t);
        }
        Err(self.too_many_loops("previous_time", "fjJCQ"))
    }

    fn too_many_loops(&self, method: &str, issue: &str) -> CronError {
        CronError(format!(
            "RuntimeError: too many loops for {} #{method}, breaking, cron expression most \
             likely invalid (Feb 30th like?), please fill an issue at https://git.io/{issue}",
            super::ruby_inspect(self.original)
        ))
    }

    fn month_match(&self, c: &Cursor) -> bool {
        contains(&self.fields.months, c.wall.month())
    }

    /// Both day fields restricted: either may match (cron's OR); else both must.
    fn day_match(&self, c: &Cursor) -> Result<bool, CronError> {
        if self.fields.weekdays.is_some() && self.fields.monthdays.is_some() {
            return Ok(self.weekday_match(c)? || self.monthday_match(c)?);
        }
        Ok(self.weekday_match(c)? && self.monthday_match(c)?)
    }

    /// Only the first entry for the cursor's weekday counts (`mon#1,mon#3` is `mon#1`), as
    /// fugit's `find` does.
    fn weekday_match(&self, c: &Cursor) -> Result<bool, CronError> {
        let Some(rules) = &self.fields.weekdays else {
            return Ok(true);
        };
        let weekday = c.wall.weekday().num_days_from_sunday();
        let Some(rule) = rules.iter().find(|r| r.day == weekday) else {
            return Ok(false);
        };
        match rule.rule {
            DayRule::Every => Ok(true),
            DayRule::Nth(n) => {
                let (from_start, from_end) = self.weekday_in_month(c)?;
                Ok(if n > 0 {
                    n == from_start
                } else {
                    n == from_end
                })
            }
            DayRule::Modulo { modulus, offset } => {
                if modulus == 0 {
                    return Err(CronError("ZeroDivisionError: divided by 0".to_string()));
                }
                Ok((self.reference_week(c)? + offset).rem_euclid(modulus) == 0)
            }
        }
    }

    /// et-orbi's `wday_in_month`: counted by whole weeks from noon of the cursor's day, so a
    /// DST change can't push a step across midnight.
    fn weekday_in_month(&self, c: &Cursor) -> Result<(i64, i64), CronError> {
        let noon = self
            .zone
            .noon(self.process, c.wall.date())
            .map_err(Unplaceable::into_error)?;
        let month = c.wall.month();
        let count = |step: i64| {
            let mut n = 0;
            let mut t = noon;
            while self.zone.wall(t).month() == month {
                n += 1;
                t += step;
            }
            n
        };
        Ok((count(-WEEK), -count(WEEK)))
    }

    /// et-orbi's `rweek`: whole weeks (of seconds, so DST shows) from noon on 2019-01-01 to
    /// noon of the cursor's day, plus one.
    fn reference_week(&self, c: &Cursor) -> Result<i64, CronError> {
        let reference = self
            .zone
            .noon(self.process, date(2019, 1, 1))
            .map_err(Unplaceable::into_error)?;
        let noon = self
            .zone
            .noon(self.process, c.wall.date())
            .map_err(Unplaceable::into_error)?;
        Ok((noon - reference).div_euclid(WEEK) + 1)
    }

    /// A negative day counts back from one past the last day, which fugit finds as the day
    /// shown 24 hours before the next month's midnight (so a 23-hour last day reads short).
    fn monthday_match(&self, c: &Cursor) -> Result<bool, CronError> {
        let Some(days) = &self.fields.monthdays else {
            return Ok(true);
        };
        let (year, month) = (c.wall.year(), c.wall.month());
        let end = match self.month_end.get() {
            Some((y, m, end)) if (y, m) == (year, month) => end,
            _ => {
                let (next_year, next_month) = next_month(year, month);
                let next_start = self
                    .zone
                    .midnight(self.process, next_year, next_month, 1)
                    .map_err(Unplaceable::into_error)?;
                let end = i64::from(self.zone.wall(next_start - DAY).day()) + 1;
                self.month_end.set(Some((year, month, end)));
                end
            }
        };
        let day = i64::from(c.wall.day());
        Ok(days
            .iter()
            .any(|&d| if d < 1 { end + d == day } else { d == day }))
    }

    /// To midnight starting the next month.
    fn inc_month(&self, c: &Cursor) -> Result<Cursor, CronError> {
        let (year, month) = next_month(c.wall.year(), c.wall.month());
        let t = self
            .zone
            .midnight(self.process, year, month, 1)
            .map_err(Unplaceable::into_error)?;
        Ok(self.at(t))
    }

    /// fugit 1.5.2's `inc_day`: 24 hours less the time of day; if that lands before noon but
    /// not at midnight (a short day), back to that day's midnight, or on a day whose midnight
    /// is skipped, a whole day further; if after noon (a long day), on to the next midnight.
    fn inc_day(&self, c: &Cursor) -> Result<Cursor, CronError> {
        let (hour, minute, second) = hms(c);
        let c = self
            .at(c.t + (24 - i64::from(hour)) * 3600 - i64::from(minute) * 60 - i64::from(second));
        let hour = i64::from(c.wall.hour());
        if hour == 0 {
            return Ok(c);
        }
        if hour < 12 {
            let day = c.wall.date();
            return match self
                .zone
                .midnight(self.process, day.year(), day.month(), day.day())
            {
                Ok(t) => Ok(self.at(t)),
                Err(Unplaceable::Skipped(_)) => Ok(self.at(c.t + (24 - hour) * 3600)),
                Err(repeated) => Err(repeated.into_error()),
            };
        }
        Ok(self.at(c.t + (24 - hour) * 3600))
    }
}

fn hms(c: &Cursor) -> (u32, u32, u32) {
    let time: NaiveTime = c.wall.time();
    (time.hour(), time.minute(), time.second())
}

fn contains(values: &Option<Vec<u32>>, value: u32) -> bool {
    values.as_ref().is_none_or(|v| v.contains(&value))
}

fn next_month(year: i32, month: u32) -> (i32, u32) {
    if month == 12 {
        (year + 1, 1)
    } else {
        (year, month + 1)
    }
}
