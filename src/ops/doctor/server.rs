//! The Redis under cogworker: version, role, loading, eviction, memory, persistence,
//! round-trip latency, the slow log, clients, output buffer limits, and whether CONFIG GET
//! answers at all (managed services often rename it; INFO stands in where it can).

use std::collections::BTreeMap;
use std::time::Instant;

use serde_json::json;

use super::{Finding, Severity, answered};
use crate::duration::span;
use crate::store::{Store, StoreResult, server, value};
use crate::text::size::{bytes, count, counted};
use crate::text::visible_bytes;

/// PINGs timed for the round trip.
const PINGS: usize = 5;
/// Median round trip that warns / fails, milliseconds.
const LATENCY_WARN_MS: f64 = 10.0;
const LATENCY_FAIL_MS: f64 = 100.0;
/// Share of maxmemory / maxclients used that warns / fails.
const USED_WARN: f64 = 0.80;
const USED_FAIL: f64 = 0.95;
/// Slow log entries read (the newest), and how far back they count.
const SLOWLOG_READ: usize = 128;
const SLOWLOG_WINDOW: i64 = 3600;
/// A slow log entry this long (microseconds) held every client, workers included, that
/// long: it warns.
const SLOW_WARN_US: i64 = 50_000;
/// Slow log entries named in the finding.
const SLOW_SHOWN: usize = 5;
/// An output buffer limit below this can cut a page read short: cogctl reads lists 1,000
/// entries at a time, and the gem's payloads reach ~110 KB (an unparseable wrapper's
/// raw_payload of 100,000 characters and its error message).
const OUTPUT_LIMIT_MIN: i64 = 128 * 1024 * 1024;

/// The settings CONFIG GET is asked for, in one pipeline.
const CONFIG: [&str; 7] = [
    "maxmemory-policy",
    "maxmemory",
    "save",
    "appendonly",
    "appendfsync",
    "maxclients",
    "client-output-buffer-limit",
];

/// One slow log entry.
pub struct Slow {
    pub id: i64,
    pub time: i64,
    pub micros: i64,
    pub args: Vec<Vec<u8>>,
}

/// What the server said about itself; each part is the reply or why it was refused.
pub struct Facts {
    pub info: Result<BTreeMap<String, String>, String>,
    pub config: Result<BTreeMap<String, String>, String>,
    /// Redis' `TIME`, whole seconds.
    pub time: Result<i64, String>,
    /// Round trips of PING, milliseconds.
    pub pings: Result<Vec<f64>, String>,
    pub slowlog: Result<Vec<Slow>, String>,
}

impl Facts {
    fn field(&self, name: &str) -> Option<&str> {
        self.info.as_ref().ok()?.get(name).map(String::as_str)
    }

    fn number(&self, name: &str) -> Option<i64> {
        self.field(name)?.parse().ok()
    }

    fn setting(&self, name: &str) -> Option<&str> {
        self.config.as_ref().ok()?.get(name).map(String::as_str)
    }

    /// When the server started, by its own clock (`TIME` less `uptime_in_seconds`).
    pub fn started_at(&self) -> Option<f64> {
        let now = *self.time.as_ref().ok()?;
        Some((now - self.number("uptime_in_seconds")?) as f64)
    }

    /// The server's version as three numbers, when INFO gave one that reads so.
    pub fn version(&self) -> Option<(u64, u64, u64)> {
        server::version(self.field("redis_version")?)
    }

    /// Why INFO could not be read, as a finding's `seen`.
    fn no_info(&self) -> String {
        match &self.info {
            Err(e) => format!("INFO was refused: {e}"),
            Ok(_) => "INFO did not say".into(),
        }
    }

    fn no_config(&self) -> String {
        match &self.config {
            Err(e) => format!("CONFIG GET was refused: {e}"),
            Ok(_) => "CONFIG GET did not say".into(),
        }
    }
}

/// Read everything the server findings need: INFO, CONFIG GET, TIME, PINGs, the slow log.
pub fn read(store: &mut Store) -> StoreResult<Facts> {
    let info = answered(store.info_sections(&[
        "server",
        "clients",
        "memory",
        "persistence",
        "stats",
        "replication",
    ]))?;
    let mut pipe = redis::pipe();
    for name in CONFIG {
        pipe.cmd("CONFIG").arg("GET").arg(name);
    }
    let config = match store
        .pipeline(&pipe)?
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(replies) => Ok(replies
            .iter()
            .flat_map(value::pairs)
            .map(|(k, v)| {
                (
                    String::from_utf8_lossy(&k).into_owned(),
                    String::from_utf8_lossy(&v).into_owned(),
                )
            })
            .collect()),
        Err(e) => Err(e),
    };
    let time = answered(store.time())?;
    let mut pings = Vec::with_capacity(PINGS);
    let mut ping_error = None;
    for _ in 0..PINGS {
        let started = Instant::now();
        match answered(store.query_server::<()>(&redis::cmd("PING")))? {
            Ok(()) => pings.push(started.elapsed().as_secs_f64() * 1000.0),
            Err(e) => {
                ping_error = Some(e);
                break;
            }
        }
    }
    let pings = match ping_error {
        Some(e) => Err(e),
        None => Ok(pings),
    };
    let slowlog = answered(
        store.query_server::<redis::Value>(redis::cmd("SLOWLOG").arg("GET").arg(SLOWLOG_READ)),
    )?
    .map(|v| value::items(&v).iter().filter_map(slow_entry).collect());
    Ok(Facts {
        info,
        config,
        time,
        pings,
        slowlog,
    })
}

/// `[id, time, micros, [args…], client, name]` (the last two since Redis 4).
fn slow_entry(v: &redis::Value) -> Option<Slow> {
    let items = value::items(v);
    Some(Slow {
        id: value::int(items.first()?)?,
        time: value::int(items.get(1)?)?,
        micros: value::int(items.get(2)?)?,
        args: value::items(items.get(3)?)
            .iter()
            .filter_map(|a| value::bytes(a).map(<[u8]>::to_vec))
            .collect(),
    })
}

/// The finding for a server that refused the connection's first command (PING) because it
/// can't serve now, if doctor has one for that reason: loading, refusing writes after a
/// failed snapshot (MISCONF, which refuses PING too), a replica cut off from its primary.
pub fn unavailable(reason: &str) -> Option<Finding> {
    if reason.starts_with("LOADING") {
        Some(
            Finding::fail("redis.loading", "Redis is loading its data set")
                .seen(format!(
                    "it answered {reason:?}: until it has loaded, every command but a few \
                     (INFO …) is refused, workers included; nothing else could be checked"
                ))
                .fix("wait for the load to finish (INFO persistence: loading_eta_seconds), then run doctor again")
                .data(json!({ "loading": true, "reply": reason })),
        )
    } else if reason.starts_with("MISCONF") {
        Some(
            Finding::fail(
                "redis.persistence",
                "Redis refuses writes: its last RDB snapshot failed",
            )
            .seen(format!(
                "it answered {reason:?} even to PING: workers can't fetch or finish jobs; \
                 nothing else could be checked"
            ))
            .fix("read the Redis log for the cause (disk full, permissions), fix it, then BGSAVE; writes resume once a snapshot succeeds")
            .data(json!({ "misconf": true, "reply": reason })),
        )
    } else if reason.starts_with("MASTERDOWN") {
        Some(
            Finding::fail(
                "redis.role",
                "this is a replica that lost its primary and serves no stale data",
            )
            .seen(format!(
                "it answered {reason:?}; nothing else could be checked"
            ))
            .fix("point workers and cogctl at the primary (--redis-url, or --sentinel and --sentinel-master to follow failovers)")
            .data(json!({ "role": "slave", "reply": reason })),
        )
    } else {
        None
    }
}

/// Every server finding, in the order of the docs' table.
pub fn findings(f: &Facts) -> Vec<Finding> {
    vec![
        version(f),
        role(f),
        loading(f),
        config(f),
        eviction(f),
        memory(f),
        persistence(f),
        latency(f),
        slowlog(f),
        clients(f),
        output_buffers(f),
    ]
}

fn version(f: &Facts) -> Finding {
    const ID: &str = "redis.version";
    let Some(text) = f.field("redis_version") else {
        return Finding::unchecked(ID, "Redis version", f.no_info());
    };
    let identity = server::identity(|name| f.field(name));
    let shown = identity
        .as_ref()
        .map_or_else(|| format!("Redis {text}"), ToString::to_string);
    let data = match &identity {
        Some(id) => {
            json!({ "version": text, "server": id.product.key(), "server_version": id.version })
        }
        None => json!({ "version": text }),
    };
    let upgrade = "upgrade Redis to 6.2 or later (7.0 or later lets doctor probe ACL rights)";
    match server::version(text) {
        Some(v) if v >= (6, 2, 0) => {
            let mut seen = String::from("reliable fetch (LMOVE, BLMOVE) and LPOS are there");
            if v < (7, 0, 0) {
                seen.push_str("; ACL DRYRUN (7.0) is not, so this user's rights can't be probed");
            }
            Finding::ok(ID, shown).seen(seen).data(data)
        }
        Some(v) if v >= (6, 0, 6) => Finding::warn(
            ID,
            format!("Redis {text} is older than 6.2: workers fall back to basic fetch"),
        )
        .seen("without LMOVE/BLMOVE there are no in-progress lists: the jobs a crashed worker had taken are lost")
        .fix(upgrade)
        .data(data),
        Some(_) => Finding::fail(
            ID,
            format!("Redis {text} is older than 6.0.6: the gem's scripts need LPOS"),
        )
        .seen("acknowledging and requeueing jobs fail on this server")
        .fix(upgrade)
        .data(data),
        None => Finding::ok(ID, shown)
            .seen("its version doesn't read as numbers; assumed recent enough")
            .data(data),
    }
}

fn role(f: &Facts) -> Finding {
    const ID: &str = "redis.role";
    let (Some(role), Some(mode)) = (f.field("role"), server::mode(|name| f.field(name))) else {
        return Finding::unchecked(ID, "replication role", f.no_info());
    };
    let replicas = f.number("connected_slaves").unwrap_or(0);
    if mode == "cluster" {
        return Finding::fail(ID, "Redis Cluster: cogworker does not support it")
            .seen("the gem's scripts touch keys they don't declare, which a cluster refuses")
            .fix("run cogworker on a standalone Redis (with replicas and Sentinel for failover)")
            .data(json!({ "role": role, "mode": mode }));
    }
    if server::is_primary_role(role) {
        return Finding::ok(
            ID,
            format!(
                "primary, {} connected",
                counted(replicas.max(0) as u64, "replica", "replicas")
            ),
        )
        .data(json!({ "role": role, "mode": mode, "replicas": replicas }));
    }
    let primary = format!(
        "{}:{}",
        f.field("master_host").unwrap_or("?"),
        f.field("master_port").unwrap_or("?")
    );
    let link = f.field("master_link_status").unwrap_or("unknown");
    Finding::fail(ID, format!("this is a replica (of {primary})"))
        .seen(format!(
            "link to its primary: {link}; a replica refuses writes (READONLY), so workers can't \
             fetch and cogctl can't change anything here, and what it shows may lag the primary"
        ))
        .fix("point workers and cogctl at the primary (--redis-url, or --sentinel and --sentinel-master to follow failovers)")
        .data(json!({ "role": role, "mode": mode, "primary": primary, "link": link }))
}

fn loading(f: &Facts) -> Finding {
    const ID: &str = "redis.loading";
    let Some(flag) = f.field("loading") else {
        return Finding::unchecked(ID, "loading", f.no_info());
    };
    let asynchronous = f.field("async_loading") == Some("1");
    if flag == "1" || asynchronous {
        return Finding::fail(ID, "Redis is loading its data set")
            .seen(format!(
                "{}% loaded, about {} left; until then commands are refused (LOADING)",
                f.field("loading_loaded_perc").unwrap_or("?"),
                f.number("loading_eta_seconds")
                    .map_or("?".into(), |s| span(s as f64))
            ))
            .fix("wait for the load to finish, then run doctor again")
            .data(json!({ "loading": true, "async": asynchronous }));
    }
    Finding::ok(ID, "not loading").data(json!({ "loading": false }))
}

fn config(f: &Facts) -> Finding {
    const ID: &str = "redis.config";
    match &f.config {
        Ok(_) => Finding::ok(ID, "CONFIG GET answers").data(json!({ "readable": true })),
        Err(e) => Finding::warn(ID, "CONFIG GET is refused or renamed")
            .seen(format!(
                "{e}; eviction, memory and clients are read from INFO instead, persistence's \
                 save rules and the output buffer limits can't be checked"
            ))
            .fix("allow this user CONFIG GET (ACL SETUSER … +config|get), or check those settings in your Redis provider's console")
            .data(json!({ "readable": false, "error": e })),
    }
}

fn eviction(f: &Facts) -> Finding {
    const ID: &str = "redis.eviction";
    let policy = f
        .field("maxmemory_policy")
        .or_else(|| f.setting("maxmemory-policy"));
    let max = f
        .number("maxmemory")
        .or_else(|| f.setting("maxmemory")?.parse().ok());
    let (Some(policy), Some(max)) = (policy, max) else {
        return Finding::unchecked(ID, "eviction policy", f.no_info());
    };
    let data = json!({ "policy": policy, "maxmemory": max });
    if max == 0 {
        return Finding::ok(ID, "no maxmemory: Redis evicts nothing")
            .seen(format!(
                "maxmemory-policy {policy} would apply once a maxmemory is set"
            ))
            .data(data);
    }
    if policy == "noeviction" {
        return Finding::ok(ID, "maxmemory-policy noeviction")
            .seen(format!(
                "at maxmemory ({}) writes fail with OOM instead of keys vanishing",
                bytes(max)
            ))
            .data(data);
    }
    let victims = if policy.starts_with("volatile") {
        "keys with a TTL: presence keys of live processes (their jobs are then requeued while \
         they run), locks, status hashes"
    } else {
        "any key: queues, the retry and dead sets, in-progress lists (jobs vanish)"
    };
    Finding::fail(
        ID,
        format!("maxmemory-policy {policy}: Redis can evict cogworker's keys"),
    )
    .seen(format!(
        "maxmemory {}; under memory pressure Redis deletes {victims}",
        bytes(max)
    ))
    .fix("CONFIG SET maxmemory-policy noeviction, and maxmemory-policy noeviction in redis.conf (or your provider's parameter group) so it survives a restart")
    .data(data)
}

fn memory(f: &Facts) -> Finding {
    const ID: &str = "redis.memory";
    let (Some(used), Some(max)) = (f.number("used_memory"), f.number("maxmemory")) else {
        return Finding::unchecked(ID, "memory", f.no_info());
    };
    if max == 0 {
        return Finding::ok(ID, format!("{} used, no maxmemory", bytes(used)))
            .data(json!({ "used_memory": used, "maxmemory": 0 }));
    }
    let share = used as f64 / max as f64;
    let data = json!({ "used_memory": used, "maxmemory": max, "used_share": round3(share) });
    let title = format!(
        "{} of maxmemory used ({} of {})",
        percent(share),
        bytes(used),
        bytes(max)
    );
    graded(
        Finding::new(ID, Severity::Ok, title).data(data),
        share,
        (USED_WARN, USED_FAIL),
        "at maxmemory, writes fail (noeviction) or keys are evicted",
        "raise maxmemory (CONFIG SET maxmemory, and redis.conf), or free memory: the dead set is \
         never trimmed (cogctl dead triage, cogctl dead delete), and history keeps 50,000 runs \
         per list",
    )
}

/// `finding` as it is below `warn_at`; from there a warning, from `fail_at` a failure, with
/// what was seen and the fix.
fn graded(
    finding: Finding,
    value: f64,
    (warn_at, fail_at): (f64, f64),
    seen: &str,
    fix: &str,
) -> Finding {
    let severity = if value >= fail_at {
        Severity::Fail
    } else if value >= warn_at {
        Severity::Warn
    } else {
        return finding;
    };
    Finding {
        severity,
        ..finding
    }
    .seen(seen)
    .fix(fix)
}

fn persistence(f: &Facts) -> Finding {
    const ID: &str = "redis.persistence";
    let Some(aof) = f.field("aof_enabled") else {
        return Finding::unchecked(ID, "persistence", f.no_info());
    };
    let aof = aof == "1";
    let save = f.setting("save").map(str::trim);
    let data = json!({
        "aof": aof,
        "appendfsync": f.setting("appendfsync"),
        "save": save,
        "rdb_last_bgsave_status": f.field("rdb_last_bgsave_status"),
        "aof_last_write_status": f.field("aof_last_write_status"),
    });
    let failed: Vec<&str> = [
        ("rdb_last_bgsave_status", "the last RDB snapshot"),
        ("aof_last_write_status", "the last AOF write"),
    ]
    .into_iter()
    .filter(|(field, _)| f.field(field).is_some_and(|s| s != "ok"))
    .map(|(_, what)| what)
    .collect();
    if !failed.is_empty() {
        return Finding::fail(ID, format!("{} failed", failed.join(" and ")))
            .seen(
                "Redis may refuse every write until a save succeeds (stop-writes-on-bgsave-error)",
            )
            .fix("read the Redis log for the cause (disk full, permissions), fix it, then BGSAVE")
            .data(data);
    }
    if aof {
        return Finding::ok(
            ID,
            format!(
                "AOF on (appendfsync {})",
                f.setting("appendfsync").unwrap_or("?")
            ),
        )
        .data(data);
    }
    match save {
        Some(rules) if !rules.is_empty() => Finding::ok(ID, format!("RDB snapshots (save {rules}), no AOF"))
            .seen("a crash loses the writes since the last snapshot")
            .data(data),
        Some(_) => Finding::warn(ID, "no persistence: no RDB snapshots and no AOF")
            .seen("a restart of Redis empties it: every queued, scheduled, retrying and dead job is lost")
            .fix("CONFIG SET appendonly yes, and appendonly yes in redis.conf (or save rules, e.g. save 60 1000); on a managed Redis, turn its persistence on")
            .data(data),
        None => Finding::unchecked(
            ID,
            "RDB snapshots",
            format!("AOF is off, and the save rules are unknown: {}", f.no_config()),
        )
        .data(data),
    }
}

fn latency(f: &Facts) -> Finding {
    const ID: &str = "redis.latency";
    let pings = match &f.pings {
        Ok(p) if !p.is_empty() => p,
        Ok(_) => return Finding::unchecked(ID, "round-trip latency", "no PING answered"),
        Err(e) => {
            return Finding::unchecked(ID, "round-trip latency", format!("PING was refused: {e}"));
        }
    };
    let mut sorted = pings.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    let max = sorted[sorted.len() - 1];
    let data = json!({
        "pings": pings.len(),
        "median_ms": round3(median),
        "max_ms": round3(max),
    });
    let title = format!(
        "round trip {median:.2} ms (median of {} PINGs, max {max:.2} ms)",
        pings.len()
    );
    graded(
        Finding::new(ID, Severity::Ok, title).data(data),
        median,
        (LATENCY_WARN_MS, LATENCY_FAIL_MS),
        "every job costs the gem several round trips (fetch, ack, counters): they add up",
        "run workers close to Redis (same region / zone), check the network and Redis' CPU (LATENCY DOCTOR)",
    )
}

fn slowlog(f: &Facts) -> Finding {
    const ID: &str = "redis.slowlog";
    let entries = match &f.slowlog {
        Ok(e) => e,
        Err(e) => {
            return Finding::unchecked(ID, "slow log", format!("SLOWLOG GET was refused: {e}"));
        }
    };
    let now = match &f.time {
        Ok(t) => *t,
        Err(e) => return Finding::unchecked(ID, "slow log", format!("TIME was refused: {e}")),
    };
    let mut recent: Vec<&Slow> = entries
        .iter()
        .filter(|e| e.time >= now - SLOWLOG_WINDOW)
        .collect();
    recent.sort_by(|a, b| b.micros.cmp(&a.micros).then(b.id.cmp(&a.id)));
    let shown: Vec<_> = recent
        .iter()
        .take(SLOW_SHOWN)
        .map(|e| {
            json!({
                "id": e.id,
                "time": e.time,
                "duration_us": e.micros,
                "command": command_text(&e.args),
            })
        })
        .collect();
    let data = json!({ "last_hour": recent.len(), "slowest": shown });
    let Some(slowest) = recent.first() else {
        return Finding::ok(ID, "no slow log entry in the last hour").data(data);
    };
    let title = format!(
        "{} in the last hour, the slowest {:.1} ms",
        counted(recent.len() as u64, "slow log entry", "slow log entries"),
        slowest.micros as f64 / 1000.0
    );
    let seen = recent
        .iter()
        .take(SLOW_SHOWN)
        .map(|e| {
            format!(
                "{:.1} ms {} ago: {}",
                e.micros as f64 / 1000.0,
                span((now - e.time) as f64),
                command_text(&e.args)
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    if slowest.micros >= SLOW_WARN_US {
        Finding::warn(ID, title)
            .seen(format!("{seen} (Redis runs one command at a time: every client, workers included, waited)"))
            .fix("find what sends them (SLOWLOG GET, client name and address) and page or pipeline it instead: no KEYS, no LRANGE 0 -1 or SMEMBERS of huge keys, no long scripts")
            .data(data)
    } else {
        Finding::ok(ID, title).seen(seen).data(data)
    }
}

/// A slow log command as people see it: its first words, each escaped and cut.
fn command_text(args: &[Vec<u8>]) -> String {
    let mut words: Vec<String> = args
        .iter()
        .take(4)
        .map(|a| crate::text::cut(&visible_bytes(a), 40))
        .collect();
    if args.len() > 4 {
        words.push("…".into());
    }
    words.join(" ")
}

fn clients(f: &Facts) -> Finding {
    const ID: &str = "redis.clients";
    let max = f
        .number("maxclients")
        .or_else(|| f.setting("maxclients")?.parse().ok());
    let (Some(connected), Some(max)) = (f.number("connected_clients"), max) else {
        return Finding::unchecked(ID, "clients", f.no_info());
    };
    let share = connected as f64 / max.max(1) as f64;
    let data = json!({ "connected": connected, "maxclients": max, "used_share": round3(share) });
    let title = format!(
        "{} of {} clients connected ({})",
        count(connected.max(0) as u64),
        count(max.max(0) as u64),
        percent(share)
    );
    graded(
        Finding::new(ID, Severity::Ok, title).data(data),
        share,
        (USED_WARN, USED_FAIL),
        "each gem process holds up to concurrency + 6 connections (its pool and its signal subscriber); at maxclients new ones are refused",
        "raise maxclients (CONFIG SET maxclients, and the open-files limit), or find idle clients (CLIENT LIST)",
    )
}

fn output_buffers(f: &Facts) -> Finding {
    const ID: &str = "redis.output_buffers";
    let Some(limits) = f.setting("client-output-buffer-limit") else {
        return Finding::unchecked(ID, "client output buffer limits", f.no_config());
    };
    let Some((hard, soft, secs)) = normal_limits(limits) else {
        return Finding::unchecked(
            ID,
            "client output buffer limits",
            format!("client-output-buffer-limit {limits:?} has no normal class that reads"),
        );
    };
    let data = json!({ "normal_hard": hard, "normal_soft": soft, "normal_soft_seconds": secs });
    let low = |limit: i64| limit > 0 && limit < OUTPUT_LIMIT_MIN;
    if !low(hard) && !low(soft) {
        let title = if hard == 0 && soft == 0 {
            "no output buffer limit for normal clients".to_string()
        } else {
            format!(
                "normal clients' output buffer limit {} hard, {} soft",
                bytes(hard),
                bytes(soft)
            )
        };
        return Finding::ok(ID, title).data(data);
    }
    Finding::warn(
        ID,
        format!(
            "client-output-buffer-limit normal {} {} {secs}: a big read can hit it",
            bytes(hard),
            bytes(soft)
        ),
    )
    .seen(format!(
        "a reply larger than that (a page of 1,000 large jobs reaches ~110 MB) makes Redis close \
         the connection mid-read; limits below {} warn",
        bytes(OUTPUT_LIMIT_MIN)
    ))
    .fix("CONFIG SET client-output-buffer-limit \"normal 0 0 0\" (Redis' default), and the same in redis.conf")
    .data(data)
}

/// The normal class of `client-output-buffer-limit` ("normal 0 0 0 replica … pubsub …"):
/// hard and soft limits in bytes, and the soft limit's seconds.
fn normal_limits(text: &str) -> Option<(i64, i64, i64)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "normal")?;
    let number = |i: usize| words.get(at + i)?.parse::<i64>().ok();
    Some((number(1)?, number(2)?, number(3)?))
}

fn percent(share: f64) -> String {
    format!("{:.0}%", share * 100.0)
}

fn round3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Facts as a server would give them: INFO fields, nothing else answered.
    fn facts(info: &[(&str, &str)]) -> Facts {
        Facts {
            info: Ok(info
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()),
            config: Err("refused".into()),
            time: Ok(0),
            pings: Ok(vec![0.1]),
            slowlog: Ok(Vec::new()),
        }
    }

    #[test]
    fn versions_the_gem_needs() {
        let v = |text: &str| version(&facts(&[("redis_version", text)]));
        let seven = v("7.0.15");
        assert_eq!(seven.severity, Severity::Ok);
        assert!(!seen_has(&seven, "DRYRUN"));
        let six_two = v("6.2.14");
        assert_eq!(six_two.severity, Severity::Ok);
        assert!(seen_has(&six_two, "ACL DRYRUN (7.0) is not"));
        let six = v("6.0.20");
        assert_eq!(six.severity, Severity::Warn);
        assert!(six.title.contains("basic fetch"));
        assert_eq!(v("6.0.5").severity, Severity::Fail);
        assert_eq!(v("5.0.7").severity, Severity::Fail);
        assert_eq!(v("unstable").severity, Severity::Ok);
        let none = version(&facts(&[]));
        assert_eq!(none.severity, Severity::Warn);
        assert_eq!(none.title, "Redis version: not checked");
    }

    fn seen_has(f: &Finding, text: &str) -> bool {
        f.seen.contains(text)
    }

    #[test]
    fn a_cluster_is_not_supported() {
        let f = role(&facts(&[("role", "master"), ("redis_mode", "cluster")]));
        assert_eq!(f.severity, Severity::Fail);
        assert_eq!(f.title, "Redis Cluster: cogworker does not support it");
    }

    #[test]
    fn an_asynchronous_load_is_loading_too() {
        let f = loading(&facts(&[("loading", "0"), ("async_loading", "1")]));
        assert_eq!(f.severity, Severity::Fail);
        let f = loading(&facts(&[("loading", "0"), ("async_loading", "0")]));
        assert_eq!(f.severity, Severity::Ok);
    }

    #[test]
    fn a_refusal_at_connect_is_a_finding_when_doctor_knows_it() {
        let f = unavailable("LOADING Redis is loading the dataset in memory").unwrap();
        assert_eq!((f.id, f.severity), ("redis.loading", Severity::Fail));
        let f = unavailable("MASTERDOWN Link with MASTER is down").unwrap();
        assert_eq!(f.id, "redis.role");
        let f = unavailable("MISCONF Redis is configured to save RDB snapshots").unwrap();
        assert_eq!(f.id, "redis.persistence");
        assert!(unavailable("BUSY Redis is busy running a script").is_none());
    }

    #[test]
    fn output_limits_of_the_normal_class() {
        assert_eq!(
            normal_limits("normal 0 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60"),
            Some((0, 0, 0))
        );
        assert_eq!(
            normal_limits("normal 1048576 524288 10 slave 0 0 0"),
            Some((1048576, 524288, 10))
        );
        assert_eq!(normal_limits("slave 0 0 0"), None);
    }

    #[test]
    fn slow_commands_are_escaped_and_cut() {
        let args = vec![
            b"EVAL".to_vec(),
            b"\x1b[2J".to_vec(),
            vec![b'x'; 100],
            b"1".to_vec(),
            b"more".to_vec(),
        ];
        let text = command_text(&args);
        assert!(text.starts_with("EVAL \\x1b[2J xxx"), "{text}");
        assert!(text.ends_with("1 …"), "{text}");
    }
}
