//! The History middleware's finished runs (`cogworker:history:*`): one entry read, and
//! whether history has ever been kept.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::value::RawValue;

use crate::store::keys;

/// A history entry as the gem writes it (KEYS.md §3.21), every field borrowed.
#[derive(Debug, Default, Deserialize)]
pub struct Run<'a> {
    #[serde(borrow)]
    pub jid: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub class: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub queue: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub args: Option<&'a RawValue>,
    #[serde(borrow)]
    pub status: Option<Cow<'a, str>>,
    pub started_at: Option<f64>,
    pub finished_at: Option<f64>,
    #[serde(borrow)]
    pub error_class: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub error_message: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub backtrace: Option<Vec<Cow<'a, str>>>,
}

impl Run<'_> {
    /// Seconds from start to finish, when both are known.
    pub fn duration(&self) -> Option<f64> {
        match (self.started_at, self.finished_at) {
            (Some(s), Some(f)) => Some((f - s).max(0.0)),
            _ => None,
        }
    }
}

/// An entry read: the run, or why it isn't one.
pub fn parse_run(raw: &[u8]) -> Result<Run<'_>, String> {
    serde_json::from_slice::<Run>(raw).map_err(|e| {
        if serde_json::from_slice::<serde_json::Value>(raw).is_ok() {
            format!("not a history entry ({e})")
        } else {
            format!("not valid JSON ({e})")
        }
    })
}

/// Any history key at all (the lists or a daily bucket): the middleware has been on.
pub fn history_exists(store: &mut crate::store::Store) -> crate::store::StoreResult<bool> {
    if history_lists_exist(store)? {
        return Ok(true);
    }
    // The walk ends at the first name found.
    let ended = store.scan_matching(keys::HISTORY_DAILY_PATTERN, |found| found.is_empty())?;
    Ok(!ended)
}

/// Any of the three history lists exists (the middleware has recorded a run in the last
/// retention period, 30 days by default).
pub fn history_lists_exist(store: &mut crate::store::Store) -> crate::store::StoreResult<bool> {
    for key in [
        keys::HISTORY_ALL,
        keys::HISTORY_SUCCESS,
        keys::HISTORY_FAILED,
    ] {
        if store.key_type(key.as_bytes())? != "none" {
            return Ok(true);
        }
    }
    Ok(false)
}
