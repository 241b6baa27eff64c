//! `queue dedupe QUEUE`: remove duplicate jobs — the same class and the same args as stored
//! (`--by class,args`), or the same args (`--by args`) — keeping, of each, the one workers
//! would take first. The queue is read from its tail while workers take jobs from it and
//! rebuilt beside itself (store::rebuild): memory stays at a fixed-size digest per distinct
//! job, and the queue as it was is kept under the undo record.

use std::collections::{BTreeMap, HashSet};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::super::Ctx;
use crate::render::progress::Progress;
use crate::render::size::{bytes, count};
use crate::render::table::{self, Tone};
use crate::render::time::rfc3339;
use crate::render::{self, Report};
use crate::store::job::{Job, UNPARSEABLE_CLASS};
use crate::store::page::ListPager;
use crate::store::rebuild::{self, KeepAs};
use crate::store::undo::{self, Kind};
use crate::store::{KeyType, Name, keys};
use crate::term::confirm::confirm;
use crate::term::exit::Exit;
use crate::term::interrupt;
use crate::term::ui::Ui;
use crate::term::values::name_parser;

#[derive(Debug, Args)]
pub struct DedupeArgs {
    /// The queue
    #[arg(value_name = "QUEUE", value_parser = name_parser())]
    pub queue_name: Name,

    /// What makes two jobs duplicates: the same class and args (as stored), or the same args
    #[arg(long, value_enum, value_name = "FIELDS", default_value_t = By::ClassArgs)]
    pub by: By,

    /// Count the duplicates by class, and change nothing
    #[arg(long)]
    pub dry_run: bool,

    /// Don't ask for confirmation
    #[arg(long, short)]
    pub yes: bool,
}

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

impl Report for DedupeReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let verb = if self.dry_run {
            "would remove"
        } else if self.interrupted {
            "interrupted: removed"
        } else {
            "removed"
        };
        writeln!(
            out,
            "{} {} duplicate {} ({}) of {} on queue {} (same {}; the one workers take first is \
             kept)",
            s.strong(verb),
            count(self.duplicates),
            crate::text::plural(self.duplicates, "job", "jobs"),
            bytes(self.duplicate_bytes as i64),
            count(self.scanned),
            self.queue.shown(),
            self.by.replace(',', " and ")
        )?;
        if !self.by_class.is_empty() {
            let mut t = table::new(ui, &["CLASS", "DUPLICATES"]);
            for c in self.by_class.iter().take(20) {
                t.add_row(vec![
                    table::cell(
                        ui,
                        c.class.as_deref().unwrap_or("(other classes)"),
                        Tone::Strong,
                    ),
                    table::cell(ui, count(c.duplicates), Tone::Plain),
                ]);
            }
            writeln!(out)?;
            out.write_all(table::finish(&mut t, &[1]).as_bytes())?;
            if self.by_class.len() > 20 {
                writeln!(out, "… and {} more classes", self.by_class.len() - 20)?;
            }
        }
        if self.dry_run {
            match &self.undo {
                Some(k) => writeln!(
                    out,
                    "undo: would keep the queue as it was (≈ {}, the whole queue: it is rebuilt \
                     beside itself) until {}; --no-undo keeps nothing",
                    bytes(k.bytes as i64),
                    rfc3339(k.until)
                )?,
                None => writeln!(out, "undo: --no-undo, nothing would be kept")?,
            }
            writeln!(out, "{}", s.dim("dry run: nothing was changed"))?;
        } else if self.interrupted {
            writeln!(
                out,
                "{}",
                s.dim("interrupted before the swap: nothing was changed")
            )?;
        }
        Ok(())
    }

    fn exit(&self) -> Exit {
        if self.interrupted {
            Exit::Interrupted
        } else {
            Exit::Ok
        }
    }
}

pub fn run(ctx: &mut Ctx, args: &DedupeArgs) -> anyhow::Result<Exit> {
    let queue = &args.queue_name;
    super::check_name(queue)?;
    let key = keys::queue(queue);
    let ui = ctx.ui.clone();
    let by = match args.by {
        By::ClassArgs => "class,args",
        By::Args => "args",
    };
    let store = ctx.store()?;
    store.expect_type(&key, KeyType::List)?;
    super::refuse_missing(store, queue, "removed")?;
    let target = store.target().to_string();
    let length: u64 = store.query(redis::cmd("LLEN").arg(&key), &key, KeyType::List)?;
    let digester = Digester::new(args.by);
    let mut seen: HashSet<u128> = HashSet::new();
    let mut tally = Tally::default();
    let mut report = DedupeReport {
        queue: queue.clone(),
        key: key.clone(),
        target: target.clone(),
        dry_run: args.dry_run,
        by,
        scanned: 0,
        distinct: 0,
        duplicates: 0,
        duplicate_bytes: 0,
        by_class: Vec::new(),
        undo: None,
        interrupted: false,
    };
    // A job is a duplicate when one with its digest was seen nearer the tail: read from the
    // tail, the first of each is the one workers take first.
    let mut judge = |raw: &[u8], tally: &mut Tally| -> bool {
        match Job::parse(raw) {
            Ok(job) if job.class.as_deref() != Some(UNPARSEABLE_CLASS) => {
                if seen.insert(digester.digest(&job)) {
                    false
                } else {
                    tally.add(&job);
                    true
                }
            }
            _ => false,
        }
    };
    if args.dry_run {
        let mut pager = ListPager::from_tail(&key);
        let mut total_bytes = 0u64;
        while let Some(page) = pager.next_page(store)? {
            for raw in page {
                report.scanned += 1;
                total_bytes += raw.len() as u64;
                if judge(&raw, &mut tally) {
                    report.duplicates += 1;
                    report.duplicate_bytes += raw.len() as u64;
                }
            }
        }
        report.distinct = report.scanned - report.duplicates;
        report.by_class = tally.rows();
        report.undo = ctx.would_keep(report.duplicates, total_bytes);
        render::emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(Exit::Ok);
    }
    if length == 0 {
        render::emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(Exit::Ok);
    }
    confirm(
        &ui,
        args.yes,
        &format!(
            "Remove the duplicate jobs (same {}) from queue {} ({} jobs) on {target}, keeping \
             the one workers take first?",
            by.replace(',', " and "),
            queue.shown(),
            count(length)
        ),
    )?;
    let mut recorder = ctx.start_undo(Kind::ListSwap, &[("key", key.as_bytes())])?;
    let staging = match &recorder {
        Some(r) => r.part("staging"),
        // No record: a staging key of its own, still never under a key the gem reads.
        None => Name::new(
            [
                keys::undo_parts(&undo::new_id(ui.clock.current())).as_bytes(),
                b"staging",
            ]
            .concat(),
        ),
    };
    let keep_as = recorder.as_ref().map(|r| KeepAs {
        list: r.part("list"),
        mask: r.part("mask"),
        until_ms: (r.until() * 1000.0) as i64,
    });
    interrupt::watch();
    let progress = Progress::new(&ui, length, "deduping");
    let mut read_bytes = 0u64;
    let removed = rebuild::remove(
        ctx.store()?,
        &key,
        &staging,
        keep_as.as_ref(),
        |raw| {
            read_bytes += raw.len() as u64;
            judge(raw, &mut tally)
        },
        interrupt::requested,
        |n| progress.inc(n),
    );
    progress.finish();
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
        report.by_class = tally.rows();
        if let Some(r) = recorder.as_mut() {
            r.add(removed.removed, read_bytes);
        }
    }
    report.undo = ctx.finish_undo(recorder.as_ref());
    ctx.record(super::super::Counts {
        matched: report.scanned,
        done: report.duplicates,
        ..super::super::Counts::default()
    });
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(report.exit())
}
