//! Whether this database holds anything of cogworker's at all: a wrong `?db=` or URL reads as
//! an idle, healthy cogworker (nothing dead, nothing late), so `check` and `doctor` must say
//! when nothing is there.

use super::{Store, StoreResult, keys};

/// How many keys the fallback `SCAN` examines at most before it gives up looking (and takes
/// the database for one that may hold cogworker's keys).
const SCAN_CAP: u64 = 100_000;

/// False when no key of cogworker's exists here: none of the keys every cogworker database
/// has once a job was pushed or a process beat, and none named `cogworker:*` in a bounded
/// `SCAN`. A walk cut short by its cap says true: only a database seen whole is called empty.
pub fn has_cogworker_keys(store: &mut Store) -> StoreResult<bool> {
    let found: u64 = store.query_server(
        redis::cmd("EXISTS")
            .arg(keys::QUEUES)
            .arg(keys::PROCESSES)
            .arg(keys::STATS_PROCESSED)
            .arg(keys::STATS_FAILED)
            .arg(keys::SCHEDULE)
            .arg(keys::RETRY)
            .arg(keys::DEAD)
            .arg(keys::PAUSED_QUEUES),
    )?;
    if found > 0 {
        return Ok(true);
    }
    // The gem's periodic schedule, outside its prefix: a user kept to `cogworker:*` by an ACL
    // may not ask (then only the walk below can tell).
    let periodic = store.query_server::<u64>(
        redis::cmd("EXISTS")
            .arg(keys::PERIODIC_SCHEDULE)
            .arg(keys::PERIODIC_DISABLED),
    );
    match periodic {
        Ok(n) if n > 0 => return Ok(true),
        Err(e) if e.is_connection() => return Err(e),
        _ => {}
    }
    // One walk for the gem's three families: `cogworker:*`, and its two unprefixed ones,
    // `periodic:*` and `status:<jid>` (KEYS.md §1.1).
    let mut cursor: u64 = 0;
    let mut examined: u64 = 0;
    loop {
        let (next, batch): (u64, Vec<Vec<u8>>) =
            store.query_server(redis::cmd("SCAN").arg(cursor).arg("COUNT").arg(1000))?;
        let prefix = keys::COGWORKER_PATTERN.trim_end_matches('*').as_bytes();
        if batch.iter().any(|k| {
            k.starts_with(prefix) || k.starts_with(b"periodic:") || k.starts_with(b"status:")
        }) {
            return Ok(true);
        }
        examined += 1000;
        if next == 0 {
            return Ok(false);
        }
        if examined >= SCAN_CAP {
            return Ok(true);
        }
        cursor = next;
    }
}
