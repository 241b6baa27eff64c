//! Settlements and fetches in batches: every processor thread that finished a job hands its
//! acknowledgement (and, when it may start another job, its request for one) to the process's
//! batches, and one ACK_FETCH call carries everything handed in since the last call.
//!
//! No timer under light load: the thread that finds no call in flight makes one at once, for
//! whatever is waiting, its own included (so a job is settled alone, right away, by its own
//! thread). While a call is in flight, the threads that finish line up; the next of them to
//! get its turn makes one call for all of them.
//!
//! Waking costs more than anything else a no-op job does (a futex call on each side and a
//! context switch, measured with `perf` on a two-core machine), so no thread is woken for
//! nothing: a thread waiting for its answer sleeps alone (parked) and is woken once, by the
//! call that answers it, or by the call before when its ask came in during that call and it
//! is to make the next; the thread gathering a batch is told only when the last busy thread
//! hands its ask in; the registrar only when it sleeps with nothing owed.
//!
//! Under load — the last call gave every thread that asked a job, so the queues hold more
//! than the threads could take — the thread making a call first gathers: it waits until
//! every busy thread is in the batch (those the last call answered too: one call per round
//! of the threads), as long as the others keep coming (each within `GAP`), and at most
//! `GATHER_MAX`. When the last call found the queues dry, nothing waits. A finished job
//! therefore waits for at most the one call in flight and `GATHER_MAX` before its own call
//! starts: that is the settle interval.
//!
//! Waiting for every busy thread was first measured with a script that wrote each fetched
//! job's busy entry, and not kept: what a call cost Redis then grew with the jobs it carried
//! far more than with the number of calls. Once the entries were written late (below), the
//! fixed cost of a call was the larger part at `-c 10`, and one call per round of the
//! threads saved about a tenth of Redis' CPU per job there, jobs/s unchanged.
//!
//! A job fetched by a call is registered on the busy page (its workers-hash entry) late:
//! once it has run [`REGISTER_AFTER`], by the next call made after that, or by the
//! registrar ([`Batches::register_loop`]) when no call comes; a job that ends sooner is never
//! registered, and its settlement deletes no entry. The batches keep, for each thread, the
//! entry its running job is owed, and which entries a call in flight writes: a thread whose
//! job ends some other way ([`Batches::forget`]) waits for that call before deleting its
//! entry, so no entry is written after its job's has gone.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::state::{Conn, Shared};
use crate::store::scripts::ACK_FETCH;
use crate::store::{Name, Store, StoreResult, keys, value};

/// The workers hash's TTL (OPERATIONS §13.7): set with every entry a thread's own fetch
/// registers, and by ACK_FETCH when the hash it writes has none (every beat refreshes it).
pub const WORKERS_TTL: &str = "60";

/// How often the calls give the hour's throughput bucket its TTL again (the gem does with every
/// count): the first call counting in an hour does, then one a minute at most.
const EXPIRE_EVERY: Duration = Duration::from_secs(60);

/// How long a job fetched by a call runs before it is registered on the busy page (the
/// settle interval documented as at most 100 ms holds this and the call that writes it).
pub const REGISTER_AFTER: Duration = Duration::from_millis(50);

/// A running job's workers-hash entry (OPERATIONS §5.3 step 2), as the gem writes it.
pub fn busy_entry(queue: &str, raw: &[u8], run_at: i64) -> String {
    format!(
        "{{\"queue\":{},\"payload\":{},\"run_at\":{run_at}}}",
        serde_json::to_string(queue).expect("a string serialises"),
        String::from_utf8_lossy(raw),
    )
}

/// One thread's finished job, and whether it asks for its next one.
pub struct Ask {
    pub tid: String,
    pub raw: Vec<u8>,
    /// Its jid, as the payload holds it: the key of its orphaning counter.
    pub jid: String,
    pub succeeded: bool,
    /// The queues to try for its next job, in this thread's own (weighted random) order;
    /// `None` when no job may start on this thread now.
    pub order: Option<Vec<String>>,
}

/// A job fetched for a thread by ACK_FETCH, on the in-progress list (not registered yet).
pub struct Fetched {
    pub queue: String,
    pub raw: Vec<u8>,
}

/// The busy entry a running job is owed, written once the job has run [`REGISTER_AFTER`]
/// (made then: most jobs end sooner, and theirs is never made).
struct Owed {
    queue: String,
    raw: Vec<u8>,
    run_at: i64,
    since: Instant,
}

/// The call that carried the acknowledgement failed: it may not have been made.
pub struct Failed;

type Answer = Result<Option<Fetched>, Failed>;

/// A process's batches: the asks waiting for a call, the answers not yet collected, and
/// whether a call is in flight.
#[derive(Default)]
pub struct Batches {
    state: Mutex<State>,
    /// Told when every busy thread is in the batch being gathered (the thread gathering waits
    /// on it, and looks again every [`GAP`] whatever comes).
    arrived: Condvar,
    /// Told when a call ends, when someone waits on it: [`Batches::forget`], and the
    /// registrar when what is due waits for the call in flight. A thread waiting for its
    /// answer is woken alone ([`std::thread::Thread::unpark`]), by the call that answers it.
    answered: Condvar,
    /// Told when an entry is owed while the registrar waits with nothing owed, and when the
    /// batches close (the registrar waits on it).
    owing: Condvar,
    /// The hour whose throughput bucket a call last gave its TTL, and when.
    expired: Mutex<Option<(i64, Instant)>>,
}

#[derive(Default)]
struct State {
    last_id: u64,
    waiting: Vec<(u64, Waiting)>,
    answers: HashMap<u64, Answer>,
    /// A thread is making a call: one call in flight at a time.
    calling: bool,
    /// The last call gave a job to every thread that asked for one: the queues are deeper
    /// than the threads, and the next call gathers.
    deep: bool,
    /// The busy entries owed to running jobs, by thread id.
    owed: HashMap<String, Owed>,
    /// The threads whose entries the call in flight writes.
    writing: HashSet<String>,
    /// The process's threads are done: the registrar ends.
    closed: bool,
    /// A thread is gathering a batch and waits on `arrived`.
    gathering: bool,
    /// The threads whose asks the call in flight carries (woken should it panic).
    in_flight: Vec<std::thread::Thread>,
    /// How many wait on `answered`.
    on_answered: usize,
    /// The registrar waits on `owing` with nothing owed, no timeout: the next entry owed
    /// must wake it (otherwise it wakes by itself when the earliest is due).
    registrar_idle: bool,
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
        // An entry still owed was never written: nothing to delete.
        let registered = state.owed.remove(&ask.tid).is_none();
        state.waiting.push((
            id,
            Waiting {
                ask,
                registered,
                thread: std::thread::current(),
            },
        ));
        if state.gathering && state.waiting.len() >= shared.busy.load(Ordering::SeqCst) {
            self.arrived.notify_one();
        }
        loop {
            if let Some(answer) = state.answers.remove(&id) {
                return answer;
            }
            if !state.calling {
                break;
            }
            // Woken alone: by the call that answers this ask, or by the one before it when
            // this ask was left for the next call and this thread is to make it.
            drop(state);
            std::thread::park();
            state = lock(&self.state);
        }
        // Not answered, and no call in flight: this thread makes the call, for everyone.
        state.calling = true;
        if state.deep {
            let started = Instant::now();
            loop {
                // Every busy thread is in this batch: nobody else is coming.
                let busy = shared.busy.load(Ordering::SeqCst);
                let left = GATHER_MAX.saturating_sub(started.elapsed());
                if state.waiting.len() >= busy || left.is_zero() {
                    break;
                }
                // Woken when the last busy thread hands its ask in; otherwise it looks again
                // after GAP, and stops gathering when nothing came in it.
                let before = state.waiting.len();
                state.gathering = true;
                state = self
                    .arrived
                    .wait_timeout(state, GAP.min(left))
                    .unwrap_or_else(PoisonError::into_inner)
                    .0;
                state.gathering = false;
                if state.waiting.len() == before {
                    break;
                }
            }
        }
        self.call(state, shared, conn, Some(id))
            .unwrap_or(Err(Failed))
    }

    /// Make the call, `state.calling` set by the caller: for every ask waiting, and every
    /// entry due. Returns the answer of the ask `id`.
    fn call(
        &self,
        mut state: MutexGuard<'_, State>,
        shared: &Shared,
        conn: &mut Conn<'_>,
        id: Option<u64>,
    ) -> Option<Answer> {
        let _unstuck = Unstuck(self);
        let batch = std::mem::take(&mut state.waiting);
        let now = Instant::now();
        let due: Vec<(String, String)> = state
            .owed
            .extract_if(|_, owed| now.duration_since(owed.since) >= REGISTER_AFTER)
            .map(|(tid, owed)| {
                let entry = busy_entry(&owed.queue, &owed.raw, owed.run_at);
                (tid, entry)
            })
            .collect();
        state.writing = due.iter().map(|(tid, _)| tid.clone()).collect();
        state.in_flight = batch.iter().map(|(_, w)| w.thread.clone()).collect();
        drop(state);
        let waiting: Vec<&Waiting> = batch.iter().map(|(_, w)| w).collect();
        let result = conn
            .get()
            .and_then(|store| ack_fetch(shared, store, &waiting, &due, &self.expired));
        let (failed, mut fetched) = match result {
            Ok(fetched) => (false, fetched.into_iter()),
            Err(e) => {
                conn.after(&e);
                (true, Vec::new().into_iter())
            }
        };
        let mut mine = None;
        let asked = batch.iter().filter(|(_, w)| w.ask.order.is_some()).count();
        let mut wake = Vec::with_capacity(batch.len());
        let mut state = lock(&self.state);
        if !failed && asked > 0 {
            state.deep = fetched.len() == asked;
        }
        // A failed call may have written its entries, or not: they count as written (the
        // settlement deletes them; deleting an entry that isn't there is harmless).
        state.writing.clear();
        for (at, w) in batch {
            let answer = if failed {
                Err(Failed)
            } else if w.ask.order.is_some() {
                Ok(fetched.next())
            } else {
                Ok(None)
            };
            if Some(at) == id {
                mine = Some(answer);
            } else {
                state.answers.insert(at, answer);
                wake.push(w.thread);
            }
        }
        state.calling = false;
        state.in_flight.clear();
        // Asks handed in during this call: the first of them makes the next call.
        if let Some((_, next)) = state.waiting.first() {
            wake.push(next.thread.clone());
        }
        if state.on_answered > 0 {
            self.answered.notify_all();
        }
        drop(state);
        for thread in wake {
            thread.unpark();
        }
        mine
    }

    /// `tid`'s job, fetched by a call from `queue`, started at `run_at` (epoch seconds): its
    /// busy entry is owed from now.
    pub fn owe(&self, tid: &str, queue: &str, raw: &[u8], run_at: i64) {
        let owed = Owed {
            queue: queue.to_string(),
            raw: raw.to_vec(),
            run_at,
            since: Instant::now(),
        };
        let mut state = lock(&self.state);
        state.owed.insert(tid.to_string(), owed);
        // Waiting with a timeout, the registrar wakes by itself no later than this is due.
        if state.registrar_idle {
            self.owing.notify_all();
        }
    }

    /// `tid`'s job ends other than by a settlement in a call (given back, interrupted,
    /// abandoned, or its call failed): an entry still owed is never written, and one being
    /// written is waited for, so that the thread's own delete comes after it.
    pub fn forget(&self, tid: &str) {
        let mut state = lock(&self.state);
        state.owed.remove(tid);
        while state.writing.contains(tid) {
            state.on_answered += 1;
            state = self
                .answered
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
            state.on_answered -= 1;
        }
    }

    /// The registrar: writes the entries of jobs that have run [`REGISTER_AFTER`] when no
    /// thread's call does, until [`Batches::close`].
    pub fn register_loop(&self, shared: &Shared) {
        let mut conn = Conn::new(shared);
        let mut state = lock(&self.state);
        loop {
            if state.closed {
                return;
            }
            let due = state
                .owed
                .values()
                .map(|owed| owed.since + REGISTER_AFTER)
                .min();
            let now = Instant::now();
            match due {
                // A call in flight writes what is due when it was made; after it, look again.
                Some(at) if at <= now && state.calling => {
                    state.on_answered += 1;
                    state = self
                        .answered
                        .wait_timeout(state, REGISTER_AFTER)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0;
                    state.on_answered -= 1;
                }
                Some(at) if at <= now => {
                    state.calling = true;
                    let _ = self.call(state, shared, &mut conn, None);
                    state = lock(&self.state);
                }
                Some(at) => {
                    state = self
                        .owing
                        .wait_timeout(state, at - now)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0;
                }
                None => {
                    state.registrar_idle = true;
                    state = self
                        .owing
                        .wait(state)
                        .unwrap_or_else(PoisonError::into_inner);
                    state.registrar_idle = false;
                }
            }
        }
    }

    /// The process's threads are done: the registrar ends.
    pub fn close(&self) {
        lock(&self.state).closed = true;
        self.owing.notify_all();
    }
}

/// An ask waiting for a call, whether its thread's busy entry was written (and goes), and
/// the thread to wake with its answer.
struct Waiting {
    ask: Ask,
    registered: bool,
    thread: std::thread::Thread,
}

/// Should the thread making a call panic, the others are not left waiting for it: each then
/// finds no answer, makes a call of its own, and, its ask lost with the panicking thread's
/// batch, acknowledges its job alone (as after a failed call).
struct Unstuck<'a>(&'a Batches);

impl Drop for Unstuck<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut state = lock(&self.0.state);
            state.calling = false;
            let mut waiting = std::mem::take(&mut state.in_flight);
            waiting.extend(state.waiting.iter().map(|(_, w)| w.thread.clone()));
            drop(state);
            self.0.answered.notify_all();
            for thread in waiting {
                thread.unpark();
            }
        }
    }
}

/// The fewest threads asking together for which the script may store their jobs (one alone
/// gets its job in the reply, as it always did: no transaction, no read).
const STORE_FROM: usize = 2;

/// The jobs the script stored onto the in-progress list (its reply `{processed, -queue,
/// count}`), from the read of the list made in the same transaction: the list held nothing
/// else, and its tail (the queue's oldest job) goes to the first thread asking. `None` when
/// the script fetched them itself (its reply carries them).
fn stored(reply: &redis::Value, list: &redis::Value, queues: &[&str]) -> Option<Vec<Fetched>> {
    let items = value::items(reply);
    let [_, number, count] = items else {
        return None;
    };
    let number = usize::try_from(value::int(number)?.checked_neg()?).ok()?;
    let queue = queues.get(number.checked_sub(1)?)?;
    let count = usize::try_from(value::int(count)?).ok()?;
    let jobs = value::items(list);
    Some(
        jobs[jobs.len().saturating_sub(count)..]
            .iter()
            .rev()
            .filter_map(|job| {
                Some(Fetched {
                    queue: queue.to_string(),
                    raw: value::bytes(job)?.to_vec(),
                })
            })
            .collect(),
    )
}

/// ACK_FETCH for `waiting` and the busy entries `due` (thread id, entry): the jobs fetched,
/// in the order of the asks that wanted one. An error means none of the acknowledgements
/// may have been made.
fn ack_fetch(
    shared: &Shared,
    store: &mut Store,
    waiting: &[&Waiting],
    due: &[(String, String)],
    expired: &Mutex<Option<(i64, Instant)>>,
) -> StoreResult<Vec<Fetched>> {
    let identity = &shared.settings.identity;
    let now = shared.now().floor() as i64;
    let hour = now.div_euclid(3600);
    let expire = match *lock(expired) {
        Some((last, at)) => last != hour || at.elapsed() >= EXPIRE_EVERY,
        None => true,
    };
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
        keys::throughput(hour),
        keys::PAUSED_QUEUES.into(),
    ];
    key_names.extend(queues.iter().map(keys::queue));
    key_names.extend(waiting.iter().map(|w| keys::orphanings(&w.ask.jid)));
    let gone: Vec<&str> = waiting
        .iter()
        .filter(|w| w.registered)
        .map(|w| w.ask.tid.as_str())
        .collect();
    let counts = [
        waiting.len().to_string(),
        queues.len().to_string(),
        gone.len().to_string(),
        due.len().to_string(),
    ];
    let ttl = if expire {
        keys::ttl::THROUGHPUT.to_string()
    } else {
        String::new()
    };
    let orders: Vec<String> = waiting
        .iter()
        .filter_map(|w| {
            let order = w.ask.order.as_ref()?;
            let numbers: Vec<String> = order
                .iter()
                .filter_map(|name| queues.iter().position(|q| q == name))
                .map(|i| (i + 1).to_string())
                .collect();
            Some(numbers.join(" "))
        })
        .collect();
    // Every thread asking has the same order: the jobs may be stored onto the list by the
    // script, and read from it in the same transaction.
    let store_fetch = orders.len() >= STORE_FROM && orders.iter().all(|o| *o == orders[0]);
    let mut args: Vec<&[u8]> = vec![
        counts[0].as_bytes(),
        counts[1].as_bytes(),
        ttl.as_bytes(),
        counts[2].as_bytes(),
        WORKERS_TTL.as_bytes(),
        counts[3].as_bytes(),
        if store_fetch { b"1" } else { b"0" },
    ];
    for w in waiting {
        args.push(&w.ask.raw);
        args.push(if w.ask.succeeded { b"1" } else { b"0" });
    }
    args.extend(queues.iter().map(|q| q.as_bytes()));
    args.extend(gone.iter().map(|tid| tid.as_bytes()));
    for (tid, entry) in due {
        args.push(tid.as_bytes());
        args.push(entry.as_bytes());
    }
    args.extend(orders.iter().map(|o| o.as_bytes()));
    let key_refs: Vec<&[u8]> = key_names.iter().map(Name::as_bytes).collect();
    let counted = |reply: &redis::Value| {
        let processed = value::items(reply).first().and_then(value::int);
        if expire && processed.is_some_and(|n| n > 0) {
            *lock(expired) = Some((hour, Instant::now()));
        }
    };
    let mut transaction = None;
    if store_fetch {
        let mut read = redis::cmd("LRANGE");
        read.arg(key_refs[0]).arg(0).arg(orders.len() - 1);
        transaction = store.eval_then(&ACK_FETCH, &key_refs, &args, &read)?;
    }
    let reply = match transaction {
        Some((reply, list)) => {
            counted(&reply);
            if let Some(stored) = stored(&reply, &list, &queues) {
                return Ok(stored);
            }
            reply
        }
        // One thread asking, or orders that differ; or Redis at its maxmemory, which refuses
        // the transaction whole but lets the script alone settle (and fetch, as one LMOVE
        // per thread would): the script alone, storing nothing.
        None => {
            args[6] = b"0";
            let reply = store.eval(&ACK_FETCH, &key_refs, &args)?;
            counted(&reply);
            reply
        }
    };
    Ok(value::items(&reply)
        .get(1..)
        .unwrap_or_default()
        .chunks_exact(2)
        .filter_map(|pair| {
            let number = usize::try_from(value::int(&pair[0])?).ok()?;
            let queue = queues.get(number.checked_sub(1)?)?;
            Some(Fetched {
                queue: queue.to_string(),
                raw: value::bytes(&pair[1])?.to_vec(),
            })
        })
        .collect())
}
