//! A reconcile pass, as the gem's orphan recovery makes it: every in-progress list whose owner is
//! gone requeued by the atomic REQUEUE script (which judges liveness again by Redis' clock),
//! repeat orphans buried in dead, unsettled records filed. What it did comes back as data; the
//! death hooks of what it buried are the front-end's to run.

use serde::Serialize;

use crate::ops::orphans::{self, OrphansReport};
use crate::ops::unsettled::{self, UnsettledReport};
use crate::ops::{Counts, Problem};
use crate::store::liveness::{self, ListState, Liveness};
use crate::store::recovery::{Buried, Filed, Recovery};
use crate::store::{Name, Store, StoreResult};
use crate::term::ui::Ui;

/// The plan of `reconcile --dry-run`: the orphans view and the unsettled records.
#[derive(Debug, Serialize)]
pub struct DryRunReport {
    pub orphans: OrphansReport,
    pub unsettled: UnsettledReport,
}

impl DryRunReport {
    /// Whether a pass would change anything: requeue or forget a dead process's list, bury a
    /// parked repeat orphan, file an unsettled record. Jobs of processes not yet presumed
    /// dead are left where they are.
    pub fn would_act(&self) -> bool {
        self.orphans.lists.iter().any(|l| l.state.is_dead())
            || self.orphans.repeat_orphans.is_some_and(|n| n > 0)
            || self.unsettled.total > 0
    }
}

/// What a pass with `threshold` would do, read-only.
pub fn dry_run(store: &mut Store, ui: &Ui, threshold: f64) -> StoreResult<DryRunReport> {
    let orphans = orphans::report(store, ui, threshold)?;
    let unsettled = unsettled::read(store, unsettled::DEFAULT_LIMIT)?;
    Ok(DryRunReport { orphans, unsettled })
}

/// What a reconcile pass did. Its JSON is a contract (docs/output.md "JSON output").
#[derive(Debug, Serialize)]
pub struct ReconcileReport {
    pub target: String,
    pub threshold: f64,
    pub max_orphanings: u64,
    pub lists: Vec<ListOutcome>,
    /// Queues that received jobs but that no live process read lately.
    pub unlisted_queues: Vec<Name>,
    /// Repeat orphans filed in dead by this pass (jids).
    pub buried_repeat_orphans: Vec<String>,
    pub unsettled: Filed,
    /// Jobs this pass filed in dead: Ruby death hooks never run for them.
    pub death_hooks_not_run: u64,
    /// The --on-death hooks run for them (all zero without --on-death).
    pub death_hooks: HookCounts,
    pub problems: Vec<Problem>,
}

impl ReconcileReport {
    /// A pass on `target` with `recovery`'s settings, before it starts.
    pub fn new(target: &str, recovery: &Recovery) -> ReconcileReport {
        ReconcileReport {
            target: target.to_string(),
            threshold: recovery.threshold,
            max_orphanings: recovery.max_orphanings,
            lists: Vec::new(),
            unlisted_queues: Vec::new(),
            buried_repeat_orphans: Vec::new(),
            unsettled: Filed::default(),
            death_hooks_not_run: 0,
            death_hooks: HookCounts::default(),
            problems: Vec::new(),
        }
    }

    /// The counts of the audit entry: jobs requeued, parked or filed (done), those that
    /// could not be written (failed) and records quarantined (skipped).
    pub fn counts(&self) -> Counts {
        let lists = |f: fn(&ListOutcome) -> u64| self.lists.iter().map(f).sum::<u64>();
        let done = lists(|l| l.requeued + l.parked + l.buried)
            + self.buried_repeat_orphans.len() as u64
            + self.unsettled.filed;
        let failed = lists(|l| l.failed);
        let skipped = self.unsettled.quarantined;
        Counts {
            matched: done + failed + skipped,
            done,
            gone: 0,
            skipped,
            failed,
        }
    }
}

/// How the --on-death hook runs of a pass ended.
#[derive(Debug, Default, Serialize)]
pub struct HookCounts {
    /// Jobs whose hooks ran.
    pub jobs: u64,
    pub ok: u64,
    pub failed: u64,
    pub timed_out: u64,
}

#[derive(Debug, Serialize)]
pub struct ListOutcome {
    pub identity: Name,
    /// alive / silent / presumed_dead, as REQUEUE judged it.
    pub state: Liveness,
    /// Seconds since its last beat (when it has a stamp).
    pub silent_for: Option<f64>,
    pub requeued: u64,
    pub parked: u64,
    /// Raw jobs filed into dead because the parking list was unusable, then completed.
    pub buried: u64,
    /// Jobs that could not be written, kept on the list for the next pass.
    pub failed: u64,
    /// The identity left cogworker:inprogress_identities and cogworker:last_beat.
    pub forgotten: bool,
}

/// The pass itself, into `report`; the repeat orphans it buries in dead for good are added to
/// `buried` as it goes (those filed from the unsettled list are in `report.unsettled`).
pub fn pass(
    store: &mut Store,
    recovery: &Recovery,
    pinned: Option<f64>,
    report: &mut ReconcileReport,
    buried: &mut Vec<Buried>,
) -> anyhow::Result<()> {
    let candidates = liveness::candidates(store)?;
    if let Some(e) = &candidates.registry_error {
        report.problems.push(Problem::from_store(
            crate::store::keys::INPROGRESS_IDENTITIES,
            e,
        ));
    }
    for identity in &candidates.identities {
        match reconcile_list(store, recovery, identity, pinned, buried) {
            Ok((outcome, unlisted)) => {
                report.death_hooks_not_run += outcome.buried;
                for q in unlisted {
                    if !report.unlisted_queues.contains(&q) {
                        report.unlisted_queues.push(q);
                    }
                }
                report.lists.push(outcome);
            }
            Err(e) if e.is_connection() => return Err(e.into()),
            Err(e) => Problem::push_once(
                &mut report.problems,
                Problem::from_store(crate::store::keys::inprogress(identity), &e),
            ),
        }
    }
    let mut repeat = Vec::new();
    let burying = recovery.bury_repeat_orphans(store, &mut repeat);
    report.death_hooks_not_run += repeat.len() as u64;
    for b in repeat {
        report.buried_repeat_orphans.push(b.jid.clone());
        buried.push(b);
    }
    match burying {
        Ok(()) => {}
        Err(e) if e.is_connection() => return Err(e.into()),
        Err(e) => report
            .problems
            .push(Problem::from_store(crate::store::keys::REPEAT_ORPHANS, &e)),
    }
    let filing = file_unsettled(store, recovery, &mut report.unsettled, &mut report.problems);
    report.death_hooks_not_run += report.unsettled.into_dead;
    filing
}

/// The unsettled part of a pass; a key of the wrong type is a problem, not the end.
pub fn file_unsettled(
    store: &mut Store,
    recovery: &Recovery,
    filed: &mut Filed,
    problems: &mut Vec<Problem>,
) -> anyhow::Result<()> {
    match recovery.file_unsettled(store, filed) {
        Ok(()) => {}
        Err(e) if e.is_connection() => return Err(e.into()),
        Err(e) => problems.push(Problem::from_store(crate::store::keys::UNSETTLED, &e)),
    }
    Ok(())
}

/// One list: its owner's state as seen just before (for the report), then REQUEUE, which
/// judges again atomically and alone decides; raw burials completed; the identity
/// forgotten when its list is empty.
fn reconcile_list(
    store: &mut Store,
    recovery: &Recovery,
    identity: &Name,
    pinned: Option<f64>,
    buried_out: &mut Vec<Buried>,
) -> StoreResult<(ListOutcome, Vec<Name>)> {
    let state = ListState::read(store, identity)?;
    let verdict = state.judge(recovery.threshold, pinned);
    let done = recovery.requeue(store, identity)?;
    let mut buried = 0;
    for raw in &done.buried_raw {
        if let Some(b) = recovery.complete_raw_burial(store, raw)? {
            buried += 1;
            buried_out.push(b);
        }
    }
    let forgotten = !done.alive && recovery.forget_if_empty(store, identity)?;
    let state = if done.alive && verdict.liveness.is_dead() {
        Liveness::Alive
    } else if done.alive {
        verdict.liveness
    } else {
        Liveness::PresumedDead
    };
    Ok((
        ListOutcome {
            identity: identity.clone(),
            state,
            silent_for: verdict.silent_for,
            requeued: done.moved - done.parked - done.buried_raw.len() as u64,
            parked: done.parked,
            buried,
            failed: done.failed,
            forgotten,
        },
        done.unlisted,
    ))
}
