//! `cogctl incident`: the story of the last hours in one read (the core's
//! `ops::incident`), as text, Markdown to paste into an incident channel, one JSON document,
//! or one finding a line.

use std::time::Duration;

use clap::Args;

use super::Ctx;
use crate::ops::Problem;
use crate::ops::incident::{Options, run};
use crate::render::Report;
use crate::term::exit::Exit;
use crate::term::ui::Format;
use crate::term::values::parse_duration;

/// What broke, since when, what it follows, and what to run: the story of the last hours
///
/// Findings ranked failures first, then by the jobs they affect or put at risk, each with its
/// kind, severity, when it began (and how that was estimated), whether it is still going on,
/// the evidence, the finding that began nearest before it, and ready cogctl commands (dry
/// runs first); a headline naming the top finding; a timeline with your own cogctl changes.
/// Failures are counted once, from the attempts logs, the dead set and History. A healthy
/// deployment gives no finding. Nothing is changed. Exit 0 when nothing is notable (or only warnings), 1 when a finding fails, 3 when
/// Redis can't be reached.
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    ("What happened in the last 6 hours", "cogctl incident"),
    ("The last 2 hours, queues allowed 1 minute of latency", "cogctl incident --since 2h --max-latency 1m"),
    ("One finding per line, for a script", "cogctl incident --ndjson"),
    ("To paste into the incident channel, times in Berlin's zone", "cogctl incident --format markdown --tz Europe/Berlin"),
]))]
pub struct IncidentArgs {
    /// How far back to look
    #[arg(long, value_name = "DURATION", default_value = "6h", value_parser = parse_duration)]
    pub since: Duration,

    /// A queue whose oldest job has waited longer is backlogged
    #[arg(long, value_name = "DURATION", default_value = "5m", value_parser = parse_duration)]
    pub max_latency: Duration,

    /// The workers' memory limit (200MB, 2GB): a process above 80 % of it is a finding, and a
    /// growing one is told when it reaches it
    #[arg(long, value_name = "SIZE", value_parser = crate::worker::handlers::serve::parse_size)]
    pub memory_limit: Option<u64>,

    /// Silence after which an owner without a presence key is presumed dead (the gem's
    /// orphan_threshold)
    #[arg(long, value_name = "DURATION", default_value = "300s", value_parser = parse_duration)]
    pub orphan_threshold: Duration,

    /// The zone every time of the report is shown in, each naming it, and the zone of
    /// periodic crons that name none (a tz database name; default: $TZ, else the
    /// system's; the times in UTC with --utc)
    #[arg(long, value_name = "ZONE")]
    pub tz: Option<String>,
}

impl IncidentArgs {
    pub fn options(&self) -> Options {
        Options {
            since: self.since,
            max_latency: self.max_latency,
            memory_limit: self.memory_limit,
            orphan_threshold: self.orphan_threshold,
            tz: self.tz.clone(),
        }
    }
}

pub fn emit(ctx: &mut Ctx, args: &IncidentArgs) -> anyhow::Result<Exit> {
    let report = run(ctx, &args.options())?;
    match ctx.ui.format {
        Format::Ndjson => {
            crate::render::lines(&mut ctx.out, &report.findings)?;
            Problem::warn_all(&ctx.ui, &report.problems);
        }
        Format::Markdown => {
            crate::render::incident::markdown(&report, &mut ctx.out)?;
            Problem::warn_all(&ctx.ui, &report.problems);
        }
        Format::Table | Format::Json => crate::render::emit(&mut ctx.out, &ctx.ui, &report)?,
    }
    Ok(report.exit())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::IncidentArgs;
    use crate::ops::incident::Options;

    #[derive(Parser)]
    struct Wrap {
        #[command(flatten)]
        args: IncidentArgs,
    }

    #[test]
    fn the_flags_defaults_are_the_cores() {
        let flags = Wrap::parse_from(["incident"]).args.options();
        let core = Options::default();
        assert_eq!(flags.since, core.since);
        assert_eq!(flags.max_latency, core.max_latency);
        assert_eq!(flags.memory_limit, core.memory_limit);
        assert_eq!(flags.orphan_threshold, core.orphan_threshold);
        assert_eq!(flags.tz, core.tz);
    }
}
