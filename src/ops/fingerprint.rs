//! Failure fingerprints: the error class plus the error message with its variable parts
//! normalised, so that the failures of one cause fall in one group however their ids,
//! numbers and quoted values differ. The id is the first 8 hex digits of the SHA-1 of
//! `<error class>\n<pattern>`: the same on every run and machine, and across cogctl
//! versions as long as the rules below don't change (docs/commands.md lists them with examples).
//!
//! Rules, applied in one left-to-right pass over the message:
//! * Ruby object addresses `#<Foo::Bar:0x000055d5c1a2b3c8 @a=1>` → `#<Foo::Bar>`
//! * quoted strings `'…'` and `"…"` → `'<str>'`, `"<str>"` (a quote inside a word, as in
//!   "can't", is not one)
//! * UUIDs → `<uuid>`; e-mail addresses → `<email>`; IPv4 addresses → `<ip>`
//! * durations, a number and a unit (`30s`, `1.5 ms`, `5 seconds`, `2h`) → `<duration>`
//! * `0x…` → `0x<hex>`; a word of 6 or more hex digits holding a letter (8 or more when it
//!   is only letters; jids, digests) → `<hex>`
//! * ids after an underscore, decimal or hex (`cus_42`, `ch_9f8e7d6c`, `ch_bebcafda`) →
//!   `cus_<id>`, `ch_<id>`: one placeholder, so `ch_00019919` and `ch_9f8e7d6c` stay one
//!   pattern
//! * numbers (`42`, `-3`, `2.5`) → `<n>`, also runs of two or more digits inside a word
//!   (`user1234` → `user<n>`; a single digit in a word stays: `utf8`)
//!
//! A standalone hex id that happens to hold only decimal digits reads as a number (`<n>`):
//! rare for long ids (one 24-digit jid in 80,000), so such a group may show a sibling.

use crate::store::job::sha1_hex;

/// The pattern of an entry that isn't a job, and of a job with no error recorded.
pub const UNPARSEABLE: &str = "(unparseable)";
pub const NO_ERROR: &str = "(no error)";

/// An entry's failure, normalised.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fingerprint {
    /// 8 lowercase hex digits.
    pub id: String,
    /// The error class ("" when there is none).
    pub error_class: String,
    /// The normalised message.
    pub pattern: String,
}

impl Fingerprint {
    pub fn of(error_class: Option<&str>, message: Option<&str>) -> Fingerprint {
        let pattern = pattern_of(error_class, message);
        Fingerprint::from_parts(error_class.unwrap_or(""), pattern)
    }

    /// The fingerprint of an error class and an already normalised pattern.
    pub fn from_parts(error_class: &str, pattern: String) -> Fingerprint {
        Fingerprint {
            id: id_of(error_class, &pattern),
            error_class: error_class.to_string(),
            pattern,
        }
    }

    /// The one fingerprint of every member that isn't a job.
    pub fn unparseable() -> Fingerprint {
        Fingerprint {
            id: id_of("", UNPARSEABLE),
            error_class: String::new(),
            pattern: UNPARSEABLE.to_string(),
        }
    }

    /// `Class: pattern`, or the pattern alone.
    pub fn line(&self) -> String {
        if self.error_class.is_empty() {
            self.pattern.clone()
        } else if self.pattern.is_empty() {
            self.error_class.clone()
        } else {
            format!("{}: {}", self.error_class, self.pattern)
        }
    }

    /// Whether `--fingerprint ID` names this one (an ID is a prefix of the id, at least 4).
    pub fn is_named_by(&self, given: &str) -> bool {
        self.id.starts_with(given)
    }
}

/// An entry's pattern: its message normalised, or `(no error)` when it has neither class nor
/// message. (Grouping can key on this and the class, and hash only once per group.)
pub fn pattern_of(error_class: Option<&str>, message: Option<&str>) -> String {
    let mut out = String::new();
    pattern_into(error_class, message, &mut out);
    out
}

/// [`pattern_of`], written at the end of `out` (a buffer that can serve every entry).
pub fn pattern_into(error_class: Option<&str>, message: Option<&str>, out: &mut String) {
    match (error_class.is_none_or(str::is_empty), message) {
        (true, None) => out.push_str(NO_ERROR),
        (_, m) => normalise_into(m.unwrap_or(""), out),
    }
}

fn id_of(error_class: &str, pattern: &str) -> String {
    let mut text = String::with_capacity(error_class.len() + pattern.len() + 1);
    text.push_str(error_class);
    text.push('\n');
    text.push_str(pattern);
    sha1_hex(text.as_bytes())[..8].to_string()
}

/// A `--fingerprint` value: 4 to 8 hex digits (a prefix of an id), any case.
pub fn parse_id(text: &str) -> Result<String, String> {
    let id = text.to_ascii_lowercase();
    if (4..=8).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(id)
    } else {
        Err(format!(
            "{text:?} is not a fingerprint: 4 to 8 hex digits, as `triage` prints them"
        ))
    }
}

fn is_word(b: u8) -> bool {
    CLASS[usize::from(b)] & WORD != 0
}

// What each byte is, looked up: the normaliser asks of every byte.
const WORD: u8 = 1;
const ALNUM: u8 = 2;
const LETTER: u8 = 4;
const HEX_LETTER: u8 = 8;
static CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        class[c] = if b.is_ascii_alphabetic() {
            WORD | ALNUM | LETTER | if b.is_ascii_hexdigit() { HEX_LETTER } else { 0 }
        } else if b.is_ascii_digit() {
            WORD | ALNUM
        } else if b == b'_' {
            WORD
        } else {
            0
        };
        c += 1;
    }
    class
};

const DURATION_UNITS: &[&str] = &[
    "ms", "s", "sec", "secs", "second", "seconds", "m", "min", "mins", "minute", "minutes", "h",
    "hr", "hrs", "hour", "hours", "d", "day", "days",
];
/// Units that also count after a space ("5 seconds"; "5 s" or "5 m" stay numbers).
const SPACED_UNITS: &[&str] = &[
    "ms", "sec", "secs", "second", "seconds", "min", "mins", "minute", "minutes", "hr", "hrs",
    "hour", "hours", "day", "days",
];

/// The message with its variable parts replaced (see the module comment).
pub fn normalise(msg: &str) -> String {
    let mut out = String::with_capacity(msg.len());
    normalise_into(msg, &mut out);
    out
}

/// [`normalise`], written at the end of `out`.
fn normalise_into(msg: &str, out: &mut String) {
    let b = msg.as_bytes();
    // An e-mail address needs an `@` after its start: without one, no word tries to be one.
    let last_at = memchr::memrchr(b'@', b);
    let mut i = 0;
    // Start of the run of plain text not yet copied to `out`.
    let mut plain = 0;
    while i < b.len() {
        let at_start = i == 0 || !is_word(b[i - 1]);
        let replaced = match b[i] {
            b'#' if b.get(i + 1) == Some(&b'<') => {
                ruby_object(b, i).map(|(end, name_end)| (end, &msg[i + 2..name_end]))
            }
            b'\'' | b'"' if at_start => quoted(b, i).map(|end| (end, "")),
            _ => None,
        };
        if let Some((end, name)) = replaced {
            out.push_str(&msg[plain..i]);
            if b[i] == b'#' {
                out.push_str("#<");
                out.push_str(name);
                out.push('>');
            } else {
                let q = b[i] as char;
                out.push(q);
                out.push_str("<str>");
                out.push(q);
            }
            i = end;
            plain = i;
            continue;
        }
        if CLASS[usize::from(b[i])] & ALNUM != 0 && at_start {
            let may_be_email = last_at.is_some_and(|at| at > i);
            if let Some(end) = plain_word(b, i, may_be_email) {
                // Most words: left as they are, in the run of plain text.
                i = end;
                continue;
            }
            out.push_str(&msg[plain..i]);
            i = token(msg, i, may_be_email, out);
            plain = i;
            continue;
        }
        i += 1;
    }
    out.push_str(&msg[plain..]);
}

/// The end of a word of letters at `i` that no rule changes: no digit or underscore in it,
/// not a hex id, and no `@` after it that could make it an e-mail address. `None` when
/// [`token`] must read it.
fn plain_word(b: &[u8], i: usize, may_be_email: bool) -> Option<usize> {
    if may_be_email {
        return None;
    }
    let mut end = i;
    let mut hex = true;
    while let Some(&c) = b.get(end) {
        let class = CLASS[usize::from(c)];
        if class & LETTER == 0 {
            break;
        }
        hex &= class & HEX_LETTER != 0;
        end += 1;
    }
    // A digit or underscore goes on the word; 8 or more hex letters are a hex id (or the
    // first group of a UUID).
    let whole = end > i && b.get(end).is_none_or(|&c| !is_word(c));
    (whole && !(hex && end - i >= 8)).then_some(end)
}

/// `#<Name:0x…>` at `i`: (the index after its closing `>`, the end of Name).
fn ruby_object(b: &[u8], i: usize) -> Option<(usize, usize)> {
    let mut j = i + 2;
    loop {
        let start = j;
        while j < b.len() && is_word(b[j]) {
            j += 1;
        }
        if j == start {
            return None;
        }
        if b[j..].starts_with(b"::") {
            j += 2;
        } else {
            break;
        }
    }
    let name_end = j;
    if !b[j..].starts_with(b":0x") {
        return None;
    }
    // To the `>` that closes this `#<`, nested inspections included.
    let mut depth = 0usize;
    for (k, &c) in b.iter().enumerate().skip(i + 1) {
        match c {
            b'<' => depth += 1,
            b'>' => {
                depth -= 1;
                if depth == 0 {
                    return Some((k + 1, name_end));
                }
            }
            _ => {}
        }
    }
    Some((b.len(), name_end))
}

/// A quoted string opening at `i`: the index after its closing quote (one not followed by a
/// word character).
fn quoted(b: &[u8], i: usize) -> Option<usize> {
    let q = b[i];
    let mut k = i + 1;
    while k < b.len() {
        if b[k] == q && b.get(k + 1).is_none_or(|&n| !is_word(n)) {
            return Some(k + 1);
        }
        k += 1;
    }
    None
}

/// A token starting with an alphanumeric at a word start: pushes its normal form, returns
/// the index after it. Without an `@` after `i` (`may_be_email` false), no e-mail address
/// starts there, and none is looked for.
fn token(msg: &str, i: usize, may_be_email: bool, out: &mut String) -> usize {
    let b = msg.as_bytes();
    if let Some(end) = uuid(b, i) {
        out.push_str("<uuid>");
        return end;
    }
    if let Some(end) = may_be_email.then(|| email(b, i)).flatten() {
        out.push_str("<email>");
        return end;
    }
    if let Some(end) = ipv4(b, i) {
        out.push_str("<ip>");
        return end;
    }
    if b[i] == b'0' && matches!(b.get(i + 1), Some(b'x' | b'X')) {
        let mut j = i + 2;
        while j < b.len() && b[j].is_ascii_hexdigit() {
            j += 1;
        }
        if j > i + 2 && b.get(j).is_none_or(|&c| !is_word(c)) {
            out.push_str("0x<hex>");
            return j;
        }
    }
    // A hex id first: `0912345d` is an id, not a number with the unit "d".
    let mut end = i;
    while end < b.len() && is_word(b[end]) {
        end += 1;
    }
    if is_hex_id(&msg[i..end]) {
        out.push_str("<hex>");
        return end;
    }
    if b[i].is_ascii_digit() {
        let mut j = i;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if b.get(j) == Some(&b'.') && b.get(j + 1).is_some_and(u8::is_ascii_digit) {
            j += 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
        }
        if let Some(end) = unit(b, j) {
            out.push_str("<duration>");
            return end;
        }
        if b.get(j).is_none_or(|&c| !is_word(c)) {
            out.push_str("<n>");
            return j;
        }
    }
    // A word (not a hex id, checked above): the ids and digit runs inside it.
    let j = end;
    let word = &msg[i..j];
    if !word.contains('_') {
        digit_runs(word, out);
        return j;
    }
    for (n, part) in word.split('_').enumerate() {
        if n > 0 {
            out.push('_');
        }
        if is_id_part(part)
            || (n > 0 && part.len() >= 6 && part.bytes().all(|c| c.is_ascii_hexdigit()))
        {
            out.push_str("<id>");
        } else {
            digit_runs(part, out);
        }
    }
    j
}

/// A part of a word between underscores that is an id: hex digits holding a decimal digit,
/// either 6 or more of them or all decimal (`cus_42`, `ch_9f8e7d6c`, `ch_00019919`): one
/// placeholder for both, so ids of one kind stay one pattern whatever their digits. After an
/// underscore, 6 or more hex letters alone are an id too (`ch_bebcafda`).
fn is_id_part(part: &str) -> bool {
    let hex = !part.is_empty()
        && part.bytes().all(|c| c.is_ascii_hexdigit())
        && part.bytes().any(|c| c.is_ascii_digit());
    hex && (part.len() >= 6 || part.bytes().all(|c| c.is_ascii_digit()))
}

/// A hex id: hex digits only, with a letter (all digits is a number), 6 or more of them
/// (8 or more when they are all letters).
fn is_hex_id(word: &str) -> bool {
    let digits = word.bytes().any(|c| c.is_ascii_digit());
    word.bytes().all(|c| c.is_ascii_hexdigit())
        && word.bytes().any(|c| c.is_ascii_alphabetic())
        // Letters alone: 8 or more (6- and 7-letter words such as "decade" stay words).
        && word.len() >= if digits { 6 } else { 8 }
}

/// `part` with every run of two or more digits as `<n>`.
fn digit_runs(part: &str, out: &mut String) {
    let b = part.as_bytes();
    let mut k = 0;
    let mut plain = 0;
    while k < b.len() {
        if b[k].is_ascii_digit() {
            let start = k;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            if k - start >= 2 {
                out.push_str(&part[plain..start]);
                out.push_str("<n>");
                plain = k;
            }
        } else {
            k += 1;
        }
    }
    out.push_str(&part[plain..]);
}

/// A duration unit right after a number ending at `j` (or after one space, for the units
/// that read as words): the index after it.
fn unit(b: &[u8], j: usize) -> Option<usize> {
    let (start, units) = if b.get(j) == Some(&b' ') {
        (j + 1, SPACED_UNITS)
    } else {
        (j, DURATION_UNITS)
    };
    let mut k = start;
    while k < b.len() && b[k].is_ascii_alphabetic() {
        k += 1;
    }
    if k == start || b.get(k).is_some_and(|&c| is_word(c)) {
        return None;
    }
    let word = std::str::from_utf8(&b[start..k]).ok()?;
    units.contains(&word).then_some(k)
}

fn uuid(b: &[u8], i: usize) -> Option<usize> {
    const GROUPS: [usize; 5] = [8, 4, 4, 4, 12];
    let mut j = i;
    for (n, len) in GROUPS.iter().enumerate() {
        if n > 0 {
            if b.get(j) != Some(&b'-') {
                return None;
            }
            j += 1;
        }
        for _ in 0..*len {
            if !b.get(j).is_some_and(u8::is_ascii_hexdigit) {
                return None;
            }
            j += 1;
        }
    }
    b.get(j).is_none_or(|&c| !is_word(c)).then_some(j)
}

fn email(b: &[u8], i: usize) -> Option<usize> {
    let local = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'%' | b'+' | b'-');
    // RFC 5321's limits (64 for the local part, 255 for the domain) also keep a long run of
    // word starts ("a.a.a.…") linear.
    let mut j = i;
    while j < b.len() && j - i <= 64 && local(b[j]) {
        j += 1;
    }
    if j == i || b.get(j) != Some(&b'@') {
        return None;
    }
    j += 1;
    let domain_start = j;
    let mut dots = 0;
    while j < b.len()
        && j - domain_start < 255
        && (b[j].is_ascii_alphanumeric() || b[j] == b'-' || b[j] == b'.')
    {
        dots += usize::from(b[j] == b'.');
        j += 1;
    }
    // A sentence's full stop is not part of the domain.
    while j > domain_start && b[j - 1] == b'.' {
        j -= 1;
        dots -= 1;
    }
    (dots > 0 && j > domain_start).then_some(j)
}

fn ipv4(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    for n in 0..4 {
        if n > 0 {
            if b.get(j) != Some(&b'.') {
                return None;
            }
            j += 1;
        }
        let start = j;
        while j < b.len() && b[j].is_ascii_digit() && j - start < 3 {
            j += 1;
        }
        if j == start {
            return None;
        }
    }
    let ends = b.get(j).is_none_or(|&c| !is_word(c))
        && !(b.get(j) == Some(&b'.') && b.get(j + 1).is_some_and(u8::is_ascii_digit));
    ends.then_some(j)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn n(input: &str, want: &str) {
        assert_eq!(normalise(input), want, "normalise({input:?})");
    }

    #[test]
    fn the_documented_rules() {
        n(
            "undefined method `name' for #<User:0x000055d5c1a2b3c8 @id=42, @name=\"x\">",
            "undefined method `name' for #<User>",
        );
        n(
            "Net::ReadTimeout with #<TCPSocket:(closed)>",
            "Net::ReadTimeout with #<TCPSocket:(closed)>",
        );
        n(
            "#<Billing::Invoice:0x00007f nested #<Line:0x1 a>> left",
            "#<Billing::Invoice> left",
        );
        n(
            "unexpected token at '<html><body>Service Unavailable</body></html>' (503)",
            "unexpected token at '<str>' (<n>)",
        );
        n(
            "Couldn't find User with 'id'=42",
            "Couldn't find User with '<str>'=<n>",
        );
        n("key \"a\\\"b\" missing", "key \"<str>\" missing");
        n(
            "order 3f2a9c1e-7b4d-4e2a-9c1b-0a1b2c3d4e5f not found",
            "order <uuid> not found",
        );
        n(
            "mail to ada.lovelace+test@example.co.uk bounced.",
            "mail to <email> bounced.",
        );
        n(
            "Error connecting to Redis on 10.0.3.17:6379 (Errno::ECONNREFUSED)",
            "Error connecting to Redis on <ip>:<n> (Errno::ECONNREFUSED)",
        );
        n(
            "Error connecting to Redis on cache-3.internal:6379 (Errno::ECONNREFUSED)",
            "Error connecting to Redis on cache-<n>.internal:<n> (Errno::ECONNREFUSED)",
        );
        n("timed out after 30s", "timed out after <duration>");
        n(
            "took 1.5 ms, limit 5 seconds",
            "took <duration>, limit <duration>",
        );
        n("retry in 2h", "retry in <duration>");
        n("5 s and 5 m stay numbers", "<n> s and <n> m stay numbers");
        n("segfault at 0x7ffd1c", "segfault at 0x<hex>");
        n(
            "payment provider answered 502 Bad Gateway for charge ch_9f8e7d6c",
            "payment provider answered <n> Bad Gateway for charge ch_<id>",
        );
        n(
            "job 5c0f3e2a1b9d8c7e6f5a4b3c failed for cus_42 and user1234 (utf8, -3, 2.5)",
            "job <hex> failed for cus_<id> and user<n> (utf8, -<n>, <n>)",
        );
        n(
            "ch_00019919 ch_0a1b2c3d x_abc_12",
            "ch_<id> ch_<id> x_abc_<id>",
        );
        n(
            "app/jobs/0912345d.rb app/jobs/5e3a9f1b.rb app/jobs/ebfbddbf.rb",
            "app/jobs/<hex>.rb app/jobs/<hex>.rb app/jobs/<hex>.rb",
        );
        n("", "");
        n("plain words only", "plain words only");
        // Words of letters alone are left as they are, but for a hex id, a UUID's first
        // group, and a word an e-mail address begins with (an `@` later in the message).
        n(
            "decade facade deadbee deadbeef cafebabe-0000-1111-2222-333333333333 Stop",
            "decade facade deadbee <hex> <uuid> Stop",
        );
        n("from bob@example.com", "from <email>");
        n("bob wrote @ noon", "bob wrote @ noon");
        n("abc_def done", "abc_def done");
        n("ünïcödé 'ß' 42€", "ünïcödé '<str>' <n>€");
        n("unterminated 'quote", "unterminated 'quote");
        n("1.2.3.4.5", "<n>.<n>.<n>");
        let long = "a.".repeat(5000);
        assert_eq!(normalise(&long), long);
    }

    #[test]
    fn messages_that_differ_only_in_variables_share_a_fingerprint() {
        let a = Fingerprint::of(
            Some("Stripe::CardError"),
            Some("card ch_1a2b3c4d declined for cus_17 ('insufficient_funds')"),
        );
        let b = Fingerprint::of(
            Some("Stripe::CardError"),
            Some("card ch_9f9f9f9f declined for cus_88301 ('expired_card')"),
        );
        let c = Fingerprint::of(Some("Other"), Some("card ch_1a2b3c4d declined"));
        assert_eq!(a, b);
        assert_ne!(a.id, c.id);
        // Stable across runs, machines and versions: the id is part of the interface.
        assert_eq!(
            a.id,
            id_of(
                "Stripe::CardError",
                "card ch_<id> declined for cus_<id> ('<str>')"
            )
        );
        assert_eq!(Fingerprint::of(None, None).pattern, NO_ERROR);
        assert_eq!(Fingerprint::of(Some("E"), None).line(), "E");
        assert_eq!(Fingerprint::unparseable().id, id_of("", UNPARSEABLE));
    }

    #[test]
    fn ids_are_given_as_hex_prefixes() {
        assert_eq!(parse_id("3F2A9C").unwrap(), "3f2a9c");
        assert!(parse_id("3f2").is_err());
        assert!(parse_id("3f2a9c1b0").is_err());
        assert!(parse_id("zzzz").is_err());
    }
}
