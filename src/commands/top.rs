//! `cogctl top`: the keyboard console (src/console/), whose home is a live dashboard. This
//! command only reads its flags and hands over.

use std::time::Duration;

use clap::Args;

use super::Ctx;
use crate::console::run::Options;
use crate::term::exit::Exit;
use crate::term::values::parse_duration;

/// The keyboard console: a live dashboard, then every view (queues, processes, sets, triage,
/// history, audit, incident), drill-down, and actions with a dry run and undo
///
/// Keys: q or Ctrl-C quit; Tab switches pane (queues, processes, deaths); ↑/↓ or j/k select;
/// p pauses or resumes the selected queue, Q quiets the selected process (each shows its dry
/// run, then asks y/n); / filters queues and processes by name (Esc clears).
///
/// The dashboard is the home view of a keyboard console: 1…9 and 0 (or :name, Tab completes)
/// open queues, processes, retry, dead, scheduled, triage, periodic, history and audit; i the
/// incident; Enter drills in, Esc comes back, / filters any list (with the list commands'
/// flags on entry lists), space marks, R D K E retry, delete, kill or enqueue now and u
/// undoes; in queues p pauses or resumes and X dedupes, in processes Q quiets, S stops and R
/// requeues what dead processes held, in periodic E runs now and p disables or enables (each
/// shows its dry run first, then its progress); ? lists the keys (docs/console.md).
///
/// Each refresh is a fixed number of pipelined reads (6 round trips) whose size depends only
/// on the number of queues and processes (docs/monitoring.md, "Live: cogctl top"). When
/// Redis can't be reached, a banner says why, the last data stays, and it tries again every
/// interval. Needs a terminal.
///
/// Across a fleet (`--fleet NAME`): every shard read at once and merged, each queue, process
/// and death with its SHARD, the fleet's totals and a row per shard on home; `:shard NAME`
/// narrows every view and change to one shard, `:shard` alone widens again (docs/fleet.md).
#[derive(Debug, Args)]
#[command(after_help = format!(
    "The console's manual, every view, key and action: docs/console.md\n\n{}",
    crate::render::help::examples(&[
    ("The live dashboard, refreshed every 2 s", "cogctl top"),
    ("Refresh every half second", "cogctl top --interval 500ms"),
    ("Every shard of fleet prod, merged", "cogctl top --fleet prod"),
    (
        "Watch another Redis through its Sentinels",
        "cogctl top --sentinel 10.0.0.5:26379 --sentinel-master main",
    ),
])))]
pub struct TopArgs {
    /// Time between refreshes (at least 100ms)
    #[arg(long, value_name = "DURATION", default_value = "2s", value_parser = parse_duration)]
    pub interval: Duration,

    /// Quit after this many refreshes and print their timing, and how long each key took to
    /// be drawn, on stderr (benchmarks)
    #[arg(long, value_name = "N", hide = true)]
    pub refreshes: Option<u64>,
}

/// `cogctl --fleet NAME top`: the console across the fleet `name` (`named`: the flags that
/// name it in the commands it suggests), each shard on its session (`shards`, in the
/// fleet's order).
pub fn run_fleet(
    ctx: &mut Ctx,
    args: &TopArgs,
    name: String,
    named: String,
    shards: Vec<(String, Ctx)>,
) -> anyhow::Result<Exit> {
    crate::console::run::run(
        ctx,
        Options {
            interval: args.interval,
            refreshes: args.refreshes,
            fleet: Some(crate::console::run::Fleet {
                name,
                named,
                shards,
            }),
        },
    )
}

pub fn run(ctx: &mut Ctx, args: &TopArgs) -> anyhow::Result<Exit> {
    crate::console::run::run(
        ctx,
        Options {
            interval: args.interval,
            refreshes: args.refreshes,
            fleet: None,
        },
    )
}
