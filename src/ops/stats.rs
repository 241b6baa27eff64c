//! The counters and set sizes every overview reads (`stats`, `metrics`, `top`).

use crate::ops::Problem;
use crate::store::{KeyType, Reply, keys, value};

/// The counters and set sizes every overview reads (`stats`, `metrics`, `top`), from the
/// same seven commands at the head of its pipeline.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    /// As stored (all the digits of one beyond 64 bits; a value that isn't an integer as the
    /// gem reads it, with a problem naming it).
    pub processed: Option<serde_json::Number>,
    pub failed: Option<serde_json::Number>,
    pub scheduled: Option<u64>,
    pub retry: Option<u64>,
    pub dead: Option<u64>,
    pub unsettled: Option<u64>,
    pub repeat_orphans: Option<u64>,
}

impl Totals {
    /// How many commands [`Totals::queue`] adds.
    pub const COMMANDS: usize = 7;

    /// Add the reads to `pipe`; their replies are the next [`Totals::COMMANDS`].
    pub fn queue(pipe: &mut redis::Pipeline) {
        pipe.cmd("GET").arg(keys::STATS_PROCESSED);
        pipe.cmd("GET").arg(keys::STATS_FAILED);
        pipe.cmd("ZCARD").arg(keys::SCHEDULE);
        pipe.cmd("ZCARD").arg(keys::RETRY);
        pipe.cmd("ZCARD").arg(keys::DEAD);
        pipe.cmd("LLEN").arg(keys::UNSETTLED);
        pipe.cmd("LLEN").arg(keys::REPEAT_ORPHANS);
    }

    /// From the replies of the reads [`Totals::queue`] added; a key that can't be read is a
    /// problem and its figure null.
    pub fn from_replies(replies: &[Reply], problems: &mut Vec<Problem>) -> Totals {
        let mut counter = |i: usize, key: &str| match &replies[i] {
            Ok(v) => {
                let c = value::counter(v);
                if let Some(error) = c.problem() {
                    problems.push(Problem {
                        key: key.into(),
                        error: format!(
                            "{error}; Redis can't increment it, so every process's count of it fails"
                        ),
                    });
                }
                Some(c.number())
            }
            Err(e) => {
                problems.push(Problem::wrong(key, KeyType::String, e));
                None
            }
        };
        let processed = counter(0, keys::STATS_PROCESSED);
        let failed = counter(1, keys::STATS_FAILED);
        let mut size = |i: usize, key: &str, kind: KeyType| match &replies[i] {
            Ok(v) => Some(value::int(v).unwrap_or(0).max(0) as u64),
            Err(e) => {
                problems.push(Problem::wrong(key, kind, e));
                None
            }
        };
        Totals {
            processed,
            failed,
            scheduled: size(2, keys::SCHEDULE, KeyType::Zset),
            retry: size(3, keys::RETRY, KeyType::Zset),
            dead: size(4, keys::DEAD, KeyType::Zset),
            unsettled: size(5, keys::UNSETTLED, KeyType::List),
            repeat_orphans: size(6, keys::REPEAT_ORPHANS, KeyType::List),
        }
    }
}
