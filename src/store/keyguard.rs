//! KeyGuard (OPERATIONS §14): every key cogworker expects of one type, checked in one
//! pipeline of TYPE; a key of another type is renamed to its quarantine name (atomically,
//! after a re-check), so that no process keeps failing on it, and kept 30 days for a human.
//! Only the five newest quarantined copies of a key are kept.

use redis::Value;

use super::find::glob_escape;
use super::ids::Jids;
use super::scripts::QUARANTINE;
use super::{KeyType, Name, Store, StoreResult, keys, value};

const COPIES_KEPT: usize = 5;

/// A key moved to quarantine.
#[derive(Debug, Clone, PartialEq)]
pub struct Quarantined {
    pub key: Name,
    pub found: String,
    pub expected: &'static str,
    pub renamed_to: Name,
}

/// The members of a listing set, or none when it is missing or itself of the wrong type
/// (it is quarantined this round and listed again on the next).
fn members(store: &mut Store, key: &str) -> StoreResult<Vec<Name>> {
    match store.members(key) {
        Ok(m) => Ok(m),
        Err(e) if e.is_connection() => Err(e),
        Err(_) => Ok(Vec::new()),
    }
}

/// The map of expected types (§14), for a process that reads `queues`.
pub fn expected(
    store: &mut Store,
    queues: &[impl AsRef<[u8]>],
) -> StoreResult<Vec<(Name, &'static str)>> {
    let mut out: Vec<(Name, &'static str)> = Vec::new();
    for k in [keys::SCHEDULE, keys::RETRY, keys::DEAD, keys::LIVE_QUEUES] {
        out.push((Name::from(k), "zset"));
    }
    for k in [
        keys::QUEUES,
        keys::PROCESSES,
        keys::PAUSED_QUEUES,
        keys::INPROGRESS_IDENTITIES,
        keys::PERIODIC_DISABLED,
    ] {
        out.push((Name::from(k), "set"));
    }
    for k in [keys::LAST_BEAT, keys::PERIODIC_SCHEDULE] {
        out.push((Name::from(k), "hash"));
    }
    for k in [keys::REPEAT_ORPHANS, keys::UNSETTLED] {
        out.push((Name::from(k), "list"));
    }
    for k in [keys::STATS_PROCESSED, keys::STATS_FAILED] {
        out.push((Name::from(k), "string"));
    }
    let mut names: Vec<Name> = queues.iter().map(|q| Name::from(q.as_ref())).collect();
    names.extend(members(store, keys::QUEUES)?);
    names.sort();
    names.dedup();
    out.extend(names.iter().map(|q| (keys::queue(q), "list")));
    for id in members(store, keys::INPROGRESS_IDENTITIES)? {
        out.push((keys::inprogress(&id), "list"));
    }
    for id in members(store, keys::PROCESSES)? {
        out.push((keys::process(&id), "hash"));
        out.push((keys::workers(&id), "hash"));
        out.push((keys::memory(&id), "zset"));
    }
    let pjids: Vec<Name> = match store.query(
        redis::cmd("HKEYS").arg(keys::PERIODIC_SCHEDULE),
        keys::PERIODIC_SCHEDULE,
        KeyType::Hash,
    ) {
        Ok(p) => p,
        Err(e) if e.is_connection() => return Err(e),
        Err(_) => Vec::new(),
    };
    for pjid in pjids {
        out.push((keys::periodic_running(&pjid), "string"));
        out.push((keys::periodic_last_slot(&pjid), "string"));
    }
    Ok(out)
}

/// One KeyGuard round: TYPE of every expected key in one pipeline, then QUARANTINE of each
/// one found of another type, then the trim of that key's older quarantined copies.
pub fn guard(
    store: &mut Store,
    queues: &[impl AsRef<[u8]>],
    now_ms: i64,
) -> StoreResult<Vec<Quarantined>> {
    let expected = expected(store, queues)?;
    let mut pipe = redis::pipe();
    for (key, _) in &expected {
        pipe.cmd("TYPE").arg(key);
    }
    let types = store.pipeline(&pipe)?;
    let mut moved = Vec::new();
    let mut jids = Jids::new();
    for ((key, want), found) in expected.iter().zip(types) {
        let found = match found {
            Ok(Value::SimpleString(s)) => s,
            Ok(other) => value::string(&other).unwrap_or_default(),
            Err(_) => continue,
        };
        if found == "none" || found == *want {
            continue;
        }
        let renamed_to = keys::quarantine(key, now_ms, &jids.jid()[..8]);
        let reply = store.eval(
            &QUARANTINE,
            &[key, &renamed_to],
            &[
                want.as_bytes(),
                keys::ttl::QUARANTINE.to_string().as_bytes(),
            ],
        )?;
        if value::int(&reply) == Some(1) {
            trim_copies(store, key)?;
            moved.push(Quarantined {
                key: key.clone(),
                found,
                expected: want,
                renamed_to,
            });
        }
    }
    Ok(moved)
}

/// Keep the newest five quarantined copies of `key`: names of exactly the shape
/// `cogworker:quarantine:<key>:<ms>:<8 hex>`, sorted by the millisecond number.
fn trim_copies(store: &mut Store, key: &Name) -> StoreResult<()> {
    let prefix = keys::quarantine_prefix(key);
    let mut pattern = glob_escape(&prefix);
    pattern.push(b'*');
    let mut copies: Vec<(i64, Name)> = Vec::new();
    store.scan_matching(&pattern, |batch| {
        for name in batch {
            if let Some(ms) = copy_ms(&name, &prefix) {
                copies.push((ms, name));
            }
        }
        true
    })?;
    if copies.len() <= COPIES_KEPT {
        return Ok(());
    }
    copies.sort();
    let old: Vec<&Name> = copies[..copies.len() - COPIES_KEPT]
        .iter()
        .map(|(_, n)| n)
        .collect();
    store.query_server::<()>(redis::cmd("DEL").arg(old))
}

/// The millisecond number of a quarantined copy's name, when it has exactly that shape.
fn copy_ms(name: &[u8], prefix: &[u8]) -> Option<i64> {
    let rest = std::str::from_utf8(name.strip_prefix(prefix)?).ok()?;
    let (ms, hex) = rest.split_once(':')?;
    let hex_ok = hex.len() == 8
        && hex
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if hex_ok && !ms.is_empty() && ms.bytes().all(|b| b.is_ascii_digit()) {
        ms.parse().ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_exact_copy_names_count() {
        let p = b"cogworker:quarantine:cogworker:retry:";
        assert_eq!(
            copy_ms(
                b"cogworker:quarantine:cogworker:retry:1700000000000:0a1b2c3d",
                p
            ),
            Some(1700000000000)
        );
        assert_eq!(
            copy_ms(
                b"cogworker:quarantine:cogworker:retry:x:1700000000000:0a1b2c3d",
                p
            ),
            None
        );
        assert_eq!(
            copy_ms(
                b"cogworker:quarantine:cogworker:retry:1700000000000:0A1B2C3D",
                p
            ),
            None
        );
        assert_eq!(
            copy_ms(
                b"cogworker:quarantine:cogworker:retry:1700000000000:0a1b2c",
                p
            ),
            None
        );
    }

    #[test]
    fn glob_characters_are_escaped() {
        assert_eq!(
            glob_escape("cogworker:queue:a*b[1]"),
            b"cogworker:queue:a\\*b\\[1\\]"
        );
    }
}
