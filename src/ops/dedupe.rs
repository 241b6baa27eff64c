//! `queue dedupe QUEUE`: remove duplicate jobs — the same class and the same args as stored
//! (`--by class,args`), or the same args (`--by args`) — keeping, of each, the one workers
//! would take first. The queue is read from its tail while workers take jobs from it and
//! rebuilt beside itself (store::rebuild): memory stays at a fixed-size digest per distinct
//! job, and the queue as it was is kept under the undo record.

use std::collections::{BTreeMap, HashSet};
use std::hash::{BuildHasher, Hasher};

use clap::ValueEnum;
use serde::Serialize;

use crate::ops::{Counts, Progress, Session};
use crate::store::job::{Job, UNPARSEABLE_CLASS};
use crate::store::page::ListPager;
use crate::store::rebuild::{self, KeepAs};
use crate::store::undo::{self, Kind};
use crate::store::{KeyType, Name, Store, StoreResult, keys};
use crate::term::interrupt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum By {
    #[value(name = "class,args")]
    ClassArgs,
    #[value(name = "args")]
    Args,
}

/// A job's identity for dedupe: 128 bits of two hashes with keys random to this run, so a
/// payload can't be made to collide with another on purpose. `None` for an element that
/// isn't a job: it is never anyone's duplicate.
struct Digester {
    a: std::collections::hash_map::RandomState,
    b: std::collections::hash_map::RandomState,
    by: By,
}

impl Digester {
    fn new(by: By) -> Digester {
        Digester {
            a: Default::default(),
            b: Default::default(),
            by,
        }
    }

    fn digest(&self, job: &Job<'_>) -> u128 {
        let feed = |state: &std::collections::hash_map::RandomState| {
            let mut h = state.build_hasher();
            if self.by == By::ClassArgs {
                match &job.class {
                    Some(c) => {
                        h.write_u8(1);
                        h.write(c.as_bytes());
                    }
                    None => h.write_u8(0),
                }
            }
            match job.args {
                Some(a) => {
                    h.write_u8(1);
                    h.write(a.get().as_bytes());
                }
                None => h.write_u8(0),
            }
            h.finish()
        };
        (u128::from(feed(&self.a)) << 64) | u128::from(feed(&self.b))
    }
}

/// Duplicates found, per class (the first 1,000 classes named, the rest as one).
#[derive(Default)]
struct Tally {
    by_class: BTreeMap<String, u64>,
    other: u64,
}

const CLASSES_NAMED: usize = 1000;

impl Tally {
    fn add(&mut self, job: &Job<'_>) {
        let class = job.class.as_deref().unwrap_or("").to_string();
        if let Some(n) = self.by_class.get_mut(&class) {
            *n += 1;
        } else if self.by_class.len() < CLASSES_NAMED {
            self.by_class.insert(class, 1);
        } else {
            self.other += 1;
        }
    }

    fn rows(&self) -> Vec<ClassCount> {
        let mut rows: Vec<ClassCount> = self
            .by_class
            .iter()
            .map(|(class, n)| ClassCount {
                class: Some(class.clone()),
                duplicates: *n,
            })
            .collect();
        rows.sort_by(|a, b| b.duplicates.cmp(&a.duplicates).then(a.class.cmp(&b.class)));
        if self.other > 0 {
            rows.push(ClassCount {
                class: None,
                duplicates: self.other,
            });
        }
        rows
    }
}

#[derive(Debug, Serialize)]
pub struct ClassCount {
    /// The class (null: the classes beyond the first 1,000, together).
    pub class: Option<String>,
    pub duplicates: u64,
}

/// The report of `queue dedupe`, dry run or not. Its JSON form is a contract (README).
#[derive(Debug, Serialize)]
pub struct DedupeReport {
    pub queue: Name,
    pub key: Name,
    pub target: String,
    pub dry_run: bool,
    /// `class,args` or `args`.
    pub by: &'static str,
    /// Jobs read.
    pub scanned: u64,
    /// Distinct jobs (each kept once); elements that aren't jobs count as distinct.
    pub distinct: u64,
    /// Duplicates found (a dry run), or removed.
    pub duplicates: u64,
    /// Bytes of the duplicates.
    pub duplicate_bytes: u64,
    pub by_class: Vec<ClassCount>,
    /// What the undo record keeps (the queue as it was, whole), or would keep.
    pub undo: Option<undo::Kept>,
    /// True when Ctrl-C stopped the run before the swap: nothing was changed.
    pub interrupted: bool,
}

impl By {
    /// The fields that make two jobs duplicates, as `--by` names them.
    pub fn fields(self) -> &'static str {
        match self {
            By::ClassArgs => "class,args",
            By::Args => "args",
        }
    }
}

/// The queue's length, once it is known to be a list (or absent).
pub fn length(store: &mut Store, queue: &Name) -> StoreResult<u64> {
    let key = keys::queue(queue);
    store.expect_type(&key, KeyType::List)?;
    store.query(redis::cmd("LLEN").arg(&key), &key, KeyType::List)
}

fn empty_report(store: &Store, queue: &Name, by: By, dry_run: bool) -> DedupeReport {
    DedupeReport {
        queue: queue.clone(),
        key: keys::queue(queue),
        target: store.target().to_string(),
        dry_run,
        by: by.fields(),
        scanned: 0,
        distinct: 0,
        duplicates: 0,
        duplicate_bytes: 0,
        by_class: Vec::new(),
        undo: None,
        interrupted: false,
    }
}

/// A judge of duplicates: a job is one when a job with its digest was seen nearer the tail
/// (read from the tail, the first of each is the one workers take first).
struct Judge {
    digester: Digester,
    seen: HashSet<u128>,
    tally: Tally,
}

impl Judge {
    fn new(by: By) -> Judge {
        Judge {
            digester: Digester::new(by),
            seen: HashSet::new(),
            tally: Tally::default(),
        }
    }

    fn duplicate(&mut self, raw: &[u8]) -> bool {
        match Job::parse(raw) {
            Ok(job) if job.class.as_deref() != Some(UNPARSEABLE_CLASS) => {
                if self.seen.insert(self.digester.digest(&job)) {
                    false
                } else {
                    self.tally.add(&job);
                    true
                }
            }
            _ => false,
        }
    }
}

/// The duplicates of `queue`, counted by class, read from its tail in pages; nothing is
/// changed.
pub fn dry_run(ctx: &mut Session, queue: &Name, by: By) -> anyhow::Result<DedupeReport> {
    let key = keys::queue(queue);
    let store = ctx.store()?;
    store.expect_type(&key, KeyType::List)?;
    let mut report = empty_report(store, queue, by, true);
    let mut judge = Judge::new(by);
    let mut pager = ListPager::from_tail(&key);
    let mut total_bytes = 0u64;
    while let Some(page) = pager.next_page(store)? {
        for raw in page {
            report.scanned += 1;
            total_bytes += raw.len() as u64;
            if judge.duplicate(&raw) {
                report.duplicates += 1;
                report.duplicate_bytes += raw.len() as u64;
            }
        }
    }
    report.distinct = report.scanned - report.duplicates;
    report.by_class = judge.tally.rows();
    report.undo = ctx.would_keep(report.duplicates, total_bytes);
    Ok(report)
}

/// Remove the duplicates of `queue` (`length` jobs long when asked), keeping the queue as it
/// was under the undo record; workers go on taking jobs from it meanwhile.
pub fn apply(
    ctx: &mut Session,
    queue: &Name,
    by: By,
    length: u64,
    progress: &dyn Progress,
) -> anyhow::Result<DedupeReport> {
    let key = keys::queue(queue);
    let now = ctx.ui.clock.current();
    let mut report = empty_report(ctx.store()?, queue, by, false);
    if length == 0 {
        return Ok(report);
    }
    let mut judge = Judge::new(by);
    let mut recorder = ctx.start_undo(Kind::ListSwap, &[("key", key.as_bytes())])?;
    let staging = match &recorder {
        Some(r) => r.part("staging"),
        // No record: a staging key of its own, still never under a key the gem reads.
        None => Name::new([keys::undo_parts(&undo::new_id(now)).as_bytes(), b"staging"].concat()),
    };
    let keep_as = recorder.as_ref().map(|r| KeepAs {
        list: r.part("list"),
        mask: r.part("mask"),
        until_ms: (r.until() * 1000.0) as i64,
    });
    interrupt::watch();
    let mut read_bytes = 0u64;
    let removed = rebuild::remove(
        ctx.store()?,
        &key,
        &staging,
        keep_as.as_ref(),
        |raw| {
            read_bytes += raw.len() as u64;
            judge.duplicate(raw)
        },
        interrupt::requested,
        |n| progress.inc(n),
    );
    let removed = match removed {
        Ok(r) => r,
        Err(e) => {
            if let Some(r) = &recorder {
                let _ = undo::purge(ctx.store()?, &r.id);
            }
            return Err(e.into());
        }
    };
    report.scanned = removed.scanned;
    report.interrupted = !removed.swapped && removed.removed > 0 && interrupt::requested();
    if removed.swapped {
        report.duplicates = removed.removed;
        report.duplicate_bytes = removed.removed_bytes;
        report.distinct = removed.scanned - removed.removed;
        report.by_class = judge.tally.rows();
        if let Some(r) = recorder.as_mut() {
            r.add(removed.removed, read_bytes);
        }
    }
    report.undo = ctx.finish_undo(recorder.as_ref());
    ctx.record(Counts {
        matched: report.scanned,
        done: report.duplicates,
        ..Counts::default()
    });
    Ok(report)
}
