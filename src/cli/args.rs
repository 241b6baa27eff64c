//! The clap tree: the only definition of cogctl's commands and flags, with the root's
//! version and examples. `--help`, the man pages and the shell completions are all generated
//! from it.

use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use super::changes::{CHANGES, change_at};
use super::generate;
use crate::commands::{
    audit, busy, check, context, doctor, enqueue, fixture, history, incident, job, jobs, metrics,
    orphans, periodic, procs, queue, queues, reconcile, sets, stats, top, undo, unsettled, worker,
};
use crate::render::help::examples;
use crate::store::keys::COGWORKER_DATA_VERSION;
use crate::term::config;
use crate::term::exit::Exit;
use crate::term::ui::{ColorChoice, Format};
use crate::term::values::parse_duration;

/// Inspect and repair the Redis queues of cogworker 0.8, side by side with live Ruby
/// processes.
///
/// cogctl reads the same keys as the gem's processes and Web UI. Read-only commands never
/// write to Redis. Data goes to stdout (a table, --json or --ndjson); notes, progress and
/// prompts go to stderr.
#[derive(Debug, Parser)]
#[command(
    name = "cogctl",
    version = version(),
    propagate_version = true,
    max_term_width = 100,
    after_help = root_after_help()
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// Use the named context of the config file (its Redis, TLS, Sentinel and safety flags);
    /// default: the file's current_context. See `cogctl context`
    #[arg(
        long,
        global = true,
        value_name = "NAME",
        env = "COGCTL_CONTEXT",
        help_heading = "Context"
    )]
    pub context: Option<String>,

    /// Read every shard of the named fleet of the config file at once ([fleets.NAME]
    /// contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md
    #[arg(
        long,
        global = true,
        value_name = "NAME",
        env = "COGCTL_FLEET",
        help_heading = "Context"
    )]
    pub fleet: Option<String>,

    /// Across a fleet, read only these of its shards (comma-separated context names; the
    /// fleet's name and its SHARD column stay)
    #[arg(
        long,
        global = true,
        value_name = "NAME[,NAME]",
        value_delimiter = ',',
        help_heading = "Context"
    )]
    pub shard: Vec<String>,

    /// Let a change through on a protected context without a terminal: NAME must be the
    /// context's name (--yes alone is not enough there)
    #[arg(long, global = true, value_name = "NAME", help_heading = "Context")]
    pub confirm_context: Option<String>,

    /// Refuse a change (before making it) unless its entry in the audit stream cogctl:audit
    /// can be written; default: the context's require_audit, else best effort
    #[arg(long, global = true, help_heading = "Context")]
    pub require_audit: bool,

    /// Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the
    /// context's keep_undo, else 24h
    #[arg(long, global = true, value_name = "DURATION", value_parser = parse_duration,
          conflicts_with = "no_undo", help_heading = "Undo")]
    pub keep_undo: Option<Duration>,

    /// Keep nothing to undo this change: what it removes is freed now (it can't be undone)
    #[arg(long, global = true, help_heading = "Undo")]
    pub no_undo: bool,

    /// Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS,
    /// unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then
    /// redis://127.0.0.1:6379/0
    #[arg(
        long,
        global = true,
        value_name = "URL",
        env = "COGCTL_REDIS_URL",
        hide_env_values = true,
        help_heading = "Connection"
    )]
    pub redis_url: Option<String>,

    /// Accept a TLS certificate that doesn't verify (self-signed); rediss:// only
    #[arg(long, global = true, help_heading = "Connection")]
    pub tls_insecure: bool,

    /// Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated);
    /// needs --sentinel-master. Database, user and password come from --redis-url
    #[arg(
        long,
        global = true,
        value_name = "HOST:PORT",
        value_delimiter = ',',
        env = "COGCTL_SENTINEL",
        hide_env_values = true,
        help_heading = "Connection"
    )]
    pub sentinel: Vec<String>,

    /// The master name the Sentinels monitor
    #[arg(
        long,
        global = true,
        value_name = "NAME",
        env = "COGCTL_SENTINEL_MASTER",
        hide_env_values = true,
        help_heading = "Connection"
    )]
    pub sentinel_master: Option<String>,

    /// Password of the Sentinels themselves, if they require one
    #[arg(
        long,
        global = true,
        value_name = "PASSWORD",
        env = "COGCTL_SENTINEL_PASSWORD",
        hide_env_values = true,
        help_heading = "Connection"
    )]
    pub sentinel_password: Option<String>,

    /// Give up connecting after this long
    #[arg(long, global = true, value_name = "DURATION", default_value = "5s",
          value_parser = parse_duration, help_heading = "Connection")]
    pub connect_timeout: Duration,

    /// Give up waiting for a reply after this long
    #[arg(long, global = true, value_name = "DURATION", default_value = "30s",
          value_parser = parse_duration, help_heading = "Connection")]
    pub read_timeout: Duration,

    /// Output format
    #[arg(long, global = true, value_enum, default_value_t = Format::Table, help_heading = "Output")]
    pub format: Format,

    /// Same as --format json
    #[arg(
        long,
        global = true,
        conflicts_with = "ndjson",
        help_heading = "Output"
    )]
    pub json: bool,

    /// Same as --format ndjson
    #[arg(long, global = true, help_heading = "Output")]
    pub ndjson: bool,

    /// When to colour the output (NO_COLOR is honoured by auto)
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto,
          value_name = "WHEN", help_heading = "Output")]
    pub color: ColorChoice,

    /// No progress bars or notes on stderr
    #[arg(long, global = true, help_heading = "Output")]
    pub quiet: bool,

    /// Show times as absolute UTC instead of "3m ago"
    #[arg(long, global = true, help_heading = "Output")]
    pub utc: bool,

    /// Pretend it is this epoch time (tests)
    #[arg(
        long,
        global = true,
        hide = true,
        env = "COGCTL_NOW",
        value_name = "EPOCH"
    )]
    pub now: Option<f64>,
}

impl GlobalArgs {
    /// What these flags (and their environment variables) say about the Redis of a run.
    pub fn target(&self) -> config::Flags {
        config::Flags {
            context: self.context.clone(),
            redis_url: self.redis_url.clone(),
            tls_insecure: self.tls_insecure,
            sentinel: self.sentinel.clone(),
            sentinel_master: self.sentinel_master.clone(),
            sentinel_password: self.sentinel_password.clone(),
            connect_timeout: self.connect_timeout,
            read_timeout: self.read_timeout,
        }
    }

    pub fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else if self.ndjson {
            Format::Ndjson
        } else {
            self.format
        }
    }
}

/// `cogctl --version`: cogctl's own version and the cogworker data layout it reads and writes.
pub fn version() -> String {
    format!(
        "{} (cogworker data {COGWORKER_DATA_VERSION})",
        env!("CARGO_PKG_VERSION")
    )
}

/// The root's text after the options: its examples, where the rest of the help is, the exit
/// codes.
pub fn root_after_help() -> String {
    format!(
        "{}\n\n`cogctl help options`: the global options alone.\n`cogctl help COMMAND` (or \
         `cogctl COMMAND --help`): a command's options and examples.\n\n{}",
        examples(&[
            (
                "The overview of a Redis: queues, sets, processes, throughput",
                "cogctl --redis-url redis://redis.internal:6379/0 stats"
            ),
            (
                "What died, grouped into failure patterns",
                "cogctl dead triage"
            ),
            (
                "Fail (exit 1) when more than 100 jobs are dead: for CI and monitoring",
                "cogctl check --max-dead 100"
            ),
        ]),
        Exit::help()
    )
}

#[derive(Debug, Subcommand)]
pub enum Command {
    Stats(stats::StatsArgs),
    Queues(queues::QueuesArgs),
    /// One queue: list its waiting jobs, show its page, pause, resume or clear it, delete jobs
    #[command(subcommand)]
    #[command(after_help = crate::render::help::examples(&[
        (
            "The next 10 jobs workers will take from critical",
            "cogctl queue list critical --next-first --limit 10",
        ),
        (
            "The queue's page",
            "cogctl queue show critical",
        ),
        (
            "Stop workers fetching from mailers",
            "cogctl queue pause mailers",
        ),
    ]))]
    Queue(queue::QueueCommand),
    /// Jobs that failed and wait for their next attempt (cogworker:retry)
    #[command(subcommand)]
    #[command(after_help = crate::render::help::examples(&[
        (
            "The retry set grouped into failure patterns",
            "cogctl retry triage",
        ),
        (
            "The 20 retries due soonest",
            "cogctl retry list --oldest-first --limit 20",
        ),
        (
            "Run one job now instead of at its next attempt",
            "cogctl retry retry f8138b8b5e56769076bcad1f",
        ),
    ]))]
    Retry(sets::RetryCommand),
    /// Jobs that will not run again (cogworker:dead)
    #[command(subcommand)]
    #[command(after_help = crate::render::help::examples(&[
        (
            "What died, grouped into failure patterns",
            "cogctl dead triage",
        ),
        (
            "The 20 most recent deaths",
            "cogctl dead list --limit 20",
        ),
        (
            "What retrying one pattern would touch; nothing is changed",
            "cogctl dead retry --fingerprint 9c1acf3f --dry-run",
        ),
    ]))]
    Dead(sets::DeadCommand),
    /// Jobs pushed to run later (cogworker:schedule)
    #[command(subcommand)]
    #[command(after_help = crate::render::help::examples(&[
        (
            "The 50 jobs due latest",
            "cogctl scheduled list",
        ),
        (
            "Push one scheduled job to its queue now",
            "cogctl scheduled enqueue-now f8138b8b5e56769076bcad1f",
        ),
    ]))]
    Scheduled(sets::ScheduledCommand),
    Job(job::JobArgs),
    /// Periodic (cron) jobs: list them with their next and last run, run one now, enable or
    /// disable them (the Web UI's Schedules tab)
    #[command(subcommand)]
    #[command(after_help = crate::render::help::examples(&[
        (
            "Every periodic entry with its next and last run",
            "cogctl periodic list",
        ),
        (
            "One entry's next runs and its jobs",
            "cogctl periodic show 3f2a9c",
        ),
        (
            "Push an entry's job now",
            "cogctl periodic run-now 3f2a9c",
        ),
    ]))]
    Periodic(periodic::PeriodicCommand),
    Jobs(jobs::JobsArgs),
    History(history::HistoryArgs),
    Enqueue(enqueue::EnqueueArgs),
    Worker(worker::WorkerArgs),
    Procs(procs::ProcsArgs),
    Busy(busy::BusyArgs),
    Top(top::TopArgs),
    /// Failed jobs a shutting-down process could not file (cogworker:unsettled)
    #[command(subcommand)]
    #[command(after_help = crate::render::help::examples(&[
        (
            "The records a shutting-down process could not file",
            "cogctl unsettled list",
        ),
        (
            "What filing them would do",
            "cogctl unsettled file --dry-run",
        ),
    ]))]
    Unsettled(unsettled::UnsettledCommand),
    Orphans(orphans::OrphansArgs),
    Reconcile(reconcile::ReconcileArgs),
    Check(check::CheckArgs),
    Doctor(doctor::DoctorArgs),
    Incident(incident::IncidentArgs),
    Metrics(metrics::MetricsArgs),
    /// Named contexts of the config file: list them, show one, pick the current one
    #[command(subcommand, after_help = crate::render::help::examples(&[
        ("Every context, the current one marked", "cogctl context list"),
        ("Make staging the current context", "cogctl context use staging"),
        ("What the current context is and where it points", "cogctl context show"),
    ]))]
    Context(context::ContextCommand),
    Audit(audit::AuditArgs),
    Undo(undo::UndoArgs),
    /// Shell completions and man pages
    #[command(subcommand, hide = true)]
    Generate(generate::GenerateCommand),
    /// Load or dump a Redis state in the fixture format (development and demos)
    #[command(subcommand, hide = true)]
    Fixture(fixture::FixtureCommand),
}

/// `name`, one of [`CHANGES`]: a change's name in the audit trail.
fn change(name: &'static str) -> Option<&'static str> {
    debug_assert!(
        CHANGES.iter().any(|(n, _)| *n == name),
        "{name} is missing from CHANGES"
    );
    Some(name)
}

/// [`change`] when `changes` (not a dry run), else `None`.
fn change_if(changes: bool, name: &'static str) -> Option<&'static str> {
    if changes { change(name) } else { None }
}

impl Command {
    /// The name this run goes by in the audit trail when it changes Redis, `None` when it
    /// only reads (dry runs and --plan-out included): one of [`CHANGES`].
    pub fn changes(&self) -> Option<&'static str> {
        use crate::commands::procs::control::ProcsAction;
        use crate::commands::queue::QueueCommand;
        use crate::commands::sets::apply::ActionArgs;
        use crate::commands::sets::{DeadCommand, RetryCommand, ScheduledCommand};
        use crate::commands::unsettled::UnsettledCommand;
        fn unless_planned(a: &ActionArgs, name: &'static str) -> Option<&'static str> {
            change_if(!a.dry_run && a.plan_out.is_none(), name)
        }
        match self {
            Command::Retry(c) => match c {
                RetryCommand::Retry(a) => unless_planned(&a.requeue.action, "retry retry"),
                RetryCommand::Delete(a) => unless_planned(a, "retry delete"),
                RetryCommand::Kill(a) => unless_planned(a, "retry kill"),
                RetryCommand::Reschedule(a) => unless_planned(&a.action, "retry reschedule"),
                RetryCommand::List(_)
                | RetryCommand::Triage(_)
                | RetryCommand::Export(_)
                | RetryCommand::Show(_) => None,
            },
            Command::Dead(c) => match c {
                DeadCommand::Retry(a) => unless_planned(&a.requeue.action, "dead retry"),
                DeadCommand::Delete(a) => unless_planned(a, "dead delete"),
                DeadCommand::Import(a) => change_if(!a.dry_run, "dead import"),
                DeadCommand::List(_)
                | DeadCommand::Triage(_)
                | DeadCommand::Export(_)
                | DeadCommand::Show(_) => None,
            },
            Command::Scheduled(c) => match c {
                ScheduledCommand::EnqueueNow(a) => {
                    unless_planned(&a.action, "scheduled enqueue-now")
                }
                ScheduledCommand::Delete(a) => unless_planned(a, "scheduled delete"),
                ScheduledCommand::Reschedule(a) => {
                    unless_planned(&a.action, "scheduled reschedule")
                }
                ScheduledCommand::List(_) | ScheduledCommand::Show(_) => None,
            },
            Command::Queue(c) => match c {
                QueueCommand::Pause { .. } => change("queue pause"),
                QueueCommand::Resume { .. } => change("queue resume"),
                QueueCommand::Clear { .. } => change("queue clear"),
                QueueCommand::DeleteJob(a) => change_if(!a.dry_run, "queue delete-job"),
                QueueCommand::Dedupe(a) => change_if(!a.dry_run, "queue dedupe"),
                QueueCommand::List(_) | QueueCommand::Show(_) => None,
            },
            Command::Periodic(c) => match c {
                periodic::PeriodicCommand::RunNow { .. } => change("periodic run-now"),
                periodic::PeriodicCommand::Disable(_) => change("periodic disable"),
                periodic::PeriodicCommand::Enable(_) => change("periodic enable"),
                periodic::PeriodicCommand::List(_) | periodic::PeriodicCommand::Show(_) => None,
            },
            Command::Enqueue(_) => change("enqueue"),
            Command::Worker(_) => change("worker"),
            Command::Procs(a) => match &a.action {
                Some(ProcsAction::Quiet(_)) => change("procs quiet"),
                Some(ProcsAction::Resume(_)) => change("procs resume"),
                Some(ProcsAction::Stop(_)) => change("procs stop"),
                Some(ProcsAction::Prune { dry_run }) => change_if(!dry_run, "procs prune"),
                // A probe: it only reads.
                Some(ProcsAction::Alive(_)) | None => None,
            },
            Command::Unsettled(UnsettledCommand::File { dry_run }) => {
                change_if(!dry_run, "unsettled file")
            }
            Command::Reconcile(a) => change_if(!a.dry_run, "reconcile"),
            Command::Undo(a) => match &a.action {
                None => change_if(!a.dry_run, "undo"),
                Some(undo::UndoAction::Purge { .. }) => change("undo purge"),
                Some(undo::UndoAction::List { .. }) => None,
            },
            Command::Fixture(fixture::FixtureCommand::Load { .. }) => change("fixture load"),
            Command::Stats(_)
            | Command::Queues(_)
            | Command::Job(_)
            | Command::Jobs(_)
            | Command::History(_)
            | Command::Busy(_)
            | Command::Unsettled(UnsettledCommand::List(_))
            | Command::Orphans(_)
            | Command::Check(_)
            | Command::Doctor(_)
            | Command::Incident(_)
            | Command::Metrics(_)
            | Command::Top(_)
            | Command::Context(_)
            | Command::Audit(_)
            | Command::Generate(_)
            | Command::Fixture(fixture::FixtureCommand::Dump { .. }) => None,
        }
    }
}

impl Command {
    /// A view of what Redis holds, run once (not `--watch`ed): one that says so when the
    /// database holds no cogworker data at all (`incident`, `check` and `doctor` say it their
    /// own way).
    pub fn is_view(&self) -> bool {
        use crate::commands::queue::QueueCommand;
        use crate::commands::sets::{DeadCommand, RetryCommand, ScheduledCommand};
        use crate::commands::unsettled::UnsettledCommand;
        let watching = |w: &crate::commands::WatchArgs| w.watch.is_some();
        match self {
            Command::Stats(a) => !watching(&a.watch),
            Command::Queues(a) => !watching(&a.watch),
            Command::Busy(a) => !watching(&a.watch),
            Command::Orphans(a) => !watching(&a.watch),
            Command::Jobs(a) => !watching(&a.watch),
            Command::History(a) => !watching(&a.watch),
            Command::Procs(a) => a.action.is_none() && !watching(&a.watch),
            Command::Retry(RetryCommand::List(a)) | Command::Dead(DeadCommand::List(a)) => {
                !watching(&a.watch)
            }
            Command::Scheduled(ScheduledCommand::List(a)) => !watching(&a.watch),
            Command::Retry(RetryCommand::Triage(_)) | Command::Dead(DeadCommand::Triage(_)) => true,
            Command::Queue(QueueCommand::List(a)) => !watching(&a.watch),
            Command::Periodic(periodic::PeriodicCommand::List(a)) => !watching(&a.watch),
            Command::Unsettled(UnsettledCommand::List(a)) => !watching(&a.watch),
            _ => false,
        }
    }

    /// `enqueue` of one job (not `--from`): what a producer calls once per job.
    pub fn single_push(&self) -> bool {
        matches!(self, Command::Enqueue(a) if a.from.is_none())
    }

    /// A change that runs long (the worker; a canary retry, which watches its steps): its
    /// audit trail has a `begin` entry, so that a run killed mid-way is still on record.
    pub fn long_running(&self) -> bool {
        match self {
            Command::Worker(_) => true,
            Command::Dead(crate::commands::sets::DeadCommand::Retry(a))
            | Command::Retry(crate::commands::sets::RetryCommand::Retry(a)) => {
                a.canary.canary.is_some()
            }
            _ => false,
        }
    }

    /// Whether cogctl keeps what this change needs to be undone (README "Undo"), as
    /// [`CHANGES`] says.
    pub fn undoable(&self) -> bool {
        self.changes().is_some_and(|name| change_at(name).1)
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_clap_tree_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
