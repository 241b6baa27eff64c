//! The fixture format of fixtures/README.md: a Redis keyspace as JSON. Tests, the demo and
//! the benchmarks load captured cogworker states with it; `dump` captures one.

use std::path::Path;

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::store::{KeyType, Store, StoreResult, value};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Fixture {
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub captured_at: f64,
    pub keys: Vec<FixtureKey>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FixtureKey {
    pub key: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub value: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ttl_ms: Option<i64>,
}

impl Fixture {
    pub fn read(path: &Path) -> anyhow::Result<Fixture> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read fixture {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("{} is not a fixture", path.display()))
    }
}

fn text(v: &Value, key: &str) -> anyhow::Result<String> {
    match v {
        Value::String(s) => Ok(s.clone()),
        other => bail!("fixture key {key}: expected a string, found {other}"),
    }
}

/// Write every key of `fixture` (each replaces a key of the same name), with its TTL.
pub fn load(store: &mut Store, fixture: &Fixture) -> anyhow::Result<usize> {
    for entry in &fixture.keys {
        let key = entry.key.as_str();
        let mut pipe = redis::pipe();
        pipe.del(key);
        match (entry.kind.as_str(), &entry.value) {
            ("string", v) => {
                pipe.set(key, text(v, key)?);
            }
            ("list", Value::Array(items)) => {
                for chunk in items.chunks(500) {
                    let values = chunk
                        .iter()
                        .map(|v| text(v, key))
                        .collect::<Result<Vec<_>, _>>()?;
                    pipe.rpush(key, values);
                }
            }
            ("set", Value::Array(items)) => {
                let values = items
                    .iter()
                    .map(|v| text(v, key))
                    .collect::<Result<Vec<_>, _>>()?;
                pipe.sadd(key, values);
            }
            ("zset", Value::Array(items)) => {
                for chunk in items.chunks(500) {
                    let mut cmd = redis::cmd("ZADD");
                    cmd.arg(key);
                    for pair in chunk {
                        match pair.as_array().map(Vec::as_slice) {
                            Some([member, score]) => {
                                cmd.arg(text(score, key)?).arg(text(member, key)?);
                            }
                            _ => bail!("fixture key {key}: zset entries are [member, score]"),
                        }
                    }
                    pipe.add_command(cmd);
                }
            }
            ("hash", Value::Object(map)) => {
                let mut cmd = redis::cmd("HSET");
                cmd.arg(key);
                for (field, v) in map {
                    cmd.arg(field).arg(text(v, key)?);
                }
                pipe.add_command(cmd);
            }
            (kind, _) => bail!("fixture key {key}: unsupported type {kind} or value shape"),
        }
        if let Some(ttl) = entry.ttl_ms {
            pipe.pexpire(key, ttl.max(1));
        }
        for reply in store.pipeline(&pipe)? {
            if let Err(err) = reply {
                bail!("loading fixture key {key}: {err}");
            }
        }
    }
    Ok(fixture.keys.len())
}

/// Every key matching `pattern`, in the fixture format (values as text; invalid UTF-8 is
/// shown as U+FFFD).
pub fn dump(store: &mut Store, pattern: &str, description: &str) -> StoreResult<Fixture> {
    let keys = store.scan_keys(pattern)?;
    let mut out = Vec::with_capacity(keys.len());
    for key in keys {
        let kind = store.key_type(&key)?;
        let ttl: i64 = store.query_server(redis::cmd("PTTL").arg(&key))?;
        let lossy = |b: &[u8]| Value::String(String::from_utf8_lossy(b).into_owned());
        let value = match kind.as_str() {
            "string" => {
                let v: Vec<u8> = store.query(redis::cmd("GET").arg(&key), &key, KeyType::String)?;
                lossy(&v)
            }
            "list" => {
                let v: Vec<Vec<u8>> = store.query(
                    redis::cmd("LRANGE").arg(&key).arg(0).arg(-1),
                    &key,
                    KeyType::List,
                )?;
                Value::Array(v.iter().map(|b| lossy(b)).collect())
            }
            "set" => {
                let mut v: Vec<Vec<u8>> =
                    store.query(redis::cmd("SMEMBERS").arg(&key), &key, KeyType::Set)?;
                v.sort();
                Value::Array(v.iter().map(|b| lossy(b)).collect())
            }
            "zset" => {
                let v: Vec<(Vec<u8>, String)> = store.query(
                    redis::cmd("ZRANGE")
                        .arg(&key)
                        .arg(0)
                        .arg(-1)
                        .arg("WITHSCORES"),
                    &key,
                    KeyType::Zset,
                )?;
                Value::Array(
                    v.iter()
                        .map(|(m, s)| {
                            // Scores as Redis 7 prints them, whichever server this is.
                            let score = crate::store::page::Score::parse(s.clone())
                                .map_or_else(|| s.clone(), |score| score.text);
                            Value::Array(vec![lossy(m), Value::String(score)])
                        })
                        .collect(),
                )
            }
            "hash" => {
                let v: redis::Value =
                    store.query(redis::cmd("HGETALL").arg(&key), &key, KeyType::Hash)?;
                Value::Object(
                    value::pairs(&v)
                        .into_iter()
                        .map(|(f, b)| (String::from_utf8_lossy(&f).into_owned(), lossy(&b)))
                        .collect(),
                )
            }
            _ => continue,
        };
        out.push(FixtureKey {
            key: String::from_utf8_lossy(&key).into_owned(),
            kind,
            value,
            ttl_ms: (ttl >= 0).then_some(ttl),
        });
    }
    Ok(Fixture {
        description: description.to_string(),
        captured_at: crate::term::ui::Clock::system().now,
        keys: out,
    })
}
