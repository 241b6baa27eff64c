//! Changes across a fleet (docs/fleet.md, "Changes across a fleet"): one selection planned on
//! every shard at once, one dry run with the counts of each, one confirmation (a protected
//! shard's name typed too; a read-only shard left out and said so), then each shard changed
//! on its own connection with the same atomic scripts and pacing as one Redis, each writing
//! its own audit entry and undo record under one id, the fleet change's. `cogctl --fleet NAME
//! undo ID` takes the whole change back the same way.

use std::ffi::OsString;

use super::Sessions;
use crate::cli::audit;
use crate::cli::{GlobalArgs, new_ctx};
use crate::commands::Ctx;
use crate::commands::sets::apply::ActionArgs;
use crate::commands::undo::UndoArgs;
use crate::ops::Counts;
use crate::ops::change::{Action, Change, Source};
use crate::ops::fleet::Shard;
use crate::render::fleet::{FleetChange, Part};
use crate::render::progress::Progress;
use crate::store::JobSet;
use crate::term::config::Resolved;
use crate::term::confirm;
use crate::term::exit::{Exit, UsageError};
use crate::text::size::{count, counted};
use crate::text::visible;

/// What every change across a fleet needs: the fleet, its shards resolved, the command's
/// audit name and its command line, and the run's flags.
pub(crate) struct Run<'a> {
    pub global: &'a GlobalArgs,
    pub argv: &'a [OsString],
    pub fleet: String,
    /// The flags that name the fleet in the commands a run suggests (`ops::fleet::flag`).
    pub named: String,
    pub shards: Vec<(String, Resolved)>,
    /// The audit name (`dead retry`).
    pub name: &'static str,
}

/// A shard that takes part in the change, planned: its session (kept open from the plan to
/// the change), what it will do there, and how many entries that is.
struct Planned<P> {
    name: String,
    ctx: Ctx,
    plan: P,
    entries: u64,
}

impl Run<'_> {
    /// The shards a change may touch, and those it leaves out with why (a read-only one).
    fn writable(&mut self) -> anyhow::Result<Vec<(String, String)>> {
        let (read_only, writable): (Vec<_>, Vec<_>) = std::mem::take(&mut self.shards)
            .into_iter()
            .partition(|(_, r)| r.context.as_ref().is_some_and(|c| c.read_only));
        if writable.is_empty() {
            return Err(UsageError(format!(
                "every shard named of fleet {} is read-only ({}): `{}` would change Redis; \
                 nothing was changed",
                self.fleet,
                read_only
                    .iter()
                    .map(|(n, _)| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                self.name
            ))
            .into());
        }
        self.shards = writable;
        Ok(read_only
            .into_iter()
            .map(|(n, _)| (n, "read-only: left out".to_string()))
            .collect())
    }

    /// A session on one shard for this change: what it keeps to be undone (under `id`, the
    /// same on every shard) and the fleet it is part of, for its audit entry and record.
    fn session(&self, resolved: Resolved, id: &str, undoable: bool) -> Ctx {
        let mut ctx = new_ctx(self.global, resolved.connect, resolved.context);
        let keep = (!self.global.no_undo).then(|| {
            self.global
                .keep_undo
                .or(ctx.context.as_ref().and_then(|c| c.keep_undo))
                .unwrap_or(crate::store::undo::DEFAULT_KEEP)
        });
        ctx.undo = crate::ops::UndoPlan {
            id: Some(id.to_string()),
            keep: keep.filter(|_| undoable),
            command: self.name,
            argv: crate::store::audit::redact_argv(self.argv),
        };
        ctx.fleet = Some((self.fleet.clone(), id.to_string()));
        ctx
    }

    /// Plan on every shard at once with `plan(ctx)`: what the shard will do and how many
    /// entries, or why it takes no part (it holds nothing of the change). The shards planned,
    /// those left out with why, and those that could not be read with why.
    #[allow(clippy::type_complexity)]
    fn plan_each<P: Send>(
        &self,
        id: &str,
        undoable: bool,
        plan: impl Fn(&mut Ctx) -> anyhow::Result<Result<(P, u64), String>> + Sync,
    ) -> (
        Vec<Planned<P>>,
        Vec<(String, String)>,
        Vec<(String, String)>,
    ) {
        let read = crate::ops::fleet::each(self.shards.clone(), |name, resolved| {
            let mut ctx = self.session(resolved, id, undoable);
            Ok(plan(&mut ctx)?.map(|(plan, entries)| Planned {
                name: name.to_string(),
                ctx,
                plan,
                entries,
            }))
        });
        let mut planned = Vec::new();
        let mut left_out = Vec::new();
        let mut errors = Vec::new();
        for (name, result) in read {
            match result {
                Ok(Ok(p)) => planned.push(p),
                Ok(Err(why)) => left_out.push((name, why)),
                Err(e) => errors.push((name, e)),
            }
        }
        (planned, left_out, errors)
    }

    /// One confirmation for the whole change (unless --yes), then the name of every protected
    /// shard it changes: typed at the terminal, or given to `--confirm-context` (commas
    /// between names).
    fn confirm<P>(
        &self,
        ui: &crate::term::ui::Ui,
        parts: &[Planned<P>],
        ask: bool,
        yes: bool,
        question: &str,
    ) -> anyhow::Result<()> {
        if ask {
            confirm::confirm(ui, yes, question)?;
        }
        let given: Vec<&str> = self
            .global
            .confirm_context
            .as_deref()
            .map(|g| {
                g.split(',')
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        for part in parts {
            let Some(active) = part.ctx.context.as_ref().filter(|c| c.protected) else {
                continue;
            };
            let target = part.ctx.connector()?.target().to_string();
            if !given.is_empty() && !given.contains(&active.name.as_str()) {
                return Err(UsageError(format!(
                    "shard {} of fleet {} is protected: name it in --confirm-context too \
                     ({} named); nothing was changed",
                    active.name,
                    self.fleet,
                    visible(&given.join(","))
                ))
                .into());
            }
            let named = (!given.is_empty()).then_some(active.name.as_str());
            confirm::confirm_context(
                ui,
                &active.name,
                named,
                &format!("run `{}` across fleet {}", self.name, self.fleet),
                &target,
            )?;
        }
        Ok(())
    }

    /// Make the change on every planned shard at once, each writing its audit entries
    /// (begin when required, end), with `apply`; the progress of all on one bar.
    fn apply_each<P: Send, R: Send>(
        &self,
        parts: Vec<Planned<P>>,
        progress: &Progress,
        apply: impl Fn(&mut Ctx, P, &Progress) -> anyhow::Result<(R, Option<anyhow::Error>, Exit)>
        + Sync,
    ) -> Vec<Shard<Part<R>>> {
        let each: Vec<(String, Planned<P>)> =
            parts.into_iter().map(|p| (p.name.clone(), p)).collect();
        crate::ops::fleet::each(each, |_, part| {
            let Planned { mut ctx, plan, .. } = part;
            let required = ctx.require_audit;
            let mut entry = audit::Change::new(self.name, self.argv, required, true, false);
            entry.begin(&mut ctx)?;
            let (report, error, exit) = match apply(&mut ctx, plan, progress) {
                Ok(done) => done,
                Err(e) => {
                    // Nothing was done on this shard: said in its place, and its end entry.
                    entry.end(&mut ctx, crate::cli::exit_of(&e).code());
                    return Err(e);
                }
            };
            let exit = match &error {
                Some(e) => crate::cli::exit_of(e),
                None => exit,
            };
            let audit = entry.end(&mut ctx, exit.code());
            Ok(Part {
                report,
                stopped: error.map(|e| visible(&format!("{e:#}")).into_owned()),
                audit,
                exit,
            })
        })
    }

    /// Said on stderr once the change is made: what was kept to undo it, and how.
    fn undo_note(&self, ui: &crate::term::ui::Ui, id: &str, kept: &[crate::store::undo::Kept]) {
        if kept.is_empty() {
            return;
        }
        let entries: u64 = kept.iter().map(|k| k.entries).sum();
        let until = kept.iter().map(|k| k.until).fold(f64::INFINITY, f64::min);
        ui.note(&format!(
            "undo: kept {} on {} until {}; `cogctl {} undo {id}` takes this change back on \
             every shard",
            counted(entries, "entry", "entries"),
            counted(kept.len() as u64, "shard", "shards"),
            crate::clock::rfc3339(until),
            self.named,
        ));
    }
}

/// How many entries the planned shards hold in all, and each (`prod-a 3, prod-b 2`).
fn counted_each<P>(planned: &[Planned<P>]) -> (u64, String) {
    let total = planned.iter().map(|p| p.entries).sum();
    let each: Vec<String> = planned
        .iter()
        .map(|p| format!("{} {}", p.name, count(p.entries)))
        .collect();
    (total, each.join(", "))
}

/// The audit name of `action` on `set` (`dead retry`), as one Redis's run writes it.
pub(super) fn audit_name(set: JobSet, action: Action) -> &'static str {
    match (set, action) {
        (JobSet::Dead, Action::Requeue { .. }) => "dead retry",
        (JobSet::Dead, Action::Kill) => "dead kill",
        (JobSet::Dead, Action::Delete) => "dead delete",
        (JobSet::Dead, Action::Reschedule { .. }) => "dead reschedule",
        (JobSet::Retry, Action::Requeue { .. }) => "retry retry",
        (JobSet::Retry, Action::Kill) => "retry kill",
        (JobSet::Retry, Action::Delete) => "retry delete",
        (JobSet::Retry, Action::Reschedule { .. }) => "retry reschedule",
        (JobSet::Schedule, Action::Requeue { .. }) => "scheduled enqueue-now",
        (JobSet::Schedule, Action::Kill) => "scheduled kill",
        (JobSet::Schedule, Action::Delete) => "scheduled delete",
        (JobSet::Schedule, Action::Reschedule { .. }) => "scheduled reschedule",
    }
}

/// `dead|retry|scheduled retry|delete|kill|reschedule|enqueue-now` across a fleet.
pub(super) fn set_change(
    mut run: Run<'_>,
    ctx: &mut Ctx,
    set: JobSet,
    action: Action,
    args: &ActionArgs,
    canary: bool,
) -> anyhow::Result<Exit> {
    let fleet = run.fleet.clone();
    if args.plan.is_some() || args.plan_out.is_some() || args.report.is_some() || canary {
        return Err(UsageError(format!(
            "--plan, --plan-out, --report and --canary work on one Redis: across fleet {fleet} \
             select with jids, filters or --all, or name one shard with --context NAME; \
             nothing was changed"
        ))
        .into());
    }
    let jids = crate::ops::bulk::named_jids(&args.jids, args.jid_file.as_deref())?;
    // Checked once for the whole fleet: jids, or filters / --all.
    Source::choose(jids.clone(), &args.filter, args.all, None, ctx.ui.clock.now)?;
    let mut not_changed = run.writable()?;
    let id = crate::store::undo::new_id(ctx.ui.clock.current());
    let dry_run = args.dry_run;
    let undone_by = format!("cogctl {} undo", run.named);
    let change = |source: Source| args.change(set, action, source);
    // The jids each shard holds (a jid lives on one shard); none: the shard takes no part.
    let source = |ctx: &mut Ctx| -> anyhow::Result<Option<Source>> {
        if jids.is_empty() {
            let now = ctx.ui.clock.now;
            return Ok(Some(Source::Scan(Box::new(
                crate::ops::filter::JobFilter::new(&args.filter, now),
            ))));
        }
        let store = ctx.store()?;
        let mut here = Vec::new();
        for jid in &jids {
            if !crate::store::find::in_zset(store, set.key(), jid)?.is_empty() {
                here.push(jid.clone());
            }
        }
        Ok((!here.is_empty()).then_some(Source::Jids(here)))
    };
    enum Plan {
        Dry(Box<crate::ops::change::PlanReport>),
        Go(Box<Change>, crate::ops::change::Prepared),
    }
    let why_empty = if jids.is_empty() {
        "none of it here"
    } else {
        "holds none of the jids named"
    };
    let (planned, empty, unread) = run.plan_each(&id, true, |ctx| {
        let Some(source) = source(ctx)? else {
            return Ok(Err(why_empty.to_string()));
        };
        let held = match &source {
            Source::Jids(jids) => jids.clone(),
            _ => Vec::new(),
        };
        let change = change(source);
        if dry_run {
            let mut report = change.dry_run(ctx, None)?;
            report.undone_by = Some(undone_by.clone());
            let entries = report.entries;
            return Ok(Ok(((Plan::Dry(Box::new(report)), held), entries)));
        }
        let prepared = change.prepare(ctx.store()?)?;
        let entries = prepared.expected;
        Ok(Ok(((Plan::Go(Box::new(change), prepared), held), entries)))
    });
    for (name, error) in &unread {
        crate::ops::fleet::warn_unread(&ctx.ui, name, error);
    }
    not_changed.extend(empty);
    // A jid no shard holds is named once, for the whole fleet.
    let held: std::collections::HashSet<&String> =
        planned.iter().flat_map(|p| p.plan.1.iter()).collect();
    for jid in jids.iter().filter(|j| !held.contains(j)) {
        ctx.ui.warn_line(&format!(
            "{} {}: not in {} on any shard of fleet {fleet} read; `cogctl --fleet {fleet} job {}` \
             searches everywhere",
            ctx.ui.styles.warn("warning:"),
            visible(jid),
            set.key(),
            visible(jid)
        ));
    }
    if planned.is_empty() && unread.is_empty() && !jids.is_empty() {
        return Err(UsageError(format!(
            "no shard of fleet {fleet} holds any of the jids named in {}; nothing was changed",
            set.key()
        ))
        .into());
    }
    // A value that names nothing on any shard is most likely a typo: refused.
    let nothing: Vec<String> = planned
        .iter()
        .filter_map(|p| match &p.plan.0 {
            Plan::Dry(r) => r.named_nothing.clone(),
            Plan::Go(_, prepared) => prepared.named_nothing.clone(),
        })
        .collect();
    if !args.force && !planned.is_empty() && nothing.len() == planned.len() {
        return Err(UsageError(format!(
            "{} (on no shard of fleet {fleet}); nothing was changed (--force runs it anyway)",
            nothing[0]
        ))
        .into());
    }
    let verb = action.verb(set);
    let (total, per_shard) = counted_each(&planned);
    let unreadable: Vec<String> = unread.iter().map(|(n, _)| n.clone()).collect();
    if dry_run {
        // A shard where nothing matched is said in a line, as the change would leave it.
        let (planned, nothing): (Vec<_>, Vec<_>) = planned.into_iter().partition(|p| p.entries > 0);
        not_changed.extend(
            nothing
                .into_iter()
                .map(|p| (p.name, "nothing matched here".to_string())),
        );
        let mut shards: Vec<Shard<Part<crate::ops::change::PlanReport>>> = planned
            .into_iter()
            .map(|p| match p.plan.0 {
                Plan::Dry(r) => (p.name, Ok(Part::whole(*r, Exit::Ok))),
                Plan::Go(..) => unreachable!("a dry run plans only"),
            })
            .collect();
        shards.extend(unread.into_iter().map(|(n, e)| (n, Err(e))));
        let mut report = FleetChange::new(&fleet, run.name, true, not_changed, unreadable);
        report.totals = Counts {
            matched: total,
            ..Counts::default()
        };
        report.headline = format!(
            "would {} {} of {} ({per_shard}); nothing was changed",
            action.name(set),
            counted(total, "entry", "entries"),
            set.key()
        );
        report.shards = shards;
        return emit(ctx, &report);
    }
    let mut report: FleetChange<crate::ops::bulk::Summary> =
        FleetChange::new(&fleet, run.name, false, not_changed, unreadable);
    let parts: Vec<Planned<(Box<Change>, crate::ops::change::Prepared)>> = planned
        .into_iter()
        .filter_map(|p| match p.plan.0 {
            Plan::Go(change, prepared) if p.entries > 0 => Some(Planned {
                name: p.name,
                ctx: p.ctx,
                plan: (change, prepared),
                entries: p.entries,
            }),
            Plan::Go(..) => {
                report
                    .not_changed
                    .push((p.name, "nothing matched here".to_string()));
                None
            }
            Plan::Dry(_) => unreachable!("a change is prepared"),
        })
        .collect();
    // Nothing to change anywhere: no confirmation, no audit entry, no undo record.
    if parts.is_empty() {
        report.headline = format!("{verb} 0 entries of {}: nothing matched", set.key());
        report.shards = unread.into_iter().map(|(n, e)| (n, Err(e))).collect();
        return emit(ctx, &report);
    }
    let left_out: Vec<String> = report
        .not_changed
        .iter()
        .map(|(n, why)| format!("{n}: {why}"))
        .chain(
            report
                .unreadable
                .iter()
                .map(|n| format!("{n}: could not be read")),
        )
        .collect();
    let left_out = if left_out.is_empty() {
        String::new()
    } else {
        format!("; not changed: {}", left_out.join(", "))
    };
    run.confirm(
        &ctx.ui,
        &parts,
        action.needs_confirmation(!jids.is_empty()),
        args.yes,
        &format!(
            "{} {} of {} across fleet {fleet} ({}){left_out}?",
            action.name(set),
            counted(total, "entry", "entries"),
            set.key(),
            counted_each(&parts).1
        ),
    )?;
    let progress = Progress::new(&ctx.ui, total, verb);
    let done = run.apply_each(parts, &progress, |ctx, (change, prepared), progress| {
        let applied = (*change).apply(ctx, prepared, progress)?;
        let exit = applied.summary.exit();
        Ok((applied.summary, applied.error, exit))
    });
    progress.finish();
    let kept: Vec<crate::store::undo::Kept> = done
        .iter()
        .filter_map(|(_, r)| r.as_ref().ok()?.report.undo.clone())
        .collect();
    let mut totals = Counts::default();
    let mut moved = Vec::new();
    for (name, result) in &done {
        match result {
            Ok(part) => {
                totals.matched += part.report.total();
                totals.done += part.report.moved;
                totals.gone += part.report.gone;
                totals.skipped += part.report.skipped;
                totals.failed += part.report.failed;
                moved.push(format!("{name} {}", count(part.report.moved)));
            }
            Err(error) => crate::ops::fleet::warn_unread(&ctx.ui, name, error),
        }
    }
    report.shards = done;
    report
        .shards
        .extend(unread.into_iter().map(|(n, e)| (n, Err(e))));
    report.change = if kept.is_empty() {
        String::new()
    } else {
        id.clone()
    };
    report.headline = format!(
        "{verb} {} of {} ({})",
        counted(totals.done, "entry", "entries"),
        set.key(),
        moved.join(", ")
    );
    report.totals = totals;
    let exit = emit(ctx, &report)?;
    run.undo_note(&ctx.ui, &id, &kept);
    Ok(exit)
}

/// `cogctl --fleet NAME undo ID`: the change `ID` taken back on every shard that kept a part
/// of it, at once; `undo list` shard by shard.
pub(super) fn undo(mut run: Run<'_>, ctx: &mut Ctx, args: &UndoArgs) -> anyhow::Result<Exit> {
    use crate::commands::undo::UndoAction;
    use crate::ops::undo as ops;
    let fleet = run.fleet.clone();
    match (&args.action, args.id.as_deref()) {
        (Some(UndoAction::List { limit }), _) => {
            let limit = *limit;
            let read = Sessions::new(run.global, &run.shards).read(&ctx.ui, |ctx| {
                crate::commands::undo::list_report(ctx, limit)
            });
            return super::sections(ctx, fleet, read);
        }
        (Some(UndoAction::Purge { .. }), _) => {
            return Err(UsageError(format!(
                "`undo purge` works on one Redis: name one shard of fleet {fleet} with \
                 --context NAME; nothing was changed"
            ))
            .into());
        }
        (None, Some(id)) if crate::store::undo::is_record_id(id) => {}
        (None, _) => {
            return Err(UsageError(format!(
                "across fleet {fleet}, name the change by the id it printed (u-…, the same on \
                 every shard; `last` and audit entry ids name one Redis's); nothing was changed"
            ))
            .into());
        }
    }
    let given = args.id.clone().unwrap_or_default();
    let mut not_changed = run.writable()?;
    // --no-undo is refused as on one Redis: an undo keeps what it puts back.
    ctx.undo.keep = (!run.global.no_undo).then_some(crate::store::undo::DEFAULT_KEEP);
    ops::keep(ctx)?;
    let undo_id = crate::store::undo::new_id(ctx.ui.clock.current());
    let dry_run = args.dry_run;
    let (planned, empty, unread) = run.plan_each(&undo_id, true, |ctx| {
        let Some(record) = crate::store::undo::load(ctx.store()?, &given)? else {
            return Ok(Err(
                "no part of this change here (it changed nothing here, or its record expired)"
                    .to_string(),
            ));
        };
        let named = ctx
            .context
            .as_ref()
            .map(|c| format!("--context {} ", c.name))
            .unwrap_or_default();
        let kind = match ops::undoable(&record, &named) {
            Ok(kind) => kind,
            Err(e) => return Ok(Err(visible(&format!("{e:#}")).into_owned())),
        };
        let entries = record.entries;
        Ok(Ok(((record, kind), entries)))
    });
    for (name, error) in &unread {
        crate::ops::fleet::warn_unread(&ctx.ui, name, error);
    }
    if planned.is_empty() {
        // Nothing to take back on any shard read: why, shard by shard.
        let mut why: Vec<String> = empty
            .iter()
            .filter(|(_, why)| !why.starts_with("no part"))
            .map(|(n, why)| format!("on {n}, {}", why.trim_end_matches("; nothing was changed")))
            .collect();
        if why.is_empty() {
            why.push(format!(
                "no shard of fleet {fleet} read holds undo record {given}: it expired, was \
                 purged, or the id is not a fleet change's (`cogctl --fleet {fleet} undo list` \
                 shows them)"
            ));
        }
        if !unread.is_empty() {
            let names: Vec<&str> = unread.iter().map(|(n, _)| n.as_str()).collect();
            why.push(format!(
                "{} could not be read (run it again when they answer)",
                names.join(", ")
            ));
        }
        return Err(ops::NotUndoable(format!("nothing to undo: {}", why.join("; "))).into());
    }
    not_changed.extend(empty);
    let command = planned
        .first()
        .map(|p| p.plan.0.change())
        .unwrap_or_default();
    let (total, per_shard) = counted_each(&planned);
    let unreadable: Vec<String> = unread.iter().map(|(n, _)| n.clone()).collect();
    if dry_run {
        let mut shards = Vec::new();
        for mut p in planned {
            let (record, _) = p.plan;
            let plan = ops::dry_run(&mut p.ctx, record);
            shards.push((
                p.name,
                plan.map(|r| Part::whole(r, Exit::Ok))
                    .map_err(|e| visible(&format!("{e:#}")).into_owned()),
            ));
        }
        shards.extend(unread.into_iter().map(|(n, e)| (n, Err(e))));
        let report = FleetChange {
            fleet: fleet.clone(),
            change: String::new(),
            command: "undo".into(),
            dry_run: true,
            totals: Counts {
                matched: total,
                ..Counts::default()
            },
            shards,
            not_changed,
            unreadable,
            headline: format!(
                "would undo `{}` ({given}) on {} ({per_shard}); nothing was changed",
                visible(&command),
                counted(total, "entry", "entries")
            ),
        };
        return emit(ctx, &report);
    }
    let question = format!(
        "Undo `{command}` ({given}) across fleet {fleet}: {} ({per_shard})?",
        counted(total, "entry", "entries")
    );
    run.name = "undo";
    run.confirm(&ctx.ui, &planned, true, args.yes, &question)?;
    let progress = Progress::new(&ctx.ui, total, "undoing");
    let done = run.apply_each(planned, &progress, |ctx, (record, kind), progress| {
        let applied = ops::apply(ctx, record, kind, progress)?;
        let exit = applied.report.exit;
        Ok((applied.report, applied.error, exit))
    });
    progress.finish();
    let mut totals = Counts::default();
    let mut restored = Vec::new();
    let mut kept = Vec::new();
    for (name, result) in &done {
        match result {
            Ok(part) => {
                totals.matched += part.report.restored + part.report.left;
                totals.done += part.report.restored;
                totals.skipped += part.report.left;
                restored.push(format!("{name} {}", count(part.report.restored)));
                kept.extend(part.report.keeps.clone());
            }
            Err(error) => crate::ops::fleet::warn_unread(&ctx.ui, name, error),
        }
    }
    let mut shards = done;
    shards.extend(unread.into_iter().map(|(n, e)| (n, Err(e))));
    let report = FleetChange {
        fleet: fleet.clone(),
        change: if kept.is_empty() {
            String::new()
        } else {
            undo_id.clone()
        },
        command: "undo".into(),
        dry_run: false,
        totals,
        shards,
        not_changed,
        unreadable,
        headline: format!(
            "undid `{}` ({given}): {} restored ({})",
            visible(&command),
            count(totals.done),
            restored.join(", ")
        ),
    };
    let exit = emit(ctx, &report)?;
    run.undo_note(&ctx.ui, &undo_id, &kept);
    Ok(exit)
}

/// The report on stdout (`--ndjson`: one line, the JSON document), its exit status.
fn emit<R: crate::render::Report + serde::Serialize>(
    ctx: &mut Ctx,
    report: &FleetChange<R>,
) -> anyhow::Result<Exit> {
    crate::render::emit(&mut ctx.out, &ctx.ui, report)?;
    // Before the notes that follow on stderr.
    std::io::Write::flush(&mut ctx.out)?;
    Ok(crate::render::Report::exit(report))
}
