//! The poller thread (OPERATIONS §12): due schedule/retry entries to their queues every few
//! seconds (unless quiet), and every minute KeyGuard and the orphan pass — other processes' lists,
//! repeat orphans, unsettled records — followed by the reconcile of this process's own list.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::death::{Death, Reason};
use super::process::{requeue_one, settle_if_owed};
use super::state::{Conn, Shared};
use crate::store::ids::Jids;
use crate::store::job::Job;
use crate::store::keyguard;
use crate::store::liveness;
use crate::store::name::shown_list;
use crate::store::recovery::{Buried, Filed, Recovery};
use crate::store::rewrite::{rewrite, ruby_float};
use crate::store::scripts::{BURY, REQUEUE_BATCH};
use crate::store::{JobSet, KeyType, Store, StoreResult, keys, value};

const DUE_BATCH: usize = 50;
const DEFER: f64 = 60.0;

pub fn run(shared: &Shared) {
    let mut conn = Conn::new(shared);
    let mut next_orphan_check = Instant::now();
    let mut previous_strays: HashSet<Vec<u8>> = HashSet::new();
    while !shared.stopping() {
        if Instant::now() >= next_orphan_check {
            next_orphan_check = Instant::now() + shared.settings.orphan_check_every;
            guard_keys(shared, &mut conn);
            let recovered = conn.get().and_then(|s| recover_orphans(shared, s));
            if let Err(e) = recovered {
                shared.log("warn", "orphan_check_failed", &[("error", &e)]);
                conn.after(&e);
                if e.is_connection() {
                    next_orphan_check = Instant::now() + Duration::from_secs(5);
                }
            }
            settle_if_owed(shared, &mut conn);
            match conn
                .get()
                .and_then(|s| reconcile(shared, s, &previous_strays))
            {
                Ok(first_seen) => previous_strays = first_seen,
                Err(e) => conn.after(&e),
            }
        }
        if !shared.quiet() {
            for set in [JobSet::Schedule, JobSet::Retry] {
                if let Err(e) = conn.get().and_then(|s| enqueue_due(shared, s, set)) {
                    shared.log("warn", "poll_failed", &[("set", &set.key()), ("error", &e)]);
                    conn.after(&e);
                }
            }
        }
        shared.nap(shared.settings.poll_every);
    }
}

/// KeyGuard (OPERATIONS §14), on the orphan check's cadence: first at the first poll.
fn guard_keys(shared: &Shared, conn: &mut Conn<'_>) {
    let now_ms = (shared.now() * 1000.0).floor() as i64;
    match conn
        .get()
        .and_then(|s| keyguard::guard(s, &shared.settings.queues, now_ms))
    {
        Ok(moved) => {
            for q in moved {
                shared.log(
                    "error",
                    "key_quarantined",
                    &[
                        ("key", &q.key.shown()),
                        ("found", &q.found),
                        ("expected", &q.expected),
                        ("renamed_to", &q.renamed_to.shown()),
                    ],
                );
            }
        }
        Err(e) => {
            shared.log("warn", "key_check_failed", &[("error", &e)]);
            conn.after(&e);
        }
    }
}

fn recovery(shared: &Shared) -> Recovery {
    Recovery {
        threshold: shared.settings.orphan_threshold,
        max_orphanings: shared.settings.max_orphanings,
        batch: None,
        now: shared.now(),
    }
}

/// recover_orphans (OPERATIONS §8.3) for every identity but this one.
fn recover_orphans(shared: &Shared, store: &mut Store) -> StoreResult<()> {
    let r = recovery(shared);
    let candidates = liveness::candidates(store)?;
    for identity in candidates
        .identities
        .iter()
        .filter(|i| **i != shared.settings.identity)
    {
        let done = match r.requeue(store, identity) {
            Ok(done) => done,
            Err(e) if e.is_connection() => return Err(e),
            Err(e) => {
                shared.log(
                    "warn",
                    "recovery_failed",
                    &[("identity", &identity.shown()), ("error", &e)],
                );
                continue;
            }
        };
        for raw in &done.buried_raw {
            if let Some(buried) = r.complete_raw_burial(store, raw)? {
                orphan_died(shared, buried);
            }
        }
        if done.alive {
            continue;
        }
        r.forget_if_empty(store, identity)?;
        if done.moved > 0 {
            shared.log(
                "warn",
                "orphans_requeued",
                &[("identity", &identity.shown()), ("jobs", &done.moved)],
            );
        }
        if !done.unlisted.is_empty() {
            shared.log(
                "warn",
                "queues_nobody_reads",
                &[("queues", &shown_list(&done.unlisted, ","))],
            );
        }
        if done.failed > 0 {
            shared.log(
                "error",
                "orphans_kept",
                &[("identity", &identity.shown()), ("jobs", &done.failed)],
            );
        }
    }
    let mut buried = Vec::new();
    let burying = r.bury_repeat_orphans(store, &mut buried);
    for b in buried {
        shared.log("warn", "orphaned_too_often", &[("jid", &b.jid)]);
        orphan_died(shared, b);
    }
    burying?;
    let mut filed = Filed::default();
    let filing = r.file_unsettled(store, &mut filed);
    if filed.filed + filed.quarantined > 0 {
        shared.log(
            "info",
            "unsettled_filed",
            &[("filed", &filed.filed), ("quarantined", &filed.quarantined)],
        );
    }
    for payload in filed.dead_payloads {
        // Only a readable job has hooks (OPERATIONS §10.5).
        let Ok(job) = Job::parse(payload.as_bytes()) else {
            continue;
        };
        let class_hooks = shared.handlers.has(job.class.as_deref().unwrap_or(""));
        shared.died(
            Death {
                entry: payload.into_bytes(),
                reason: Reason::Filed,
                class_hooks,
            },
            false,
        );
    }
    filing
}

/// A job this pass buried for being orphaned too often: its hooks are due when it was a
/// readable job (OPERATIONS §8.7 step 2.3).
fn orphan_died(shared: &Shared, buried: Buried) {
    if !buried.readable {
        return;
    }
    let class_hooks = Job::parse(buried.entry.as_bytes())
        .is_ok_and(|job| shared.handlers.has(job.class.as_deref().unwrap_or("")));
    shared.died(
        Death {
            entry: buried.entry.into_bytes(),
            reason: Reason::Orphaned,
            class_hooks,
        },
        false,
    );
}

/// reconcile (OPERATIONS §9.1): entries of this process's own list that no thread runs and
/// nothing is owed for, seen on two passes in a row, go back to their queue.
fn reconcile(
    shared: &Shared,
    store: &mut Store,
    previous: &HashSet<Vec<u8>>,
) -> StoreResult<HashSet<Vec<u8>>> {
    let list = keys::inprogress(&shared.settings.identity);
    let listed: Vec<Vec<u8>> = store.query(
        redis::cmd("LRANGE").arg(&list).arg(0).arg(-1),
        &list,
        KeyType::List,
    )?;
    let running = shared.running.lock().expect("running").clone();
    let pending = shared.pending.lock().expect("pending").clone();
    let strays: HashSet<Vec<u8>> = listed
        .into_iter()
        .filter(|raw| !running.contains_key(raw) && !pending.contains_key(raw))
        .collect();
    for raw in strays.intersection(previous) {
        if requeue_one(store, &shared.settings.identity, raw)? {
            shared.log(
                "warn",
                "stray_requeued",
                &[("jid", &super::job::jid_of(raw))],
            );
        }
    }
    Ok(strays.difference(previous).cloned().collect())
}

/// enqueue_due_jobs (OPERATIONS §12.4) for one set: the due entries, each claimed and
/// requeued with a fresh enqueued_at, or buried when it can't be requeued, or deferred a
/// minute when the requeue fails.
fn enqueue_due(shared: &Shared, store: &mut Store, set: JobSet) -> StoreResult<()> {
    let now = shared.now();
    let due: Vec<Vec<u8>> = store.query(
        redis::cmd("ZRANGEBYSCORE")
            .arg(set.key())
            .arg("-inf")
            .arg(ruby_float(now))
            .arg("LIMIT")
            .arg(0)
            .arg(DUE_BATCH),
        set.key(),
        KeyType::Zset,
    )?;
    for raw in due {
        let claim_now = shared.now();
        let requeue = match Job::parse(&raw) {
            Ok(job) if job.queue.as_deref().is_some_and(|q| !q.is_empty()) => {
                let queue = job.queue.as_deref().unwrap_or_default().to_string();
                Some((
                    queue,
                    rewrite(&job, &[("enqueued_at", ruby_float(claim_now))], &[]),
                ))
            }
            _ => None,
        };
        let result = match requeue {
            Some((queue, payload)) => store
                .eval(
                    &REQUEUE_BATCH,
                    &[set.key().as_bytes(), keys::QUEUES.as_bytes()],
                    &[
                        b"",
                        b"0",
                        keys::queue_prefix().as_bytes(),
                        &raw,
                        queue.as_bytes(),
                        payload.as_bytes(),
                    ],
                )
                .and_then(|reply| match value::items(&reply).first() {
                    Some(redis::Value::Int(_)) | None => Ok(()),
                    Some(other) => Err(crate::store::StoreError::Command {
                        command: "LPUSH".into(),
                        key: keys::queue(&queue).shown().into_owned(),
                        reason: value::string(other).unwrap_or_default(),
                    }),
                }),
            None => bury(shared, store, set, &raw, claim_now),
        };
        if let Err(e) = result {
            if e.is_connection() {
                return Err(e);
            }
            shared.log(
                "warn",
                "graduation_deferred",
                &[("set", &set.key()), ("error", &e)],
            );
            let _ = store.query::<()>(
                redis::cmd("ZADD")
                    .arg(set.key())
                    .arg("XX")
                    .arg(ruby_float(shared.now() + DEFER))
                    .arg(&raw),
                set.key(),
                KeyType::Zset,
            );
        }
    }
    Ok(())
}

/// BURY (OPERATIONS §12.5): an entry that isn't a job with a queue, as a wrapper in dead.
fn bury(shared: &Shared, store: &mut Store, set: JobSet, raw: &[u8], now: f64) -> StoreResult<()> {
    let failed_at = ruby_float(now);
    let text = String::from_utf8_lossy(raw);
    let wrapper = format!(
        "{{\"class\":\"(unparseable)\",\"args\":[],\"queue\":null,\"jid\":\"{}\",\"retry\":false,\"retry_count\":0,\"enqueued_at\":{failed_at},\"failed_at\":{failed_at},\"error_class\":\"JSON::ParserError\",\"error_message\":\"not a job (JSON object with a queue) in {}\",\"raw_payload\":{}}}",
        Jids::new().jid(),
        set.key(),
        serde_json::to_string(&text.chars().take(100_000).collect::<String>())
            .expect("a string serialises")
    );
    let reply = store.eval(
        &BURY,
        &[
            set.key().as_bytes(),
            keys::DEAD.as_bytes(),
            keys::STATS_FAILED.as_bytes(),
        ],
        &[raw, failed_at.as_bytes(), wrapper.as_bytes()],
    )?;
    if value::int(&reply) == Some(1) {
        let mut pipe = redis::pipe();
        keys::count_throughput(&mut pipe, now, "failed");
        let _ = store.pipeline(&pipe);
        shared.log("warn", "entry_buried", &[("set", &set.key())]);
    }
    Ok(())
}
