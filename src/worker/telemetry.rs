//! What `worker --listen` serves: the worker's own metrics, counted as jobs run (a short lock
//! or an atomic add each, nothing that waits on I/O) and written out only when scraped, and
//! the state its /healthz and /readyz probes answer from.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use crate::render::exposition::{Exposition, Kind};

/// Job duration buckets, seconds: from a few milliseconds (a noop, an HTTP call) to an hour
/// (a report, an export).
pub const DURATION_BUCKETS: [f64; 16] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0, 900.0, 3600.0,
];
/// Fetch wait buckets, seconds: a job handed over with the previous one's acknowledgement
/// waits well under a millisecond; an idle queue makes a processor wait seconds or more.
pub const WAIT_BUCKETS: [f64; 11] = [
    0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 10.0, 30.0, 60.0,
];
/// The class label of every class past `--metrics-max-classes`.
pub const OTHER_CLASS: &str = "other";

/// How a job ended, for `cogctl_worker_jobs_total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobOutcome {
    Success,
    Retry,
    Dead,
    Discard,
}

impl JobOutcome {
    const ALL: [JobOutcome; 4] = [
        JobOutcome::Success,
        JobOutcome::Retry,
        JobOutcome::Dead,
        JobOutcome::Discard,
    ];

    fn name(self) -> &'static str {
        match self {
            JobOutcome::Success => "success",
            JobOutcome::Retry => "retry",
            JobOutcome::Dead => "dead",
            JobOutcome::Discard => "discard",
        }
    }
}

#[derive(Clone, Debug)]
struct Histogram {
    /// Per bucket, not cumulative; the last one is past every bound.
    counts: Vec<u64>,
    sum: f64,
}

impl Histogram {
    fn new(bounds: &[f64]) -> Histogram {
        Histogram {
            counts: vec![0; bounds.len() + 1],
            sum: 0.0,
        }
    }

    fn observe(&mut self, bounds: &[f64], v: f64) {
        let i = bounds.iter().position(|b| v <= *b).unwrap_or(bounds.len());
        self.counts[i] += 1;
        self.sum += v;
    }
}

#[derive(Clone, Debug)]
struct JobStats {
    outcomes: [u64; 4],
    duration: Histogram,
}

/// The worker's counters and probe state.
pub struct Telemetry {
    max_classes: usize,
    /// class label → queue → counts.
    jobs: Mutex<HashMap<String, HashMap<String, JobStats>>>,
    fetch_wait: Mutex<Histogram>,
    /// (event, reason) → count: handler processes started, replaced, recycled.
    handler_events: Mutex<BTreeMap<(&'static str, &'static str), u64>>,
    redis_errors: [AtomicU64; 2],
    reconnects: AtomicU64,
    death_hooks: [AtomicU64; 3],
    /// When a heartbeat was last written.
    last_beat: Mutex<Option<Instant>>,
    /// Why Redis can't be reached, since the last connection error (cleared once it answers).
    redis_down: Mutex<Option<String>>,
    /// Whether `redis_down` holds an error: read without the lock on every fetch.
    redis_down_flag: AtomicBool,
    /// Processor threads running now.
    pub processors: AtomicUsize,
}

impl Telemetry {
    pub fn new(max_classes: usize) -> Telemetry {
        Telemetry {
            max_classes,
            jobs: Mutex::new(HashMap::new()),
            fetch_wait: Mutex::new(Histogram::new(&WAIT_BUCKETS)),
            handler_events: Mutex::new(BTreeMap::new()),
            redis_errors: Default::default(),
            reconnects: AtomicU64::new(0),
            death_hooks: Default::default(),
            last_beat: Mutex::new(None),
            redis_down: Mutex::new(None),
            redis_down_flag: AtomicBool::new(false),
            processors: AtomicUsize::new(0),
        }
    }

    /// A job of `class` from `queue` ended with `outcome`; `seconds` is how long its handler ran
    /// (none for a failure filed later: its run was already timed).
    pub fn job(&self, class: &str, queue: &str, outcome: Option<JobOutcome>, seconds: Option<f64>) {
        let mut jobs = lock(&self.jobs);
        let class = if jobs.contains_key(class)
            || jobs.len() - usize::from(jobs.contains_key(OTHER_CLASS)) < self.max_classes
        {
            class
        } else {
            OTHER_CLASS
        };
        let by_queue = match jobs.get_mut(class) {
            Some(q) => q,
            None => jobs.entry(class.to_string()).or_default(),
        };
        let stats = match by_queue.get_mut(queue) {
            Some(s) => s,
            None => by_queue
                .entry(queue.to_string())
                .or_insert_with(|| JobStats {
                    outcomes: [0; 4],
                    duration: Histogram::new(&DURATION_BUCKETS),
                }),
        };
        if let Some(outcome) = outcome {
            stats.outcomes[outcome as usize] += 1;
        }
        if let Some(seconds) = seconds {
            stats.duration.observe(&DURATION_BUCKETS, seconds);
        }
    }

    /// A processor waited `seconds` for its next job.
    pub fn fetch_wait(&self, seconds: f64) {
        lock(&self.fetch_wait).observe(&WAIT_BUCKETS, seconds);
    }

    /// A long-running handler process was started, replaced or recycled.
    pub fn handler_event(&self, event: &str, reason: &str) {
        let event = match event {
            "handler_started" => "started",
            "handler_replaced" => "replaced",
            "handler_recycled" => "recycled",
            _ => return,
        };
        let reason = match reason {
            "" => "",
            "jobs" => "jobs",
            "memory" => "memory",
            "exited" => "exited",
            "protocol" => "protocol",
            "timeout" => "timeout",
            _ => "other",
        };
        *lock(&self.handler_events)
            .entry((event, reason))
            .or_insert(0) += 1;
    }

    /// A Redis call failed (`connection`: Redis could not be reached or went away).
    pub fn redis_error(&self, connection: bool, error: &str) {
        self.redis_errors[usize::from(connection)].fetch_add(1, Ordering::Relaxed);
        if connection {
            *lock(&self.redis_down) = Some(error.to_string());
            self.redis_down_flag.store(true, Ordering::SeqCst);
        }
    }

    /// A connection was made again after one was lost.
    pub fn reconnected(&self) {
        self.reconnects.fetch_add(1, Ordering::Relaxed);
    }

    /// Redis answered.
    pub fn redis_ok(&self) {
        if self.redis_down_flag.load(Ordering::SeqCst) {
            *lock(&self.redis_down) = None;
            self.redis_down_flag.store(false, Ordering::SeqCst);
        }
    }

    /// Why Redis can't be reached now, if it can't.
    pub fn redis_down(&self) -> Option<String> {
        lock(&self.redis_down).clone()
    }

    pub fn beat_written(&self) {
        *lock(&self.last_beat) = Some(Instant::now());
        self.redis_ok();
    }

    /// Seconds since the last heartbeat was written; none before the first.
    pub fn beat_age(&self) -> Option<f64> {
        lock(&self.last_beat).map(|at| at.elapsed().as_secs_f64())
    }

    pub fn death_hook(&self, outcome: &str) {
        let i = match outcome {
            "ok" => 0,
            "failed" => 1,
            _ => 2,
        };
        self.death_hooks[i].fetch_add(1, Ordering::Relaxed);
    }

    /// The exposition of everything counted; `gauges` are the values read at the scrape.
    pub fn render(&self, gauges: &Gauges) -> String {
        let mut e = Exposition::new();
        e.family(
            "cogctl_worker_info",
            Kind::Gauge,
            "This worker process: its identity (always 1).",
        )
        .sample(&[("identity", &gauges.identity)], 1.0);
        // Copies taken under the lock, written out after it: a scrape holds up no job.
        let jobs = lock(&self.jobs).clone();
        let mut rows: Vec<(&String, &String, &JobStats)> = jobs
            .iter()
            .flat_map(|(c, qs)| qs.iter().map(move |(q, s)| (c, q, s)))
            .collect();
        rows.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
        let mut f = e.family(
            "cogctl_worker_jobs_total",
            Kind::Counter,
            "Jobs this process ran, by class, queue and outcome (success, retry, dead, discard).",
        );
        for (class, queue, stats) in &rows {
            for outcome in JobOutcome::ALL {
                f.sample(
                    &[
                        ("class", class),
                        ("queue", queue),
                        ("outcome", outcome.name()),
                    ],
                    stats.outcomes[outcome as usize] as f64,
                );
            }
        }
        let mut f = e.family(
            "cogctl_worker_job_duration_seconds",
            Kind::Histogram,
            "How long handlers ran, by class and queue.",
        );
        for (class, queue, stats) in &rows {
            f.histogram(
                &[("class", class), ("queue", queue)],
                &DURATION_BUCKETS,
                &stats.duration.counts,
                stats.duration.sum,
            );
        }
        e.family(
            "cogctl_worker_metrics_classes_limit",
            Kind::Gauge,
            "--metrics-max-classes: classes past it are counted under class=\"other\".",
        )
        .value(self.max_classes as f64);
        e.family(
            "cogctl_worker_busy",
            Kind::Gauge,
            "Processor threads running a job now.",
        )
        .value(gauges.busy as f64);
        e.family(
            "cogctl_worker_concurrency",
            Kind::Gauge,
            "Processor threads (--concurrency).",
        )
        .value(gauges.concurrency as f64);
        e.family(
            "cogctl_worker_quiet",
            Kind::Gauge,
            "1 while the process fetches no new jobs (quiet or stopping).",
        )
        .value(f64::from(u8::from(gauges.quiet)));
        let wait = lock(&self.fetch_wait).clone();
        e.family(
            "cogctl_worker_fetch_wait_seconds",
            Kind::Histogram,
            "How long a processor waited for its next job.",
        )
        .histogram(&[], &WAIT_BUCKETS, &wait.counts, wait.sum);
        let events = lock(&self.handler_events).clone();
        let mut f = e.family(
            "cogctl_worker_handler_processes_total",
            Kind::Counter,
            "Long-running (serve:) handler processes started, replaced (exited, protocol, timeout) and recycled (jobs, memory).",
        );
        for event in ["started", "replaced", "recycled"] {
            if !events.keys().any(|(e, _)| *e == event) {
                f.sample(&[("event", event), ("reason", "")], 0.0);
            }
        }
        for ((event, reason), n) in &events {
            f.sample(&[("event", event), ("reason", reason)], *n as f64);
        }
        let mut f = e.family(
            "cogctl_worker_redis_errors_total",
            Kind::Counter,
            "Redis calls that failed: kind=connection (unreachable, lost) or command.",
        );
        f.sample(
            &[("kind", "command")],
            self.redis_errors[0].load(Ordering::Relaxed) as f64,
        );
        f.sample(
            &[("kind", "connection")],
            self.redis_errors[1].load(Ordering::Relaxed) as f64,
        );
        e.family(
            "cogctl_worker_redis_reconnects_total",
            Kind::Counter,
            "Connections to Redis made again after one was lost.",
        )
        .value(self.reconnects.load(Ordering::Relaxed) as f64);
        e.family(
            "cogctl_worker_redis_up",
            Kind::Gauge,
            "0 since Redis last failed to answer, 1 once it answers again.",
        )
        .value(f64::from(u8::from(self.redis_down().is_none())));
        let mut f = e.family(
            "cogctl_worker_heartbeat_age_seconds",
            Kind::Gauge,
            "Seconds since this process last wrote its heartbeat.",
        );
        if let Some(age) = self.beat_age() {
            f.value(age);
        }
        let mut f = e.family(
            "cogctl_worker_death_hooks_total",
            Kind::Counter,
            "Death hook runs, by result (ok, failed, timeout).",
        );
        for (i, result) in ["ok", "failed", "timeout"].into_iter().enumerate() {
            f.sample(
                &[("result", result)],
                self.death_hooks[i].load(Ordering::Relaxed) as f64,
            );
        }
        process_metrics(&mut e, gauges.started_at);
        e.finish()
    }
}

/// What a scrape reads from the worker's shared state.
pub struct Gauges {
    pub identity: String,
    pub busy: usize,
    pub concurrency: usize,
    pub quiet: bool,
    /// Epoch seconds the process started.
    pub started_at: f64,
}

/// The standard process metrics (the names of Prometheus' client libraries), from /proc.
fn process_metrics(e: &mut Exposition, started_at: f64) {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let field = |n: usize| fields.get(n - 3).and_then(|v| v.parse::<f64>().ok());
    // SAFETY: sysconf only reads a system constant.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    // SAFETY: as above.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as f64;
    if let (Some(utime), Some(stime)) = (field(14), field(15))
        && ticks > 0.0
    {
        e.family(
            "process_cpu_seconds_total",
            Kind::Counter,
            "Total user and system CPU time spent in seconds.",
        )
        .value((utime + stime) / ticks);
    }
    if let Some(rss) = field(24) {
        e.family(
            "process_resident_memory_bytes",
            Kind::Gauge,
            "Resident memory size in bytes.",
        )
        .value(rss * page);
    }
    if let Some(vsize) = field(23) {
        e.family(
            "process_virtual_memory_bytes",
            Kind::Gauge,
            "Virtual memory size in bytes.",
        )
        .value(vsize);
    }
    e.family(
        "process_start_time_seconds",
        Kind::Gauge,
        "Start time of the process since unix epoch in seconds.",
    )
    .value(started_at);
    if let Ok(dir) = std::fs::read_dir("/proc/self/fd") {
        e.family(
            "process_open_fds",
            Kind::Gauge,
            "Number of open file descriptors.",
        )
        .value(dir.count() as f64);
    }
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
        e.family(
            "process_max_fds",
            Kind::Gauge,
            "Maximum number of open file descriptors.",
        )
        .value(limit.rlim_cur as f64);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gauges() -> Gauges {
        Gauges {
            identity: "h:1:abc".into(),
            busy: 2,
            concurrency: 10,
            quiet: false,
            started_at: 1.0,
        }
    }

    #[test]
    fn classes_past_the_limit_are_counted_as_other() {
        let t = Telemetry::new(2);
        for class in ["A", "B", "C", "A", "D"] {
            t.job(class, "q", Some(JobOutcome::Success), Some(0.01));
        }
        let text = t.render(&gauges());
        assert!(
            text.contains(
                "cogctl_worker_jobs_total{class=\"A\",queue=\"q\",outcome=\"success\"} 2\n"
            )
        );
        assert!(text.contains(
            "cogctl_worker_jobs_total{class=\"other\",queue=\"q\",outcome=\"success\"} 2\n"
        ));
        assert!(!text.contains("class=\"C\""));
        assert!(text.contains(
            "cogctl_worker_job_duration_seconds_bucket{class=\"A\",queue=\"q\",le=\"0.01\"} 2\n"
        ));
    }

    #[test]
    fn handler_events_have_bounded_reasons() {
        let t = Telemetry::new(500);
        t.handler_event("handler_started", "");
        t.handler_event("handler_recycled", "jobs");
        t.handler_event("handler_replaced", "exited");
        t.handler_event("handler_replaced", "anything else");
        t.handler_event("not_a_handler_event", "");
        let text = t.render(&gauges());
        for line in [
            "cogctl_worker_handler_processes_total{event=\"started\",reason=\"\"} 1\n",
            "cogctl_worker_handler_processes_total{event=\"recycled\",reason=\"jobs\"} 1\n",
            "cogctl_worker_handler_processes_total{event=\"replaced\",reason=\"exited\"} 1\n",
            "cogctl_worker_handler_processes_total{event=\"replaced\",reason=\"other\"} 1\n",
        ] {
            assert!(text.contains(line), "{line}{text}");
        }
        assert_eq!(
            text.matches("cogctl_worker_handler_processes_total{")
                .count(),
            4
        );
    }

    #[test]
    fn outcomes_and_durations_are_counted_apart() {
        let t = Telemetry::new(500);
        t.job("K", "q", Some(JobOutcome::Retry), Some(2.0));
        t.job("K", "q", Some(JobOutcome::Dead), None);
        let text = t.render(&gauges());
        for (outcome, n) in [("success", 0), ("retry", 1), ("dead", 1), ("discard", 0)] {
            assert!(
                text.contains(&format!(
                    "cogctl_worker_jobs_total{{class=\"K\",queue=\"q\",outcome=\"{outcome}\"}} {n}\n"
                )),
                "{text}"
            );
        }
        assert!(
            text.contains("cogctl_worker_job_duration_seconds_count{class=\"K\",queue=\"q\"} 1\n")
        );
        assert!(text.contains("process_resident_memory_bytes "));
    }
}
