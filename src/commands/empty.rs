//! Why a filtered view came out empty while its key holds entries, said on stderr:
//! `0 of 3 dead entries match; the newest died 1d 8h ago, before --since 2h`. Read from
//! counts (ZCARD, LLEN) and the newest and oldest entries' scores by rank, in one round
//! trip: never a second scan of what may be a million entries.

use super::sets::filter::FilterArgs;
use crate::render::size::count;
use crate::render::time::{rfc3339, span};
use crate::store::{Store, StoreResult, value};
use crate::term::ui::Ui;
use crate::term::values::TimeArg;

/// What a key held when the view found nothing in it.
#[derive(Debug, Default)]
pub struct Held {
    pub total: u64,
    /// The highest and lowest scores (a sorted set's newest and oldest entry).
    pub newest: Option<f64>,
    pub oldest: Option<f64>,
}

/// How one kind of entry is named: `dead entries`, and its time (`died`).
pub struct Noun {
    pub many: &'static str,
    /// The time an entry's score is, as a verb phrase: `died`, `is due`, `finished`.
    pub verb: &'static str,
}

/// A sorted set's size and its newest and oldest scores: ZCARD and two ZRANGE by rank.
pub fn zset(store: &mut Store, key: impl redis::ToRedisArgs + Copy) -> StoreResult<Held> {
    let mut pipe = redis::pipe();
    pipe.cmd("ZCARD").arg(key);
    pipe.cmd("ZRANGE")
        .arg(key)
        .arg(-1)
        .arg(-1)
        .arg("WITHSCORES");
    pipe.cmd("ZRANGE").arg(key).arg(0).arg(0).arg("WITHSCORES");
    let replies = store.pipeline(&pipe)?;
    let score = |i: usize| -> Option<f64> {
        let reply = replies.get(i)?.as_ref().ok()?;
        match reply {
            redis::Value::Array(items) => {
                value::bytes(items.get(1)?).and_then(|b| std::str::from_utf8(b).ok()?.parse().ok())
            }
            _ => None,
        }
    };
    Ok(Held {
        total: replies
            .first()
            .and_then(|r| r.as_ref().ok())
            .and_then(value::int)
            .unwrap_or(0)
            .max(0) as u64,
        newest: score(1),
        oldest: score(2),
    })
}

/// A list's length (LLEN): its entries carry no score to say more with.
pub fn list(store: &mut Store, key: impl redis::ToRedisArgs) -> StoreResult<Held> {
    let mut pipe = redis::pipe();
    pipe.cmd("LLEN").arg(key);
    let total = store
        .pipeline(&pipe)?
        .first()
        .and_then(|r| r.as_ref().ok())
        .and_then(value::int)
        .unwrap_or(0)
        .max(0) as u64;
    Ok(Held {
        total,
        ..Held::default()
    })
}

/// `2h`, `+2h` or the time, as the flag was given.
fn time_arg(t: TimeArg) -> String {
    match t {
        TimeArg::Ago(s) => span(s),
        TimeArg::Ahead(s) => format!("+{}", span(s)),
        TimeArg::At(t) => rfc3339(t),
    }
}

/// `1d 8h ago` or `in 3h`.
fn from_now(t: f64, now: f64) -> String {
    if t <= now {
        format!("{} ago", span(now - t))
    } else {
        format!("in {}", span(t - now))
    }
}

/// The filters given, as flags: `--class Foo, --search cus_42`.
fn flags(f: &FilterArgs) -> Vec<String> {
    let mut given = Vec::new();
    let mut add = |flag: &str, values: Vec<String>| {
        for v in values {
            given.push(format!("--{flag} {}", crate::text::one_line(&v)));
        }
    };
    add("class", f.class.clone());
    add("queue", f.queue.clone());
    add("error", f.error.iter().map(|r| r.to_string()).collect());
    add("jid", f.jid.clone());
    add("since", f.since.map(time_arg).into_iter().collect());
    add("until", f.until.map(time_arg).into_iter().collect());
    add(
        "min-retries",
        f.min_retries.map(|n| n.to_string()).into_iter().collect(),
    );
    add("search", f.search.iter().map(|s| s.text.clone()).collect());
    add("args", f.args.iter().map(|r| r.to_string()).collect());
    add("fingerprint", f.fingerprint.clone());
    given
}

/// The sentence, or nothing when the key is empty (the view's own "no … match" says it).
/// `timed`: whether --since/--until bound the score (sets, history), so the newest and
/// oldest entries can say why nothing was in range.
pub fn sentence(
    held: &Held,
    noun: &Noun,
    filter: &FilterArgs,
    now: f64,
    timed: bool,
) -> Option<String> {
    if held.total == 0 {
        return None;
    }
    let mut text = format!("0 of {} {} match", count(held.total), noun.many);
    let newest_before = filter
        .since
        .zip(held.newest)
        .filter(|&(since, newest)| timed && newest < since.resolve(now));
    let oldest_after = filter
        .until
        .zip(held.oldest)
        .filter(|&(until, oldest)| timed && oldest > until.resolve(now));
    if let Some((since, newest)) = newest_before {
        text.push_str(&format!(
            "; the newest {} {}, before --since {}",
            noun.verb,
            from_now(newest, now),
            time_arg(since)
        ));
    } else if let Some((until, oldest)) = oldest_after {
        text.push_str(&format!(
            "; the oldest {} {}, after --until {}",
            noun.verb,
            from_now(oldest, now),
            time_arg(until)
        ));
    } else {
        let given = flags(filter);
        if !given.is_empty() {
            text.push_str(&format!(" {}", given.join(", ")));
        }
    }
    Some(text)
}

/// Say on stderr why nothing matched, when the key holds entries.
pub fn explain(ui: &Ui, held: &Held, noun: &Noun, filter: &FilterArgs, timed: bool) {
    if let Some(text) = sentence(held, noun, filter, ui.clock.now, timed) {
        ui.note(&text);
    }
}
