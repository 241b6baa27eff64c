//! One new job, built and written exactly as the gem's client pushes it (KEYS.md §4.2, §6.6):
//! the payload bytes, its unique lock, and the batch script that writes jobs whole or not at
//! all.

use std::borrow::Cow;
use std::ops::Range;

use serde_json::value::RawValue;

use crate::store::ids::Jids;
use crate::store::job::Job;
use crate::store::ruby_json::{self, Unwritable};
use crate::store::scripts::{ENQUEUE_BATCH, QUEUE_REGISTER, Script};
use crate::store::{KeyType, Name, Reply, Store, StoreResult, keys, locks, value};
use crate::term::ui::Clock;

/// The `unique` value of the gem's until_executed lock (KEYS.md §6.6).
pub const UNTIL_EXECUTED: &str = "until_executed";

/// The gem's default `unique_lock_ttl`: a lock lives a day beyond the job's due time.
pub const UNIQUE_LOCK_TTL: f64 = 86400.0;

/// The queue a job names none of (KEYS.md §4.1).
pub const DEFAULT_QUEUE: &str = "default";

/// Fields with a flag (or a spec field) of their own, refused in `--set` / `"set"`.
pub const OWN_FLAGS: [(&str, &str); 6] = [
    ("class", "CLASS"),
    ("args", "ARG… or --args"),
    ("queue", "--queue"),
    ("retry", "--retry"),
    ("unique", "--unique"),
    ("at", "--at or --in"),
];

/// When a job is due: pushed now, or scheduled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum When {
    Now,
    /// Epoch seconds.
    At(f64),
    /// Seconds from now.
    In(f64),
}

/// What the caller asked for: the hash a `Client.push` would get. Values are JSON text as
/// given (borrowed from a spec line, or owned from the command line).
#[derive(Debug)]
pub struct JobSpec<'a> {
    pub class: Cow<'a, str>,
    /// The arguments: a JSON array.
    pub args: Cow<'a, RawValue>,
    pub queue: Option<Cow<'a, str>>,
    /// `true`, `false` or an integer.
    pub retry: Option<Cow<'a, RawValue>>,
    pub unique: bool,
    pub when: When,
    /// Extra payload fields in the order given, each name once.
    pub set: Vec<(Cow<'a, str>, Cow<'a, RawValue>)>,
}

/// Add an extra field as a Ruby hash assignment does: a repeated name keeps its first place
/// and takes the new value.
pub fn set_field<'a>(
    set: &mut Vec<(Cow<'a, str>, Cow<'a, RawValue>)>,
    name: Cow<'a, str>,
    value: Cow<'a, RawValue>,
) {
    match set.iter_mut().find(|(n, _)| *n == name) {
        Some(slot) => slot.1 = value,
        None => set.push((name, value)),
    }
}

/// JSON `null` or `false`: what the gem replaces in place for `jid` and `created_at`.
fn unset(value: &RawValue) -> bool {
    matches!(value.get(), "null" | "false")
}

/// An integer in JSON (no fraction, no exponent).
fn is_integer(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

impl JobSpec<'_> {
    /// A problem with the spec itself, as one sentence.
    pub fn check(&self) -> Result<(), String> {
        if self.class.is_empty() {
            return Err("the class is empty".into());
        }
        if !self.args.get().starts_with('[') {
            return Err(format!(
                "args must be a JSON array, not {}",
                self.args.get()
            ));
        }
        if self.queue.as_deref() == Some("") {
            return Err("the queue name is empty".into());
        }
        if let Some(retry) = &self.retry {
            let text = retry.get();
            if !matches!(text, "true" | "false") && !is_integer(text) {
                return Err(format!(
                    "retry must be true, false or an integer, not {text}"
                ));
            }
        }
        for (name, value) in &self.set {
            if let Some((_, flag)) = OWN_FLAGS.iter().find(|(field, _)| field == name) {
                return Err(format!(
                    "{name:?} can't be set as an extra field: use {flag}"
                ));
            }
            if name == "jid" && !value.get().starts_with('"') && !unset(value) {
                return Err(format!("jid must be a string, not {}", value.get()));
            }
        }
        Ok(())
    }
}

/// One job of a batch: ranges of the batch's arena.
#[derive(Clone, Debug)]
struct Slot {
    payload: Range<usize>,
    jid: Range<usize>,
    queue: Range<usize>,
    /// The schedule score (the `at` float as written), for a scheduled job.
    score: Option<Range<usize>>,
    at: Option<f64>,
    /// The unique lock key and its TTL in seconds.
    lock: Option<(Range<usize>, u64)>,
}

/// Jobs built and ready to write, their bytes in one arena: building a batch allocates
/// nothing once the arena has grown to size, and a batch is reused for the next one.
#[derive(Debug, Default)]
pub struct Batch {
    arena: Vec<u8>,
    jobs: Vec<Slot>,
}

/// A view of one built job.
pub struct Built<'a> {
    pub jid: &'a str,
    pub queue: &'a str,
    pub payload: &'a [u8],
    pub at: Option<f64>,
    pub lock: Option<(&'a str, u64)>,
}

impl Built<'_> {
    /// The key the job is written to.
    pub fn key(&self) -> Name {
        match self.at {
            Some(_) => keys::SCHEDULE.into(),
            None => keys::queue(self.queue),
        }
    }

    pub fn key_type(&self) -> KeyType {
        match self.at {
            Some(_) => KeyType::Zset,
            None => KeyType::List,
        }
    }
}

impl Batch {
    pub fn clear(&mut self) {
        self.arena.clear();
        self.jobs.clear();
    }

    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }

    fn text(&self, range: &Range<usize>) -> &str {
        // Every range holds text copied from a &str.
        std::str::from_utf8(&self.arena[range.clone()]).unwrap_or_default()
    }

    /// Whether job `i` goes into the schedule.
    pub fn scheduled(&self, i: usize) -> bool {
        self.jobs[i].at.is_some()
    }

    pub fn get(&self, i: usize) -> Built<'_> {
        let slot = &self.jobs[i];
        Built {
            jid: self.text(&slot.jid),
            queue: self.text(&slot.queue),
            payload: &self.arena[slot.payload.clone()],
            at: slot.at,
            lock: slot.lock.as_ref().map(|(key, ttl)| (self.text(key), *ttl)),
        }
    }

    /// What an undo needs of the jobs written (README "Undo"): for each, its target ("q" +
    /// queue, or "s" + score), payload, unique lock key, jid and lock TTL, packed.
    pub fn undo_entries(&self, outcomes: &[Written]) -> Vec<Vec<u8>> {
        self.jobs
            .iter()
            .zip(outcomes)
            .filter(|(_, o)| matches!(o, Written::Written))
            .map(|(slot, _)| {
                let target = match &slot.score {
                    Some(score) => [b"s", &self.arena[score.clone()]].concat(),
                    None => [b"q", &self.arena[slot.queue.clone()]].concat(),
                };
                let (lock, ttl) = match &slot.lock {
                    Some((key, ttl)) => (&self.arena[key.clone()], ttl.to_string()),
                    None => (&b""[..], String::new()),
                };
                crate::store::undo::pack(&[
                    &target,
                    &self.arena[slot.payload.clone()],
                    lock,
                    &self.arena[slot.jid.clone()],
                    ttl.as_bytes(),
                ])
            })
            .collect()
    }

    /// Build `spec`'s payload as the gem's `Client.push` of this hash writes it (KEYS.md
    /// §4.2): the caller's keys `class, args[, queue][, retry][, unique][, at]`, then the
    /// extra fields in order, then the defaults that are missing (`jid, queue, retry,
    /// created_at`), then `enqueued_at` for an immediate push. A `jid` or `created_at` given
    /// as null or false is filled in its place; a given `enqueued_at` is overwritten in its
    /// place on an immediate push and kept on a scheduled one, as the gem does. Nothing is
    /// added when it fails.
    pub fn add(
        &mut self,
        spec: &JobSpec<'_>,
        jids: &mut Jids,
        clock: &Clock,
    ) -> Result<(), Unwritable> {
        let start = self.arena.len();
        let built = self.build(spec, jids, clock);
        if built.is_err() {
            self.arena.truncate(start);
        }
        built
    }

    fn build(
        &mut self,
        spec: &JobSpec<'_>,
        jids: &mut Jids,
        clock: &Clock,
    ) -> Result<(), Unwritable> {
        let now = clock.current();
        let (at, delay) = match spec.when {
            When::Now => (None, 0.0),
            When::At(t) => (Some(t), t - now),
            When::In(secs) => (Some(now + secs), secs),
        };
        let out = &mut self.arena;
        let start = out.len();
        out.extend_from_slice(b"{\"class\":");
        ruby_json::string(out, &spec.class);
        out.extend_from_slice(b",\"args\":");
        ruby_json::transcode(out, &spec.args)?;
        if let Some(queue) = &spec.queue {
            field(out, "queue");
            ruby_json::string(out, queue);
        }
        if let Some(retry) = &spec.retry {
            field(out, "retry");
            out.extend_from_slice(retry.get().as_bytes());
        }
        if spec.unique {
            field(out, "unique");
            ruby_json::string(out, UNTIL_EXECUTED);
        }
        let mut score = None;
        if let Some(at) = at {
            field(out, "at");
            let from = out.len();
            ruby_json::float(out, at);
            score = Some(from..out.len());
        }
        let mut jid: Option<Cow<'_, str>> = None;
        let (mut has_created, mut has_enqueued) = (false, false);
        for (name, value) in &spec.set {
            field(out, name);
            match name.as_ref() {
                "jid" => {
                    let j = match serde_json::from_str::<String>(value.get()) {
                        Ok(given) => Cow::Owned(given),
                        Err(_) => Cow::Owned(jids.jid()),
                    };
                    ruby_json::string(out, &j);
                    jid = Some(j);
                }
                "created_at" => {
                    has_created = true;
                    if unset(value) {
                        ruby_json::float(out, now);
                    } else {
                        ruby_json::transcode(out, value)?;
                    }
                }
                "enqueued_at" if at.is_none() => {
                    has_enqueued = true;
                    ruby_json::float(out, clock.current());
                }
                _ => ruby_json::transcode(out, value)?,
            }
        }
        let mut fresh = [0u8; 24];
        if jid.is_none() {
            jids.fill(&mut fresh);
            field(out, "jid");
            out.push(b'"');
            out.extend_from_slice(&fresh);
            out.push(b'"');
        }
        if spec.queue.is_none() {
            field(out, "queue");
            ruby_json::string(out, DEFAULT_QUEUE);
        }
        if spec.retry.is_none() {
            field(out, "retry");
            out.extend_from_slice(b"true");
        }
        if !has_created {
            field(out, "created_at");
            ruby_json::float(out, now);
        }
        if at.is_none() && !has_enqueued {
            field(out, "enqueued_at");
            ruby_json::float(out, clock.current());
        }
        out.push(b'}');
        let payload = start..out.len();
        let jid_range = append(out, jid.as_deref().map_or(&fresh[..], str::as_bytes));
        let queue = append(
            out,
            spec.queue.as_deref().unwrap_or(DEFAULT_QUEUE).as_bytes(),
        );
        let lock = if spec.unique {
            let job =
                Job::parse(&out[payload.clone()]).expect("a payload built here is a JSON object");
            let key = keys::unique(locks::unique_digest(&job));
            let ttl = (UNIQUE_LOCK_TTL + delay.max(0.0)).ceil() as u64;
            Some((append(out, key.as_bytes()), ttl))
        } else {
            None
        };
        self.jobs.push(Slot {
            payload,
            jid: jid_range,
            queue,
            score,
            at,
            lock,
        });
        Ok(())
    }

    /// Write the batch in one round trip, each job whole (lock, push, queue registration) or
    /// not at all. One outcome per job, in order.
    ///
    /// Jobs are grouped by target (a queue, or the schedule), each group in input order and
    /// cut into runs: a run of plain jobs is one LPUSH (or ZADD) of all their payloads, which
    /// Redis applies whole or refuses whole; a run of unique jobs is one ENQUEUE_BATCH script
    /// (locks, then the push, locks given back if the push is refused). A queue written by
    /// plain runs is registered afterwards by QUEUE_REGISTER, only if its key is a list. The
    /// payloads of plain jobs never pass through Lua, which would hash every byte of them;
    /// scripts go by EVALSHA, so their text isn't sent and hashed again for every run.
    pub fn write(&self, store: &mut Store) -> StoreResult<Vec<Written>> {
        if self.jobs.is_empty() {
            return Ok(Vec::new());
        }
        let mut groups: Vec<(Option<Range<usize>>, Vec<usize>)> = Vec::new();
        for (i, slot) in self.jobs.iter().enumerate() {
            let queue = slot.score.is_none().then(|| slot.queue.clone());
            let same = |q: &Option<Range<usize>>| match (q, &queue) {
                (None, None) => true,
                (Some(a), Some(b)) => self.arena[a.clone()] == self.arena[b.clone()],
                _ => false,
            };
            match groups.iter_mut().find(|(q, _)| same(q)) {
                Some((_, members)) => members.push(i),
                None => groups.push((queue, vec![i])),
            }
        }
        let mut pipe = redis::pipe();
        let mut steps: Vec<Step<'_>> = Vec::new();
        for (queue, members) in &groups {
            let key = match queue {
                Some(q) => keys::queue(self.text(q)),
                None => keys::SCHEDULE.into(),
            };
            let mut plain = false;
            for run in members
                .chunk_by(|&a, &b| self.jobs[a].lock.is_some() == self.jobs[b].lock.is_some())
            {
                if self.jobs[run[0]].lock.is_some() {
                    let argv = self.unique_argv(queue, run);
                    script(
                        &mut pipe,
                        &ENQUEUE_BATCH,
                        &[keys::SCHEDULE.as_bytes(), keys::QUEUES.as_bytes()],
                        &argv,
                    );
                    steps.push(Step::Unique(run, argv));
                } else {
                    plain = true;
                    let cmd = pipe.cmd(if queue.is_some() { "LPUSH" } else { "ZADD" });
                    cmd.arg(&key);
                    for &i in run {
                        let slot = &self.jobs[i];
                        if let Some(score) = &slot.score {
                            cmd.arg(&self.arena[score.clone()]);
                        }
                        cmd.arg(&self.arena[slot.payload.clone()]);
                    }
                    steps.push(Step::Plain(run));
                }
            }
            if let (true, Some(q)) = (plain, queue) {
                let argv = vec![self.arena[q.clone()].to_vec()];
                script(
                    &mut pipe,
                    &QUEUE_REGISTER,
                    &[&key, keys::QUEUES.as_bytes()],
                    &argv,
                );
                steps.push(Step::Register(key, argv));
            }
        }
        let replies = store.pipeline(&pipe)?;
        let mut outcomes = vec![Written::Written; self.jobs.len()];
        for (step, reply) in steps.iter().zip(replies) {
            // A script the server doesn't have cached (flushed since it was first run) is
            // run again the usual way: EVALSHA, then EVAL on NOSCRIPT.
            let reply = match (reply, step) {
                (Err(text), Step::Unique(_, argv)) if no_script(&text) => rerun(
                    store,
                    &ENQUEUE_BATCH,
                    &[keys::SCHEDULE.as_bytes(), keys::QUEUES.as_bytes()],
                    argv,
                )?,
                (Err(text), Step::Register(key, argv)) if no_script(&text) => rerun(
                    store,
                    &QUEUE_REGISTER,
                    &[key, keys::QUEUES.as_bytes()],
                    argv,
                )?,
                (reply, _) => reply,
            };
            let (run, unique) = match step {
                Step::Plain(run) => (*run, false),
                Step::Unique(run, _) => (*run, true),
                Step::Register(..) => continue,
            };
            let failed = |outcomes: &mut Vec<Written>, text: String| {
                for &i in run.iter() {
                    outcomes[i] = Written::Failed(text.clone());
                }
            };
            match reply {
                Err(text) => failed(&mut outcomes, text),
                Ok(_) if !unique => {}
                Ok(reply) => {
                    // The script's one group: {1 or the error, then (index, holder) per duplicate}.
                    let group = value::items(&reply)
                        .first()
                        .map(value::items)
                        .unwrap_or_default();
                    match group.first() {
                        Some(redis::Value::Int(1)) => {}
                        other => failed(
                            &mut outcomes,
                            other
                                .and_then(value::string)
                                .unwrap_or_else(|| format!("unexpected reply {reply:?}")),
                        ),
                    }
                    for pair in group.get(1..).unwrap_or_default().chunks(2) {
                        let k = pair.first().and_then(value::int).unwrap_or(0) as usize;
                        if let Some(&i) = k.checked_sub(1).and_then(|k| run.get(k)) {
                            let holder = pair
                                .get(1)
                                .and_then(value::string)
                                .filter(|h| !h.is_empty());
                            outcomes[i] = Written::Duplicate(holder);
                        }
                    }
                }
            }
        }
        Ok(outcomes)
    }

    /// ENQUEUE_BATCH's ARGV for a run of unique jobs of one target (a queue, or the schedule).
    fn unique_argv(&self, queue: &Option<Range<usize>>, run: &[usize]) -> Vec<Vec<u8>> {
        let mut argv = Vec::with_capacity(4 + run.len() * 3);
        argv.push(keys::queue_prefix().as_bytes().to_vec());
        argv.push(match queue {
            Some(q) => [b"q", &self.arena[q.clone()]].concat(),
            None => b"s".to_vec(),
        });
        argv.push(run.len().to_string().into_bytes());
        argv.push(run.len().to_string().into_bytes());
        for &i in run {
            let slot = &self.jobs[i];
            if let Some(score) = &slot.score {
                argv.push(self.arena[score.clone()].to_vec());
            }
            argv.push(self.arena[slot.payload.clone()].to_vec());
        }
        for (k, &i) in run.iter().enumerate() {
            let slot = &self.jobs[i];
            if let Some((key, ttl)) = &slot.lock {
                argv.push(
                    format!(
                        "{} {ttl} {} {}",
                        k + 1,
                        self.text(key),
                        self.text(&slot.jid)
                    )
                    .into_bytes(),
                );
            }
        }
        argv
    }
}

/// Write one batch as a change of its own that can be undone: the jobs written are kept
/// under the run's undo record (unless --no-undo); what was kept.
pub fn write_undoable(
    ctx: &mut crate::ops::Session,
    batch: &Batch,
) -> anyhow::Result<(Vec<Written>, Option<crate::store::undo::Kept>)> {
    let mut recorder = ctx.start_undo(crate::store::undo::Kind::Enqueue, &[])?;
    let store = ctx.store()?;
    load_scripts(store)?;
    let outcomes = batch.write(store)?;
    if let Some(r) = recorder.as_mut() {
        crate::store::undo::keep_jobs(store, r, &batch.undo_entries(&outcomes))?;
    }
    let kept = ctx.finish_undo(recorder.as_ref());
    Ok((outcomes, kept))
}

/// One command of a batch's pipeline.
enum Step<'a> {
    /// An LPUSH or ZADD of these jobs.
    Plain(&'a [usize]),
    /// ENQUEUE_BATCH for these unique jobs, with its ARGV.
    Unique(&'a [usize], Vec<Vec<u8>>),
    /// QUEUE_REGISTER of a queue key, with its ARGV.
    Register(Name, Vec<Vec<u8>>),
}

/// Queue `EVALSHA` of `script` in a pipeline (a NOSCRIPT reply is handled by `rerun`).
fn script(pipe: &mut redis::Pipeline, script: &Script, keys: &[&[u8]], argv: &[Vec<u8>]) {
    pipe.cmd("EVALSHA")
        .arg(script.sha())
        .arg(keys.len())
        .arg(keys)
        .arg(argv);
}

/// Load the scripts a batch runs by EVALSHA, so that the first batch's scripts run in their
/// place in the pipeline (a NOSCRIPT reply is run again after the rest of the pipeline).
pub fn load_scripts(store: &mut Store) -> StoreResult<()> {
    for script in [&ENQUEUE_BATCH, &QUEUE_REGISTER] {
        let _: String = store.query_server(redis::cmd("SCRIPT").arg("LOAD").arg(script.text))?;
    }
    Ok(())
}

/// The server's NOSCRIPT, as the redis crate words it.
fn no_script(text: &str) -> bool {
    text.starts_with("NOSCRIPT") || text.starts_with("NoScript")
}

/// Run `script` again on its own, for a pipelined call the server answered NOSCRIPT.
fn rerun(
    store: &mut Store,
    script: &Script,
    keys: &[&[u8]],
    argv: &[Vec<u8>],
) -> StoreResult<Reply> {
    let args: Vec<&[u8]> = argv.iter().map(Vec::as_slice).collect();
    match store.eval(script, keys, &args) {
        Ok(v) => Ok(Ok(v)),
        Err(e) if e.is_connection() => Err(e),
        Err(e) => Ok(Err(e.to_string())),
    }
}

/// Append `bytes` to the arena; their range.
fn append(out: &mut Vec<u8>, bytes: &[u8]) -> Range<usize> {
    let from = out.len();
    out.extend_from_slice(bytes);
    from..out.len()
}

/// `,"name":`
fn field(out: &mut Vec<u8>, name: &str) {
    out.push(b',');
    ruby_json::string(out, name);
    out.push(b':');
}

/// What became of one job.
#[derive(Clone, Debug, PartialEq)]
pub enum Written {
    Written,
    /// Its unique lock is held (by this jid, when readable): nothing was written.
    Duplicate(Option<String>),
    /// Redis refused the write (the server's text): nothing was written, no lock kept.
    Failed(String),
}

/// Why a job was not written, in one sentence naming the key.
pub fn failure_reason(store: &mut Store, job: &Built<'_>, text: &str) -> String {
    let key = job.key();
    if text.contains("WRONGTYPE") || text.contains("WrongType") {
        let found = store
            .key_type(&key)
            .unwrap_or_else(|_| "value of another type".into());
        format!(
            "{} is a {found}, not the {} cogworker keeps there; nothing was written",
            key.shown(),
            job.key_type().name()
        )
    } else {
        format!(
            "Redis refused the write to {}: {text}; nothing was written",
            key.shown()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> Cow<'static, RawValue> {
        Cow::Owned(RawValue::from_string(text.to_string()).unwrap())
    }

    fn spec(when: When) -> JobSpec<'static> {
        JobSpec {
            class: "Plain".into(),
            args: raw("[1]"),
            queue: None,
            retry: None,
            unique: false,
            when,
            set: Vec::new(),
        }
    }

    fn build(spec: &JobSpec<'_>, now: f64) -> (String, String, Option<(String, u64)>) {
        let mut batch = Batch::default();
        batch
            .add(spec, &mut Jids::new(), &Clock::pinned(now))
            .unwrap();
        let job = batch.get(0);
        (
            String::from_utf8(job.payload.to_vec()).unwrap(),
            job.jid.to_string(),
            job.lock.map(|(k, t)| (k.to_string(), t)),
        )
    }

    #[test]
    fn shapes_of_keys_4_2() {
        // perform_async of a class without options.
        let (payload, jid, _) = build(&spec(When::Now), 1796208052.5);
        assert_eq!(
            payload,
            format!(
                r#"{{"class":"Plain","args":[1],"jid":"{jid}","queue":"default","retry":true,"created_at":1796208052.5,"enqueued_at":1796208052.5}}"#
            )
        );
        // Client.push({"class":"Plain","args":[1],"queue":"q2","retry":3}).
        let mut s = spec(When::Now);
        s.queue = Some("q2".into());
        s.retry = Some(raw("3"));
        let (payload, jid, _) = build(&s, 1796208052.5);
        assert_eq!(
            payload,
            format!(
                r#"{{"class":"Plain","args":[1],"queue":"q2","retry":3,"jid":"{jid}","created_at":1796208052.5,"enqueued_at":1796208052.5}}"#
            )
        );
        // perform_in(300, 1): `at`, no enqueued_at.
        let (payload, jid, _) = build(&spec(When::In(300.0)), 1796208052.5);
        assert_eq!(
            payload,
            format!(
                r#"{{"class":"Plain","args":[1],"at":1796208352.5,"jid":"{jid}","queue":"default","retry":true,"created_at":1796208052.5}}"#
            )
        );
    }

    #[test]
    fn extra_fields_keep_their_place() {
        let mut s = spec(When::Now);
        s.unique = true;
        s.set = vec![
            ("tags".into(), raw(r#"["a", 1e20]"#)),
            ("jid".into(), raw(r#""mine""#)),
            ("enqueued_at".into(), raw("5")),
        ];
        let (payload, jid, lock) = build(&s, 100.0);
        assert_eq!(jid, "mine");
        assert_eq!(
            payload,
            r#"{"class":"Plain","args":[1],"unique":"until_executed","tags":["a",1.0e+20],"jid":"mine","enqueued_at":100.0,"queue":"default","retry":true,"created_at":100.0}"#
        );
        let digest = crate::store::job::sha1_hex(b"Plain|default|[1]");
        assert_eq!(lock, Some((format!("cogworker:unique:{digest}"), 86400)));
        // null/false are filled in place; a scheduled job keeps a given enqueued_at.
        let mut s = spec(When::At(200.0));
        s.set = vec![
            ("created_at".into(), raw("null")),
            ("jid".into(), raw("false")),
            ("enqueued_at".into(), raw("5")),
        ];
        let (payload, jid, _) = build(&s, 100.0);
        assert_eq!(
            payload,
            format!(
                r#"{{"class":"Plain","args":[1],"at":200.0,"created_at":100.0,"jid":"{jid}","enqueued_at":5,"queue":"default","retry":true}}"#
            )
        );
    }

    #[test]
    fn a_scheduled_lock_lives_a_day_beyond_the_due_time() {
        let mut s = spec(When::In(3600.0));
        s.unique = true;
        assert_eq!(build(&s, 1796208131.849).2.unwrap().1, 90000);
        let mut s = spec(When::At(1796208131.849 - 50.0));
        s.unique = true;
        assert_eq!(build(&s, 1796208131.849).2.unwrap().1, 86400);
    }

    #[test]
    fn a_failed_build_adds_nothing() {
        let mut batch = Batch::default();
        let clock = Clock::pinned(1.0);
        batch
            .add(&spec(When::Now), &mut Jids::new(), &clock)
            .unwrap();
        let before = batch.arena.len();
        let mut bad = spec(When::Now);
        bad.args = raw("[1e999]");
        assert!(batch.add(&bad, &mut Jids::new(), &clock).is_err());
        assert_eq!((batch.len(), batch.arena.len()), (1, before));
    }

    #[test]
    fn checks() {
        let mut s = spec(When::Now);
        s.retry = Some(raw("1.5"));
        assert!(s.check().unwrap_err().contains("retry"));
        let mut s = spec(When::Now);
        s.set = vec![("queue".into(), raw("null"))];
        assert!(s.check().unwrap_err().contains("--queue"));
        let mut s = spec(When::Now);
        s.set = vec![("jid".into(), raw("5"))];
        assert!(s.check().is_err());
        let mut s = spec(When::Now);
        s.args = raw("{}");
        assert!(s.check().is_err());
    }
}
