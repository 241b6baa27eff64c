//! Bounded readers: sorted sets and lists in pages, so memory stays flat whatever their size
//! and no single Redis call works on more than one page.
//!
//! Sorted sets are paged by score, not by rank: the cursor is the last score seen and how many
//! members at exactly that score were already returned. Entries added or removed elsewhere in
//! the set during a read then neither shift nor repeat what is returned; reading up from the
//! bottom stops at the top score seen when the read began (the snapshot boundary), so a set
//! that keeps growing is still read to an end.

use std::sync::mpsc;
use std::thread;

use redis::Value;

use super::job::RawJob;
use super::{Connector, KeyType, Name, Store, StoreError, StoreResult};

/// The first page is small so the first line appears at once; later pages are larger.
pub const FIRST_PAGE: usize = 100;
pub const PAGE: usize = 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    NewestFirst,
    OldestFirst,
}

/// A sorted-set score: the text Redis printed (passed back unchanged when copying) and its
/// value.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    pub text: String,
    pub value: f64,
}

impl Score {
    /// A score as the server printed it. Its text is then written the one way cogctl
    /// prints every score, whichever server sent it (see `score_text`).
    pub fn parse(text: String) -> Option<Score> {
        let value = match text.as_str() {
            "inf" | "+inf" => f64::INFINITY,
            "-inf" => f64::NEG_INFINITY,
            t => t.parse().ok()?,
        };
        let text = if is_redis_form(&text, value) {
            text
        } else {
            score_text(value)
        };
        Some(Score { text, value })
    }
}

/// A score as Redis 7.0 prints it (C's `%.17g`: `1796208093.9079056`, `1e+21`, `inf`),
/// lossless: it reads back as the same double. Valkey 8 prints the shortest text instead
/// (`1.7962080939079056e+9`), so cogctl never passes a server's text through: `--json`,
/// `--ndjson` and `export` are the same from both.
pub fn score_text(value: f64) -> String {
    if value.is_nan() {
        return "nan".into();
    }
    if value.is_infinite() {
        return if value > 0.0 { "inf" } else { "-inf" }.into();
    }
    if value == 0.0 {
        return if value.is_sign_negative() { "-0" } else { "0" }.into();
    }
    // 17 significant digits, rounded once; the exponent after rounding decides the form.
    let sci = format!("{value:.16e}");
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let (negative, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mantissa),
    };
    let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    // %g drops a fraction's trailing zeros (and its point when nothing is left).
    let kept = digits.iter().rposition(|&d| d != b'0').map_or(1, |i| i + 1);
    let mut out = String::with_capacity(26);
    if negative {
        out.push('-');
    }
    let push = |out: &mut String, ds: &[u8]| out.extend(ds.iter().map(|&d| d as char));
    if (-4..17).contains(&exponent) {
        if exponent >= 0 {
            let whole = exponent as usize + 1;
            push(&mut out, &digits[..whole]);
            if kept > whole {
                out.push('.');
                push(&mut out, &digits[whole..kept]);
            }
        } else {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-exponent - 1) as usize));
            push(&mut out, &digits[..kept]);
        }
    } else {
        push(&mut out, &digits[..1]);
        if kept > 1 {
            out.push('.');
            push(&mut out, &digits[1..kept]);
        }
        let sign = if exponent < 0 { '-' } else { '+' };
        out.push_str(&format!("e{sign}{:02}", exponent.unsigned_abs()));
    }
    out
}

/// Is `text`, which read as `value`, already what `score_text` writes? Redis 7.0's text is
/// (17 significant digits rounded once, trailing zeros after a point dropped, no exponent),
/// and checking it costs a few integer operations where formatting every score of a large
/// set again would cost a tenth of a second per million. A text is accepted only when its
/// digits, padded with zeros to 17, are the correctly rounded ones: |value × 10^p − D| ≤ ½
/// (ties to even), computed exactly. Valkey's shortest text is accepted only where it is
/// the same text; an exponent, a trailing zero or anything in doubt is not.
fn is_redis_form(text: &str, value: f64) -> bool {
    if !value.is_finite() || value == 0.0 {
        return false;
    }
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    if unsigned.is_empty()
        || !unsigned.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        || unsigned.starts_with('.')
        || unsigned.ends_with('.')
        || unsigned.starts_with("0.0000")
        || (unsigned.contains('.') && unsigned.ends_with('0'))
    {
        return false;
    }
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    if fraction.contains('.') || (whole.len() > 1 && whole.starts_with('0')) {
        return false;
    }
    let significant = unsigned.trim_start_matches(['0', '.']);
    let digits = significant.bytes().filter(u8::is_ascii_digit).count() as u32;
    if digits == 0 || digits > 17 {
        return false;
    }
    // D: the digits as one integer; p: how many follow the point. Fewer than 17 digits are
    // the 17 rounded ones with their trailing zeros dropped (as %g drops them): D gets them
    // back, so the check below is the same for both.
    let pad = 17 - digits;
    let mut d: u128 = 0;
    for b in whole.bytes().chain(fraction.bytes()) {
        d = d * 10 + u128::from(b - b'0');
    }
    d *= 10u128.pow(pad);
    let p = fraction.len() as u32 + pad;
    // |value| = m × 2^e exactly.
    let bits = value.abs().to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let (m, e) = if biased == 0 {
        (u128::from(bits & ((1 << 52) - 1)), -1074)
    } else {
        (
            u128::from((bits & ((1 << 52) - 1)) | (1 << 52)),
            biased - 1075,
        )
    };
    let Some(scaled) = 10u128.checked_pow(p).and_then(|ten| m.checked_mul(ten)) else {
        return false;
    };
    // Compare m × 10^p × 2^e with D, both times 2^-e when e < 0.
    let (x, y, half) = if e >= 0 {
        match scaled.checked_shl(e as u32).filter(|x| x >> e == scaled) {
            Some(x) => (x, d, None),
            None => return false,
        }
    } else {
        let s = (-e) as u32;
        match d.checked_shl(s).filter(|y| s < 127 && y >> s == d) {
            Some(y) => (scaled, y, Some(1u128 << (s - 1))),
            None => return false,
        }
    };
    let diff = x.abs_diff(y);
    match half {
        // value × 10^p is an integer: D must be it.
        None => diff == 0,
        Some(half) => diff < half || (diff == half && d.is_multiple_of(2)),
    }
}

#[derive(Clone, Debug)]
pub struct ZEntry {
    pub member: RawJob,
    pub score: Score,
}

/// Score bounds in Redis syntax (`-inf`, `+inf`, or a number), both inclusive.
#[derive(Clone, Debug)]
pub struct ScoreRange {
    pub min: String,
    pub max: String,
}

impl ScoreRange {
    pub fn all() -> ScoreRange {
        ScoreRange {
            min: "-inf".into(),
            max: "+inf".into(),
        }
    }

    pub fn between(min: Option<f64>, max: Option<f64>) -> ScoreRange {
        ScoreRange {
            min: min.map_or("-inf".into(), bound),
            max: max.map_or("+inf".into(), bound),
        }
    }
}

impl ScoreRange {
    /// Whether `score` is in the range, as Redis would say it.
    pub fn contains(&self, score: f64) -> bool {
        let side = |text: &str, missing: f64| match text {
            "-inf" => f64::NEG_INFINITY,
            "+inf" | "inf" => f64::INFINITY,
            t => t.trim_start_matches('(').parse().unwrap_or(missing),
        };
        let (min, max) = (
            side(&self.min, f64::INFINITY),
            side(&self.max, f64::NEG_INFINITY),
        );
        let above = if self.min.starts_with('(') {
            score > min
        } else {
            score >= min
        };
        let below = if self.max.starts_with('(') {
            score < max
        } else {
            score <= max
        };
        above && below
    }

    /// How many entries of the sorted set `key` have a score in this range (ZCOUNT).
    pub fn count(&self, store: &mut Store, key: &(impl AsRef<[u8]> + ?Sized)) -> StoreResult<u64> {
        store.query(
            redis::cmd("ZCOUNT")
                .arg(key.as_ref())
                .arg(&self.min)
                .arg(&self.max),
            key,
            KeyType::Zset,
        )
    }
}

fn bound(v: f64) -> String {
    // `{:?}` prints the shortest text that reads back as the same double.
    format!("{v:?}")
}

/// Pages through one sorted set by score.
#[derive(Clone, Debug)]
pub struct ZPager {
    key: Name,
    order: Order,
    range: ScoreRange,
    cursor: Option<(String, usize)>,
    pages: usize,
    done: bool,
}

impl ZPager {
    pub fn new(key: impl Into<Name>, order: Order, range: ScoreRange) -> ZPager {
        ZPager {
            key: key.into(),
            order,
            range,
            cursor: None,
            pages: 0,
            done: false,
        }
    }

    /// Fix the open end the read moves towards at the set's current extreme, so entries
    /// added during the read are not visited (and a growing set is still read to an end).
    pub fn snapshot(&mut self, store: &mut Store) -> StoreResult<()> {
        store.expect_type(&self.key, KeyType::Zset)?;
        if self.order == Order::OldestFirst && self.range.max == "+inf" {
            let top: Vec<(Vec<u8>, String)> = store.query(
                redis::cmd("ZREVRANGE")
                    .arg(&self.key)
                    .arg(0)
                    .arg(0)
                    .arg("WITHSCORES"),
                &self.key,
                KeyType::Zset,
            )?;
            match top.into_iter().next() {
                Some((_, score)) => self.range.max = score,
                None => self.done = true,
            }
        }
        Ok(())
    }

    pub fn key(&self) -> &Name {
        &self.key
    }

    /// The upper score bound (after `snapshot`, the top score seen at the start).
    pub fn max(&self) -> &str {
        &self.range.max
    }

    /// True when `snapshot` found nothing to read.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The next page, or `None` at the end.
    pub fn next_page(&mut self, store: &mut Store) -> StoreResult<Option<Vec<ZEntry>>> {
        Ok(self.next_reply(store)?.map(|page| entries(page, &None)))
    }

    /// The next page as Redis replied (member, score, member, score …), or `None` at the end:
    /// only the cursor is read from it, so a reader thread hands it on as it came and the
    /// consumer makes the entries.
    fn next_reply(&mut self, store: &mut Store) -> StoreResult<Option<Vec<Value>>> {
        if self.done {
            return Ok(None);
        }
        let size = if self.pages == 0 { FIRST_PAGE } else { PAGE };
        self.pages += 1;
        let (offset, from) = match &self.cursor {
            Some((score, seen)) => (*seen, score.clone()),
            None => (
                0,
                match self.order {
                    Order::NewestFirst => self.range.max.clone(),
                    Order::OldestFirst => self.range.min.clone(),
                },
            ),
        };
        let mut cmd = match self.order {
            Order::NewestFirst => {
                let mut c = redis::cmd("ZREVRANGEBYSCORE");
                c.arg(&self.key).arg(&from).arg(&self.range.min);
                c
            }
            Order::OldestFirst => {
                let mut c = redis::cmd("ZRANGEBYSCORE");
                c.arg(&self.key).arg(&from).arg(&self.range.max);
                c
            }
        };
        cmd.arg("WITHSCORES").arg("LIMIT").arg(offset).arg(size);
        let reply = match store.query_range(&cmd, &self.key, KeyType::Zset)? {
            Value::Array(items) => items,
            _ => Vec::new(),
        };
        let scores: Vec<Score> = reply
            .chunks_exact(2)
            .rev()
            .map_while(|pair| score_of(&pair[1]).and_then(Score::parse))
            .scan(None, |top, score| {
                let same = *top.get_or_insert(score.value) == score.value;
                same.then_some(score)
            })
            .collect();
        let count = reply.len() / 2;
        if count < size {
            self.done = true;
        }
        if let Some(last) = scores.first() {
            let same = scores.len();
            self.cursor = match &self.cursor {
                Some((score, seen)) if same == count && *score == last.text => {
                    Some((score.clone(), seen + same))
                }
                _ => Some((last.text.clone(), same)),
            };
        }
        if count == 0 {
            return Ok(None);
        }
        Ok(Some(reply))
    }

    /// Read the pages on a connection of their own, one page ahead of the consumer.
    pub fn prefetch(self, connector: Connector) -> Prefetch<ZPager> {
        prefetch(self, connector)
    }
}

/// A reader of one key in pages.
pub trait Pager: Send + 'static {
    type Item: Send + 'static;
    /// A page as the reader hands it over.
    type Page: Send + 'static;
    fn key(&self) -> &Name;
    /// The command it reads with, for errors.
    fn command(&self) -> &'static str;
    /// The next page, or `None` at the end.
    fn next_page(&mut self, store: &mut Store) -> StoreResult<Option<Self::Page>>;
    /// A page's items whose member bytes `keep` accepts, made by the consumer (so the reader
    /// is free for the next read, and nothing is made of what the consumer would skip).
    fn items(page: Self::Page, keep: &Keep) -> Vec<Self::Item>;
    /// [`Pager::items`], copied out of the page (which can then go back to the reader).
    fn copied(page: &Self::Page, keep: &Keep) -> Vec<Self::Item>;
}

/// Which members a consumer wants made into items, by their raw bytes.
pub type Keep = Option<Box<dyn Fn(&[u8]) -> bool>>;

impl Pager for ZPager {
    type Item = ZEntry;
    type Page = Vec<Value>;
    fn key(&self) -> &Name {
        &self.key
    }
    fn command(&self) -> &'static str {
        "ZRANGEBYSCORE"
    }
    fn next_page(&mut self, store: &mut Store) -> StoreResult<Option<Vec<Value>>> {
        self.next_reply(store)
    }
    fn items(page: Vec<Value>, keep: &Keep) -> Vec<ZEntry> {
        entries(page, keep)
    }
    fn copied(page: &Vec<Value>, keep: &Keep) -> Vec<ZEntry> {
        entries(page, keep)
    }
}

/// Read the pages on a connection of their own, one page ahead of the consumer, so Redis and
/// the consumer work at the same time. At most two pages wait in memory.
///
/// When the reader is ahead (a page waits for the consumer), the consumer copies what it keeps
/// out of the page and hands the page back, so that the reply's buffers are freed by the
/// thread that allocated them: freed by the consumer, each would take the reader's allocator
/// lock while the reader allocates the next reply, and the two threads would spend a sixth of
/// their time waking each other (docs/performance.md).
pub fn prefetch<P: Pager>(pager: P, connector: Connector) -> Prefetch<P> {
    let (tx, rx) = mpsc::sync_channel(1);
    let (back, returned) = mpsc::channel::<P::Page>();
    let key = pager.key().clone();
    let command = pager.command();
    thread::spawn(move || {
        let mut pager = pager;
        let mut store = match Store::connect(connector) {
            Ok(s) => s,
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        };
        loop {
            // The replies read before, back from the consumer: freed here.
            while returned.try_recv().is_ok() {}
            let page = pager.next_page(&mut store);
            let stop = !matches!(page, Ok(Some(_)));
            if tx.send(page).is_err() || stop {
                return;
            }
        }
    });
    Prefetch {
        rx,
        back,
        key,
        command,
        finished: false,
        keep: None,
    }
}

/// Pages read ahead by a background connection (see `prefetch`).
pub struct Prefetch<P: Pager> {
    rx: mpsc::Receiver<StoreResult<Option<P::Page>>>,
    /// Replies handed back to the reader, to be freed there.
    back: mpsc::Sender<P::Page>,
    key: Name,
    command: &'static str,
    finished: bool,
    keep: Keep,
}

impl<P: Pager> Prefetch<P> {
    /// Only the members whose raw bytes `keep` accepts (a search's pre-check): the others are
    /// dropped as they arrive, before anything is made of them.
    pub fn only(mut self, keep: Option<impl Fn(&[u8]) -> bool + 'static>) -> Self {
        if let Some(keep) = keep {
            self.keep = Some(Box::new(keep));
        }
        self
    }
}

impl<P: Pager> Iterator for Prefetch<P> {
    type Item = StoreResult<Vec<P::Item>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        // A page already waiting: the reader is ahead, reading while this thread works, so
        // the reply is copied out and freed by the reader (see `prefetch`). A page waited for:
        // the reader is waiting on Redis, and its buffers are taken as they are.
        let (reply, waited) = match self.rx.try_recv() {
            Ok(reply) => (Ok(reply), false),
            Err(_) => (self.rx.recv(), true),
        };
        match reply {
            Ok(Ok(Some(page))) if waited => Some(Ok(P::items(page, &self.keep))),
            Ok(Ok(Some(page))) => {
                let items = P::copied(&page, &self.keep);
                // A reader that has ended frees nothing more: the reply is freed here.
                let _ = self.back.send(page);
                Some(Ok(items))
            }
            Ok(Ok(None)) => {
                self.finished = true;
                None
            }
            Ok(Err(e)) => {
                self.finished = true;
                Some(Err(e))
            }
            // The reader ended without saying it was done: it died, and the read is incomplete.
            Err(_) => {
                self.finished = true;
                Some(Err(StoreError::Command {
                    command: self.command.into(),
                    key: self.key.shown().into_owned(),
                    reason: "the background reader stopped before the end of the key".into(),
                }))
            }
        }
    }
}

/// A score of a `… WITHSCORES` reply as text.
fn score_of(value: &Value) -> Option<String> {
    Some(match value {
        Value::BulkString(b) => String::from_utf8_lossy(b).into_owned(),
        Value::SimpleString(s) => s.clone(),
        Value::Double(d) => format!("{d:?}"),
        Value::Int(i) => i.to_string(),
        _ => return None,
    })
}

/// A `… WITHSCORES` reply as entries.
pub fn zentries(reply: Value) -> Vec<ZEntry> {
    match reply {
        Value::Array(items) => entries(items, &None),
        _ => Vec::new(),
    }
}

/// A reply's value, owned or borrowed: what [`entries`] and [`members`] make items of,
/// moving the bytes out of an owned one and copying them out of a borrowed one.
trait Reply: Sized {
    fn value(&self) -> &Value;
    fn into_bytes(self) -> Vec<u8>;

    /// The bytes of a string reply.
    fn text(&self) -> Option<&[u8]> {
        match self.value() {
            Value::BulkString(b) => Some(b),
            Value::SimpleString(s) => Some(s.as_bytes()),
            _ => None,
        }
    }
}

impl Reply for Value {
    fn value(&self) -> &Value {
        self
    }
    fn into_bytes(self) -> Vec<u8> {
        match self {
            Value::BulkString(b) => b,
            Value::SimpleString(s) => s.into_bytes(),
            _ => Vec::new(),
        }
    }
}

impl Reply for &Value {
    fn value(&self) -> &Value {
        self
    }
    fn into_bytes(self) -> Vec<u8> {
        self.text().map(<[u8]>::to_vec).unwrap_or_default()
    }
}

/// The items of a `… WITHSCORES` reply (member, score, member, score …) as entries, those
/// `keep` accepts.
fn entries<V: Reply>(items: impl IntoIterator<Item = V>, keep: &Keep) -> Vec<ZEntry> {
    let mut it = items.into_iter();
    let mut out = Vec::with_capacity(it.size_hint().0 / 2);
    while let (Some(member), Some(score)) = (it.next(), it.next()) {
        let Some(bytes) = member.text() else {
            continue;
        };
        if keep.as_ref().is_some_and(|keep| !keep(bytes)) {
            continue;
        }
        let score_text = match score.text() {
            // Redis prints scores in ASCII: the reply's bytes become the text.
            Some(_) => match String::from_utf8(score.into_bytes()) {
                Ok(text) => text,
                Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
            },
            None => match score_of(score.value()) {
                Some(text) => text,
                None => continue,
            },
        };
        if let Some(score) = Score::parse(score_text) {
            out.push(ZEntry {
                member: RawJob::new(member.into_bytes()),
                score,
            });
        }
    }
    out
}

/// Pages through a list with `LRANGE`: from the head (index 0, the newest job of a queue),
/// or from the tail (index -1, the next job a worker takes), each page then in that order.
#[derive(Clone, Debug)]
pub struct ListPager {
    key: Name,
    from_tail: bool,
    next: usize,
    done: bool,
}

impl ListPager {
    pub fn new(key: impl Into<Name>) -> ListPager {
        ListPager {
            key: key.into(),
            from_tail: false,
            next: 0,
            done: false,
        }
    }

    pub fn from_tail(key: impl Into<Name>) -> ListPager {
        ListPager {
            from_tail: true,
            ..ListPager::new(key)
        }
    }

    /// How many elements the pages so far held.
    pub fn read(&self) -> usize {
        self.next
    }

    pub fn next_page(&mut self, store: &mut Store) -> StoreResult<Option<Vec<Vec<u8>>>> {
        Ok(self.next_reply(store)?.map(|page| members(page, &None)))
    }

    /// The next page as Redis replied, in the order read, or `None` at the end.
    fn next_reply(&mut self, store: &mut Store) -> StoreResult<Option<Vec<Value>>> {
        if self.done {
            return Ok(None);
        }
        let size = if self.next == 0 { FIRST_PAGE } else { PAGE };
        let (start, stop) = if self.from_tail {
            (-((self.next + size) as i64), -(self.next as i64) - 1)
        } else {
            (self.next as i64, (self.next + size) as i64 - 1)
        };
        let reply = store.query_range(
            redis::cmd("LRANGE").arg(&self.key).arg(start).arg(stop),
            &self.key,
            KeyType::List,
        )?;
        let mut page = match reply {
            Value::Array(items) => items,
            _ => Vec::new(),
        };
        if self.from_tail {
            page.reverse();
        }
        self.next += page.len();
        if page.len() < size {
            self.done = true;
        }
        Ok(if page.is_empty() { None } else { Some(page) })
    }
}

/// The elements of an `LRANGE` reply, those `keep` accepts.
fn members<V: Reply>(items: impl IntoIterator<Item = V>, keep: &Keep) -> Vec<Vec<u8>> {
    items
        .into_iter()
        .filter(|item| {
            item.text()
                .is_some_and(|member| keep.as_ref().is_none_or(|keep| keep(member)))
        })
        .map(Reply::into_bytes)
        .collect()
}

impl Pager for ListPager {
    type Item = Vec<u8>;
    type Page = Vec<Value>;
    fn key(&self) -> &Name {
        &self.key
    }
    fn command(&self) -> &'static str {
        "LRANGE"
    }
    fn next_page(&mut self, store: &mut Store) -> StoreResult<Option<Vec<Value>>> {
        self.next_reply(store)
    }
    fn items(page: Vec<Value>, keep: &Keep) -> Vec<Vec<u8>> {
        members(page, keep)
    }
    fn copied(page: &Vec<Value>, keep: &Keep) -> Vec<Vec<u8>> {
        members(page, keep)
    }
}

/// Several sorted sets (a fleet's shards) read in pages at once, a page ahead each, merged
/// in score order (highest first, or lowest with `OldestFirst`; a tie goes to the earlier
/// one). Two pages of each in memory at most.
pub struct Merged {
    streams: Vec<Stream>,
    newest_first: bool,
}

/// One set's entries as they are read.
struct Stream {
    name: String,
    pages: Prefetch<ZPager>,
    page: std::vec::IntoIter<ZEntry>,
    head: Option<ZEntry>,
}

impl Stream {
    /// The next entry at the head; a read that fails ends the stream with why.
    fn advance(&mut self) -> StoreResult<()> {
        self.head = None;
        loop {
            if let Some(entry) = self.page.next() {
                self.head = Some(entry);
                return Ok(());
            }
            match self.pages.next() {
                Some(Ok(page)) => self.page = page.into_iter(),
                Some(Err(e)) => return Err(e),
                None => return Ok(()),
            }
        }
    }
}

impl Merged {
    /// The sets, each named, as they are opened (their pages read on connections of their
    /// own); those whose first read fails come back with why.
    pub fn new(
        sets: Vec<(String, Prefetch<ZPager>)>,
        order: Order,
    ) -> (Merged, Vec<(String, StoreError)>) {
        let mut streams = Vec::new();
        let mut unread = Vec::new();
        for (name, pages) in sets {
            let mut stream = Stream {
                name,
                pages,
                page: Vec::new().into_iter(),
                head: None,
            };
            match stream.advance() {
                Ok(()) => streams.push(stream),
                Err(e) => unread.push((stream.name, e)),
            }
        }
        let merged = Merged {
            streams,
            newest_first: order == Order::NewestFirst,
        };
        (merged, unread)
    }

    /// The next entry in order and the name of its set; and when reading that set on failed,
    /// why (the set ends there, the others go on).
    #[allow(clippy::type_complexity)]
    pub fn next_entry(&mut self) -> Option<(ZEntry, &str, Option<StoreError>)> {
        let mut next: Option<usize> = None;
        for (i, s) in self.streams.iter().enumerate() {
            let Some(head) = &s.head else { continue };
            let better = match next.and_then(|j| self.streams[j].head.as_ref()) {
                None => true,
                Some(best) if self.newest_first => head.score.value > best.score.value,
                Some(best) => head.score.value < best.score.value,
            };
            if better {
                next = Some(i);
            }
        }
        let stream = &mut self.streams[next?];
        let entry = stream.head.take().expect("a head");
        let failed = stream.advance().err();
        Some((entry, stream.name.as_str(), failed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_copied_and_a_page_taken_make_the_same_items() {
        let bulk = |s: &[u8]| Value::BulkString(s.to_vec());
        let reply = vec![
            bulk(b"{\"jid\":\"a\"}"),
            bulk(b"1796208110.0382342"),
            Value::SimpleString("plain".into()),
            Value::Double(2.5),
            bulk(b"\xff not utf-8"),
            Value::Int(3),
            Value::Nil,
            bulk(b"4"),
            bulk(b"skipped"),
            bulk(b"5"),
            bulk(b"no score"),
            Value::Nil,
        ];
        let keep: Keep = Some(Box::new(|m: &[u8]| m != b"skipped"));
        let show = |items: Vec<ZEntry>| -> Vec<(Vec<u8>, String, f64)> {
            items
                .into_iter()
                .map(|e| (e.member.raw, e.score.text, e.score.value))
                .collect()
        };
        let copied = show(ZPager::copied(&reply, &keep));
        assert_eq!(copied, show(ZPager::items(reply.clone(), &keep)));
        assert_eq!(copied.len(), 3, "{copied:?}");
        assert_eq!(copied[1].1, "2.5");
        assert_eq!(
            ListPager::copied(&reply, &keep),
            ListPager::items(reply.clone(), &keep)
        );
    }

    #[test]
    fn scores_read_the_same_from_redis_and_valkey() {
        // Valkey 8's shortest text and Redis 7's %.17g of the same doubles.
        for (valkey, redis) in [
            ("1.7962080939079056e+9", "1796208093.9079056"),
            ("1796208097.534588", "1796208097.5345881"),
            ("1796207949.109807", "1796207949.109807"),
            ("1.5", "1.5"),
            ("3", "3"),
            ("-2.5e-5", "-2.5000000000000001e-05"),
            ("1e+21", "1e+21"),
            ("1.7976931348623157e+308", "1.7976931348623157e+308"),
            ("5e-324", "4.9406564584124654e-324"),
            ("0.0001", "0.0001"),
            ("123456789012345680", "1.2345678901234568e+17"),
            ("-0", "-0"),
            ("inf", "inf"),
            ("-inf", "-inf"),
        ] {
            let a = Score::parse(valkey.into()).unwrap();
            let b = Score::parse(redis.into()).unwrap();
            assert_eq!(a.text, redis, "{valkey}");
            assert_eq!(b.text, redis, "{redis}");
            assert_eq!(a.value.to_bits(), b.value.to_bits(), "{valkey}");
            assert_eq!(
                a.text.parse::<f64>().unwrap().to_bits(),
                a.value.to_bits(),
                "{valkey} reads back as itself"
            );
        }
    }

    #[test]
    fn a_score_already_in_redis_form_is_kept_as_it_is() {
        for text in [
            "1796208093.9079056",
            "1796208097.5345881",
            "-1796208093.9079056",
            "0.12345678901234568",
            "0.00012345678901234567",
            "12345678901234568",
            // Fewer digits: the 17 rounded ones ended in zeros, which %.17g drops.
            "1795588800.025363",
            "1796208097",
            "3",
            "-0.5",
            "0.0001",
        ] {
            assert!(is_redis_form(text, text.parse().unwrap()), "{text}");
            let value: f64 = text.parse().unwrap();
            assert_eq!(score_text(value), text);
        }
        for text in [
            "1796208097.534588",
            "1.7962080939079056e+9",
            "1796208097.5345880",
            "0.000012345678901234568",
            "123456789012345680",
            "3.0",
            "03",
            "0.00001",
            "inf",
            // 17 digits that read back as the double, but not the correctly rounded ones.
            "1690060720831323.3",
            "0.00012345678901234568",
        ] {
            let value = text.parse().unwrap_or(f64::INFINITY);
            assert!(!is_redis_form(text, value), "{text}");
        }
    }

    #[test]
    fn any_double_prints_one_way_and_reads_back() {
        // Doubles from random bits and epoch-second timestamps: the shortest text (as
        // Valkey prints) and the %.17g text (as Redis prints) give the same score text.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for i in 0..30_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = match i % 3 {
                0 => f64::from_bits(x),
                1 => 1.7e9 + (x % 100_000_000_000) as f64 / 1e6,
                // Short texts: whole seconds, milliseconds, binary fractions.
                _ => (x % 10_000_000_000) as f64 / [1.0, 1e3, 64.0][(x % 3) as usize],
            };
            if !v.is_finite() {
                continue;
            }
            let canonical = score_text(v);
            assert_eq!(
                canonical.parse::<f64>().unwrap().to_bits(),
                v.to_bits(),
                "{v:?}"
            );
            // Every text score_text writes without an exponent is taken as it is; any
            // other text is taken only where it is that same text.
            assert_eq!(
                is_redis_form(&canonical, v),
                !canonical.contains('e') && v != 0.0,
                "{v:?}: {canonical}"
            );
            let shortest_text = format!("{v:?}");
            if is_redis_form(&shortest_text, v) {
                assert_eq!(shortest_text, canonical, "{v:?}");
            }
            let shortest = Score::parse(shortest_text).unwrap();
            let redis = Score::parse(canonical.clone()).unwrap();
            assert_eq!(shortest.text, canonical, "{v:?}");
            assert_eq!(redis.text, canonical, "{v:?}");
        }
    }

    #[test]
    fn scores_keep_their_text() {
        let s = Score::parse("1796208097.5326791".into()).unwrap();
        assert_eq!(s.text, "1796208097.5326791");
        assert_eq!(s.value, 1796208097.532679);
        assert_eq!(
            Score::parse("-inf".into()).unwrap().value,
            f64::NEG_INFINITY
        );
        assert!(Score::parse("nope".into()).is_none());
    }

    #[test]
    fn bounds_read_back_exactly() {
        let r = ScoreRange::between(Some(1796208097.532679), None);
        assert_eq!(r.min.parse::<f64>().unwrap(), 1796208097.532679);
        assert_eq!(r.max, "+inf");
    }
}
