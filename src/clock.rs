//! "Now" for one run: the system clock, or a time pinned by the tests and the demo. Below the
//! command line, so the worker and the store can take it without reaching up into cli/.

use std::time::{SystemTime, UNIX_EPOCH};

/// "Now", fixed for the whole run. Tests pin it with the hidden `--now` / `COGCTL_NOW`.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub now: f64,
    /// `now` was given (`--now` / `COGCTL_NOW`). A pinned clock then also stands in for
    /// Redis' own clock where a judgement uses it (liveness), so a captured state reads the
    /// same whenever it is loaded.
    pub pinned: bool,
}

impl Clock {
    pub fn system() -> Clock {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs_f64())
            .unwrap_or(0.0);
        Clock { now, pinned: false }
    }

    pub fn pinned(now: f64) -> Clock {
        Clock { now, pinned: true }
    }

    /// Move `now` to this moment, unless it is pinned: a long-lived front-end (the console)
    /// ticks its sessions before each read, so that nothing it reads is judged against the
    /// moment it started.
    pub fn tick(&mut self) {
        if !self.pinned {
            self.now = Clock::system().now;
        }
    }

    /// The time to stamp a write with: the pinned time, else the system clock at this moment
    /// (a long run stamps each batch when it happens, not when the run began).
    pub fn current(&self) -> f64 {
        if self.pinned {
            self.now
        } else {
            Clock::system().now
        }
    }
}

/// RFC 3339 with microseconds, for JSON.
pub fn rfc3339(t: f64) -> String {
    let secs = t.floor() as i64;
    let micros = ((t - t.floor()) * 1e6).round().min(999_999.0) as u32;
    match chrono::DateTime::<chrono::Utc>::from_timestamp(secs, micros * 1000) {
        Some(dt) => dt.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
        None => format!("{t}"),
    }
}

/// The zone a report shows its times of day in, each time naming it (`17:54 UTC`,
/// `18:54 CET`): `--tz`, else UTC with `--utc`, else the local zone ($TZ, then the system's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zone {
    tz: chrono_tz::Tz,
}

impl Zone {
    pub fn utc() -> Zone {
        Zone {
            tz: chrono_tz::Tz::UTC,
        }
    }

    /// A tz database name (`Europe/Berlin`, `UTC`); anything else is refused.
    pub fn named(name: &str) -> Result<Zone, String> {
        name.parse::<chrono_tz::Tz>()
            .map(|tz| Zone { tz })
            .map_err(|_| {
                format!(
                    "{name:?} is not a time zone of the tz database (like UTC or Europe/Berlin)"
                )
            })
    }

    /// The local zone: $TZ when it names one, else the system's, else UTC.
    pub fn local() -> Zone {
        Zone::named(&crate::cron::local_zone()).unwrap_or_else(|_| Zone::utc())
    }

    /// `--tz` wins, then `--utc`, then the local zone.
    pub fn pick(tz: Option<&str>, utc: bool) -> Result<Zone, String> {
        match tz {
            Some(name) => Zone::named(name),
            None if utc => Ok(Zone::utc()),
            None => Ok(Zone::local()),
        }
    }

    /// Its tz database name.
    pub fn name(&self) -> &'static str {
        self.tz.name()
    }

    fn at(&self, t: f64) -> Option<chrono::DateTime<chrono_tz::Tz>> {
        use chrono::TimeZone;
        let secs = t.floor();
        if !secs.is_finite() || secs.abs() > 1e13 {
            return None;
        }
        self.tz.timestamp_opt(secs as i64, 0).single()
    }

    fn shown(&self, t: f64, now: f64, format: &str) -> String {
        let (Some(at), Some(today)) = (self.at(t), self.at(now)) else {
            return "?".into();
        };
        let text = at.format(format).to_string();
        let zone = at.format("%Z").to_string();
        if at.date_naive() == today.date_naive() {
            format!("{text} {zone}")
        } else {
            format!("{} {text} {zone}", at.format("%b %d"))
        }
    }

    /// `17:54 UTC`, with the date when it is not the day of `now`: `Dec 02 17:54 UTC`.
    pub fn hm(&self, t: f64, now: f64) -> String {
        self.shown(t, now, "%H:%M")
    }

    /// `17:54:07 UTC`, with the date when it is not the day of `now`.
    pub fn hms(&self, t: f64, now: f64) -> String {
        self.shown(t, now, "%H:%M:%S")
    }

    /// `17:54–17:56 UTC`: a stretch, its zone named once; with the dates when it is not
    /// all on the day of `now` (`Dec 04 17:54–Dec 05 09:10 UTC`).
    pub fn hm_range(&self, from: f64, to: f64, now: f64) -> String {
        let (Some(a), Some(b), Some(today)) = (self.at(from), self.at(to), self.at(now)) else {
            return "?".into();
        };
        let format = if a.date_naive() == today.date_naive() && b.date_naive() == today.date_naive()
        {
            "%H:%M"
        } else {
            "%b %d %H:%M"
        };
        let (a_zone, b_zone) = (a.format("%Z").to_string(), b.format("%Z").to_string());
        if a_zone == b_zone {
            format!("{}–{} {b_zone}", a.format(format), b.format(format))
        } else {
            format!(
                "{} {a_zone}–{} {b_zone}",
                a.format(format),
                b.format(format)
            )
        }
    }

    /// `05:27:00–05:29:35, 05:36:20–05:38:50 UTC`: stretches to the second, the zone named
    /// once when they share it and the day of `now` (else each as [`Zone::hm_range`] would,
    /// with seconds).
    pub fn hms_ranges(&self, spans: &[(f64, f64)], now: f64) -> String {
        let Some(today) = self.at(now) else {
            return "?".into();
        };
        let mut ends = Vec::with_capacity(spans.len());
        for &(from, to) in spans {
            let (Some(a), Some(b)) = (self.at(from), self.at(to)) else {
                return "?".into();
            };
            ends.push((a, b));
        }
        let zone = today.format("%Z").to_string();
        let plain = ends.iter().all(|(a, b)| {
            [a, b]
                .iter()
                .all(|t| t.date_naive() == today.date_naive() && t.format("%Z").to_string() == zone)
        });
        let each: Vec<String> = ends
            .iter()
            .map(|(a, b)| {
                if plain {
                    format!("{}–{}", a.format("%H:%M:%S"), b.format("%H:%M:%S"))
                } else {
                    format!(
                        "{} {}–{} {}",
                        a.format("%b %d %H:%M:%S"),
                        a.format("%Z"),
                        b.format("%b %d %H:%M:%S"),
                        b.format("%Z")
                    )
                }
            })
            .collect();
        if plain {
            format!("{} {zone}", each.join(", "))
        } else {
            each.join(", ")
        }
    }

    /// `2026-12-05 17:54 UTC`: the date always.
    pub fn date_hm(&self, t: f64) -> String {
        match self.at(t) {
            Some(at) => at.format("%Y-%m-%d %H:%M %Z").to_string(),
            None => "?".into(),
        }
    }
}

#[cfg(test)]
mod zone_tests {
    use super::Zone;

    #[test]
    fn times_name_their_zone() {
        // 2026-12-05 17:54:07 UTC.
        let t = 1_796_493_247.0;
        assert_eq!(Zone::utc().hm(t, t), "17:54 UTC");
        assert_eq!(Zone::utc().hms(t, t + 60.0), "17:54:07 UTC");
        let berlin = Zone::named("Europe/Berlin").unwrap();
        assert_eq!(berlin.hm(t, t), "18:54 CET");
        assert_eq!(berlin.hm(t, t + 86400.0), "Dec 05 18:54 CET");
        assert_eq!(Zone::utc().date_hm(t), "2026-12-05 17:54 UTC");
        assert_eq!(Zone::utc().hm_range(t, t + 120.0, t), "17:54–17:56 UTC");
        assert_eq!(
            Zone::utc().hm_range(t - 86400.0, t, t),
            "Dec 04 17:54–Dec 05 17:54 UTC"
        );
        assert!(Zone::named("Mars/Olympus").is_err());
        assert_eq!(Zone::pick(None, true).unwrap(), Zone::utc());
        assert_eq!(
            Zone::pick(Some("Asia/Kolkata"), true).unwrap().name(),
            "Asia/Kolkata"
        );
    }
}
