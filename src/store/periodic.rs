//! Periodic (cron) entries as the gem's tickers publish and fire them (KEYS.md §3.26–§3.30,
//! §6.7): `periodic:schedule` (pjid → entry JSON), `periodic:disabled`, and per entry its
//! `periodic:last_slot:<pjid>` and, for `until_executed` entries, `periodic:running:<pjid>`.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::value::RawValue;

use super::{KeyType, Name, Store, StoreError, StoreResult, keys, value};

/// An entry as stored: `{"cron","class","retry","unique","args"}`.
#[derive(Debug, Deserialize)]
pub struct EntryFields<'a> {
    #[serde(borrow)]
    pub cron: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub class: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub retry: Option<&'a RawValue>,
    #[serde(borrow, default)]
    pub unique: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub args: Option<&'a RawValue>,
}

/// Read an entry's JSON; the error says why it isn't an entry.
pub fn parse_entry(raw: &[u8]) -> Result<EntryFields<'_>, String> {
    let fields: EntryFields = serde_json::from_slice(raw).map_err(|e| {
        if serde_json::from_slice::<serde_json::Value>(raw).is_ok() {
            format!("not a periodic entry ({e})")
        } else {
            format!("not valid JSON ({e})")
        }
    })?;
    if fields.cron.as_deref().is_none_or(str::is_empty) {
        return Err("no cron".into());
    }
    if fields.class.as_deref().is_none_or(str::is_empty) {
        return Err("no class".into());
    }
    Ok(fields)
}

/// What Redis holds about one entry besides its JSON.
#[derive(Debug, Default)]
pub struct EntryState {
    /// `periodic:last_slot:<pjid>` as epoch seconds (None: never claimed).
    pub last_slot: Option<i64>,
    /// `periodic:running:<pjid>`: the jid holding it and its TTL in milliseconds.
    pub running: Option<(String, Option<i64>)>,
    /// Keys of this entry (strings, both) that could not be read, with the reply's error.
    pub problems: Vec<(Name, String)>,
}

/// Every entry of `periodic:schedule`, read with `HSCAN` in bounded steps, sorted by pjid.
pub fn schedule(store: &mut Store) -> StoreResult<Vec<(Name, Vec<u8>)>> {
    let key = keys::PERIODIC_SCHEDULE;
    let mut cursor = "0".to_string();
    let mut out = Vec::new();
    loop {
        let (next, flat): (String, Vec<Vec<u8>>) = store.query(
            redis::cmd("HSCAN")
                .arg(key)
                .arg(&cursor)
                .arg("COUNT")
                .arg(500),
            key,
            KeyType::Hash,
        )?;
        for pair in flat.chunks_exact(2) {
            out.push((Name::new(pair[0].clone()), pair[1].clone()));
        }
        if next == "0" {
            break;
        }
        cursor = next;
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out.dedup_by(|a, b| a.0 == b.0);
    Ok(out)
}

/// The last slot and running lock of each pjid, in one round trip.
pub fn states(store: &mut Store, pjids: &[Name]) -> StoreResult<Vec<EntryState>> {
    let mut pipe = redis::pipe();
    for pjid in pjids {
        let running = keys::periodic_running(pjid);
        pipe.cmd("GET").arg(keys::periodic_last_slot(pjid));
        pipe.cmd("GET").arg(&running);
        pipe.cmd("PTTL").arg(&running);
    }
    let replies = store.pipeline(&pipe)?;
    let mut out = Vec::with_capacity(pjids.len());
    for (pjid, r) in pjids.iter().zip(replies.chunks(3)) {
        let mut state = EntryState::default();
        match &r[0] {
            Ok(v) => match value::bytes(v) {
                None => {}
                Some(b) => match std::str::from_utf8(b)
                    .ok()
                    .and_then(|t| t.trim().parse().ok())
                {
                    Some(slot) => state.last_slot = Some(slot),
                    None => state.problems.push((
                        keys::periodic_last_slot(pjid),
                        "not an integer of epoch seconds".into(),
                    )),
                },
            },
            Err(e) => state
                .problems
                .push((keys::periodic_last_slot(pjid), e.clone())),
        }
        match &r[1] {
            Ok(v) => {
                if let Some(b) = value::bytes(v) {
                    let ttl = r[2].as_ref().ok().and_then(value::int).filter(|t| *t >= 0);
                    state.running = Some((String::from_utf8_lossy(b).into_owned(), ttl));
                }
            }
            Err(e) => state
                .problems
                .push((keys::periodic_running(pjid), e.clone())),
        }
        out.push(state);
    }
    Ok(out)
}

/// The pjid a possibly short `given` names among `pjids`: itself, or the one pjid it starts
/// (at least 4 characters, like git's short hashes). Ambiguity and absence are errors.
pub fn resolve<'p>(given: &str, pjids: &'p [Name]) -> Result<&'p Name, String> {
    if let Some(exact) = pjids.iter().find(|p| p.as_bytes() == given.as_bytes()) {
        return Ok(exact);
    }
    if given.len() < 4 {
        return Err(format!(
            "{given:?} is too short to name a periodic entry (give at least 4 characters of its pjid)"
        ));
    }
    let hits: Vec<&Name> = pjids
        .iter()
        .filter(|p| p.as_bytes().starts_with(given.as_bytes()))
        .collect();
    match hits.as_slice() {
        [one] => Ok(one),
        [] => Err(format!("no periodic entry's pjid starts with {given:?}")),
        many => Err(format!(
            "{given:?} is ambiguous: it starts {} pjids ({}); give more characters",
            many.len(),
            many.iter()
                .take(5)
                .map(|p| p.shown().into_owned())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// A store error for a bad name, as the commands report it.
pub fn unknown(given: &str, reason: String) -> StoreError {
    StoreError::Command {
        command: "periodic".into(),
        key: format!("{} ({given})", keys::PERIODIC_SCHEDULE),
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_pjids_resolve_like_git() {
        let pjids: Vec<Name> = ["7ccaef40", "7ccbbbbb", "f58b2023"]
            .into_iter()
            .map(Name::from)
            .collect();
        assert_eq!(resolve("f58b", &pjids).unwrap().as_bytes(), b"f58b2023");
        assert_eq!(resolve("7ccaef40", &pjids).unwrap().as_bytes(), b"7ccaef40");
        assert!(resolve("7cc", &pjids).unwrap_err().contains("too short"));
        assert!(
            resolve("7ccX", &pjids)
                .unwrap_err()
                .contains("no periodic entry")
        );
        let pjids: Vec<Name> = ["abcd1", "abcd2"].into_iter().map(Name::from).collect();
        assert!(resolve("abcd", &pjids).unwrap_err().contains("ambiguous"));
    }

    #[test]
    fn entries_read_as_published() {
        let raw =
            br#"{"cron":"*/2 * * * *","class":"FlakyJob","retry":3,"unique":null,"args":[1,3600]}"#;
        let e = parse_entry(raw).unwrap();
        assert_eq!(e.cron.as_deref(), Some("*/2 * * * *"));
        assert_eq!(e.retry.map(|r| r.get()), Some("3"));
        assert_eq!(e.unique, None);
        assert!(parse_entry(b"{}").unwrap_err().contains("no cron"));
        assert!(parse_entry(b"nope").unwrap_err().contains("not valid JSON"));
    }
}
