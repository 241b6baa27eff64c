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
use crate::ops::busy::{BusyReport, Running, read_running};
use crate::ops::fleet::FleetProblem;
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
        running(out, ui, &self.jobs, self.include_stale, self.hidden_stale)?;
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
}

/// The running jobs' table (or that none runs), and how many stale entries it leaves out.
fn running(
    out: &mut dyn Write,
    ui: &Ui,
    jobs: &[Running],
    include_stale: bool,
    hidden_stale: usize,
) -> io::Result<()> {
    if jobs.is_empty() {
        writeln!(out, "{}", ui.styles.dim("no jobs running"))?;
    } else {
        out.write_all(running_table(ui, jobs, include_stale).as_bytes())?;
    }
    if hidden_stale > 0 {
        ui.note(&ui.styles.dim(&format!(
            "{hidden_stale} stale {} hidden (left in the workers hashes of processes that are \
             gone); --include-stale shows them",
            crate::text::plural(hidden_stale, "entry", "entries")
        )));
    }
    Ok(())
}

/// `busy` across a fleet: every shard's running jobs in one table, longest-running first,
/// each naming its shard; `--json` as on one Redis, each job and each problem with
/// `"shard"`, and the shards read (`{"NAME": {"jobs": N}}`, or `{"error": …}`).
#[derive(Debug, serde::Serialize)]
pub struct FleetBusyReport {
    pub fleet: String,
    pub jobs: Vec<Running>,
    pub hidden_stale: usize,
    pub problems: Vec<FleetProblem>,
    #[serde(serialize_with = "shards_as_map")]
    pub shards: Vec<crate::ops::fleet::Shard<usize>>,
    pub unreadable: Vec<String>,
    #[serde(skip)]
    include_stale: bool,
}

fn shards_as_map<S: serde::Serializer>(
    shards: &[crate::ops::fleet::Shard<usize>],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    crate::ops::fleet::serialize_shards(shards, serializer, |n| serde_json::json!({ "jobs": n }))
}

impl FleetBusyReport {
    pub fn new(fleet: String, shards: Vec<crate::ops::fleet::Shard<BusyReport>>) -> Self {
        let mut jobs = Vec::new();
        let mut hidden_stale = 0;
        let mut problems = Vec::new();
        let mut include_stale = false;
        let (counts, unreadable) = crate::ops::fleet::gathered(shards, |name, report| {
            include_stale = report.include_stale;
            hidden_stale += report.hidden_stale;
            let rows = report.jobs.len();
            jobs.extend(report.jobs.into_iter().map(|mut job| {
                job.shard = Some(name.to_string());
                job
            }));
            problems.extend(FleetProblem::on(name, report.problems));
            rows
        });
        crate::ops::busy::longest_first(&mut jobs);
        FleetBusyReport {
            fleet,
            jobs,
            hidden_stale,
            problems,
            shards: counts,
            unreadable,
            include_stale,
        }
    }
}

impl Report for FleetBusyReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        crate::render::fleet::heading(out, ui, &self.fleet, &self.shards, "read")?;
        running(out, ui, &self.jobs, self.include_stale, self.hidden_stale)?;
        FleetProblem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        let problems = FleetProblem::exit(&self.problems);
        crate::ops::fleet::exit(&self.shards, |_| problems)
    }
}
