//! Whether the owner of an in-progress list is alive (OPERATIONS §8.2), and which lists
//! exist (§8.3 step 1). Read-only: the orphans view, `check` and `job` use it to show what
//! orphan recovery would decide; `reconcile` uses the same rule before it asks REQUEUE,
//! which judges again, atomically, inside Redis.

use serde::Serialize;

use super::scripts::INPROGRESS_STATE;
use super::{KeyType, Name, Store, StoreError, StoreResult, keys, value};

/// The gem's default `orphan_threshold`, in seconds (KEYS.md §5.4).
pub const DEFAULT_THRESHOLD: f64 = 300.0;

/// How orphan recovery sees the owner of a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Liveness {
    /// Its presence key exists: never touched, whatever its stamp says.
    Alive,
    /// No presence key, but its last beat is within the threshold: left alone for now.
    Silent,
    /// No presence key, and no numeric stamp or one older than the threshold: any live
    /// process's next orphan pass requeues its list.
    PresumedDead,
    /// No presence key, and `cogworker:last_beat` can't be read (it is of the wrong type):
    /// orphan recovery fails on this owner until KeyGuard quarantines that key.
    Unknown,
}

impl Liveness {
    pub fn is_dead(self) -> bool {
        self == Liveness::PresumedDead
    }
}

/// The rule of OPERATIONS §8.2 / REQUEUE step 1, written as the script compares:
/// alive unless the presence key is gone and (`now − stamp > threshold` or no stamp).
/// A NaN stamp fails the comparison and so reads as dead, as in Lua.
pub fn judge(presence: bool, stamp: Option<f64>, now: f64, threshold: f64) -> Liveness {
    if presence {
        return Liveness::Alive;
    }
    match stamp {
        Some(last) if now - last <= threshold => Liveness::Silent,
        _ => Liveness::PresumedDead,
    }
}

/// A `last_beat` value read the way REQUEUE reads it, with Lua's `tonumber`: surrounding
/// whitespace allowed, decimal or hexadecimal, anything else is "no stamp".
pub fn lua_tonumber(text: &str) -> Option<f64> {
    let t = text.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r'));
    if t.is_empty() {
        return None;
    }
    let (negative, unsigned) = match t.as_bytes()[0] {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    if let Some(hex) = unsigned
        .strip_prefix("0x")
        .or_else(|| unsigned.strip_prefix("0X"))
    {
        let v = u64::from_str_radix(hex, 16).ok()? as f64;
        return Some(if negative { -v } else { v });
    }
    t.parse::<f64>().ok()
}

/// One in-progress list and its owner's liveness inputs, read at one instant by the
/// INPROGRESS_STATE script.
#[derive(Clone, Debug)]
pub struct ListState {
    pub identity: Name,
    /// Whether `cogworker:process:<identity>` exists.
    pub presence: bool,
    /// `cogworker:last_beat[identity]` as stored (any text).
    pub last_beat: Option<String>,
    /// `cogworker:last_beat` itself could not be read (a key of another type).
    pub last_beat_unreadable: bool,
    /// Redis' `TIME`, whole seconds.
    pub redis_now: i64,
    /// Jobs on the list.
    pub length: u64,
}

impl ListState {
    /// The list of `identity` and its owner's state. A list of the wrong type is an error
    /// naming the list; a wrong-typed `cogworker:last_beat` is not: the list is still shown,
    /// its owner's state `Unknown` unless its presence key says alive.
    pub fn read(store: &mut Store, identity: &Name) -> StoreResult<ListState> {
        let list = keys::inprogress(identity);
        let presence = keys::process(identity);
        let reply = store.eval(
            &INPROGRESS_STATE,
            &[&list, &presence, keys::LAST_BEAT.as_bytes()],
            &[identity],
        )?;
        let items = value::items(&reply);
        let field = |i: usize| items.get(i);
        let malformed = || StoreError::Command {
            command: "EVALSHA".into(),
            key: list.shown().into_owned(),
            reason: format!("unexpected reply from {}: {reply:?}", INPROGRESS_STATE.name),
        };
        let length = field(3).and_then(value::int).ok_or_else(malformed)?;
        if length < 0 {
            return Err(store
                .expect_type(&list, KeyType::List)
                .err()
                .unwrap_or_else(malformed));
        }
        Ok(ListState {
            identity: identity.clone(),
            presence: field(0).and_then(value::int).ok_or_else(malformed)? == 1,
            last_beat: field(1).and_then(value::string),
            last_beat_unreadable: field(4).and_then(value::int).ok_or_else(malformed)? == 0,
            redis_now: field(2).and_then(value::int).ok_or_else(malformed)?,
            length: length as u64,
        })
    }

    /// The stamp as a number, if REQUEUE would read it as one.
    pub fn stamp(&self) -> Option<f64> {
        self.last_beat.as_deref().and_then(lua_tonumber)
    }

    /// The judgement at `now`: Redis' own clock, unless the run's clock was pinned
    /// (`pinned_now`), which then stands in for it.
    pub fn judge(&self, threshold: f64, pinned_now: Option<f64>) -> Verdict {
        let now = pinned_now.unwrap_or(self.redis_now as f64);
        let stamp = self.stamp();
        let liveness = if self.last_beat_unreadable && !self.presence {
            Liveness::Unknown
        } else {
            judge(self.presence, stamp, now, threshold)
        };
        Verdict {
            liveness,
            silent_for: stamp
                .filter(|s| s.is_finite() && !self.presence)
                .map(|s| now - s),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    pub liveness: Liveness,
    /// Seconds since the last beat, for an owner without a presence key and with a stamp.
    pub silent_for: Option<f64>,
}

/// The identities that have (or may have) an in-progress list: the registry set plus a
/// `SCAN` of the list keys, each source isolated as orphan recovery isolates them.
#[derive(Debug)]
pub struct Candidates {
    /// Sorted, without repeats.
    pub identities: Vec<Name>,
    /// `cogworker:inprogress_identities` could not be read (wrong type); the scan still ran.
    pub registry_error: Option<StoreError>,
}

pub fn candidates(store: &mut Store) -> StoreResult<Candidates> {
    let lists = store.scan_keys(keys::INPROGRESS_PATTERN)?;
    candidates_among(store, &lists)
}

/// [`candidates`], with the list keys found by the caller's own scan (`lists`: keys of any
/// kind, those that aren't in-progress lists are ignored).
pub fn candidates_among(store: &mut Store, lists: &[Name]) -> StoreResult<Candidates> {
    let (mut identities, registry_error) = match store.members(keys::INPROGRESS_IDENTITIES) {
        Ok(ids) => (ids, None),
        Err(e) if e.is_connection() => return Err(e),
        Err(e) => (Vec::new(), Some(e)),
    };
    identities.extend(lists.iter().filter_map(keys::identity_of_inprogress));
    identities.sort();
    identities.dedup();
    Ok(Candidates {
        identities,
        registry_error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_of_operations_8_2() {
        let t = 300.0;
        assert_eq!(judge(true, None, 1000.0, t), Liveness::Alive);
        assert_eq!(judge(true, Some(0.0), 1000.0, t), Liveness::Alive);
        assert_eq!(judge(false, Some(700.0), 1000.0, t), Liveness::Silent);
        assert_eq!(judge(false, Some(699.0), 1000.0, t), Liveness::PresumedDead);
        assert_eq!(judge(false, None, 1000.0, t), Liveness::PresumedDead);
        assert_eq!(
            judge(false, Some(f64::NAN), 1000.0, t),
            Liveness::PresumedDead
        );
        // A stamp ahead of the clock (another host's skew) is a recent beat.
        assert_eq!(judge(false, Some(1200.0), 1000.0, t), Liveness::Silent);
    }

    #[test]
    fn stamps_read_like_lua_tonumber() {
        assert_eq!(lua_tonumber("1796208059"), Some(1796208059.0));
        assert_eq!(lua_tonumber(" 12 \n"), Some(12.0));
        assert_eq!(lua_tonumber("1.5"), Some(1.5));
        assert_eq!(lua_tonumber("1e3"), Some(1000.0));
        assert_eq!(lua_tonumber("0x10"), Some(16.0));
        assert_eq!(lua_tonumber("-0x10"), Some(-16.0));
        assert_eq!(lua_tonumber(""), None);
        assert_eq!(lua_tonumber("soon"), None);
        assert_eq!(lua_tonumber("12abc"), None);
        assert_eq!(lua_tonumber("0x"), None);
    }

    fn state(presence: bool, last_beat: Option<&str>) -> ListState {
        ListState {
            identity: "h:1:abc".into(),
            presence,
            last_beat: last_beat.map(str::to_string),
            last_beat_unreadable: false,
            redis_now: 10_000,
            length: 1,
        }
    }

    #[test]
    fn a_pinned_clock_stands_in_for_redis_time() {
        let s = state(false, Some("9000"));
        assert_eq!(s.judge(300.0, None).liveness, Liveness::PresumedDead);
        let v = s.judge(300.0, Some(9100.0));
        assert_eq!(v.liveness, Liveness::Silent);
        assert_eq!(v.silent_for, Some(100.0));
        assert_eq!(state(true, Some("1")).judge(300.0, None).silent_for, None);
        assert_eq!(
            state(false, Some("never")).judge(300.0, None).liveness,
            Liveness::PresumedDead
        );
        let unreadable = ListState {
            last_beat_unreadable: true,
            ..state(false, None)
        };
        assert_eq!(unreadable.judge(300.0, None).liveness, Liveness::Unknown);
        let alive = ListState {
            presence: true,
            ..unreadable
        };
        assert_eq!(alive.judge(300.0, None).liveness, Liveness::Alive);
    }
}
