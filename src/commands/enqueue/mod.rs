//! `cogctl enqueue`: push a new job exactly as the gem's client does (KEYS.md §4.2, §6.6,
//! OPERATIONS §15), or many from NDJSON job specs (`--from`).

mod from;

use std::borrow::Cow;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use serde::Serialize;
use serde_json::value::RawValue;

use super::Ctx;
use crate::ops::push::{self, Batch, JobSpec, When, Written};
use crate::render::{self, Report, time};
use crate::term::exit::{Exit, UsageError};
use crate::term::ui::Ui;
use crate::term::values::parse_duration;

use crate::store::Name;
use crate::store::ids::Jids;
use crate::store::undo;
use crate::text::visible;

/// Push a new job, as the gem's client does (or many, from NDJSON job specs)
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::notes_and_examples("\
The payload is the one the gem's Client.push of the hash {class, args, [queue], [retry], \
[unique], [at], --set fields…} writes: the missing defaults (jid, queue \"default\", retry \
true, created_at) follow in the gem's order, then enqueued_at for an immediate push. It is \
LPUSHed onto cogworker:queue:<queue> and the queue is added to cogworker:queues; with --in or \
--at it is only ZADDed into cogworker:schedule (scored with its `at`). Numbers are written the \
way Ruby writes them (1e20 becomes 1.0e+20; integers keep every digit).

--unique takes the gem's until_executed lock first (cogworker:unique:<sha1 of \
\"class|queue|args JSON\">, held by the jid for a day plus the time until the job is due): a \
job whose lock is held is a duplicate, and nothing at all is written (exit status 5).

No confirmation is asked: enqueue adds work and removes nothing. Run without a terminal (a \
producer calling it once per job), a single push keeps no undo record and writes no audit \
entry, as the gem's client writes none; --keep-undo DURATION (or a required audit) keeps \
both. A push made at a terminal and every --from batch keep both.

With --from, each line is a job spec: {\"class\":\"Billing::InvoiceJob\", \"args\":[…], \
\"queue\":\"billing\", \"retry\":true|false|N, \"unique\":true|false, \"at\":EPOCH|\"RFC 3339\", \
\"in\":SECONDS|\"5m\", \"set\":{\"field\":value, …}}; only class is required. A line that is \
not a valid spec is reported with its number and skipped; every other job is written whole \
or not at all (exit status 4 when any line was skipped or refused). Duplicates are counted, \
not errors. The summary goes to stdout (--json for JSON).", &[
    (
        "Push a job with three arguments (each a JSON value); prints the jid",
        "cogctl enqueue Billing::InvoiceJob 42 '\"EUR\"' '{\"draft\":false}'",
    ),
    (
        "On another queue, in 2 hours, unless it is already enqueued (exit 5)",
        "cogctl enqueue ReportJob 42 --queue low --in 2h --unique",
    ),
    (
        "Many jobs from NDJSON job specs, one a line",
        "cogctl enqueue --from jobs.ndjson",
    ),
]))]
pub struct EnqueueArgs {
    /// The job's class, as the workers know it (e.g. Billing::InvoiceJob)
    #[arg(value_name = "CLASS", required_unless_present = "from")]
    pub class: Option<String>,

    /// The job's arguments, each a JSON value: 42, '"text"', '{"a":1}', null
    #[arg(value_name = "ARG", allow_negative_numbers = true)]
    pub args: Vec<String>,

    /// All the arguments as one JSON array, instead of ARG…
    #[arg(long = "args", value_name = "JSON_ARRAY", conflicts_with = "args")]
    pub args_array: Option<String>,

    /// The queue [default: default]
    #[arg(long, value_name = "NAME")]
    pub queue: Option<String>,

    /// The retry budget: true (25 retries), false (none) or a number [default: true]
    #[arg(long, value_name = "N|true|false", value_parser = parse_retry)]
    pub retry: Option<Box<RawValue>>,

    /// Run it after this long (5m, 2h, 1d): into the schedule
    #[arg(long = "in", value_name = "DURATION", value_parser = parse_duration, conflicts_with = "at")]
    pub r#in: Option<Duration>,

    /// Run it at this time (RFC 3339, e.g. 2026-12-02T10:00:00Z, or epoch seconds): into
    /// the schedule
    #[arg(long, value_name = "TIME", value_parser = parse_at)]
    pub at: Option<f64>,

    /// Take the gem's until_executed lock; refuse (exit 5) if the same job is enqueued
    #[arg(long)]
    pub unique: bool,

    /// An extra payload field, its value as JSON (repeatable, kept in order)
    #[arg(long = "set", value_name = "KEY=JSON")]
    pub set: Vec<String>,

    /// Read NDJSON job specs from FILE (`-`: standard input) instead
    #[arg(long, value_name = "FILE|-", conflicts_with_all = ["class", "args", "args_array",
          "queue", "retry", "in", "at", "unique", "set"])]
    pub from: Option<PathBuf>,

    /// Jobs per round trip with --from (1–2000)
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "from",
          value_parser = clap::value_parser!(u64).range(1..=crate::ops::bulk::MAX_BATCH as u64))]
    pub batch: u64,
}

fn parse_retry(text: &str) -> Result<Box<RawValue>, String> {
    let text = text.trim();
    let digits = text.strip_prefix('-').unwrap_or(text);
    let integer = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    if (integer || matches!(text, "true" | "false"))
        && let Ok(raw) = RawValue::from_string(text.to_string())
    {
        return Ok(raw);
    }
    Err(format!(
        "{text:?} is not a retry budget (a number, true or false)"
    ))
}

/// RFC 3339, or epoch seconds.
pub fn parse_at(text: &str) -> Result<f64, String> {
    let text = text.trim();
    if let Ok(secs) = text.parse::<f64>()
        && secs.is_finite()
        && secs >= 0.0
    {
        return Ok(secs);
    }
    chrono::DateTime::parse_from_rfc3339(text)
        .map(|t| t.timestamp() as f64 + f64::from(t.timestamp_subsec_nanos()) / 1e9)
        .map_err(|_| {
            format!("{text:?} is neither an RFC 3339 time (2026-12-02T10:00:00Z) nor epoch seconds")
        })
}

pub fn run(ctx: &mut Ctx, args: &EnqueueArgs) -> anyhow::Result<Exit> {
    if let Some(path) = &args.from {
        return from::run(ctx, path, args.batch as usize);
    }
    let spec = spec_of(args)?;
    spec.check().map_err(UsageError)?;
    let clock = ctx.ui.clock;
    let mut batch = Batch::default();
    batch
        .add(&spec, &mut Jids::new(), &clock)
        .map_err(|e| UsageError(e.to_string()))?;
    let (outcomes, undo_kept) = push::write_undoable(ctx, &batch)?;
    let store = ctx.store()?;
    let outcome = outcomes.into_iter().next().expect("one outcome per job");
    let job = batch.get(0);
    let written = match outcome {
        Written::Written => true,
        Written::Duplicate(_) => false,
        Written::Failed(text) => anyhow::bail!(push::failure_reason(store, &job, &text)),
    };
    let report = EnqueueReport {
        jid: written.then(|| job.jid.to_string()),
        class: spec.class.to_string(),
        queue: job.queue.to_string(),
        key: job.key(),
        scheduled: job.at.is_some(),
        at: job.at,
        duplicate: !written,
        held_by: match outcome {
            Written::Duplicate(holder) => holder,
            _ => None,
        },
        unique_lock: job.lock.map(|(key, _)| key.to_string()),
        lock_ttl: job.lock.filter(|_| written).map(|(_, ttl)| ttl),
        payload: written.then(|| String::from_utf8_lossy(job.payload).into_owned()),
        undo: undo_kept,
    };
    ctx.record(crate::ops::Counts {
        matched: 1,
        done: u64::from(written),
        skipped: u64::from(!written),
        ..crate::ops::Counts::default()
    });
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(report.exit())
}

/// The spec the command line describes.
fn spec_of(args: &EnqueueArgs) -> anyhow::Result<JobSpec<'static>> {
    let json = |what: String, text: &str| {
        RawValue::from_string(text.trim().to_string()).map_err(|e| {
            UsageError(format!(
                "{what} {text:?} is not a JSON value ({e}); a string needs quotes: '\"{text}\"'"
            ))
        })
    };
    let job_args = match &args.args_array {
        Some(text) => json("--args".into(), text)?,
        None => {
            let mut array = String::from("[");
            for (i, text) in args.args.iter().enumerate() {
                let value = json(format!("argument {}", i + 1), text)?;
                if i > 0 {
                    array.push(',');
                }
                array.push_str(value.get());
            }
            array.push(']');
            RawValue::from_string(array).expect("JSON values joined into an array")
        }
    };
    let mut set = Vec::new();
    for pair in &args.set {
        let Some((name, text)) = pair.split_once('=') else {
            return Err(UsageError(format!("--set {pair:?} is not KEY=JSON")).into());
        };
        if name.is_empty() {
            return Err(UsageError(format!("--set {pair:?} names no field")).into());
        }
        let value = json(format!("--set {name}:"), text)?;
        push::set_field(&mut set, Cow::Owned(name.to_string()), Cow::Owned(value));
    }
    let when = match (args.r#in, args.at) {
        (Some(d), _) => When::In(d.as_secs_f64()),
        (None, Some(t)) => When::At(t),
        (None, None) => When::Now,
    };
    Ok(JobSpec {
        class: Cow::Owned(args.class.clone().unwrap_or_default()),
        args: Cow::Owned(job_args),
        queue: args.queue.clone().map(Cow::Owned),
        retry: args.retry.clone().map(Cow::Owned),
        unique: args.unique,
        when,
        set,
    })
}

/// What `cogctl enqueue CLASS …` did. Its JSON is a contract (docs/output.md "JSON output").
#[derive(Debug, Serialize)]
pub struct EnqueueReport {
    /// The new job's jid; null for a duplicate (nothing was written).
    pub jid: Option<String>,
    pub class: String,
    pub queue: String,
    /// Where the job was (or would have been) written: cogworker:queue:<queue> or
    /// cogworker:schedule.
    pub key: Name,
    pub scheduled: bool,
    /// The due time (epoch seconds) of a scheduled job.
    pub at: Option<f64>,
    /// True when the job's unique lock was held: nothing was written.
    pub duplicate: bool,
    /// The jid holding the lock, for a duplicate.
    pub held_by: Option<String>,
    /// The unique lock key, with --unique.
    pub unique_lock: Option<String>,
    /// The lock's TTL in seconds, when this run took it.
    pub lock_ttl: Option<u64>,
    /// The exact JSON written.
    pub payload: Option<String>,
    /// What was kept to undo the enqueue, absent with --no-undo or for a duplicate.
    pub undo: Option<undo::Kept>,
}

impl Report for EnqueueReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let Some(jid) = &self.jid else {
            let holder = match &self.held_by {
                Some(h) => format!(" by {}", visible(h)),
                None => String::new(),
            };
            let _ = writeln!(
                io::stderr(),
                "{} {} {} is held{holder}; nothing was written",
                ui.styles.warn("already enqueued:"),
                visible(&self.class),
                visible(self.unique_lock.as_deref().unwrap_or("its unique lock")),
            );
            return Ok(());
        };
        writeln!(out, "{jid}")?;
        match self.at {
            Some(at) => ui.note(&format!(
                "scheduled {} on {} for {} ({})",
                visible(&self.class),
                visible(&self.queue),
                time::absolute(at),
                crate::duration::relative(ui.clock.now, at)
            )),
            None => ui.note(&format!(
                "pushed {} onto {}",
                visible(&self.class),
                self.key.shown()
            )),
        }
        Ok(())
    }

    fn exit(&self) -> Exit {
        if self.duplicate {
            Exit::Duplicate
        } else {
            Exit::Ok
        }
    }
}
