//! `cogctl worker`: run jobs from cogworker queues through argv handlers, as one more
//! cogworker 0.8 process (the machinery is in `crate::worker`; this is its command line,
//! its configuration file and its summary).

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use serde::{Deserialize, Serialize};

use super::Ctx;
use crate::render::Report;
use crate::render::table::{self, Tone};
use crate::store::ids::Jids;
use crate::term::exit::{Exit, Reported, UsageError};
use crate::term::ui::{Format, Ui};
use crate::term::values::parse_duration;
use crate::worker::death::{DeathHooks, Queue};
use crate::worker::handlers::Handlers;
use crate::worker::job::Children;
use crate::worker::log::LogFormat;
use crate::worker::state::{Settings, Shared, Tally};
use crate::worker::telemetry::Telemetry;

/// Run jobs: a cogworker process whose job code is any program (or a built-in)
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::notes_and_examples("\
cogctl worker is a full cogworker 0.8 process: it beats (Ruby processes and the Web UI show it \
on the Workers tab, memory sparkline included), fetches reliably (a fetched job stays on \
cogworker:inprogress:<identity> until it is acknowledged or filed), records failures as the gem \
does (retry budget, backoff, retry/dead sets, attempts log, counters), graduates due \
scheduled/retry jobs, and recovers the jobs of dead processes.

A handler CLASS=COMMAND is split into argv by shell-word rules and run directly, never through a \
shell. The job's JSON arrives on stdin; COGCTL_JID, COGCTL_CLASS, COGCTL_QUEUE, \
COGCTL_RETRY_COUNT, COGCTL_ARGS (JSON array), COGCTL_IDENTITY and COGCTL_RESULT_FILE are set. \
Exit 0 = success. Otherwise the job failed: its error is the handler's last stderr line, or \
the JSON written to $COGCTL_RESULT_FILE: {\"error_class\":…, \"error_message\":…, \
\"retry\": \"default\" | SECONDS | \"kill\" | \"discard\"}. Built-ins: builtin:noop, \
builtin:sleep (seconds = first arg), builtin:fail (message = first arg), builtin:echo. A class \
without a handler fails as NameError, as a class the gem can't load does.

Signals: TERM/INT drain (running jobs get --timeout-drain to finish, then their handlers are \
killed and the jobs requeued), a second TERM/INT exits at once (unfinished jobs stay on the \
in-progress list for recovery), TSTP quiets. `cogctl procs quiet|resume|stop` work too.

Death hooks (--on-death, --on-death-for) run when a job dies for good, after it is in dead and \
acknowledged, once per death, as the gem 0.7 runs its death handlers. --listen serves /healthz, \
/readyz and /metrics for Kubernetes probes and Prometheus.

The summary goes to stdout when the worker stops (--json for JSON). Exit status: 0; 1 when \
a job died (went to the dead set) during the run; 3 when Redis can't be reached at start.", &[
    (
        "Work critical (tried first 3 times in 4) and default, 10 jobs at a time",
        "cogctl worker -q critical,3 -q default -c 10 --handler 'Billing::InvoiceJob=bin/invoice'",
    ),
    (
        "Work the queue dry, then stop (CI): exit 1 if a job died",
        "cogctl worker --burst -q default --handler 'Ping=builtin:noop'",
    ),
    (
        "Settings from a file; flags win over it",
        "cogctl worker --config worker.json --concurrency 20",
    ),
    (
        "As a service: probes and metrics on port 9810, JSON logs, a hook for each death",
        "cogctl worker --listen 0.0.0.0:9810 --log-format json --on-death bin/notify-dead --handler 'Ping=builtin:noop'",
    ),
]))]
pub struct WorkerArgs {
    /// A queue to read, with an optional weight (how often it is tried first, relative to
    /// the others): -q critical,3 -q default [default: default]
    #[arg(short, long = "queue", value_name = "QUEUE[,WEIGHT]", value_parser = parse_queue)]
    pub queues: Vec<(String, u32)>,

    /// How many jobs run at once [default: 10]
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub concurrency: Option<u64>,

    /// How jobs of CLASS run: a command started per job (split by shell-word rules, run
    /// without a shell), serve:COMMAND (a long-running process per thread speaking JSON lines),
    /// http://HOST:PORT/PATH or https://… (each job POSTed), or builtin:noop|sleep|fail|echo.
    /// CLASS `*` is the handler of every other class.
    #[arg(long = "handler", value_name = "CLASS=COMMAND")]
    pub handlers: Vec<String>,

    /// Kill a handler that runs longer than this (TERM to its process group, then KILL
    /// after --kill-grace); the job fails with Cogctl::HandlerTimeout [default: none]
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub timeout: Option<Duration>,

    /// A per-class --timeout: CLASS=DURATION (0: none); the class needs a handler or the * catch-all
    #[arg(long = "timeout-for", value_name = "CLASS=DURATION")]
    pub timeout_for: Vec<String>,

    /// Between the TERM and the KILL of a handler being stopped [default: 5s]
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub kill_grace: Option<Duration>,

    /// On TERM/INT, how long running jobs may take to finish before they are requeued
    /// [default: 25s]
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub timeout_drain: Option<Duration>,

    /// Read settings from a JSON file: {"queues":["critical,3","default"], "concurrency":5,
    /// "handlers":{"Class":"command"}, "timeout":"30s", "timeout_for":{"Class":"5m"},
    /// "kill_grace":"5s", "timeout_drain":"25s", "identity_tag":"…", "orphan_threshold":"300s",
    /// "max_orphanings":3, "on_death":["command"], "on_death_for":{"Class":"command"},
    /// "on_death_timeout":"10s", "history":true, "recycle_after":10000,
    /// "recycle_above":"1GB", "handler_check":"on", "listen":"0.0.0.0:9810",
    /// "metrics_max_classes":500, "log_format":"json"}; flags win
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Stop once every unpaused queue it reads is empty, nothing is running and no scheduled or
    /// retry entry is due (for CI)
    #[arg(long)]
    pub burst: bool,

    /// Check every handler before fetching a job (a program that exists and is executable, a
    /// serve: process that stays up, an http: URL that takes a connection) and refuse to start
    /// when one can't run; `off` for handlers that appear later
    #[arg(long, value_name = "on|off", value_parser = ["on", "off"])]
    pub handler_check: Option<String>,

    /// With --burst: exit 0 even when jobs failed during the run (they wait in retry); a job
    /// that went to dead still exits 1
    #[arg(long, requires = "burst")]
    pub allow_failures: bool,

    /// Record every finished run in cogworker:history:* as the gem's opt-in History middleware
    /// does, so the Web UI's History tab and `cogctl history` show them
    #[arg(long)]
    pub history: bool,

    /// Replace a long-running (serve:) handler process after it has run N jobs
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub recycle_after: Option<u64>,

    /// Replace a long-running (serve:) handler process, between jobs, when its resident memory
    /// is above SIZE (200MB, 1.5GB)
    #[arg(long, value_name = "SIZE", value_parser = crate::worker::handlers::serve::parse_size)]
    pub recycle_above: Option<u64>,

    /// Stop after starting N jobs (and finishing them)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_jobs: Option<u64>,

    /// The first part of this process's identity (<tag>:<pid>:<12 hex>) [default: $DYNO or
    /// the hostname]
    #[arg(long, value_name = "TAG")]
    pub identity_tag: Option<String>,

    /// How long another process may stay silent before this one recovers its jobs (the
    /// gem's orphan_threshold) [default: 300s]
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub orphan_threshold: Option<Duration>,

    /// Park a job in the repeat-orphan list once it has been orphaned more than N times
    /// [default: 3]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_orphanings: Option<u64>,

    /// How long to keep trying Redis at start before giving up (exit 3)
    #[arg(long, value_name = "DURATION", default_value = "30s", value_parser = parse_duration)]
    pub startup_wait: Duration,

    /// Heartbeat period (tests only)
    #[arg(long, hide = true, value_parser = parse_duration, default_value = "5s")]
    pub beat_interval: Duration,

    /// Scheduled/retry poll period (tests only)
    #[arg(long, hide = true, value_parser = parse_duration, default_value = "5s")]
    pub poll_interval: Duration,

    /// Run COMMAND when a job this process handled dies for good (out of retries, `retry:
    /// false`/0, a "kill", buried as a repeat orphan, a failure filed later, a class without a
    /// handler); repeatable, run in order. Split by shell-word rules and run without a shell,
    /// after the job is in dead and acknowledged, with the dead entry on stdin and COGCTL_JID,
    /// COGCTL_CLASS, COGCTL_QUEUE, COGCTL_ERROR_CLASS, COGCTL_ERROR_MESSAGE and
    /// COGCTL_DEATH_REASON (exhausted, killed, orphaned, filed, no_handler) set
    #[arg(long = "on-death", value_name = "COMMAND")]
    pub on_death: Vec<String>,

    /// A death hook for one class, run before the --on-death ones (only while the class has a
    /// handler here, as the gem runs a class's own hook only for a class it can load)
    #[arg(long = "on-death-for", value_name = "CLASS=COMMAND")]
    pub on_death_for: Vec<String>,

    /// Kill a death hook (its whole process group) that runs longer than this [default: 10s]
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub on_death_timeout: Option<Duration>,

    /// Serve /healthz (the process's loops are alive), /readyz (it is fetching) and /metrics
    /// (its own Prometheus metrics) on this address, HOST:PORT (e.g. 0.0.0.0:9810)
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<String>,

    /// With --listen: the most classes /metrics labels by name; jobs of classes seen after
    /// that many are counted as class="other" [default: 500]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub metrics_max_classes: Option<u64>,

    /// How the log lines on stderr are written: logfmt, or json (one object per line, the
    /// same fields) [default: logfmt]
    #[arg(long, value_name = "FORMAT", value_parser = ["logfmt", "json"])]
    pub log_format: Option<String>,

    /// Orphan check period (tests only)
    #[arg(long, hide = true, value_parser = parse_duration, default_value = "60s")]
    pub orphan_check_interval: Duration,
}

fn parse_queue(text: &str) -> Result<(String, u32), String> {
    let (name, weight) = match text.rsplit_once(',') {
        Some((name, w)) => {
            let weight: u32 = w
                .trim()
                .parse()
                .map_err(|_| format!("weight {w:?} is not a whole number"))?;
            if !(1..=100).contains(&weight) {
                return Err(format!("weight {weight} is not between 1 and 100"));
            }
            (name.trim(), weight)
        }
        None => (text.trim(), 1),
    };
    if name.is_empty() {
        return Err("empty queue name".into());
    }
    Ok((name.to_string(), weight))
}

/// The `--config` file; every field optional, durations as numbers or "30s"-style text.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    queues: Option<Vec<String>>,
    concurrency: Option<u64>,
    #[serde(default)]
    handlers: std::collections::BTreeMap<String, String>,
    timeout: Option<DurationText>,
    #[serde(default)]
    timeout_for: std::collections::BTreeMap<String, DurationText>,
    kill_grace: Option<DurationText>,
    timeout_drain: Option<DurationText>,
    identity_tag: Option<String>,
    orphan_threshold: Option<DurationText>,
    max_orphanings: Option<u64>,
    history: Option<bool>,
    recycle_after: Option<u64>,
    recycle_above: Option<String>,
    handler_check: Option<String>,
    #[serde(default)]
    on_death: Vec<String>,
    #[serde(default)]
    on_death_for: std::collections::BTreeMap<String, String>,
    on_death_timeout: Option<DurationText>,
    listen: Option<String>,
    metrics_max_classes: Option<u64>,
    log_format: Option<String>,
}

/// A duration in the config file: seconds as a number, or text like "30s" or "5m".
#[derive(Debug)]
struct DurationText(String);

impl<'de> Deserialize<'de> for DurationText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::Number(n) => Ok(DurationText(n.to_string())),
            serde_json::Value::String(s) => Ok(DurationText(s)),
            other => Err(serde::de::Error::custom(format!(
                "expected seconds or a duration like \"30s\", got {other}"
            ))),
        }
    }
}

impl DurationText {
    fn get(&self, field: &str) -> Result<Duration, UsageError> {
        parse_duration(&self.0).map_err(|e| UsageError(format!("--config: {field}: {e}")))
    }
}

fn load_config(path: &std::path::Path) -> Result<ConfigFile, UsageError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("--config {}: {e}", path.display())))?;
    serde_json::from_str(&text).map_err(|e| UsageError(format!("--config {}: {e}", path.display())))
}

fn opt_duration(
    flag: Option<Duration>,
    file: &Option<DurationText>,
    field: &str,
    default: Duration,
) -> Result<Duration, UsageError> {
    match (flag, file) {
        (Some(d), _) => Ok(d),
        (None, Some(t)) => t.get(field),
        (None, None) => Ok(default),
    }
}

/// The flags merged over the config file over the defaults.
struct Resolved {
    queues: Vec<String>,
    concurrency: usize,
    handlers: Vec<String>,
    timeout: Option<Duration>,
    timeout_for: Vec<String>,
    grace: Duration,
    drain: Duration,
    tag: Option<String>,
    orphan_threshold: Duration,
    max_orphanings: u64,
    history: bool,
    recycle: crate::worker::handlers::serve::Recycle,
    death_hooks: DeathHooks,
    listen: Option<String>,
    metrics_max_classes: usize,
    log_format: LogFormat,
    handler_check: bool,
}

fn resolve(args: &WorkerArgs) -> Result<Resolved, UsageError> {
    let file = match &args.config {
        Some(path) => load_config(path)?,
        None => ConfigFile::default(),
    };
    let mut queues: Vec<(String, u32)> = args.queues.clone();
    if queues.is_empty() {
        for q in file.queues.iter().flatten() {
            queues.push(parse_queue(q).map_err(|e| UsageError(format!("--config: queues: {e}")))?);
        }
    }
    if queues.is_empty() {
        queues.push(("default".into(), 1));
    }
    let expanded = queues
        .iter()
        .flat_map(|(q, w)| std::iter::repeat_n(q.clone(), *w as usize))
        .collect();
    // Flags win per class: a --handler for a class replaces the file's.
    let mut handlers: Vec<String> = file
        .handlers
        .iter()
        .filter(|(class, _)| {
            !args
                .handlers
                .iter()
                .any(|h| h.split_once('=').map(|(c, _)| c) == Some(class.as_str()))
        })
        .map(|(class, command)| format!("{class}={command}"))
        .collect();
    handlers.extend(args.handlers.iter().cloned());
    let mut timeout_for = Vec::new();
    for (class, d) in &file.timeout_for {
        if !args
            .timeout_for
            .iter()
            .any(|t| t.split_once('=').map(|(c, _)| c) == Some(class.as_str()))
        {
            d.get("timeout_for")?;
            timeout_for.push(format!("{class}={}", d.0));
        }
    }
    timeout_for.extend(args.timeout_for.iter().cloned());
    let concurrency = args.concurrency.or(file.concurrency).unwrap_or(10);
    if !(1..=1000).contains(&concurrency) {
        return Err(UsageError(format!(
            "concurrency {concurrency} is not between 1 and 1000"
        )));
    }
    // Flags win: any --on-death replaces the file's list; --on-death-for, per class.
    let on_death = if args.on_death.is_empty() {
        file.on_death.clone()
    } else {
        args.on_death.clone()
    };
    let mut on_death_for: Vec<String> = file
        .on_death_for
        .iter()
        .filter(|(class, _)| {
            !args
                .on_death_for
                .iter()
                .any(|h| h.split_once('=').map(|(c, _)| c.trim()) == Some(class.as_str()))
        })
        .map(|(class, command)| format!("{class}={command}"))
        .collect();
    on_death_for.extend(args.on_death_for.iter().cloned());
    let death_hooks = DeathHooks::new(
        &on_death,
        &on_death_for,
        opt_duration(
            args.on_death_timeout,
            &file.on_death_timeout,
            "on_death_timeout",
            crate::worker::death::DEFAULT_TIMEOUT,
        )?,
    )
    .map_err(UsageError)?;
    let metrics_max_classes = args
        .metrics_max_classes
        .or(file.metrics_max_classes)
        .unwrap_or(500);
    if !(1..=100_000).contains(&metrics_max_classes) {
        return Err(UsageError(format!(
            "metrics_max_classes {metrics_max_classes} is not between 1 and 100000"
        )));
    }
    let log_format = match args.log_format.as_deref().or(file.log_format.as_deref()) {
        Some(text) => text
            .parse()
            .map_err(|e| UsageError(format!("--config: log_format: {e}")))?,
        None => LogFormat::default(),
    };
    let timeout = match (args.timeout, &file.timeout) {
        (Some(d), _) => Some(d),
        (None, Some(t)) => Some(t.get("timeout")?),
        (None, None) => None,
    };
    Ok(Resolved {
        queues: expanded,
        concurrency: concurrency as usize,
        handlers,
        timeout,
        timeout_for,
        grace: opt_duration(
            args.kill_grace,
            &file.kill_grace,
            "kill_grace",
            Duration::from_secs(5),
        )?,
        drain: opt_duration(
            args.timeout_drain,
            &file.timeout_drain,
            "timeout_drain",
            Duration::from_secs(25),
        )?,
        tag: args.identity_tag.clone().or(file.identity_tag),
        orphan_threshold: opt_duration(
            args.orphan_threshold,
            &file.orphan_threshold,
            "orphan_threshold",
            Duration::from_secs(300),
        )?,
        max_orphanings: args
            .max_orphanings
            .or(file.max_orphanings)
            .unwrap_or(3)
            .max(1),
        history: args.history || file.history.unwrap_or(false),
        recycle: crate::worker::handlers::serve::Recycle {
            after: args.recycle_after.or(file.recycle_after.filter(|n| *n > 0)),
            above_kb: match (args.recycle_above, &file.recycle_above) {
                (Some(kb), _) => Some(kb),
                (None, Some(text)) => Some(
                    crate::worker::handlers::serve::parse_size(text)
                        .map_err(|e| UsageError(format!("--config: recycle_above: {e}")))?,
                ),
                (None, None) => None,
            },
        },
        death_hooks,
        listen: args.listen.clone().or(file.listen),
        metrics_max_classes: metrics_max_classes as usize,
        log_format,
        handler_check: match args
            .handler_check
            .as_deref()
            .or(file.handler_check.as_deref())
        {
            None | Some("on") => true,
            Some("off") => false,
            Some(other) => {
                return Err(UsageError(format!(
                    "--config: handler_check: {other:?} is not on or off"
                )));
            }
        },
    })
}

/// What a worker run did. Its JSON is a contract (docs/output.md "JSON output").
#[derive(Debug, Serialize)]
pub struct WorkerReport {
    pub identity: String,
    /// stopped (signal or remote stop), burst (nothing left), max-jobs.
    pub reason: String,
    pub elapsed: f64,
    pub processed: u64,
    pub failed: u64,
    pub retried: u64,
    pub dead: u64,
    pub discarded: u64,
    /// Jobs put back on their queue at shutdown (not finished within the drain timeout).
    pub requeued: u64,
    /// The first 20 failed runs: jid, class and error class.
    pub failures: Vec<crate::worker::state::FailedRun>,
    /// --burst without --allow-failures: a failed run makes the exit status 1.
    #[serde(skip)]
    pub strict: bool,
}

impl Report for WorkerReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let warn = |n: u64, bad: Tone| if n > 0 { bad } else { Tone::Plain };
        let mut t = table::new(
            ui,
            &[
                "processed",
                "failed",
                "retried",
                "dead",
                "discarded",
                "requeued",
            ],
        );
        t.add_row(vec![
            table::cell(ui, self.processed.to_string(), Tone::Plain),
            table::cell(ui, self.failed.to_string(), warn(self.failed, Tone::Warn)),
            table::cell(ui, self.retried.to_string(), warn(self.retried, Tone::Warn)),
            table::cell(ui, self.dead.to_string(), warn(self.dead, Tone::Bad)),
            table::cell(ui, self.discarded.to_string(), Tone::Plain),
            table::cell(
                ui,
                self.requeued.to_string(),
                warn(self.requeued, Tone::Warn),
            ),
        ]);
        out.write_all(table::finish(&mut t, &[0, 1, 2, 3, 4, 5]).as_bytes())?;
        if !self.failures.is_empty() {
            let mut t = table::new(ui, &["FAILED JID", "CLASS", "ERROR"]);
            for f in &self.failures {
                t.add_row(vec![
                    table::cell(ui, &f.jid, Tone::Plain),
                    table::cell(ui, &f.class, Tone::Plain),
                    table::cell(ui, &f.error, Tone::Warn),
                ]);
            }
            writeln!(out)?;
            out.write_all(table::finish(&mut t, &[]).as_bytes())?;
            let more = self.failed.saturating_sub(self.failures.len() as u64);
            if more > 0 {
                writeln!(out, "… and {more} more failed runs")?;
            }
        }
        let why = match self.reason.as_str() {
            "burst" => ": its queues are empty (--burst)",
            "max-jobs" => ": it started --max-jobs jobs",
            _ => "",
        };
        ui.note(&format!(
            "{} stopped after {:.1}s{why}",
            self.identity, self.elapsed
        ));
        Ok(())
    }

    fn exit(&self) -> Exit {
        if self.dead > 0 || (self.strict && self.failed > 0) {
            Exit::Failure
        } else {
            Exit::Ok
        }
    }
}

/// Called first thing, before the command line is even parsed (see
/// `worker::hold_stop_signals`); [`release_signals`] once it is known not to be a worker.
pub fn hold_signals() {
    crate::worker::hold_stop_signals();
}

pub fn release_signals() {
    crate::worker::release_stop_signals();
}

pub fn run(ctx: &mut Ctx, args: &WorkerArgs) -> anyhow::Result<Exit> {
    let resolved = resolve(args);
    // With JSON logs every line is an event, an error that ends the worker too (the flag is
    // all there is to go by when the settings themselves are wrong).
    let json_logs = match &resolved {
        Ok(r) => r.log_format == LogFormat::Json,
        Err(_) => args.log_format.as_deref() == Some("json"),
    };
    let result = resolved
        .map_err(anyhow::Error::from)
        .and_then(|r| serve(ctx, args, r));
    match result {
        Err(e) if json_logs => {
            crate::worker::log::write(
                LogFormat::Json,
                "error",
                "worker_failed",
                &[("error", &format!("{e:#}"))],
            );
            Err(e.context(Reported))
        }
        other => other,
    }
}

fn serve(ctx: &mut Ctx, args: &WorkerArgs, r: Resolved) -> anyhow::Result<Exit> {
    let mut handlers =
        Handlers::new(&r.handlers, r.timeout, &r.timeout_for, r.grace).map_err(UsageError)?;
    handlers.set_recycle(r.recycle);
    // A handler that can't run would fail every job of its class: refused before any is
    // fetched.
    if r.handler_check {
        handlers.check().map_err(UsageError)?;
    }
    handlers.set_output(Some(crate::worker::log::handler_output(r.log_format)));
    // Bound before connecting: a busy address is a usage error, and nothing has started.
    let listener = r
        .listen
        .as_deref()
        .map(crate::httpd::bind)
        .transpose()
        .map_err(UsageError)?;
    let connector = ctx.connector()?;
    let hostname = crate::store::ids::hostname();
    let pid = std::process::id();
    let identity = format!(
        "{}:{pid}:{}",
        r.tag.as_deref().unwrap_or(&hostname),
        &Jids::new().jid()[..12]
    );
    let clock = ctx.ui.clock;
    let shared = Shared {
        settings: Settings {
            identity,
            hostname,
            pid,
            queues: r.queues,
            concurrency: r.concurrency,
            burst: args.burst,
            max_jobs: args.max_jobs,
            drain: r.drain,
            grace: r.grace,
            orphan_threshold: r.orphan_threshold.as_secs_f64(),
            max_orphanings: r.max_orphanings,
            beat_every: args.beat_interval,
            poll_every: args.poll_interval,
            orphan_check_every: args.orphan_check_interval,
            startup_wait: args.startup_wait,
            quiet_logs: ctx.ui.quiet,
            log_format: r.log_format,
            history: r.history,
        },
        connector,
        handlers,
        children: Children::new(),
        clock,
        started_at: clock.current(),
        quiet: AtomicBool::new(false),
        stopping: AtomicBool::new(false),
        abandon: AtomicBool::new(false),
        finished: AtomicBool::new(false),
        busy: AtomicUsize::new(0),
        started_jobs: AtomicU64::new(0),
        running: Mutex::new(Default::default()),
        pending: Mutex::new(Default::default()),
        settling: Mutex::new(()),
        handlers_memory: Mutex::new(Default::default()),
        tally: Tally::default(),
        death_hooks: r.death_hooks,
        deaths: Queue::default(),
        telemetry: Telemetry::new(r.metrics_max_classes),
        listener,
    };
    let started = Instant::now();
    let ended = crate::worker::run(&shared)?;
    let t = &shared.tally;
    let report = WorkerReport {
        identity: shared.settings.identity.clone(),
        reason: ended.reason.to_string(),
        elapsed: started.elapsed().as_secs_f64(),
        processed: t.processed.load(Ordering::SeqCst),
        failed: t.failed.load(Ordering::SeqCst),
        retried: t.retried.load(Ordering::SeqCst),
        dead: t.dead.load(Ordering::SeqCst),
        discarded: t.discarded.load(Ordering::SeqCst),
        requeued: ended.requeued,
        failures: t
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone(),
        strict: args.burst && !args.allow_failures,
    };
    // The report's `processed` counts the runs that succeeded and `failed` those that
    // didn't (as the gem's counters do): every run is one or the other.
    ctx.record(crate::ops::Counts {
        matched: report.processed + report.failed,
        done: report.processed,
        failed: report.failed,
        ..crate::ops::Counts::default()
    });
    if r.log_format == LogFormat::Json {
        // The `worker_stopped` event is the summary; stdout carries the report only when
        // it was asked for as JSON, and then as one line like every other.
        if !ctx.ui.human() {
            let mut ui = ctx.ui.clone();
            ui.format = Format::Ndjson;
            crate::render::emit(&mut ctx.out, &ui, &report)?;
        }
    } else {
        crate::render::emit(&mut ctx.out, &ctx.ui, &report)?;
    }
    Ok(report.exit())
}

#[cfg(test)]
mod tests {
    use clap::{Args, Command};

    use super::*;

    /// `--help` names every key the config file takes: the keys are the ones serde lists
    /// when it refuses an unknown one.
    #[test]
    fn the_config_help_names_every_key() {
        let error = serde_json::from_str::<ConfigFile>(r#"{"no_such_key": 1}"#).unwrap_err();
        let text = error.to_string();
        let expected = text
            .split("expected one of ")
            .nth(1)
            .expect("serde lists the fields");
        let keys: Vec<&str> = expected
            .split(", ")
            .map(|k| k.trim_matches(|c: char| c == '`' || !c.is_ascii() || c.is_whitespace()))
            .map(|k| k.split('`').next().unwrap_or(k))
            .collect();
        assert!(keys.len() > 15, "{text}");
        let command = WorkerArgs::augment_args(Command::new("worker"));
        let help = command
            .get_arguments()
            .find(|a| a.get_id() == "config")
            .and_then(|a| a.get_help())
            .expect("--config has help")
            .to_string();
        for key in keys {
            assert!(
                help.contains(&format!("\"{key}\"")),
                "--config's help lacks {key}: {help}"
            );
        }
    }
}
