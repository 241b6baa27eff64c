//! `cogctl stats`: the overview an on-call engineer looks at first.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::queues::{QueueRow, queue_table, read_queues};
use super::{Ctx, Problem, read_registry};
use crate::cli::exit::Exit;
use crate::cli::ui::Ui;
use crate::render::Report;
use crate::render::size::{bytes, count, grouped};
use crate::store::{KeyType, Reply, keys, value};

/// Overview: counters, set sizes, busy workers, processes, every queue, and the Redis itself
#[derive(Debug, Args)]
pub struct StatsArgs {}

#[derive(Debug, Serialize)]
pub struct StatsReport {
    pub redis: RedisInfo,
    /// Successful runs ever (cogworker:stats:processed), exactly as stored (all digits of one
    /// beyond 64 bits); a value that isn't an integer is what the gem reads it as.
    pub processed: Option<serde_json::Number>,
    /// Failed runs ever, retries included (cogworker:stats:failed), as `processed`.
    pub failed: Option<serde_json::Number>,
    /// Jobs waiting on all queues.
    pub enqueued: u64,
    pub scheduled: Option<u64>,
    pub retry: Option<u64>,
    pub dead: Option<u64>,
    /// Jobs running now, summed over live processes.
    pub busy: u64,
    /// Live processes (presence key present).
    pub processes: u64,
    /// Members of cogworker:processes whose presence key is gone.
    pub gone_processes: u64,
    pub unsettled: Option<u64>,
    pub repeat_orphans: Option<u64>,
    pub queues: Vec<QueueRow>,
    pub problems: Vec<Problem>,
}

#[derive(Debug, Serialize)]
pub struct RedisInfo {
    /// The address, password redacted.
    pub target: String,
    pub version: Option<String>,
    pub used_memory: Option<i64>,
    pub maxmemory: Option<i64>,
}

pub fn run(ctx: &mut Ctx, _args: &StatsArgs) -> anyhow::Result<StatsReport> {
    let now = ctx.ui.clock.now;
    let store = ctx.store()?;
    let mut problems = Vec::new();

    let mut pipe = redis::pipe();
    pipe.cmd("GET").arg(keys::STATS_PROCESSED);
    pipe.cmd("GET").arg(keys::STATS_FAILED);
    pipe.cmd("ZCARD").arg(keys::SCHEDULE);
    pipe.cmd("ZCARD").arg(keys::RETRY);
    pipe.cmd("ZCARD").arg(keys::DEAD);
    pipe.cmd("LLEN").arg(keys::UNSETTLED);
    pipe.cmd("LLEN").arg(keys::REPEAT_ORPHANS);
    let replies = store.pipeline(&pipe)?;
    let mut counter = |i: usize, key: &str| match &replies[i] {
        Ok(v) => {
            let c = value::counter(v);
            if let Some(error) = c.problem() {
                problems.push(Problem {
                    key: key.into(),
                    error: format!(
                        "{error}; Redis can't increment it, so every process's count of it fails"
                    ),
                });
            }
            Some(c.number())
        }
        Err(e) => {
            problems.push(Problem::wrong(key, KeyType::String, e));
            None
        }
    };
    let processed = counter(0, keys::STATS_PROCESSED);
    let failed = counter(1, keys::STATS_FAILED);
    let mut read = |i: usize, key: &str, kind: KeyType| -> Option<i64> {
        match &replies[i] {
            Ok(v) => Some(value::int(v).unwrap_or(0)),
            Err(e) => {
                problems.push(Problem::wrong(key, kind, e));
                None
            }
        }
    };
    let scheduled = read(2, keys::SCHEDULE, KeyType::Zset).map(|n| n as u64);
    let retry = read(3, keys::RETRY, KeyType::Zset).map(|n| n as u64);
    let dead = read(4, keys::DEAD, KeyType::Zset).map(|n| n as u64);
    let unsettled = read(5, keys::UNSETTLED, KeyType::List).map(|n| n as u64);
    let repeat_orphans = read(6, keys::REPEAT_ORPHANS, KeyType::List).map(|n| n as u64);

    let (mut busy, mut live, mut gone) = (0, 0, 0);
    let identities = read_registry(store, keys::PROCESSES, &mut problems)?;
    let mut pipe = redis::pipe();
    for id in &identities {
        pipe.cmd("HMGET")
            .arg(keys::process(id))
            .arg("busy")
            .arg("info");
    }
    let replies: Vec<Reply> = store.pipeline(&pipe)?;
    for (id, reply) in identities.iter().zip(replies) {
        match reply {
            Ok(v) => {
                let fields = value::items(&v);
                if fields.iter().any(|f| value::bytes(f).is_some()) {
                    live += 1;
                    let count = fields.first().map(value::counter);
                    if let Some(error) = count.as_ref().and_then(|c| c.problem()) {
                        problems.push(Problem {
                            key: keys::process(id),
                            error: format!("its busy field {error}"),
                        });
                    }
                    busy += count.and_then(|c| c.number().as_u64()).unwrap_or(0);
                } else {
                    gone += 1;
                }
            }
            Err(e) => problems.push(Problem::wrong(keys::process(id), KeyType::Hash, &e)),
        }
    }

    let (queues, queue_problems) = read_queues(store, now)?;
    problems.extend(queue_problems);

    let server = store.info("server")?;
    let memory = store.info("memory")?;
    let redis = RedisInfo {
        target: store.target().to_string(),
        version: server.get("redis_version").cloned(),
        used_memory: memory.get("used_memory").and_then(|v| v.parse().ok()),
        maxmemory: memory.get("maxmemory").and_then(|v| v.parse().ok()),
    };

    Ok(StatsReport {
        redis,
        processed,
        failed,
        enqueued: queues.iter().map(|q| q.size).sum(),
        scheduled,
        retry,
        dead,
        busy,
        processes: live,
        gone_processes: gone,
        unsettled,
        repeat_orphans,
        queues,
        problems,
    })
}

fn num(n: Option<impl Into<i128>>) -> String {
    match n {
        Some(n) => {
            let n: i128 = n.into();
            if n < 0 {
                n.to_string()
            } else {
                count(n as u64)
            }
        }
        None => "?".into(),
    }
}

/// A counter for people, every digit as stored, grouped.
fn counted(n: &Option<serde_json::Number>) -> String {
    match n {
        Some(n) => match n.as_i64() {
            Some(i) => num(Some(i)),
            None => grouped(&n.to_string()),
        },
        None => "?".into(),
    }
}

impl Report for StatsReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let label = |t: &str| s.dim(&format!("{t:<15}"));
        let memory = match (self.redis.used_memory, self.redis.maxmemory) {
            (Some(used), Some(max)) if max > 0 => format!("{} of {} used", bytes(used), bytes(max)),
            (Some(used), _) => format!("{} used", bytes(used)),
            _ => "memory unknown".into(),
        };
        writeln!(
            out,
            "{}{}  {}  {}",
            label("Redis"),
            s.strong(&self.redis.target),
            self.redis
                .version
                .as_deref()
                .map_or("?".into(), |v| format!("v{v}")),
            memory
        )?;
        writeln!(out, "{}{}", label("Processed"), counted(&self.processed))?;
        writeln!(out, "{}{}", label("Failed"), counted(&self.failed))?;
        writeln!(out, "{}{}", label("Enqueued"), num(Some(self.enqueued)))?;
        writeln!(out, "{}{}", label("Scheduled"), num(self.scheduled))?;
        writeln!(out, "{}{}", label("Retry"), num(self.retry))?;
        let dead = num(self.dead);
        let dead = if self.dead.unwrap_or(0) > 0 {
            s.bad(&dead)
        } else {
            dead
        };
        writeln!(out, "{}{}", label("Dead"), dead)?;
        let gone = if self.gone_processes > 0 {
            s.dim(&format!(" ({} gone)", self.gone_processes))
        } else {
            String::new()
        };
        writeln!(
            out,
            "{}{} live{gone}, {} busy",
            label("Processes"),
            self.processes,
            self.busy
        )?;
        let attention = |n: Option<u64>| {
            let text = num(n);
            if n.unwrap_or(0) > 0 {
                s.warn(&text)
            } else {
                text
            }
        };
        writeln!(out, "{}{}", label("Unsettled"), attention(self.unsettled))?;
        writeln!(
            out,
            "{}{}",
            label("Repeat orphans"),
            attention(self.repeat_orphans)
        )?;
        if !self.queues.is_empty() {
            writeln!(out)?;
            out.write_all(queue_table(ui, &self.queues).as_bytes())?;
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}
