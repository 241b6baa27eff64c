//! `cogctl periodic list|show|run-now|disable|enable`: the Web UI's Schedules tab. Entries
//! are what the gem's tickers published in `periodic:schedule`; the next run is computed
//! as the gem's cron library computes it (`crate::cron`), in the zone the cron names or else
//! the local one (`--tz`); the last run is `periodic:last_slot:<pjid>`.

use std::io::{self, Write};

use clap::{Args, Subcommand};

use super::Ctx;
use crate::duration::span;
use crate::ops::Problem;
use crate::ops::filter::Search;
use crate::ops::periodic::{
    self, Periodic, PeriodicReport, RunNowReport, ShowReport, ToggleReport, short,
};
use crate::render::table::{self, Tone, one_line};
use crate::render::time::when;
use crate::render::{self, Report};
use crate::term::confirm::confirm;
use crate::term::exit::Exit;
use crate::term::ui::Ui;

#[derive(Debug, Subcommand)]
pub enum PeriodicCommand {
    /// Every periodic (cron) entry: class, cron, next and last run, enabled, a run in progress
    #[command(after_help = crate::render::help::examples(&[
        (
            "Every periodic entry with its next and last run",
            "cogctl periodic list",
        ),
        (
            "The entries that mention Reports, times in UTC",
            "cogctl periodic list --search Reports --tz UTC",
        ),
    ]))]
    List(ListArgs),
    /// One entry: its next 5 fire times, last run, running lock, and its jobs now waiting,
    /// retrying or dead
    #[command(after_help = crate::render::help::examples(&[
        (
            "One entry (4 or more characters of its pjid): next runs, last run, its jobs",
            "cogctl periodic show 3f2a9c",
        ),
        (
            "Its fire times in another zone",
            "cogctl periodic show 3f2a9c --tz Europe/Paris",
        ),
    ]))]
    Show(ShowArgs),
    /// Push the entry's job now, as the Web UI's "run now" does: a plain job of its class,
    /// args and retry (no periodic fields, no claim, no lock); prints the jid
    #[command(after_help = crate::render::help::examples(&[
        (
            "Push the entry's job now; prints the jid",
            "cogctl periodic run-now 3f2a9c",
        ),
        (
            "For a script",
            "cogctl periodic run-now 3f2a9c --json",
        ),
    ]))]
    RunNow {
        /// The entry's pjid (at least 4 characters of it)
        pjid: String,
    },
    /// Stop the tickers firing these entries (periodic:disabled)
    #[command(after_help = crate::render::help::examples(&[
        (
            "Stop the tickers firing one entry",
            "cogctl periodic disable 3f2a9c",
        ),
        (
            "Every entry (asks first)",
            "cogctl periodic disable --all",
        ),
    ]))]
    Disable(ToggleArgs),
    /// Let the tickers fire these entries again
    #[command(after_help = crate::render::help::examples(&[
        (
            "Let the tickers fire one entry again",
            "cogctl periodic enable 3f2a9c",
        ),
        (
            "Every entry, without asking",
            "cogctl periodic enable --all --yes",
        ),
    ]))]
    Enable(ToggleArgs),
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only entries whose class, cron, pjid or args (as stored) contain TEXT, in any case
    #[arg(long, value_name = "TEXT", value_parser = Search::new)]
    pub search: Option<Search>,

    /// The zone for crons that name none (default: $TZ, else the system's)
    #[arg(long, value_name = "ZONE")]
    pub tz: Option<String>,
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The entry's pjid (at least 4 characters of it)
    pub pjid: String,

    /// The zone for a cron that names none (default: $TZ, else the system's)
    #[arg(long, value_name = "ZONE")]
    pub tz: Option<String>,
}

#[derive(Debug, Args)]
pub struct ToggleArgs {
    /// The entries' pjids (at least 4 characters of each)
    #[arg(required_unless_present = "all")]
    pub pjids: Vec<String>,

    /// Every entry of periodic:schedule
    #[arg(long, conflicts_with = "pjids")]
    pub all: bool,

    /// Don't ask for confirmation (--all asks)
    #[arg(long, short)]
    pub yes: bool,
}

pub fn run(ctx: &mut Ctx, command: &PeriodicCommand) -> anyhow::Result<Exit> {
    match command {
        PeriodicCommand::List(args) => {
            let report = list(ctx, args)?;
            emit(ctx, &report)
        }
        PeriodicCommand::Show(args) => {
            let now = ctx.ui.clock.now;
            let report = periodic::show(ctx.store()?, now, &args.tz, &args.pjid)?;
            emit(ctx, &report)
        }
        PeriodicCommand::RunNow { pjid } => {
            let report = periodic::run_now(ctx, pjid)?;
            ctx.record(crate::ops::Counts::done(1));
            emit(ctx, &report)
        }
        PeriodicCommand::Disable(args) => toggle(ctx, args, true),
        PeriodicCommand::Enable(args) => toggle(ctx, args, false),
    }
}

pub fn list(ctx: &mut Ctx, args: &ListArgs) -> anyhow::Result<PeriodicReport> {
    let now = ctx.ui.clock.now;
    Ok(periodic::list(
        ctx.store()?,
        now,
        &args.tz,
        args.search.as_ref(),
    )?)
}

fn emit<R: Report>(ctx: &mut Ctx, report: &R) -> anyhow::Result<Exit> {
    render::emit(&mut ctx.out, &ctx.ui, report)?;
    Ok(report.exit())
}

/// The next run of a disabled entry, in tables.
const NO_RUN: &str = "—";

fn state_of(p: &Periodic) -> (String, Tone) {
    match (&p.error, p.enabled, &p.running) {
        (Some(_), _, _) => ("unreadable".into(), Tone::Bad),
        (None, false, _) => ("disabled".into(), Tone::Warn),
        (None, true, Some(r)) if r.running_on.is_some() => ("running".into(), Tone::Accent),
        (None, true, Some(_)) => ("locked".into(), Tone::Warn),
        (None, true, None) => ("enabled".into(), Tone::Good),
    }
}

impl Report for PeriodicReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        if self.entries.is_empty() {
            writeln!(
                out,
                "{}",
                ui.styles.dim(
                    "no periodic entries (periodic:schedule is empty: no worker has published a \
                     schedule)"
                )
            )?;
        } else {
            let mut t = table::new(
                ui,
                &[
                    "PJID", "CLASS", "CRON", "NEXT RUN", "LAST RUN", "STATE", "ARGS",
                ],
            );
            for p in &self.entries {
                let (state, tone) = state_of(p);
                let next = match (&p.error, p.next_run) {
                    (Some(e), _) => e.clone(),
                    (None, Some(t)) => when(ui, t),
                    (None, None) if !p.enabled => NO_RUN.into(),
                    (None, None) => "never".into(),
                };
                t.add_row(vec![
                    table::cell(ui, short(&p.pjid), Tone::Dim),
                    table::cell(
                        ui,
                        p.class.clone().unwrap_or_else(|| "-".into()),
                        Tone::Strong,
                    ),
                    table::cell(
                        ui,
                        p.cron.clone().unwrap_or_else(|| "-".into()),
                        Tone::Plain,
                    ),
                    table::cell(
                        ui,
                        one_line(&next),
                        if p.error.is_some() {
                            Tone::Bad
                        } else {
                            Tone::Plain
                        },
                    ),
                    table::cell(
                        ui,
                        p.last_run.map_or("never".into(), |t| when(ui, t as f64)),
                        Tone::Dim,
                    ),
                    table::cell(ui, state, tone),
                    table::cell(
                        ui,
                        one_line(p.args.as_ref().map_or("", |a| a.get())),
                        Tone::Plain,
                    ),
                ]);
            }
            out.write_all(table::finish(&mut t, &[]).as_bytes())?;
            writeln!(
                out,
                "{}",
                ui.styles.dim(&format!(
                    "times of crons without a zone are in {}",
                    self.local_zone
                ))
            )?;
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}

impl Report for ShowReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let p = &self.entry;
        let label = |t: &str| s.dim(&format!("{t:<11}"));
        writeln!(out, "{} {}", label("pjid"), p.pjid.shown())?;
        if let Some(e) = &p.error {
            writeln!(out, "{} {}", label("error"), s.bad(&one_line(e)))?;
            if let Some(raw) = &p.raw {
                writeln!(out, "{} {}", label("stored"), one_line(raw))?;
            }
        }
        if let Some(c) = &p.class {
            writeln!(out, "{} {}", label("class"), s.strong(&one_line(c)))?;
        }
        if let Some(c) = &p.cron {
            writeln!(
                out,
                "{} {}  {}",
                label("cron"),
                one_line(c),
                s.dim(&format!("(zone {})", p.zone))
            )?;
        }
        if let Some(a) = &p.args {
            writeln!(out, "{} {}", label("args"), one_line(a.get()))?;
        }
        if let Some(r) = &p.retry {
            writeln!(out, "{} {}", label("retry"), one_line(r.get()))?;
        }
        if let Some(u) = &p.unique {
            writeln!(out, "{} {}", label("unique"), one_line(u))?;
        }
        let (state, _) = state_of(p);
        let state = match state.as_str() {
            "disabled" => s.warn(&state),
            "unreadable" => s.bad(&state),
            _ => state,
        };
        writeln!(out, "{} {state}", label("state"))?;
        writeln!(
            out,
            "{} {}",
            label("last run"),
            p.last_run.map_or("never".into(), |t| when(ui, t as f64))
        )?;
        if let Some(r) = &p.running {
            let ttl = r
                .ttl
                .map_or("no TTL".into(), |t| format!("expires in {}", span(t)));
            let place = match (&r.running_on, r.run_at) {
                (Some(id), Some(t)) => format!("running on {} since {}", id.shown(), when(ui, t)),
                (Some(id), None) => format!("running on {}", id.shown()),
                _ => "not running in a live process (`cogctl job` finds it)".into(),
            };
            writeln!(
                out,
                "{} held by {} ({ttl}); {place}",
                label("run lock"),
                one_line(&r.jid)
            )?;
        }
        if !p.enabled {
            writeln!(
                out,
                "{} {} {}",
                label("next runs"),
                NO_RUN,
                s.dim("(disabled: the tickers skip it until `cogctl periodic enable`)")
            )?;
        } else if self.next_runs.is_empty() {
            writeln!(out, "{} {}", label("next runs"), s.dim("none"))?;
        }
        for (i, t) in self.next_runs.iter().enumerate() {
            let head = if i == 0 { "next runs" } else { "" };
            writeln!(out, "{} {}", label(head), when(ui, *t))?;
        }
        if self.jobs.is_empty() {
            writeln!(
                out,
                "{} {}",
                label("jobs"),
                s.dim("none waiting, retrying or dead")
            )?;
        } else {
            writeln!(out)?;
            let mut t = table::new(ui, &["STATUS", "JID", "QUEUE", "SLOT", "WHEN"]);
            for j in &self.jobs {
                t.add_row(vec![
                    table::cell(
                        ui,
                        j.status,
                        match j.status {
                            "dead" => Tone::Bad,
                            "retry" => Tone::Warn,
                            _ => Tone::Plain,
                        },
                    ),
                    table::cell(
                        ui,
                        j.jid.clone().unwrap_or_else(|| "-".into()),
                        Tone::Accent,
                    ),
                    table::cell(
                        ui,
                        j.queue.clone().unwrap_or_else(|| "-".into()),
                        Tone::Plain,
                    ),
                    table::cell(
                        ui,
                        j.slot.map_or("-".into(), |t| when(ui, t as f64)),
                        Tone::Dim,
                    ),
                    table::cell(ui, j.at.map_or("-".into(), |t| when(ui, t)), Tone::Dim),
                ]);
            }
            out.write_all(table::finish(&mut t, &[]).as_bytes())?;
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}

impl Report for RunNowReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        writeln!(out, "{}", self.jid)?;
        ui.note(&format!(
            "pushed {} onto {} (run now of {})",
            one_line(&self.class),
            crate::store::keys::queue(&self.queue).shown(),
            short(&self.pjid)
        ));
        Ok(())
    }
}

impl Report for ToggleReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let (done, already) = if self.action == "disable" {
            ("disabled", "was already disabled")
        } else {
            ("enabled", "was not disabled")
        };
        for e in &self.entries {
            if e.changed {
                writeln!(out, "{} {}", ui.styles.strong(done), e.pjid.shown())?;
            } else {
                writeln!(out, "{} {}", e.pjid.shown(), ui.styles.dim(already))?;
            }
        }
        Ok(())
    }
}

fn toggle(ctx: &mut Ctx, args: &ToggleArgs, disable: bool) -> anyhow::Result<Exit> {
    let chosen = periodic::chosen(ctx.store()?, &args.pjids, args.all)?;
    if args.all {
        let target = ctx.store()?.target().to_string();
        confirm(
            &ctx.ui,
            args.yes,
            &format!(
                "{} all {} periodic entries on {target}?",
                if disable { "disable" } else { "enable" },
                chosen.len()
            ),
        )?;
    }
    let report = periodic::toggle(ctx, chosen, disable)?;
    emit(ctx, &report)
}
