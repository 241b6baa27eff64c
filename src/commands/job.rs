//! `cogctl job JID` (also `dead show`, `retry show`, `scheduled show`): the job wherever it
//! is, read by the core (ops/job.rs), shown by render/job.rs.

use clap::Args;

use super::Ctx;
use crate::ops::job::JobReport;
use crate::store::JobSet;

/// Find a job wherever it is, show its payload and its attempt timeline
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "Where the job is now, its payload, its attempt timeline, its finished runs",
        "cogctl job f8138b8b5e56769076bcad1f",
    ),
    (
        "The same, with the backtraces of its failed runs",
        "cogctl job f8138b8b5e56769076bcad1f --backtrace",
    ),
    (
        "For a script (exit 1 when it is found nowhere)",
        "cogctl job f8138b8b5e56769076bcad1f --json",
    ),
]))]
pub struct JobArgs {
    /// The job's jid (24 hex characters)
    pub jid: String,

    /// Show the backtraces of its failed runs (from the History middleware's records)
    #[arg(long)]
    pub backtrace: bool,

    /// Set by `dead show` and the like: the set the job is expected in.
    #[arg(skip)]
    pub expect: Option<JobSet>,
}

pub fn run(ctx: &mut Ctx, args: &JobArgs) -> anyhow::Result<JobReport> {
    let pinned = ctx.ui.clock.pinned.then_some(ctx.ui.clock.now);
    crate::ops::job::read(ctx.store()?, &args.jid, args.expect, args.backtrace, pinned)
}

/// `job JID` across a fleet: the job looked for on every shard at once, and shown from each
/// shard that holds it.
#[derive(Debug, serde::Serialize)]
pub struct FleetJobReport {
    pub fleet: String,
    pub jid: String,
    /// The shards that hold it (a job is on one; more is worth knowing).
    pub found_on: Vec<String>,
    /// Every shard: its `job --json` report, or `{"error": …}`.
    #[serde(serialize_with = "crate::ops::fleet::serialize_reports")]
    pub shards: Vec<crate::ops::fleet::Shard<JobReport>>,
    pub unreadable: Vec<String>,
}

impl FleetJobReport {
    pub fn new(
        fleet: String,
        jid: &str,
        shards: Vec<crate::ops::fleet::Shard<JobReport>>,
    ) -> FleetJobReport {
        let found_on = shards
            .iter()
            .filter(|(_, r)| r.as_ref().is_ok_and(|r| r.found))
            .map(|(n, _)| n.clone())
            .collect();
        let unreadable = crate::ops::fleet::unreadable(&shards);
        FleetJobReport {
            fleet,
            jid: jid.to_string(),
            found_on,
            shards,
            unreadable,
        }
    }
}

impl crate::render::Report for FleetJobReport {
    fn human(&self, out: &mut dyn std::io::Write, ui: &crate::term::ui::Ui) -> std::io::Result<()> {
        let mut first = true;
        for (name, read) in &self.shards {
            let Ok(report) = read else { continue };
            // The job where it is; where it isn't, only when it is nowhere.
            if !report.found && !self.found_on.is_empty() {
                continue;
            }
            if !report.found && !first {
                continue;
            }
            if !first {
                writeln!(out)?;
            }
            first = false;
            if report.found {
                writeln!(out, "{}", ui.styles.strong(&format!("Shard {name}")))?;
            } else {
                writeln!(
                    out,
                    "{}",
                    ui.styles.dim(&format!(
                        "fleet {}: on none of the {} shards read",
                        crate::text::visible(&self.fleet),
                        self.shards.len() - self.unreadable.len(),
                    ))
                )?;
            }
            report.human(out, ui)?;
        }
        Ok(())
    }

    /// Found: what its report calls for; nowhere, with a shard unread: 7; nowhere: 1.
    fn exit(&self) -> crate::term::exit::Exit {
        use crate::term::exit::Exit;
        let found = self
            .shards
            .iter()
            .filter_map(|(_, r)| r.as_ref().ok())
            .find(|r| r.found);
        match found {
            Some(report) => report.exit(),
            None => match crate::ops::fleet::exit(&self.shards, |_| Exit::Ok) {
                Exit::Ok => Exit::Failure,
                other => other,
            },
        }
    }
}
