//! The heartbeat (OPERATIONS §13) and the signal channel (§13.8): what makes this process
//! alive to everyone else, and how an operator quiets, resumes or stops it.

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::rss::rss_kb;
use super::state::{Conn, Shared};
use crate::store::job::Job;
use crate::store::locks::lock_keys;
use crate::store::rewrite::ruby_float;
use crate::store::scripts::{EXPIRE_IF_OWNED, MEMORY_RECORD};
use crate::store::server::version_at_least;
use crate::store::{KeyType, Name, Store, StoreError, StoreResult, keys};

const LIVE_QUEUE_WINDOW: i64 = 86_400;
const MEMORY_WINDOW: i64 = 86_400;
const MEMORY_TTL: i64 = 90_000;
const ACTIVE_TTL: u64 = 420;

/// One beat (OPERATIONS §13.2). The presence hash is the one write a beat can't do
/// without; the secondary writes are each on their own.
pub fn beat(shared: &Shared, store: &mut Store) -> StoreResult<()> {
    let s = &shared.settings;
    // The memory of the job code too: this process and its long-running handlers.
    let (handlers, handler_kb) = shared.handlers_total();
    let rss = rss_kb().map(|kb| kb + handler_kb as i64);
    let extra = if handlers > 0 {
        format!(",\"handlers\":{handlers},\"handlers_rss_kb\":{handler_kb}")
    } else {
        String::new()
    };
    let info = format!(
        "{{\"hostname\":{},\"pid\":{},\"concurrency\":{},\"queues\":{},\"started_at\":{},\"rss_kb\":{}{extra}}}",
        serde_json::to_string(&s.hostname).expect("a string serialises"),
        s.pid,
        s.concurrency,
        serde_json::to_string(&s.queues).expect("strings serialise"),
        ruby_float(shared.started_at),
        rss.map_or("null".to_string(), |kb| kb.to_string())
    );
    let presence = keys::process(&s.identity);
    let busy = shared.busy.load(Ordering::SeqCst).to_string();
    let quiet = if shared.quiet() { "true" } else { "false" };
    let mut expire = redis::cmd("EXPIRE");
    expire.arg(&presence).arg(keys::ttl::PRESENCE);
    if let Err(e) = store.query::<()>(
        redis::cmd("HSET")
            .arg(&presence)
            .arg("info")
            .arg(&info)
            .arg("busy")
            .arg(&busy)
            .arg("quiet")
            .arg(quiet),
        &presence,
        KeyType::Hash,
    ) {
        // A full Redis (maxmemory, noeviction) refuses HSET but not EXPIRE: this process is
        // alive, and its presence must not lapse (its jobs taken for orphans and run a
        // second time) however long memory stays short.
        if !e.is_connection() {
            let _ = store.query::<()>(&expire, &presence, KeyType::Hash);
            let _ = store.query::<()>(
                redis::cmd("EXPIRE")
                    .arg(keys::workers(&s.identity))
                    .arg(keys::ttl::PRESENCE),
                keys::workers(&s.identity).as_bytes(),
                KeyType::Hash,
            );
        }
        return Err(e);
    }
    store.query::<()>(&expire, &presence, KeyType::Hash)?;
    let now = store.time().unwrap_or_else(|_| shared.now().floor() as i64);
    let mut distinct = s.queues.clone();
    distinct.sort();
    distinct.dedup();
    let mut live = redis::cmd("ZADD");
    live.arg(keys::LIVE_QUEUES);
    for q in &distinct {
        live.arg(now).arg(q);
    }
    let mut pipe = redis::pipe();
    pipe.cmd("SADD").arg(keys::PROCESSES).arg(&s.identity);
    pipe.cmd("SADD").arg(keys::QUEUES).arg(&distinct);
    pipe.add_command(live);
    pipe.cmd("ZREMRANGEBYSCORE")
        .arg(keys::LIVE_QUEUES)
        .arg("-inf")
        .arg(now - LIVE_QUEUE_WINDOW);
    pipe.cmd("EXPIRE")
        .arg(keys::workers(&s.identity))
        .arg(keys::ttl::PRESENCE);
    pipe.cmd("SADD")
        .arg(keys::INPROGRESS_IDENTITIES)
        .arg(&s.identity);
    pipe.cmd("HSET")
        .arg(keys::LAST_BEAT)
        .arg(&s.identity)
        .arg(now);
    let names = [
        "process registry",
        "queue registry",
        "live queue registry",
        "live queue registry",
        "workers expiry",
        "in-progress registry",
        "last-beat stamp",
    ];
    for (reply, what) in store.pipeline(&pipe)?.into_iter().zip(names) {
        if let Err(e) = reply {
            shared.log(
                "warn",
                "heartbeat_partial",
                &[("what", &what), ("error", &e)],
            );
        }
    }
    if let Some(kb) = rss {
        let t = shared.now().floor() as i64;
        let slot = (t - t.rem_euclid(keys::MEMORY_SLOT_SECONDS)).to_string();
        let kb = kb.to_string();
        let window = MEMORY_WINDOW.to_string();
        let ttl = MEMORY_TTL.to_string();
        let key = keys::memory(&s.identity);
        if let Err(e) = store.eval(
            &MEMORY_RECORD,
            &[&key],
            &[
                slot.as_bytes(),
                kb.as_bytes(),
                window.as_bytes(),
                ttl.as_bytes(),
            ],
        ) {
            shared.log(
                "warn",
                "heartbeat_partial",
                &[("what", &"memory history"), ("error", &e)],
            );
        }
    }
    keep_periodic_locks(shared, store);
    Ok(())
}

/// Jobs inside their handler keep their periodic running lock at the active TTL (§13.6).
fn keep_periodic_locks(shared: &Shared, store: &mut Store) {
    let running: Vec<Vec<u8>> = shared
        .running
        .lock()
        .expect("running")
        .keys()
        .cloned()
        .collect();
    for raw in running {
        let Ok(job) = Job::parse(&raw) else { continue };
        let Some(jid) = job.jid.as_deref() else {
            continue;
        };
        let locks: Vec<Name> = lock_keys(&job)
            .into_iter()
            .filter(|l| l.starts_with(keys::periodic_running_prefix().as_bytes()))
            .collect();
        if locks.is_empty() {
            continue;
        }
        let ttl = ACTIVE_TTL.to_string();
        let mut args: Vec<&[u8]> = vec![jid.as_bytes(), ttl.as_bytes()];
        args.extend(locks.iter().map(Name::as_bytes));
        let _ = store.eval(&EXPIRE_IF_OWNED, &[], &args);
    }
}

/// The first beat, before any fetch (§13.1), retried every second; gives up after
/// `patience` so a worker pointed at a dead Redis says so instead of hanging.
pub fn first_beat(shared: &Shared, patience: Duration) -> StoreResult<()> {
    let mut conn = Conn::new(shared);
    let deadline = std::time::Instant::now() + patience;
    loop {
        match conn.get().and_then(|s| {
            require_lmove(s)?;
            beat(shared, s)
        }) {
            Ok(()) => {
                shared.telemetry.beat_written();
                return Ok(());
            }
            Err(e @ (StoreError::TooOld { .. } | StoreError::NotRedis { .. })) => return Err(e),
            Err(e) if std::time::Instant::now() >= deadline || shared.stopping() => return Err(e),
            Err(e) => {
                conn.after(&e);
                shared.log("warn", "heartbeat_failed", &[("error", &e)]);
                shared.nap(Duration::from_secs(1));
            }
        }
    }
}

/// Reliable fetch is LMOVE/BLMOVE, which Redis has had since 6.2: an older server is refused
/// at start, before anything is written, rather than failing every fetch. A server that
/// doesn't let us read INFO is given the benefit of the doubt.
fn require_lmove(store: &mut Store) -> StoreResult<()> {
    let info = match store.info("server") {
        Ok(info) => info,
        Err(e) if e.is_connection() => return Err(e),
        Err(_) => return Ok(()),
    };
    let Some(version) = info.get("redis_version") else {
        return Ok(());
    };
    if version_at_least(version, (6, 2)) {
        return Ok(());
    }
    Err(StoreError::TooOld {
        target: store.target().to_string(),
        version: version.clone(),
        needs: "cogctl worker needs Redis 6.2 or later (LMOVE/BLMOVE for reliable fetch)",
    })
}

/// The beat thread: every few seconds until every processor has returned (a draining
/// process is still alive, and says so).
pub fn run(shared: &Shared) {
    let mut conn = Conn::new(shared);
    loop {
        let until = std::time::Instant::now() + shared.settings.beat_every;
        while std::time::Instant::now() < until {
            if shared.finished.load(Ordering::SeqCst) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        if shared.connector.sentinels().is_some() {
            super::failover::check(shared);
        }
        match conn.get().and_then(|s| beat(shared, s)) {
            Ok(()) => {
                shared.telemetry.beat_written();
                super::process::settle_if_owed(shared, &mut conn);
            }
            Err(e) => {
                shared.log("warn", "heartbeat_failed", &[("error", &e)]);
                conn.after(&e);
            }
        }
    }
}

/// The subscriber thread: `quiet`, `resume` and `stop` on `cogworker:signal:<identity>`.
pub fn listen(shared: &Shared) {
    let channel = keys::signal(&shared.settings.identity);
    while !shared.stopping() {
        // Subscribed on the primary: after a failover, on the new one.
        let (mut conn, generation) = match shared.connector.connect_current() {
            Ok(c) => c,
            Err(_) => {
                shared.nap(Duration::from_secs(1));
                continue;
            }
        };
        let _ = conn.set_read_timeout(Some(Duration::from_millis(250)));
        let mut pubsub = conn.as_pubsub();
        if pubsub.subscribe(&channel).is_err() {
            shared.nap(Duration::from_secs(1));
            continue;
        }
        while !shared.stopping() && shared.connector.generation() == generation {
            match pubsub.get_message() {
                Ok(msg) => {
                    let text: String = msg.get_payload().unwrap_or_default();
                    match text.as_str() {
                        "quiet" => shared.quiet.store(true, Ordering::SeqCst),
                        "resume" => {
                            if !shared.stopping() {
                                shared.quiet.store(false, Ordering::SeqCst);
                            }
                        }
                        "stop" => shared.request_stop(),
                        other => shared.log("warn", "unknown_signal", &[("message", &other)]),
                    }
                    shared.log("info", "signal", &[("message", &text)]);
                }
                Err(e) if e.is_timeout() => continue,
                Err(_) => break,
            }
        }
    }
}
