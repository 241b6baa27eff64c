//! Settlements and fetches in batches: every processor thread that finished a job hands its
//! acknowledgement (and, when it may start another job, its request for one) to the process's
//! batches, and one ACK_FETCH call carries everything handed in since the last call.
//!
//! No timer under light load: the thread that finds no call in flight makes one at once, for
//! whatever is waiting, its own included (so a job is settled alone, right away, by its own
//! thread). While a call is in flight, the threads that finish line up; the next of them to
//! get its turn makes one call for all of them.
//!
//! Under load — the last call gave every thread that asked a job, so the queues hold more
//! than the threads could take — the thread making a call first gathers: it waits until
//! every busy thread is either in the batch or holds its answer from the last call, as long
//! as the others keep coming (each within `GAP`), and at most `GATHER_MAX`. When the last
//! call found the queues dry, nothing waits. A finished job therefore waits for at most the
//! one call in flight and `GATHER_MAX` before its own call starts: that is the settle
//! interval.
//!
//! Waiting also for the threads the last call answered (one call per round of the threads:
//! 10 jobs per call at `-c 10`) was measured, and not kept: on a 2-core machine it cost up to
//! a quarter of the jobs/s at `-c 10` and Redis no less CPU per job; what a call costs Redis
//! grows with the jobs it carries (their bytes pass through Lua several times), far more than
//! with the number of calls.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::state::{Conn, Shared};
use crate::store::scripts::ACK_FETCH;
use crate::store::{Name, Store, StoreResult, keys, value};

/// The workers hash's TTL (OPERATIONS §13.7): set with every entry a thread's own fetch
/// registers, and by ACK_FETCH when the hash it writes has none (every beat refreshes it).
pub const WORKERS_TTL: &str = "60";

/// One thread's finished job, and whether it asks for its next one.
pub struct Ask {
    pub tid: String,
    pub raw: Vec<u8>,
    pub succeeded: bool,
    /// The queues to try for its next job, in this thread's own (weighted random) order;
    /// `None` when no job may start on this thread now.
    pub order: Option<Vec<String>>,
}

/// A job fetched for a thread by ACK_FETCH, on the in-progress list.
pub struct Fetched {
    pub queue: String,
    pub raw: Vec<u8>,
    /// Its workers-hash entry was written by the script.
    pub registered: bool,
}

/// The call that carried the acknowledgement failed: it may not have been made.
pub struct Failed;

type Answer = Result<Option<Fetched>, Failed>;

/// A process's batches: the asks waiting for a call, the answers not yet collected, and
/// whether a call is in flight.
#[derive(Default)]
pub struct Batches {
    state: Mutex<State>,
    /// Told of each ask handed in (the thread gathering a batch waits on it).
    arrived: Condvar,
    /// Told when a call ends, its answers given (the threads waiting for theirs wait on it).
    answered: Condvar,
}

#[derive(Default)]
struct State {
    last_id: u64,
    waiting: Vec<(u64, Ask)>,
    answers: HashMap<u64, Answer>,
    /// A thread is making a call: one call in flight at a time.
    calling: bool,
    /// The last call gave a job to every thread that asked for one: the queues are deeper
    /// than the threads, and the next call gathers.
    deep: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// While gathering, how long the thread making a call waits for one more ask: the threads of
/// a loaded process that run short jobs hand theirs in within it, one running a long job
/// does not.
const GAP: Duration = Duration::from_micros(500);
/// The longest it gathers, whatever comes: with the call in flight before it, the settle
/// interval (documented as at most 100 ms; the call in flight takes a round trip).
const GATHER_MAX: Duration = Duration::from_millis(2);

impl Batches {
    /// Settle `ask`'s job, in the next call (made by this thread, or by another that got its
    /// turn first), and get its next job when it asked for one and one was there.
    pub fn settle(&self, shared: &Shared, conn: &mut Conn<'_>, ask: Ask) -> Answer {
        let mut state = lock(&self.state);
        state.last_id += 1;
        let id = state.last_id;
        state.waiting.push((id, ask));
        self.arrived.notify_one();
        loop {
            if let Some(answer) = state.answers.remove(&id) {
                return answer;
            }
            if !state.calling {
                break;
            }
            state = self
                .answered
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        // Not answered, and no call in flight: this thread makes the call, for everyone.
        state.calling = true;
        let _unstuck = Unstuck(self);
        if state.deep {
            let started = Instant::now();
            loop {
                // Every busy thread is in this batch or has its answer from the last call:
                // nobody else is coming (those answered run their new job and line up for
                // the call after this one).
                let busy = shared.busy.load(Ordering::SeqCst);
                let left = GATHER_MAX.saturating_sub(started.elapsed());
                if state.waiting.len() + state.answers.len() >= busy || left.is_zero() {
                    break;
                }
                let before = state.waiting.len();
                state = self
                    .arrived
                    .wait_timeout(state, GAP.min(left))
                    .unwrap_or_else(PoisonError::into_inner)
                    .0;
                if state.waiting.len() == before {
                    break;
                }
            }
        }
        let batch = std::mem::take(&mut state.waiting);
        drop(state);
        let asks: Vec<&Ask> = batch.iter().map(|(_, ask)| ask).collect();
        let result = conn.get().and_then(|store| ack_fetch(shared, store, &asks));
        let (failed, mut fetched) = match result {
            Ok(fetched) => (false, fetched.into_iter()),
            Err(e) => {
                conn.after(&e);
                (true, Vec::new().into_iter())
            }
        };
        let mut mine = Err(Failed);
        let asked = batch.iter().filter(|(_, ask)| ask.order.is_some()).count();
        let mut state = lock(&self.state);
        if !failed && asked > 0 {
            state.deep = fetched.len() == asked;
        }
        for (at, ask) in batch {
            let answer = if failed {
                Err(Failed)
            } else if ask.order.is_some() {
                Ok(fetched.next())
            } else {
                Ok(None)
            };
            if at == id {
                mine = answer;
            } else {
                state.answers.insert(at, answer);
            }
        }
        state.calling = false;
        self.answered.notify_all();
        mine
    }
}

/// Should the thread making a call panic, the others are not left waiting for it: each then
/// finds no answer, makes a call of its own, and, its ask lost with the panicking thread's
/// batch, acknowledges its job alone (as after a failed call).
struct Unstuck<'a>(&'a Batches);

impl Drop for Unstuck<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            lock(&self.0.state).calling = false;
            self.0.answered.notify_all();
        }
    }
}

/// ACK_FETCH for `asks`: the jobs fetched, in the order of the asks that wanted one. An error
/// means none of the acknowledgements may have been made.
fn ack_fetch(shared: &Shared, store: &mut Store, asks: &[&Ask]) -> StoreResult<Vec<Fetched>> {
    let identity = &shared.settings.identity;
    let now = shared.now().floor() as i64;
    let mut queues: Vec<&str> = Vec::new();
    for q in &shared.settings.queues {
        if !queues.contains(&q.as_str()) {
            queues.push(q);
        }
    }
    let mut key_names = vec![
        keys::inprogress(identity),
        keys::workers(identity),
        keys::STATS_PROCESSED.into(),
        keys::throughput(now.div_euclid(3600)),
        keys::PAUSED_QUEUES.into(),
    ];
    key_names.extend(queues.iter().map(keys::queue));
    key_names.extend(
        asks.iter()
            .map(|ask| keys::orphanings(super::job::jid_of(&ask.raw))),
    );
    let counts = [asks.len().to_string(), queues.len().to_string()];
    let ttl = keys::ttl::THROUGHPUT.to_string();
    let run_at = now.to_string();
    let json_names: Vec<String> = queues
        .iter()
        .map(|q| serde_json::to_string(q).expect("a string serialises"))
        .collect();
    let orders: Vec<(&str, String)> = asks
        .iter()
        .filter_map(|ask| {
            let order = ask.order.as_ref()?;
            let numbers: Vec<String> = order
                .iter()
                .filter_map(|name| queues.iter().position(|q| q == name))
                .map(|i| (i + 1).to_string())
                .collect();
            Some((ask.tid.as_str(), numbers.join(" ")))
        })
        .collect();
    let mut args: Vec<&[u8]> = vec![
        counts[0].as_bytes(),
        counts[1].as_bytes(),
        ttl.as_bytes(),
        run_at.as_bytes(),
        WORKERS_TTL.as_bytes(),
    ];
    for ask in asks {
        args.push(&ask.raw);
        args.push(ask.tid.as_bytes());
        args.push(if ask.succeeded { b"1" } else { b"0" });
    }
    args.extend(queues.iter().map(|q| q.as_bytes()));
    args.extend(json_names.iter().map(|q| q.as_bytes()));
    for (tid, order) in &orders {
        args.push(tid.as_bytes());
        args.push(order.as_bytes());
    }
    let key_refs: Vec<&[u8]> = key_names.iter().map(Name::as_bytes).collect();
    let reply = store.eval(&ACK_FETCH, &key_refs, &args)?;
    Ok(value::items(&reply)
        .iter()
        .skip(1)
        .filter_map(|item| {
            let item = value::items(item);
            let number = usize::try_from(value::int(item.first()?)?).ok()?;
            let queue = queues.get(number.checked_sub(1)?)?;
            Some(Fetched {
                queue: queue.to_string(),
                raw: value::bytes(item.get(1)?)?.to_vec(),
                registered: item.get(2).and_then(value::int) == Some(1),
            })
        })
        .collect())
}
