//! `cogctl metrics`: the Prometheus exposition of the gem's `/metrics` plus what it lacks,
//! once to stdout or served over HTTP (`--listen`).

mod serve;

use std::io::Write;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use clap::Args;

use super::Ctx;
use crate::ops::periodic::{EntryDelay, entry_delays};
use crate::ops::procs::{Process, State, read_processes};
use crate::ops::queues::{QueueRow, read_queues};
use crate::ops::stats::Totals;
use crate::ops::{Problem, read_registry};
use crate::render::exposition::{Exposition, Kind};
use crate::store::liveness::ListState;
use crate::store::{KeyType, Store, StoreError, StoreResult, keys, value};
use crate::term::exit::Exit;

/// Prometheus metrics: the gem's own (same names and values) and cogctl's additions
///
/// Without --listen, prints the text exposition once to stdout (for node_exporter's textfile
/// collector: `cogctl metrics > dir/cogworker.prom.tmp && mv …`). With --listen, serves
/// /metrics and /healthz over HTTP until interrupted; every scrape reads Redis afresh with a
/// fixed number of pipelined round trips (never a whole set). When Redis can't be reached,
/// the exposition is just `cogctl_up 0` (HTTP 503 when serving; exit 3 once).
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "The Prometheus exposition once, on stdout",
        "cogctl metrics",
    ),
    (
        "Serve /metrics and /healthz for Prometheus to scrape",
        "cogctl metrics --listen 0.0.0.0:9808",
    ),
]))]
pub struct MetricsArgs {
    /// Serve /metrics and /healthz on this address (HOST:PORT, e.g. 0.0.0.0:9808) instead of
    /// printing once
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<String>,

    /// With --listen: scrapes served at the same time (each uses its own Redis connection)
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u16).range(1..=64), requires = "listen")]
    pub concurrency: u16,
}

/// An in-progress list's owner is presumed dead after this long without a beat (the gem's
/// `orphan_threshold`, KEYS.md §9).
const ORPHAN_THRESHOLD: f64 = 300.0;

pub fn run(ctx: &mut Ctx, args: &MetricsArgs) -> anyhow::Result<Exit> {
    let connector = ctx.connector()?;
    run_on(ctx, args, vec![(None, connector)])
}

/// `metrics` across a fleet: every shard scraped at once, each series labelled with its
/// shard (`shard="prod-a"`), once or served (`--listen`).
pub fn run_fleet(
    ctx: &mut Ctx,
    args: &MetricsArgs,
    shards: Vec<(String, crate::store::Connector)>,
) -> anyhow::Result<Exit> {
    run_on(
        ctx,
        args,
        shards.into_iter().map(|(n, c)| (Some(n), c)).collect(),
    )
}

fn run_on(
    ctx: &mut Ctx,
    args: &MetricsArgs,
    targets: Vec<(Option<String>, crate::store::Connector)>,
) -> anyhow::Result<Exit> {
    let pinned = ctx.ui.clock.pinned.then_some(ctx.ui.clock.now);
    if let Some(addr) = &args.listen {
        return serve::run(ctx, addr, usize::from(args.concurrency), &targets, pinned);
    }
    let mut exporter = Exporter::new(&targets, pinned);
    let scrape = exporter.scrape(None);
    ctx.out.write_all(scrape.body.as_bytes())?;
    match scrape.outcome {
        Outcome::Served if scrape.down.is_empty() => Ok(Problem::exit(&scrape.problems)),
        Outcome::Served => {
            for (shard, err) in &scrape.down {
                let error = crate::text::visible(&err.to_string()).into_owned();
                crate::ops::fleet::warn_unread(&ctx.ui, shard, &error);
            }
            Ok(Exit::FleetPartial)
        }
        Outcome::Unreachable(err) => Err(err.into()),
    }
}

/// What a scrape reads: one Redis, or every shard of a fleet, each on a scraper of its own.
pub struct Exporter {
    scrapers: Vec<(Option<String>, Arc<Slot>)>,
    target: String,
}

/// A shard's scraper, lent to one thread at a time. A shard's thread may outlive the call
/// that started it (a frozen shard, read until its read timeout): the slot stays empty
/// until that thread gives the scraper back, and a later call waits for it no longer than
/// its own deadline.
struct Slot {
    scraper: Mutex<Option<Scraper>>,
    back: Condvar,
    /// Its connection's read timeout.
    read_timeout: Duration,
}

impl Slot {
    fn take(&self, deadline: Instant) -> Option<Scraper> {
        let mut held = self.scraper.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(scraper) = held.take() {
                return Some(scraper);
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            held = self
                .back
                .wait_timeout(held, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// `work` with the scraper on this thread: one Redis's, never lent to another (an
    /// exporter serves one scrape at a time), so never missing.
    fn with<T>(&self, work: impl FnOnce(&mut Scraper) -> T) -> StoreResult<T> {
        let taken = self
            .scraper
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let Some(mut scraper) = taken else {
            return Err(StoreError::Unreachable {
                target: "Redis".into(),
                reason: "its scraper is in use (a bug in cogctl)".into(),
            });
        };
        let out = work(&mut scraper);
        self.give_back(scraper);
        Ok(out)
    }

    fn give_back(&self, scraper: Scraper) {
        *self.scraper.lock().unwrap_or_else(PoisonError::into_inner) = Some(scraper);
        self.back.notify_one();
    }
}

/// Why a shard gave no answer to a call across the fleet.
fn unanswered(shard: &str, limit: Duration, busy: bool) -> StoreError {
    StoreError::Unreachable {
        target: format!("shard {shard}"),
        reason: if busy {
            format!(
                "no answer within {limit:?}: still busy with an earlier read (the shard answers \
                 nothing)"
            )
        } else {
            format!("no answer within {limit:?}, the time this scrape had")
        },
    }
}

impl Exporter {
    pub fn new(targets: &[(Option<String>, crate::store::Connector)], pinned: Option<f64>) -> Self {
        let target = match targets {
            [(None, one)] => one.target().to_string(),
            many => {
                let names: Vec<&str> = many.iter().filter_map(|(s, _)| s.as_deref()).collect();
                format!("the shards {}", names.join(", "))
            }
        };
        Exporter {
            target,
            scrapers: targets
                .iter()
                .map(|(shard, c)| {
                    let slot = Slot {
                        scraper: Mutex::new(Some(Scraper::new(c.clone(), pinned))),
                        back: Condvar::new(),
                        read_timeout: c.read_timeout(),
                    };
                    (shard.clone(), Arc::new(slot))
                })
                .collect(),
        }
    }

    /// What the exporter reads (for its start line): the Redis, or the fleet's shards.
    pub fn target(&self) -> String {
        self.target.clone()
    }

    /// The longest any shard may take for a call with no time of its own: its read timeout.
    fn read_limit(&self) -> Duration {
        self.scrapers
            .iter()
            .map(|(_, slot)| slot.read_timeout)
            .max()
            .unwrap_or(Duration::from_secs(30))
    }

    /// `work` on every shard at once, each on a thread of its own, for at most `limit`: the
    /// answers in the fleet's order (a shard that gave none by then: why). With `enough`,
    /// the wait ends as soon as one answer satisfies it (the shards not heard from yet are
    /// then left out).
    fn each_shard<T: Send + 'static>(
        &self,
        limit: Duration,
        work: fn(&mut Scraper) -> T,
        enough: Option<fn(&T) -> bool>,
    ) -> Vec<(String, Result<T, StoreError>)> {
        let deadline = Instant::now() + limit;
        let (tx, rx) = std::sync::mpsc::channel();
        let mut unstarted = Vec::new();
        for (i, (_, slot)) in self.scrapers.iter().enumerate() {
            let (slot, tx) = (Arc::clone(slot), tx.clone());
            let spawned = std::thread::Builder::new()
                .name("scrape".into())
                .spawn(move || {
                    let Some(mut scraper) = slot.take(deadline) else {
                        let _ = tx.send((i, None));
                        return;
                    };
                    let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        work(&mut scraper)
                    }));
                    slot.give_back(scraper);
                    let _ = tx.send((i, out.ok().map(Some)));
                });
            if spawned.is_err() {
                unstarted.push(i);
            }
        }
        for i in unstarted {
            let _ = tx.send((i, Some(None)));
        }
        drop(tx);
        let mut answers: Vec<Option<Result<T, StoreError>>> =
            (0..self.scrapers.len()).map(|_| None).collect();
        let mut heard = 0;
        while heard < answers.len() {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                break;
            };
            let Ok((i, answer)) = rx.recv_timeout(left) else {
                break;
            };
            heard += 1;
            let shard = self.scrapers[i].0.clone().unwrap_or_default();
            let answer = match answer {
                None => Err(unanswered(&shard, limit, true)),
                Some(None) => Err(StoreError::Unreachable {
                    target: format!("shard {shard}"),
                    reason: "its read failed to start or panicked (a bug in cogctl)".into(),
                }),
                Some(Some(value)) => Ok(value),
            };
            let done = matches!((&answer, enough), (Ok(v), Some(enough)) if enough(v));
            answers[i] = Some(answer);
            if done {
                // With what else has come in already.
                while let Ok((i, Some(Some(value)))) = rx.try_recv() {
                    answers[i] = Some(Ok(value));
                }
                return self
                    .scrapers
                    .iter()
                    .zip(answers)
                    .filter_map(|((shard, _), a)| Some((shard.clone().unwrap_or_default(), a?)))
                    .collect();
            }
        }
        self.scrapers
            .iter()
            .zip(answers)
            .map(|((shard, _), answer)| {
                let shard = shard.clone().unwrap_or_default();
                let answer = answer.unwrap_or_else(|| Err(unanswered(&shard, limit, false)));
                (shard, answer)
            })
            .collect()
    }

    /// One scrape: one Redis as [`Scraper::scrape`]; a fleet's shards read at once, their
    /// expositions merged family by family, each series with its `shard` label. A fleet's
    /// scrape is served while one shard is: the others say `cogctl_up{shard=…} 0`. `budget`:
    /// how long a fleet's scrape may take (the client's timeout, less a margin); by default,
    /// the shards' read timeout. A shard not read by then is down for this scrape.
    pub fn scrape(&mut self, budget: Option<Duration>) -> Scrape {
        if let [(None, one)] = self.scrapers.as_slice() {
            return one.with(Scraper::scrape).unwrap_or_else(|err| Scrape {
                body: down(&err, Duration::ZERO),
                outcome: Outcome::Unreachable(err),
                problems: Vec::new(),
                down: Vec::new(),
            });
        }
        let started = Instant::now();
        let limit = budget.unwrap_or_else(|| self.read_limit());
        let scrapes: Vec<(String, Scrape)> = self
            .each_shard(limit, Scraper::scrape, None)
            .into_iter()
            .map(|(shard, read)| {
                let scrape = read.unwrap_or_else(|err| Scrape {
                    body: down(&err, started.elapsed()),
                    outcome: Outcome::Unreachable(err),
                    problems: Vec::new(),
                    down: Vec::new(),
                });
                (shard, scrape)
            })
            .collect();
        let bodies: Vec<(&str, &str)> = scrapes
            .iter()
            .map(|(shard, s)| (shard.as_str(), s.body.as_str()))
            .collect();
        let body = crate::render::exposition::merge_shards(&bodies);
        let mut problems = Vec::new();
        let mut down = Vec::new();
        let mut served = false;
        for (shard, scrape) in scrapes {
            // They decide the exit status only (the exposition counts and names them).
            problems.extend(scrape.problems);
            match scrape.outcome {
                Outcome::Served => served = true,
                Outcome::Unreachable(err) => down.push((shard, err)),
            }
        }
        let outcome = if served || down.is_empty() {
            Outcome::Served
        } else {
            let each: Vec<String> = down
                .drain(..)
                .map(|(shard, err)| format!("shard {shard}: {err}"))
                .collect();
            Outcome::Unreachable(StoreError::Unreachable {
                target: "any shard of the fleet".into(),
                reason: each.join("; "),
            })
        };
        Scrape {
            body,
            outcome,
            problems,
            down,
        }
    }

    /// Whether Redis answers PING (for /healthz); across a fleet, whether one shard does,
    /// all pinged at once: the answer comes with the first shard that answers, naming the
    /// shards whose PING had failed by then (and all of them, when none answers within the
    /// read timeout).
    pub fn ping(&mut self) -> Result<Vec<String>, String> {
        if let [(None, one)] = self.scrapers.as_slice() {
            return match one.with(Scraper::ping) {
                Ok(Ok(())) => Ok(Vec::new()),
                Ok(Err(e)) | Err(e) => Err(e.to_string()),
            };
        }
        let answers = self.each_shard(
            self.read_limit(),
            |s| s.ping().map_err(|e| e.to_string()),
            Some(|a: &Result<(), String>| a.is_ok()),
        );
        let mut failed = Vec::new();
        let mut answered = false;
        for (shard, answer) in answers {
            match answer.map_err(|e| e.to_string()).and_then(|a| a) {
                Ok(()) => answered = true,
                Err(err) => failed.push(format!("shard {shard}: {err}")),
            }
        }
        if answered {
            Ok(failed)
        } else {
            Err(failed.join("; "))
        }
    }
}

/// Scrapes Redis on one connection, made (again) when needed.
pub struct Scraper {
    connector: crate::store::Connector,
    store: Option<Store>,
    pinned: Option<f64>,
}

pub struct Scrape {
    pub body: String,
    pub outcome: Outcome,
    pub problems: Vec<Problem>,
    /// Across a fleet served: the shards that could not be read, and why.
    pub down: Vec<(String, StoreError)>,
}

pub enum Outcome {
    Served,
    /// Redis could not be reached or could not serve: the body is `cogctl_up 0`.
    Unreachable(StoreError),
}

impl Scraper {
    pub fn new(connector: crate::store::Connector, pinned: Option<f64>) -> Scraper {
        Scraper {
            connector,
            store: None,
            pinned,
        }
    }

    /// Whether Redis answers PING (for /healthz).
    pub fn ping(&mut self) -> StoreResult<()> {
        let mut store = match self.store.take() {
            Some(store) if store.is_current() => store,
            _ => Store::connect(self.connector.clone())?,
        };
        store.query_server::<String>(&redis::cmd("PING"))?;
        self.store = Some(store);
        Ok(())
    }

    /// One scrape: everything read, then written out; an error that isn't a key's own (a lost
    /// connection, an unavailable Redis) gives `cogctl_up 0` and drops the connection.
    pub fn scrape(&mut self) -> Scrape {
        let started = Instant::now();
        let now = self
            .pinned
            .unwrap_or_else(|| crate::clock::Clock::system().now);
        let read = match self.store.take() {
            Some(store) if store.is_current() => Ok(store),
            _ => Store::connect(self.connector.clone()),
        }
        .and_then(|mut store| {
            let snapshot = Snapshot::read(&mut store, now, self.pinned);
            if snapshot.is_ok() {
                self.store = Some(store);
            }
            snapshot
        });
        match read {
            Ok(snapshot) => {
                let problems = snapshot.problems.clone();
                Scrape {
                    body: snapshot.exposition(started.elapsed()),
                    outcome: Outcome::Served,
                    problems,
                    down: Vec::new(),
                }
            }
            Err(err) => Scrape {
                body: down(&err, started.elapsed()),
                outcome: Outcome::Unreachable(err),
                problems: Vec::new(),
                down: Vec::new(),
            },
        }
    }
}

/// Everything one scrape reads.
pub struct Snapshot {
    processed: Option<f64>,
    failed: Option<f64>,
    scheduled: Option<u64>,
    retry: Option<u64>,
    dead: Option<u64>,
    unsettled: Option<u64>,
    repeat_orphans: Option<u64>,
    /// The current and the previous hour's throughput buckets: (processed, failed).
    hours: [(Option<u64>, Option<u64>); 2],
    /// The newest dead entry's score (when it died).
    newest_dead: Option<f64>,
    now: f64,
    queues: Vec<QueueRow>,
    processes: Vec<Process>,
    inprogress: Option<InProgress>,
    /// None when no periodic entry is published (or the schedule can't be read).
    periodic: Option<Vec<EntryDelay>>,
    problems: Vec<Problem>,
}

#[derive(Default)]
struct InProgress {
    jobs: u64,
    orphaned_jobs: u64,
    orphaned_lists: u64,
}

impl Snapshot {
    /// The bounded reads of one scrape (docs/monitoring.md "Prometheus: cogctl metrics"): one
    /// pipeline of counters and sizes, the queues (registry, paused set, one pipeline of LLEN +
    /// LINDEX -1), the processes (registry, one pipeline of HGETALL + PTTL each, HMGET
    /// last_beat), the in-progress lists of the registry (one pipeline), and the periodic
    /// schedule.
    pub fn read(store: &mut Store, now: f64, pinned: Option<f64>) -> StoreResult<Snapshot> {
        let mut problems = Vec::new();
        let hour = (now.floor() as i64).div_euclid(3600);
        let mut pipe = redis::pipe();
        Totals::queue(&mut pipe);
        for h in [hour, hour - 1] {
            pipe.cmd("HMGET")
                .arg(keys::throughput(h))
                .arg("processed")
                .arg("failed");
        }
        pipe.cmd("ZREVRANGE")
            .arg(keys::DEAD)
            .arg(0)
            .arg(0)
            .arg("WITHSCORES");
        let replies = store.pipeline(&pipe)?;

        let totals = Totals::from_replies(&replies, &mut problems);
        let number =
            |n: &Option<serde_json::Number>| n.as_ref().and_then(serde_json::Number::as_f64);
        let (processed, failed) = (number(&totals.processed), number(&totals.failed));
        let Totals {
            scheduled,
            retry,
            dead,
            unsettled,
            repeat_orphans,
            ..
        } = totals;
        let mut hours = [(None, None); 2];
        let after = Totals::COMMANDS;
        for (slot, (i, h)) in hours.iter_mut().zip([(after, hour), (after + 1, hour - 1)]) {
            match &replies[i] {
                Ok(v) => {
                    let field = |n: usize| {
                        value::items(v).get(n).map_or(Some(0), |f| match f {
                            redis::Value::Nil => Some(0),
                            f => value::int(f).map(|n| n.max(0) as u64),
                        })
                    };
                    *slot = (field(0), field(1));
                }
                Err(e) => problems.push(Problem::wrong(keys::throughput(h), KeyType::Hash, e)),
            }
        }
        let newest_dead = match &replies[Totals::COMMANDS + 2] {
            Ok(v) => value::items(v)
                .get(1)
                .and_then(value::string)
                .and_then(|s| s.parse::<f64>().ok()),
            Err(_) => None,
        };

        let (queues, queue_problems) = read_queues(store, now)?;
        problems.extend(queue_problems);
        let (processes, process_problems) = read_processes(store, now, false)?;
        problems.extend(process_problems);
        let inprogress = read_inprogress(store, pinned, &mut problems)?;
        let periodic = match entry_delays(store, now, &crate::cron::local_zone())? {
            Ok(delays) if delays.is_empty() => None,
            Ok(delays) => Some(delays),
            Err(error) => {
                problems.push(Problem {
                    key: keys::PERIODIC_SCHEDULE.into(),
                    error,
                });
                None
            }
        };
        Ok(Snapshot {
            processed,
            failed,
            scheduled,
            retry,
            dead,
            unsettled,
            repeat_orphans,
            hours,
            newest_dead,
            now,
            queues,
            processes,
            inprogress,
            periodic,
            problems,
        })
    }

    fn exposition(&self, took: Duration) -> String {
        let mut e = Exposition::new();
        // The gem's own metrics, with its names.
        gauge_or_counter(
            &mut e,
            "cogworker_processed_total",
            Kind::Counter,
            "Jobs processed successfully, ever (cogworker:stats:processed).",
            self.processed,
        );
        gauge_or_counter(
            &mut e,
            "cogworker_failed_total",
            Kind::Counter,
            "Failed job runs, ever, retries included (cogworker:stats:failed).",
            self.failed,
        );
        let size = |n: Option<u64>| n.map(|n| n as f64);
        gauge_or_counter(
            &mut e,
            "cogworker_retry_size",
            Kind::Gauge,
            "Jobs waiting for a retry (cogworker:retry).",
            size(self.retry),
        );
        gauge_or_counter(
            &mut e,
            "cogworker_scheduled_size",
            Kind::Gauge,
            "Jobs scheduled to run later (cogworker:schedule).",
            size(self.scheduled),
        );
        gauge_or_counter(
            &mut e,
            "cogworker_dead_size",
            Kind::Gauge,
            "Jobs in the dead set (cogworker:dead).",
            size(self.dead),
        );
        let mut f = e.family(
            "cogworker_queue_size",
            Kind::Gauge,
            "Jobs waiting on the queue.",
        );
        for q in &self.queues {
            f.sample(&[("queue", &q.name.shown())], q.size as f64);
        }
        let mut f = e.family(
            "cogworker_queue_latency_seconds",
            Kind::Gauge,
            "How long the oldest waiting job of the queue has waited (0 when empty).",
        );
        for q in &self.queues {
            f.sample(&[("queue", &q.name.shown())], q.latency);
        }
        let live: Vec<&Process> = self
            .processes
            .iter()
            .filter(|p| matches!(p.state, State::Alive | State::Quiet))
            .collect();
        e.family(
            "cogworker_busy_workers",
            Kind::Gauge,
            "Jobs running now, summed over live processes.",
        )
        .value(
            live.iter()
                .filter_map(|p| p.busy)
                .map(|b| b.max(0))
                .sum::<i64>() as f64,
        );

        // What the gem doesn't export.
        let mut f = e.family(
            "cogworker_queue_paused",
            Kind::Gauge,
            "1 when the queue is paused (cogworker:paused_queues).",
        );
        for q in &self.queues {
            if let Some(paused) = q.paused {
                f.sample(&[("queue", &q.name.shown())], f64::from(u8::from(paused)));
            }
        }
        let mut f = e.family(
            "cogworker_processes",
            Kind::Gauge,
            "Members of cogworker:processes by state: alive, quiet (not fetching), gone (no presence key), unknown (unreadable).",
        );
        for state in [State::Alive, State::Quiet, State::Gone, State::Unknown] {
            let n = self.processes.iter().filter(|p| p.state == state).count();
            f.sample(&[("state", state.name())], n as f64);
        }
        type Field = fn(&Process) -> Option<f64>;
        let per_process: [(&'static str, &str, Field); 5] = [
            (
                "cogworker_process_busy",
                "Jobs the live process was running at its last beat.",
                |p| p.busy.map(|b| b as f64),
            ),
            (
                "cogworker_process_concurrency",
                "Processor threads of the live process.",
                |p| p.concurrency.map(|c| c as f64),
            ),
            (
                "cogworker_process_rss_bytes",
                "Resident memory of the live process at its last beat (with a cogctl worker's handlers).",
                |p| p.rss_kb.map(|kb| kb as f64 * 1024.0),
            ),
            (
                "cogworker_process_beat_age_seconds",
                "Seconds since the live process's last heartbeat.",
                |p| p.beat_age,
            ),
            (
                "cogworker_process_quiet",
                "1 when the live process has stopped fetching (quiet).",
                |p| Some(f64::from(u8::from(p.state == State::Quiet))),
            ),
        ];
        for (name, help, field) in per_process {
            let mut f = e.family(name, Kind::Gauge, help);
            for p in &live {
                if let Some(v) = field(p) {
                    let identity = p.identity.shown();
                    let host = p.hostname.as_deref().unwrap_or("");
                    f.sample(&[("identity", &identity), ("hostname", host)], v);
                }
            }
        }
        if let Some(ip) = &self.inprogress {
            e.family(
                "cogworker_inprogress_jobs",
                Kind::Gauge,
                "Jobs on the in-progress lists of cogworker:inprogress_identities (reliable fetch).",
            )
            .value(ip.jobs as f64);
            e.family(
                "cogworker_orphaned_jobs",
                Kind::Gauge,
                "In-progress jobs whose process is presumed dead (no presence key, no beat for 300 s): the next orphan pass requeues them.",
            )
            .value(ip.orphaned_jobs as f64);
            e.family(
                "cogworker_orphaned_lists",
                Kind::Gauge,
                "In-progress lists whose process is presumed dead.",
            )
            .value(ip.orphaned_lists as f64);
        }
        gauge_or_counter(
            &mut e,
            "cogworker_repeat_orphans_size",
            Kind::Gauge,
            "Jobs orphaned too often, parked in cogworker:repeat_orphans.",
            size(self.repeat_orphans),
        );
        gauge_or_counter(
            &mut e,
            "cogworker_unsettled_size",
            Kind::Gauge,
            "Settlement records a stopping process could not file (cogworker:unsettled).",
            size(self.unsettled),
        );
        for (name, help, pick) in [
            (
                "cogworker_hour_processed",
                "Jobs processed in the current and the previous clock hour (cogworker:throughput:<hour>).",
                0,
            ),
            (
                "cogworker_hour_failed",
                "Failed runs in the current and the previous clock hour (cogworker:throughput:<hour>).",
                1,
            ),
        ] {
            let mut f = e.family(name, Kind::Gauge, help);
            for (label, bucket) in ["current", "previous"].iter().zip(&self.hours) {
                let v = if pick == 0 { bucket.0 } else { bucket.1 };
                if let Some(v) = v {
                    f.sample(&[("hour", label)], v as f64);
                }
            }
        }
        if let Some(newest) = self.newest_dead {
            e.family(
                "cogworker_dead_newest_age_seconds",
                Kind::Gauge,
                "Seconds since the newest entry of the dead set died (absent when it is empty).",
            )
            .value((self.now - newest).max(0.0));
        }
        if let Some(delays) = &self.periodic {
            let mut f = e.family(
                "cogworker_periodic_delay_seconds",
                Kind::Gauge,
                "How long an enabled periodic entry's due slot has waited for a ticker (0 when up to date).",
            );
            for d in delays {
                f.sample(&[("pjid", &d.pjid.shown()), ("class", &d.class)], d.delay);
            }
        }
        e.family(
            "cogctl_up",
            Kind::Gauge,
            "1 when cogctl could read Redis for this scrape.",
        )
        .value(1.0);
        e.family(
            "cogctl_scrape_duration_seconds",
            Kind::Gauge,
            "How long this scrape took.",
        )
        .value(took.as_secs_f64());
        e.family(
            "cogctl_scrape_problems",
            Kind::Gauge,
            "Keys this scrape could not read (wrong type, unreadable value), each named in a comment.",
        )
        .value(self.problems.len() as f64);
        for p in &self.problems {
            e.comment(&format!("problem: {}: {}", p.key.shown(), p.error));
        }
        if e.dropped > 0 {
            let dropped = e.dropped;
            e.comment(&format!(
                "{dropped} sample(s) left out: their names read the same as another's once escaped"
            ));
        }
        e.finish()
    }
}

/// The exposition of a scrape that couldn't read Redis.
fn down(err: &StoreError, took: Duration) -> String {
    let mut e = Exposition::new();
    e.comment(&format!("cogctl: Redis unavailable: {err}"));
    e.family(
        "cogctl_up",
        Kind::Gauge,
        "1 when cogctl could read Redis for this scrape.",
    )
    .value(0.0);
    e.family(
        "cogctl_scrape_duration_seconds",
        Kind::Gauge,
        "How long this scrape took.",
    )
    .value(took.as_secs_f64());
    e.finish()
}

/// A family of one sample, written only when its key could be read.
fn gauge_or_counter(
    e: &mut Exposition,
    name: &'static str,
    kind: Kind,
    help: &str,
    v: Option<f64>,
) {
    if let Some(v) = v {
        e.family(name, kind, help).value(v);
    }
}

/// The in-progress lists named in `cogworker:inprogress_identities` and their owners'
/// liveness, in one pipeline (the registry, not a SCAN of the keyspace: `cogctl orphans`
/// scans). None when the registry can't be read.
fn read_inprogress(
    store: &mut Store,
    pinned: Option<f64>,
    problems: &mut Vec<Problem>,
) -> StoreResult<Option<InProgress>> {
    let before = problems.len();
    let identities = read_registry(store, keys::INPROGRESS_IDENTITIES, problems)?;
    if problems.len() > before {
        return Ok(None);
    }
    let mut out = InProgress::default();
    if identities.is_empty() {
        return Ok(Some(out));
    }
    let mut pipe = redis::pipe();
    pipe.cmd("TIME");
    pipe.cmd("HMGET").arg(keys::LAST_BEAT).arg(&identities);
    for id in &identities {
        pipe.cmd("EXISTS").arg(keys::process(id));
        pipe.cmd("LLEN").arg(keys::inprogress(id));
    }
    let replies = store.pipeline(&pipe)?;
    let redis_now = replies[0]
        .as_ref()
        .ok()
        .and_then(|v| value::items(v).first().and_then(value::int))
        .unwrap_or(0);
    let (stamps, beat_unreadable): (Vec<Option<String>>, bool) = match &replies[1] {
        Ok(v) => (value::items(v).iter().map(value::string).collect(), false),
        Err(e) => {
            problems.push(Problem::wrong(keys::LAST_BEAT, KeyType::Hash, e));
            (Vec::new(), true)
        }
    };
    for (i, (id, pair)) in identities.iter().zip(replies[2..].chunks(2)).enumerate() {
        let length = match &pair[1] {
            Ok(v) => value::int(v).unwrap_or(0).max(0) as u64,
            Err(e) => {
                problems.push(Problem::wrong(keys::inprogress(id), KeyType::List, e));
                continue;
            }
        };
        let state = ListState {
            identity: id.clone(),
            presence: matches!(&pair[0], Ok(v) if value::int(v) == Some(1)),
            last_beat: stamps.get(i).cloned().flatten(),
            last_beat_unreadable: beat_unreadable,
            redis_now,
            length,
        };
        out.jobs += length;
        if length > 0 && state.judge(ORPHAN_THRESHOLD, pinned).liveness.is_dead() {
            out.orphaned_jobs += length;
            out.orphaned_lists += 1;
        }
    }
    Ok(Some(out))
}
