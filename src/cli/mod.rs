//! Parse, dispatch, and map every outcome to an exit code.

pub mod args;
pub mod audit;
pub mod changes;
mod fleet;
pub mod generate;
pub mod help;
pub mod watch;

use std::io::{self, Write};
use std::process::ExitCode;

use std::ffi::OsString;

use clap::{CommandFactory, FromArgMatches, parser::ValueSource};

use crate::commands::{self, Ctx};
use crate::ops::change::Action;
use crate::render::{self, Report};
use crate::store::ConnectOptions;
use crate::store::StoreError;
use crate::term::config::Active;
use crate::term::exit::{Exit, UsageError};
use crate::term::ui::Ui;
use crate::term::{config, confirm, interrupt};
use args::{Cli, Command, GlobalArgs};
use watch::{one_page, watched};

/// The whole program: `main` only calls this.
pub fn run() -> ExitCode {
    // A bug must still end in one readable sentence and a documented exit code.
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(
            io::stderr(),
            "error: internal error (a bug in cogctl, please report it): {info}"
        );
    }));
    std::panic::catch_unwind(|| run_with(std::env::args_os()))
        .unwrap_or_else(|_| ExitCode::from(Exit::Failure.code()))
}

pub fn run_with<I, T>(argv: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    // A worker's TERM must stop it cleanly once it listens, not kill it while it parses,
    // reads its config, writes its audit entry or connects: held from the first instruction,
    // and let go at once for every other command.
    commands::worker::hold_signals();
    let argv: Vec<OsString> = argv.into_iter().map(Into::into).collect();
    if help::asks_for_options(&argv) {
        return ExitCode::from(match help::options_command().print_long_help() {
            Ok(()) => Exit::Ok.code(),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Ok.code(),
            Err(_) => Exit::Failure.code(),
        });
    }
    // The tree as --help shows it takes a few milliseconds to prepare, more than most runs
    // spend on anything else: a command line is parsed with the plain tree, which accepts
    // exactly the same, and only a help request or an error is parsed again with it.
    let parsed = parse(<Cli as clap::CommandFactory>::command(), &argv)
        .or_else(|_| parse(help::command(), &argv));
    let (cli, matches) = match parsed {
        Ok(parsed) => parsed,
        Err(err) => {
            let _ = err.print();
            if err.kind() == clap::error::ErrorKind::UnknownArgument
                && let Some(hint) = watch::interval_hint(&argv)
            {
                let _ = writeln!(io::stderr(), "{hint}");
            }
            return ExitCode::from(if err.use_stderr() {
                Exit::Usage.code()
            } else {
                0
            });
        }
    };
    if !matches!(cli.command, Command::Worker(_)) {
        commands::worker::release_signals();
    }
    let sources = config::Sources {
        redis_url: source(&matches, "redis_url"),
        sentinel: source(&matches, "sentinel"),
        sentinel_master: source(&matches, "sentinel_master"),
        context: source(&matches, "context"),
        fleet: source(&matches, "fleet"),
    };
    // Whether this run named a Redis at all, for the hint of a connection error (a context
    // names one too: its name is in the error's target).
    let named = [sources.redis_url, sources.sentinel, sources.context]
        .iter()
        .any(|s| *s != config::Source::Absent)
        || std::env::var("REDIS_URL").is_ok_and(|u| !u.is_empty());
    // The subcommand's words (`dead list`), for what a fleet can't run yet.
    let mut words = Vec::new();
    let mut m = matches.subcommand();
    while let Some((name, sub)) = m {
        words.push(name.to_string());
        m = sub.subcommand();
    }
    let command_words = words.join(" ");
    // The clap tree (freed with the parse) held every command's help: the memory is given
    // back before the command runs — a worker runs for days.
    drop(matches);
    #[cfg(target_env = "gnu")]
    // SAFETY: malloc_trim only gives free heap pages back to the system.
    unsafe {
        libc::malloc_trim(0);
    }
    let exit = match run_parsed(cli, sources, &argv, &command_words) {
        Ok(exit) => exit,
        Err(err) => report_error(&err, named),
    };
    ExitCode::from(exit.code())
}

fn parse(
    mut command: clap::Command,
    argv: &[OsString],
) -> Result<(Cli, clap::ArgMatches), clap::Error> {
    command.try_get_matches_from_mut(argv).and_then(|m| {
        Cli::from_arg_matches(&m)
            .map(|cli| (cli, m))
            .map_err(|e| e.format(&mut command))
    })
}

/// Where a global flag's value came from, in whichever subcommand it was given.
fn source(matches: &clap::ArgMatches, id: &str) -> config::Source {
    let mut m = Some(matches);
    while let Some(here) = m {
        match here.value_source(id) {
            Some(ValueSource::CommandLine) => return config::Source::Flag,
            Some(ValueSource::EnvVariable) => return config::Source::Env,
            _ => {}
        }
        m = here.subcommand().map(|(_, sub)| sub);
    }
    config::Source::Absent
}

/// The context every command gets, from the global options.
fn new_ctx(global: &GlobalArgs, connect: ConnectOptions, context: Option<Active>) -> Ctx {
    let ui = Ui::detect(
        global.format(),
        global.color,
        global.quiet,
        global.utc,
        global.now,
    );
    Ctx::new(
        ui,
        connect,
        context,
        global.require_audit,
        global.confirm_context.clone(),
    )
}

/// Resolve the context, guard a change (read_only, protected, a required audit), run the
/// command, and write its audit entry.
fn run_parsed(
    mut cli: Cli,
    sources: config::Sources,
    argv: &[OsString],
    command_words: &str,
) -> anyhow::Result<Exit> {
    if cli.global.format() == crate::term::ui::Format::Markdown
        && !matches!(cli.command, Command::Incident(_))
    {
        return Err(UsageError(
            "--format markdown is for `cogctl incident` only: use table (the default), json or ndjson"
                .into(),
        )
        .into());
    }
    let config = config::Config::load()?;
    if let Command::Context(c) = &cli.command {
        let mut ctx = new_ctx(&cli.global, crate::store::ConnectOptions::default(), None);
        let result = commands::context::run(&mut ctx, &config, cli.global.context.as_deref(), c);
        return finish(&mut ctx, result);
    }
    config::settle(&mut cli.global.fleet, &mut cli.global.context, sources)?;
    if let Some((fleet, shards)) =
        config.fleet_of(cli.global.fleet.as_deref(), cli.global.context.as_deref())?
    {
        let shards = fleet::narrowed(&fleet, shards, &cli.global.shard)?;
        return fleet::run(&cli, argv, sources, &config, command_words, fleet, shards);
    }
    if !cli.global.shard.is_empty() {
        return Err(UsageError(
            "--shard narrows a fleet: give --fleet NAME (or --context a,b) with it".into(),
        )
        .into());
    }
    let resolved = config::resolve(&cli.global.target(), sources, &config, &|k| {
        std::env::var(k).ok()
    })?;
    let change = cli.command.changes();
    let mut ctx = new_ctx(&cli.global, resolved.connect, resolved.context);
    // What a change would keep to be undone: set for dry runs too, which say it.
    ctx.undo.keep = (!cli.global.no_undo).then(|| {
        cli.global
            .keep_undo
            .or(ctx.context.as_ref().and_then(|c| c.keep_undo))
            .unwrap_or(crate::store::undo::DEFAULT_KEEP)
    });
    for note in &resolved.notes {
        ctx.ui.note(note);
    }
    let Some(name) = change else {
        let view = cli.command.is_view();
        let result = dispatch(&mut ctx, cli.command);
        let result = finish(&mut ctx, result);
        if view && result.as_ref().is_ok_and(|exit| exit.code() != 3) {
            no_data_note(&mut ctx);
        }
        return result;
    };
    if let Some(active) = ctx.context.clone() {
        let target = ctx.connector()?.target().to_string();
        if active.read_only {
            return Err(UsageError(format!(
                "context {} is read-only: `{name}` would change Redis ({}); refused before connecting, nothing was changed",
                active.name,
                crate::text::visible(&target)
            ))
            .into());
        }
        if active.protected {
            confirm::confirm_context(
                &ctx.ui,
                &active.name,
                cli.global.confirm_context.as_deref(),
                &format!("run `{name}`"),
                &target,
            )?;
        }
    }
    let required =
        cli.global.require_audit || ctx.context.as_ref().is_some_and(|c| c.require_audit);
    // A producer pushing one job per call (`enqueue` without --from, and without a terminal)
    // is not an operator's change: like the gem's client it keeps no undo record and writes
    // no audit entry, unless asked to (--keep-undo, or an audit that is required).
    if cli.command.single_push()
        && !(ctx.ui.stdin_is_terminal && ctx.ui.stderr_is_terminal)
        && cli.global.keep_undo.is_none()
        && !required
    {
        ctx.undo = crate::ops::UndoPlan {
            id: None,
            keep: None,
            command: name,
            argv: String::new(),
        };
        let result = dispatch(&mut ctx, cli.command);
        return finish(&mut ctx, result);
    }
    let undoable = cli.command.undoable();
    let long = cli.command.long_running();
    let mut audit = audit::Change::new(name, argv, required, undoable, long);
    ctx.undo = crate::ops::UndoPlan {
        id: None,
        keep: ctx.undo.keep.filter(|_| undoable),
        command: name,
        argv: audit.argv.clone(),
    };
    let result = audit
        .begin(&mut ctx)
        .and_then(|()| dispatch(&mut ctx, cli.command));
    let exit = finish(&mut ctx, result).unwrap_or_else(|err| report_error(&err, true));
    audit.end(&mut ctx, exit.code());
    if let (Some(kept), Some(by)) = (&ctx.audit.undo, &ctx.audit.taken_back) {
        ctx.ui.note(&format!(
            "undo: this change ({}) was taken back; `cogctl undo {by}` makes it again",
            kept.id
        ));
    } else if let Some(kept) = &ctx.audit.undo {
        // The change's one id is its undo record's: `cogctl audit` shows it in its ID
        // column, `undo list` and `undo --dry-run` name it (the audit entry id works too).
        ctx.ui.note(&format!(
            "undo: kept {} {} ({}) until {}; `cogctl undo {}` takes this change back",
            crate::text::size::count(kept.entries),
            crate::text::plural(kept.entries, "entry", "entries"),
            crate::text::size::bytes(kept.bytes as i64),
            crate::clock::rfc3339(kept.until),
            kept.id,
        ));
    }
    // Whatever the command's own summary says, a change made under a context ends by saying
    // which one and where (on stderr: stdout stays data).
    if let (Some(active), Ok(connector)) = (&ctx.context, ctx.connector()) {
        ctx.ui.note(&format!(
            "`{name}` ran in context {} on {} (exit {})",
            active.name,
            crate::text::visible(connector.address()),
            exit.code()
        ));
    }
    Ok(exit)
}

/// After a view: when the database holds nothing of cogworker's at all (the rule `check` and
/// `doctor` use), say so once on stderr: an empty view of a wrong URL or db reads as a
/// healthy, idle cogworker.
fn no_data_note(ctx: &mut Ctx) {
    let Ok(store) = ctx.store() else { return };
    if let Ok(false) = crate::store::footprint::has_cogworker_keys(store) {
        let target = store.target().to_string();
        ctx.ui.note(&ctx.ui.styles.warn(&format!(
            "note: no cogworker data at all in {target}: no queue, process, counter or set \
             (the wrong URL or db?)"
        )));
    }
}

/// Flush stdout after a command; a failed flush is the command's error.
fn finish(ctx: &mut Ctx, result: anyhow::Result<Exit>) -> anyhow::Result<Exit> {
    let flushed = ctx.out.flush();
    result.and_then(|exit| flushed.map(|_| exit).map_err(Into::into))
}

fn dispatch(ctx: &mut Ctx, command: Command) -> anyhow::Result<Exit> {
    use crate::store::JobSet;
    use commands::sets::{DeadCommand, RetryCommand, ScheduledCommand};
    match command {
        Command::Stats(a) => watched(ctx, "stats", &a.watch, |ctx| {
            show(ctx, |ctx| commands::stats::run(ctx, &a))
        }),
        Command::Queues(a) => watched(ctx, "queues", &a.watch, |ctx| {
            show(ctx, |ctx| commands::queues::run(ctx, &a))
        }),
        Command::Retry(RetryCommand::List(a)) => set_list(ctx, JobSet::Retry, a),
        Command::Retry(RetryCommand::Triage(a)) => show(ctx, |ctx| {
            commands::sets::triage::run(ctx, JobSet::Retry, &a)
        }),
        Command::Retry(RetryCommand::Retry(a)) => {
            commands::sets::canary::run(ctx, JobSet::Retry, &a)
        }
        Command::Retry(RetryCommand::Delete(a)) => apply(ctx, JobSet::Retry, Action::Delete, &a),
        Command::Retry(RetryCommand::Kill(a)) => apply(ctx, JobSet::Retry, Action::Kill, &a),
        Command::Retry(RetryCommand::Reschedule(a)) => {
            apply(ctx, JobSet::Retry, reschedule(ctx, &a), &a.action)
        }
        Command::Retry(RetryCommand::Export(a)) => {
            commands::sets::transfer::run_export(ctx, JobSet::Retry, &a)
        }
        Command::Retry(RetryCommand::Show(a)) => show(ctx, |ctx| {
            commands::job::run(ctx, &a.job(Some(JobSet::Retry)))
        }),
        Command::Dead(DeadCommand::List(a)) => set_list(ctx, JobSet::Dead, a),
        Command::Dead(DeadCommand::Triage(a)) => show(ctx, |ctx| {
            commands::sets::triage::run(ctx, JobSet::Dead, &a)
        }),
        Command::Dead(DeadCommand::Retry(a)) => commands::sets::canary::run(ctx, JobSet::Dead, &a),
        Command::Dead(DeadCommand::Delete(a)) => apply(ctx, JobSet::Dead, Action::Delete, &a),
        Command::Dead(DeadCommand::Export(a)) => {
            commands::sets::transfer::run_export(ctx, JobSet::Dead, &a)
        }
        Command::Dead(DeadCommand::Import(a)) => {
            commands::sets::transfer::run_import(ctx, JobSet::Dead, &a)
        }
        Command::Dead(DeadCommand::Show(a)) => show(ctx, |ctx| {
            commands::job::run(ctx, &a.job(Some(JobSet::Dead)))
        }),
        Command::Scheduled(ScheduledCommand::List(a)) => set_list(ctx, JobSet::Schedule, a),
        Command::Scheduled(ScheduledCommand::EnqueueNow(a)) => {
            apply(ctx, JobSet::Schedule, requeue(&a), &a.action)
        }
        Command::Scheduled(ScheduledCommand::Delete(a)) => {
            apply(ctx, JobSet::Schedule, Action::Delete, &a)
        }
        Command::Scheduled(ScheduledCommand::Reschedule(a)) => {
            apply(ctx, JobSet::Schedule, reschedule(ctx, &a), &a.action)
        }
        Command::Scheduled(ScheduledCommand::Show(a)) => show(ctx, |ctx| {
            commands::job::run(ctx, &a.job(Some(JobSet::Schedule)))
        }),
        Command::Job(a) => show(ctx, |ctx| commands::job::run(ctx, &a)),
        Command::Enqueue(a) => commands::enqueue::run(ctx, &a),
        Command::Worker(a) => commands::worker::run(ctx, &a),
        Command::Procs(a) => match &a.action {
            Some(action) => commands::procs::control::run(ctx, action),
            None => watched(ctx, "procs", &a.watch, |ctx| {
                show(ctx, |ctx| commands::procs::run(ctx, &a))
            }),
        },
        Command::Queue(commands::queue::QueueCommand::List(mut a)) => {
            one_page(&a.watch, &mut a.limit)?;
            let view = format!("queue list {}", a.queue_name.shown());
            watched(ctx, &view, &a.watch, |ctx| {
                commands::queue::list::run(ctx, &a)
            })
        }
        Command::Queue(a) => commands::queue::run(ctx, &a),
        Command::Jobs(mut a) => {
            one_page(&a.watch, &mut a.limit)?;
            watched(ctx, "jobs", &a.watch, |ctx| commands::jobs::run(ctx, &a))
        }
        Command::Periodic(commands::periodic::PeriodicCommand::List(a)) => {
            watched(ctx, "periodic list", &a.watch, |ctx| {
                show(ctx, |ctx| commands::periodic::list(ctx, &a))
            })
        }
        Command::Periodic(c) => commands::periodic::run(ctx, &c),
        Command::History(mut a) => {
            one_page(&a.watch, &mut a.limit)?;
            watched(ctx, "history", &a.watch, |ctx| {
                commands::history::run(ctx, &a)
            })
        }
        Command::Busy(a) => watched(ctx, "busy", &a.watch, |ctx| {
            show(ctx, |ctx| commands::busy::run(ctx, &a))
        }),
        Command::Top(a) => commands::top::run(ctx, &a),
        Command::Unsettled(commands::unsettled::UnsettledCommand::List(a)) => {
            watched(ctx, "unsettled list", &a.watch, |ctx| {
                show(ctx, |ctx| commands::unsettled::run_list(ctx, &a))
            })
        }
        Command::Reconcile(a) => commands::reconcile::run(ctx, &a),
        Command::Unsettled(commands::unsettled::UnsettledCommand::File { dry_run }) => {
            commands::reconcile::run_file_unsettled(ctx, dry_run)
        }
        Command::Orphans(a) => watched(ctx, "orphans", &a.watch, |ctx| {
            show(ctx, |ctx| commands::orphans::run(ctx, &a))
        }),
        Command::Check(a) => show(ctx, |ctx| commands::check::run(ctx, &a)),
        Command::Doctor(a) => commands::doctor::run(ctx, &a),
        Command::Incident(a) => commands::incident::emit(ctx, &a),
        Command::Metrics(a) => commands::metrics::run(ctx, &a),
        Command::Audit(a) => commands::audit::run(ctx, &a),
        Command::Undo(a) => commands::undo::run(ctx, &a),
        Command::Context(_) => unreachable!("run_parsed runs `context` itself"),
        Command::Generate(a) => generate::run(ctx, &a, Cli::command()),
        Command::Fixture(a) => commands::fixture::run(ctx, &a),
    }
}

/// `retry list`, `dead list`, `scheduled list`.
fn set_list(
    ctx: &mut Ctx,
    set: crate::store::JobSet,
    mut args: commands::sets::list::ListArgs,
) -> anyhow::Result<Exit> {
    one_page(&args.watch, &mut args.limit)?;
    let view = format!("{} list", set.name());
    watched(ctx, &view, &args.watch, |ctx| {
        commands::sets::list::run(ctx, set, &args)
    })
}

fn apply(
    ctx: &mut Ctx,
    set: crate::store::JobSet,
    action: Action,
    args: &commands::sets::apply::ActionArgs,
) -> anyhow::Result<Exit> {
    commands::sets::apply::run(ctx, set, action, args)
}

fn requeue(args: &commands::sets::apply::RequeueArgs) -> Action {
    Action::Requeue {
        reset_retries: args.reset_retries,
    }
}

fn reschedule(ctx: &Ctx, args: &commands::sets::apply::RescheduleArgs) -> Action {
    let now = ctx.ui.clock.now;
    let score = match (args.r#in, args.at) {
        (Some(d), _) => now + d.as_secs_f64(),
        (None, Some(t)) => t.resolve(now),
        (None, None) => now,
    };
    Action::Reschedule { score }
}

fn show<R: Report>(
    ctx: &mut Ctx,
    run: impl FnOnce(&mut Ctx) -> anyhow::Result<R>,
) -> anyhow::Result<Exit> {
    let report = run(ctx)?;
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(report.exit())
}

/// Print `err` as one sentence (with its causes) on stderr and pick the exit code; `named`:
/// the run named a Redis (flag, environment, context), so no hint says to name one.
fn report_error(err: &anyhow::Error, named: bool) -> Exit {
    if let Some(io_err) = err.chain().find_map(|e| e.downcast_ref::<io::Error>())
        && io_err.kind() == io::ErrorKind::BrokenPipe
    {
        return Exit::Ok;
    }
    let exit = exit_of(err);
    if err.downcast_ref::<crate::term::exit::Reported>().is_some() {
        return exit;
    }
    let mut stderr = io::stderr().lock();
    // Errors quote names and replies from Redis: nothing in them a terminal would act on.
    let _ = writeln!(
        stderr,
        "error: {}",
        crate::text::visible_lines(&format!("{err:#}"))
    );
    if exit == Exit::Unreachable {
        let via_sentinel = err
            .chain()
            .filter_map(|e| e.downcast_ref::<StoreError>())
            .any(StoreError::via_sentinel);
        let text = format!("{err:#}");
        let refused = err
            .chain()
            .filter_map(|e| e.downcast_ref::<StoreError>())
            .any(|e| matches!(e, StoreError::AuthRefused { .. }));
        let named = named || text.contains(" (context ");
        let hint = if via_sentinel {
            Some(
                "hint: check --sentinel (HOST:PORT of each Sentinel) and --sentinel-master (a name listed by SENTINEL MASTERS on them)",
            )
        } else if text.contains("certificate") {
            Some("hint: for a self-signed or private-CA certificate, pass --tls-insecure")
        } else if refused && text.contains("none was given") {
            Some(
                "hint: give it in the URL: redis://:PASSWORD@HOST:PORT (or USER:PASSWORD@), rediss://…, unix:///PATH?pass=PASSWORD",
            )
        } else if refused || named {
            None
        } else {
            Some(
                "hint: pass --redis-url (or set COGCTL_REDIS_URL / REDIS_URL) to reach your cogworker Redis",
            )
        };
        if let Some(hint) = hint {
            let _ = writeln!(stderr, "{hint}");
        }
    }
    exit
}

/// The exit code an error calls for: an address that can't be, a Redis that can't be
/// reached, a usage error, an interruption, else a failure.
fn exit_of(err: &anyhow::Error) -> Exit {
    if let Some(store_err) = err.chain().find_map(|e| e.downcast_ref::<StoreError>()) {
        match store_err {
            StoreError::InvalidAddress { .. } => Exit::Usage,
            e if e.is_connection() => Exit::Unreachable,
            _ => Exit::Failure,
        }
    } else if err
        .chain()
        .any(|e| e.downcast_ref::<UsageError>().is_some())
    {
        Exit::Usage
    } else if err
        .chain()
        .any(|e| e.downcast_ref::<interrupt::Interrupted>().is_some())
    {
        Exit::Interrupted
    } else {
        Exit::Failure
    }
}
