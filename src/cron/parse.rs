//! fugit 1.5.2's cron grammar (a raabro PEG) and its expansion of fields into values.
//!
//! The grammar is kept rule for rule because its quirks are the contract: the whole string
//! must be consumed, the 6-field form is tried first and a 6-field match that leaves text over
//! fails outright, nothing is trimmed, and each field's pattern is anchored with the regex
//! engine's order of trials (`[0-5]?\d` reads `60` as `6`, so `60` fails on the leftover `0`).

use super::zone::Zone;

/// Why fugit 1.5.2 gives no cron for a string.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Refusal {
    /// `Fugit::Cron.parse` returns nil: the grammar doesn't match.
    Syntax,
    /// `@reboot`: known to fugit, but not a schedule.
    Reboot,
    /// nil: the zone after the fields names no zone.
    UnknownZone(String),
    /// nil: no listed month has any of the listed days (`30 2`).
    NoSuchDay,
    /// `Fugit::Cron.parse` raises: the exception text.
    Raised(String),
}

/// One weekday entry: `mon`, `mon#2`, `mon#-1` or `mon%2+1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct WeekdayRule {
    pub day: u32,
    pub rule: DayRule,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum DayRule {
    Every,
    /// `#n`: the n-th such weekday of the month, counted from the end when negative.
    Nth(i64),
    /// `%m+k`: weeks where (reference week + k) is a multiple of m.
    Modulo {
        modulus: i64,
        offset: i64,
    },
}

/// The parsed fields; `None` is a wildcard.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Fields {
    pub seconds: Option<Vec<u32>>,
    pub minutes: Option<Vec<u32>>,
    pub hours: Option<Vec<u32>>,
    /// Negative values count from the end of the month (-1 is the last day).
    pub monthdays: Option<Vec<i64>>,
    pub months: Option<Vec<u32>>,
    pub weekdays: Option<Vec<WeekdayRule>>,
}

#[derive(Debug)]
pub(super) struct Parsed {
    /// The cron text fugit keeps as `@original` (an `@` shortcut already replaced).
    pub original: String,
    pub fields: Fields,
    pub zone: Option<(String, Zone)>,
}

pub(super) fn parse(text: &str) -> Result<Parsed, Refusal> {
    let expanded = match text {
        "@reboot" => return Err(Refusal::Reboot),
        "@yearly" | "@annually" => "0 0 1 1 *",
        "@monthly" => "0 0 1 * *",
        "@weekly" => "0 0 * * 0",
        "@daily" | "@midnight" => "0 0 * * *",
        "@noon" => "0 12 * * *",
        "@hourly" => "0 * * * *",
        other => other,
    };
    let tree = Grammar {
        s: expanded.as_bytes(),
    }
    .cron()
    .ok_or(Refusal::Syntax)?;
    // fugit resolves the zone while rewriting the parse tree, before expanding any field.
    let zone = match tree.zone {
        None => None,
        Some(name) => match Zone::resolve(name) {
            Some(zone) => Some((name.to_string(), zone)),
            None => return Err(Refusal::UnknownZone(name.to_string())),
        },
    };
    let fields = expand_fields(&tree).map_err(Refusal::Raised)?;
    let fields = compact_month_days(fields).ok_or(Refusal::NoSuchDay)?;
    Ok(Parsed {
        original: expanded.to_string(),
        fields,
        zone,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    MinuteOrSecond,
    Hour,
    MonthDay,
    Month,
    WeekDay,
}

/// One list element as fugit's `rewrite_elt` leaves it: `[a, z, slash, hash, mod]`.
#[derive(Debug, Clone, Copy, Default)]
struct Elt {
    from: Option<i64>,
    to: Option<i64>,
    slash: Option<i64>,
    hash: Option<i64>,
    modulo: Option<(i64, i64)>,
}

struct Tree<'a> {
    seconds: Option<Vec<Elt>>,
    minutes: Vec<Elt>,
    hours: Vec<Elt>,
    monthdays: Vec<Elt>,
    months: Vec<Elt>,
    weekdays: Vec<Elt>,
    zone: Option<&'a str>,
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];
const WEEKDAYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

struct Grammar<'a> {
    s: &'a [u8],
}

impl<'a> Grammar<'a> {
    fn byte(&self, p: usize) -> Option<u8> {
        self.s.get(p).copied()
    }

    fn digit(&self, p: usize) -> bool {
        self.byte(p).is_some_and(|b| b.is_ascii_digit())
    }

    fn is(&self, p: usize, set: impl Fn(u8) -> bool) -> bool {
        self.byte(p).is_some_and(set)
    }

    fn word_at(&self, p: usize, word: &str) -> bool {
        self.s
            .get(p..p + word.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(word.as_bytes()))
    }

    fn text(&self, from: usize, to: usize) -> &'a str {
        std::str::from_utf8(&self.s[from..to]).expect("the grammar only consumes ASCII")
    }

    /// `cron`: `alt(second_cron, classic_cron)` under raabro's `all`: the first alternative
    /// that matches is kept even when it leaves text over.
    fn cron(&self) -> Option<Tree<'a>> {
        let (end, tree) = self.fields(true, 0).or_else(|| self.fields(false, 0))?;
        (end == self.s.len()).then_some(tree)
    }

    fn fields(&self, with_seconds: bool, p: usize) -> Option<(usize, Tree<'a>)> {
        let mut p = p;
        let field = |kind: Kind, p: &mut usize, then_blank: bool| -> Option<Vec<Elt>> {
            let (q, list) = self.list(kind, *p)?;
            *p = if then_blank { self.blank(q)? } else { q };
            Some(list)
        };
        let seconds = if with_seconds {
            Some(field(Kind::MinuteOrSecond, &mut p, true)?)
        } else {
            None
        };
        let minutes = field(Kind::MinuteOrSecond, &mut p, true)?;
        let hours = field(Kind::Hour, &mut p, true)?;
        let monthdays = field(Kind::MonthDay, &mut p, true)?;
        let months = field(Kind::Month, &mut p, true)?;
        let weekdays = field(Kind::WeekDay, &mut p, false)?;
        let zone = match self.zone(p) {
            Some((q, name)) => {
                p = q;
                Some(name)
            }
            None => None,
        };
        Some((
            p,
            Tree {
                seconds,
                minutes,
                hours,
                monthdays,
                months,
                weekdays,
                zone,
            },
        ))
    }

    /// `s`: `/[ \t]+/`.
    fn blank(&self, p: usize) -> Option<usize> {
        let mut q = p;
        while self.is(q, |b| b == b' ' || b == b'\t') {
            q += 1;
        }
        (q > p).then_some(q)
    }

    /// `jseq(elt, ',')`: a comma not followed by an element is not consumed.
    fn list(&self, kind: Kind, p: usize) -> Option<(usize, Vec<Elt>)> {
        let (mut p, first) = self.elt(kind, p)?;
        let mut list = vec![first];
        while self.byte(p) == Some(b',') {
            match self.elt(kind, p + 1) {
                Some((q, elt)) => {
                    list.push(elt);
                    p = q;
                }
                None => break,
            }
        }
        Some((p, list))
    }

    /// Weekdays: `alt(h_dow, mod_dow, dow_elt)`; every field: `alt(slash, sorws)` where
    /// `sorws` is `('*' | bound ('-' bound)?) slash?`.
    fn elt(&self, kind: Kind, p: usize) -> Option<(usize, Elt)> {
        if kind == Kind::WeekDay
            && let Some((q, day)) = self.bound(kind, p)
        {
            if let Some((r, hash)) = self.hash(q) {
                let elt = Elt {
                    from: Some(day),
                    hash: Some(hash),
                    ..Elt::default()
                };
                return Some((r, elt));
            }
            if let Some((r, modulo)) = self.modulo(q) {
                let elt = Elt {
                    from: Some(day),
                    modulo: Some(modulo),
                    ..Elt::default()
                };
                return Some((r, elt));
            }
        }
        if let Some((q, slash)) = self.slash(p) {
            let elt = Elt {
                slash: Some(slash),
                ..Elt::default()
            };
            return Some((q, elt));
        }
        let mut elt = Elt::default();
        let mut q = if self.byte(p) == Some(b'*') {
            p + 1
        } else {
            let (q, from) = self.bound(kind, p)?;
            elt.from = Some(from);
            match self.byte(q) {
                Some(b'-') => match self.bound(kind, q + 1) {
                    Some((r, to)) => {
                        elt.to = Some(to);
                        r
                    }
                    None => q,
                },
                _ => q,
            }
        };
        if let Some((r, slash)) = self.slash(q) {
            elt.slash = Some(slash);
            q = r;
        }
        Some((q, elt))
    }

    /// The length of the first alternative that matches at `p`, in the order the regex tries
    /// them; an alternative is a run of byte ranges.
    fn first_of(&self, p: usize, alternatives: &[&[(u8, u8)]]) -> Option<usize> {
        alternatives
            .iter()
            .find(|ranges| {
                ranges
                    .iter()
                    .enumerate()
                    .all(|(i, &(low, high))| self.is(p + i, |b| (low..=high).contains(&b)))
            })
            .map(|ranges| ranges.len())
    }

    /// The value patterns, each tried in its regex's own order of alternatives.
    fn bound(&self, kind: Kind, p: usize) -> Option<(usize, i64)> {
        let number = |len: usize| -> Option<(usize, i64)> {
            Some((p + len, self.text(p, p + len).parse().ok()?))
        };
        const DIGIT: (u8, u8) = (b'0', b'9');
        const NONZERO: (u8, u8) = (b'1', b'9');
        match kind {
            // /[0-5]?\d/
            Kind::MinuteOrSecond => number(self.first_of(p, &[&[(b'0', b'5'), DIGIT], &[DIGIT]])?),
            // /(2[0-4]|[01]?[0-9])/
            Kind::Hour => number(self.first_of(
                p,
                &[
                    &[(b'2', b'2'), (b'0', b'4')],
                    &[(b'0', b'1'), DIGIT],
                    &[DIGIT],
                ],
            )?),
            // /(-?(3[01]|[12][0-9]|0?[1-9])|last|l)/i
            Kind::MonthDay => {
                let sign = usize::from(self.byte(p) == Some(b'-'));
                let digits = self.first_of(
                    p + sign,
                    &[
                        &[(b'3', b'3'), (b'0', b'1')],
                        &[(b'1', b'2'), DIGIT],
                        &[(b'0', b'0'), NONZERO],
                        &[NONZERO],
                    ],
                );
                if let Some(len) = digits {
                    number(sign + len)
                } else if self.word_at(p, "last") {
                    Some((p + 4, -1))
                } else if self.word_at(p, "l") {
                    Some((p + 1, -1))
                } else {
                    None
                }
            }
            // /(1[0-2]|0?[1-9]|jan|...|dec)/i
            Kind::Month => {
                let digits = self.first_of(
                    p,
                    &[
                        &[(b'1', b'1'), (b'0', b'2')],
                        &[(b'0', b'0'), NONZERO],
                        &[NONZERO],
                    ],
                );
                match digits {
                    Some(len) => number(len),
                    None => {
                        let i = MONTHS.iter().position(|m| self.word_at(p, m))?;
                        Some((p + 3, i as i64 + 1))
                    }
                }
            }
            // /([0-7]|sun|mon|...|sat)/i
            Kind::WeekDay => match self.first_of(p, &[&[(b'0', b'7')]]) {
                Some(len) => number(len),
                None => {
                    let i = WEEKDAYS.iter().position(|d| self.word_at(p, d))?;
                    Some((p + 3, i as i64))
                }
            },
        }
    }

    /// `/\/\d\d?/`
    fn slash(&self, p: usize) -> Option<(usize, i64)> {
        if self.byte(p) != Some(b'/') || !self.digit(p + 1) {
            return None;
        }
        let end = if self.digit(p + 2) { p + 3 } else { p + 2 };
        Some((end, self.text(p + 1, end).parse().ok()?))
    }

    /// `/#(-?[1-5]|last|l)/i`; `L` and `last` are -1.
    fn hash(&self, p: usize) -> Option<(usize, i64)> {
        if self.byte(p) != Some(b'#') {
            return None;
        }
        let q = p + 1;
        let one_to_five = |b: u8| (b'1'..=b'5').contains(&b);
        if self.byte(q) == Some(b'-') && self.is(q + 1, one_to_five) {
            Some((q + 2, -i64::from(self.s[q + 1] - b'0')))
        } else if self.is(q, one_to_five) {
            Some((q + 1, i64::from(self.s[q] - b'0')))
        } else if self.word_at(q, "last") {
            Some((q + 4, -1))
        } else if self.word_at(q, "l") {
            Some((q + 1, -1))
        } else {
            None
        }
    }

    /// `/%\d+(\+\d+)?/` as `[modulus, offset]`.
    fn modulo(&self, p: usize) -> Option<(usize, (i64, i64))> {
        if self.byte(p) != Some(b'%') {
            return None;
        }
        let digits = |from: usize| {
            let mut to = from;
            while self.digit(to) {
                to += 1;
            }
            (to > from).then(|| (to, saturating_number(self.text(from, to))))
        };
        let (mut end, modulus) = digits(p + 1)?;
        let mut offset = 0;
        if self.byte(end) == Some(b'+')
            && let Some((to, value)) = digits(end + 1)
        {
            end = to;
            offset = value;
        }
        Some((end, (modulus, offset)))
    }

    /// `_tz`: `alt(_tz_delta, _tz_name)`, both led by spaces (tabs don't count), stripped.
    fn zone(&self, p: usize) -> Option<(usize, &'a str)> {
        let mut q = p;
        while self.byte(q) == Some(b' ') {
            q += 1;
        }
        if q == p {
            return None;
        }
        let end = self.zone_delta(q).or_else(|| self.zone_name(q))?;
        Some((end, self.text(q, end)))
    }

    /// `/[-+]([01][0-9]|2[0-4]):?(00|15|30|45)/`
    fn zone_delta(&self, p: usize) -> Option<usize> {
        if !self.is(p, |b| b == b'+' || b == b'-') {
            return None;
        }
        let h = p + 1;
        let hours_ok = (self.is(h, |b| b == b'0' || b == b'1') && self.digit(h + 1))
            || (self.byte(h) == Some(b'2') && self.is(h + 1, |b| (b'0'..=b'4').contains(&b)));
        if !hours_ok {
            return None;
        }
        let minutes_at = |m: usize| {
            ["00", "15", "30", "45"]
                .iter()
                .any(|mm| self.s.get(m..m + 2) == Some(mm.as_bytes()))
                .then_some(m + 2)
        };
        let after = h + 2;
        if self.byte(after) == Some(b':')
            && let Some(end) = minutes_at(after + 1)
        {
            return Some(end);
        }
        minutes_at(after)
    }

    /// `/[A-Z][a-zA-Z0-9+\-]+(\/[A-Z][a-zA-Z0-9+\-_]+){0,2}/`
    fn zone_name(&self, p: usize) -> Option<usize> {
        let run = |from: usize, underscore: bool| {
            let mut to = from;
            while self.is(to, |b| {
                b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || (underscore && b == b'_')
            }) {
                to += 1;
            }
            to
        };
        if !self.is(p, |b| b.is_ascii_uppercase()) {
            return None;
        }
        let mut end = run(p + 1, false);
        if end == p + 1 {
            return None;
        }
        for _ in 0..2 {
            if self.byte(end) != Some(b'/') || !self.is(end + 1, |b| b.is_ascii_uppercase()) {
                break;
            }
            let to = run(end + 2, true);
            if to == end + 2 {
                break;
            }
            end = to;
        }
        Some(end)
    }
}

fn saturating_number(digits: &str) -> i64 {
    digits.parse().unwrap_or(i64::MAX)
}

fn expand_fields(tree: &Tree) -> Result<Fields, String> {
    let default_seconds = [Elt {
        from: Some(0),
        ..Elt::default()
    }];
    let seconds = determine(tree.seconds.as_deref().unwrap_or(&default_seconds), 0, 59)?;
    let minutes = determine(&tree.minutes, 0, 59)?;
    let hours = determine(&tree.hours, 0, 23)?.map(|hours| {
        let mut hours: Vec<i64> = hours
            .into_iter()
            .map(|h| if h == 24 { 0 } else { h })
            .collect();
        hours.sort_unstable();
        hours.dedup();
        hours
    });
    let monthdays = determine(&tree.monthdays, 1, 31)?;
    let months = determine(&tree.months, 1, 12)?;
    let weekdays = determine_weekdays(&tree.weekdays)?;
    let unsigned = |v: Option<Vec<i64>>| v.map(|v| v.into_iter().map(|x| x as u32).collect());
    Ok(Fields {
        seconds: unsigned(seconds),
        minutes: unsigned(minutes),
        hours: unsigned(hours),
        monthdays,
        months: unsigned(months),
        weekdays,
    })
}

/// `expand` each element then `compact`: any wildcard element makes the whole field a
/// wildcard, else the values are deduplicated and sorted.
fn determine(elts: &[Elt], min: i64, max: i64) -> Result<Option<Vec<i64>>, String> {
    let mut values = Vec::new();
    for elt in elts {
        values.extend(expand(min, max, elt)?);
    }
    if values.contains(&None) {
        return Ok(None);
    }
    let mut values: Vec<i64> = values.into_iter().flatten().collect();
    values.sort_unstable();
    values.dedup();
    Ok(Some(values))
}

/// fugit 1.5.2's `expand`: `/1` counts as no step, a step with a start and no end runs to the
/// field's maximum (`15/30` is `15-59/30`, but `0/1` is just `0`), a lone value stays alone.
fn expand(min: i64, max: i64, elt: &Elt) -> Result<Vec<Option<i64>>, String> {
    let slash = elt.slash.filter(|&s| s != 1);
    let to = if slash.is_some() && elt.to.is_none() {
        Some(max)
    } else {
        elt.to
    };
    match (elt.from, to, slash) {
        (None, None, None) => Ok(vec![None]),
        (Some(from), None, _) => Ok(vec![Some(from)]),
        (from, to, slash) => {
            let from = from.unwrap_or(min);
            let to = match to {
                Some(to) if !(to < 0 && from > 0) => to,
                _ => max,
            };
            Ok(range(min, max, from, to, slash.unwrap_or(1))?
                .into_iter()
                .map(Some)
                .collect())
        }
    }
}

/// fugit's `range`: wraps past the maximum (`11-2` months), negative days count from the end,
/// keeps every `step`-th value.
fn range(min: i64, max: i64, from: i64, to: i64, step: i64) -> Result<Vec<i64>, String> {
    let describe =
        |to: i64| format!("{{:min=>{min}, :max=>{max}, :sta=>{from}, :edn=>{to}, :sla=>{step}}}");
    if (from < 0 && to > 0) || (to < 0 && from > 0) {
        return Err(format!(
            "ArgumentError: both start and end must be negative in {}",
            describe(to)
        ));
    }
    let (low, high) = if from < 0 { (-max, -1) } else { (min, max) };
    let mut to = to;
    let mut values = Vec::new();
    let mut current = from;
    loop {
        values.push(current);
        if current == to {
            break;
        }
        current += 1;
        if current > high {
            current = low;
            if to > high {
                to = to - high - 1;
            }
        }
        if values.len() as i64 > 2 * max {
            return Err(format!(
                "RuntimeError: too many loops for {} #range, breaking, please fill an issue at \
                 https://git.io/fjJC9",
                describe(to)
            ));
        }
    }
    if step == 0 {
        return Err("ZeroDivisionError: divided by 0".to_string());
    }
    let mut kept: Vec<i64> = Vec::new();
    for (i, value) in values.into_iter().enumerate() {
        if i as i64 % step == 0 && !kept.contains(&value) {
            kept.push(value);
        }
    }
    Ok(kept)
}

/// fugit 1.5.2's `determine_weekdays`: ranges wrap (`fri-mon`), steps don't, `7` is Sunday.
/// Entries are deduplicated and sorted like Ruby arrays, which raises when one weekday has
/// both a `#n` and a `%n` entry (an Integer and an Array can't be compared).
fn determine_weekdays(elts: &[Elt]) -> Result<Option<Vec<WeekdayRule>>, String> {
    let mut rules = Vec::new();
    let every = |day: i64| WeekdayRule {
        day: day as u32,
        rule: DayRule::Every,
    };
    for elt in elts {
        if elt.hash.is_some() || elt.modulo.is_some() {
            let day = elt.from.expect("#n and %n always follow a weekday");
            let rule = match (elt.hash, elt.modulo) {
                (Some(n), _) => DayRule::Nth(n),
                (None, Some((modulus, offset))) => DayRule::Modulo { modulus, offset },
                (None, None) => DayRule::Every,
            };
            rules.push(WeekdayRule {
                day: day as u32,
                rule,
            });
        } else if let Some(step) = elt.slash {
            let from = elt.from.unwrap_or(0);
            let to = elt.to.unwrap_or(elt.from.unwrap_or(6));
            let step = step.max(1) as usize;
            rules.extend((from..=to).step_by(step).map(every));
        } else if let (Some(from), Some(to)) = (elt.from, elt.to) {
            let to = if from > to { to + 7 } else { to };
            rules.extend((from..=to).map(|d| every(if d > 6 { d - 7 } else { d })));
        } else if let Some(day) = elt.from {
            rules.push(every(day));
        }
    }
    for rule in &mut rules {
        if rule.day == 7 {
            rule.day = 0;
        }
    }
    let mut unique: Vec<WeekdayRule> = Vec::new();
    for rule in rules {
        if !unique.contains(&rule) {
            unique.push(rule);
        }
    }
    let clash = unique.iter().any(|a| {
        matches!(a.rule, DayRule::Nth(_))
            && unique
                .iter()
                .any(|b| b.day == a.day && matches!(b.rule, DayRule::Modulo { .. }))
    });
    if clash {
        return Err("ArgumentError: comparison of Array with Array failed".to_string());
    }
    unique.sort_by_key(|r| match r.rule {
        DayRule::Every => (r.day, 0, 0, 0),
        DayRule::Nth(n) => (r.day, 1, n, 0),
        DayRule::Modulo { modulus, offset } => (r.day, 1, modulus, offset),
    });
    Ok((!unique.is_empty()).then_some(unique))
}

/// fugit's `compact_month_days`: drop days no listed month has (a negative day is always
/// kept); nothing left means the cron is refused.
fn compact_month_days(mut fields: Fields) -> Option<Fields> {
    const MAXDAYS: [i64; 13] = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let (Some(months), Some(days)) = (&fields.months, &fields.monthdays) else {
        return Some(fields);
    };
    let mut kept_months: Vec<u32> = Vec::new();
    let mut kept_days: Vec<i64> = Vec::new();
    for &month in months {
        for &day in days {
            if day > MAXDAYS[month as usize] {
                continue;
            }
            if !kept_months.contains(&month) {
                kept_months.push(month);
            }
            if !kept_days.contains(&day) {
                kept_days.push(day);
            }
        }
    }
    if kept_months.is_empty() || kept_days.is_empty() {
        return None;
    }
    fields.months = Some(kept_months);
    fields.monthdays = Some(kept_days);
    Some(fields)
}
