//! One module per subcommand: its arguments (`XxxArgs`, whose doc comments are its
//! `--help`) and `run(ctx, args)`, which decides and returns data; it never prints.

pub mod audit;
pub mod busy;
pub mod check;
pub mod context;
pub mod doctor;
pub mod enqueue;
pub mod fixture;
pub mod history;
pub mod incident;
pub mod job;
pub mod jobs;
pub mod metrics;
pub mod orphans;
pub mod periodic;
pub mod procs;
pub mod queue;
pub mod queues;
pub mod reconcile;
pub mod sets;
pub mod stats;
pub mod top;
pub mod undo;
pub mod unsettled;
pub mod worker;

use std::time::Duration;

use clap::Args;

/// What every command gets: the core's session (how to show things, where stdout is, Redis
/// on demand, what a change keeps for its audit and undo).
pub type Ctx = crate::ops::Session;

/// A dry run's line about undo: what the change would keep, and until when, and the command
/// that would take it back (`cogctl undo`, unless `by` names another).
pub fn undo_plan_line(kept: Option<&crate::store::undo::Kept>, by: Option<&str>) -> String {
    match kept {
        Some(k) => format!(
            "undo: would keep {} {} (≈ {}) until {}, so that `{}` can take it back; \
             --no-undo keeps nothing",
            crate::text::size::count(k.entries),
            crate::text::plural(k.entries, "entry", "entries"),
            crate::text::size::bytes(k.bytes as i64),
            crate::clock::rfc3339(k.until),
            by.unwrap_or("cogctl undo")
        ),
        None => "undo: --no-undo: nothing would be kept, it could not be undone".into(),
    }
}

/// The shortest `--watch` interval: a refresh reads Redis, and faster only loads it.
pub const MIN_WATCH: Duration = Duration::from_millis(100);

/// `--watch[=INTERVAL]` of the views that can be watched (the loop is cli/watch.rs). The
/// interval is only ever given after `=`, so the word after a bare `--watch` stays what it
/// is (`queue list --watch default` watches the queue `default`).
#[derive(Clone, Debug, Default, Args)]
pub struct WatchArgs {
    /// Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until
    /// Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full
    #[arg(long, value_name = "INTERVAL", num_args = 0..=1, require_equals = true,
          default_missing_value = "2s", value_parser = parse_watch)]
    pub watch: Option<Duration>,

    /// Stop after N refreshes (tests)
    #[arg(long, hide = true, value_name = "N", requires = "watch")]
    pub watch_count: Option<u64>,
}

/// A `--watch=INTERVAL` of a command with a watch of its own (`incident`).
pub fn parse_watch_interval(text: &str) -> Result<Duration, String> {
    parse_watch(text)
}

fn parse_watch(text: &str) -> Result<Duration, String> {
    let every = crate::duration::parse_duration(text)?;
    if every < MIN_WATCH {
        return Err(format!(
            "{text:?} is too short: the interval must be at least 100ms (each refresh reads Redis)"
        ));
    }
    Ok(every)
}
