//! What doctor knows, as typed values: each check's verdict (a finding with its severity), and
//! the Redis server's facts and the checks made on them (`server`), which `incident` reads too.

pub mod server;

use serde::Serialize;
use serde_json::Value;

use crate::store::StoreResult;

/// Keys one doctor run examines at most in its SCAN walk of the keyspace (in-progress lists
/// outside their registry, history buckets, status hashes, quarantined keys).
pub const SCAN_CAP: u64 = 100_000;

/// Keys per SCAN call.
pub const SCAN_STEP: usize = 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Ok,
    Warn,
    Fail,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Ok => "ok",
            Severity::Warn => "warn",
            Severity::Fail => "FAIL",
        }
    }
}

/// One thing doctor checked (docs/doctor.md lists every id).
#[derive(Debug, Serialize)]
pub struct Finding {
    /// Stable: `redis.eviction`, `queues.unread` …
    pub id: &'static str,
    pub severity: Severity,
    /// The verdict in one line.
    pub title: String,
    /// What was seen: numbers, key names, identities (names escaped as everywhere).
    pub seen: String,
    /// How to fix it: a cogctl command, a Redis setting, a config line; null when nothing
    /// needs fixing.
    pub fix: Option<String>,
    /// The numbers and names behind `seen`, as an object whose fields depend on the id.
    pub data: Value,
}

impl Finding {
    pub fn new(id: &'static str, severity: Severity, title: impl Into<String>) -> Finding {
        Finding {
            id,
            severity,
            title: title.into(),
            seen: String::new(),
            fix: None,
            data: Value::Object(Default::default()),
        }
    }

    pub fn ok(id: &'static str, title: impl Into<String>) -> Finding {
        Finding::new(id, Severity::Ok, title)
    }

    pub fn warn(id: &'static str, title: impl Into<String>) -> Finding {
        Finding::new(id, Severity::Warn, title)
    }

    pub fn fail(id: &'static str, title: impl Into<String>) -> Finding {
        Finding::new(id, Severity::Fail, title)
    }

    /// A check that could not be made (what it needed was refused): a warning, since doctor
    /// can't vouch for it.
    pub fn unchecked(id: &'static str, what: &str, why: impl Into<String>) -> Finding {
        Finding::warn(id, format!("{what}: not checked")).seen(why)
    }

    pub fn seen(mut self, text: impl Into<String>) -> Finding {
        self.seen = text.into();
        self
    }

    pub fn fix(mut self, text: impl Into<String>) -> Finding {
        self.fix = Some(text.into());
        self
    }

    pub fn data(mut self, data: Value) -> Finding {
        self.data = data;
        self
    }
}

/// A reply that was refused (an ACL, a renamed command, a wrong type) as the reason text; a
/// lost connection stays an error and ends the run.
pub fn answered<T>(result: StoreResult<T>) -> StoreResult<Result<T, String>> {
    match result {
        Ok(v) => Ok(Ok(v)),
        Err(e) if e.is_connection() => Err(e),
        Err(e) => Ok(Err(e.to_string())),
    }
}
