//! Reliable fetch (OPERATIONS §4.2–§4.5): the oldest job of the first non-empty queue,
//! moved atomically onto this process's in-progress list, the queues tried in a weighted
//! random order, paused queues skipped.

use std::time::Duration;

use redis::Value;

use super::state::Shared;
use crate::store::ids::Jids;
use crate::store::scripts::FETCH;
use crate::store::{KeyType, Name, Store, StoreResult, keys, value};

const BLOCK_SECS: u64 = 2;
/// With --burst a blocked fetch holds up the exit, so it blocks less.
const BURST_BLOCK_SECS: f64 = 0.1;
const EMPTY_POLL: f64 = 0.25;
const IDLE_MAX: f64 = 1.0;

/// One processor thread's fetcher and its empty-poll backoff.
pub struct Fetcher {
    idle: Option<f64>,
    random: Jids,
}

impl Default for Fetcher {
    fn default() -> Fetcher {
        Fetcher::new()
    }
}

impl Fetcher {
    pub fn new() -> Fetcher {
        Fetcher {
            idle: None,
            random: Jids::new(),
        }
    }

    /// The queues to try, in the gem's order (§4.2 step 4): the weighted list (a name
    /// repeated once per unit of weight) shuffled, then its first occurrences.
    pub fn order(&mut self, names: &mut [&str]) -> Vec<String> {
        for i in (1..names.len()).rev() {
            let j = self.random.below(i as u64 + 1) as usize;
            names.swap(i, j);
        }
        let mut order: Vec<String> = Vec::with_capacity(names.len());
        for q in names.iter() {
            if !order.iter().any(|o| o == q) {
                order.push(q.to_string());
            }
        }
        order
    }

    /// A job was found by another way (ACK_FETCH): the empty-poll backoff starts over.
    pub fn found(&mut self) {
        self.idle = None;
    }

    /// The next job as (queue name, raw bytes), or `None` after waiting a while for one.
    pub fn next(
        &mut self,
        shared: &Shared,
        store: &mut Store,
    ) -> StoreResult<Option<(String, Vec<u8>)>> {
        let paused = store.members(keys::PAUSED_QUEUES)?;
        let mut active: Vec<&str> = shared
            .settings
            .queues
            .iter()
            .map(String::as_str)
            .filter(|q| !paused.iter().any(|p| p == q))
            .collect();
        if active.is_empty() {
            shared.nap(Duration::from_secs(BLOCK_SECS));
            return Ok(None);
        }
        let list = keys::inprogress(&shared.settings.identity);
        let mut distinct = active.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() == 1 {
            let queue = distinct[0];
            let key = keys::queue(queue);
            let raw: Option<Vec<u8>> = store.query(
                redis::cmd("BLMOVE")
                    .arg(&key)
                    .arg(&list)
                    .arg("RIGHT")
                    .arg("LEFT")
                    .arg(if shared.settings.burst {
                        BURST_BLOCK_SECS
                    } else {
                        BLOCK_SECS as f64
                    }),
                &key,
                KeyType::List,
            )?;
            return Ok(raw.map(|raw| (queue.to_string(), raw)));
        }
        let mut order: Vec<Name> = self
            .order(&mut active)
            .into_iter()
            .map(|q| keys::queue(&q))
            .collect();
        order.push(list);
        let key_refs: Vec<&[u8]> = order.iter().map(Name::as_bytes).collect();
        let reply = store.eval(&FETCH, &key_refs, &[])?;
        match reply {
            Value::Array(items) if items.len() == 2 => {
                self.idle = None;
                let key = value::string(&items[0]).unwrap_or_default();
                let queue = key
                    .strip_prefix(keys::queue_prefix())
                    .unwrap_or(&key)
                    .to_string();
                let raw = value::bytes(&items[1])
                    .map(<[u8]>::to_vec)
                    .unwrap_or_default();
                Ok(Some((queue, raw)))
            }
            _ => {
                let interval = match self.idle {
                    None => EMPTY_POLL.min(IDLE_MAX),
                    Some(i) => (i * 2.0).min(IDLE_MAX),
                };
                self.idle = Some(interval);
                let jitter = 0.75 + self.random.below(1000) as f64 / 4000.0;
                shared.nap(Duration::from_secs_f64(interval * jitter));
                Ok(None)
            }
        }
    }
}
