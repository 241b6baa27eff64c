//! `cogctl worker`: a cogworker 0.8 process that runs jobs through argv handlers. Ruby
//! processes and the gem's Web UI see it as one of their own: it beats, fetches reliably,
//! records failures exactly as the gem does, recovers others' orphans, and cleans up after
//! itself when it stops.

pub mod batch;
pub mod beat;
pub mod death;
pub mod failover;
pub mod fetch;
pub mod handlers;
pub mod job;
pub mod leftovers;
pub mod log;
pub mod poller;
pub mod probe;
pub mod process;
pub mod rss;
pub mod state;
pub mod telemetry;

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use signal_hook::consts::{SIGCHLD, SIGINT, SIGTERM, SIGTSTP};
use signal_hook::iterator::Signals;

use state::{Conn, Pending, Shared};

use crate::store::recovery::Recovery;
use crate::store::scripts::PARK_UNSETTLED;
use crate::store::{self, KeyType, Store, StoreResult, keys};

/// Why the worker stopped, and what it did.
pub struct Ended {
    pub reason: &'static str,
    /// Jobs put back on their queues at shutdown.
    pub requeued: u64,
}

/// Run the worker until it is told to stop (or, with --burst, until there is nothing left).
pub fn run(shared: &Shared) -> anyhow::Result<Ended> {
    // Job directories left by workers killed mid-job on this host: theirs, not live ones'.
    let removed = leftovers::sweep(&std::env::temp_dir());
    if removed > 0 {
        shared.log("info", "stale_job_dirs_removed", &[("removed", &removed)]);
    }
    let mut signals = Signals::new([SIGTERM, SIGINT, SIGTSTP])
        .map_err(|e| anyhow::anyhow!("can't install signal handlers: {e}"))?;
    let handle = signals.handle();
    // Every thread started from here on inherits this mask (handlers' processes don't: the
    // standard library starts them with an empty one).
    mask_signals(libc::SIG_BLOCK, &[SIGCHLD, SIGTERM, SIGINT, SIGTSTP]);
    std::thread::scope(|scope| {
        scope.spawn(move || {
            // The one thread that takes TERM, INT and TSTP; it never waits on Redis.
            mask_signals(libc::SIG_UNBLOCK, &[SIGTERM, SIGINT, SIGTSTP]);
            for sig in signals.forever() {
                on_signal(shared, sig);
            }
        });
        // The probes answer from the start: "starting" while the first beat waits on Redis.
        scope.spawn(|| probe::serve(shared));
        let ended = work(shared, scope);
        // Whatever ended the run, the probe server (and every loop still watching) stops.
        shared.finished.store(true, Ordering::SeqCst);
        handle.close();
        Ok(ended?)
    })
}

/// Hold TERM, INT and TSTP from the very start of a worker run: one sent while the run is
/// still setting up (reading its config, writing its audit entry, connecting) then waits,
/// pending, for the signal thread of [`run`] instead of killing the process outright.
pub fn hold_stop_signals() {
    mask_signals(libc::SIG_BLOCK, &[SIGTERM, SIGINT, SIGTSTP]);
}

/// Undo [`hold_stop_signals`] (a run that turned out not to be a worker's).
pub fn release_stop_signals() {
    mask_signals(libc::SIG_UNBLOCK, &[SIGTERM, SIGINT, SIGTSTP]);
}

/// Why the worker's threads block signals: a Redis read with a timeout (SO_RCVTIMEO) fails
/// with EINTR whenever a signal becomes pending for the thread, even one whose action is to
/// be ignored, and a SIGCHLD arrives for every finished handler (glibc's posix_spawn blocks
/// all signals in the spawning thread for a moment, so the kernel queues it instead of
/// dropping it). An interrupted BLMOVE loses its reply: the job sits on the in-progress
/// list until reconcile finds it minutes later. So SIGCHLD stays blocked everywhere (the
/// worker waits for its children by pid) and TERM/INT/TSTP reach only the signal thread.
fn mask_signals(how: libc::c_int, signals: &[libc::c_int]) {
    // SAFETY: plain sigset manipulation on a zeroed set, then pthread_sigmask on this thread.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for &s in signals {
            libc::sigaddset(&mut set, s);
        }
        libc::pthread_sigmask(how, &set, std::ptr::null_mut());
    }
}

fn work<'s>(shared: &'s Shared, scope: &'s std::thread::Scope<'s, '_>) -> StoreResult<Ended> {
    // Each processor thread counts itself out when it ends; set before the first beat so
    // that /healthz never sees fewer than started.
    shared
        .telemetry
        .processors
        .store(shared.settings.concurrency, Ordering::SeqCst);
    if let Err(e) = beat::first_beat(shared, shared.settings.startup_wait) {
        if shared.stopping() {
            return Ok(Ended {
                reason: "stopped",
                requeued: 0,
            });
        }
        return Err(e);
    }
    shared.log(
        "info",
        "worker_started",
        &[
            ("identity", &shared.settings.identity),
            ("queues", &weighted(&shared.settings.queues)),
            ("concurrency", &shared.settings.concurrency),
        ],
    );
    let hooks = (!shared.death_hooks.is_empty()).then(|| scope.spawn(|| run_death_hooks(shared)));
    let beat = scope.spawn(|| beat::run(shared));
    let listen = scope.spawn(|| beat::listen(shared));
    let follow = scope.spawn(|| failover::follow(shared));
    let poller = scope.spawn(|| poller::run(shared));
    let batches = std::sync::Arc::new(batch::Batches::default());
    let processors: Vec<_> = (0..shared.settings.concurrency)
        .map(|_| {
            let batches = batches.clone();
            scope.spawn(move || process::run(shared, &batches))
        })
        .collect();
    // The busy entries of running jobs fetched by a call, written when no call does.
    let registrar = {
        let batches = batches.clone();
        scope.spawn(move || batches.register_loop(shared))
    };
    let reason = watch(shared);
    drain(shared);
    for p in processors {
        let _ = p.join();
    }
    batches.close();
    let _ = registrar.join();
    let _ = poller.join();
    let requeued = finish(shared);
    // The deaths filed so far have their hooks run before the process goes.
    shared.deaths.close();
    if let Some(hooks) = hooks {
        let _ = hooks.join();
    }
    shared.finished.store(true, Ordering::SeqCst);
    let _ = beat.join();
    let _ = listen.join();
    let _ = follow.join();
    if let Err(e) = Conn::new(shared)
        .get()
        .and_then(|s| cleanup_presence(s, &shared.settings.identity))
    {
        shared.log("error", "cleanup_failed", &[("error", &e)]);
    }
    // The run's summary: with JSON logs it is the only one (no table follows on stdout).
    let t = &shared.tally;
    let count = |n: &std::sync::atomic::AtomicU64| n.load(Ordering::SeqCst);
    shared.log(
        "info",
        "worker_stopped",
        &[
            ("identity", &shared.settings.identity),
            ("reason", &reason),
            ("processed", &count(&t.processed)),
            ("failed", &count(&t.failed)),
            ("retried", &count(&t.retried)),
            ("dead", &count(&t.dead)),
            ("discarded", &count(&t.discarded)),
            ("requeued", &requeued),
        ],
    );
    Ok(Ended { reason, requeued })
}

/// The configured queues as they were given, a weight as `:N`: `critical:3,default,nc` for
/// `critical,critical,critical,default,nc` (each name repeated once per unit of weight).
fn weighted(queues: &[String]) -> String {
    let mut runs: Vec<(&str, usize)> = Vec::new();
    for q in queues {
        match runs.last_mut() {
            Some((name, n)) if *name == q.as_str() => *n += 1,
            _ => runs.push((q, 1)),
        }
    }
    runs.iter()
        .map(|&(name, n)| {
            if n > 1 {
                format!("{name}:{n}")
            } else {
                name.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The death hook thread: each queued death's hooks, in order, each outcome logged and counted.
fn run_death_hooks(shared: &Shared) {
    shared
        .deaths
        .serve(&shared.death_hooks, |death, fields, run| {
            shared.telemetry.death_hook(run.outcome.name());
            let common: [(&str, &dyn std::fmt::Display); 4] = [
                ("jid", &fields.jid),
                ("class", &fields.class),
                ("reason", &death.reason.name()),
                ("hook", &run.command),
            ];
            match &run.outcome {
                death::HookOutcome::Ok => shared.log("info", "death_hook_done", &common),
                death::HookOutcome::Failed(why) => {
                    let mut all = common.to_vec();
                    all.push(("error", why));
                    shared.log("warn", "death_hook_failed", &all);
                }
                death::HookOutcome::TimedOut => {
                    let timeout = format!("{}s", shared.death_hooks.timeout().as_secs_f64());
                    let mut all = common.to_vec();
                    all.push(("after", &timeout));
                    shared.log("warn", "death_hook_timeout", &all);
                }
            }
        });
}

/// TERM/INT stop (a second one exits at once, leaving unfinished jobs on the list for
/// recovery); TSTP quiets.
fn on_signal(shared: &Shared, sig: i32) {
    match sig {
        SIGTSTP => {
            shared.quiet.store(true, Ordering::SeqCst);
            shared.log("info", "quiet", &[("signal", &"TSTP")]);
        }
        _ if shared.stopping() => {
            shared.log("warn", "stop_now", &[("signal", &sig)]);
            shared.abandon.store(true, Ordering::SeqCst);
            shared.children.signal_all(libc::SIGKILL);
            std::process::exit(130);
        }
        _ => {
            shared.log("info", "stopping", &[("signal", &sig)]);
            shared.request_stop();
        }
    }
}

/// The main thread's watch until something asks the worker to stop: a signal, a remote
/// `stop`, --max-jobs reached and done, or (with --burst) nothing left to do.
fn watch(shared: &Shared) -> &'static str {
    let mut conn = Conn::new(shared);
    let mut queues = shared.settings.queues.clone();
    queues.sort();
    queues.dedup();
    // Burst looks more often: a CI run ends soon after its last job.
    let every = Duration::from_millis(if shared.settings.burst { 100 } else { 250 });
    loop {
        shared.nap(every);
        if shared.stopping() {
            return "stopped";
        }
        let idle = shared.busy.load(Ordering::SeqCst) == 0;
        if let Some(max) = shared.settings.max_jobs
            && shared.started_jobs.load(Ordering::SeqCst) >= max
            && idle
        {
            shared.request_stop();
            return "max-jobs";
        }
        if shared.settings.burst && idle {
            let empty = conn.get().and_then(|s| all_empty(shared, s, &queues));
            match empty {
                Ok(true) if shared.busy.load(Ordering::SeqCst) == 0 => {
                    shared.request_stop();
                    return "burst";
                }
                Ok(_) => {}
                Err(e) => conn.after(&e),
            }
        }
    }
}

/// Burst's "nothing left": every unpaused queue it reads is empty (checked before this
/// process's own list, so a job moving from one to the other is seen in one of them), no
/// job of its own is unfinished (only settlements it owes may remain: the shutdown parks
/// them), and (unless quiet) no scheduled or retry entry is due, since the poller would move
/// it onto a queue. A key that can't be read (a wrong type) holds nothing this process can
/// work; the fetch and the poller report it.
fn all_empty(shared: &Shared, store: &mut Store, queues: &[String]) -> StoreResult<bool> {
    let paused = store.members(keys::PAUSED_QUEUES).unwrap_or_default();
    let mut count = |cmd: &redis::Cmd, key: &[u8], kind: KeyType| -> StoreResult<u64> {
        match store.query::<u64>(cmd, key, kind) {
            Ok(n) => Ok(n),
            Err(e) if e.is_connection() => Err(e),
            Err(_) => Ok(0),
        }
    };
    for q in queues.iter().filter(|q| !paused.iter().any(|p| p == *q)) {
        let key = keys::queue(q);
        if count(redis::cmd("LLEN").arg(&key), &key, KeyType::List)? > 0 {
            return Ok(false);
        }
    }
    let own = keys::inprogress(&shared.settings.identity);
    let held = count(redis::cmd("LLEN").arg(&own), &own, KeyType::List)?;
    let owed = shared.pending.lock().expect("pending").len() as u64;
    if held > owed {
        return Ok(false);
    }
    if !shared.quiet() {
        let now = crate::store::rewrite::ruby_float(shared.now());
        for set in [keys::SCHEDULE, keys::RETRY] {
            let due = redis::cmd("ZCOUNT").arg(set).arg("-inf").arg(&now).clone();
            if count(&due, set.as_bytes(), KeyType::Zset)? > 0 {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Wait for running jobs up to the drain timeout; then kill the handlers still running
/// (TERM, then KILL after the grace) and leave their jobs for the shutdown requeue.
fn drain(shared: &Shared) {
    let deadline = Instant::now() + shared.settings.drain;
    while shared.busy.load(Ordering::SeqCst) > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    if shared.busy.load(Ordering::SeqCst) == 0 {
        return;
    }
    shared.log(
        "warn",
        "drain_timeout",
        &[("running", &shared.busy.load(Ordering::SeqCst))],
    );
    shared.abandon.store(true, Ordering::SeqCst);
    shared.children.signal_all(libc::SIGTERM);
    let kill_at = Instant::now() + shared.settings.grace;
    while shared.children.count() > 0 && Instant::now() < kill_at {
        std::thread::sleep(Duration::from_millis(50));
    }
    shared.children.signal_all(libc::SIGKILL);
}

/// The end of a clean stop (OPERATIONS §11.3, §11.4): settle what is owed, park failures
/// that still can't be filed, put every unfinished job back at the front of its queue, and
/// then (in `work`) the presence goes.
fn finish(shared: &Shared) -> u64 {
    let mut conn = Conn::new(shared);
    process::settle_pending(shared, &mut conn);
    let owed = shared.owed();
    let identity = &shared.settings.identity;
    let list = keys::inprogress(identity);
    let mut to_ack = Vec::new();
    let mut keep = Vec::new();
    for (raw, how) in owed {
        match how {
            Pending::Ack { .. } => to_ack.push(raw),
            Pending::File {
                set,
                score,
                payload,
            } => {
                // OPERATIONS §10.1: the score a JSON number (its text as filed), the payload
                // a JSON string holding the job.
                let record = format!(
                    "{{\"set\":{},\"score\":{score},\"payload\":{}}}",
                    serde_json::to_string(&set).expect("a string serialises"),
                    serde_json::to_string(&payload).expect("a string serialises")
                );
                let parked = conn.get().and_then(|s| {
                    s.eval(
                        &PARK_UNSETTLED,
                        &[&list, keys::UNSETTLED.as_bytes()],
                        &[&raw, record.as_bytes()],
                    )
                });
                match parked {
                    // Filed into `set` by the next recovery pass of any process.
                    Ok(reply) if store::value::int(&reply) == Some(1) => {
                        process::count_filed(shared, payload.as_bytes(), &set)
                    }
                    Ok(_) => {}
                    Err(_) => keep.push(raw),
                }
            }
        }
    }
    let r = Recovery {
        threshold: shared.settings.orphan_threshold,
        max_orphanings: shared.settings.max_orphanings,
        batch: None,
        now: shared.now(),
    };
    match conn
        .get()
        .and_then(|s| r.requeue_own(s, identity, &to_ack, &keep))
    {
        Ok(done) => {
            if done.moved > 0 {
                shared.log("warn", "requeued_unfinished", &[("jobs", &done.moved)]);
            }
            done.moved
        }
        Err(e) => {
            shared.log("error", "requeue_unfinished_failed", &[("error", &e)]);
            0
        }
    }
}

/// OPERATIONS §11.4.
fn cleanup_presence(store: &mut Store, identity: &str) -> StoreResult<()> {
    let mut pipe = redis::pipe();
    pipe.cmd("DEL")
        .arg(keys::process(identity))
        .arg(keys::workers(identity))
        .arg(keys::memory(identity))
        .ignore();
    pipe.cmd("SREM").arg(keys::PROCESSES).arg(identity).ignore();
    store.pipeline(&pipe)?;
    let list = keys::inprogress(identity);
    let left: u64 = store.query(redis::cmd("LLEN").arg(&list), &list, KeyType::List)?;
    if left == 0 {
        let mut pipe = redis::pipe();
        pipe.cmd("SREM")
            .arg(keys::INPROGRESS_IDENTITIES)
            .arg(identity)
            .ignore();
        pipe.cmd("HDEL").arg(keys::LAST_BEAT).arg(identity).ignore();
        store.pipeline(&pipe)?;
    }
    Ok(())
}
