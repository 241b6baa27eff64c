//! Finding a job by jid without loading a whole set or list: sorted sets with
//! `ZSCAN … MATCH *"jid":"<jid>"*`, lists in bounded pages with a byte pre-filter. The gem
//! writes compact JSON, so a stored job contains `"jid":"<jid>"` verbatim; every candidate
//! is then parsed to confirm its jid.

use std::collections::HashSet;

use super::job::Job;
use super::page::{ListPager, Score, ZEntry};
use super::{KeyType, Name, RawJob, Store, StoreResult};

/// What a stored member must contain to be this job: `"jid":"<jid>"` as compact JSON.
pub fn needle(jid: &str) -> String {
    format!(
        "\"jid\":{}",
        serde_json::to_string(jid).expect("a string serialises")
    )
}

/// `text` with Redis glob metacharacters escaped, so it matches only itself.
pub fn glob_escape(text: impl AsRef<[u8]>) -> Vec<u8> {
    let text = text.as_ref();
    let mut out = Vec::with_capacity(text.len());
    for &b in text {
        if matches!(b, b'*' | b'?' | b'[' | b']' | b'\\') {
            out.push(b'\\');
        }
        out.push(b);
    }
    out
}

pub fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

/// True when `raw` parses to a job whose jid is `jid`.
pub fn is_job(raw: &[u8], jid: &str) -> bool {
    Job::parse(raw).is_ok_and(|job| job.jid.as_deref() == Some(jid))
}

/// Every member of the sorted set `key` that is the job `jid`, lowest score first.
pub fn in_zset(store: &mut Store, key: &str, jid: &str) -> StoreResult<Vec<ZEntry>> {
    in_zset_matching(store, key, &needle(jid), |member| is_job(member, jid))
}

/// Every member of the sorted set `key` that contains `needle` verbatim (`ZSCAN … MATCH`)
/// and passes `hit`, lowest score first.
pub fn in_zset_matching(
    store: &mut Store,
    key: &str,
    needle: &str,
    hit: impl Fn(&[u8]) -> bool,
) -> StoreResult<Vec<ZEntry>> {
    let mut pattern = b"*".to_vec();
    pattern.extend(glob_escape(needle));
    pattern.push(b'*');
    let mut cursor = "0".to_string();
    let mut seen = HashSet::new();
    let mut hits = Vec::new();
    loop {
        let (next, flat): (String, Vec<Vec<u8>>) = store.query(
            redis::cmd("ZSCAN")
                .arg(key)
                .arg(&cursor)
                .arg("MATCH")
                .arg(&pattern)
                .arg("COUNT")
                .arg(1000),
            key,
            KeyType::Zset,
        )?;
        for pair in flat.chunks_exact(2) {
            let (member, score) = (&pair[0], &pair[1]);
            // ZSCAN may return a member twice while the set is rehashed.
            if hit(member)
                && seen.insert(member.clone())
                && let Some(score) = Score::parse(String::from_utf8_lossy(score).into_owned())
            {
                hits.push(ZEntry {
                    member: RawJob::new(member.clone()),
                    score,
                });
            }
        }
        if next == "0" {
            break;
        }
        cursor = next;
    }
    hits.sort_by(|a, b| a.score.value.total_cmp(&b.score.value));
    Ok(hits)
}

/// The members of a list that contain `prefilter` and pass `hit`, with their index from the
/// head, read in bounded pages.
pub fn in_list(
    store: &mut Store,
    key: impl Into<Name>,
    prefilter: &[u8],
    hit: impl Fn(&[u8]) -> bool,
) -> StoreResult<Vec<(u64, Vec<u8>)>> {
    let mut pager = ListPager::new(key);
    let mut index = 0u64;
    let mut hits = Vec::new();
    while let Some(page) = pager.next_page(store)? {
        for raw in page {
            if contains(&raw, prefilter) && hit(&raw) {
                hits.push((index, raw));
            }
            index += 1;
        }
    }
    Ok(hits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_characters_are_escaped() {
        assert_eq!(
            glob_escape(r#""jid":"a*b?[c]\"#),
            br#""jid":"a\*b\?\[c\]\\"#
        );
    }

    #[test]
    fn the_needle_is_compact_json() {
        assert_eq!(needle("abc"), r#""jid":"abc""#);
        assert_eq!(needle("a\"b"), r#""jid":"a\"b""#);
        assert!(contains(
            br#"{"class":"X","jid":"abc","queue":"q"}"#,
            needle("abc").as_bytes()
        ));
        assert!(!contains(br#"{"jid":"abcd"}"#, needle("abc").as_bytes()));
    }
}
