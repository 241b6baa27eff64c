//! `cogctl stats`: the overview an on-call engineer looks at first.

use std::collections::BTreeMap;
use std::io::{self, Write};

use chrono::{DateTime, Days, NaiveDate, Utc};
use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::clock::rfc3339;
use crate::duration::span;
use crate::ops::queues::{QueueRow, read_queues};
use crate::ops::stats::Totals;
use crate::ops::{Problem, read_registry};
use crate::render::Report;
use crate::render::chart::{self, Chart, Series};
use crate::render::queues::queue_table;
use crate::render::table::Tone;
use crate::render::time;
use crate::store::{KeyType, Name, Reply, keys, value};
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::text::size::{bytes, count, grouped};
use crate::text::{visible, visible_bytes};

/// The throughput chart's window, as the Web UI's: 24 hour buckets ending with the current.
const HOURS: i64 = 24;
/// How long the gem keeps a daily History bucket (its default retention): the days looked
/// at when deciding whether the History middleware ever wrote any.
const DAILY_KEPT_DAYS: u64 = 400;
/// The width of stats' label column.
const LABEL_WIDTH: usize = 15;

/// Overview: counters, set sizes, processes, the last 24 h of throughput, every queue, and
/// the Redis itself
///
/// The chart draws the runs that succeeded and failed in each of the last 24 hours
/// (cogworker:throughput:<hour>), on one scale, labelled in local time (UTC with --utc).
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "The overview: counters, set sizes, processes, the last 24 h, every queue",
        "cogctl stats",
    ),
    (
        "Add the runs of each of the last 7 days (the History middleware's counts)",
        "cogctl stats --days 7",
    ),
    (
        "Redraw it every 5 seconds, until Ctrl-C",
        "cogctl stats --watch=5s",
    ),
    (
        "The same numbers for a script",
        "cogctl stats --json",
    ),
]))]
pub struct StatsArgs {
    /// Also chart the runs of each of the last N days (UTC days, 1 to 400; the Web UI offers
    /// 7, 30, 90 and 182), as the gem's opt-in History middleware counts them
    /// (cogworker:history:daily:<day>)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=400))]
    pub days: Option<u16>,
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

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
    /// Worker threads: the `concurrency` of each live process's `info`, summed over those
    /// whose info reads.
    pub threads: u64,
    /// Live processes whose `info` has no readable `concurrency` (left out of `threads`).
    pub threads_unknown: u64,
    /// The last 24 hours, oldest first, the last one holding now.
    pub throughput: Vec<Hour>,
    /// With --days N: the last N UTC days, oldest first, the last one today; else null.
    pub daily: Option<Vec<Day>>,
    /// With --days: whether any cogworker:history:daily:<day> key exists for one of the last
    /// 400 days (false: the History middleware isn't enabled); else null.
    pub history_recorded: Option<bool>,
    /// The periodic (cron) entries in one line; null when none is published.
    pub periodic: Option<crate::ops::periodic::Summary>,
    pub problems: Vec<Problem>,
}

#[derive(Debug, Serialize)]
pub struct RedisInfo {
    /// The address, password redacted.
    pub target: String,
    /// Which server answers: `redis` or `valkey`.
    pub server: Option<&'static str>,
    /// Its own version (Valkey's, on Valkey); `version` stays the Redis version it reports.
    pub server_version: Option<String>,
    pub version: Option<String>,
    pub used_memory: Option<i64>,
    pub maxmemory: Option<i64>,
    pub used_memory_peak: Option<i64>,
    pub uptime_seconds: Option<i64>,
    pub connected_clients: Option<i64>,
    /// Why INFO couldn't be read (an ACL that denies it); its fields are then null.
    pub info_error: Option<String>,
}

/// One hour's throughput bucket (cogworker:throughput:<hour>).
#[derive(Debug, Serialize)]
pub struct Hour {
    /// floor(epoch seconds / 3600), the bucket's name.
    pub hour: i64,
    /// The hour's start, RFC 3339 UTC.
    pub time: String,
    /// Runs that succeeded in the hour (0 when the bucket or field is missing; null when it
    /// can't be read).
    pub processed: Option<u64>,
    /// Runs that failed in the hour, as `processed`.
    pub failed: Option<u64>,
}

/// One UTC day's History bucket (cogworker:history:daily:<day>).
#[derive(Debug, Serialize)]
pub struct Day {
    /// YYYY-MM-DD.
    pub day: String,
    /// Runs that succeeded that day (0 when missing; null when it can't be read).
    pub success: Option<u64>,
    pub failed: Option<u64>,
}

pub fn run(ctx: &mut Ctx, args: &StatsArgs) -> anyhow::Result<StatsReport> {
    let now = ctx.ui.clock.now;
    let store = ctx.store()?;
    let mut problems = Vec::new();

    let current_hour = (now.floor() as i64).div_euclid(3600);
    let hours: Vec<i64> = (current_hour - HOURS + 1..=current_hour).collect();
    let today = DateTime::<Utc>::from_timestamp(now.floor() as i64, 0)
        .unwrap_or_default()
        .date_naive();
    let days: Vec<String> = args
        .days
        .map(|n| utc_days(today, u64::from(n)))
        .unwrap_or_default();

    // Counters, set sizes, and the buckets of both charts: one round trip.
    let mut pipe = redis::pipe();
    Totals::queue(&mut pipe);
    let counted = Totals::COMMANDS;
    for &hour in &hours {
        pipe.cmd("HMGET")
            .arg(keys::throughput(hour))
            .arg("processed")
            .arg("failed");
    }
    for day in &days {
        pipe.cmd("HMGET")
            .arg(keys::history_daily(day))
            .arg("success")
            .arg("failed");
    }
    let replies = store.pipeline(&pipe)?;
    let (replies, buckets) = replies.split_at(counted);
    let (hour_replies, day_replies) = buckets.split_at(hours.len());

    let Totals {
        processed,
        failed,
        scheduled,
        retry,
        dead,
        unsettled,
        repeat_orphans,
    } = Totals::from_replies(replies, &mut problems);

    let throughput = hours
        .iter()
        .zip(hour_replies)
        .map(|(&hour, reply)| {
            let [processed, failed] = bucket(
                keys::throughput(hour),
                ["processed", "failed"],
                reply,
                &mut problems,
            )
            .counts;
            Hour {
                hour,
                time: rfc3339((hour * 3600) as f64),
                processed,
                failed,
            }
        })
        .collect();

    let (daily, history_recorded) = if args.days.is_some() {
        let mut found = false;
        let daily = days
            .iter()
            .zip(day_replies)
            .map(|(day, reply)| {
                let read = bucket(
                    keys::history_daily(day),
                    ["success", "failed"],
                    reply,
                    &mut problems,
                );
                found |= read.present;
                let [success, failed] = read.counts;
                Day {
                    day: day.clone(),
                    success,
                    failed,
                }
            })
            .collect();
        if !found {
            // Nothing in the window: is there a daily bucket at all (one EXISTS of every day
            // a bucket can still be kept)?
            let mut pipe = redis::pipe();
            pipe.cmd("EXISTS").arg(
                utc_days(today, DAILY_KEPT_DAYS)
                    .iter()
                    .map(keys::history_daily)
                    .collect::<Vec<Name>>(),
            );
            let replies = store.pipeline(&pipe)?;
            found = replies
                .first()
                .and_then(|r| r.as_ref().ok())
                .and_then(value::int)
                .is_some_and(|n| n > 0);
        }
        (Some(daily), Some(found))
    } else {
        (None, None)
    };

    let (mut busy, mut live, mut gone) = (0, 0, 0);
    let (mut threads, mut threads_unknown) = (0u64, 0u64);
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
                    match fields.get(1).and_then(value::bytes).and_then(concurrency) {
                        Some(n) => threads = threads.saturating_add(n),
                        None => threads_unknown += 1,
                    }
                } else {
                    gone += 1;
                }
            }
            Err(e) => problems.push(Problem::wrong(keys::process(id), KeyType::Hash, &e)),
        }
    }

    let (queues, queue_problems) = read_queues(store, now)?;
    problems.extend(queue_problems);

    let (info, info_error) = match store.info_sections(&["server", "clients", "memory"]) {
        Ok(info) => (info, None),
        Err(e) if e.is_connection() => return Err(e.into()),
        Err(e) => (BTreeMap::new(), Some(e.to_string())),
    };
    let number = |field: &str| info.get(field).and_then(|v| v.parse().ok());
    let identity = crate::store::server::identity(|name| info.get(name).map(String::as_str));
    let redis = RedisInfo {
        target: store.target().to_string(),
        server: identity.as_ref().map(|id| id.product.key()),
        server_version: identity.as_ref().map(|id| id.version.clone()),
        version: info.get("redis_version").cloned(),
        used_memory: number("used_memory"),
        maxmemory: number("maxmemory"),
        used_memory_peak: number("used_memory_peak"),
        uptime_seconds: number("uptime_in_seconds"),
        connected_clients: number("connected_clients"),
        info_error,
    };

    let (periodic, periodic_problems) =
        crate::ops::periodic::summary(store, now, &crate::cron::local_zone())?;
    problems.extend(periodic_problems);
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
        threads,
        threads_unknown,
        throughput,
        daily,
        history_recorded,
        periodic,
        problems,
    })
}

/// The `n` UTC days ending with `today`, oldest first, as `YYYY-MM-DD`.
fn utc_days(today: NaiveDate, n: u64) -> Vec<String> {
    (0..n)
        .rev()
        .filter_map(|back| today.checked_sub_days(Days::new(back)))
        .map(|day| day.format("%Y-%m-%d").to_string())
        .collect()
}

/// A bucket hash read by `HMGET key field…`.
struct Bucket<const N: usize> {
    /// Each field's count: 0 when missing (the gem's reading), None when it can't be read.
    counts: [Option<u64>; N],
    /// Some field is there.
    present: bool,
}

/// A bucket's counts. A key of the wrong type or a field that isn't a count is reported as a
/// problem naming the key, and only what it spoils is unknown.
fn bucket<const N: usize>(
    key: Name,
    fields: [&str; N],
    reply: &Reply,
    problems: &mut Vec<Problem>,
) -> Bucket<N> {
    let values = match reply {
        Ok(v) => value::items(v),
        Err(e) => {
            problems.push(Problem::wrong(key, KeyType::Hash, e));
            return Bucket {
                counts: [None; N],
                present: true,
            };
        }
    };
    let mut present = false;
    let mut wrong = Vec::new();
    let counts = std::array::from_fn(|i| match values.get(i).and_then(value::bytes) {
        None => Some(0),
        Some(raw) => {
            present = true;
            let n = std::str::from_utf8(raw).ok().and_then(|t| t.parse().ok());
            if n.is_none() {
                wrong.push(format!(
                    "its {} field holds \"{}\"",
                    fields[i],
                    visible_bytes(raw)
                ));
            }
            n
        }
    });
    if !wrong.is_empty() {
        problems.push(Problem {
            key,
            error: format!("{}, not a count; shown as unknown", wrong.join(" and ")),
        });
    }
    Bucket { counts, present }
}

/// The `concurrency` of a process's `info` JSON, when it reads as a count.
fn concurrency(info: &[u8]) -> Option<u64> {
    serde_json::from_slice::<serde_json::Value>(info)
        .ok()?
        .get("concurrency")?
        .as_u64()
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

impl StatsReport {
    /// The Redis line's second half: uptime, clients, memory.
    fn redis_facts(&self) -> String {
        let r = &self.redis;
        if r.info_error.is_some() {
            return "uptime, clients and memory unknown (INFO refused)".into();
        }
        let uptime = r
            .uptime_seconds
            .map_or("up ?".into(), |t| format!("up {}", span(t as f64)));
        let clients = match r.connected_clients {
            Some(1) => "1 client".into(),
            n => format!("{} clients", num(n)),
        };
        let mut memory = match (r.used_memory, r.maxmemory) {
            (Some(used), Some(max)) if max > 0 => format!("{} of {} used", bytes(used), bytes(max)),
            (Some(used), _) => format!("{} used", bytes(used)),
            _ => "memory unknown".into(),
        };
        if let Some(peak) = r.used_memory_peak {
            memory.push_str(&format!(", peak {}", bytes(peak)));
        }
        [uptime, clients, memory].join(" · ")
    }

    fn throughput_chart(&self, ui: &Ui) -> Chart {
        let newest = self.throughput.last().map_or(0, |h| h.hour * 3600);
        Chart {
            title: format!("Last {HOURS} h"),
            labels: self
                .throughput
                .iter()
                .map(|h| time::clock_hour(ui, h.hour * 3600))
                .collect(),
            steps: &[1, 3, 6, 12],
            unit: chart::HOUR,
            legend: time::zone(ui, newest),
            series: vec![
                Series {
                    name: "processed",
                    counts: self.throughput.iter().map(|h| h.processed).collect(),
                    tone: Tone::Plain,
                },
                Series {
                    name: "failed",
                    counts: self.throughput.iter().map(|h| h.failed).collect(),
                    tone: Tone::Bad,
                },
            ],
        }
    }

    fn daily_chart(daily: &[Day], title: String) -> Chart {
        Chart {
            title,
            // Days are UTC dates, whatever the zone: `12-02`.
            labels: daily
                .iter()
                .map(|d| d.day.get(5..).unwrap_or(&d.day).to_string())
                .collect(),
            steps: &[1, 3, 7, 14, 28],
            unit: chart::DAY,
            legend: "UTC".into(),
            series: vec![
                Series {
                    name: "success",
                    counts: daily.iter().map(|d| d.success).collect(),
                    tone: Tone::Plain,
                },
                Series {
                    name: "failed",
                    counts: daily.iter().map(|d| d.failed).collect(),
                    tone: Tone::Bad,
                },
            ],
        }
    }
}

impl Report for StatsReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let label = |t: &str| s.dim(&format!("{t:<LABEL_WIDTH$}"));
        writeln!(
            out,
            "{}{}  {}",
            label("Redis"),
            s.strong(&self.redis.target),
            match (self.redis.server, &self.redis.server_version) {
                (Some("valkey"), Some(v)) => format!("Valkey {}", visible(v)),
                _ => self
                    .redis
                    .version
                    .as_deref()
                    .map_or("v?".into(), |v| format!("v{}", visible(v))),
            },
        )?;
        writeln!(out, "{}{}", " ".repeat(LABEL_WIDTH), self.redis_facts())?;
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
        let unreadable = |n: u64| {
            s.warn(&format!(
                "({n} process{} info unreadable)",
                crate::text::plural(n, "'s", "es'")
            ))
        };
        let threads = match (self.threads, self.threads_unknown) {
            (0, 0) => "0 threads".to_string(),
            (0, n) => format!("? threads {}", unreadable(n)),
            (1, 0) => "1 thread".to_string(),
            (t, 0) => format!("{} threads", count(t)),
            (t, n) => format!("{} threads + ? {}", count(t), unreadable(n)),
        };
        writeln!(
            out,
            "{}{} live{gone} · {threads} · {} busy",
            label("Processes"),
            count(self.processes),
            count(self.busy)
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
        if let Some(periodic) = &self.periodic {
            writeln!(
                out,
                "{}{}",
                label("Periodic"),
                crate::render::periodic::summary_line(periodic, ui)
            )?;
        }

        writeln!(out)?;
        let throughput = self.throughput_chart(ui);
        if throughput.is_empty() {
            writeln!(
                out,
                "{}nothing processed or failed",
                label(&throughput.title)
            )?;
        } else {
            out.write_all(throughput.render(ui, LABEL_WIDTH).as_bytes())?;
        }
        if let Some(daily) = &self.daily {
            writeln!(out)?;
            let title = match daily.len() {
                1 => "Today".to_string(),
                n => format!("Last {n} days"),
            };
            let chart = StatsReport::daily_chart(daily, title);
            if self.history_recorded == Some(false) {
                writeln!(
                    out,
                    "{}the History middleware isn't enabled (no {} keys)",
                    label(&chart.title),
                    keys::history_daily("*").shown()
                )?;
            } else if chart.is_empty() {
                writeln!(
                    out,
                    "{}no runs recorded by the History middleware",
                    label(&chart.title)
                )?;
            } else {
                out.write_all(chart.render(ui, LABEL_WIDTH).as_bytes())?;
            }
        }

        if !self.queues.is_empty() {
            writeln!(out)?;
            out.write_all(queue_table(ui, &self.queues).as_bytes())?;
        }
        if let Some(error) = &self.redis.info_error {
            ui.note(&format!("{} {}", s.warn("note:"), visible(error)));
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}

/// `stats` across a fleet: the fleet's totals, a row per shard, and each shard's whole
/// report (or why it could not be read).
#[derive(Debug, Serialize)]
pub struct FleetStatsReport {
    /// The fleet's name (`--fleet`), or the contexts named (`--context a,b`).
    pub fleet: String,
    /// Summed over the shards read (a counter that isn't an integer on one of them: null).
    pub totals: FleetTotals,
    /// Every shard in the fleet's order: its `stats --json`, or `{"error": …}`.
    #[serde(serialize_with = "crate::ops::fleet::serialize_reports")]
    pub shards: Vec<crate::ops::fleet::Shard<StatsReport>>,
    /// The shards that could not be read.
    pub unreadable: Vec<String>,
}

#[derive(Debug, Default, Serialize)]
pub struct FleetTotals {
    pub shards: usize,
    pub shards_read: usize,
    pub processed: Option<serde_json::Number>,
    pub failed: Option<serde_json::Number>,
    pub enqueued: u64,
    pub scheduled: u64,
    pub retry: u64,
    pub dead: u64,
    pub busy: u64,
    pub processes: u64,
    pub threads: u64,
}

/// A sum of counters as stored (all the digits of one beyond 64 bits); `None` when one of
/// them isn't an integer.
fn sum_counters<'a>(
    values: impl Iterator<Item = &'a Option<serde_json::Number>>,
) -> Option<serde_json::Number> {
    let mut total: i128 = 0;
    for v in values {
        let n: i128 = v.as_ref()?.to_string().parse().ok()?;
        total = total.checked_add(n)?;
    }
    total.to_string().parse().ok()
}

impl FleetStatsReport {
    pub fn new(
        fleet: String,
        shards: Vec<crate::ops::fleet::Shard<StatsReport>>,
    ) -> FleetStatsReport {
        let read: Vec<&StatsReport> = shards.iter().filter_map(|(_, r)| r.as_ref().ok()).collect();
        let sum = |f: &dyn Fn(&StatsReport) -> u64| read.iter().map(|r| f(r)).sum::<u64>();
        let totals = FleetTotals {
            shards: shards.len(),
            shards_read: read.len(),
            processed: sum_counters(read.iter().map(|r| &r.processed)),
            failed: sum_counters(read.iter().map(|r| &r.failed)),
            enqueued: sum(&|r| r.enqueued),
            scheduled: sum(&|r| r.scheduled.unwrap_or(0)),
            retry: sum(&|r| r.retry.unwrap_or(0)),
            dead: sum(&|r| r.dead.unwrap_or(0)),
            busy: sum(&|r| r.busy),
            processes: sum(&|r| r.processes),
            threads: sum(&|r| r.threads),
        };
        let unreadable = crate::ops::fleet::unreadable(&shards);
        FleetStatsReport {
            fleet,
            totals,
            shards,
            unreadable,
        }
    }
}

impl Report for FleetStatsReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        use crate::render::table::{self, Tone, cell};
        let t = &self.totals;
        crate::render::fleet::heading(out, ui, &self.fleet, &self.shards, "read")?;
        let mut grid = table::new(
            ui,
            &[
                "SHARD",
                "PROCESSED",
                "FAILED",
                "ENQUEUED",
                "BUSY",
                "PROCESSES",
                "SCHEDULED",
                "RETRY",
                "DEAD",
                "REDIS",
            ],
        );
        for (name, read) in &self.shards {
            match read {
                Ok(r) => {
                    grid.add_row(vec![
                        cell(ui, name.as_str(), Tone::Strong),
                        cell(ui, counted(&r.processed), Tone::Plain),
                        cell(ui, counted(&r.failed), Tone::Plain),
                        cell(ui, num(Some(r.enqueued)), Tone::Plain),
                        cell(ui, num(Some(r.busy)), Tone::Plain),
                        cell(ui, num(Some(r.processes)), Tone::Plain),
                        cell(ui, num(r.scheduled), Tone::Plain),
                        cell(ui, num(r.retry), Tone::Plain),
                        cell(ui, num(r.dead), Tone::Plain),
                        // The shard is its context: its name is the row's first cell.
                        cell(
                            ui,
                            r.redis
                                .target
                                .strip_suffix(&format!(" (context {name})"))
                                .unwrap_or(&r.redis.target),
                            Tone::Dim,
                        ),
                    ]);
                }
                Err(error) => {
                    let mut row = vec![cell(ui, name.as_str(), Tone::Strong)];
                    row.extend((0..8).map(|_| cell(ui, "?", Tone::Dim)));
                    row.push(cell(ui, format!("unreadable: {error}"), Tone::Bad));
                    grid.add_row(row);
                }
            }
        }
        grid.add_row(vec![
            cell(ui, "fleet", Tone::Accent),
            cell(ui, counted(&t.processed), Tone::Accent),
            cell(ui, counted(&t.failed), Tone::Accent),
            cell(ui, num(Some(t.enqueued)), Tone::Accent),
            cell(ui, num(Some(t.busy)), Tone::Accent),
            cell(ui, num(Some(t.processes)), Tone::Accent),
            cell(ui, num(Some(t.scheduled)), Tone::Accent),
            cell(ui, num(Some(t.retry)), Tone::Accent),
            cell(ui, num(Some(t.dead)), Tone::Accent),
            cell(ui, "", Tone::Plain),
        ]);
        write!(
            out,
            "{}",
            table::finish(&mut grid, &[1, 2, 3, 4, 5, 6, 7, 8])
        )?;
        for (name, read) in &self.shards {
            if let Ok(r) = read {
                for p in &r.problems {
                    crate::ops::fleet::warn_problem(ui, name, p);
                }
            }
        }
        Ok(())
    }

    fn exit(&self) -> Exit {
        crate::ops::fleet::exit(&self.shards, |r| r.exit())
    }
}
