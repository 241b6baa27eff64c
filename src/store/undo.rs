//! Undo: every change cogctl makes keeps, for a while, what it needs to be reversed — in
//! Redis, under `cogctl:undo:<id>…`, so any operator on any host can undo it (README "Undo").
//!
//! A change writes a *record*: a hash (`cogctl:undo:<id>`) that says what it was, and its
//! before-image under the record's prefix (`cogctl:undo:<id>:…`), written by the very scripts
//! that make the change, in the same atomic step. Removed things are moved there, not copied
//! (a cleared queue is renamed; an attempts log is renamed), so keeping them costs no copy
//! and their memory is freed when the record expires. Every key of a record expires with it.
//!
//! Undoing a record is itself a change with a record of its own, of the inverse kind: an undo
//! can be undone. An undo acts only on what is still as the change left it; everything else
//! is left alone and reported one by one.

use std::time::Duration;

use redis::Value;
use serde::Serialize;

use super::scripts::{
    UNDO_ENQUEUE, UNDO_LIST_CLEAR, UNDO_LIST_INSERT, UNDO_LIST_REMOVE, UNDO_MEMBERS, UNDO_REQUEUE,
    UNDO_SIDE_BATCH, UNDO_STATE, UNDO_WHOLE, UNDO_ZSET,
};
use super::{KeyType, Name, Store, StoreError, StoreResult, keys, value};

/// How long a change stays undoable unless told otherwise.
pub const DEFAULT_KEEP: Duration = Duration::from_secs(24 * 3600);

/// Entries an undo script handles per call: a few microseconds each inside Redis, so a call
/// stays far below the 50 ms no call may exceed.
const BATCH: usize = 1000;

/// Entries a deleted set (or jobs a cleared queue) may have gained since, for its undo to be
/// one atomic step.
const ONE_STEP_MAX: u64 = 10_000;

/// Records `undo last` looks through, newest first.
const LAST_WINDOW: isize = 200;

/// What a change did, and so how it is undone. Stored as its name in the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Members removed from a sorted set (delete), kept with their scores, moved attempts
    /// logs and released locks.
    ZsetRemove,
    /// Members added to a sorted set (import, or the undo of a removal).
    ZsetAdd,
    /// Members moved from one sorted set to another (kill), with both scores.
    ZsetMove,
    /// Members given a new score (reschedule).
    Rescore,
    /// Members claimed from a set and pushed to their queue (retry, enqueue-now).
    Requeue,
    /// Members an undo took back from their queue to the set.
    Unrequeue,
    /// A queue emptied (clear): the whole list renamed under the record.
    ListClear,
    /// A cleared queue put back.
    ListRestored,
    /// Jobs deleted from a queue (delete-job, dedupe), each with its neighbours.
    ListRemove,
    /// Deleted jobs put back in their places.
    ListInserted,
    /// Jobs pushed (enqueue, periodic run-now).
    Enqueue,
    /// Pushed jobs an undo removed again.
    Unenqueued,
    /// Names added to a set (queue pause, periodic disable).
    MembersAdded,
    /// Names removed from a set (queue resume, periodic enable).
    MembersRemoved,
    /// A queue rebuilt beside itself with jobs left out (dedupe): the queue as it was kept
    /// whole, with a mask of what was left out.
    ListSwap,
    /// The left-out jobs of a rebuilt queue put back.
    ListUnswap,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::ZsetRemove => "zset-remove",
            Kind::ZsetAdd => "zset-add",
            Kind::ZsetMove => "zset-move",
            Kind::Rescore => "rescore",
            Kind::Requeue => "requeue",
            Kind::Unrequeue => "unrequeue",
            Kind::ListClear => "list-clear",
            Kind::ListRestored => "list-restored",
            Kind::ListRemove => "list-remove",
            Kind::ListInserted => "list-inserted",
            Kind::Enqueue => "enqueue",
            Kind::Unenqueued => "unenqueued",
            Kind::MembersAdded => "members-added",
            Kind::MembersRemoved => "members-removed",
            Kind::ListSwap => "list-swap",
            Kind::ListUnswap => "list-unswap",
        }
    }

    pub fn parse(text: &str) -> Option<Kind> {
        [
            Kind::ZsetRemove,
            Kind::ZsetAdd,
            Kind::ZsetMove,
            Kind::Rescore,
            Kind::Requeue,
            Kind::Unrequeue,
            Kind::ListClear,
            Kind::ListRestored,
            Kind::ListRemove,
            Kind::ListInserted,
            Kind::Enqueue,
            Kind::Unenqueued,
            Kind::MembersAdded,
            Kind::MembersRemoved,
            Kind::ListSwap,
            Kind::ListUnswap,
        ]
        .into_iter()
        .find(|k| k.name() == text)
    }

    /// The kind of the record an undo of this kind writes.
    pub fn inverse(self) -> Kind {
        match self {
            Kind::ZsetRemove => Kind::ZsetAdd,
            Kind::ZsetAdd => Kind::ZsetRemove,
            Kind::ZsetMove => Kind::ZsetMove,
            Kind::Rescore => Kind::Rescore,
            Kind::Requeue => Kind::Unrequeue,
            Kind::Unrequeue => Kind::Requeue,
            Kind::ListClear => Kind::ListRestored,
            Kind::ListRestored => Kind::ListClear,
            Kind::ListRemove => Kind::ListInserted,
            Kind::ListInserted => Kind::ListRemove,
            Kind::Enqueue => Kind::Unenqueued,
            Kind::Unenqueued => Kind::Enqueue,
            Kind::MembersAdded => Kind::MembersRemoved,
            Kind::MembersRemoved => Kind::MembersAdded,
            Kind::ListSwap => Kind::ListUnswap,
            Kind::ListUnswap => Kind::ListSwap,
        }
    }
}

/// A new record's id: `u-YYYYMMDD-HHMMSS-xxxxxx` (UTC, then 6 random hex digits), readable
/// and in time order.
pub fn new_id(now: f64) -> String {
    use std::hash::{BuildHasher, Hasher};
    static SEQUENCE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let at = chrono::DateTime::from_timestamp_millis((now * 1000.0) as i64).unwrap_or_default();
    // RandomState is seeded from the OS for each process; the sequence tells apart the
    // records of one run.
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(SEQUENCE.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    h.write_u32(std::process::id());
    format!(
        "u-{}-{:06x}",
        at.format("%Y%m%d-%H%M%S"),
        h.finish() & 0xff_ffff
    )
}

/// Whether `text` has the shape of a record id (else it may be an audit entry id).
pub fn is_record_id(text: &str) -> bool {
    text.starts_with("u-")
        && text.len() <= 40
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// What a change kept to be undone, as its summary and its audit entry say.
#[derive(Clone, Debug, Serialize)]
pub struct Kept {
    /// The record's id (`cogctl undo ID`).
    pub id: String,
    /// Entries kept (members, jobs, names).
    pub entries: u64,
    /// Bytes kept, as counted by cogctl (members and payloads), or estimated by Redis for a
    /// list moved whole.
    pub bytes: u64,
    /// When the record expires (epoch seconds): undoable until then.
    pub until: f64,
}

/// One change's record, written as the change goes.
pub struct Recorder {
    pub id: String,
    prefix: Name,
    until_ms: i64,
    entries: u64,
    bytes: u64,
}

impl Recorder {
    /// Start a record: its hash (state `recording`, so a change cut short can still be
    /// undone as far as it went) and its place in the index. `fields` says what the kind
    /// needs (the set, the queue…).
    #[allow(clippy::too_many_arguments)]
    pub fn start(
        store: &mut Store,
        id: String,
        kind: Kind,
        command: &str,
        who: &super::audit::Who,
        now: f64,
        keep: Duration,
        fields: &[(&str, &[u8])],
    ) -> StoreResult<Recorder> {
        // Expiry is Redis' business: counted from its clock, whatever the host's says.
        let (secs, micros): (i64, i64) = store.query_server(&redis::cmd("TIME"))?;
        let until_ms = secs * 1000 + micros / 1000 + keep.as_millis() as i64;
        let until = until_ms as f64 / 1000.0;
        let record = keys::undo_record(&id);
        let mut hset = redis::cmd("HSET");
        hset.arg(&record)
            .arg("kind")
            .arg(kind.name())
            .arg("command")
            .arg(command)
            .arg("state")
            .arg("recording")
            .arg("created")
            .arg(now.to_string())
            .arg("until")
            .arg(until.to_string())
            .arg("user")
            .arg(&who.user)
            .arg("context")
            .arg(&who.context)
            .arg("argv")
            .arg(&who.argv)
            .arg("entries")
            .arg(0)
            .arg("bytes")
            .arg(0);
        for (k, v) in fields {
            hset.arg(*k).arg(*v);
        }
        if let Some((fleet, change)) = &who.fleet {
            hset.arg("fleet").arg(fleet).arg("fleet_change").arg(change);
        }
        let mut pipe = redis::pipe();
        pipe.add_command(hset);
        pipe.cmd("PEXPIREAT").arg(&record).arg(until_ms);
        // The index goes by Redis' clock: `undo last` is the last change made, whatever the
        // clocks of the hosts that made them.
        pipe.cmd("ZADD")
            .arg(keys::UNDO_INDEX)
            .arg(secs as f64 + micros as f64 / 1e6)
            .arg(&id);
        // The index keeps the newest 10,000 (records expire on their own; `undo last` and
        // `undo list` drop the index entries of records gone).
        pipe.cmd("ZREMRANGEBYRANK")
            .arg(keys::UNDO_INDEX)
            .arg(0)
            .arg(-10_001);
        for reply in store.pipeline(&pipe)? {
            if let Err(text) = reply {
                return Err(StoreError::Command {
                    command: "HSET".into(),
                    key: record.shown().into_owned(),
                    reason: text,
                });
            }
        }
        Ok(Recorder {
            prefix: keys::undo_parts(&id),
            id,
            until_ms,
            entries: 0,
            bytes: 0,
        })
    }

    /// The prefix the scripts keep the before-image under.
    pub fn prefix(&self) -> &[u8] {
        self.prefix.as_bytes()
    }

    /// When the record expires, in ms, as the scripts take it.
    pub fn until_arg(&self) -> String {
        self.until_ms.to_string()
    }

    pub fn until(&self) -> f64 {
        self.until_ms as f64 / 1000.0
    }

    /// Count what a batch kept.
    pub fn add(&mut self, entries: u64, bytes: u64) {
        self.entries += entries;
        self.bytes += bytes;
    }

    /// The key of one part of the before-image (for parts cogctl writes itself).
    pub fn part(&self, name: &str) -> Name {
        let mut key = self.prefix.as_bytes().to_vec();
        key.extend_from_slice(name.as_bytes());
        Name::new(key)
    }

    /// The change is done: the record says what it kept and can be undone.
    pub fn finish(&self, store: &mut Store) -> StoreResult<Kept> {
        let record = keys::undo_record(&self.id);
        store.query::<()>(
            redis::cmd("HSET")
                .arg(&record)
                .arg("state")
                .arg("open")
                .arg("entries")
                .arg(self.entries)
                .arg("bytes")
                .arg(self.bytes),
            &record,
            KeyType::Hash,
        )?;
        Ok(self.kept())
    }

    pub fn kept(&self) -> Kept {
        Kept {
            id: self.id.clone(),
            entries: self.entries,
            bytes: self.bytes,
            until: self.until(),
        }
    }
}

/// The prefix and expiry the change scripts take: a recorder's, or "" (keep nothing).
pub fn script_args(recorder: Option<&Recorder>) -> (Vec<u8>, Vec<u8>) {
    match recorder {
        Some(r) => (r.prefix().to_vec(), r.until_arg().into_bytes()),
        None => (Vec::new(), b"0".to_vec()),
    }
}

/// Keep the names a change added to or removed from a registry set (pause, resume,
/// disable, enable), so that it can be undone.
pub fn keep_names(
    store: &mut Store,
    recorder: &mut Recorder,
    names: &[impl AsRef<[u8]>],
) -> StoreResult<()> {
    if names.is_empty() {
        return Ok(());
    }
    let part = recorder.part("names");
    let mut pipe = redis::pipe();
    let mut sadd = redis::cmd("SADD");
    sadd.arg(&part);
    for n in names {
        sadd.arg(n.as_ref());
    }
    pipe.add_command(sadd);
    pipe.cmd("PEXPIREAT").arg(&part).arg(recorder.until_ms);
    for reply in store.pipeline(&pipe)? {
        reply.map_err(|reason| StoreError::Command {
            command: "SADD".into(),
            key: part.shown().into_owned(),
            reason,
        })?;
    }
    let bytes: usize = names.iter().map(|n| n.as_ref().len()).sum();
    recorder.add(names.len() as u64, bytes as u64);
    Ok(())
}

/// Keep the jobs a change pushed (enqueue, run-now), each as `target` ("q" + queue, or
/// "s" + score), payload, unique lock key ("" for none), jid, lock TTL (seconds).
pub fn keep_jobs(store: &mut Store, recorder: &mut Recorder, jobs: &[Vec<u8>]) -> StoreResult<()> {
    if jobs.is_empty() {
        return Ok(());
    }
    let part = recorder.part("jobs");
    let mut pipe = redis::pipe();
    pipe.cmd("RPUSH").arg(&part).arg(jobs);
    pipe.cmd("PEXPIREAT").arg(&part).arg(recorder.until_ms);
    for reply in store.pipeline(&pipe)? {
        reply.map_err(|reason| StoreError::Command {
            command: "RPUSH".into(),
            key: part.shown().into_owned(),
            reason,
        })?;
    }
    let bytes: usize = jobs.iter().map(Vec::len).sum();
    recorder.add(jobs.len() as u64, bytes as u64);
    Ok(())
}

/// Fields packed as `<length>:<bytes>` one after another: the elements cogctl writes to a
/// record's lists, read by the Lua fragment `undo_fields`.
pub fn pack(fields: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::with_capacity(fields.iter().map(|f| f.len() + 8).sum());
    for f in fields {
        out.extend_from_slice(f.len().to_string().as_bytes());
        out.push(b':');
        out.extend_from_slice(f);
    }
    out
}

/// A record as read back.
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    pub id: String,
    pub kind: Option<Kind>,
    /// The command that made the change (`dead delete`), or `undo` for an undo.
    pub command: String,
    /// recording | open | undoing | undone | empty (an undo that put nothing back)
    pub state: String,
    pub created: f64,
    pub until: f64,
    pub user: String,
    pub context: String,
    /// A change made across a fleet: the fleet's name (`prod`, or `prod-a,prod-b`); this
    /// record is one shard's part of it, under the same id on every shard.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fleet: Option<String>,
    pub argv: String,
    pub entries: u64,
    pub bytes: u64,
    /// The record that undid (or is undoing) this one.
    pub undone_by: Option<String>,
    pub undone_at: Option<f64>,
    /// What its undo did: entries put back, and entries left because they had moved on.
    pub undone_restored: Option<u64>,
    pub undone_left: Option<u64>,
    /// For an empty undo (state `empty`): how many it left.
    pub left: Option<u64>,
    /// For an undo: the record it undid, and the change that record was (`dead retry`).
    pub undo_of: Option<String>,
    pub of_command: Option<String>,
    /// The key the change acted on (a set, a queue, a registry).
    pub key: Option<Name>,
    /// A move's other set.
    pub other: Option<Name>,
    /// A canary run's steps so far, one line of JSON.
    #[serde(skip)]
    pub canary: Option<String>,
    #[serde(skip)]
    fields: Vec<(Name, Vec<u8>)>,
}

impl Record {
    fn field(&self, name: &str) -> Option<&[u8]> {
        self.fields
            .iter()
            .find(|(k, _)| k.as_bytes() == name.as_bytes())
            .map(|(_, v)| v.as_slice())
    }

    fn text(&self, name: &str) -> String {
        self.field(name)
            .map(|v| String::from_utf8_lossy(v).into_owned())
            .unwrap_or_default()
    }

    fn from_fields(id: &str, fields: Vec<(Name, Vec<u8>)>) -> Record {
        let mut r = Record {
            id: id.to_string(),
            kind: None,
            command: String::new(),
            state: String::new(),
            created: 0.0,
            until: 0.0,
            user: String::new(),
            context: String::new(),
            fleet: None,
            argv: String::new(),
            entries: 0,
            bytes: 0,
            undone_by: None,
            undone_at: None,
            undone_restored: None,
            undone_left: None,
            left: None,
            undo_of: None,
            of_command: None,
            key: None,
            other: None,
            canary: None,
            fields,
        };
        r.kind = Kind::parse(&r.text("kind"));
        r.command = r.text("command");
        r.state = r.text("state");
        r.created = r.text("created").parse().unwrap_or(0.0);
        r.until = r.text("until").parse().unwrap_or(0.0);
        r.user = r.text("user");
        r.context = r.text("context");
        r.fleet = Some(r.text("fleet")).filter(|s| !s.is_empty());
        r.argv = r.text("argv");
        r.entries = r.text("entries").parse().unwrap_or(0);
        r.bytes = r.text("bytes").parse().unwrap_or(0);
        r.undone_by = Some(r.text("undone_by")).filter(|s| !s.is_empty());
        r.undone_at = r.text("undone_at").parse().ok();
        r.undone_restored = r.text("undone_restored").parse().ok();
        r.undone_left = r.text("undone_left").parse().ok();
        r.left = r.text("left").parse().ok();
        r.undo_of = Some(r.text("undo_of")).filter(|s| !s.is_empty());
        r.of_command = Some(r.text("of_command")).filter(|s| !s.is_empty());
        r.key = r.field("key").map(Name::from);
        r.other = r.field("other").map(Name::from);
        r.canary = Some(r.text("canary")).filter(|s| !s.is_empty());
        r
    }

    /// The change in words: `dead retry`, or `undo of dead retry`.
    pub fn change(&self) -> String {
        match &self.of_command {
            Some(of) if self.command == "undo" => format!("undo of {of}"),
            _ => self.command.clone(),
        }
    }

    /// What its undo did, when it put back less than all (`0 of 5 restored; 5 had moved
    /// on`), or what an empty undo did.
    pub fn undo_outcome(&self) -> Option<String> {
        if self.state == "empty" {
            let left = self.left.unwrap_or(0);
            return Some(format!(
                "put nothing back: {left} {} had moved on",
                if left == 1 { "entry" } else { "entries" }
            ));
        }
        let (restored, left) = (self.undone_restored?, self.undone_left.unwrap_or(0));
        (left > 0).then(|| {
            format!(
                "{restored} of {} restored; {left} had moved on",
                restored + left
            )
        })
    }

    /// Whether `undo` can act on it now.
    pub fn undoable(&self) -> bool {
        matches!(self.state.as_str(), "open" | "recording" | "undoing")
    }
}

/// The record `id`, or `None` when there is none (never made, expired or purged).
pub fn load(store: &mut Store, id: &str) -> StoreResult<Option<Record>> {
    let key = keys::undo_record(id);
    let reply: Value = store.query(redis::cmd("HGETALL").arg(&key), &key, KeyType::Hash)?;
    let fields = value::pairs(&reply);
    if fields.is_empty() {
        return Ok(None);
    }
    Ok(Some(Record::from_fields(id, fields)))
}

/// The newest records of the index (newest first), with the index entries of records gone
/// dropped on the way; at most `limit`.
pub fn newest(store: &mut Store, limit: usize) -> StoreResult<Vec<Record>> {
    let ids: Vec<String> = store.query(
        redis::cmd("ZRANGE")
            .arg(keys::UNDO_INDEX)
            .arg(0)
            .arg(LAST_WINDOW.max(limit as isize) - 1)
            .arg("REV"),
        keys::UNDO_INDEX,
        KeyType::Zset,
    )?;
    let mut pipe = redis::pipe();
    for id in &ids {
        pipe.cmd("HGETALL").arg(keys::undo_record(id));
    }
    let mut out = Vec::new();
    let mut gone = Vec::new();
    for (id, reply) in ids.iter().zip(store.pipeline(&pipe)?) {
        let fields = reply.map(|v| value::pairs(&v)).unwrap_or_default();
        if fields.is_empty() {
            gone.push(id.clone());
        } else if out.len() < limit {
            out.push(Record::from_fields(id, fields));
        }
    }
    if !gone.is_empty() {
        store.query_server::<()>(redis::cmd("ZREM").arg(keys::UNDO_INDEX).arg(&gone))?;
    }
    Ok(out)
}

/// The newest record that can be undone now, and the newest of them made by `user` (its
/// `user@host` as the audit records it; `None`: anyone's).
pub fn last(
    store: &mut Store,
    user: Option<&str>,
) -> StoreResult<(Option<Record>, Option<Record>)> {
    let undoable: Vec<Record> = newest(store, LAST_WINDOW as usize)?
        .into_iter()
        .filter(Record::undoable)
        .collect();
    let mine = undoable
        .iter()
        .find(|r| user.is_none_or(|u| r.user == u))
        .cloned();
    Ok((undoable.into_iter().next(), mine))
}

/// Delete a record and every key of its before-image (a bounded `SCAN` of its prefix);
/// keys deleted.
pub fn purge(store: &mut Store, id: &str) -> StoreResult<u64> {
    let mut keys_ = store.scan_keys(&keys::undo_pattern(id))?;
    keys_.retain(|k| {
        // `u-…-ab` must not take `u-…-abc`'s keys: the record itself, or its parts.
        let rest = &k.as_bytes()[keys::undo_record("").len() + id.len()..];
        rest.is_empty() || rest.starts_with(b":")
    });
    let mut deleted = 0;
    for chunk in keys_.chunks(500) {
        deleted += store.query_server::<u64>(redis::cmd("UNLINK").arg(chunk))?;
    }
    store.query_server::<()>(redis::cmd("ZREM").arg(keys::UNDO_INDEX).arg(id))?;
    Ok(deleted)
}

/// Every record's keys (the index too): `undo purge --all`.
pub fn purge_all(store: &mut Store) -> StoreResult<u64> {
    let keys_ = store.scan_keys(&keys::undo_pattern(""))?;
    let mut deleted = 0;
    for chunk in keys_.chunks(500) {
        deleted += store.query_server::<u64>(redis::cmd("UNLINK").arg(chunk))?;
    }
    Ok(deleted)
}

/// How starting an undo of a record went.
pub enum Begin {
    /// It is ours to undo, into the new record.
    Begin,
    /// An undo of it was started (and cut short, or is running): continue it, into the
    /// record it started.
    Continue(String),
    /// It was undone already, by this record, at this time.
    Undone(String, Option<f64>),
    Missing,
}

/// Mark `record` as being undone by `undoer` (atomic: two operators never both begin).
pub fn begin(store: &mut Store, record: &str, undoer: &str, now: f64) -> StoreResult<Begin> {
    let key = keys::undo_record(record);
    let reply = store.eval(
        &UNDO_STATE,
        &[key.as_bytes()],
        &[undoer.as_bytes(), now.to_string().as_bytes()],
    )?;
    let items = value::items(&reply);
    let text = |i: usize| items.get(i).and_then(value::string).unwrap_or_default();
    Ok(match text(0).as_str() {
        "begin" => Begin::Begin,
        "continue" => Begin::Continue(text(1)),
        "undone" => Begin::Undone(text(1), text(2).parse().ok()),
        _ => Begin::Missing,
    })
}

/// What one run of an undo of `record` did, added to the record (an undo cut short and
/// continued adds each run): how many entries it put back, and how many it left because they
/// had moved on since the change. The totals over every run so far: put back, left.
pub fn count_undone(
    store: &mut Store,
    record: &str,
    restored: u64,
    left: u64,
) -> StoreResult<(u64, u64)> {
    let key = keys::undo_record(record);
    let mut pipe = redis::pipe();
    pipe.cmd("HINCRBY")
        .arg(&key)
        .arg("undone_restored")
        .arg(restored)
        .cmd("HINCRBY")
        .arg(&key)
        .arg("undone_left")
        .arg(left);
    let replies = store.pipeline(&pipe)?;
    let total = |i: usize| {
        replies
            .get(i)
            .and_then(|r| r.as_ref().ok())
            .and_then(value::int)
            .map_or(0, |n| n.max(0) as u64)
    };
    Ok((total(0), total(1)))
}

/// The record is undone: its state says by which record.
pub fn finish_undo(store: &mut Store, record: &str) -> StoreResult<()> {
    let key = keys::undo_record(record);
    store.query::<()>(
        redis::cmd("HSET").arg(&key).arg("state").arg("undone"),
        &key,
        KeyType::Hash,
    )
}

/// An undo that put nothing back keeps its record, empty (state `empty`), until it expires:
/// so that its id, which `undo list` and the audit trail name, still says what happened
/// rather than being gone.
pub fn close_empty(store: &mut Store, id: &str, left: u64) -> StoreResult<()> {
    let key = keys::undo_record(id);
    store.query::<()>(
        redis::cmd("HSET")
            .arg(&key)
            .arg("state")
            .arg("empty")
            .arg("entries")
            .arg(0)
            .arg("bytes")
            .arg(0)
            .arg("restored")
            .arg(0)
            .arg("left")
            .arg(left),
        &key,
        KeyType::Hash,
    )
}

/// One entry an undo left alone, and why.
#[derive(Clone, Debug)]
pub struct Left {
    /// `present` (back already), `gone` (not there any more), `changed` (there, but not as the
    /// change left it), `taken` (a worker took it), `duplicate` (its unique lock is held), or
    /// Redis' error text.
    pub reason: String,
    /// The member, job or name, as stored.
    pub raw: Vec<u8>,
}

/// What one call of an undo script did.
pub struct Step {
    pub done: u64,
    pub remaining: u64,
    pub left: Vec<Left>,
}

fn step_of(reply: &Value) -> Step {
    let items = value::items(reply);
    let int = |i: usize| items.get(i).and_then(value::int).unwrap_or(0).max(0) as u64;
    let left = items
        .get(2..)
        .unwrap_or_default()
        .chunks(2)
        .filter_map(|pair| {
            Some(Left {
                reason: value::string(pair.first()?)?,
                raw: value::bytes(pair.get(1)?)?.to_vec(),
            })
        })
        .collect();
    Step {
        done: int(0),
        remaining: int(1),
        left,
    }
}

/// How an undo goes: the record undone (A) and the undo's own record (B).
pub struct Undoer<'a> {
    pub record: &'a Record,
    pub into: &'a Recorder,
    /// Asked between batches of a long rebuild: true stops it (nothing changed yet).
    pub stop: &'a dyn Fn() -> bool,
}

impl Undoer<'_> {
    fn from(&self) -> Name {
        keys::undo_parts(&self.record.id)
    }

    fn key(&self) -> StoreResult<Name> {
        self.record.key.clone().ok_or_else(|| StoreError::Command {
            command: "UNDO".into(),
            key: keys::undo_record(&self.record.id).shown().into_owned(),
            reason: "the record names no key".into(),
        })
    }

    /// One batch of the undo; `Ok(None)` once nothing is left to do.
    pub fn step(&self, store: &mut Store) -> StoreResult<Option<Step>> {
        let kind = self.record.kind.ok_or_else(|| StoreError::Command {
            command: "UNDO".into(),
            key: keys::undo_record(&self.record.id).shown().into_owned(),
            reason: "the record is of a kind this cogctl doesn't know".into(),
        })?;
        let from = self.from();
        let to = self.into.prefix().to_vec();
        let until = self.into.until_arg();
        let batch = BATCH.to_string();
        let step = match kind {
            Kind::ZsetRemove | Kind::ZsetAdd if self.record.field("whole") == Some(b"1") => {
                if let Some(step) = self.whole_step(store, kind)? {
                    return Ok(Some(step));
                }
                // The set gained entries since: each member put back on its own, below.
                self.zset_step(store, kind)?
            }
            Kind::ZsetRemove | Kind::ZsetAdd | Kind::ZsetMove | Kind::Rescore => {
                self.zset_step(store, kind)?
            }
            Kind::Requeue | Kind::Unrequeue => {
                let mode = if kind == Kind::Requeue {
                    "unpush"
                } else {
                    "repush"
                };
                let set = self.key()?;
                let reply = store.eval(
                    &UNDO_REQUEUE,
                    &[set.as_bytes(), keys::QUEUES.as_bytes()],
                    &[
                        mode.as_bytes(),
                        from.as_bytes(),
                        &to,
                        until.as_bytes(),
                        b"200",
                        keys::queue_prefix().as_bytes(),
                    ],
                )?;
                step_of(&reply)
            }
            Kind::ListClear => {
                let queue = self.key()?;
                let reply = store.eval(
                    &UNDO_LIST_CLEAR,
                    &[queue.as_bytes()],
                    &[
                        from.as_bytes(),
                        ONE_STEP_MAX.to_string().as_bytes(),
                        batch.as_bytes(),
                    ],
                )?;
                step_of(&reply)
            }
            Kind::ListRestored => return self.clear_again(store),
            Kind::ListRemove | Kind::ListInserted => {
                let queue = self.key()?;
                let script = if kind == Kind::ListRemove {
                    &UNDO_LIST_INSERT
                } else {
                    &UNDO_LIST_REMOVE
                };
                let reply = store.eval(
                    script,
                    &[queue.as_bytes()],
                    &[from.as_bytes(), &to, until.as_bytes(), b"100"],
                )?;
                step_of(&reply)
            }
            Kind::Enqueue | Kind::Unenqueued => {
                let mode = if kind == Kind::Enqueue {
                    "unpush"
                } else {
                    "push"
                };
                let reply = store.eval(
                    &UNDO_ENQUEUE,
                    &[keys::SCHEDULE.as_bytes(), keys::QUEUES.as_bytes()],
                    &[
                        mode.as_bytes(),
                        from.as_bytes(),
                        &to,
                        until.as_bytes(),
                        b"100",
                        keys::queue_prefix().as_bytes(),
                    ],
                )?;
                step_of(&reply)
            }
            Kind::ListSwap => {
                let queue = self.key()?;
                let from_part = |p: &str| Name::new([from.as_bytes(), p.as_bytes()].concat());
                let into_record = keys::undo_record(&self.into.id);
                let restored = super::rebuild::restore(
                    store,
                    &super::rebuild::RestoreKeys {
                        queue: &queue,
                        list: &from_part("list"),
                        mask: &from_part("mask"),
                        into_list: &self.into.part("list"),
                        into_mask: &self.into.part("mask"),
                        into_record: &into_record,
                        staging: &self.into.part("staging"),
                    },
                )?;
                let mut expire = redis::pipe();
                for part in ["list", "mask"] {
                    expire
                        .cmd("PEXPIREAT")
                        .arg(self.into.part(part))
                        .arg(self.into.until_ms);
                }
                store.pipeline(&expire)?;
                return Ok((restored.restored > 0).then_some(Step {
                    done: restored.restored,
                    remaining: 0,
                    left: Vec::new(),
                }));
            }
            Kind::ListUnswap => {
                let queue = self.key()?;
                let from_part = |p: &str| Name::new([from.as_bytes(), p.as_bytes()].concat());
                let mut wanted = super::rebuild::Wanted::from_list(
                    store,
                    &from_part("list"),
                    &from_part("mask"),
                )?;
                let removed = super::rebuild::remove(
                    store,
                    &queue,
                    &self.into.part("staging"),
                    Some(&super::rebuild::KeepAs {
                        list: self.into.part("list"),
                        mask: self.into.part("mask"),
                        until_ms: self.into.until_ms,
                    }),
                    |raw| wanted.take(raw),
                    self.stop,
                    |_| {},
                )?;
                if !removed.swapped {
                    return Ok(None);
                }
                return Ok((removed.removed > 0).then_some(Step {
                    done: removed.removed,
                    remaining: 0,
                    left: Vec::new(),
                }));
            }
            Kind::MembersAdded | Kind::MembersRemoved => {
                let set = self.key()?;
                let op = if kind == Kind::MembersAdded {
                    "add"
                } else {
                    "rem"
                };
                let reply = store.eval(
                    &UNDO_MEMBERS,
                    &[set.as_bytes()],
                    &[
                        op.as_bytes(),
                        from.as_bytes(),
                        &to,
                        until.as_bytes(),
                        batch.as_bytes(),
                    ],
                )?;
                step_of(&reply)
            }
        };
        if step.done == 0 && step.left.is_empty() && step.remaining == 0 {
            return Ok(None);
        }
        Ok(Some(step))
    }

    /// One batch of undoing a change to a sorted set, member by member (undo_zset.lua).
    fn zset_step(&self, store: &mut Store, kind: Kind) -> StoreResult<Step> {
        let mode = match kind {
            Kind::ZsetRemove => "restore",
            Kind::ZsetAdd => "remove",
            Kind::ZsetMove => "move",
            _ => "rescore",
        };
        let set = self.key()?;
        let other = self.record.other.clone().unwrap_or_else(|| set.clone());
        let into_record = keys::undo_record(&self.into.id);
        let reply = store.eval(
            &UNDO_ZSET,
            &[set.as_bytes(), other.as_bytes()],
            &[
                mode.as_bytes(),
                self.from().as_bytes(),
                self.into.prefix(),
                self.into.until_arg().as_bytes(),
                BATCH.to_string().as_bytes(),
                into_record.as_bytes(),
            ],
        )?;
        Ok(step_of(&reply))
    }

    /// Undo a whole set deleted in one step (or redo that): the set moves back in one
    /// RENAME (the few entries it gained since merged in first), then what each member had
    /// beside it (attempts logs, locks) in batches. `None` when the set gained too many
    /// entries since: then member by member.
    fn whole_step(&self, store: &mut Store, kind: Kind) -> StoreResult<Option<Step>> {
        let set = self.key()?;
        let into_record = keys::undo_record(&self.into.id);
        let swapped: Option<String> =
            store.query_server(redis::cmd("HGET").arg(&into_record).arg("swapped"))?;
        let mut moved = 0;
        let mut left = Vec::new();
        if swapped.is_none() {
            let until = self.into.until_arg();
            let reply = if kind == Kind::ZsetRemove {
                store.eval(
                    &UNDO_WHOLE,
                    &[
                        set.as_bytes(),
                        self.record_part("z").as_bytes(),
                        self.into.part("keep").as_bytes(),
                    ],
                    &[
                        b"restore",
                        until.as_bytes(),
                        ONE_STEP_MAX.to_string().as_bytes(),
                    ],
                )?
            } else {
                let field = |f: &str| self.record.field(f).unwrap_or(b"").to_vec();
                store.eval(
                    &UNDO_WHOLE,
                    &[
                        self.into.part("z").as_bytes(),
                        set.as_bytes(),
                        self.record_part("keep").as_bytes(),
                    ],
                    &[
                        b"remove",
                        until.as_bytes(),
                        &field("length"),
                        &field("first"),
                        &field("last"),
                    ],
                )?
            };
            let items = value::items(&reply);
            let n = items.first().and_then(value::int).unwrap_or(-1);
            left = items
                .get(1..)
                .unwrap_or_default()
                .iter()
                .filter_map(value::bytes)
                .map(|raw| Left {
                    reason: "present".into(),
                    raw: raw.to_vec(),
                })
                .collect();
            if n < 0 {
                if kind == Kind::ZsetRemove {
                    return Ok(None);
                }
                return Ok(Some(Step {
                    done: 0,
                    remaining: 0,
                    left: vec![Left {
                        reason: "changed: the set no longer holds exactly what the undo put \
                                 back (entries added or removed since); the entries put back \
                                 can't be told apart"
                            .into(),
                        raw: set.as_bytes().to_vec(),
                    }],
                }));
            }
            moved = n as u64;
            let mut fields = vec![("swapped", b"1".to_vec()), ("whole", b"1".to_vec())];
            if kind == Kind::ZsetRemove {
                // What an undo of this undo checks is unchanged before clearing it again.
                let mut pipe = redis::pipe();
                pipe.cmd("ZCARD").arg(&set);
                pipe.cmd("ZRANGE").arg(&set).arg(0).arg(0);
                pipe.cmd("ZRANGE").arg(&set).arg(-1).arg(-1);
                let replies = store.pipeline(&pipe)?;
                let at = |i: usize| -> Vec<u8> {
                    match replies.get(i) {
                        Some(Ok(Value::Int(n))) => n.to_string().into_bytes(),
                        Some(Ok(v)) => value::items(v)
                            .first()
                            .and_then(value::bytes)
                            .unwrap_or(b"")
                            .to_vec(),
                        _ => Vec::new(),
                    }
                };
                fields.push(("length", at(0)));
                fields.push(("first", at(1)));
                fields.push(("last", at(2)));
            }
            set_fields(store, &self.into.id, &fields)?;
        }
        // The side pass: every member's attempts log and locks, by the SHA-1 they are kept
        // under.
        let side = self.record_part("side");
        let mut cursor = "0".to_string();
        loop {
            let (next, pairs): (String, Vec<Vec<u8>>) = store.query(
                redis::cmd("HSCAN")
                    .arg(&side)
                    .arg(&cursor)
                    .arg("COUNT")
                    .arg(500),
                &side,
                KeyType::Hash,
            )?;
            let shas: Vec<&[u8]> = pairs.iter().step_by(2).map(Vec::as_slice).collect();
            if !shas.is_empty() {
                let from = self.from();
                let until = self.into.until_arg();
                let mut args: Vec<&[u8]> =
                    vec![from.as_bytes(), self.into.prefix(), until.as_bytes()];
                args.extend(shas);
                store.eval(&UNDO_SIDE_BATCH, &[], &args)?;
            }
            if next == "0" {
                break;
            }
            cursor = next;
        }
        Ok(Some(Step {
            done: moved,
            remaining: 0,
            left,
        }))
    }

    fn record_part(&self, part: &str) -> Name {
        Name::new([self.from().as_bytes(), part.as_bytes()].concat())
    }

    /// The undo of a queue put back: clear it again, only while it holds exactly what the
    /// put-back left (nothing taken, nothing added since) — else the jobs put back can't be
    /// told from the others, and nothing is changed.
    fn clear_again(&self, store: &mut Store) -> StoreResult<Option<Step>> {
        let queue = self.key()?;
        let expected: u64 = String::from_utf8_lossy(self.record.field("length").unwrap_or(b""))
            .parse()
            .unwrap_or(0);
        let done = self.record.field("cleared").is_some();
        if done {
            return Ok(None);
        }
        let length: u64 = store.query(redis::cmd("LLEN").arg(&queue), &queue, KeyType::List)?;
        let head = self.record.field("head").unwrap_or(b"");
        let tail = self.record.field("tail").unwrap_or(b"");
        let (now_head, now_tail): (Option<Vec<u8>>, Option<Vec<u8>>) = {
            let mut pipe = redis::pipe();
            pipe.cmd("LINDEX").arg(&queue).arg(0);
            pipe.cmd("LINDEX").arg(&queue).arg(-1);
            let replies = store.pipeline(&pipe)?;
            let get = |i: usize| {
                replies
                    .get(i)
                    .and_then(|r| r.as_ref().ok())
                    .and_then(value::bytes)
                    .map(<[u8]>::to_vec)
            };
            (get(0), get(1))
        };
        if length != expected
            || now_head.as_deref() != Some(head)
            || now_tail.as_deref() != Some(tail)
        {
            return Ok(Some(Step {
                done: 0,
                remaining: 0,
                left: vec![Left {
                    reason: format!(
                        "changed: the queue holds {length} jobs, not the {expected} the undo left \
                         (jobs taken or added since); the jobs put back can't be told apart"
                    ),
                    raw: queue.as_bytes().to_vec(),
                }],
            }));
        }
        let moved = store.eval(
            &super::scripts::QUEUE_CLEAR,
            &[queue.as_bytes()],
            &[self.into.prefix(), self.into.until_arg().as_bytes()],
        )?;
        store.query::<()>(
            redis::cmd("HSET")
                .arg(keys::undo_record(&self.record.id))
                .arg("cleared")
                .arg(1),
            keys::undo_record(&self.record.id).as_bytes(),
            KeyType::Hash,
        )?;
        Ok(Some(Step {
            done: value::int(&moved).unwrap_or(0).max(0) as u64,
            remaining: 0,
            left: Vec::new(),
        }))
    }

    /// Fields the undo's own record needs, now that the undo is done: a queue put back
    /// whole remembers how long it was and its two ends (so that it can be cleared again
    /// only while nothing changed).
    pub fn closing_fields(&self, store: &mut Store) -> StoreResult<Vec<(&'static str, Vec<u8>)>> {
        if self.record.kind != Some(Kind::ListClear) {
            return Ok(Vec::new());
        }
        let queue = self.key()?;
        let mut pipe = redis::pipe();
        pipe.cmd("LLEN").arg(&queue);
        pipe.cmd("LINDEX").arg(&queue).arg(0);
        pipe.cmd("LINDEX").arg(&queue).arg(-1);
        let replies = store.pipeline(&pipe)?;
        let get = |i: usize| {
            replies
                .get(i)
                .and_then(|r| r.as_ref().ok())
                .map(|v| match v {
                    Value::Int(n) => n.to_string().into_bytes(),
                    other => value::bytes(other).unwrap_or(b"").to_vec(),
                })
                .unwrap_or_default()
        };
        Ok(vec![("length", get(0)), ("head", get(1)), ("tail", get(2))])
    }
}

/// Write extra fields on a record (the undo's own, once it is known what it left).
pub fn set_fields(store: &mut Store, id: &str, fields: &[(&str, Vec<u8>)]) -> StoreResult<()> {
    if fields.is_empty() {
        return Ok(());
    }
    let key = keys::undo_record(id);
    let mut cmd = redis::cmd("HSET");
    cmd.arg(&key);
    for (k, v) in fields {
        cmd.arg(*k).arg(v);
    }
    store.query(&cmd, &key, KeyType::Hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_records() {
        let id = new_id(1_764_770_712.5);
        assert!(id.starts_with("u-20251203-140512-"), "{id}");
        assert_eq!(id.len(), "u-20251203-140512-".len() + 6);
        assert_ne!(new_id(1_764_770_712.5), new_id(1_764_770_712.5));
        assert!(is_record_id(&id));
        assert!(!is_record_id("1764770712123-0"));
    }

    #[test]
    fn kinds_round_trip_and_invert_twice_to_themselves() {
        for name in [
            "zset-remove",
            "zset-add",
            "zset-move",
            "rescore",
            "requeue",
            "unrequeue",
            "list-clear",
            "list-restored",
            "list-remove",
            "list-inserted",
            "enqueue",
            "unenqueued",
            "members-added",
            "members-removed",
            "list-swap",
            "list-unswap",
        ] {
            let kind = Kind::parse(name).unwrap();
            assert_eq!(kind.name(), name);
            assert_eq!(kind.inverse().inverse(), kind);
        }
    }

    #[test]
    fn packed_fields_carry_any_bytes() {
        assert_eq!(pack(&[b"q\n:x", b"", b"{}"]), b"4:q\n:x0:2:{}".to_vec());
    }
}
