//! What a key held when a filtered view came out empty (render/empty.rs says why). Read from
//! counts (ZCARD, LLEN) and the newest and oldest entries' scores by rank, in one round
//! trip: never a second scan of what may be a million entries.

use crate::store::{Store, StoreResult, value};

/// What a key held when the view found nothing in it.
#[derive(Debug, Default)]
pub struct Held {
    pub total: u64,
    /// The highest and lowest scores (a sorted set's newest and oldest entry).
    pub newest: Option<f64>,
    pub oldest: Option<f64>,
}

/// How one kind of entry is named: `dead entries`, and its time (`died`).
pub struct Noun {
    pub many: &'static str,
    /// The time an entry's score is, as a verb phrase: `died`, `is due`, `finished`.
    pub verb: &'static str,
}

/// A sorted set's size and its newest and oldest scores: ZCARD and two ZRANGE by rank.
pub fn zset(store: &mut Store, key: impl redis::ToRedisArgs + Copy) -> StoreResult<Held> {
    let mut pipe = redis::pipe();
    pipe.cmd("ZCARD").arg(key);
    pipe.cmd("ZRANGE")
        .arg(key)
        .arg(-1)
        .arg(-1)
        .arg("WITHSCORES");
    pipe.cmd("ZRANGE").arg(key).arg(0).arg(0).arg("WITHSCORES");
    let replies = store.pipeline(&pipe)?;
    let score = |i: usize| -> Option<f64> {
        let reply = replies.get(i)?.as_ref().ok()?;
        match reply {
            redis::Value::Array(items) => {
                value::bytes(items.get(1)?).and_then(|b| std::str::from_utf8(b).ok()?.parse().ok())
            }
            _ => None,
        }
    };
    Ok(Held {
        total: replies
            .first()
            .and_then(|r| r.as_ref().ok())
            .and_then(value::int)
            .unwrap_or(0)
            .max(0) as u64,
        newest: score(1),
        oldest: score(2),
    })
}

/// A list's length (LLEN): its entries carry no score to say more with.
pub fn list(store: &mut Store, key: impl redis::ToRedisArgs) -> StoreResult<Held> {
    let mut pipe = redis::pipe();
    pipe.cmd("LLEN").arg(key);
    let total = store
        .pipeline(&pipe)?
        .first()
        .and_then(|r| r.as_ref().ok())
        .and_then(value::int)
        .unwrap_or(0)
        .max(0) as u64;
    Ok(Held {
        total,
        ..Held::default()
    })
}
