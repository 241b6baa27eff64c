//! A run across a fleet (docs/fleet.md): each shard a context of the config file, resolved as
//! `--context NAME` would be, read on a session of its own, all at once (`ops::fleet`); the
//! views shown merged or shard by shard, watched with `--watch`; the changes to the sets and
//! their undo made on every shard under one id (change.rs). Every other command is refused
//! before anything is read.

mod change;

use std::ffi::OsString;

use super::args::{Cli, Command, GlobalArgs};
use super::new_ctx;
use crate::commands::{self, Ctx};
use crate::ops::change::Action;
use crate::ops::fleet::Shard;
use crate::render::{self, Report};
use crate::term::config::{self, Resolved};
use crate::term::exit::{Exit, UsageError};

/// The shards of a fleet read by a view, each on a session of its own kept from one read to
/// the next (`--watch`).
pub(crate) struct Sessions(Vec<(String, Ctx)>);

impl Sessions {
    pub(crate) fn new(global: &GlobalArgs, shards: &[(String, Resolved)]) -> Sessions {
        Sessions(
            shards
                .iter()
                .map(|(name, r)| {
                    let ctx = new_ctx(global, r.connect.clone(), r.context.clone());
                    (name.clone(), ctx)
                })
                .collect(),
        )
    }

    /// Every shard read at once with `read`, each as `--context NAME` reads it, shown as
    /// `ui` shows (its clock, its kept warnings): the results in the fleet's order. A shard
    /// whose read failed connects afresh the next time.
    pub(crate) fn read<R: Send>(
        &mut self,
        ui: &crate::term::ui::Ui,
        read: impl Fn(&mut Ctx) -> anyhow::Result<R> + Sync,
    ) -> Vec<Shard<R>> {
        let each: Vec<(String, &mut Ctx)> = self
            .0
            .iter_mut()
            .map(|(name, ctx)| {
                ctx.ui = ui.clone();
                (name.clone(), ctx)
            })
            .collect();
        crate::ops::fleet::each(each, |_, ctx| {
            let result = read(ctx);
            if result.is_err() {
                ctx.disconnect();
            }
            result
        })
    }
}

impl Sessions {
    /// A view read on every shard with `read` and shown by `show` (merged into one report,
    /// or shard by shard), refreshed with `--watch`.
    fn view<S: Send>(
        &mut self,
        ctx: &mut Ctx,
        fleet: &str,
        name: &str,
        watch: &commands::WatchArgs,
        read: impl Fn(&mut Ctx) -> anyhow::Result<S> + Sync,
        show: impl Fn(&mut Ctx, String, Vec<Shard<S>>) -> anyhow::Result<Exit>,
    ) -> anyhow::Result<Exit> {
        super::watch::watched_fleet(ctx, name, fleet, watch, |ctx| {
            let read = self.read(&ctx.ui, &read);
            show(ctx, fleet.to_string(), read)
        })
    }
}

/// How a view merged into one report by `merge` is shown: each shard that could not be read
/// named on stderr, then the report.
fn merged<S, F: Report>(
    merge: impl Fn(String, Vec<Shard<S>>) -> F,
) -> impl Fn(&mut Ctx, String, Vec<Shard<S>>) -> anyhow::Result<Exit> {
    move |ctx, fleet, read| {
        unread(ctx, &read);
        let report = merge(fleet, read);
        render::emit(&mut ctx.out, &ctx.ui, &report)?;
        Ok(report.exit())
    }
}

/// The shards of `fleet` a run reads: those `--shard` names (each one of the fleet's), in
/// the fleet's order, or all of them.
pub(super) fn narrowed(
    fleet: &str,
    shards: Vec<String>,
    named: &[String],
) -> anyhow::Result<Vec<String>> {
    let named: Vec<&str> = named
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    if named.is_empty() {
        return Ok(shards);
    }
    if let Some(stranger) = named.iter().find(|n| !shards.iter().any(|s| s == *n)) {
        return Err(UsageError(format!(
            "--shard {}: fleet {fleet} has no such shard (its shards: {}); nothing was read",
            crate::text::visible(stranger),
            shards.join(", ")
        ))
        .into());
    }
    Ok(shards
        .into_iter()
        .filter(|s| named.contains(&s.as_str()))
        .collect())
}

/// A run across a fleet: each shard (a context) resolved as `--context NAME` would be, read
/// on its own connection, all at once (`ops::fleet`). The views `refused` names read across a
/// fleet so far; every other command is refused before anything is read.
pub(super) fn run(
    cli: &Cli,
    argv: &[OsString],
    sources: config::Sources,
    config: &config::Config,
    command_words: &str,
    fleet: String,
    shards: Vec<String>,
) -> anyhow::Result<Exit> {
    let redis_flags = [
        ("--redis-url", sources.redis_url),
        ("--sentinel", sources.sentinel),
        ("--sentinel-master", sources.sentinel_master),
    ];
    if let Some((flag, _)) = redis_flags.iter().find(|(_, s)| *s == config::Source::Flag) {
        let from = if sources.fleet == config::Source::Env {
            " ($COGCTL_FLEET)"
        } else {
            ""
        };
        return Err(UsageError(format!(
            "fleet {fleet}{from} and {flag} both name a Redis; give one (each shard's Redis is its context's)"
        ))
        .into());
    }
    // How the commands this run suggests name the fleet again (and the shards it narrowed to).
    let named = crate::ops::fleet::flag(
        &fleet,
        (!cli.global.shard.is_empty()).then_some(shards.as_slice()),
    );
    let refused = |what: &str| -> anyhow::Error {
        UsageError(format!(
            "`cogctl {what}` does not read across a fleet yet (`stats`, `queues`, `procs`, \
             `busy`, `orphans`, `unsettled list`, `periodic list`, `check`, `doctor`, `metrics`, \
             `job`, `dead|retry|scheduled list`, `dead|retry triage`, `history`, `incident`, the \
             changes to the dead, retry and scheduled sets, `undo` and `top` do): name one \
             shard of fleet {fleet} with --context NAME ({}); nothing was read",
            shards.join(", ")
        ))
        .into()
    };
    use commands::sets::{DeadCommand, RetryCommand, ScheduledCommand};
    // The set a list across the fleet reads.
    let list = match &cli.command {
        Command::Dead(DeadCommand::List(a)) => Some((crate::store::JobSet::Dead, a)),
        Command::Retry(RetryCommand::List(a)) => Some((crate::store::JobSet::Retry, a)),
        Command::Scheduled(ScheduledCommand::List(a)) => Some((crate::store::JobSet::Schedule, a)),
        _ => None,
    };
    // A change to a set made across the fleet: the set, the action (a reschedule's time is
    // the clock's, below), its arguments, and whether it asks for a canary.
    use crate::store::JobSet::{Dead, Retry, Schedule};
    let rescheduled = match &cli.command {
        Command::Retry(RetryCommand::Reschedule(a))
        | Command::Scheduled(ScheduledCommand::Reschedule(a)) => Some(a),
        _ => None,
    };
    let change = match &cli.command {
        Command::Dead(DeadCommand::Retry(a)) | Command::Retry(RetryCommand::Retry(a)) => Some((
            if matches!(cli.command, Command::Dead(_)) {
                Dead
            } else {
                Retry
            },
            Action::Requeue {
                reset_retries: a.requeue.reset_retries,
            },
            &a.requeue.action,
            a.canary.canary.is_some(),
        )),
        Command::Dead(DeadCommand::Delete(a)) => Some((Dead, Action::Delete, a, false)),
        Command::Retry(RetryCommand::Delete(a)) => Some((Retry, Action::Delete, a, false)),
        Command::Scheduled(ScheduledCommand::Delete(a)) => {
            Some((Schedule, Action::Delete, a, false))
        }
        Command::Retry(RetryCommand::Kill(a)) => Some((Retry, Action::Kill, a, false)),
        Command::Retry(RetryCommand::Reschedule(a)) => {
            Some((Retry, Action::Reschedule { score: 0.0 }, &a.action, false))
        }
        Command::Scheduled(ScheduledCommand::Reschedule(a)) => Some((
            Schedule,
            Action::Reschedule { score: 0.0 },
            &a.action,
            false,
        )),
        Command::Scheduled(ScheduledCommand::EnqueueNow(a)) => {
            Some((Schedule, super::requeue(a), &a.action, false))
        }
        _ => None,
    };
    // The set a triage across the fleet groups.
    let triage = match &cli.command {
        Command::Dead(DeadCommand::Triage(a)) => Some((crate::store::JobSet::Dead, a)),
        Command::Retry(RetryCommand::Triage(a)) => Some((crate::store::JobSet::Retry, a)),
        _ => None,
    };
    // What reads or changes across a fleet; `incident --watch` reads one Redis.
    let watching = match &cli.command {
        _ if list.is_some() || triage.is_some() || change.is_some() => false,
        Command::Check(a) => {
            commands::check::validate(a)?;
            false
        }
        Command::Stats(_)
        | Command::Queues(_)
        | Command::Job(_)
        | Command::Doctor(_)
        | Command::Metrics(_)
        | Command::Busy(_)
        | Command::Orphans(_)
        | Command::Unsettled(commands::unsettled::UnsettledCommand::List(_))
        | Command::Periodic(commands::periodic::PeriodicCommand::List(_))
        | Command::Undo(_)
        | Command::History(_) => false,
        Command::Procs(a) if a.action.is_none() => false,
        Command::Incident(_) | Command::Top(_) => false,
        _ => return Err(refused(command_words)),
    };
    if watching {
        return Err(refused(&format!("{command_words} --watch")));
    }
    // A thread a shard (two for some reads) allocates at once: glibc would give each an
    // arena of its own, whose slack a fleet's peak RSS would carry. Two are plenty.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only tunes glibc's allocator, and is safe to call from any thread.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
    let env = |k: &str| std::env::var(k).ok();
    let mut each = Vec::with_capacity(shards.len());
    for shard in &shards {
        let mut flags = cli.global.target();
        flags.context = Some(shard.clone());
        flags.redis_url = None;
        flags.sentinel = Vec::new();
        flags.sentinel_master = None;
        let shard_sources = config::Sources {
            redis_url: config::Source::Absent,
            sentinel: config::Source::Absent,
            sentinel_master: config::Source::Absent,
            context: config::Source::Flag,
            fleet: config::Source::Absent,
        };
        let resolved = config::resolve(&flags, shard_sources, config, &env)?;
        each.push((shard.clone(), resolved));
    }
    let global = &cli.global;
    let mut ctx = super::new_ctx(global, crate::store::ConnectOptions::default(), None);
    // As with one context named: what the environment names is not used, and said so.
    let mut ignored: Vec<&str> = Vec::new();
    if sources.redis_url == config::Source::Env {
        ignored.push("$COGCTL_REDIS_URL");
    } else if std::env::var("REDIS_URL").is_ok_and(|u| !u.is_empty()) {
        ignored.push("$REDIS_URL");
    }
    if sources.sentinel == config::Source::Env {
        ignored.push("$COGCTL_SENTINEL");
    }
    if sources.sentinel_master == config::Source::Env {
        ignored.push("$COGCTL_SENTINEL_MASTER");
    }
    // The variable a flag outranked (`config::settle`).
    match (sources.fleet, sources.context) {
        (config::Source::Env, config::Source::Flag) => ignored.push("$COGCTL_FLEET"),
        (config::Source::Flag, config::Source::Env) => ignored.push("$COGCTL_CONTEXT"),
        _ => {}
    }
    if !ignored.is_empty() {
        ctx.ui.note(&format!(
            "note: {} ignored: fleet {fleet} names its shards' Redis",
            ignored.join(", ")
        ));
    }
    let mut shards = Sessions::new(global, &each);
    let result = match &cli.command {
        Command::Top(args) => {
            return commands::top::run_fleet(&mut ctx, args, fleet, named, shards.0);
        }
        _ if triage.is_some() => {
            let (set, args) = triage.expect("a triage");
            grouped(&mut ctx, &mut shards, fleet, &named, set, args)
        }
        _ if list.is_some() => {
            let (set, args) = list.expect("a list");
            let mut args = args.clone();
            super::watch::one_page(&args.watch, &mut args.limit)?;
            let view = format!("{} list", set.name());
            super::watch::watched_fleet(&mut ctx, &view, &fleet, &args.watch, |ctx| {
                let opened =
                    shards.read(&ctx.ui, |ctx| commands::sets::list::open(ctx, set, &args));
                commands::sets::list::run_fleet(ctx, set, &args, opened)
            })
        }
        Command::Stats(args) => shards.view(
            &mut ctx,
            &fleet,
            "stats",
            &args.watch,
            |ctx| commands::stats::run(ctx, args),
            merged(commands::stats::FleetStatsReport::new),
        ),
        Command::Queues(args) => shards.view(
            &mut ctx,
            &fleet,
            "queues",
            &args.watch,
            |ctx| commands::queues::run(ctx, args),
            merged(commands::queues::FleetQueuesReport::new),
        ),
        Command::Procs(args) => shards.view(
            &mut ctx,
            &fleet,
            "procs",
            &args.watch,
            |ctx| commands::procs::run(ctx, args),
            merged(commands::procs::FleetProcsReport::new),
        ),
        Command::Job(args) => {
            let report = commands::job::FleetJobReport::new(
                fleet,
                &args.jid,
                shards.read(&ctx.ui, |ctx| commands::job::run(ctx, args)),
            );
            emit(&mut ctx, &report, &report.shards)
        }
        Command::Check(args) => {
            let report = commands::check::FleetCheckReport::new(
                fleet,
                shards.read(&ctx.ui, |ctx| commands::check::run(ctx, args)),
            );
            emit(&mut ctx, &report, &report.shards)
        }
        Command::Busy(args) => shards.view(
            &mut ctx,
            &fleet,
            "busy",
            &args.watch,
            |ctx| commands::busy::run(ctx, args),
            merged(commands::busy::FleetBusyReport::new),
        ),
        Command::Orphans(args) => shards.view(
            &mut ctx,
            &fleet,
            "orphans",
            &args.watch,
            |ctx| commands::orphans::run(ctx, args),
            sections,
        ),
        Command::Unsettled(commands::unsettled::UnsettledCommand::List(args)) => shards.view(
            &mut ctx,
            &fleet,
            "unsettled list",
            &args.watch,
            |ctx| commands::unsettled::run_list(ctx, args),
            sections,
        ),
        Command::Periodic(commands::periodic::PeriodicCommand::List(args)) => shards.view(
            &mut ctx,
            &fleet,
            "periodic list",
            &args.watch,
            |ctx| commands::periodic::list(ctx, args),
            sections,
        ),
        Command::Doctor(args) => {
            let read = shards.read(&ctx.ui, |ctx| commands::doctor::diagnose(ctx, args));
            sections(&mut ctx, fleet, read)
        }
        Command::Metrics(args) => {
            let mut targets = Vec::with_capacity(each.len());
            for (name, resolved) in each {
                let shard = super::new_ctx(global, resolved.connect, resolved.context);
                targets.push((name, shard.connector()?));
            }
            commands::metrics::run_fleet(&mut ctx, args, targets)
        }
        Command::History(args) => {
            let mut args = args.clone();
            super::watch::one_page(&args.watch, &mut args.limit)?;
            commands::history::validate(&ctx, &args)?;
            super::watch::watched_fleet(&mut ctx, "history", &fleet, &args.watch, |ctx| {
                let opened = shards.read(&ctx.ui, |ctx| commands::history::open(ctx, &args));
                commands::history::run_fleet(ctx, &args, opened)
            })
        }
        Command::Incident(args) if args.watch.is_some() => {
            let options = args.options();
            let every = args.watch.expect("a watch");
            // Each read is the fleet's story (a shard that can't be read a finding of its
            // own: it appears, and recovers when it is read again).
            commands::incident::watch(&mut ctx, args, every, &mut |ctx| {
                let read = shards.read(&ctx.ui, |ctx| crate::ops::incident::run(ctx, &options));
                Ok(crate::ops::incident::fleet::merge(&fleet, &named, read).as_report())
            })
        }
        Command::Incident(args) => {
            let options = args.options();
            let read = shards.read(&ctx.ui, |ctx| crate::ops::incident::run(ctx, &options));
            let report = crate::ops::incident::fleet::merge(&fleet, &named, read);
            unread(&ctx, &report.shards);
            match ctx.ui.format {
                crate::term::ui::Format::Ndjson => {
                    render::lines(&mut ctx.out, &report.findings)?;
                    crate::ops::fleet::FleetProblem::warn_all(&ctx.ui, &report.problems);
                }
                crate::term::ui::Format::Markdown => {
                    render::incident::fleet_markdown(&report, &mut ctx.out)?;
                    crate::ops::fleet::FleetProblem::warn_all(&ctx.ui, &report.problems);
                }
                _ => render::emit(&mut ctx.out, &ctx.ui, &report)?,
            }
            Ok(report.exit())
        }
        Command::Undo(args) => {
            let run = change::Run {
                global,
                argv,
                named,
                fleet,
                shards: each,
                name: "undo",
            };
            change::undo(run, &mut ctx, args)
        }
        _ if change.is_some() => {
            let (set, action, args, canary) = change.expect("a change");
            let action = match rescheduled {
                Some(a) => super::reschedule(&ctx, a),
                None => action,
            };
            let run = change::Run {
                global,
                argv,
                named,
                fleet,
                shards: each,
                name: change::audit_name(set, action),
            };
            change::set_change(run, &mut ctx, set, action, args, canary)
        }
        _ => return Err(refused(command_words)),
    };
    super::finish(&mut ctx, result)
}

/// `dead|retry triage` across a fleet: the times every shard's entries cover read first, then
/// every shard grouped over all of them, so that the groups add up (`ops::triage::merge`).
fn grouped(
    ctx: &mut Ctx,
    sessions: &mut Sessions,
    fleet: String,
    named: &str,
    set: crate::store::JobSet,
    args: &crate::ops::triage::TriageArgs,
) -> anyhow::Result<Exit> {
    let spans = sessions.read(&ctx.ui, |ctx| crate::ops::triage::span_of(ctx, set, args));
    let within = spans
        .iter()
        .filter_map(|(_, s)| s.as_ref().ok().copied().flatten())
        .reduce(|[a, b], [c, d]| [a.min(c), b.max(d)]);
    // Every group of every shard: the limit is the fleet's.
    let mut every = args.clone();
    every.limit = Some(usize::MAX);
    let grouped = sessions.read(&ctx.ui, |ctx| {
        crate::ops::triage::group_within(ctx, set, &every, within)
    });
    let mut shards = Vec::with_capacity(grouped.len());
    let mut reports = Vec::new();
    for (name, read) in grouped {
        match read {
            Ok(report) => {
                shards.push((name.clone(), Ok(report.entries)));
                reports.push((name, report));
            }
            Err(e) => shards.push((name, Err(e))),
        }
    }
    if !reports.is_empty()
        && reports.iter().all(|(_, r)| r.named_nothing.is_some())
        && let Some(why) = reports[0].1.named_nothing.clone()
    {
        return Err(UsageError(format!("{why} (on no shard of fleet {fleet})")).into());
    }
    let limit = args
        .limit
        .or(ctx.ui.human().then_some(crate::ops::triage::TABLE_GROUPS));
    let unreadable: Vec<String> = crate::ops::fleet::unreadable(&shards);
    let Some(mut triage) = crate::ops::triage::merge(reports, limit) else {
        unread(ctx, &shards);
        return Ok(Exit::Unreachable);
    };
    // Each group's ready command acts on the whole fleet.
    for group in &mut triage.groups {
        if let Some(command) = &mut group.command {
            *command = crate::ops::fleet::across(command, named);
        }
    }
    let report = commands::sets::triage::FleetTriageReport {
        fleet,
        triage,
        shards,
        unreadable,
    };
    emit(ctx, &report, &report.shards)
}

/// A view read on every shard and shown shard by shard (`render::fleet::Sections`).
fn sections<R: Report>(
    ctx: &mut Ctx,
    fleet: String,
    shards: Vec<crate::ops::fleet::Shard<R>>,
) -> anyhow::Result<Exit> {
    let report = render::fleet::Sections { fleet, shards };
    if ctx.ui.format == crate::term::ui::Format::Ndjson {
        unread(ctx, &report.shards);
        report.lines(&mut ctx.out)?;
        return Ok(report.exit());
    }
    emit(ctx, &report, &report.shards)
}

/// A fleet's report printed, each shard that could not be read named on stderr first.
fn emit<R: Report, S>(
    ctx: &mut Ctx,
    report: &R,
    shards: &[crate::ops::fleet::Shard<S>],
) -> anyhow::Result<Exit> {
    unread(ctx, shards);
    render::emit(&mut ctx.out, &ctx.ui, report)?;
    Ok(report.exit())
}

/// Each shard that could not be read, named on stderr with why.
fn unread<S>(ctx: &Ctx, shards: &[crate::ops::fleet::Shard<S>]) {
    for (shard, read) in shards {
        if let Err(error) = read {
            crate::ops::fleet::warn_unread(&ctx.ui, shard, error);
        }
    }
}
