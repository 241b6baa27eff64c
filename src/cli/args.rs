//! The clap tree: the only definition of cogctl's commands and flags. `--help`, the man
//! pages and the shell completions are all generated from it.

use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use super::ui::{ColorChoice, Format};
use super::values::parse_duration;
use crate::commands::{
    busy, check, enqueue, fixture, generate, history, job, jobs, metrics, orphans, periodic, procs,
    queue, queues, reconcile, sets, stats, top, unsettled, worker,
};

/// Inspect and repair the Redis queues of cogworker 0.8, side by side with live Ruby
/// processes.
///
/// cogctl reads the same keys as the gem's processes and Web UI. Read-only commands never
/// write to Redis. Data goes to stdout (a table, --json or --ndjson); notes, progress and
/// prompts go to stderr.
#[derive(Debug, Parser)]
#[command(
    name = "cogctl",
    version = super::help::version(),
    propagate_version = true,
    max_term_width = 100,
    after_help = super::help::root_after_help()
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args)]
pub struct GlobalArgs {
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
    Metrics(metrics::MetricsArgs),
    /// Shell completions and man pages
    #[command(subcommand, hide = true)]
    Generate(generate::GenerateCommand),
    /// Load or dump a Redis state in the fixture format (development and demos)
    #[command(subcommand, hide = true)]
    Fixture(fixture::FixtureCommand),
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_clap_tree_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
