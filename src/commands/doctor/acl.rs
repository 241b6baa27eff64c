//! What this connection's ACL user may do, probed with `ACL DRYRUN` (Redis 7.0+), which
//! answers whether a command would be allowed without running it: the commands cogctl's
//! views read with, the changes of an operator (retry, delete, enqueue, pause, reconcile) and
//! what a worker process sends, each on a key of the family it touches.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::json;

use crate::ops::doctor::{Finding, answered};
use crate::store::scripts::INPROGRESS_STATE;
use crate::store::{Store, StoreResult, keys, value};
use crate::text::{visible, visible_bytes};

const ID: &str = "acl.rights";

/// Stand-ins for the names in probed keys: an identity, a jid, a pjid, a queue.
const IDENTITY: &str = "doctor:0:000000000000";
const JID: &str = "000000000000000000000000";
const PJID: &str = "0000000000000000000000000000000000000000";
const QUEUE: &str = "default";

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Read,
    Operator,
    Worker,
}

impl Level {
    const ALL: [Level; 3] = [Level::Read, Level::Operator, Level::Worker];

    fn name(self) -> &'static str {
        match self {
            Level::Read => "read-only",
            Level::Operator => "operator",
            Level::Worker => "worker",
        }
    }

    fn what(self) -> &'static str {
        match self {
            Level::Read => "read what cogctl's views read",
            Level::Operator => "make cogctl's changes (retry, delete, enqueue, pause, reconcile)",
            Level::Worker => "run a worker process",
        }
    }
}

/// One command line to ask ACL DRYRUN about: its level and its words.
macro_rules! probe {
    ($level:expr; $($word:expr),+ $(,)?) => {
        ($level, vec![$(AsRef::<[u8]>::as_ref(&$word).to_vec()),+])
    };
}

fn probes() -> Vec<(Level, Vec<Vec<u8>>)> {
    use Level::{Operator, Read, Worker};
    let queue = keys::queue(QUEUE);
    let inprogress = keys::inprogress(IDENTITY);
    let process = keys::process(IDENTITY);
    let workers = keys::workers(IDENTITY);
    let memory = keys::memory(IDENTITY);
    let signal = keys::signal(IDENTITY);
    let attempts = keys::job_attempts(JID);
    let status = keys::status(JID);
    let unique = keys::unique(PJID);
    let running = keys::periodic_running(PJID);
    let last_slot = keys::periodic_last_slot(PJID);
    let lock = keys::periodic_lock(PJID, 0);
    let throughput = keys::throughput(0);
    let sha = INPROGRESS_STATE.sha();
    let (id, q) = (IDENTITY, QUEUE);
    vec![
        probe!(Read; "PING"),
        probe!(Read; "INFO"),
        probe!(Read; "TIME"),
        probe!(Read; "SCAN", "0"),
        probe!(Read; "TYPE", keys::QUEUES),
        probe!(Read; "SMEMBERS", keys::QUEUES),
        probe!(Read; "LLEN", queue),
        probe!(Read; "LRANGE", queue, "0", "0"),
        probe!(Read; "ZRANGE", keys::DEAD, "0", "0"),
        probe!(Read; "ZCOUNT", keys::RETRY, "-inf", "+inf"),
        probe!(Read; "HGETALL", process),
        probe!(Read; "HMGET", keys::LAST_BEAT, id),
        probe!(Read; "MGET", keys::STATS_PROCESSED, keys::STATS_FAILED),
        probe!(Read; "HGETALL", keys::PERIODIC_SCHEDULE),
        probe!(Read; "HGETALL", status),
        // cogctl's read-only scripts: EVALSHA, and EVAL when the server doesn't have them yet.
        probe!(Read; "EVALSHA", sha, "3", inprogress, process, keys::LAST_BEAT, id),
        probe!(Read; "EVAL", "return 1", "3", inprogress, process, keys::LAST_BEAT, id),
        probe!(Read; "XREVRANGE", keys::AUDIT, "+", "-", "COUNT", "1"),
        probe!(Operator; "EVALSHA", sha, "2", keys::RETRY, queue),
        probe!(Operator; "EVAL", "return 1", "2", keys::DEAD, queue),
        probe!(Operator; "LPUSH", queue, "x"),
        probe!(Operator; "SADD", keys::QUEUES, q),
        probe!(Operator; "SADD", keys::PAUSED_QUEUES, q),
        probe!(Operator; "SREM", keys::PAUSED_QUEUES, q),
        probe!(Operator; "ZADD", keys::DEAD, "0", "x"),
        probe!(Operator; "ZREM", keys::SCHEDULE, "x"),
        probe!(Operator; "LREM", queue, "1", "x"),
        probe!(Operator; "DEL", attempts),
        probe!(Operator; "SET", unique, JID, "NX", "EX", "1"),
        probe!(Operator; "INCR", keys::STATS_FAILED),
        probe!(Operator; "HINCRBY", throughput, "failed", "1"),
        probe!(Operator; "PUBLISH", signal, "quiet"),
        probe!(Operator; "XADD", keys::AUDIT, "*", "a", "b"),
        probe!(Worker; "BLMOVE", queue, inprogress, "RIGHT", "LEFT", "2"),
        probe!(Worker; "LMOVE", queue, inprogress, "RIGHT", "LEFT"),
        probe!(Worker; "BRPOP", queue, "2"),
        probe!(Worker; "SUBSCRIBE", signal),
        probe!(Worker; "HSET", process, "busy", "0"),
        probe!(Worker; "EXPIRE", process, "60"),
        probe!(Worker; "HSET", workers, "000000000000", "x"),
        probe!(Worker; "SADD", keys::PROCESSES, id),
        probe!(Worker; "SADD", keys::INPROGRESS_IDENTITIES, id),
        probe!(Worker; "HSET", keys::LAST_BEAT, id, "0"),
        probe!(Worker; "ZADD", keys::LIVE_QUEUES, "0", q),
        probe!(Worker; "ZREMRANGEBYSCORE", keys::LIVE_QUEUES, "-inf", "0"),
        probe!(Worker; "ZADD", memory, "0", "0:0"),
        probe!(Worker; "INCR", keys::STATS_PROCESSED),
        probe!(Worker; "HSET", keys::PERIODIC_SCHEDULE, PJID, "x"),
        probe!(Worker; "SET", running, JID, "NX", "EX", "1"),
        probe!(Worker; "SET", last_slot, "0"),
        probe!(Worker; "SET", lock, "1", "NX", "EX", "20"),
        probe!(Worker; "HSET", status, "status", "working"),
    ]
}

/// A command a level needs and the user may not run, and why.
struct Denied {
    level: Level,
    /// Its name as probed (`LPUSH`).
    command: String,
    /// The whole command line asked about, escaped.
    probe: String,
    reason: String,
}

/// The finding on this user's rights. `version` is the server's, when known: before 7.0
/// there is no ACL DRYRUN.
pub fn finding(store: &mut Store, version: Option<(u64, u64, u64)>) -> StoreResult<Finding> {
    if version.is_some_and(|v| v < (7, 0, 0)) {
        return Ok(Finding::ok(
            ID,
            "ACL rights not probed: Redis before 7.0 has no ACL DRYRUN",
        )
        .seen("the rest of this report shows what this user could read")
        .data(json!({ "probed": false })));
    }
    let user = match answered(store.query_server::<String>(redis::cmd("ACL").arg("WHOAMI")))? {
        Ok(user) => user,
        Err(e) => return Ok(not_probed(None, &format!("ACL WHOAMI was refused: {e}"))),
    };
    let probes = probes();
    let mut pipe = redis::pipe();
    for (_, words) in &probes {
        pipe.cmd("ACL").arg("DRYRUN").arg(&user).arg(words);
    }
    let replies = store.pipeline(&pipe)?;
    if let Some(Err(e)) = replies.first() {
        return Ok(not_probed(
            Some(&user),
            &format!("ACL DRYRUN was refused: {e}"),
        ));
    }
    let mut denied = Vec::new();
    for ((level, words), reply) in probes.iter().zip(&replies) {
        let reason = match reply {
            Ok(redis::Value::Okay) => continue,
            Ok(redis::Value::SimpleString(s)) if s == "OK" => continue,
            Ok(v) => value::string(v).unwrap_or_else(|| format!("{v:?}")),
            Err(e) => e.clone(),
        };
        denied.push(Denied {
            level: *level,
            command: String::from_utf8_lossy(&words[0]).into_owned(),
            probe: words
                .iter()
                .map(|w| visible_bytes(w).into_owned())
                .collect::<Vec<_>>()
                .join(" "),
            reason,
        });
    }
    let may = |level: Level| !denied.iter().any(|d| d.level == level);
    let role = Level::ALL
        .into_iter()
        .take_while(|&l| may(l))
        .last()
        .map_or("none", Level::name);
    let categories = categories(store, &probes)?;
    let missing: Vec<(Level, Vec<String>)> = Level::ALL
        .into_iter()
        .filter(|&l| !may(l))
        .map(|l| (l, missing_categories(l, &probes, &denied, &categories)))
        .collect();
    let lacks: Vec<String> = missing
        .iter()
        .map(|(l, cats)| lacking(*l, &denied, cats))
        .collect();
    let shown_user = visible(&user).into_owned();
    let data = json!({
        "probed": true,
        "user": user,
        "role": role,
        "read": may(Level::Read),
        "operator": may(Level::Operator),
        "worker": may(Level::Worker),
        "denied": denied.iter().map(|d| json!({
            "level": d.level.name(),
            "probe": d.probe,
            "reason": d.reason,
        })).collect::<Vec<_>>(),
        "missing_categories": missing
            .iter()
            .map(|(l, cats)| (l.name().to_string(), json!(cats)))
            .collect::<serde_json::Map<_, _>>(),
    });
    let title = format!("user {shown_user}: {role}");
    let seen = if lacks.is_empty() {
        "may read, make cogctl's changes and run a worker".to_string()
    } else {
        lacks.join("; ")
    };
    let finding = if may(Level::Read) {
        Finding::ok(ID, title)
    } else {
        let grant: BTreeSet<String> = denied
            .iter()
            .filter(|d| d.level == Level::Read && !names_a_key(&d.reason))
            .map(|d| format!("+{}", d.command.to_lowercase()))
            .collect();
        Finding::fail(ID, format!("user {shown_user} can't read everything cogctl reads"))
            .fix(format!(
                "ACL SETUSER {shown_user} {}~cogworker:* ~status:* ~periodic:* ~cogctl:* &cogworker:signal:*",
                grant.into_iter().map(|g| g + " ").collect::<String>()
            ))
    };
    Ok(finding.seen(seen).data(data))
}

fn not_probed(user: Option<&str>, why: &str) -> Finding {
    let title = match user {
        Some(u) => format!("user {}: rights not probed", visible(u)),
        None => "ACL rights not probed".to_string(),
    };
    Finding::warn(ID, title)
        .seen(format!(
            "{why}; the rest of this report shows what this user could read"
        ))
        .fix("allow this user ACL WHOAMI and ACL DRYRUN (ACL SETUSER … +acl|whoami +acl|dryrun) to have them probed")
        .data(json!({ "probed": false, "user": user, "error": why }))
}

/// A DRYRUN refusal for a key or a channel, not for the command itself.
fn names_a_key(reason: &str) -> bool {
    reason.contains(" key") || reason.contains(" channel")
}

/// "to run a worker process it lacks @write @blocking (BLMOVE, HSET …)": the commands a level
/// needs that the user may not run, the categories it has none of, the keys or channels it
/// may not touch.
fn lacking(level: Level, denied: &[Denied], categories: &[String]) -> String {
    let mut commands = BTreeSet::new();
    let mut names = BTreeSet::new();
    for d in denied.iter().filter(|d| d.level == level) {
        if names_a_key(&d.reason) {
            if let Some(name) = d.reason.split('\'').nth(1) {
                names.insert(visible(name).into_owned());
            }
        } else {
            commands.insert(d.command.as_str());
        }
    }
    let mut parts = Vec::new();
    if !commands.is_empty() {
        let list = commands.into_iter().collect::<Vec<_>>().join(", ");
        parts.push(if categories.is_empty() {
            list
        } else {
            format!("{} ({list})", categories.join(" "))
        });
    }
    if !names.is_empty() {
        parts.push(format!(
            "access to {}",
            names.into_iter().collect::<Vec<_>>().join(", ")
        ));
    }
    format!("to {} it lacks {}", level.what(), parts.join("; and "))
}

/// The categories of a level's refused commands that none of the allowed probes belongs to:
/// what this user was given none of (@write, @blocking …), not the data types it may read.
fn missing_categories(
    level: Level,
    probes: &[(Level, Vec<Vec<u8>>)],
    denied: &[Denied],
    categories: &BTreeMap<String, Vec<String>>,
) -> Vec<String> {
    let of = |command: &str| {
        categories
            .get(&command.to_lowercase())
            .into_iter()
            .flatten()
    };
    let refused: BTreeSet<String> = denied.iter().map(|d| d.command.to_lowercase()).collect();
    let held: BTreeSet<&String> = probes
        .iter()
        .map(|(_, words)| String::from_utf8_lossy(&words[0]).to_lowercase())
        .filter(|c| !refused.contains(c))
        .flat_map(|c| categories.get(&c).into_iter().flatten())
        .collect();
    denied
        .iter()
        .filter(|d| d.level == level && !names_a_key(&d.reason))
        .flat_map(|d| of(&d.command))
        .filter(|c| !held.contains(c))
        .cloned()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// The ACL categories of every probed command (`COMMAND INFO`, lowercase name → categories),
/// but the speed ones (@fast, @slow); empty when COMMAND INFO is refused too.
fn categories(
    store: &mut Store,
    probes: &[(Level, Vec<Vec<u8>>)],
) -> StoreResult<BTreeMap<String, Vec<String>>> {
    let names: BTreeSet<String> = probes
        .iter()
        .map(|(_, words)| String::from_utf8_lossy(&words[0]).to_lowercase())
        .collect();
    let names: Vec<String> = names.into_iter().collect();
    let reply = answered(
        store.query_server::<redis::Value>(redis::cmd("COMMAND").arg("INFO").arg(&names)),
    )?;
    let Ok(reply) = reply else {
        return Ok(BTreeMap::new());
    };
    Ok(names
        .into_iter()
        .zip(value::items(&reply))
        .map(|(name, info)| {
            let cats = value::items(info)
                .get(6)
                .map(|c| {
                    value::items(c)
                        .iter()
                        .filter_map(value::string)
                        .filter(|c| c != "@fast" && c != "@slow")
                        .collect()
                })
                .unwrap_or_default();
            (name, cats)
        })
        .collect())
}
