//! A queue rebuilt beside itself, while workers take jobs from it and the gem pushes to it:
//! the way to remove (or put back) many jobs in the middle of a long list, which Redis can't
//! do in place without walking the list once per job.
//!
//! `remove` reads the queue from its tail (the next job a worker takes) towards the head in
//! pages, each page found after the last element read wherever pops and pushes moved it
//! (list_read_tail.lua). Each job is kept or left out; the kept ones are pushed, in order, on
//! a staging list. The staging list then replaces the queue in one atomic step
//! (list_swap.lua) that carries over what happened meanwhile: jobs pushed at the head since,
//! jobs put back at the tail since, and jobs workers took (cut from the staging list). Only
//! if the queue is exactly what the reading accounts for does the swap happen; otherwise the
//! reckoning is done again. Nothing a worker took is touched, nothing is removed twice.
//!
//! The queue as it was (P) moves under the undo record, with a mask of what was left out.
//! `restore` puts the left-out jobs back: a rebuild from P (in Redis, no round trip of the
//! bytes) down to the oldest kept job no worker took yet, swapped in the same way; the
//! left-out jobs whose kept neighbours ahead of them have all been taken belong at the front
//! of the line and are pushed there afterwards, in batches that each record how far they went.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};

use redis::Value;

use super::scripts::{LIST_COPY, LIST_READ_TAIL, LIST_SWAP, UNDO_LIST_FRONT, UNDO_LIST_SWAP};
use super::{KeyType, Name, Store, StoreError, StoreResult, value};

/// Elements read per page (each page walks the list from its tail to where it starts: big
/// pages walk it fewer times).
const PAGE: usize = 4000;
/// How far around its last place the anchor of a page is looked for before LPOS.
const WINDOW: usize = 200;
/// How many times the last step is reckoned again when the queue moved under it.
const ATTEMPTS: usize = 100;
/// How many of the queue's last elements the swap looks through for the oldest one left.
const WINDOW_SWAP: usize = 2000;
/// Candidates for the oldest element left sent to the swap (pops between the look and the
/// swap move it along them).
const CANDIDATES: usize = 1000;
/// Jobs pushed to a queue since its rebuild that an undo copies in its last step (at most).
const HEAD_MAX_RESTORE: u64 = 100_000;
/// Jobs pushed at the head since the reading began that the last step copies itself; more
/// are copied to the staging list first.
const HEAD_COPY: u64 = 10_000;
/// A staging list's lifetime, renewed with each page: a run cut short leaves nothing behind.
const STAGING_TTL_MS: u64 = 3_600_000;

/// A set of bits, one per element of a list.
#[derive(Clone, Debug, Default)]
pub struct Bits {
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    pub fn push(&mut self, bit: bool) {
        if self.len.is_multiple_of(64) {
            self.words.push(0);
        }
        if bit {
            self.words[self.len / 64] |= 1 << (self.len % 64);
        }
        self.len += 1;
    }

    pub fn get(&self, i: usize) -> bool {
        i < self.len && self.words[i / 64] & (1 << (i % 64)) != 0
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many of the first `n` bits are set.
    pub fn count_below(&self, n: usize) -> usize {
        (0..n.min(self.len)).filter(|&i| self.get(i)).count()
    }

    /// As stored in Redis: bit i is bit (7 - i % 8) of byte i / 8 (GETBIT's order).
    pub fn to_redis(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.len.div_ceil(8)];
        for i in (0..self.len).filter(|&i| self.get(i)) {
            out[i / 8] |= 0x80 >> (i % 8);
        }
        out
    }

    pub fn from_redis(bytes: &[u8], len: usize) -> Bits {
        let mut bits = Bits::default();
        for i in 0..len {
            bits.push(bytes.get(i / 8).is_some_and(|b| b & (0x80 >> (i % 8)) != 0));
        }
        bits
    }
}

/// A keyed 64-bit hash of an element, to find it again in a window of the queue (the script
/// then checks its bytes).
fn hash64(state: &std::collections::hash_map::RandomState, bytes: &[u8]) -> u64 {
    let mut h = state.build_hasher();
    h.write(bytes);
    h.finish()
}

/// Where a removal keeps the queue as it was: under the undo record, until it expires.
pub struct KeepAs {
    pub list: Name,
    pub mask: Name,
    pub until_ms: i64,
}

/// What a removal did.
#[derive(Debug, Default)]
pub struct Removed {
    /// Jobs read.
    pub scanned: u64,
    /// Jobs left out of the queue.
    pub removed: u64,
    /// Bytes left out.
    pub removed_bytes: u64,
    /// False when the run stopped (Ctrl-C) before the swap: nothing was changed.
    pub swapped: bool,
}

/// Remove from `queue` every job `leave_out` says, by rebuilding it beside itself in
/// `staging`. `leave_out` sees each job once, the next one a worker would take first.
pub fn remove(
    store: &mut Store,
    queue: &Name,
    staging: &Name,
    keep_as: Option<&KeepAs>,
    mut leave_out: impl FnMut(&[u8]) -> bool,
    stop: impl Fn() -> bool,
    mut progress: impl FnMut(u64),
) -> StoreResult<Removed> {
    store.query_server::<()>(redis::cmd("DEL").arg(staging))?;
    let state = std::collections::hash_map::RandomState::new();
    let mut out = Removed::default();
    // O: the elements read, tail first: their hashes and whether each is kept.
    let mut hashes: Vec<u64> = Vec::new();
    let mut kept = Bits::default();
    let mut anchor: Vec<u8> = Vec::new();
    let mut anchor_pos: i64 = 0;
    let mut attempts = 0;
    // The kept elements of the last page, pushed on the staging list together with the
    // reading of the next page (one round trip a page).
    'read: loop {
        // Read on from the anchor to the head: a reader thread on its own connection reads
        // the next page while this one judges a page and pushes what it keeps.
        let pages = read_ahead(store.connector().clone(), queue, &anchor, anchor_pos);
        loop {
            if stop() {
                drop(pages);
                store.query_server::<()>(redis::cmd("DEL").arg(staging))?;
                return Ok(out);
            }
            let next = pages.recv().unwrap_or_else(|_| {
                Err(StoreError::Command {
                    command: "LRANGE".into(),
                    key: queue.shown().into_owned(),
                    reason: "the background reader stopped before the end of the queue".into(),
                })
            })?;
            let Some((at, page)) = next else {
                break;
            };
            let mut push = redis::cmd("LPUSH");
            push.arg(staging);
            let mut pushing = false;
            for raw in &page {
                hashes.push(hash64(&state, raw));
                let left_out = leave_out(raw);
                kept.push(!left_out);
                if left_out {
                    out.removed += 1;
                    out.removed_bytes += raw.len() as u64;
                } else {
                    push.arg(raw);
                    pushing = true;
                }
            }
            out.scanned += page.len() as u64;
            progress(page.len() as u64);
            if pushing {
                let mut pipe = redis::pipe();
                pipe.add_command(push);
                pipe.cmd("PEXPIRE").arg(staging).arg(STAGING_TTL_MS);
                check(store.pipeline(&pipe)?, staging)?;
            }
            anchor_pos = at + page.len() as i64;
            anchor = page.into_iter().last().unwrap_or_default();
        }
        if out.removed == 0 {
            store.query_server::<()>(redis::cmd("DEL").arg(staging))?;
            return Ok(out);
        }
        // The newest element read is the head anchor. The swap finds the oldest one left
        // itself, among the candidates last seen at the tail.
        let mut omask = Bits::default();
        for j in (0..hashes.len()).rev() {
            omask.push(!kept.get(j));
        }
        let omask = omask.to_redis();
        while attempts < ATTEMPTS {
            attempts += 1;
            let candidates = tail_candidates(store, queue, &hashes, &state)?;
            if candidates.is_empty() {
                // Every element read was taken by workers meanwhile: nothing is left to
                // remove (the duplicates ran).
                store.query_server::<()>(redis::cmd("DEL").arg(staging))?;
                out.removed = 0;
                out.swapped = true;
                return Ok(out);
            }
            let (pre, mask_key, until) = match keep_as {
                Some(k) => (k.list.clone(), k.mask.clone(), k.until_ms.to_string()),
                None => (Name::default(), Name::default(), "0".into()),
            };
            let head_max = (HEAD_COPY + 1).to_string();
            let window = WINDOW_SWAP.to_string();
            let m = hashes.len().to_string();
            let counts: Vec<(String, String)> = candidates
                .iter()
                .map(|(j, _)| (j.to_string(), kept.count_below(*j).to_string()))
                .collect();
            let mut args: Vec<&[u8]> = vec![
                &anchor,
                head_max.as_bytes(),
                window.as_bytes(),
                until.as_bytes(),
                &omask,
                m.as_bytes(),
            ];
            push_candidates(&mut args, &candidates, &counts);
            let reply = store.eval(
                &LIST_SWAP,
                &[
                    queue.as_bytes(),
                    staging.as_bytes(),
                    pre.as_bytes(),
                    mask_key.as_bytes(),
                ],
                &args,
            )?;
            let items = value::items(&reply);
            match items.first().and_then(value::int) {
                Some(1) => {
                    let oldest = items.get(2).and_then(value::int).unwrap_or(0).max(0) as usize;
                    // Left out are the elements read and not kept, less those workers took.
                    let taken = (0..oldest).filter(|&j| !kept.get(j)).count() as u64;
                    out.removed -= taken;
                    out.swapped = true;
                    return Ok(out);
                }
                _ if items.get(1).and_then(value::string).as_deref() == Some("head") => {
                    // Many jobs pushed meanwhile: read them as well, then swap.
                    continue 'read;
                }
                _ => {}
            }
        }
        break;
    }
    store.query_server::<()>(redis::cmd("DEL").arg(staging))?;
    Err(cannot_follow(queue, "nothing was changed"))
}

/// The queue changed in a way the rebuild can't account for: nothing was swapped.
fn cannot_follow(queue: &Name, outcome: &str) -> StoreError {
    StoreError::Command {
        command: "REBUILD".into(),
        key: queue.shown().into_owned(),
        reason: format!(
            "the queue kept changing in ways the rebuild can't follow (jobs deleted from its \
             middle?); {outcome}"
        ),
    }
}

/// The elements read (their index in O, tail first, and bytes) that are among the queue's
/// last elements now, oldest first: where the swap looks for the oldest one left.
fn tail_candidates(
    store: &mut Store,
    queue: &Name,
    hashes: &[u64],
    state: &std::collections::hash_map::RandomState,
) -> StoreResult<Vec<(usize, Vec<u8>)>> {
    let window: Vec<Vec<u8>> = store.query(
        redis::cmd("LRANGE")
            .arg(queue)
            .arg(-(WINDOW_SWAP as i64))
            .arg(-1),
        queue,
        KeyType::List,
    )?;
    let in_window: HashMap<u64, &Vec<u8>> =
        window.iter().map(|raw| (hash64(state, raw), raw)).collect();
    let mut found: Vec<(usize, Vec<u8>)> = Vec::new();
    for (j, h) in hashes.iter().enumerate() {
        if let Some(raw) = in_window.get(h) {
            found.push((j, (*raw).clone()));
            if found.len() >= CANDIDATES {
                break;
            }
        } else if !found.is_empty() {
            // The elements read after the oldest one left are all there, in order: a gap
            // means the window ended.
            break;
        }
    }
    Ok(found)
}

/// A page, as the reader hands it over: the anchor's position when it was read, and the
/// elements after it, nearest the tail first (`None` at the head).
type Page = StoreResult<Option<(i64, Vec<Vec<u8>>)>>;

/// Read the queue from `anchor` on, page by page, in a thread of its own (one page ahead).
fn read_ahead(
    connector: super::Connector,
    queue: &Name,
    anchor: &[u8],
    anchor_pos: i64,
) -> std::sync::mpsc::Receiver<Page> {
    let (tx, rx) = std::sync::mpsc::sync_channel::<Page>(1);
    let queue = queue.clone();
    let mut anchor = anchor.to_vec();
    let mut pos = anchor_pos;
    std::thread::spawn(move || {
        let mut store = match Store::connect(connector) {
            Ok(store) => store,
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        };
        loop {
            let (at, page) = match read_page(&mut store, &queue, &anchor, pos) {
                Ok(read) => read,
                Err(e) => {
                    let _ = tx.send(Err(e));
                    return;
                }
            };
            if at < 0 {
                // The anchor was taken by a worker, and every element read before it: read
                // on from the tail as it is now.
                anchor.clear();
                pos = 0;
                continue;
            }
            if page.is_empty() {
                let _ = tx.send(Ok(None));
                return;
            }
            pos = at + page.len() as i64;
            anchor = page.last().cloned().unwrap_or_default();
            if tx.send(Ok(Some((at, page)))).is_err() {
                return;
            }
        }
    });
    rx
}

/// Read the page after the anchor (the last element read, at `anchor_pos` from the tail when
/// it was read): the anchor's position now (-1: it is gone) and the page, nearest the tail
/// first. A plain LRANGE of the page with a margin on both sides, the anchor found in it
/// here; only when pops and pushes moved it beyond the margin, list_read_tail.lua.
fn read_page(
    store: &mut Store,
    queue: &Name,
    anchor: &[u8],
    anchor_pos: i64,
) -> StoreResult<(i64, Vec<Vec<u8>>)> {
    let margin = WINDOW as i64;
    let (lo, hi) = if anchor.is_empty() {
        (1, PAGE as i64)
    } else {
        (
            (anchor_pos - margin).max(1),
            anchor_pos + PAGE as i64 + margin,
        )
    };
    let slice: Value = store.query(
        redis::cmd("LRANGE").arg(queue.as_bytes()).arg(-hi).arg(-lo),
        queue,
        KeyType::List,
    )?;
    let mut slice = match slice {
        Value::Array(items) => items
            .into_iter()
            .filter_map(|v| match v {
                Value::BulkString(b) => Some(b),
                _ => None,
            })
            .collect::<Vec<_>>(),
        _ => Vec::new(),
    };
    // Nearest the tail first: slice[i] is at position lo + i.
    slice.reverse();
    if anchor.is_empty() {
        return Ok((0, slice));
    }
    let at = slice
        .iter()
        .enumerate()
        .filter(|(_, raw)| raw.as_slice() == anchor)
        .map(|(i, _)| lo + i as i64)
        .min_by_key(|pos| (pos - anchor_pos).abs());
    match at {
        Some(at) => {
            let start = (at - lo + 1) as usize;
            let page: Vec<Vec<u8>> = slice.drain(start..).take(PAGE).collect();
            Ok((at, page))
        }
        None => {
            let (pos, size, window) =
                (anchor_pos.to_string(), PAGE.to_string(), WINDOW.to_string());
            let reply = store.eval(
                &LIST_READ_TAIL,
                &[queue.as_bytes()],
                &[anchor, pos.as_bytes(), size.as_bytes(), window.as_bytes()],
            )?;
            Ok(page_of(reply))
        }
    }
}

/// list_read_tail.lua's reply: the anchor's position and the elements, moved out of it.
fn page_of(reply: Value) -> (i64, Vec<Vec<u8>>) {
    let Value::Array(mut items) = reply else {
        return (0, Vec::new());
    };
    let elements = if items.len() > 1 {
        items.remove(1)
    } else {
        Value::Nil
    };
    let at = items.first().and_then(value::int).unwrap_or(0);
    let page = match elements {
        Value::Array(elements) => elements
            .into_iter()
            .filter_map(|v| match v {
                Value::BulkString(b) => Some(b),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    (at, page)
}

/// The candidates for the oldest element left, as the swap scripts take them: per candidate
/// its bytes, its index, and the count the script needs if it is the one.
fn push_candidates<'a>(
    args: &mut Vec<&'a [u8]>,
    candidates: &'a [(usize, Vec<u8>)],
    numbers: &'a [(String, String)],
) {
    for ((_, raw), (index, count)) in candidates.iter().zip(numbers) {
        args.push(raw);
        args.push(index.as_bytes());
        args.push(count.as_bytes());
    }
}

fn check(replies: Vec<super::Reply>, key: &Name) -> StoreResult<()> {
    for reply in replies {
        reply.map_err(|reason| StoreError::Command {
            command: "LPUSH".into(),
            key: key.shown().into_owned(),
            reason,
        })?;
    }
    Ok(())
}

/// The keys a restore works with.
pub struct RestoreKeys<'a> {
    pub queue: &'a Name,
    /// The kept list P and its mask (under the record undone).
    pub list: &'a Name,
    pub mask: &'a Name,
    /// Where P and the mask go (under the undo's own record).
    pub into_list: &'a Name,
    pub into_mask: &'a Name,
    /// The undo's own record (its `front_next` says how far the front pushes went).
    pub into_record: &'a Name,
    pub staging: &'a Name,
}

impl RestoreKeys<'_> {
    /// UNDO_LIST_SWAP's keys, in its order.
    fn swap_keys(&self) -> [&[u8]; 7] {
        [
            self.queue.as_bytes(),
            self.staging.as_bytes(),
            self.list.as_bytes(),
            self.mask.as_bytes(),
            self.into_list.as_bytes(),
            self.into_mask.as_bytes(),
            self.into_record.as_bytes(),
        ]
    }
}

/// What a restore did.
#[derive(Debug, Default)]
pub struct Restored {
    /// Jobs put back.
    pub restored: u64,
    /// Jobs put back at the front of the line (every kept job ahead of them was taken).
    pub to_front: u64,
}

/// Put back the jobs a removal left out (see the module's comment). Idempotent: cut short, it
/// continues where it stopped when run again.
pub fn restore(store: &mut Store, k: &RestoreKeys<'_>) -> StoreResult<Restored> {
    let mut out = Restored::default();
    let swapped = store.query_server::<u64>(redis::cmd("EXISTS").arg(k.list))? == 0;
    let (plen, mask) = if swapped {
        read_mask(store, k.into_list, k.into_mask)?
    } else {
        read_mask(store, k.list, k.mask)?
    };
    let masked_total = (0..plen).filter(|&i| mask.get(i)).count() as u64;
    if !swapped {
        let front = swap_back(store, k, plen, &mask)?;
        store.query_server::<()>(
            redis::cmd("HSET")
                .arg(k.into_record)
                .arg("front_next")
                .arg(front),
        )?;
    }
    // The front: left-out jobs beyond the last kept job still waiting.
    loop {
        let next: Option<String> =
            store.query_server(redis::cmd("HGET").arg(k.into_record).arg("front_next"))?;
        let Some(from) = next.and_then(|t| t.parse::<usize>().ok()) else {
            break;
        };
        if from >= plen {
            break;
        }
        let to = (from + PAGE).min(plen);
        let page: Vec<Vec<u8>> = store.query(
            redis::cmd("LRANGE").arg(k.into_list).arg(from).arg(to - 1),
            k.into_list,
            KeyType::List,
        )?;
        let items: Vec<&[u8]> = page
            .iter()
            .enumerate()
            .filter(|(i, _)| mask.get(from + i))
            .map(|(_, raw)| raw.as_slice())
            .collect();
        let mut args: Vec<&[u8]> = Vec::with_capacity(items.len() + 2);
        let (a, b) = (from.to_string(), to.to_string());
        args.push(a.as_bytes());
        args.push(b.as_bytes());
        args.extend(items.iter().copied());
        let reply = store.eval(
            &UNDO_LIST_FRONT,
            &[k.queue.as_bytes(), k.into_record.as_bytes()],
            &args,
        )?;
        if value::int(&reply) == Some(1) {
            out.to_front += items.len() as u64;
        }
    }
    out.restored = masked_total;
    Ok(out)
}

/// The kept list's length and its mask (set: left out by the rebuild). The mask is stored
/// as `<N>:<O left>:<R>:` then O's bits: N unmasked jobs, O's bits, R unmasked jobs.
fn read_mask(store: &mut Store, list: &Name, mask: &Name) -> StoreResult<(usize, Bits)> {
    let plen: u64 = store.query(redis::cmd("LLEN").arg(list), list, KeyType::List)?;
    let stored: Option<Vec<u8>> =
        store.query(redis::cmd("GET").arg(mask), mask, KeyType::String)?;
    let stored = stored.unwrap_or_default();
    let mut parts = stored.splitn(4, |&b| b == b':');
    let mut number = || -> usize {
        parts
            .next()
            .and_then(|p| std::str::from_utf8(p).ok())
            .and_then(|p| p.parse().ok())
            .unwrap_or(0)
    };
    let (n, len, r) = (number(), number(), number());
    let bits = parts.next().unwrap_or_default();
    let plen = plen as usize;
    if n + len + r != plen {
        return Err(StoreError::Command {
            command: "UNDO".into(),
            key: mask.shown().into_owned(),
            reason: format!(
                "the kept list holds {plen} jobs, its mask describes {}; nothing was changed",
                n + len + r
            ),
        });
    }
    let o = Bits::from_redis(bits, len);
    let mut out = Bits::default();
    for _ in 0..n {
        out.push(false);
    }
    for i in 0..len {
        out.push(o.get(i));
    }
    for _ in 0..r {
        out.push(false);
    }
    Ok((plen, out))
}

/// Rebuild the queue from P down to the oldest kept job still waiting, and swap it in; the
/// index in P where the front pushes start.
fn swap_back(
    store: &mut Store,
    k: &RestoreKeys<'_>,
    plen: usize,
    mask: &Bits,
) -> StoreResult<usize> {
    let Some(first_kept) = (0..plen).find(|&i| !mask.get(i)) else {
        keep_only(store, k)?;
        return Ok(0);
    };
    let newest_kept: Vec<u8> = store.query(
        redis::cmd("LINDEX").arg(k.list).arg(first_kept),
        k.list,
        KeyType::List,
    )?;
    // How many kept jobs P holds down to each index.
    let mut kept_upto = Vec::with_capacity(plen);
    let mut n = 0u32;
    for i in 0..plen {
        n += u32::from(!mask.get(i));
        kept_upto.push(n);
    }
    store.query_server::<()>(redis::cmd("DEL").arg(k.staging))?;
    // S holds P[0..built] exactly.
    let mut built: usize = 0;
    for _ in 0..ATTEMPTS {
        let candidates = kept_candidates(store, k, plen, mask)?;
        let Some(lowest) = candidates.iter().map(|(i, _)| *i).min() else {
            // Every kept job was taken: the left-out ones all go to the front.
            keep_only(store, k)?;
            return Ok(0);
        };
        if built > lowest {
            store.query_server::<()>(
                redis::cmd("LTRIM")
                    .arg(k.staging)
                    .arg(0)
                    .arg(lowest as i64 - 1),
            )?;
            built = lowest;
        }
        while built < lowest {
            let last = (built + PAGE).min(lowest) - 1;
            store.eval(
                &LIST_COPY,
                &[k.list.as_bytes(), k.staging.as_bytes()],
                &[
                    built.to_string().as_bytes(),
                    last.to_string().as_bytes(),
                    STAGING_TTL_MS.to_string().as_bytes(),
                ],
            )?;
            built = last + 1;
        }
        let head_max = HEAD_MAX_RESTORE.to_string();
        let window = WINDOW_SWAP.to_string();
        let built_last = (built as i64 - 1).to_string();
        let counts: Vec<(String, String)> = candidates
            .iter()
            .map(|(i, _)| (i.to_string(), kept_upto[*i].to_string()))
            .collect();
        let mut args: Vec<&[u8]> = vec![
            &newest_kept,
            head_max.as_bytes(),
            window.as_bytes(),
            built_last.as_bytes(),
        ];
        push_candidates(&mut args, &candidates, &counts);
        let reply = store.eval(&UNDO_LIST_SWAP, &k.swap_keys(), &args)?;
        let items = value::items(&reply);
        match items.first().and_then(value::int) {
            Some(1) => {
                let oldest = items.get(1).and_then(value::int).unwrap_or(-1);
                return Ok((oldest + 1).max(0) as usize);
            }
            _ if items.get(1).and_then(value::string).as_deref() == Some("head") => {
                store.query_server::<()>(redis::cmd("DEL").arg(k.staging))?;
                return Err(StoreError::Command {
                    command: "UNDO".into(),
                    key: k.queue.shown().into_owned(),
                    reason: format!(
                        "more than {HEAD_MAX_RESTORE} jobs were pushed to the queue since; the \
                         undo can't put the left-out jobs in their places (nothing was changed)"
                    ),
                });
            }
            _ => {}
        }
    }
    store.query_server::<()>(redis::cmd("DEL").arg(k.staging))?;
    Err(cannot_follow(
        k.queue,
        "nothing was put back yet — run the undo again",
    ))
}

/// No kept job is left: only move P and its mask to the undo's record.
fn keep_only(store: &mut Store, k: &RestoreKeys<'_>) -> StoreResult<()> {
    store.eval(&UNDO_LIST_SWAP, &k.swap_keys(), &[b"keep"])?;
    Ok(())
}

/// The kept jobs of P (index in P and bytes) among the queue's last elements now, the
/// oldest first: where the swap back looks for the oldest kept job left.
fn kept_candidates(
    store: &mut Store,
    k: &RestoreKeys<'_>,
    plen: usize,
    mask: &Bits,
) -> StoreResult<Vec<(usize, Vec<u8>)>> {
    let state = std::collections::hash_map::RandomState::new();
    let window: Vec<Vec<u8>> = store.query(
        redis::cmd("LRANGE")
            .arg(k.queue)
            .arg(-(WINDOW_SWAP as i64))
            .arg(-1),
        k.queue,
        KeyType::List,
    )?;
    let in_window: std::collections::HashSet<u64> =
        window.iter().map(|raw| hash64(&state, raw)).collect();
    let mut found: Vec<(usize, Vec<u8>)> = Vec::new();
    // P from its tail, kept jobs only, in pages.
    let mut end = plen;
    'pages: while end > 0 {
        let start = end.saturating_sub(PAGE);
        let page: Vec<Vec<u8>> = store.query(
            redis::cmd("LRANGE").arg(k.list).arg(start).arg(end - 1),
            k.list,
            KeyType::List,
        )?;
        for (i, raw) in page.into_iter().enumerate().rev() {
            let index = start + i;
            if mask.get(index) {
                continue;
            }
            if in_window.contains(&hash64(&state, &raw)) {
                found.push((index, raw));
                if found.len() >= CANDIDATES {
                    break 'pages;
                }
            } else if !found.is_empty() {
                break 'pages;
            }
        }
        end = start;
    }
    Ok(found)
}

/// The `leave_out` of undoing an undo: each of these jobs (by bytes), as many times as it
/// was put back, and no more.
pub struct Wanted {
    state: std::collections::hash_map::RandomState,
    counts: HashMap<u64, u32>,
}

impl Wanted {
    /// The left-out jobs of the kept list `list` (by `mask`), read in pages.
    pub fn from_list(store: &mut Store, list: &Name, mask: &Name) -> StoreResult<Wanted> {
        let (plen, bits) = read_mask(store, list, mask)?;
        let state = std::collections::hash_map::RandomState::new();
        let mut counts = HashMap::new();
        let mut from = 0;
        while from < plen {
            let to = (from + PAGE).min(plen);
            let page: Vec<Vec<u8>> = store.query(
                redis::cmd("LRANGE").arg(list).arg(from).arg(to - 1),
                list,
                KeyType::List,
            )?;
            for (i, raw) in page.iter().enumerate() {
                if bits.get(from + i) {
                    *counts.entry(hash64(&state, raw)).or_insert(0) += 1;
                }
            }
            from = to;
        }
        Ok(Wanted { state, counts })
    }

    /// Whether to leave this job out (counting it).
    pub fn take(&mut self, raw: &[u8]) -> bool {
        match self.counts.get_mut(&hash64(&self.state, raw)) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn bits_read_back_in_getbit_order() {
        let mut b = Bits::default();
        for i in 0..19 {
            b.push(i % 3 == 0);
        }
        let bytes = b.to_redis();
        assert_eq!(bytes[0], 0b1001_0010);
        let back = Bits::from_redis(&bytes, 19);
        assert!((0..19).all(|i| back.get(i) == (i % 3 == 0)));
        assert_eq!(b.count_below(7), 3);
    }
}
