//! One refresh of the dashboard (`cogctl top`'s home view): a fixed number of pipelined round trips whose size depends
//! only on the number of queues and processes, never on how many jobs a set or list holds;
//! and the rates, worked out from successive refreshes.
//!
//! Per refresh (docs/monitoring.md lists the same):
//! 1. `SMEMBERS cogworker:queues`, 2. `SMEMBERS cogworker:paused_queues`,
//! 3. per queue `LLEN`, `LINDEX -1` (latency), `LINDEX 0` (its newest job) and, once a newest
//!    job is known, `LPOS <queue> <that job> MAXLEN 10000`;
//! 4. `SMEMBERS cogworker:processes`,
//! 5. per process `HGETALL` of its presence hash and `PTTL`, plus one `HMGET
//!    cogworker:last_beat`; once a minute also its memory history (`ZRANGEBYSCORE`, at most
//!    1000 members);
//! 6. `GET` of both counters, `ZCARD` of schedule, retry and dead, `LLEN` of unsettled and
//!    repeat_orphans (the reads every overview shares), `ZREVRANGE cogworker:dead 0 4
//!    WITHSCORES`, and `INFO`.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use crate::clock::Clock;
use crate::ops::Problem;
use crate::ops::procs::{State, read_processes};
use crate::ops::queues::read_queues_with;
use crate::ops::stats::Totals as Counted;
use crate::store::job::{Job, UNPARSEABLE_CLASS};
use crate::store::{Connector, Name, Reply, Store, StoreError, StoreResult, keys, value};

pub mod fleet;

/// How far `LPOS` looks for the newest job of the refresh before. Beyond it, the count of
/// jobs pushed since is a lower bound.
pub const LPOS_MAXLEN: u64 = 10_000;
/// The dead entries shown.
pub const DEATHS: usize = 5;
/// How often the memory histories (which change every 15 min) are read again.
pub const MEMORY_EVERY: Duration = Duration::from_secs(60);
/// The span of the throughput chart, seconds.
pub const WINDOW: f64 = 600.0;

/// What is remembered of a queue between refreshes.
struct Track {
    len: u64,
    /// Its newest job (index 0) at the time; None when it was empty.
    head: Option<Vec<u8>>,
}

/// The counters of one refresh, for the chart and the growth figures.
#[derive(Clone, Copy)]
struct Counters {
    /// Seconds since top started (monotonic).
    at: f64,
    processed: Option<i64>,
    failed: Option<i64>,
    retry: Option<u64>,
    dead: Option<u64>,
}

/// Reads the screen's data, remembering what the rates need; owns the connection, made
/// again after it is lost.
pub struct Sampler {
    connector: Connector,
    store: Option<Store>,
    clock: Clock,
    started: Instant,
    /// The queues as the last refresh read them, and when (seconds since start).
    tracks: HashMap<Name, Track>,
    tracked_at: f64,
    counters: VecDeque<Counters>,
    first: Option<Counters>,
    memory: HashMap<Name, Vec<Option<i64>>>,
    memory_read: Option<Instant>,
}

impl Sampler {
    pub fn new(connector: Connector, clock: Clock) -> Sampler {
        Sampler {
            connector,
            store: None,
            clock,
            started: Instant::now(),
            tracks: HashMap::new(),
            tracked_at: 0.0,
            counters: VecDeque::new(),
            first: None,
            memory: HashMap::new(),
            memory_read: None,
        }
    }

    pub fn target(&self) -> &str {
        self.connector.target()
    }

    /// The connection, made (again) when there is none or it reaches a demoted primary.
    fn connected<'a>(
        store: &'a mut Option<Store>,
        connector: &Connector,
    ) -> StoreResult<&'a mut Store> {
        if store.as_ref().is_some_and(|s| !s.is_current()) {
            *store = None;
        }
        if store.is_none() {
            *store = Some(Store::connect(connector.clone())?);
        }
        Ok(store.as_mut().expect("connected above"))
    }

    /// Forget a connection that failed, so the next call makes a new one.
    fn checked<T>(&mut self, result: StoreResult<T>) -> StoreResult<T> {
        if result.as_ref().is_err_and(StoreError::is_connection) {
            self.store = None;
        }
        result
    }

    /// Whether Redis answers (one `PING`): the refresh of a screen that shows nothing of the
    /// dashboard's, which keeps its banner true at the cost of one command.
    pub fn ping(&mut self) -> StoreResult<()> {
        let result = Self::connected(&mut self.store, &self.connector)
            .and_then(|store| store.query_server::<()>(&redis::cmd("PING")));
        self.checked(result)
    }

    /// One refresh.
    pub fn refresh(&mut self) -> StoreResult<View> {
        let result = self.read();
        self.checked(result)
    }

    fn read(&mut self) -> StoreResult<View> {
        let now = self.clock.current();
        let at = self.started.elapsed().as_secs_f64();
        let memory_due = self.memory_read.is_none_or(|t| t.elapsed() >= MEMORY_EVERY);
        let target = self.target().to_string();
        let tracks = &self.tracks;
        let store = Self::connected(&mut self.store, &self.connector)?;

        let (queue_rows, mut problems) = read_queues_with(store, now, |name, key, pipe| {
            pipe.cmd("LINDEX").arg(key).arg(0);
            if let Some(head) = tracks.get(name).and_then(|t| t.head.as_ref()) {
                pipe.cmd("LPOS")
                    .arg(key)
                    .arg(head)
                    .arg("MAXLEN")
                    .arg(LPOS_MAXLEN);
            }
        })?;
        let (processes, process_problems) = read_processes(store, now, memory_due)?;
        problems.extend(process_problems);

        let mut pipe = redis::pipe();
        Counted::queue(&mut pipe);
        pipe.cmd("ZREVRANGE")
            .arg(keys::DEAD)
            .arg(0)
            .arg(DEATHS - 1)
            .arg("WITHSCORES");
        pipe.cmd("INFO");
        let replies = store.pipeline(&pipe)?;

        let dt = at - self.tracked_at;
        let had_tracks = !self.tracks.is_empty() || self.first.is_some();
        let mut tracks = HashMap::with_capacity(queue_rows.len());
        let mut queues = Vec::with_capacity(queue_rows.len());
        for (row, own) in queue_rows {
            let head = own
                .first()
                .and_then(|r| r.as_ref().ok())
                .and_then(value::bytes);
            let (enqueued, dequeued) = match (had_tracks, self.tracks.get(&row.name)) {
                (true, Some(prev)) => match queue_rates(prev, row.size, own.get(1), dt) {
                    Ok(rates) => rates,
                    Err(e) => {
                        problems.push(Problem {
                            key: keys::queue(&row.name),
                            error: format!("no enqueue/dequeue rates: {e}"),
                        });
                        (None, None)
                    }
                },
                // A queue that appeared since the last refresh: everything in it was pushed
                // in between, and more may have come and gone.
                (true, None) => (per_sec(row.size as f64, dt, true), per_sec(0.0, dt, true)),
                (false, _) => (None, None),
            };
            tracks.insert(
                row.name.clone(),
                Track {
                    len: row.size,
                    head: head.map(<[u8]>::to_vec),
                },
            );
            queues.push(QueueLine {
                name: row.name,
                size: row.size,
                latency: row.latency,
                paused: row.paused,
                enqueued,
                dequeued,
                unreadable: None,
                shard: None,
            });
        }
        // A queue whose list can't be read keeps its row, saying so.
        for p in &problems {
            if let Some(name) = keys::queue_of_key(&p.key) {
                queues.push(QueueLine {
                    name,
                    size: 0,
                    latency: 0.0,
                    paused: None,
                    enqueued: None,
                    dequeued: None,
                    unreadable: Some(p.error.clone()),
                    shard: None,
                });
            }
        }
        queues.sort_by(|a, b| a.name.cmp(&b.name));
        self.tracks = tracks;
        self.tracked_at = at;

        if memory_due {
            self.memory = processes
                .iter()
                .filter_map(|p| {
                    let m = p.memory.as_ref()?;
                    Some((p.identity.clone(), m.slots.iter().map(|s| s.kb).collect()))
                })
                .collect();
            self.memory_read = Some(Instant::now());
        }

        let mut totals = Totals::default();
        let mut lines = Vec::with_capacity(processes.len());
        for p in processes {
            let state = match p.state {
                State::Alive => ProcState::Alive,
                State::Quiet => ProcState::Quiet,
                State::Unknown => ProcState::Unknown,
                State::Gone => ProcState::Gone,
            };
            match state {
                ProcState::Alive | ProcState::Quiet => {
                    totals.live += 1;
                    totals.busy += p.busy.unwrap_or(0);
                    totals.concurrency += p.concurrency.unwrap_or(0);
                    if state == ProcState::Quiet {
                        totals.quiet += 1;
                    }
                }
                ProcState::Gone => totals.gone += 1,
                ProcState::Unknown => {}
            }
            lines.push(ProcessLine {
                memory: self.memory.get(&p.identity).cloned(),
                identity: p.identity,
                state,
                busy: p.busy,
                concurrency: p.concurrency,
                rss_kb: p.rss_kb,
                beat_age: p.beat_age,
                shard: None,
            });
        }

        let counted = Counted::from_replies(&replies, &mut problems);
        totals.processed = counted
            .processed
            .as_ref()
            .and_then(serde_json::Number::as_i64);
        totals.failed = counted.failed.as_ref().and_then(serde_json::Number::as_i64);
        totals.scheduled = counted.scheduled;
        totals.retry = counted.retry;
        totals.dead = counted.dead;
        totals.enqueued = queues.iter().map(|q| q.size).sum();
        let deaths = match &replies[Counted::COMMANDS] {
            Ok(v) => deaths(value::items(v)),
            Err(_) => Vec::new(),
        };
        let redis = replies[Counted::COMMANDS + 1]
            .as_ref()
            .ok()
            .and_then(value::string)
            .map(|text| redis_totals(&text));

        let sample = Counters {
            at,
            processed: totals.processed,
            failed: totals.failed,
            retry: totals.retry,
            dead: totals.dead,
        };
        let first = *self.first.get_or_insert(sample);
        self.counters.push_back(sample);
        while self
            .counters
            .front()
            .is_some_and(|c| at - c.at > WINDOW + 1.0)
        {
            self.counters.pop_front();
        }
        let throughput = throughput(&self.counters);
        if let Some(&(_, p, f)) = throughput.last() {
            totals.processed_rate = Some(p);
            totals.failed_rate = Some(f);
        }
        let minute_ago = self
            .counters
            .iter()
            .find(|c| at - c.at <= 60.0 + 0.5)
            .copied()
            .unwrap_or(first);
        totals.retry_growth = growth(sample.retry, minute_ago.retry, first.retry);
        totals.dead_growth = growth(sample.dead, minute_ago.dead, first.dead);

        Ok(View {
            target,
            now,
            redis,
            totals,
            queues,
            throughput,
            window: WINDOW,
            processes: lines,
            deaths,
            problems: problems.into_iter().map(|p| (p.key, p.error)).collect(),
            incident: None,
            fleet: None,
            shards: Vec::new(),
        })
    }
}

/// The enqueue and dequeue rates of a queue from the refresh before (`prev`) to now (`len`,
/// and the reply of `LPOS <queue> <prev head> MAXLEN …`, when there was a head).
///
/// Producers push on the left and workers take from the right (KEYS.md §3.1), so the jobs in
/// front of the old newest job are exactly those pushed since: its index is the enqueue
/// count, and dequeued = old length + enqueued − new length. When it is not found (taken
/// already, or more than LPOS_MAXLEN pushed since), or the queue was empty, both are lower
/// bounds; jobs put back on the right (requeues) can make dequeued a lower bound too.
fn queue_rates(
    prev: &Track,
    len: u64,
    lpos: Option<&Reply>,
    dt: f64,
) -> Result<(Option<Rate>, Option<Rate>), String> {
    let (old, new) = (prev.len as f64, len as f64);
    let (enqueued, exact) = match (&prev.head, lpos) {
        (None, _) => (new, false),
        (Some(_), Some(Ok(redis::Value::Nil))) | (Some(_), None) => {
            (new.min(LPOS_MAXLEN as f64), false)
        }
        (Some(_), Some(Ok(v))) => match value::int(v) {
            Some(index) => (index as f64, true),
            None => (new.min(LPOS_MAXLEN as f64), false),
        },
        (Some(_), Some(Err(e))) => return Err(e.clone()),
    };
    let dequeued = old + enqueued - new;
    Ok((
        per_sec(enqueued, dt, !exact),
        per_sec(dequeued.max(0.0), dt, !exact || dequeued < 0.0),
    ))
}

/// `n` over `dt` seconds; none when nothing is known: no time yet, or a lower bound of
/// nothing (every rate is at least 0).
fn per_sec(n: f64, dt: f64, at_least: bool) -> Option<Rate> {
    (dt > 0.0 && !(at_least && n <= 0.0)).then(|| Rate {
        per_sec: n / dt,
        at_least,
    })
}

/// Processed and failed per second between successive refreshes, as (seconds before the
/// newest, processed/s, failed/s). A counter that went down (reset) counts as 0.
fn throughput(counters: &VecDeque<Counters>) -> Vec<(f64, f64, f64)> {
    let Some(newest) = counters.back() else {
        return Vec::new();
    };
    counters
        .iter()
        .zip(counters.iter().skip(1))
        .filter_map(|(a, b)| {
            let dt = b.at - a.at;
            if dt <= 0.0 {
                return None;
            }
            let rate = |x: Option<i64>, y: Option<i64>| match (x, y) {
                (Some(x), Some(y)) => (y.saturating_sub(x)).max(0) as f64 / dt,
                _ => 0.0,
            };
            Some((
                newest.at - b.at,
                rate(a.processed, b.processed),
                rate(a.failed, b.failed),
            ))
        })
        .collect()
}

fn growth(now: Option<u64>, minute_ago: Option<u64>, first: Option<u64>) -> Growth {
    let diff = |then: Option<u64>| Some(now? as i64 - then? as i64);
    Growth {
        minute: diff(minute_ago),
        since_start: diff(first),
    }
}

/// `ZREVRANGE … WITHSCORES` (member, score, member, score …) as rows; a member that is not
/// a job is one row that says so.
fn deaths(items: &[redis::Value]) -> Vec<DeathLine> {
    items
        .chunks(2)
        .filter_map(|pair| {
            let raw = value::bytes(pair.first()?)?;
            let at = pair
                .get(1)
                .and_then(value::string)
                .and_then(|s| s.parse::<f64>().ok())
                .or_else(|| match pair.get(1) {
                    Some(redis::Value::Double(d)) => Some(*d),
                    _ => None,
                })
                .unwrap_or(0.0);
            Some(match Job::parse(raw) {
                Ok(job) => DeathLine {
                    at,
                    class: job.class.as_deref().unwrap_or("?").to_string(),
                    queue: job.queue.as_deref().unwrap_or("?").to_string(),
                    error: job.error_line().unwrap_or_default(),
                    shard: None,
                },
                Err(e) => DeathLine {
                    at,
                    class: UNPARSEABLE_CLASS.to_string(),
                    queue: "?".into(),
                    error: e.reason,
                    shard: None,
                },
            })
        })
        .collect()
}

/// The few INFO fields the header shows.
fn redis_totals(info: &str) -> RedisTotals {
    let field = |name: &str| {
        info.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
            .map(str::trim)
    };
    RedisTotals {
        server: crate::store::server::identity(field).map(|id| id.to_string()),
        uptime: field("uptime_in_seconds").and_then(|v| v.parse().ok()),
        clients: field("connected_clients").and_then(|v| v.parse().ok()),
        used_memory: field("used_memory").and_then(|v| v.parse().ok()),
        ops_per_sec: field("instantaneous_ops_per_sec").and_then(|v| v.parse().ok()),
    }
}

/// What one refresh read, with the rates worked out from the refreshes before it.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// The Redis, password redacted.
    pub target: String,
    /// When it was read (epoch seconds): the deaths' ages count to it.
    pub now: f64,
    pub redis: Option<RedisTotals>,
    pub totals: Totals,
    pub queues: Vec<QueueLine>,
    /// Processed and failed per second between successive refreshes: (seconds before the
    /// newest refresh, processed/s, failed/s), oldest first.
    pub throughput: Vec<(f64, f64, f64)>,
    /// How far back `throughput` may reach, in seconds (the chart's width).
    pub window: f64,
    pub processes: Vec<ProcessLine>,
    /// The newest entries of the dead set, newest first.
    pub deaths: Vec<DeathLine>,
    /// Keys that could not be read (wrong type …) and why; the rest of the view stands.
    pub problems: Vec<(Name, String)>,
    /// The last `incident` read, in brief (read less often than the rest: see the console).
    pub incident: Option<crate::ops::incident::Brief>,
    /// Across a fleet: its name and the shard it is narrowed to (fleet.rs).
    pub fleet: Option<fleet::Head>,
    /// Across a fleet: a row per shard read, in the fleet's order.
    pub shards: Vec<fleet::ShardLine>,
}

#[derive(Clone, Debug, Default)]
pub struct RedisTotals {
    /// The server and its version: `Redis 7.0.15`, `Valkey 8.0.1`.
    pub server: Option<String>,
    pub uptime: Option<f64>,
    pub clients: Option<u64>,
    pub used_memory: Option<i64>,
    pub ops_per_sec: Option<f64>,
}

#[derive(Clone, Debug, Default)]
pub struct Totals {
    pub processed: Option<i64>,
    pub failed: Option<i64>,
    /// Per second since the refresh before (None on the first).
    pub processed_rate: Option<f64>,
    pub failed_rate: Option<f64>,
    /// Jobs waiting on all queues.
    pub enqueued: u64,
    pub scheduled: Option<u64>,
    pub retry: Option<u64>,
    pub dead: Option<u64>,
    pub retry_growth: Growth,
    pub dead_growth: Growth,
    /// Σ busy and Σ concurrency over live processes.
    pub busy: i64,
    pub concurrency: i64,
    pub live: usize,
    pub quiet: usize,
    pub gone: usize,
}

/// How much a set grew (negative: shrank).
#[derive(Clone, Copy, Debug, Default)]
pub struct Growth {
    /// Over the last minute (over the time since top started, when that is shorter).
    pub minute: Option<i64>,
    /// Since top started.
    pub since_start: Option<i64>,
}

/// A rate per second; `at_least` when the count behind it is only a lower bound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub per_sec: f64,
    pub at_least: bool,
}

#[derive(Clone, Debug)]
pub struct QueueLine {
    pub name: Name,
    pub size: u64,
    /// Seconds the oldest waiting job has waited.
    pub latency: f64,
    /// None when cogworker:paused_queues can't be read.
    pub paused: Option<bool>,
    /// None until two refreshes have read the queue.
    pub enqueued: Option<Rate>,
    pub dequeued: Option<Rate>,
    /// Why its list can't be read (a key of the wrong type); the other fields are then empty.
    pub unreadable: Option<String>,
    /// The shard it is on, across a fleet.
    pub shard: Option<String>,
}

#[cfg(test)]
impl QueueLine {
    /// A readable queue of `size` jobs, not paused, read once (no rates yet): the tests' row.
    pub fn waiting(name: &str, size: u64) -> QueueLine {
        QueueLine {
            name: Name::from(name),
            size,
            latency: 0.0,
            paused: Some(false),
            enqueued: None,
            dequeued: None,
            unreadable: None,
            shard: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProcState {
    Alive,
    Quiet,
    Unknown,
    Gone,
}

impl ProcState {
    pub fn word(self) -> &'static str {
        match self {
            ProcState::Alive => "alive",
            ProcState::Quiet => "quiet",
            ProcState::Unknown => "unknown",
            ProcState::Gone => "gone",
        }
    }
}

#[derive(Clone, Debug)]
pub struct ProcessLine {
    pub identity: Name,
    pub state: ProcState,
    pub busy: Option<i64>,
    pub concurrency: Option<i64>,
    pub rss_kb: Option<i64>,
    /// Seconds since its last beat.
    pub beat_age: Option<f64>,
    /// The 96 slots of 15 min of its memory history, oldest first (None: not read yet).
    pub memory: Option<Vec<Option<i64>>>,
    /// The shard it beats on, across a fleet.
    pub shard: Option<String>,
}

#[derive(Clone, Debug)]
pub struct DeathLine {
    /// Its score: when it died (epoch seconds).
    pub at: f64,
    /// As read from the payload; escaped when drawn.
    pub class: String,
    pub queue: String,
    pub error: String,
    /// The shard it died on, across a fleet.
    pub shard: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_names_the_server_as_itself() {
        let valkey = "# Server\r\nredis_version:7.2.4\r\nserver_name:valkey\r\nvalkey_version:8.0.1\r\nuptime_in_seconds:5\r\n";
        assert_eq!(redis_totals(valkey).server.as_deref(), Some("Valkey 8.0.1"));
        assert_eq!(redis_totals(valkey).uptime, Some(5.0));
        let redis = "# Server\r\nredis_version:7.0.15\r\nredis_mode:standalone\r\n";
        assert_eq!(redis_totals(redis).server.as_deref(), Some("Redis 7.0.15"));
        assert_eq!(redis_totals("").server, None);
    }

    fn track(len: u64, head: bool) -> Track {
        Track {
            len,
            head: head.then(|| b"h".to_vec()),
        }
    }

    #[test]
    fn a_lower_bound_of_nothing_is_no_rate() {
        // A queue that was empty now holds 3: 3 pushed at least, and at least none taken,
        // which says nothing.
        let (enq, deq) = queue_rates(&track(0, false), 3, None, 1.0).unwrap();
        assert_eq!(
            enq,
            Some(Rate {
                per_sec: 3.0,
                at_least: true
            })
        );
        assert_eq!(deq, None);
        assert_eq!(per_sec(0.0, 2.0, false).map(|r| r.per_sec), Some(0.0));
    }

    #[test]
    fn rates_from_the_old_newest_jobs_position() {
        // 10 jobs, 4 pushed in front of the old head, 6 left: 8 taken, over 2 s.
        let lpos = Ok(redis::Value::Int(4));
        let (enq, deq) = queue_rates(&track(10, true), 6, Some(&lpos), 2.0).unwrap();
        assert_eq!(
            enq,
            Some(Rate {
                per_sec: 2.0,
                at_least: false
            })
        );
        assert_eq!(
            deq,
            Some(Rate {
                per_sec: 4.0,
                at_least: false
            })
        );
        // Not found: all that is known is that the 3 there now are new, and 10 went.
        let nil = Ok(redis::Value::Nil);
        let (enq, deq) = queue_rates(&track(10, true), 3, Some(&nil), 1.0).unwrap();
        assert_eq!(
            enq,
            Some(Rate {
                per_sec: 3.0,
                at_least: true
            })
        );
        assert_eq!(
            deq,
            Some(Rate {
                per_sec: 10.0,
                at_least: true
            })
        );
        // Requeued on the right: dequeued can't be negative, and is a bound: at least 0,
        // which is no rate known.
        let zero = Ok(redis::Value::Int(0));
        let (_, deq) = queue_rates(&track(2, true), 5, Some(&zero), 1.0).unwrap();
        assert_eq!(deq, None);
        let err = Err("ERR unknown command 'LPOS'".to_string());
        assert!(queue_rates(&track(2, true), 5, Some(&err), 1.0).is_err());
    }

    #[test]
    fn an_unparseable_death_is_one_row() {
        let items = [
            redis::Value::BulkString(b"not json \xff".to_vec()),
            redis::Value::BulkString(b"12.5".to_vec()),
            redis::Value::BulkString(
                br#"{"class":"A","queue":"q","error_class":"E","error_message":"m"}"#.to_vec(),
            ),
        ];
        let rows = deaths(&items);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].class, UNPARSEABLE_CLASS);
        assert_eq!(rows[0].at, 12.5);
        assert_eq!(rows[1].error, "E: m");
    }
}
