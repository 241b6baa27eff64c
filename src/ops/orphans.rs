//! The in-progress lists: whose they are, whether the owner is alive, and what they hold.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::ops::Problem;
use crate::store::job::{Job, UNPARSEABLE_CLASS};
use crate::store::liveness::{self, ListState, Liveness};
use crate::store::{KeyType, Name, Store, StoreResult, keys, value};
use crate::term::ui::Ui;

/// Jobs read from the head of a list to summarise its classes; longer lists say so.
pub const CLASS_SAMPLE: usize = 1000;

/// Parked repeat orphans listed by jid; the rest are counted.
const REPEAT_ORPHANS_SHOWN: usize = 20;

#[derive(Debug, Serialize)]
pub struct OrphansReport {
    /// Seconds of silence after which an owner without a presence key is presumed dead.
    pub threshold: f64,
    pub lists: Vec<InProgressList>,
    /// Jobs parked on cogworker:repeat_orphans (orphaned too often), waiting to be buried.
    pub repeat_orphans: Option<u64>,
    /// The first parked jobs, head first.
    pub repeat_orphan_jobs: Vec<ParkedJob>,
    /// Records waiting in cogworker:unsettled.
    pub unsettled: Option<u64>,
    pub problems: Vec<Problem>,
}

#[derive(Debug, Serialize)]
pub struct InProgressList {
    pub identity: Name,
    /// `alive` (presence key exists), `silent` (no presence key, last beat within the
    /// threshold), `presumed_dead`, or `unknown` (no presence key, and cogworker:last_beat
    /// can't be read).
    pub state: Liveness,
    /// Seconds since the last beat, for an owner without a presence key.
    pub silent_for: Option<f64>,
    /// The last_beat stamp (Redis seconds) if it is numeric.
    pub last_beat: Option<serde_json::Value>,
    /// The stamp as stored when it is not numeric (it then counts as no stamp).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_beat_unreadable: Option<String>,
    pub jobs: u64,
    /// Jobs per class among the first `classes_sampled` of the list.
    pub classes: BTreeMap<String, u64>,
    pub classes_sampled: u64,
}

#[derive(Debug, Serialize)]
pub struct ParkedJob {
    pub jid: String,
    pub class: Option<String>,
    pub queue: Option<String>,
}

/// One list read for the orphans view: its owner's state and a class summary.
pub struct ListView {
    pub state: ListState,
    pub liveness: Liveness,
    pub silent_for: Option<f64>,
    pub classes: BTreeMap<String, u64>,
    pub sampled: u64,
}

/// Every in-progress list with its owner's liveness, judged at Redis' clock, or at the run's
/// clock when it was pinned. Lists that can't be read are problems; so is a
/// `cogworker:last_beat` that can't be read (once), whose lists are still shown.
pub fn read_lists(
    store: &mut Store,
    ui: &Ui,
    threshold: f64,
    classes: bool,
) -> StoreResult<(Vec<ListView>, Vec<Problem>)> {
    let candidates = liveness::candidates(store)?;
    read_lists_of(store, ui, threshold, classes, &candidates)
}

/// [`read_lists`] of the owners the caller found ([`liveness::candidates_among`]).
pub fn read_lists_of(
    store: &mut Store,
    ui: &Ui,
    threshold: f64,
    classes: bool,
    candidates: &liveness::Candidates,
) -> StoreResult<(Vec<ListView>, Vec<Problem>)> {
    let pinned = ui.clock.pinned.then_some(ui.clock.now);
    let mut problems = Vec::new();
    if let Some(e) = &candidates.registry_error {
        problems.push(Problem::from_store(keys::INPROGRESS_IDENTITIES, e));
    }
    let mut views = Vec::new();
    for identity in &candidates.identities {
        let state = match ListState::read(store, identity) {
            Ok(s) => s,
            Err(e) if e.is_connection() => return Err(e),
            Err(e) => {
                problems.push(Problem::from_store(keys::inprogress(identity), &e));
                continue;
            }
        };
        if state.last_beat_unreadable {
            beat_unreadable(store, &mut problems)?;
        }
        let verdict = state.judge(threshold, pinned);
        let (classes, sampled) = if classes && state.length > 0 {
            class_summary(store, identity)?
        } else {
            (BTreeMap::new(), 0)
        };
        views.push(ListView {
            liveness: verdict.liveness,
            silent_for: verdict.silent_for,
            state,
            classes,
            sampled,
        });
    }
    Ok((views, problems))
}

/// The problem of a `cogworker:last_beat` that can't be read, said once per view: owners
/// without a presence key can't be judged.
pub fn beat_unreadable(store: &mut Store, problems: &mut Vec<Problem>) -> StoreResult<()> {
    let problem = match store.expect_type(keys::LAST_BEAT, KeyType::Hash) {
        Err(e) if e.is_connection() => return Err(e),
        Err(e) => Problem::from_store(keys::LAST_BEAT, &e),
        Ok(()) => Problem {
            key: keys::LAST_BEAT.into(),
            error: "could not be read".into(),
        },
    };
    Problem::push_once(
        problems,
        Problem {
            error: format!(
                "{}; owners without a presence key are shown as unknown",
                problem.error
            ),
            ..problem
        },
    );
    Ok(())
}

fn class_summary(store: &mut Store, identity: &Name) -> StoreResult<(BTreeMap<String, u64>, u64)> {
    let key = keys::inprogress(identity);
    let page: Vec<Vec<u8>> = store.query(
        redis::cmd("LRANGE").arg(&key).arg(0).arg(CLASS_SAMPLE - 1),
        &key,
        KeyType::List,
    )?;
    let mut classes = BTreeMap::new();
    for raw in &page {
        let class = match Job::parse(raw) {
            Ok(job) => job
                .class
                .map_or_else(|| "(no class)".into(), |c| c.into_owned()),
            Err(_) => UNPARSEABLE_CLASS.to_string(),
        };
        *classes.entry(class).or_insert(0) += 1;
    }
    Ok((classes, page.len() as u64))
}

/// Every in-progress list with its owner's liveness (`threshold` seconds of silence make a
/// process gone), the repeat-orphans list's head and the unsettled list's length.
pub fn report(store: &mut Store, ui: &Ui, threshold: f64) -> StoreResult<OrphansReport> {
    let (views, mut problems) = read_lists(store, ui, threshold, true)?;
    let lists = views
        .into_iter()
        .map(|v| {
            let stamp = v.state.stamp();
            InProgressList {
                last_beat_unreadable: v.state.last_beat.clone().filter(|_| stamp.is_none()),
                identity: v.state.identity,
                state: v.liveness,
                silent_for: v.silent_for.map(|s| (s * 1000.0).round() / 1000.0),
                last_beat: stamp.filter(|s| s.is_finite()).map(stamp_value),
                jobs: v.state.length,
                classes: v.classes,
                classes_sampled: v.sampled,
            }
        })
        .collect();

    let mut pipe = redis::pipe();
    pipe.cmd("LLEN").arg(keys::REPEAT_ORPHANS);
    pipe.cmd("LRANGE")
        .arg(keys::REPEAT_ORPHANS)
        .arg(0)
        .arg(REPEAT_ORPHANS_SHOWN - 1);
    pipe.cmd("LLEN").arg(keys::UNSETTLED);
    let replies = store.pipeline(&pipe)?;
    let mut count = |i: usize, key: &str| match &replies[i] {
        Ok(v) => Some(value::int(v).unwrap_or(0).max(0) as u64),
        Err(e) => {
            problems.push(Problem::wrong(key, KeyType::List, e));
            None
        }
    };
    let repeat_orphans = count(0, keys::REPEAT_ORPHANS);
    let unsettled = count(2, keys::UNSETTLED);
    let repeat_orphan_jobs = match &replies[1] {
        Ok(v) => value::items(v)
            .iter()
            .filter_map(value::bytes)
            .map(parked)
            .collect(),
        Err(_) => Vec::new(),
    };
    Ok(OrphansReport {
        threshold,
        lists,
        repeat_orphans,
        repeat_orphan_jobs,
        unsettled,
        problems,
    })
}

/// Whole seconds (what the gem writes) as an integer, anything else as it reads.
fn stamp_value(stamp: f64) -> serde_json::Value {
    if stamp.fract() == 0.0 && stamp.abs() < 9.0e15 {
        serde_json::Value::from(stamp as i64)
    } else {
        serde_json::Value::from(stamp)
    }
}

fn parked(raw: &[u8]) -> ParkedJob {
    match Job::parse(raw) {
        Ok(job) => ParkedJob {
            jid: job.jid.map_or_else(String::new, |j| j.into_owned()),
            class: job.class.map(|c| c.into_owned()),
            queue: job.queue.map(|q| q.into_owned()),
        },
        Err(bad) => ParkedJob {
            jid: bad.display_jid,
            class: Some(UNPARSEABLE_CLASS.into()),
            queue: None,
        },
    }
}
