//! The audit trail: one entry per change cogctl makes, in the stream `cogctl:audit`
//! (`XADD … MAXLEN ~ 100000`), and reading it back newest first.

use redis::Value;

use super::{Store, StoreResult, keys};

/// Roughly how many entries the stream keeps (trimmed by XADD's `MAXLEN ~`).
pub const KEEP: u64 = 100_000;

/// One entry: its stream id and its fields in the order written.
#[derive(Clone, Debug)]
pub struct Entry {
    pub id: String,
    pub fields: Vec<(String, String)>,
}

impl Entry {
    pub fn get(&self, field: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == field)
            .map(|(_, v)| v.as_str())
    }
}

/// Append one entry; its id.
pub fn append(store: &mut Store, fields: &[(&str, String)]) -> StoreResult<String> {
    let mut cmd = redis::cmd("XADD");
    cmd.arg(keys::AUDIT)
        .arg("MAXLEN")
        .arg("~")
        .arg(KEEP)
        .arg("*");
    for (k, v) in fields {
        cmd.arg(*k).arg(v);
    }
    store.query_server(&cmd)
}

/// Up to `count` entries older than `before` (an id, exclusive), newest first.
pub fn page(store: &mut Store, before: Option<&str>, count: usize) -> StoreResult<Vec<Entry>> {
    let end = match before {
        Some(id) => format!("({id}"),
        None => "+".to_string(),
    };
    let reply: Value = store.query_server(
        redis::cmd("XREVRANGE")
            .arg(keys::AUDIT)
            .arg(end)
            .arg("-")
            .arg("COUNT")
            .arg(count),
    )?;
    Ok(super::value::items(&reply)
        .iter()
        .filter_map(|item| {
            let parts = super::value::items(item);
            let id = super::value::string(parts.first()?)?;
            let fields = super::value::items(parts.get(1)?)
                .chunks(2)
                .map(|kv| {
                    let text = |v: Option<&Value>| {
                        v.and_then(super::value::bytes)
                            .map(|b| String::from_utf8_lossy(b).into_owned())
                            .unwrap_or_default()
                    };
                    (text(kv.first()), text(kv.get(1)))
                })
                .collect();
            Some(Entry { id, fields })
        })
        .collect())
}
