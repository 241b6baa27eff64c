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
    ("One finding per line, for a script", "cogctl incident --ndjson"),
    ("To paste into the incident channel, times in Berlin's zone", "cogctl incident --format markdown --tz Europe/Berlin"),
    ("Follow it, and end once every failure open now has recovered (exit 1 after an hour)", "cogctl incident --watch=30s --until-recovered --timeout 1h"),
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

    /// Read again every 10s (or every INTERVAL, --watch=INTERVAL, at least 100ms) and print
    /// only what changed, as events: open (at the start), appeared, worsened, eased,
    /// recovered, returned
    #[arg(long, value_name = "INTERVAL", num_args = 0..=1, require_equals = true,
          default_missing_value = "10s", value_parser = super::parse_watch_interval)]
    pub watch: Option<Duration>,

    /// With --watch: exit 0 once every failure open at the start has recovered (1 if
    /// --timeout passes first). It waits for failure surges, deaths, backlogs and held queues
    /// holding a failing pattern; history (restart waves, lost processes, memory, late
    /// periodic jobs, steady failure rates, Redis' own state) never keeps it waiting
    #[arg(long, requires = "watch")]
    pub until_recovered: bool,

    /// With --watch: stop after this long (exit 1 with --until-recovered, else 0)
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, requires = "watch")]
    pub timeout: Option<Duration>,

    /// With --watch: a failure finding has recovered after this long without a failure, its
    /// class running and succeeding since
    #[arg(long, value_name = "DURATION", default_value = "5m", value_parser = parse_duration)]
    pub quiet_for: Duration,

    /// With --watch: the events as NDJSON, one object a line (at, time, event, finding,
    /// kind, severity, summary)
    #[arg(long, requires = "watch")]
    pub events: bool,
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
    if let Some(every) = args.watch {
        let options = args.options();
        return watch(ctx, args, every, &mut |ctx| run(ctx, &options));
    }
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

/// `--watch`: the report read (`read`: one Redis's, or a fleet's) every `every`, its changes
/// printed as events (the core's `watch::Tracker` decides them), until Ctrl-C, `--timeout`,
/// or with `--until-recovered` every finding open at the start recovered.
pub fn watch(
    ctx: &mut Ctx,
    args: &IncidentArgs,
    every: Duration,
    read: &mut dyn FnMut(&mut Ctx) -> anyhow::Result<crate::ops::incident::IncidentReport>,
) -> anyhow::Result<Exit> {
    use std::io::Write;

    use crate::ops::incident::watch::Tracker;
    let started = std::time::Instant::now();
    let mut tracker = Tracker::new(args.quiet_for.as_secs_f64());
    crate::term::interrupt::watch();
    let zone = crate::clock::Zone::pick(args.tz.as_deref(), ctx.ui.utc)
        .map_err(|e| crate::term::exit::UsageError(format!("--tz: {e}")))?;
    // Since when Redis can't be read (a failover, a restart): once it has been read, the
    // watch goes on reading (an unreachable Redis at the start is an error, exit 3).
    let mut lost: Option<std::time::Instant> = None;
    let mut read_once = false;
    loop {
        ctx.ui.clock.tick();
        let report = match read(ctx) {
            Ok(report) => {
                read_once = true;
                if let Some(since) = lost.take() {
                    ctx.ui.note(&format!(
                        "incident --watch: reading Redis again, after {} without",
                        crate::duration::span(since.elapsed().as_secs_f64())
                    ));
                }
                Some(report)
            }
            Err(e) if read_once && is_lost(&e) => {
                ctx.disconnect();
                if lost.is_none() {
                    lost = Some(std::time::Instant::now());
                    ctx.ui.note(&format!(
                        "incident --watch: Redis can't be read ({}); reading again every {}",
                        crate::text::visible(&e.to_string()),
                        crate::duration::span(every.as_secs_f64())
                    ));
                }
                None
            }
            Err(e) => return Err(e),
        };
        let events = report
            .as_ref()
            .map(|r| tracker.update(r))
            .unwrap_or_default();
        for event in events {
            if args.events || ctx.ui.format == Format::Json || ctx.ui.format == Format::Ndjson {
                serde_json::to_writer(&mut ctx.out, &event)?;
                writeln!(ctx.out)?;
            } else {
                writeln!(
                    ctx.out,
                    "{}  {:<9}  {}  {}",
                    zone.hms(event.at, event.at),
                    event.event,
                    crate::text::one_line(&event.finding),
                    crate::text::one_line(&event.summary)
                )?;
            }
        }
        ctx.out.flush()?;
        if let Some(report) = &report {
            Problem::warn_all(&ctx.ui, &report.problems);
        }
        if args.until_recovered && tracker.all_recovered() {
            return Ok(Exit::Ok);
        }
        if let Some(limit) = args.timeout
            && started.elapsed() >= limit
        {
            if args.until_recovered {
                ctx.ui.note(&format!(
                    "--timeout {}: still open: {}",
                    crate::duration::span(limit.as_secs_f64()),
                    crate::text::one_line(&tracker.open().join(", "))
                ));
                return Ok(Exit::Failure);
            }
            return Ok(Exit::Ok);
        }
        // Slept in short steps: Ctrl-C ends the watch at once. The last read is made at
        // --timeout, not an interval before it.
        let mut wake = std::time::Instant::now() + every;
        if let Some(limit) = args.timeout {
            wake = wake.min(started + limit);
        }
        while std::time::Instant::now() < wake {
            if crate::term::interrupt::requested() {
                return Ok(Exit::Ok);
            }
            std::thread::sleep(Duration::from_millis(50).min(every));
        }
    }
}

/// The connection was lost, or the server can't serve (a failover, a restart, loading).
fn is_lost(e: &anyhow::Error) -> bool {
    e.downcast_ref::<crate::store::StoreError>()
        .is_some_and(|se| {
            se.is_connection() && !matches!(se, crate::store::StoreError::AuthRefused { .. })
        })
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
