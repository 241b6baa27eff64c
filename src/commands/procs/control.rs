//! `cogctl procs quiet|resume|stop|prune`: process control through the gem's signal channel.
//!
//! Signals are what the Web UI's Workers tab sends (KEYS.md §5.5, §8.1): `PUBLISH
//! cogworker:signal:<identity> quiet|resume|stop`, only to identities that still have a
//! presence key. Prune forgets the registry members whose presence key is gone, as the gem's
//! ProcessSet does, each checked and removed in one script.

use std::collections::HashSet;
use std::io::{self, Write};
use std::time::Duration;

use clap::{Args, Subcommand};
use serde::Serialize;

use crate::commands::Ctx;
use crate::ops::signals::{self, Signal, SignalReport};
use crate::render::{self, Report};
use crate::store::{Name, keys, scripts, value};
use crate::term::confirm::confirm;
use crate::term::exit::{Exit, UsageError};
use crate::term::ui::Ui;
use crate::term::values::{name_parser, parse_duration};

#[derive(Debug, Subcommand)]
pub enum ProcsAction {
    /// Tell processes to stop fetching new jobs (running jobs finish)
    ///
    /// Asks first (--yes for scripts) when it would leave a queue that holds jobs with no live,
    /// unquiet process reading it, and names those queues.
    #[command(after_help = crate::render::help::examples(&[
        (
            "Tell one process to stop fetching (its running jobs finish)",
            "cogctl procs quiet web-1:4120:57ef49409f19",
        ),
        (
            "Every live process (asks first)",
            "cogctl procs quiet --all",
        ),
        (
            "Quiet one, then wait up to 2 minutes until its running jobs have finished",
            "cogctl procs quiet web-1:4120:57ef49409f19 --wait 2m",
        ),
    ]))]
    Quiet(QuietArgs),
    /// Tell quiet processes to fetch again
    #[command(after_help = crate::render::help::examples(&[
        (
            "Let a quiet process fetch again",
            "cogctl procs resume web-1:4120:57ef49409f19",
        ),
        (
            "Every live process, without asking",
            "cogctl procs resume --all --yes",
        ),
    ]))]
    Resume(SignalArgs),
    /// Tell processes to shut down cleanly
    ///
    /// Each finishes its running jobs within its drain timeout, puts unfinished ones back at
    /// the front of their queues and exits. Asks for confirmation.
    #[command(after_help = crate::render::help::examples(&[
        (
            "Shut one process down cleanly (asks first)",
            "cogctl procs stop web-1:4120:57ef49409f19",
        ),
        (
            "The same in a script",
            "cogctl procs stop web-1:4120:57ef49409f19 --yes",
        ),
        (
            "Stop it and wait (at most 60 s) until it is gone",
            "cogctl procs stop web-1:4120:57ef49409f19 --yes --wait",
        ),
    ]))]
    Stop(StopArgs),
    /// Exit 0 when a process of a host (or an identity) is alive, else 1 saying why
    ///
    /// Alive: its presence key (cogworker:process:<identity>) exists and its last beat is at
    /// most --max-beat-age old (by cogworker:last_beat, Redis' clock; else by the presence
    /// key's TTL). An exec liveness probe for any worker, the gem's included: in a Kubernetes
    /// pod the hostname is the pod's name. Without --hostname or --identity, this machine's
    /// hostname ($DYNO where set, as the gem takes it). Reads only.
    Alive(super::alive::AliveArgs),
    /// Remove identities whose presence key is gone from cogworker:processes, as the gem does
    #[command(after_help = crate::render::help::examples(&[
        (
            "What would be removed from cogworker:processes",
            "cogctl procs prune --dry-run",
        ),
        (
            "Remove the identities whose presence key is gone",
            "cogctl procs prune",
        ),
    ]))]
    Prune {
        /// Show what would be removed; change nothing
        #[arg(long)]
        dry_run: bool,
    },
}

#[derive(Debug, Args)]
pub struct SignalArgs {
    /// The identities to signal
    #[arg(value_name = "IDENTITY", required_unless_present = "all", value_parser = name_parser())]
    pub identities: Vec<Name>,

    /// Every live process
    #[arg(long, conflicts_with = "identities")]
    pub all: bool,

    /// Don't ask for confirmation
    #[arg(long, short)]
    pub yes: bool,
}

#[derive(Debug, Args)]
pub struct QuietArgs {
    #[command(flatten)]
    pub signal: SignalArgs,

    /// Then wait until they have no job running (each has written quiet, no busy thread and
    /// no running job with its beat), at most TIMEOUT [default TIMEOUT: 60s]; exit 1 on
    /// timeout, naming those still busy
    #[arg(long, value_name = "TIMEOUT", num_args = 0..=1, default_missing_value = "60s",
          value_parser = parse_duration)]
    pub wait: Option<Duration>,
}

#[derive(Debug, Args)]
pub struct StopArgs {
    #[command(flatten)]
    pub signal: SignalArgs,

    /// Then wait until they are gone (their presence key deleted by their clean stop), at
    /// most TIMEOUT [default TIMEOUT: 60s]; exit 1 on timeout, naming those still running
    #[arg(long, value_name = "TIMEOUT", num_args = 0..=1, default_missing_value = "60s",
          value_parser = parse_duration)]
    pub wait: Option<Duration>,
}

pub fn run(ctx: &mut Ctx, action: &ProcsAction) -> anyhow::Result<Exit> {
    match action {
        ProcsAction::Quiet(args) => signal(ctx, Signal::Quiet, &args.signal, args.wait),
        ProcsAction::Resume(args) => signal(ctx, Signal::Resume, args, None),
        ProcsAction::Stop(args) => signal(ctx, Signal::Stop, &args.signal, args.wait),
        ProcsAction::Prune { dry_run } => prune(ctx, *dry_run),
        ProcsAction::Alive(args) => super::alive::run(ctx, args),
    }
}

fn signal(
    ctx: &mut Ctx,
    signal: Signal,
    args: &SignalArgs,
    wait: Option<Duration>,
) -> anyhow::Result<Exit> {
    let mut seen = HashSet::new();
    let named: Vec<Name> = args
        .identities
        .iter()
        .filter(|id| seen.insert(*id))
        .cloned()
        .collect();
    if named.iter().any(Name::is_empty) {
        return Err(UsageError("an identity can't be empty".into()).into());
    }
    let ui = ctx.ui.clone();
    let store = ctx.store()?;
    let identities = signals::targets(store, named, args.all)?;
    // Quieting or stopping the last live readers of a queue that holds jobs stops its work:
    // asked like a stop, named in the question.
    let orphaned = if signal != Signal::Resume && !identities.is_empty() {
        let live = crate::ops::readers::live_processes(store)?;
        crate::ops::readers::orphaned_queues(store, &live, &identities)?
    } else {
        Vec::new()
    };
    if (signal == Signal::Stop || !orphaned.is_empty()) && !identities.is_empty() {
        let unworked = if orphaned.is_empty() {
            String::new()
        } else {
            format!(
                ", leaving no live process working {}",
                orphaned
                    .iter()
                    .map(|(q, size)| format!(
                        "queue {} ({} waiting)",
                        q.shown(),
                        crate::text::size::counted(*size, "job", "jobs")
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        confirm(
            &ui,
            args.yes,
            &format!(
                "{} {} process{} ({}) on {}{unworked}?",
                if signal == Signal::Stop {
                    "Stop"
                } else {
                    "Quiet"
                },
                identities.len(),
                crate::text::plural(identities.len(), "", "es"),
                identities
                    .iter()
                    .map(|id| id.shown())
                    .collect::<Vec<_>>()
                    .join(", "),
                store.target()
            ),
        )?;
    }
    let processes = signals::publish(store, signal, identities)?;
    let waited = match wait {
        Some(limit) if !processes.is_empty() => {
            let ids: Vec<Name> = processes.iter().map(|p| p.identity.clone()).collect();
            ui.note(&format!(
                "waiting up to {} for {} process{} to {}…",
                crate::duration::span(limit.as_secs_f64()),
                ids.len(),
                crate::text::plural(ids.len(), "", "es"),
                if signal == Signal::Stop {
                    "be gone"
                } else {
                    "finish their running jobs"
                }
            ));
            Some(signals::wait_for(store, signal, &ids, limit)?)
        }
        _ => None,
    };
    let report = SignalReport {
        signal,
        target: store.target().to_string(),
        processes,
        wait: waited,
    };
    let heard = report.processes.iter().filter(|p| p.receivers > 0).count() as u64;
    let sent = report.processes.len() as u64;
    ctx.record(crate::ops::Counts {
        matched: sent,
        done: heard,
        skipped: sent - heard,
        ..crate::ops::Counts::default()
    });
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(report.exit())
}

impl Report for SignalReport {
    fn exit(&self) -> Exit {
        match &self.wait {
            Some(w) if !w.done => Exit::Failure,
            _ => Exit::Ok,
        }
    }

    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.processes.is_empty() {
            return writeln!(out, "{}", s.dim("no live process; nothing signalled"));
        }
        for p in &self.processes {
            writeln!(
                out,
                "{} {} to {} ({} receiver{})",
                s.strong("sent"),
                self.signal.message(),
                p.identity.shown(),
                p.receivers,
                crate::text::plural(p.receivers, "", "s")
            )?;
        }
        if let Some(w) = &self.wait {
            if w.done {
                writeln!(
                    out,
                    "{} after {:.1}s: {}",
                    s.strong("done"),
                    w.seconds,
                    if self.signal == Signal::Stop {
                        "every process is gone"
                    } else {
                        "no job running"
                    }
                )?;
            } else {
                let still: Vec<String> = w
                    .still_running
                    .iter()
                    .map(|p| {
                        let mut what = p.identity.shown().into_owned();
                        if p.quiet != Some(true) && self.signal == Signal::Quiet {
                            what.push_str(" (not quiet yet)");
                        } else if p.running > 0 || p.busy.unwrap_or(0) > 0 {
                            what.push_str(&format!(
                                " ({} job{} running)",
                                p.running.max(p.busy.unwrap_or(0).max(0) as u64),
                                if p.running.max(p.busy.unwrap_or(0).max(0) as u64) == 1 {
                                    ""
                                } else {
                                    "s"
                                }
                            ));
                        }
                        what
                    })
                    .collect();
                writeln!(
                    out,
                    "{} after {:.1}s, still running: {}",
                    s.bad("timed out"),
                    w.seconds,
                    still.join(", ")
                )?;
            }
        }
        for p in self.processes.iter().filter(|p| p.receivers == 0) {
            ui.warn_line(&format!(
                "{} nobody received it on {}: the process isn't listening (restarting, or \
                 about to vanish); signals are not kept for later",
                s.warn("warning:"),
                p.channel.shown()
            ));
        }
        Ok(())
    }
}

#[derive(Debug, Serialize)]
pub struct PruneReport {
    pub target: String,
    /// True when nothing was changed.
    pub dry_run: bool,
    /// Identities removed from cogworker:processes (would be, with dry_run).
    pub removed: Vec<Name>,
    /// Members left: their presence key exists.
    pub kept: u64,
}

fn prune(ctx: &mut Ctx, dry_run: bool) -> anyhow::Result<Exit> {
    let store = ctx.store()?;
    let members = store.members(keys::PROCESSES)?;
    let mut removed = Vec::new();
    if dry_run {
        let live = signals::present(store, &members)?;
        removed.extend(
            members
                .iter()
                .zip(live)
                .filter(|(_, live)| !live)
                .map(|(id, _)| id.clone()),
        );
    } else {
        for id in &members {
            let presence = keys::process(id);
            let reply = store.eval(
                &scripts::PROCESS_PRUNE,
                &[keys::PROCESSES.as_bytes(), &presence],
                &[id],
            )?;
            if value::int(&reply) == Some(1) {
                removed.push(id.clone());
            }
        }
    }
    let report = PruneReport {
        target: store.target().to_string(),
        dry_run,
        kept: (members.len() - removed.len()) as u64,
        removed,
    };
    if !dry_run {
        ctx.record(crate::ops::Counts {
            matched: members.len() as u64,
            done: report.removed.len() as u64,
            skipped: report.kept,
            ..crate::ops::Counts::default()
        });
    }
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(report.exit())
}

impl Report for PruneReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.removed.is_empty() {
            writeln!(
                out,
                "{}",
                s.dim(&format!(
                    "nothing to prune: every member of {} has a presence key",
                    keys::PROCESSES
                ))
            )?;
        } else {
            writeln!(
                out,
                "{} {} stale identit{} from {}:",
                s.strong(if self.dry_run {
                    "would remove"
                } else {
                    "removed"
                }),
                self.removed.len(),
                crate::text::plural(self.removed.len(), "y", "ies"),
                keys::PROCESSES
            )?;
            for id in &self.removed {
                writeln!(out, "  {}", id.shown())?;
            }
        }
        writeln!(
            out,
            "{} live process{} kept",
            self.kept,
            crate::text::plural(self.kept, "", "es")
        )?;
        if self.dry_run {
            writeln!(out, "{}", s.dim("dry run: nothing was changed"))?;
        }
        Ok(())
    }
}
