//! A processor thread (OPERATIONS §5–§7): fetch a job, run its handler, then settle it —
//! acknowledge a success or a recorded failure, interrupt when recording failed, give it
//! back when the process is stopping. A job is on this process's in-progress list from the
//! moment it is fetched until one of those settlements removes it.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::batch::{Ask, Batches, WORKERS_TTL, busy_entry};
use super::death::{Death, Reason};
use super::fetch::Fetcher;
use super::handlers::serve::Pool;
use super::job::{Decision, Failure, JobContext, Outcome};
use super::state::{Conn, Pending, Shared};
use super::telemetry::JobOutcome;
use crate::sched;
use crate::store::history;
use crate::store::ids::Jids;
use crate::store::job::Job;
use crate::store::locks::lock_keys;
use crate::store::rewrite::{rewrite, ruby_float};
use crate::store::scripts::{
    ACK, ACK_SUCCESS, EXPIRE_IF_OWNED, FILE_FAILURE, INTERRUPT, RELEASE_LOCKS, REQUEUE_ONE,
};
use crate::store::{Store, StoreError, StoreResult, keys, value};

const UNIQUE_LOCK_TTL: f64 = 86_400.0;
const ERROR_MESSAGE_LIMIT: usize = 10_000;
const RAW_PAYLOAD_LIMIT: usize = 100_000;
const ATTEMPTS_KEPT: i64 = 25;
const ATTEMPTS_TTL: u64 = 2_592_000;
const MAX_INTERRUPTS: i64 = 3;
const INTERRUPT_DELAY: f64 = 30.0;

/// How a job ends (OPERATIONS §5.6).
enum Disposition {
    /// Acknowledge; `succeeded` counts the job as processed in the same round trip.
    Acknowledge {
        succeeded: bool,
        /// The job's jid as its payload holds it ("" when it has none): its orphaning
        /// counter goes with the acknowledgement.
        jid: String,
    },
    GiveBack,
    /// Recording the failure failed; `maybe_written` is the entry route_failure was writing
    /// when the connection failed, which may have landed (see `interrupt`).
    Interrupt {
        failure: Failure,
        maybe_written: Option<Filing>,
    },
    /// The drain timed out and the handler was killed: the shutdown requeue takes it.
    Abandon,
}

/// An entry for retry or dead: its set, score and payload, exactly as written.
struct Filing {
    set: &'static str,
    score: f64,
    payload: String,
}

/// A fetched job: by the thread's own fetch, or by ACK_FETCH with the previous one's
/// settlement (batch.rs).
struct Next {
    queue: String,
    raw: Vec<u8>,
    /// Fetched by a call (ACK_FETCH): its busy entry is written late (batch.rs).
    batched: bool,
}

/// One processor thread, until the process stops; `batches` are the process's, shared by
/// its threads.
pub fn run(shared: &Shared, batches: &Batches) {
    // Counted down however the thread ends, a panic included: /healthz reports it (the
    // count was set to --concurrency before the threads started).
    struct Running<'a>(&'a Shared);
    impl Drop for Running<'_> {
        fn drop(&mut self) {
            self.0.telemetry.processors.fetch_sub(1, Ordering::SeqCst);
        }
    }
    let _running = Running(shared);
    sched::batch();
    let mut conn = Conn::new(shared);
    let mut jids = Jids::new();
    let tid = jids.jid()[..12].to_string();
    let mut fetcher = Fetcher::new();
    let mut failures: u32 = 0;
    // The job fetched with the last acknowledgement, if any.
    let mut next: Option<Next> = None;
    // The weighted queue list, shuffled in place for each ACK_FETCH.
    let mut names: Vec<&str> = shared.settings.queues.iter().map(String::as_str).collect();
    // This thread's long-running handler processes, kept between jobs.
    let mut pool = Pool::default();
    // Since when this thread has been ready for its next job (for the fetch-wait metric).
    let mut waiting_since: Option<Instant> = None;
    while !shared.stopping() {
        settle_if_owed(shared, &mut conn);
        if shared.quiet() || max_jobs_reached(shared) {
            if let Some(job) = next.take() {
                give_back(shared, &mut conn, &job.raw);
            }
            waiting_since = None;
            shared.nap(Duration::from_millis(500));
            continue;
        }
        let waiting = *waiting_since.get_or_insert_with(Instant::now);
        let job = match next.take() {
            Some(job) => job,
            None => match conn.get().and_then(|store| fetcher.next(shared, store)) {
                Ok(found) => {
                    shared.telemetry.redis_ok();
                    if failures > 0 {
                        shared.log("info", "fetch_resumed", &[("failed_attempts", &failures)]);
                        failures = 0;
                    }
                    match found {
                        Some((queue, raw)) => Next {
                            queue,
                            raw,
                            batched: false,
                        },
                        None => continue,
                    }
                }
                Err(e) => {
                    // Backoff: 0.5 s, 1 s, 2 s, then every 4 s until Redis answers again;
                    // one log line per outage, not one per attempt.
                    if failures == 0 {
                        shared.log("warn", "fetch_failed", &[("error", &e)]);
                    }
                    conn.after(&e);
                    shared.nap(Duration::from_millis(500 << failures.min(3)));
                    failures += 1;
                    continue;
                }
            },
        };
        if shared.stopping() || !claim_start(shared) {
            give_back(shared, &mut conn, &job.raw);
            continue;
        }
        shared.telemetry.fetch_wait(waiting.elapsed().as_secs_f64());
        shared.start_running(&job.raw);
        let (disposition, death) = execute(shared, batches, &mut conn, &tid, &job, &mut pool);
        // Fetch the next job with this one's acknowledgement, unless no new job may start,
        // or the job died (its hooks are queued first; the next fetch is the thread's own).
        let order =
            (!shared.stopping() && !shared.quiet() && !max_jobs_reached(shared) && death.is_none())
                .then(|| fetcher.order(&mut names));
        next = settle(
            shared,
            batches,
            &mut conn,
            &tid,
            &job.raw,
            disposition,
            order,
        );
        waiting_since = Some(Instant::now());
        if next.is_some() {
            fetcher.found();
        }
        shared.stop_running(&job.raw);
        if let Some(death) = death {
            shared.died(death, true);
        }
    }
    if let Some(job) = next {
        give_back(shared, &mut conn, &job.raw);
    }
    pool.close(shared.handlers.grace(), &shared.children);
    shared.handler_pids(&tid, Vec::new());
}

/// Count one more job started, unless `--max-jobs` are started already: the check and the
/// count are one step, so two threads can't both take the last start.
fn claim_start(shared: &Shared) -> bool {
    shared
        .started_jobs
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
            shared
                .settings
                .max_jobs
                .is_none_or(|max| n < max)
                .then_some(n + 1)
        })
        .is_ok()
}

fn max_jobs_reached(shared: &Shared) -> bool {
    shared
        .settings
        .max_jobs
        .is_some_and(|max| shared.started_jobs.load(Ordering::SeqCst) >= max)
}

/// Run one job: bury it if it isn't one, otherwise its handler, then record the outcome.
/// A job that died for good comes with its death, whose hooks are due once it is settled.
fn execute(
    shared: &Shared,
    batches: &Batches,
    conn: &mut Conn<'_>,
    tid: &str,
    fetched: &Next,
    pool: &mut Pool,
) -> (Disposition, Option<Death>) {
    let (queue, raw) = (fetched.queue.as_str(), fetched.raw.as_slice());
    let job = match Job::parse(raw) {
        Ok(job) => job,
        Err(bad) => {
            let reason = match serde_json::from_slice::<serde_json::Value>(raw) {
                Ok(v) => format!("expected a JSON object, got {}", ruby_class(&v)),
                Err(e) => e.to_string(),
            };
            let _ = bad;
            let disposition = match bury_unparseable(shared, conn, queue, raw, &reason) {
                Ok(()) => Disposition::Acknowledge {
                    succeeded: false,
                    jid: String::new(),
                },
                // Nothing ran: give it back and bury it on a later fetch.
                Err(_) => Disposition::GiveBack,
            };
            return (disposition, None);
        }
    };
    let jid = job.jid.as_deref().unwrap_or("").to_string();
    let class = job.class.as_deref().unwrap_or("").to_string();
    if fetched.batched {
        batches.owe(tid, queue, raw, shared.now().floor() as i64);
    } else {
        register(shared, conn, tid, queue, raw);
    }
    let started = std::time::Instant::now();
    let started_at = shared.now();
    shared.log(
        "info",
        "job_start",
        &[("jid", &jid), ("class", &class), ("queue", &queue)],
    );
    let mut notes = Vec::new();
    let outcome = shared.handlers.run_in(
        &JobContext {
            payload: raw,
            jid: &jid,
            class: &class,
            queue,
            retry_count: job.retry_count.unwrap_or(0),
            args_json: job.args.map_or("[]", |a| a.get()),
            identity: &shared.settings.identity,
        },
        &shared.children,
        pool,
        &mut notes,
    );
    for (event, fields) in &notes {
        let mut all: Vec<(&str, &dyn std::fmt::Display)> = vec![("jid", &jid), ("class", &class)];
        all.extend(
            fields
                .iter()
                .map(|(k, v)| (*k, v as &dyn std::fmt::Display)),
        );
        shared.log("info", event, &all);
        let reason = fields.iter().find(|(k, _)| *k == "reason");
        shared
            .telemetry
            .handler_event(event, reason.map_or("", |(_, v)| v.as_str()));
    }
    if !notes.is_empty() {
        // The pool started, replaced or recycled a process: the heartbeat follows its pids.
        shared.handler_pids(tid, pool.pids());
    }
    let seconds = started.elapsed().as_secs_f64();
    let elapsed = format!("{seconds:.3}");
    if shared.abandon.load(Ordering::SeqCst) {
        shared.log("warn", "job_abandoned", &[("jid", &jid), ("class", &class)]);
        shared.telemetry.job(&class, queue, None, Some(seconds));
        return (Disposition::Abandon, None);
    }
    if shared.settings.history {
        record_history(shared, conn, &job, queue, started_at, &outcome);
    }
    let failure = match outcome {
        Outcome::Success => {
            shared.tally.processed.fetch_add(1, Ordering::Relaxed);
            shared
                .telemetry
                .job(&class, queue, Some(JobOutcome::Success), Some(seconds));
            release_locks(conn, &job);
            shared.log(
                "info",
                "job_done",
                &[("jid", &jid), ("class", &class), ("elapsed", &elapsed)],
            );
            return (
                Disposition::Acknowledge {
                    succeeded: true,
                    jid,
                },
                None,
            );
        }
        Outcome::Failure(failure) => failure,
    };
    shared
        .tally
        .count_failure(&jid, &class, &failure.error_class);
    let _ = with_store(conn, |s| count_failed(s, shared));
    match route_failure(shared, conn, raw, &job, &failure) {
        Ok(routed) => {
            shared
                .telemetry
                .job(&class, queue, Some(routed.outcome), Some(seconds));
            let death = routed.dead_entry.map(|entry| Death {
                entry: entry.into_bytes(),
                reason: death_reason(shared, &class, routed.killed, Reason::Exhausted),
                class_hooks: shared.handlers.has(&class),
            });
            (
                Disposition::Acknowledge {
                    succeeded: false,
                    jid,
                },
                death,
            )
        }
        Err(unrecorded) => {
            let (e, attempted) = *unrecorded;
            shared.telemetry.job(&class, queue, None, Some(seconds));
            shared.log(
                "error",
                "failure_not_recorded",
                &[("jid", &jid), ("error", &e)],
            );
            // A connection that failed may have carried the write to Redis all the same.
            let maybe_written = e.is_connection().then_some(attempted);
            (
                Disposition::Interrupt {
                    failure,
                    maybe_written,
                },
                None,
            )
        }
    }
}

/// Why a job of `class` died: a class without a handler here first, then a "kill", then
/// `otherwise`.
fn death_reason(shared: &Shared, class: &str, killed: bool, otherwise: Reason) -> Reason {
    if !shared.handlers.has(class) {
        Reason::NoHandler
    } else if killed {
        Reason::Killed
    } else {
        otherwise
    }
}

/// A failure filed late (interrupt, settled debt, parked record) into `set`: counted in the
/// summary and the metrics as what it became.
pub(super) fn count_filed(shared: &Shared, payload: &[u8], set: &str) {
    shared.tally.filed(set);
    let job = Job::parse(payload).ok();
    let class = job.as_ref().and_then(|j| j.class.as_deref()).unwrap_or("");
    let queue = job.as_ref().and_then(|j| j.queue.as_deref()).unwrap_or("");
    let outcome = if set == keys::DEAD {
        JobOutcome::Dead
    } else {
        JobOutcome::Retry
    };
    shared.telemetry.job(class, queue, Some(outcome), None);
}

/// The run in the History middleware's records (best-effort, as in the gem).
fn record_history(
    shared: &Shared,
    conn: &mut Conn<'_>,
    job: &Job<'_>,
    queue: &str,
    started_at: f64,
    outcome: &Outcome,
) {
    let run = history::Run {
        jid: job.jid.as_deref().unwrap_or(""),
        class: job.class.as_deref().unwrap_or(""),
        queue,
        args: job.args,
        started_at,
        finished_at: shared.now(),
        failure: match outcome {
            Outcome::Success => None,
            Outcome::Failure(f) => Some(history::RunFailure {
                error_class: &f.error_class,
                error_message: &f.error_message,
                backtrace: &f.backtrace,
            }),
        },
    };
    if let Err(e) = with_store(conn, |s| history::record(s, &run, shared.now())) {
        shared.log(
            "warn",
            "history_not_recorded",
            &[("jid", &run.jid), ("error", &e)],
        );
    }
}

fn with_store<T>(
    conn: &mut Conn<'_>,
    f: impl FnOnce(&mut Store) -> StoreResult<T>,
) -> StoreResult<T> {
    let result = conn.get().and_then(f);
    if let Err(e) = &result {
        conn.after(e);
    }
    result
}

/// The workers-hash entry of a running job (display data for the Web UI and `busy`),
/// given a TTL at once so a crash never leaves it forever (OPERATIONS §16 item 12).
fn register(shared: &Shared, conn: &mut Conn<'_>, tid: &str, queue: &str, raw: &[u8]) {
    let key = keys::workers(&shared.settings.identity);
    let entry = busy_entry(queue, raw, shared.now().floor() as i64);
    let _ = with_store(conn, |s| {
        let mut pipe = redis::pipe();
        pipe.cmd("HSET").arg(&key).arg(tid).arg(&entry).ignore();
        pipe.cmd("EXPIRE").arg(&key).arg(WORKERS_TTL).ignore();
        s.pipeline(&pipe).map(|_| ())
    });
}

/// A failed run counted: `stats:failed` and the hour's throughput bucket, best-effort
/// (OPERATIONS §5.3). Successes are counted by ACK_FETCH.
fn count_failed(store: &mut Store, shared: &Shared) -> StoreResult<()> {
    let mut pipe = redis::pipe();
    pipe.cmd("INCR").arg(keys::STATS_FAILED).ignore();
    keys::count_throughput(&mut pipe, shared.now(), "failed");
    store.pipeline(&pipe).map(|_| ())
}

/// An element that isn't a job object goes to dead as the gem's `(unparseable)` wrapper
/// (OPERATIONS §5.3), counted as failed; then it is acknowledged.
fn bury_unparseable(
    shared: &Shared,
    conn: &mut Conn<'_>,
    queue: &str,
    raw: &[u8],
    reason: &str,
) -> StoreResult<()> {
    let now = ruby_float(shared.now());
    let message = reason;
    let text = String::from_utf8_lossy(raw);
    let cut: String = text.chars().take(RAW_PAYLOAD_LIMIT).collect();
    let wrapper = format!(
        "{{\"class\":\"(unparseable)\",\"args\":[],\"queue\":{},\"jid\":\"{}\",\"retry\":false,\"retry_count\":0,\"enqueued_at\":{now},\"failed_at\":{now},\"error_class\":\"JSON::ParserError\",\"error_message\":{},\"raw_payload\":{}}}",
        serde_json::to_string(queue).expect("a string serialises"),
        Jids::new().jid(),
        serde_json::to_string(&message).expect("a string serialises"),
        serde_json::to_string(&cut).expect("a string serialises"),
    );
    with_store(conn, |s| {
        s.query::<()>(
            redis::cmd("ZADD").arg(keys::DEAD).arg(&now).arg(&wrapper),
            keys::DEAD,
            crate::store::KeyType::Zset,
        )
    })?;
    shared
        .tally
        .count_failure("-", "(unparseable)", "JSON::ParserError");
    shared.tally.dead.fetch_add(1, Ordering::Relaxed);
    shared
        .telemetry
        .job("(unparseable)", queue, Some(JobOutcome::Dead), None);
    let _ = with_store(conn, |s| count_failed(s, shared));
    shared.log(
        "warn",
        "job_unparseable",
        &[("queue", &queue), ("error", &message)],
    );
    Ok(())
}

fn ruby_class(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Array(_) => "Array",
        serde_json::Value::String(_) => "String",
        serde_json::Value::Number(n) if n.is_f64() => "Float",
        serde_json::Value::Number(_) => "Integer",
        serde_json::Value::Null => "NilClass",
        serde_json::Value::Bool(true) => "TrueClass",
        serde_json::Value::Bool(false) => "FalseClass",
        serde_json::Value::Object(_) => "Hash",
    }
}

/// What a failure becomes (OPERATIONS §7.2): terminal when the budget is spent, otherwise
/// what the handler asked for.
enum Route {
    Retry(f64),
    Dead { killed: bool },
    Discard,
}

fn decide(job: &Job<'_>, failure: &Failure, new_count: i64) -> Route {
    let count = new_count - 1;
    if count + 1 > job.max_retries() {
        return Route::Dead { killed: false };
    }
    match failure.decision {
        Decision::Default => Route::Retry(default_delay(new_count)),
        Decision::RetryIn(d) if d.is_finite() && d >= 0.0 => Route::Retry(d),
        Decision::RetryIn(_) => Route::Retry(default_delay(new_count)),
        Decision::Kill => Route::Dead { killed: true },
        Decision::Discard => Route::Discard,
    }
}

/// `n⁴ + 15 + r·(n + 1)`, r a random integer in 0..=29, n the new retry_count (§7.2).
fn default_delay(n: i64) -> f64 {
    let r = Jids::new().below(30) as i64;
    (n.pow(4) + 15 + r * (n + 1)) as f64
}

fn message(failure: &Failure) -> String {
    failure
        .error_message
        .chars()
        .take(ERROR_MESSAGE_LIMIT)
        .collect()
}

/// Where route_failure sent a failed job.
struct Routed {
    outcome: JobOutcome,
    /// A "kill" sent it to dead.
    killed: bool,
    /// Its entry in dead, exactly as written (a dead job's hooks get it).
    dead_entry: Option<String>,
}

/// route_failure (OPERATIONS §7.3): the retry or dead entry written — the one write that
/// must succeed before the job is acknowledged — then the locks and the attempts log. When
/// that write fails, the error comes with the entry it was writing.
fn route_failure(
    shared: &Shared,
    conn: &mut Conn<'_>,
    raw: &[u8],
    job: &Job<'_>,
    failure: &Failure,
) -> Result<Routed, Box<(StoreError, Filing)>> {
    let now = shared.now();
    let old = job.retry_count.unwrap_or(0);
    let new_count = old + 1;
    let route = decide(job, failure, new_count);
    let mut fields: Vec<(&str, String)> = vec![
        ("error_class", json_string(&failure.error_class)),
        ("error_message", json_string(&message(failure))),
    ];
    if job.get("failed_at").is_none() {
        fields.push(("failed_at", ruby_float(now)));
    }
    fields.push(("retry_count", new_count.to_string()));
    let payload = rewrite(job, &fields, &[]);
    let jid = job.jid.as_deref().unwrap_or("");
    // The one write that must succeed: the entry in retry or dead (FILE_FAILURE: the gem's
    // ZADD, made only while the job is on the list, which it leaves in the same step).
    // Ok(false): the job is no longer ours.
    let list = keys::inprogress(&shared.settings.identity);
    let counter = keys::orphanings(jid);
    let file = |conn: &mut Conn<'_>, set: &'static str, score: f64| {
        with_store(conn, |s| {
            s.eval(
                &FILE_FAILURE,
                &[list.as_bytes(), set.as_bytes(), counter.as_bytes()],
                &[raw, ruby_float(score).as_bytes(), payload.as_bytes()],
            )
        })
        .map(|reply| value::int(&reply) == Some(1))
        .map_err(|e| {
            let filing = Filing {
                set,
                score,
                payload: payload.clone(),
            };
            Box::new((e, filing))
        })
    };
    let routed = Routed {
        outcome: match route {
            Route::Retry(_) => JobOutcome::Retry,
            Route::Dead { .. } => JobOutcome::Dead,
            Route::Discard => JobOutcome::Discard,
        },
        killed: matches!(route, Route::Dead { killed: true }),
        dead_entry: matches!(route, Route::Dead { .. }).then(|| payload.clone()),
    };
    let (outcome, locks_ttl) = match &route {
        Route::Retry(delay) => {
            if !file(conn, keys::RETRY, now + delay)? {
                return Ok(no_longer_ours(shared, jid, keys::RETRY, routed));
            }
            shared.tally.retried.fetch_add(1, Ordering::Relaxed);
            shared.log(
                "info",
                "job_retry",
                &[
                    ("jid", &jid),
                    ("in", &format!("{delay:.0}")),
                    ("error", &failure.error_class),
                ],
            );
            ("retrying", Some(delay + UNIQUE_LOCK_TTL))
        }
        Route::Dead { killed } => {
            if !file(conn, keys::DEAD, now)? {
                return Ok(no_longer_ours(shared, jid, keys::DEAD, routed));
            }
            shared.tally.dead.fetch_add(1, Ordering::Relaxed);
            shared.log(
                "warn",
                "job_dead",
                &[("jid", &jid), ("error", &failure.error_class)],
            );
            (if *killed { "killed" } else { "dead" }, None)
        }
        Route::Discard => {
            shared.tally.discarded.fetch_add(1, Ordering::Relaxed);
            shared.log("info", "job_discarded", &[("jid", &jid)]);
            ("discarded", None)
        }
    };
    match locks_ttl {
        Some(ttl) => extend_locks(conn, job, ttl),
        None => release_locks(conn, job),
    }
    if !jid.is_empty() {
        let entry = format!(
            "{{\"attempt\":{new_count},\"failed_at\":{},\"outcome\":\"{outcome}\",\"error_class\":{},\"error_message\":{}}}",
            ruby_float(now),
            json_string(&failure.error_class),
            json_string(&message(failure))
        );
        let key = keys::job_attempts(jid);
        let _ = with_store(conn, |s| {
            let mut pipe = redis::pipe();
            pipe.cmd("RPUSH").arg(&key).arg(&entry).ignore();
            pipe.cmd("LTRIM")
                .arg(&key)
                .arg(-ATTEMPTS_KEPT)
                .arg(-1)
                .ignore();
            pipe.cmd("EXPIRE").arg(&key).arg(ATTEMPTS_TTL).ignore();
            s.pipeline(&pipe).map(|_| ())
        });
    }
    Ok(routed)
}

/// The failed job left this process's list before its entry was written (orphan recovery
/// or a shutdown requeued it): nothing is filed, no hook runs, and its ACK finds nothing.
fn no_longer_ours(shared: &Shared, jid: &str, set: &str, routed: Routed) -> Routed {
    shared.log(
        "warn",
        "job_no_longer_ours",
        &[("jid", &jid), ("set", &set)],
    );
    Routed {
        dead_entry: None,
        ..routed
    }
}

fn json_string(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// Owner-checked release of the job's unique and periodic locks (success, terminal failure).
fn release_locks(conn: &mut Conn<'_>, job: &Job<'_>) {
    let Some(jid) = job.jid.as_deref() else {
        return;
    };
    let locks = lock_keys(job);
    if locks.is_empty() {
        return;
    }
    let mut args: Vec<&[u8]> = vec![jid.as_bytes()];
    args.extend(locks.iter().map(|l| l.as_bytes()));
    let _ = with_store(conn, |s| s.eval(&RELEASE_LOCKS, &[], &args).map(|_| ()));
}

/// Owner-checked extension of the job's locks over a retry's wait (§7.4).
fn extend_locks(conn: &mut Conn<'_>, job: &Job<'_>, ttl: f64) {
    let Some(jid) = job.jid.as_deref() else {
        return;
    };
    let locks = lock_keys(job);
    if locks.is_empty() {
        return;
    }
    let ttl = (ttl.ceil() as i64).to_string();
    let mut args: Vec<&[u8]> = vec![jid.as_bytes(), ttl.as_bytes()];
    args.extend(locks.iter().map(|l| l.as_bytes()));
    let _ = with_store(conn, |s| s.eval(&EXPIRE_IF_OWNED, &[], &args).map(|_| ()));
}

/// The settlement (OPERATIONS §5.6). An acknowledgement goes in the process's next ACK_FETCH
/// call with the job's unregistering (and, for a success, its counters) and, when
/// `next_from` names the queues, the fetch of the next job (batch.rs); when that call
/// fails, the ACK is retried alone and the next fetch is the thread's own.
fn settle(
    shared: &Shared,
    batches: &Batches,
    conn: &mut Conn<'_>,
    tid: &str,
    raw: &[u8],
    disposition: Disposition,
    next_from: Option<Vec<String>>,
) -> Option<Next> {
    match disposition {
        Disposition::Acknowledge { succeeded, jid } => {
            let ask = Ask {
                tid: tid.to_string(),
                raw: raw.to_vec(),
                jid,
                succeeded,
                order: next_from,
            };
            match batches.settle(shared, conn, ask) {
                Ok(next) => next.map(|job| Next {
                    queue: job.queue,
                    raw: job.raw,
                    batched: true,
                }),
                Err(_) => {
                    // The script may not have run: its unregistering is done on its own.
                    batches.forget(tid);
                    unregister(shared, conn, tid);
                    acknowledge(shared, conn, raw, succeeded.then(|| shared.now()));
                    None
                }
            }
        }
        Disposition::GiveBack => {
            batches.forget(tid);
            unregister(shared, conn, tid);
            give_back(shared, conn, raw);
            None
        }
        Disposition::Interrupt {
            failure,
            maybe_written,
        } => {
            batches.forget(tid);
            unregister(shared, conn, tid);
            interrupt(shared, conn, raw, &failure, maybe_written);
            None
        }
        Disposition::Abandon => {
            batches.forget(tid);
            unregister(shared, conn, tid);
            None
        }
    }
}

/// The workers-hash entry of this thread's job removed (best-effort).
fn unregister(shared: &Shared, conn: &mut Conn<'_>, tid: &str) {
    let workers = keys::workers(&shared.settings.identity);
    let _ = with_store(conn, |s| {
        s.query_server::<()>(redis::cmd("HDEL").arg(&workers).arg(tid))
    });
}

/// ACK with up to three attempts (a success counted with it); then the job is owed an ACK,
/// settled as soon as Redis answers again (`settle_pending`), never re-run by this process.
fn acknowledge(shared: &Shared, conn: &mut Conn<'_>, raw: &[u8], success_at: Option<f64>) {
    for (attempt, pause) in [(1, 100), (2, 200), (3, 0)] {
        match with_store(conn, |s| ack(shared, s, raw, success_at)) {
            Ok(()) => return,
            Err(e) if attempt == 3 => {
                shared.log(
                    "error",
                    "ack_pending",
                    &[("jid", &super::job::jid_of(raw)), ("error", &e)],
                );
                shared.owe(raw, Pending::Ack { success_at });
            }
            Err(_) => std::thread::sleep(Duration::from_millis(pause)),
        }
    }
}

/// ACK (OPERATIONS §6.1), or for a success ACK_SUCCESS, which counts it as processed in the
/// hour it ended when it was still on the list.
fn ack(shared: &Shared, store: &mut Store, raw: &[u8], success_at: Option<f64>) -> StoreResult<()> {
    let list = keys::inprogress(&shared.settings.identity);
    let counter = keys::orphanings(super::job::jid_of(raw));
    match success_at {
        None => store.eval(&ACK, &[&list, &counter], &[raw]).map(|_| ()),
        Some(at) => {
            let bucket = keys::throughput((at.floor() as i64).div_euclid(3600));
            let ttl = keys::ttl::THROUGHPUT.to_string();
            store
                .eval(
                    &ACK_SUCCESS,
                    &[
                        &list,
                        &counter,
                        keys::STATS_PROCESSED.as_bytes(),
                        bucket.as_bytes(),
                    ],
                    &[raw, ttl.as_bytes()],
                )
                .map(|_| ())
        }
    }
}

/// REQUEUE_ONE a job that must not start (the process is stopping): nothing ran.
pub fn give_back(shared: &Shared, conn: &mut Conn<'_>, raw: &[u8]) {
    if let Err(e) = with_store(conn, |s| requeue_one(s, &shared.settings.identity, raw)) {
        shared.log("warn", "give_back_failed", &[("error", &e)]);
    }
}

/// REQUEUE_ONE (OPERATIONS §9.2): `raw` from this process's list back to the front of its
/// queue, when it is still on the list (true).
pub fn requeue_one(store: &mut Store, identity: &str, raw: &[u8]) -> StoreResult<bool> {
    let list = keys::inprogress(identity);
    let ttl = keys::ttl::REQUEUED_LOCK.to_string();
    let args: [&[u8]; 5] = [
        raw,
        keys::queue_prefix().as_bytes(),
        b"default",
        keys::periodic_running_prefix().as_bytes(),
        ttl.as_bytes(),
    ];
    Ok(value::int(&store.eval(&REQUEUE_ONE, &[&list], &args)?) == Some(1))
}

/// The interrupt path (OPERATIONS §7.6): recording the failure failed, so file it from the
/// raw job with INTERRUPT; if even that fails, owe it (reconcile or shutdown files it).
///
/// When the failed write was route_failure's and its connection failed (`maybe_written`),
/// the entry may be in the set already — written, its reply lost — or may still land (a
/// request Redis reads late). §7.6 would file a second, rewritten entry beside it, and the
/// job would run twice. So that very entry is filed instead (set, score and payload
/// unchanged), and only while the job is still on the list: FILE_FAILURE takes it off the
/// list in the step that writes its entry, so when that write landed INTERRUPT finds the
/// job gone and files nothing (the entry may have been retried, and run, meanwhile: filing
/// it again would run the job twice), and a write read late after INTERRUPT writes nothing.
/// Found gone, the entry still in its set tells that the write landed: it is counted, and a
/// dead one's hooks run.
fn interrupt(
    shared: &Shared,
    conn: &mut Conn<'_>,
    raw: &[u8],
    failure: &Failure,
    maybe_written: Option<Filing>,
) {
    let now = shared.now();
    let Ok(job) = Job::parse(raw) else { return };
    let jid = job.jid.as_deref().unwrap_or("").to_string();
    let k = job
        .get("interrupted_count")
        .and_then(crate::store::job::ruby_to_i)
        .unwrap_or(0)
        + 1;
    let attempt = job.retry_count.unwrap_or(0) + 1;
    let landed = maybe_written.is_some();
    let (set, score, payload, delay) = match maybe_written {
        Some(Filing {
            set,
            score,
            payload,
        }) => (set, ruby_float(score), payload, (score - now).max(0.0)),
        None => {
            let payload = rewrite(
                &job,
                &[
                    ("interrupted_count", k.to_string()),
                    ("retry_count", attempt.to_string()),
                    ("error_class", json_string(&failure.error_class)),
                    ("error_message", json_string(&message(failure))),
                    ("failed_at", ruby_float(now)),
                ],
                &[],
            );
            let cut_short = matches!(failure.decision, Decision::Kill | Decision::Discard);
            if attempt > job.max_retries() || cut_short || k > MAX_INTERRUPTS {
                (keys::DEAD, ruby_float(now), payload, 0.0)
            } else {
                let delay = INTERRUPT_DELAY * k as f64;
                (keys::RETRY, ruby_float(now + delay), payload, delay)
            }
        }
    };
    let list = keys::inprogress(&shared.settings.identity);
    let counter = keys::orphanings(&jid);
    // The entry route_failure was writing is the one filed here: in its set, it is ours.
    let filed_there = |conn: &mut Conn<'_>| {
        with_store(conn, |s| {
            s.query_server::<Option<String>>(redis::cmd("ZSCORE").arg(set).arg(&payload))
        })
        .is_ok_and(|score| score.is_some())
    };
    let filed = with_store(conn, |s| {
        s.eval(
            &INTERRUPT,
            &[&list, set.as_bytes(), &counter],
            &[raw, score.as_bytes(), payload.as_bytes()],
        )
    });
    match filed {
        Ok(reply) => {
            if set == keys::DEAD {
                release_locks(conn, &job);
            } else {
                extend_locks(conn, &job, delay + UNIQUE_LOCK_TTL);
            }
            let written = value::int(&reply) == Some(1) || (landed && filed_there(conn));
            let event = if written {
                count_filed(shared, payload.as_bytes(), set);
                "job_interrupted"
            } else {
                "job_no_longer_ours"
            };
            shared.log("warn", event, &[("jid", &jid), ("set", &set)]);
            // Filed in dead by this process's own write: its hooks are due (OPERATIONS §7.6
            // step 11). Never when the script found the job gone.
            if written && set == keys::DEAD {
                let class = job.class.as_deref().unwrap_or("");
                let otherwise = if attempt > job.max_retries() {
                    Reason::Exhausted
                } else {
                    Reason::Filed
                };
                shared.died(
                    Death {
                        entry: payload.into_bytes(),
                        reason: death_reason(
                            shared,
                            class,
                            failure.decision == Decision::Kill,
                            otherwise,
                        ),
                        class_hooks: shared.handlers.has(class),
                    },
                    true,
                );
            }
        }
        Err(e) => {
            shared.log(
                "error",
                "settlement_pending",
                &[("jid", &jid), ("error", &e)],
            );
            shared.owe(
                raw,
                Pending::File {
                    set: set.to_string(),
                    score,
                    payload,
                },
            );
        }
    }
}

/// What is owed settled as soon as Redis answers again, by whichever thread is connected
/// first (the gem waits for its reconcile, a minute later; a process killed meanwhile
/// leaves those jobs to run a second time). Cheap when nothing is owed.
pub fn settle_if_owed(shared: &Shared, conn: &mut Conn<'_>) {
    if !conn.connected() || shared.pending.lock().expect("pending").is_empty() {
        return;
    }
    let Ok(_settling) = shared.settling.try_lock() else {
        return;
    };
    settle_pending(shared, conn);
}

/// settle_pending (OPERATIONS §9.3): what this process owes, for jobs still on its list.
pub fn settle_pending(shared: &Shared, conn: &mut Conn<'_>) {
    let owed = shared.owed();
    let mut settled = 0usize;
    // Payloads this call filed in dead (INTERRUPT returned 1): their hooks run at the end.
    let mut filed_dead: Vec<String> = Vec::new();
    let list = keys::inprogress(&shared.settings.identity);
    for (raw, how) in owed {
        let jid = super::job::jid_of(&raw);
        let counter = keys::orphanings(&jid);
        let result = match &how {
            Pending::Ack { success_at } => with_store(conn, |s| ack(shared, s, &raw, *success_at)),
            Pending::File {
                set,
                score,
                payload,
            } => with_store(conn, |s| {
                s.eval(
                    &INTERRUPT,
                    &[&list, set.as_bytes(), &counter],
                    &[&raw, score.as_bytes(), payload.as_bytes()],
                )
                .map(|reply| {
                    if value::int(&reply) == Some(1) {
                        count_filed(shared, payload.as_bytes(), set);
                        if set == keys::DEAD {
                            filed_dead.push(payload.clone());
                        }
                    }
                })
            }),
        };
        match result {
            Ok(()) => {
                if let (Pending::File { set, .. }, Ok(job)) = (&how, Job::parse(&raw))
                    && set == keys::DEAD
                {
                    release_locks(conn, &job);
                }
                shared.pending.lock().expect("pending").remove(&raw);
                settled += 1;
            }
            Err(e) => {
                shared.log("warn", "still_unsettled", &[("jid", &jid), ("error", &e)]);
                // Redis is away again: the rest waits for the next chance.
                if e.is_connection() {
                    break;
                }
            }
        }
    }
    if settled > 0 {
        shared.log("info", "owed_settled", &[("jobs", &settled)]);
    }
    for payload in filed_dead {
        // Only a readable job has hooks (OPERATIONS §9.3 step 2).
        let Ok(job) = Job::parse(payload.as_bytes()) else {
            continue;
        };
        let class = job.class.as_deref().unwrap_or("").to_string();
        shared.died(
            Death {
                entry: payload.into_bytes(),
                reason: Reason::Filed,
                class_hooks: shared.handlers.has(&class),
            },
            false,
        );
    }
}
