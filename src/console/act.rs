//! Changes made from the console, run by the reader thread through the core the CLI's commands
//! use (`dead retry`, `retry kill`, `scheduled enqueue-now`, `undo` …): the same dry run, the
//! same scripts, the same undo records. The command line each stands for is built and parsed
//! by the same filter flags the commands take; it is what the audit entry records, after
//! `cogctl top:`.

use clap::Parser;

use std::path::{Path, PathBuf};

use crate::ops::Session as Ctx;
use crate::ops::change::{Action, Change, Source};
use crate::ops::filter::FilterArgs;
use crate::ops::{AuditNote, Out, Progress, UndoPlan};
use crate::render::emit;
use crate::store::{JobSet, audit, base64, page::score_text};
use crate::term::exit::Exit;

/// A change to entries of a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Retry,
    Delete,
    Kill,
    EnqueueNow,
}

/// Which entries.
#[derive(Clone, Debug, PartialEq)]
pub enum Selection {
    /// Exactly these members (raw bytes) and their scores.
    Entries(Vec<(Vec<u8>, f64)>),
    /// Every entry the filter selects (the CLI's filter flags, or a text to search).
    Filter(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Act {
    Entries {
        set: JobSet,
        verb: Verb,
        selection: Selection,
    },
    /// Take a change back: its undo record id (or its audit entry id).
    Undo(String),
}

impl Verb {
    /// The CLI's subcommand for it on `set`, if the set has one.
    pub fn command(self, set: JobSet) -> Option<&'static str> {
        Some(match (set, self) {
            (JobSet::Dead, Verb::Retry | Verb::EnqueueNow) => "dead retry",
            (JobSet::Dead, Verb::Delete) => "dead delete",
            (JobSet::Retry, Verb::Retry | Verb::EnqueueNow) => "retry retry",
            (JobSet::Retry, Verb::Delete) => "retry delete",
            (JobSet::Retry, Verb::Kill) => "retry kill",
            (JobSet::Schedule, Verb::EnqueueNow | Verb::Retry) => "scheduled enqueue-now",
            (JobSet::Schedule, Verb::Delete) => "scheduled delete",
            (JobSet::Dead | JobSet::Schedule, Verb::Kill) => return None,
        })
    }

    fn action(self) -> Action {
        match self {
            Verb::Retry | Verb::EnqueueNow => Action::Requeue {
                reset_retries: false,
            },
            Verb::Delete => Action::Delete,
            Verb::Kill => Action::Kill,
        }
    }
}

impl Act {
    /// The audit name of the command it runs.
    pub fn command(&self) -> &'static str {
        match self {
            Act::Entries { set, verb, .. } => verb.command(*set).unwrap_or("?"),
            Act::Undo(_) => "undo",
        }
    }
}

/// How a change went: the command's own report, and the undo id it kept.
pub struct Done {
    pub text: Vec<String>,
    pub undo: Option<String>,
    pub failed: bool,
}

/// A plan file of exactly the chosen entries, in `export`'s format, for `--plan`.
fn plan_file(set: JobSet, entries: &[(Vec<u8>, f64)]) -> anyhow::Result<tempfile::NamedTempFile> {
    use std::io::Write;
    let mut file = tempfile::Builder::new()
        .prefix("cogctl-console-")
        .suffix(".ndjson")
        .tempfile()?;
    for (member, score) in entries {
        let line = serde_json::json!({
            "set": set.name(),
            "score": serde_json::Number::from_string_unchecked(score_text(*score)),
            "member_base64": base64::encode(member),
        });
        writeln!(file, "{line}")?;
    }
    file.flush()?;
    Ok(file)
}

/// Run `act` (or its dry run) as its command would, in `ctx`: what it printed, and its undo id.
pub fn run(ctx: &mut Ctx, act: &Act, dry_run: bool) -> anyhow::Result<Done> {
    if let Some(c) = &ctx.context
        && c.read_only
        && !dry_run
    {
        anyhow::bail!("context {} is read-only: nothing was changed", c.name);
    }
    let mut words: Vec<String> = Vec::new();
    let plan;
    match act {
        Act::Entries { set, selection, .. } => match selection {
            Selection::Entries(entries) => {
                plan = Some(plan_file(*set, entries)?);
                words.push("--plan".into());
                words.push(
                    plan.as_ref()
                        .map(|p| p.path().display().to_string())
                        .unwrap_or_default(),
                );
            }
            Selection::Filter(text) => {
                plan = None;
                if text.trim_start().starts_with("--") {
                    words.extend(shell_words::split(text)?);
                } else {
                    words.push("--search".into());
                    words.push(text.clone());
                }
            }
        },
        Act::Undo(id) => {
            plan = None;
            words.push(id.clone());
        }
    }
    words.push(if dry_run { "--dry-run" } else { "--yes" }.into());
    let shown = match (act, plan.is_some()) {
        (Act::Entries { .. }, true) => {
            let n = match act {
                Act::Entries {
                    selection: Selection::Entries(e),
                    ..
                } => e.len(),
                _ => 0,
            };
            format!(
                "--plan <{n} chosen entries> {}",
                words.last().cloned().unwrap_or_default()
            )
        }
        _ => shell_words::join(&words),
    };
    let argv = format!("cogctl top: cogctl {} {shown}", act.command());
    ctx.audit = AuditNote::default();
    ctx.undo = UndoPlan {
        // An undo keeps what it puts back too (so that it can itself be undone).
        keep: Some(
            ctx.context
                .as_ref()
                .and_then(|c| c.keep_undo)
                .unwrap_or(crate::store::undo::DEFAULT_KEEP),
        ),
        command: act.command(),
        argv: argv.clone(),
    };
    let who = ctx.audit_who(&argv);
    if !dry_run && ctx.require_audit {
        let fields = fields(ctx, &who, act.command(), "begin", None);
        let store = ctx.store()?;
        if let Err(e) = audit::append(store, &fields) {
            anyhow::bail!(
                "the audit entry could not be written to cogctl:audit ({e}), and the audit is required; nothing was changed"
            );
        }
    }
    let result = match act {
        Act::Entries { set, verb, .. } => {
            #[derive(Parser)]
            #[command(no_binary_name = true, disable_help_flag = true)]
            struct Line {
                #[command(flatten)]
                filter: FilterArgs,
                #[arg(long)]
                plan: Option<PathBuf>,
                #[arg(long)]
                dry_run: bool,
                #[arg(long)]
                yes: bool,
            }
            let line = Line::try_parse_from(&words).map_err(|e| anyhow::anyhow!("{e}"))?;
            entries(
                ctx,
                *set,
                verb.action(),
                &line.filter,
                line.plan.as_deref(),
                dry_run,
            )
        }
        Act::Undo(id) => undo(ctx, id, dry_run),
    };
    drop(plan);
    let printed = match std::mem::replace(&mut ctx.out, Out::Buffer(Vec::new())) {
        Out::Buffer(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Out::Stdout(_) => String::new(),
    };
    let mut text: Vec<String> = printed.lines().map(str::to_string).collect();
    text.extend(ctx.ui.warnings.take());
    let failed = result.is_err();
    if let Err(e) = &result {
        text.push(format!("error: {e:#}"));
    }
    let undo = ctx.audit.undo.as_ref().map(|k| k.id.clone());
    if !dry_run {
        let exit = match &result {
            Ok(exit) => exit.code(),
            Err(_) => 1,
        };
        let outcome = outcome(ctx, act, exit);
        let fields = fields(ctx, &who, act.command(), "end", Some(&outcome));
        let written = ctx
            .store()
            .map_err(anyhow::Error::from)
            .and_then(|store| audit::append(store, &fields).map_err(anyhow::Error::from));
        if let Err(e) = written {
            text.push(format!(
                "warning: the audit entry could not be written: {e:#}"
            ));
        }
    }
    if failed && text.len() == 1 {
        // Nothing was printed: the error says it all.
        return Err(anyhow::anyhow!(text.remove(0)));
    }
    Ok(Done { text, undo, failed })
}

/// The console shows a change's result when it ends (its status line says "working…").
struct Silent;

impl Progress for Silent {
    fn inc(&self, _n: u64) {}
    fn note(&self, _text: &str) {}
}

/// Entries of `set`: the filtered ones, or exactly those of a plan file; the dry run, or the
/// change itself, each shown as the CLI shows it.
fn entries(
    ctx: &mut Ctx,
    set: JobSet,
    action: Action,
    filter: &FilterArgs,
    plan: Option<&Path>,
    dry_run: bool,
) -> anyhow::Result<Exit> {
    let source = Source::choose(Vec::new(), filter, false, plan, ctx.ui.clock.now)?;
    let change = Change {
        set,
        action,
        source,
        batch: 1000,
        rate: None,
        max_depth: None,
        filtered: filter.any(),
        report: None,
    };
    if dry_run {
        let report = change.dry_run(ctx, None)?;
        emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(Exit::Ok);
    }
    let prepared = change.prepare(ctx.store()?)?;
    let applied = change.apply(ctx, prepared, &Silent)?;
    emit(&mut ctx.out, &ctx.ui, &applied.summary)?;
    match applied.error {
        Some(e) => Err(e),
        None => Ok(applied.summary.exit()),
    }
}

/// The undo of the change `id` names (its dry run first), as `cogctl undo` does it.
fn undo(ctx: &mut Ctx, id: &str, dry_run: bool) -> anyhow::Result<Exit> {
    let record = crate::ops::undo::resolve(ctx.store()?, id)?;
    let kind = crate::ops::undo::undoable(&record)?;
    if dry_run {
        let report = crate::ops::undo::dry_run(ctx, record)?;
        emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(Exit::Ok);
    }
    let applied = crate::ops::undo::apply(ctx, record, kind, &Silent)?;
    emit(&mut ctx.out, &ctx.ui, &applied.report)?;
    match applied.error {
        Some(e) => Err(e),
        None => Ok(applied.report.exit),
    }
}

fn outcome(ctx: &Ctx, act: &Act, exit: u8) -> audit::Outcome {
    let c = ctx.audit.counts.unwrap_or_default();
    let (undo, undo_until) = match (&ctx.audit.undo, act) {
        (Some(kept), _) => (kept.id.clone(), crate::clock::rfc3339(kept.until)),
        (None, Act::Undo(_)) => ("no".to_string(), String::new()),
        (None, Act::Entries { .. }) => ("none".to_string(), String::new()),
    };
    audit::Outcome {
        counts: [c.matched, c.done, c.gone, c.skipped, c.failed],
        plan_digest: ctx.audit.plan_digest.clone().unwrap_or_default(),
        exit,
        undo,
        undo_until,
    }
}

fn fields(
    ctx: &Ctx,
    who: &audit::Who,
    command: &str,
    phase: &str,
    outcome: Option<&audit::Outcome>,
) -> Vec<(&'static str, String)> {
    let time = chrono::DateTime::from_timestamp_millis((ctx.ui.clock.current() * 1000.0) as i64)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    audit::fields(time, who, command, phase, outcome)
}
