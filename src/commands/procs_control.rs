//! `cogctl procs quiet|resume|stop|prune`: process control through the gem's signal channel.
//!
//! Signals are what the Web UI's Workers tab sends (KEYS.md §5.5, §8.1): `PUBLISH
//! cogworker:signal:<identity> quiet|resume|stop`, only to identities that still have a
//! presence key. Prune forgets the registry members whose presence key is gone, as the gem's
//! ProcessSet does, each checked and removed in one script.

use std::collections::HashSet;
use std::io::{self, Write};

use clap::{Args, Subcommand};
use serde::Serialize;

use super::Ctx;
use crate::cli::confirm::confirm;
use crate::cli::exit::{Exit, UsageError};
use crate::cli::ui::Ui;
use crate::cli::values::name_parser;
use crate::render::{self, Report};
use crate::store::{Name, Store, StoreResult, keys, scripts, value};

#[derive(Debug, Subcommand)]
pub enum ProcsAction {
    /// Tell processes to stop fetching new jobs (running jobs finish)
    #[command(after_help = crate::render::help::examples(&[
        (
            "Tell one process to stop fetching (its running jobs finish)",
            "cogctl procs quiet web-1:4120:57ef49409f19",
        ),
        (
            "Every live process (asks first)",
            "cogctl procs quiet --all",
        ),
    ]))]
    Quiet(SignalArgs),
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
    ]))]
    Stop(SignalArgs),
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Signal {
    Quiet,
    Resume,
    Stop,
}

impl Signal {
    /// The message the gem's subscriber understands (KEYS.md §3.18).
    pub fn message(self) -> &'static str {
        match self {
            Signal::Quiet => "quiet",
            Signal::Resume => "resume",
            Signal::Stop => "stop",
        }
    }
}

pub fn run(ctx: &mut Ctx, action: &ProcsAction) -> anyhow::Result<Exit> {
    match action {
        ProcsAction::Quiet(args) => signal(ctx, Signal::Quiet, args),
        ProcsAction::Resume(args) => signal(ctx, Signal::Resume, args),
        ProcsAction::Stop(args) => signal(ctx, Signal::Stop, args),
        ProcsAction::Prune { dry_run } => prune(ctx, *dry_run),
    }
}

#[derive(Debug, Serialize)]
pub struct SignalReport {
    /// "quiet", "resume" or "stop".
    pub signal: Signal,
    /// The Redis, password redacted.
    pub target: String,
    pub processes: Vec<Signalled>,
}

#[derive(Debug, Serialize)]
pub struct Signalled {
    pub identity: Name,
    /// The channel the message was published on.
    pub channel: Name,
    /// What PUBLISH returned: connections subscribed to the channel. 0 means nobody got it.
    pub receivers: i64,
}

/// Which of `identities` have a presence key, in one round trip.
pub fn present(store: &mut Store, identities: &[Name]) -> StoreResult<Vec<bool>> {
    let mut pipe = redis::pipe();
    for id in identities {
        pipe.cmd("EXISTS").arg(keys::process(id));
    }
    Ok(store
        .pipeline(&pipe)?
        .iter()
        .map(|r| r.as_ref().ok().and_then(value::int) == Some(1))
        .collect())
}

/// `PUBLISH cogworker:signal:<identity> <signal>` to each identity (KEYS.md §5.5); whether
/// they are still live is the caller's to check first ([`present`]).
pub fn publish(
    store: &mut Store,
    signal: Signal,
    identities: Vec<Name>,
) -> StoreResult<Vec<Signalled>> {
    let mut processes = Vec::with_capacity(identities.len());
    for identity in identities {
        let channel = keys::signal(&identity);
        let receivers: i64 =
            store.query_server(redis::cmd("PUBLISH").arg(&channel).arg(signal.message()))?;
        processes.push(Signalled {
            identity,
            channel,
            receivers,
        });
    }
    Ok(processes)
}

fn signal(ctx: &mut Ctx, signal: Signal, args: &SignalArgs) -> anyhow::Result<Exit> {
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
    let identities = if args.all {
        let members = store.members(keys::PROCESSES)?;
        let live = present(store, &members)?;
        members
            .into_iter()
            .zip(live)
            .filter_map(|(id, live)| live.then_some(id))
            .collect()
    } else {
        let live = present(store, &named)?;
        let gone: Vec<String> = named
            .iter()
            .zip(&live)
            .filter(|(_, live)| !**live)
            .map(|(id, _)| id.shown().into_owned())
            .collect();
        // One unknown identity stops the whole command: a typo must not leave half the
        // fleet quiet and the other half not.
        if !gone.is_empty() {
            anyhow::bail!(
                "no presence key for {} (gone, or not an identity: see `cogctl procs`); \
                 nothing was signalled",
                gone.join(", ")
            );
        }
        named
    };
    if signal == Signal::Stop && !identities.is_empty() {
        confirm(
            &ui,
            args.yes,
            &format!(
                "Stop {} process{} ({}) on {}?",
                identities.len(),
                if identities.len() == 1 { "" } else { "es" },
                identities
                    .iter()
                    .map(|id| id.shown())
                    .collect::<Vec<_>>()
                    .join(", "),
                store.target()
            ),
        )?;
    }
    let processes = publish(store, signal, identities)?;
    let report = SignalReport {
        signal,
        target: store.target().to_string(),
        processes,
    };
    let heard = report.processes.iter().filter(|p| p.receivers > 0).count() as u64;
    let sent = report.processes.len() as u64;
    ctx.record(super::Counts {
        matched: sent,
        done: heard,
        skipped: sent - heard,
        ..super::Counts::default()
    });
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(report.exit())
}

impl Report for SignalReport {
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
                if p.receivers == 1 { "" } else { "s" }
            )?;
        }
        let mut stderr = io::stderr().lock();
        for p in self.processes.iter().filter(|p| p.receivers == 0) {
            writeln!(
                stderr,
                "{} nobody received it on {}: the process isn't listening (restarting, or \
                 about to vanish); signals are not kept for later",
                s.warn("warning:"),
                p.channel.shown()
            )?;
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
        let live = present(store, &members)?;
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
        ctx.record(super::Counts {
            matched: members.len() as u64,
            done: report.removed.len() as u64,
            skipped: report.kept,
            ..super::Counts::default()
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
                if self.removed.len() == 1 { "y" } else { "ies" },
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
            if self.kept == 1 { "" } else { "es" }
        )?;
        if self.dry_run {
            writeln!(out, "{}", s.dim("dry run: nothing was changed"))?;
        }
        Ok(())
    }
}
