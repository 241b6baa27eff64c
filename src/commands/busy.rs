//! `cogctl busy`: jobs running right now.
//!
//! Read from `cogworker:workers:<identity>` of every live process (KEYS.md §3.16, the Web
//! UI's Running tab). A process killed right after starting a job leaves a workers hash
//! that never expires (pitfall 11): entries of identities without a presence key are
//! stale, hidden unless asked for. Identities come from `cogworker:processes` and
//! `cogworker:inprogress_identities` (both registries, read whole); the keyspace is not
//! scanned.

use std::io::{self, Write};

use clap::Args;

use super::Ctx;
use crate::ops::Problem;
use crate::ops::busy::{BusyReport, read_running};
use crate::render::Report;
use crate::render::busy::running_table;
use crate::store::Name;
use crate::term::exit::Exit;
use crate::term::ui::Ui;

/// Jobs running right now (from the workers hashes of live processes), with their run time
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "The jobs running right now, longest first",
        "cogctl busy",
    ),
    (
        "With the entries left behind by processes that are gone",
        "cogctl busy --include-stale",
    ),
    (
        "Redraw it every 2 seconds",
        "cogctl busy --watch",
    ),
]))]
pub struct BusyArgs {
    /// Also show entries left by processes that are gone (stale workers hashes)
    #[arg(long)]
    pub include_stale: bool,
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

pub fn run(ctx: &mut Ctx, args: &BusyArgs) -> anyhow::Result<BusyReport> {
    let now = ctx.ui.clock.now;
    Ok(read_running(ctx.store()?, now, args.include_stale)?)
}

impl Report for BusyReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        if self.jobs.is_empty() {
            writeln!(out, "{}", ui.styles.dim("no jobs running"))?;
        } else {
            out.write_all(self.table(ui).as_bytes())?;
        }
        if self.hidden_stale > 0 {
            ui.note(&ui.styles.dim(&format!(
                "{} stale {} hidden (left in the workers hashes of processes that are gone); \
                 --include-stale shows them",
                self.hidden_stale,
                crate::text::plural(self.hidden_stale, "entry", "entries")
            )));
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}

impl BusyReport {
    /// Only the jobs fetched from `queue`.
    pub fn only_queue(mut self, queue: &Name) -> BusyReport {
        self.jobs
            .retain(|r| r.queue.as_deref().map(str::as_bytes) == Some(queue.as_bytes()));
        self
    }

    fn table(&self, ui: &Ui) -> String {
        running_table(ui, &self.jobs, self.include_stale)
    }
}

/// `busy` across a fleet: every shard's running jobs in one table, longest-running first,
/// each naming its shard; `--json` as on one Redis, each job with `"shard"`, and the shards
/// read (`{"NAME": {"jobs": N}}`, or `{"error": …}`).
#[derive(Debug, serde::Serialize)]
pub struct FleetBusyReport {
    pub fleet: String,
    #[serde(flatten)]
    view: BusyReport,
    #[serde(serialize_with = "shards_as_map")]
    pub shards: Vec<crate::ops::fleet::Shard<usize>>,
    pub unreadable: Vec<String>,
}

fn shards_as_map<S: serde::Serializer>(
    shards: &[crate::ops::fleet::Shard<usize>],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    crate::ops::fleet::serialize_shards(shards, serializer, |n| serde_json::json!({ "jobs": n }))
}

impl FleetBusyReport {
    pub fn new(fleet: String, shards: Vec<crate::ops::fleet::Shard<BusyReport>>) -> Self {
        let mut view = BusyReport {
            jobs: Vec::new(),
            hidden_stale: 0,
            problems: Vec::new(),
            include_stale: false,
        };
        let mut counts = Vec::with_capacity(shards.len());
        for (name, read) in shards {
            match read {
                Ok(report) => {
                    counts.push((name.clone(), Ok(report.jobs.len())));
                    view.include_stale = report.include_stale;
                    view.hidden_stale += report.hidden_stale;
                    view.jobs.extend(report.jobs.into_iter().map(|mut job| {
                        job.shard = Some(name.clone());
                        job
                    }));
                    view.problems
                        .extend(report.problems.into_iter().map(|p| p.on_shard(&name)));
                }
                Err(e) => counts.push((name, Err(e))),
            }
        }
        crate::ops::busy::longest_first(&mut view.jobs);
        let unreadable = crate::ops::fleet::unreadable(&counts);
        FleetBusyReport {
            fleet,
            view,
            shards: counts,
            unreadable,
        }
    }
}

impl Report for FleetBusyReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        crate::render::fleet::heading(out, ui, &self.fleet, &self.shards, "read")?;
        self.view.human(out, ui)
    }

    fn exit(&self) -> Exit {
        let own = self.view.exit();
        crate::ops::fleet::exit(&self.shards, |_| own)
    }
}
