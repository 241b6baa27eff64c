//! Why a filtered view came out empty while its key holds entries, said on stderr:
//! `0 of 3 dead entries match; the newest died 1d 8h ago, before --since 2h`.

use crate::clock::rfc3339;
use crate::duration::span;
use crate::ops::empty::{Held, Noun};
use crate::ops::filter::FilterArgs;
use crate::term::ui::Ui;
use crate::term::values::TimeArg;
use crate::text::size::count;

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
