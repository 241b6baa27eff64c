//! Signals to processes (quiet, resume, stop) as the gem's subscriber reads them, who is there
//! to get one, and waiting for them to take effect.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::store::{Name, Store, StoreResult, keys, value};

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

#[derive(Debug, Serialize)]
pub struct SignalReport {
    /// "quiet", "resume" or "stop".
    pub signal: Signal,
    /// The Redis, password redacted.
    pub target: String,
    pub processes: Vec<Signalled>,
    /// With --wait: how the wait ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wait: Option<Waited>,
}

/// How `--wait` ended.
#[derive(Debug, Serialize)]
pub struct Waited {
    /// Every process got there (quiet: no job running; stop: gone) in time.
    pub done: bool,
    pub seconds: f64,
    /// Those that didn't, when it timed out.
    pub still_running: Vec<StillRunning>,
}

#[derive(Debug, Serialize)]
pub struct StillRunning {
    pub identity: Name,
    /// Its presence says quiet (it got the signal).
    pub quiet: Option<bool>,
    /// Busy threads at its last beat.
    pub busy: Option<i64>,
    /// Entries of its workers hash: jobs running now.
    pub running: u64,
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

/// How often --wait reads the processes' state (the gem beats every 5 s).
const WAIT_POLL: Duration = Duration::from_millis(500);

/// Wait until every one of `ids` is idle (quiet) or gone (stop), at most `limit`.
///
/// Idle: the presence hash says `quiet` true and `busy` 0, and the workers hash is empty —
/// both as written by the process itself, so a process that hasn't acted on the signal yet
/// is never taken for idle — seen on two reads in a row (a thread that fetched just as the
/// signal came has registered its job by the second). Gone: the presence key is deleted,
/// which a clean stop does last; a process that crashed is gone too once its key expires.
pub fn wait_for(
    store: &mut Store,
    signal: Signal,
    ids: &[Name],
    limit: Duration,
) -> StoreResult<Waited> {
    let started = Instant::now();
    let mut idle_before: HashSet<Name> = HashSet::new();
    loop {
        let states = read_states(store, ids)?;
        let mut still = Vec::new();
        let mut idle_now = HashSet::new();
        for (id, st) in ids.iter().zip(states) {
            let finished = match signal {
                Signal::Stop => !st.present,
                _ => {
                    let idle = st.quiet == Some(true) && st.busy == Some(0) && st.running == 0;
                    if idle {
                        idle_now.insert(id.clone());
                    }
                    !st.present || (idle && idle_before.contains(id))
                }
            };
            if !finished {
                still.push(StillRunning {
                    identity: id.clone(),
                    quiet: st.quiet,
                    busy: st.busy,
                    running: st.running,
                });
            }
        }
        idle_before = idle_now;
        let seconds = (started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
        if still.is_empty() || started.elapsed() >= limit {
            return Ok(Waited {
                done: still.is_empty(),
                seconds,
                still_running: still,
            });
        }
        std::thread::sleep(WAIT_POLL.min(limit.saturating_sub(started.elapsed())));
    }
}

struct ProcessState {
    present: bool,
    quiet: Option<bool>,
    busy: Option<i64>,
    running: u64,
}

/// Presence, quiet, busy and the workers hash's size of each of `ids`, in one round trip.
fn read_states(store: &mut Store, ids: &[Name]) -> StoreResult<Vec<ProcessState>> {
    let mut pipe = redis::pipe();
    for id in ids {
        pipe.cmd("EXISTS").arg(keys::process(id));
        pipe.cmd("HMGET")
            .arg(keys::process(id))
            .arg("quiet")
            .arg("busy");
        pipe.cmd("HLEN").arg(keys::workers(id));
    }
    let replies = store.pipeline(&pipe)?;
    Ok(replies
        .chunks(3)
        .map(|r| {
            let fields = r[1]
                .as_ref()
                .map(|v| value::items(v).to_vec())
                .unwrap_or_default();
            ProcessState {
                present: r[0].as_ref().ok().and_then(value::int) == Some(1),
                quiet: fields.first().and_then(value::string).map(|q| q == "true"),
                busy: fields
                    .get(1)
                    .and_then(value::string)
                    .and_then(|b| b.trim().parse().ok()),
                running: r[2].as_ref().ok().and_then(value::int).unwrap_or(0).max(0) as u64,
            }
        })
        .collect())
}

/// The processes a signal goes to: every live one (`all`), or the `named` ones, each of which
/// must be live: one unknown identity stops the whole change, so a typo never leaves half the
/// fleet quiet and the other half not.
pub fn targets(store: &mut Store, named: Vec<Name>, all: bool) -> anyhow::Result<Vec<Name>> {
    if all {
        let members = store.members(keys::PROCESSES)?;
        let live = present(store, &members)?;
        Ok(members
            .into_iter()
            .zip(live)
            .filter_map(|(id, live)| live.then_some(id))
            .collect())
    } else {
        let live = present(store, &named)?;
        let gone: Vec<String> = named
            .iter()
            .zip(&live)
            .filter(|(_, live)| !**live)
            .map(|(id, _)| id.shown().into_owned())
            .collect();
        if !gone.is_empty() {
            anyhow::bail!(
                "no presence key for {} (gone, or not an identity: see `cogctl procs`); \
                 nothing was signalled",
                gone.join(", ")
            );
        }
        Ok(named)
    }
}
