//! What the threads of one worker process share: who it is, what it reads, what it is
//! running, what it still owes Redis, and whether it should stop.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use super::death::{Death, DeathHooks, Queue};
use super::handlers::Handlers;
use super::job::Children;
use super::log::LogFormat;
use super::telemetry::Telemetry;
use crate::clock::Clock;
use crate::store::{Connector, Store, StoreError, StoreResult};

/// A settlement this process owes Redis for a job still on its in-progress list
/// (OPERATIONS §9.3): the ACK that failed, or the retry/dead filing that failed.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    /// `success_at`: when the job succeeded, for a success, which is counted as processed
    /// (in that hour's throughput) when the ACK lands.
    Ack { success_at: Option<f64> },
    File {
        set: String,
        score: String,
        payload: String,
    },
}

/// Counts for the summary (and for `--burst`'s exit status).
#[derive(Default)]
pub struct Tally {
    pub processed: AtomicU64,
    pub failed: AtomicU64,
    pub retried: AtomicU64,
    pub dead: AtomicU64,
    pub discarded: AtomicU64,
    /// The first failed runs, for the summary to name.
    pub failures: Mutex<Vec<FailedRun>>,
}

/// A run that failed: what the summary names.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FailedRun {
    pub jid: String,
    pub class: String,
    pub error: String,
}

/// How many failed runs the summary names.
pub const FAILURES_NAMED: usize = 20;

impl Tally {
    /// Count a failed run, and keep it for the summary while fewer than FAILURES_NAMED are.
    pub fn count_failure(&self, jid: &str, class: &str, error: &str) {
        self.failed.fetch_add(1, Ordering::Relaxed);
        let mut kept = self
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if kept.len() < FAILURES_NAMED {
            kept.push(FailedRun {
                jid: jid.to_string(),
                class: class.to_string(),
                error: error.to_string(),
            });
        }
    }

    /// A failed job filed late (interrupt path, settled debt, parked record) into `set`.
    pub fn filed(&self, set: &str) {
        let counter = if set == crate::store::keys::DEAD {
            &self.dead
        } else {
            &self.retried
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

pub struct Settings {
    pub identity: String,
    pub hostname: String,
    pub pid: u32,
    /// The configured queues, a name repeated once per unit of weight.
    pub queues: Vec<String>,
    pub concurrency: usize,
    pub burst: bool,
    pub max_jobs: Option<u64>,
    pub drain: Duration,
    pub grace: Duration,
    pub orphan_threshold: f64,
    pub max_orphanings: u64,
    pub beat_every: Duration,
    pub poll_every: Duration,
    pub orphan_check_every: Duration,
    /// How long the first heartbeat is retried before the worker gives up on Redis.
    pub startup_wait: Duration,
    pub quiet_logs: bool,
    pub log_format: LogFormat,
    /// Record every finished run as the gem's History middleware does.
    pub history: bool,
}

pub struct Shared {
    pub settings: Settings,
    pub connector: Connector,
    pub handlers: Handlers,
    pub children: Children,
    pub clock: Clock,
    pub started_at: f64,
    pub quiet: AtomicBool,
    /// Set when the process begins to stop: no more fetches, fetched jobs are given back.
    pub stopping: AtomicBool,
    /// Set when the drain timed out: running handlers are being killed, and their jobs are
    /// left on the list for the shutdown requeue instead of being recorded as failures.
    pub abandon: AtomicBool,
    /// Set once every processor has returned: the heartbeat stops.
    pub finished: AtomicBool,
    pub busy: AtomicUsize,
    pub started_jobs: AtomicU64,
    pub running: Mutex<HashMap<Vec<u8>, usize>>,
    pub pending: Mutex<HashMap<Vec<u8>, Pending>>,
    /// Held by the one thread settling what is owed, so two don't settle the same debt.
    pub settling: Mutex<()>,
    /// Each processor thread's long-running handler processes, by pid.
    pub handlers_memory: Mutex<HashMap<String, Vec<libc::pid_t>>>,
    pub tally: Tally,
    pub death_hooks: DeathHooks,
    /// Deaths waiting for their hooks (run by one thread of their own).
    pub deaths: Queue,
    pub telemetry: Telemetry,
    /// `--listen`: where /healthz, /readyz and /metrics are served.
    pub listener: Option<std::net::TcpListener>,
}

impl Shared {
    pub fn now(&self) -> f64 {
        self.clock.current()
    }

    pub fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    pub fn quiet(&self) -> bool {
        self.quiet.load(Ordering::SeqCst)
    }

    /// Ask every thread to stop (the shutdown sequence itself runs on the main thread).
    pub fn request_stop(&self) {
        self.quiet.store(true, Ordering::SeqCst);
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Sleep up to `d`, waking early when the process begins to stop.
    pub fn nap(&self, d: Duration) {
        let step = Duration::from_millis(50);
        let mut left = d;
        while !left.is_zero() && !self.stopping() {
            let s = left.min(step);
            std::thread::sleep(s);
            left = left.saturating_sub(s);
        }
    }

    pub fn start_running(&self, raw: &[u8]) {
        *self
            .running
            .lock()
            .expect("running")
            .entry(raw.to_vec())
            .or_insert(0) += 1;
        self.busy.fetch_add(1, Ordering::SeqCst);
    }

    pub fn stop_running(&self, raw: &[u8]) {
        let mut running = self.running.lock().expect("running");
        if let Some(n) = running.get_mut(raw) {
            *n -= 1;
            if *n == 0 {
                running.remove(raw);
            }
        }
        self.busy.fetch_sub(1, Ordering::SeqCst);
    }

    /// A copy of what this process owes Redis, to settle without holding the lock.
    pub fn owed(&self) -> Vec<(Vec<u8>, Pending)> {
        self.pending
            .lock()
            .expect("pending")
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// A processor thread's long-running handler processes now.
    pub fn handler_pids(&self, tid: &str, pids: Vec<libc::pid_t>) {
        let mut memory = self.handlers_memory.lock().expect("handlers_memory");
        if pids.is_empty() {
            memory.remove(tid);
        } else {
            memory.insert(tid.to_string(), pids);
        }
    }

    /// Every thread's long-running handlers: how many, and their resident KB (read now).
    pub fn handlers_total(&self) -> (usize, u64) {
        let pids: Vec<libc::pid_t> = self
            .handlers_memory
            .lock()
            .expect("handlers_memory")
            .values()
            .flatten()
            .copied()
            .collect();
        let kb = pids
            .iter()
            .filter_map(|pid| super::rss::rss_kb_of(&pid.to_string()))
            .sum();
        (pids.len(), kb)
    }

    pub fn owe(&self, raw: &[u8], pending: Pending) {
        self.pending
            .lock()
            .expect("pending")
            .insert(raw.to_vec(), pending);
    }

    /// A structured log line on stderr, in `--log-format` (see `worker::log`): every value
    /// escaped, so whatever a job holds, it is one line.
    pub fn log(&self, level: &str, event: &str, fields: &[(&str, &dyn std::fmt::Display)]) {
        if self.settings.quiet_logs && level == "info" {
            return;
        }
        super::log::write(self.settings.log_format, level, event, fields);
    }

    /// A job died for good and was acknowledged: its hooks are due. A processor thread may
    /// wait here while the hooks are far behind; any other thread never waits.
    pub fn died(&self, death: Death, processor: bool) {
        if !self.death_hooks.is_empty() {
            self.deaths.push(death, processor);
        }
    }
}

/// A thread's own connection, opened on first use and again after it was lost; its errors
/// and reconnections are counted in the worker's telemetry.
pub struct Conn<'a> {
    shared: &'a Shared,
    store: Option<Store>,
    /// Redis was lost since the last connection was made (the next one is a reconnection).
    lost: bool,
}

impl<'a> Conn<'a> {
    pub fn new(shared: &'a Shared) -> Conn<'a> {
        Conn {
            shared,
            store: None,
            lost: false,
        }
    }

    pub fn get(&mut self) -> StoreResult<&mut Store> {
        let connector = &self.shared.connector;
        connector.wait_for_promotion();
        if self.store.as_ref().is_some_and(|s| !s.is_current()) {
            self.store = None;
        }
        if self.store.is_none() {
            self.store = Some(Store::connect(connector.clone())?);
            self.shared.telemetry.redis_ok();
            if std::mem::take(&mut self.lost) {
                self.shared.telemetry.reconnected();
            }
        }
        Ok(self.store.as_mut().expect("connected above"))
    }

    /// A connection is open (the last use of Redis didn't fail for want of it).
    pub fn connected(&self) -> bool {
        self.store.is_some()
    }

    /// After an error: drop the connection when Redis went away, so the next use reconnects.
    pub fn after(&mut self, err: &StoreError) {
        let connection = err.is_connection();
        self.shared
            .telemetry
            .redis_error(connection, &err.to_string());
        if connection {
            self.store = None;
            self.lost = true;
        }
    }
}
