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
