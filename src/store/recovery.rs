//! Orphan recovery as the gem runs it (OPERATIONS §8.3–§8.9, §10.3–§10.5), for any process
//! that isn't the list's owner: requeue the lists of presumed-dead processes (REQUEUE, with the
//! real liveness check, never the unconditional form), complete raw burials, forget emptied
//! identities, bury repeat orphans, file unsettled records. Every move is one of the gem's
//! scripts; the bookkeeping after a burial is one more.

use super::job::Job;
use super::locks::lock_keys;
use super::rewrite::{rewrite, ruby_float};
use super::scripts::{
    BURIED_AS_DEAD, BURY_ORPHAN, FILE_UNSETTLED, QUARANTINE_UNSETTLED, RELEASE_LOCKS, REQUEUE,
    SWAP_DEAD_ENTRY,
};
use super::{KeyType, Name, Store, StoreResult, ids, keys, value};

/// The gem's defaults (OPERATIONS §1.4).
pub const DEFAULT_MAX_ORPHANINGS: u64 = 3;
const ORPHANINGS_TTL: u64 = 604_800;
const RAW_PAYLOAD_LIMIT: usize = 100_000;
/// A lost process's record is kept as long as its jobs' orphaning counters.
const LOST_TTL: u64 = ORPHANINGS_TTL;
/// Lost processes indexed at most, and held jobs named per process.
const LOST_KEPT: isize = 1000;
const LOST_JOBS_NAMED: isize = 20;

/// How a recovery pass judges and counts.
#[derive(Clone, Copy, Debug)]
pub struct Recovery {
    /// Seconds of silence (by `last_beat`) before an owner without a presence key is
    /// presumed dead.
    pub threshold: f64,
    pub max_orphanings: u64,
    /// The most jobs one REQUEUE call handles (each call judges liveness again); `None`:
    /// the whole list in one call, as the gem does.
    pub batch: Option<u64>,
    /// Epoch seconds, this machine's clock (or the pinned one): REQUEUE's fallback clock and
    /// the time burials are stamped with.
    pub now: f64,
}

/// What REQUEUE did to one list.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Requeued {
    /// The owner was alive (presence key, or a recent stamp): nothing was touched.
    pub alive: bool,
    /// Jobs written somewhere: requeued, parked or buried.
    pub moved: u64,
    /// Jobs parked on cogworker:repeat_orphans (counted in `moved`).
    pub parked: u64,
    /// Raw jobs filed straight into dead because the parking list was unusable (counted in
    /// `moved`), completed by `complete_raw_burial`.
    pub buried_raw: Vec<Vec<u8>>,
    /// Jobs that could not be written (a queue key of the wrong type…): kept at the tail of
    /// the list for the next pass.
    pub failed: u64,
    /// Queues that received jobs but that no live process has read lately.
    pub unlisted: Vec<Name>,
}

impl Recovery {
    fn clock(&self) -> i64 {
        self.now.floor() as i64
    }

    /// REQUEUE on `identity`'s list (OPERATIONS §8.4/§8.5), in one call or, with `batch`, in
    /// calls of at most that many jobs until every job of the list as it stood has been
    /// handled once.
    pub fn requeue(&self, store: &mut Store, identity: impl AsRef<[u8]>) -> StoreResult<Requeued> {
        let identity = identity.as_ref();
        let list = keys::inprogress(identity);
        let seen = self.seen_lost(store, identity, &list)?;
        let total = self.requeue_all(store, identity, &list)?;
        if !total.alive && total.moved > 0 {
            self.note_lost(store, identity, seen, &total)?;
        }
        Ok(total)
    }

    /// What the gem's recovery is about to delete or move, read before it: the process's own
    /// last beat (Redis time), the jobs its list holds (a few named) and its memory history's
    /// first and last slots.
    fn seen_lost(
        &self,
        store: &mut Store,
        identity: &[u8],
        list: &Name,
    ) -> StoreResult<Vec<redis::Value>> {
        let mut pipe = redis::pipe();
        pipe.cmd("HGET").arg(keys::LAST_BEAT).arg(identity);
        pipe.cmd("LRANGE").arg(list).arg(-LOST_JOBS_NAMED).arg(-1);
        pipe.cmd("LLEN").arg(list);
        let memory = keys::memory(identity);
        pipe.cmd("ZRANGE")
            .arg(&memory)
            .arg(0)
            .arg(0)
            .arg("WITHSCORES");
        pipe.cmd("ZRANGE")
            .arg(&memory)
            .arg(-1)
            .arg(-1)
            .arg("WITHSCORES");
        // Of the wrong type, a fact is only missing: the requeue says what is wrong.
        Ok(store
            .pipeline(&pipe)?
            .into_iter()
            .map(|r| r.unwrap_or(redis::Value::Nil))
            .collect())
    }

    /// Keeps what `seen_lost` read, as `cogctl:lost:<identity>` (indexed in `cogctl:lost`):
    /// bookkeeping after the move, never a job.
    fn note_lost(
        &self,
        store: &mut Store,
        identity: &[u8],
        seen: Vec<redis::Value>,
        done: &Requeued,
    ) -> StoreResult<()> {
        let at = |i: usize| seen.get(i).unwrap_or(&redis::Value::Nil);
        let beat = value::bytes(at(0)).map(<[u8]>::to_vec).unwrap_or_default();
        let held: Vec<serde_json::Value> = value::items(at(1))
            .iter()
            .filter_map(value::bytes)
            .map(|raw| match Job::parse(raw) {
                Ok(job) => serde_json::json!({
                    "jid": job.jid, "class": job.class, "queue": job.queue,
                }),
                Err(_) => serde_json::json!({ "unparseable": true }),
            })
            .collect();
        let slot = |i: usize| {
            value::items(at(i))
                .get(1)
                .and_then(value::float)
                .map_or(String::new(), |t| format!("{t}"))
        };
        let key = keys::lost(identity);
        let mut pipe = redis::pipe();
        pipe.cmd("HSET")
            .arg(&key)
            .arg("last_beat")
            .arg(beat)
            .arg("recovered_at")
            .arg(format!("{:?}", self.now))
            .arg("held")
            .arg(value::int(at(2)).unwrap_or(0))
            .arg("moved")
            .arg(done.moved)
            .arg("jobs")
            .arg(serde_json::Value::Array(held).to_string())
            .arg("memory_first_slot")
            .arg(slot(3))
            .arg("memory_last_slot")
            .arg(slot(4));
        pipe.cmd("EXPIRE").arg(&key).arg(LOST_TTL);
        pipe.cmd("ZADD")
            .arg(keys::LOST_INDEX)
            .arg(self.now)
            .arg(identity);
        pipe.cmd("ZREMRANGEBYRANK")
            .arg(keys::LOST_INDEX)
            .arg(0)
            .arg(-LOST_KEPT - 1);
        pipe.cmd("EXPIRE").arg(keys::LOST_INDEX).arg(LOST_TTL);
        match store.pipeline(&pipe) {
            Ok(_) => Ok(()),
            Err(e) if e.is_connection() => Err(e),
            // cogctl's own keys of a wrong type lose the record, never a job.
            Err(_) => Ok(()),
        }
    }

    fn requeue_all(
        &self,
        store: &mut Store,
        identity: &[u8],
        list: &Name,
    ) -> StoreResult<Requeued> {
        let mut total = Requeued::default();
        let initial: u64 = match self.batch {
            Some(_) => store.query(redis::cmd("LLEN").arg(list), list, KeyType::List)?,
            None => 0,
        };
        loop {
            let limit = self
                .batch
                .map_or(0, |b| b.min(initial - total.moved - total.failed));
            let reply =
                self.requeue_call(store, identity, list, limit, Some(self.threshold), &[])?;
            if reply.alive {
                total.alive = total.moved + total.failed == 0;
                return Ok(total);
            }
            let handled = reply.moved + reply.failed;
            total.moved += reply.moved;
            total.failed += reply.failed;
            total.parked += reply.parked;
            total.buried_raw.extend(reply.buried_raw);
            for q in reply.unlisted {
                if !total.unlisted.contains(&q) {
                    total.unlisted.push(q);
                }
            }
            let done = total.moved + total.failed >= initial;
            if self.batch.is_none() || handled == 0 || done {
                return Ok(total);
            }
        }
    }

    /// A worker's own list at shutdown (OPERATIONS §11.3 step 5): the unconditional REQUEUE,
    /// without orphan counting; `finished` jobs are dropped (acknowledged), `keep` ones stay.
    pub fn requeue_own(
        &self,
        store: &mut Store,
        identity: impl AsRef<[u8]>,
        finished: &[Vec<u8>],
        keep: &[Vec<u8>],
    ) -> StoreResult<Requeued> {
        let identity = identity.as_ref();
        let mut marks: Vec<Vec<u8>> = Vec::with_capacity(finished.len() + keep.len());
        marks.extend(finished.iter().map(|raw| [b"d:".as_slice(), raw].concat()));
        marks.extend(keep.iter().map(|raw| [b"k:".as_slice(), raw].concat()));
        self.requeue_call(
            store,
            identity,
            &keys::inprogress(identity),
            0,
            None,
            &marks,
        )
    }

    fn requeue_call(
        &self,
        store: &mut Store,
        identity: &[u8],
        list: &Name,
        limit: u64,
        threshold: Option<f64>,
        marks: &[Vec<u8>],
    ) -> StoreResult<Requeued> {
        let presence = keys::process(identity);
        let args: Vec<Vec<u8>> = vec![
            keys::queue_prefix().into(),
            "default".into(),
            keys::periodic_running_prefix().into(),
            keys::ttl::REQUEUED_LOCK.to_string().into(),
            identity.to_vec(),
            threshold.map_or(String::new(), format_seconds).into(),
            self.clock().to_string().into(),
            keys::orphanings_prefix().into(),
            ORPHANINGS_TTL.to_string().into(),
            self.max_orphanings.to_string().into(),
            limit.to_string().into(),
        ];
        let mut arg_refs: Vec<&[u8]> = args.iter().map(Vec::as_slice).collect();
        arg_refs.extend(marks.iter().map(Vec::as_slice));
        let reply = store.eval(
            &REQUEUE,
            &[
                list,
                &presence,
                keys::LAST_BEAT.as_bytes(),
                keys::REPEAT_ORPHANS.as_bytes(),
                keys::DEAD.as_bytes(),
                keys::QUEUES.as_bytes(),
                keys::LIVE_QUEUES.as_bytes(),
            ],
            &arg_refs,
        );
        let reply = match reply {
            Ok(r) => r,
            Err(e) if e.is_connection() => return Err(e),
            Err(e) => {
                // The script names no key in its error: find the one of the wrong type.
                store.expect_type(list, KeyType::List)?;
                store.expect_type(keys::LAST_BEAT, KeyType::Hash)?;
                return Err(e);
            }
        };
        let items = value::items(&reply);
        let int = |i: usize| items.get(i).and_then(value::int).unwrap_or(0);
        if int(0) < 0 {
            return Ok(Requeued {
                alive: true,
                ..Requeued::default()
            });
        }
        let unlisted_count = int(3).max(0) as usize;
        let unlisted = items
            .iter()
            .skip(4)
            .take(unlisted_count)
            .filter_map(value::bytes)
            .map(Name::from)
            .collect();
        let buried_raw = items
            .iter()
            .skip(4 + unlisted_count)
            .filter_map(|v| value::bytes(v).map(<[u8]>::to_vec))
            .collect();
        Ok(Requeued {
            alive: false,
            moved: int(0) as u64,
            failed: int(1) as u64,
            parked: int(2) as u64,
            buried_raw,
            unlisted,
        })
    }

    /// SWAP_DEAD_ENTRY for a raw job REQUEUE filed straight into dead (OPERATIONS §8.8): the
    /// burial when swapped here (and its bookkeeping done), None when someone else did it.
    pub fn complete_raw_burial(
        &self,
        store: &mut Store,
        raw: &[u8],
    ) -> StoreResult<Option<Buried>> {
        let entry = self.dead_entry(raw, false);
        let score = ruby_float(self.now);
        let reply = store.eval(
            &SWAP_DEAD_ENTRY,
            &[keys::DEAD.as_bytes()],
            &[raw, score.as_bytes(), entry.as_bytes()],
        )?;
        if value::int(&reply) != Some(1) {
            return Ok(None);
        }
        self.buried_as_dead(store, entry.as_bytes())?;
        Ok(Some(Buried::new(raw, entry)))
    }

    /// If the owner's list is now empty, drop it from the registry and its stamp (OPERATIONS
    /// §8.6 step 3: not atomic, harmless — a live owner re-adds both on its next beat).
    pub fn forget_if_empty(
        &self,
        store: &mut Store,
        identity: impl AsRef<[u8]>,
    ) -> StoreResult<bool> {
        let identity = identity.as_ref();
        let list = keys::inprogress(identity);
        let len: u64 = store.query(redis::cmd("LLEN").arg(&list), &list, KeyType::List)?;
        if len > 0 {
            return Ok(false);
        }
        store.query::<()>(
            redis::cmd("SREM")
                .arg(keys::INPROGRESS_IDENTITIES)
                .arg(identity),
            keys::INPROGRESS_IDENTITIES,
            KeyType::Set,
        )?;
        store.query::<()>(
            redis::cmd("HDEL").arg(keys::LAST_BEAT).arg(identity),
            keys::LAST_BEAT,
            KeyType::Hash,
        )?;
        Ok(true)
    }

    /// Bury every job parked on cogworker:repeat_orphans (OPERATIONS §8.7), head first: each
    /// with BURY_ORPHAN, which files it only while it is still the head. Returns the jobs
    /// buried here; on an error, those buried before it are in `buried` (their hooks are due
    /// all the same, OPERATIONS §8.7 step 4).
    pub fn bury_repeat_orphans(
        &self,
        store: &mut Store,
        buried: &mut Vec<Buried>,
    ) -> StoreResult<()> {
        loop {
            let head: Option<Vec<u8>> = store.query(
                redis::cmd("LINDEX").arg(keys::REPEAT_ORPHANS).arg(0),
                keys::REPEAT_ORPHANS,
                KeyType::List,
            )?;
            let Some(raw) = head else { return Ok(()) };
            let entry = self.dead_entry(&raw, true);
            let score = ruby_float(self.now);
            let reply = store.eval(
                &BURY_ORPHAN,
                &[keys::REPEAT_ORPHANS.as_bytes(), keys::DEAD.as_bytes()],
                &[&raw, score.as_bytes(), entry.as_bytes()],
            )?;
            if value::int(&reply) == Some(1) {
                let burial = Buried::new(&raw, entry);
                let done = self.buried_as_dead(store, burial.entry.as_bytes());
                buried.push(burial);
                done?;
            }
            // 0: someone else filed this head meanwhile; look at the new head.
        }
    }

    /// The dead entry of a repeat orphan (OPERATIONS §8.7) or of a raw burial (§8.8): the
    /// job with the ProcessDied error merged in. An unreadable parked job becomes the gem's
    /// `(unparseable)` wrapper; an unreadable raw burial keeps only the three fields.
    fn dead_entry(&self, raw: &[u8], wrap_unreadable: bool) -> String {
        let now = ruby_float(self.now);
        let message = process_died_message(self.max_orphanings);
        let message_json = serde_json::to_string(&message).expect("a string serialises");
        match Job::parse(raw) {
            Ok(job) => rewrite(
                &job,
                &[
                    ("error_class", "\"Cogworker::ProcessDied\"".to_string()),
                    ("failed_at", now),
                    ("error_message", message_json),
                ],
                &[],
            ),
            Err(_) if wrap_unreadable => {
                let text = String::from_utf8_lossy(raw);
                let cut: String = text.chars().take(RAW_PAYLOAD_LIMIT).collect();
                format!(
                    "{{\"class\":\"(unparseable)\",\"args\":[],\"queue\":null,\"jid\":\"{}\",\"retry\":false,\"retry_count\":0,\"enqueued_at\":{now},\"failed_at\":{now},\"error_class\":\"Cogworker::ProcessDied\",\"error_message\":{message_json},\"raw_payload\":{}}}",
                    ids::new_jid(),
                    serde_json::to_string(&cut).expect("a string serialises")
                )
            }
            Err(_) => format!(
                "{{\"error_class\":\"Cogworker::ProcessDied\",\"failed_at\":{now},\"error_message\":{message_json}}}"
            ),
        }
    }

    /// OPERATIONS §8.9, in one script: locks released owner-checked, the orphan counter
    /// deleted, the failure counted in stats and throughput.
    fn buried_as_dead(&self, store: &mut Store, entry: &[u8]) -> StoreResult<()> {
        let (jid, locks) = match Job::parse(entry) {
            Ok(job) => (
                job.jid.as_deref().unwrap_or("").to_string(),
                if job.jid.is_some() {
                    lock_keys(&job)
                } else {
                    Vec::new()
                },
            ),
            Err(_) => (String::new(), Vec::new()),
        };
        let counter = keys::orphanings(&jid);
        let bucket = keys::throughput(self.clock().div_euclid(3600));
        let ttl = keys::ttl::THROUGHPUT.to_string();
        let mut args: Vec<&[u8]> = vec![jid.as_bytes(), ttl.as_bytes()];
        args.extend(locks.iter().map(|l| l.as_bytes()));
        store.eval(
            &BURIED_AS_DEAD,
            &[&counter, keys::STATS_FAILED.as_bytes(), &bucket],
            &args,
        )?;
        Ok(())
    }

    /// File cogworker:unsettled (OPERATIONS §10.3): walk the records head first; quarantine
    /// invalid ones; file valid ones with FILE_UNSETTLED (head only); stop at the first
    /// filing that fails, leaving the rest for the next pass. What was done is in `filed`,
    /// an error or not (the hooks of what was filed in dead are due all the same, §10.3
    /// step 4).
    pub fn file_unsettled(&self, store: &mut Store, filed: &mut Filed) -> StoreResult<()> {
        loop {
            let record: Option<Vec<u8>> = store.query(
                redis::cmd("LINDEX").arg(keys::UNSETTLED).arg(0),
                keys::UNSETTLED,
                KeyType::List,
            )?;
            let Some(record) = record else {
                return Ok(());
            };
            let parsed = super::unsettled::parse_record(&record);
            if parsed.invalid.is_some() {
                let ttl = keys::ttl::QUARANTINE.to_string();
                let moved = store.eval(
                    &QUARANTINE_UNSETTLED,
                    &[
                        keys::UNSETTLED.as_bytes(),
                        keys::UNSETTLED_QUARANTINE.as_bytes(),
                    ],
                    &[&record, ttl.as_bytes()],
                )?;
                if value::int(&moved) == Some(1) {
                    filed.quarantined += 1;
                }
                continue;
            }
            let (Some(set), Some(score), Some(payload)) =
                (parsed.set, parsed.score, parsed.payload)
            else {
                return Ok(());
            };
            let jid = Job::parse(payload.as_bytes())
                .ok()
                .and_then(|j| j.jid.map(|j| j.into_owned()))
                .unwrap_or_default();
            let counter = keys::orphanings(&jid);
            let score = score.to_string();
            let reply = store.eval(
                &FILE_UNSETTLED,
                &[keys::UNSETTLED.as_bytes(), &counter],
                &[
                    &record,
                    set.as_bytes(),
                    score.as_bytes(),
                    payload.as_bytes(),
                ],
            );
            match reply {
                Ok(v) if value::int(&v) == Some(1) => {
                    filed.filed += 1;
                    if set == keys::DEAD {
                        filed.into_dead += 1;
                        filed.dead_payloads.push(payload.clone());
                        if let Ok(job) = Job::parse(payload.as_bytes())
                            && let Some(jid) = job.jid.as_deref()
                        {
                            let mut args: Vec<&[u8]> = vec![jid.as_bytes()];
                            let locks = lock_keys(&job);
                            args.extend(locks.iter().map(|l| l.as_bytes()));
                            store.eval(&RELEASE_LOCKS, &[], &args)?;
                        }
                    }
                }
                // Not at the head any more: someone else is filing; look at what's there now.
                Ok(_) => {}
                Err(e) if e.is_connection() => return Err(e),
                Err(e) => {
                    filed.stopped = Some(e.to_string());
                    return Ok(());
                }
            }
        }
    }
}

/// What `file_unsettled` did.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Filed {
    /// Records filed into their set.
    pub filed: u64,
    /// Of those, filed into dead (their Ruby death hooks can't run).
    pub into_dead: u64,
    /// Invalid records moved to the quarantine list.
    pub quarantined: u64,
    /// Why the pass stopped early (the record stays at the head for the next pass).
    pub stopped: Option<String>,
    /// The payloads filed into dead, as written (for death hooks).
    #[serde(skip)]
    pub dead_payloads: Vec<String>,
}

/// A job filed in dead by a recovery burial (a repeat orphan, or a raw burial completed).
#[derive(Clone, Debug, PartialEq)]
pub struct Buried {
    /// Its jid, or a display id for an unreadable job.
    pub jid: String,
    /// The dead entry as written.
    pub entry: String,
    /// The raw job parsed to a JSON object (only such a job has death hooks).
    pub readable: bool,
}

impl Buried {
    fn new(raw: &[u8], entry: String) -> Buried {
        Buried {
            jid: jid_or_display(raw),
            entry,
            readable: Job::parse(raw).is_ok(),
        }
    }
}

/// The error message of a job buried for being orphaned too often (KEYS.md §4.4.6).
pub fn process_died_message(max_orphanings: u64) -> String {
    format!(
        "its process died while running it more than {max_orphanings} times (killed for memory? SIGKILL?) \u{2014} not retried again"
    )
}

fn jid_or_display(raw: &[u8]) -> String {
    match Job::parse(raw) {
        Ok(job) => job.jid.as_deref().unwrap_or("?").to_string(),
        Err(bad) => bad.display_jid,
    }
}

/// Seconds as the gem passes a threshold: an integer without a fraction.
fn format_seconds(secs: f64) -> String {
    if secs.fract() == 0.0 {
        format!("{}", secs as i64)
    } else {
        format!("{secs}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_of_the_real_burial() {
        assert_eq!(
            process_died_message(3),
            "its process died while running it more than 3 times (killed for memory? SIGKILL?) — not retried again"
        );
    }

    #[test]
    fn dead_entries_as_the_gem_writes_them() {
        let r = Recovery {
            threshold: 300.0,
            max_orphanings: 3,
            batch: None,
            now: 1796208153.0549493,
        };
        // The real sample of KEYS.md §4.4.9: a parked raw job buried.
        let raw =
            br#"{"jid":"X","class":"K","queue":"default","args":[],"unique":"until_executed"}"#;
        assert_eq!(
            r.dead_entry(raw, true),
            r#"{"jid":"X","class":"K","queue":"default","args":[],"unique":"until_executed","error_class":"Cogworker::ProcessDied","failed_at":1796208153.0549493,"error_message":"its process died while running it more than 3 times (killed for memory? SIGKILL?) — not retried again"}"#
        );
        let wrapped = r.dead_entry(b"{not json", true);
        assert!(wrapped.starts_with(r#"{"class":"(unparseable)","args":[],"queue":null,"jid":""#));
        assert!(wrapped.ends_with(r#","raw_payload":"{not json"}"#));
        assert_eq!(
            r.dead_entry(b"{not json", false),
            r#"{"error_class":"Cogworker::ProcessDied","failed_at":1796208153.0549493,"error_message":"its process died while running it more than 3 times (killed for memory? SIGKILL?) — not retried again"}"#
        );
    }
}
