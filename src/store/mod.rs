//! The one module that knows cogworker's Redis layout: key names (`keys`), job payloads
//! (`job`), Lua scripts (`scripts`), connections (`connection`) and bounded readers (`page`).
//! Every command reaches Redis through a `Store`.

pub mod audit;
pub mod base64;
pub mod connection;
pub mod error;
pub mod fields;
pub mod find;
pub mod footprint;
pub mod history;
pub mod ids;
pub mod job;
pub mod keyguard;
pub mod keys;
pub mod liveness;
pub mod locks;
pub mod name;
pub mod page;
pub mod periodic;
pub mod rebuild;
pub mod recovery;
pub mod rewrite;
pub mod ruby_json;
pub mod scripts;
pub mod sentinel;
pub mod server;
pub mod undo;
pub mod unsettled;

use std::collections::BTreeMap;

use redis::{FromRedisValue, Value};

pub use connection::{ConnectOptions, Connector};
pub use error::{StoreError, StoreResult};
pub use job::{Job, RawJob, Unparseable};
pub use keys::{JobSet, KeyType};
pub use name::Name;

use scripts::Script;

use crate::text::visible_bytes;

/// A connection to the cogworker Redis, with errors that name keys and never passwords.
pub struct Store {
    connector: Connector,
    conn: redis::Connection,
    /// The connector's primary generation when this connection was made.
    generation: u64,
}

impl Store {
    pub fn connect(connector: Connector) -> StoreResult<Store> {
        let (conn, generation) = connector.connect_current()?;
        Ok(Store {
            connector,
            conn,
            generation,
        })
    }

    /// False once the Sentinels named another primary than the one this connection reaches:
    /// its writes would go to a server that is being demoted.
    pub fn is_current(&self) -> bool {
        self.generation == self.connector.generation()
    }

    pub fn connector(&self) -> &Connector {
        &self.connector
    }

    /// The redacted address of this Redis.
    pub fn target(&self) -> &str {
        self.connector.target()
    }

    /// Run one command on `key`, which cogworker keeps as `expected`.
    pub fn query<T: FromRedisValue>(
        &mut self,
        cmd: &redis::Cmd,
        key: &(impl AsRef<[u8]> + ?Sized),
        expected: KeyType,
    ) -> StoreResult<T> {
        match cmd.query::<T>(&mut self.conn) {
            Ok(v) => Ok(v),
            Err(err) => Err(self.command_error(err, cmd, key.as_ref(), Some(expected))),
        }
    }

    /// Run one range read on `key` (`LRANGE`, `ZRANGEBYSCORE` …) and return its reply as it
    /// came: only a reply that is itself an error fails, the items of an array are left as
    /// they are (a range holds no error), not walked and rebuilt as `query` does.
    pub fn query_range(
        &mut self,
        cmd: &redis::Cmd,
        key: &(impl AsRef<[u8]> + ?Sized),
        expected: KeyType,
    ) -> StoreResult<Value> {
        let reply = redis::ConnectionLike::req_command(&mut self.conn, cmd).and_then(|v| match v {
            Value::ServerError(e) => Err(e.into()),
            v => Ok(v),
        });
        reply.map_err(|err| self.command_error(err, cmd, key.as_ref(), Some(expected)))
    }

    /// Run one command that names no key of cogworker's (INFO, TIME, SCAN …).
    pub fn query_server<T: FromRedisValue>(&mut self, cmd: &redis::Cmd) -> StoreResult<T> {
        match cmd.query::<T>(&mut self.conn) {
            Ok(v) => Ok(v),
            Err(err) => Err(self.command_error(err, cmd, b"", None)),
        }
    }

    /// Send a pipeline in one round trip; each reply is its own result, so one wrong-typed
    /// key doesn't hide the others. Connection failures fail the whole call.
    pub fn pipeline(&mut self, pipe: &redis::Pipeline) -> StoreResult<Vec<Reply>> {
        if pipe.is_empty() {
            return Ok(Vec::new());
        }
        let mut pipe = pipe.clone();
        match pipe
            .ignore_errors()
            .query::<Vec<redis::RedisResult<Value>>>(&mut self.conn)
        {
            Ok(replies) => {
                // A replica, a loading server, a busy script: the server can't serve this
                // call at all, whichever key a reply names.
                if let Some(e) = replies
                    .iter()
                    .find_map(|r| r.as_ref().err().filter(|e| connection::is_unavailable(e)))
                {
                    return Err(StoreError::Unavailable {
                        target: self.connector.target().to_string(),
                        reason: self.connector.scrub(&connection::describe(e)),
                    });
                }
                Ok(replies
                    .into_iter()
                    .map(|r| r.map_err(|e| self.connector.scrub(&connection::describe(&e))))
                    .collect())
            }
            Err(err) => Err(self.command_error(err, &redis::cmd("PIPELINE"), b"", None)),
        }
    }

    /// Run a script: EVALSHA, then EVAL of the full text on NOSCRIPT (OPERATIONS §2.1).
    pub fn eval(&mut self, script: &Script, keys: &[&[u8]], args: &[&[u8]]) -> StoreResult<Value> {
        let evalsha = evalsha(script, keys, args);
        match evalsha.query::<Value>(&mut self.conn) {
            Ok(v) => Ok(v),
            Err(err) if err.code() == Some("NOSCRIPT") => {
                let mut eval = redis::cmd("EVAL");
                eval.arg(script.text).arg(keys.len()).arg(keys).arg(args);
                eval.query::<Value>(&mut self.conn).map_err(|err| {
                    let key = keys.first().copied().unwrap_or(b"");
                    self.command_error(err, &eval, key, None)
                })
            }
            Err(err) => {
                let key = keys.first().copied().unwrap_or(b"");
                Err(self.command_error(err, &evalsha, key, None))
            }
        }
    }

    /// Run a script and then one read of its first key, as one transaction (MULTI, EVALSHA,
    /// the read, EXEC): nothing another client sends runs between them, so the read sees
    /// what the script left. On NOSCRIPT (the EVALSHA ran nothing) the script is loaded and the whole
    /// transaction sent again. Returns the script's reply and the read's; `None` when Redis
    /// refused the transaction whole because it is at its `maxmemory` (redis-server then
    /// refuses every command queued in a MULTI, reads too): nothing ran, and the script alone
    /// may still be let in (a script's writes are refused only until its first one).
    pub fn eval_then(
        &mut self,
        script: &Script,
        keys: &[&[u8]],
        args: &[&[u8]],
        read: &redis::Cmd,
    ) -> StoreResult<Option<(Value, Value)>> {
        let evalsha = evalsha(script, keys, args);
        let key = keys.first().copied().unwrap_or(b"");
        let mut pipe = redis::pipe();
        pipe.atomic().ignore_errors().add_command(evalsha.clone());
        pipe.add_command(read.clone());
        let mut loaded = false;
        loop {
            let replies = match pipe.query::<Vec<Value>>(&mut self.conn) {
                Ok(replies) => replies,
                Err(err) => {
                    // Refused when queued (LOADING, BUSY, OOM …): EXEC ran nothing, and the
                    // refusal says why, as the script's own error would have.
                    let err = match err.kind() {
                        redis::ErrorKind::Server(redis::ServerErrorKind::ExecAbort) => {
                            let errs = err.into_server_errors().unwrap_or_default();
                            if errs.iter().any(|(_, e)| e.code() == "OOM") {
                                return Ok(None);
                            }
                            errs.first()
                                .map(|(_, e)| e.clone().into())
                                .unwrap_or_else(|| {
                                    redis::RedisError::from((
                                        redis::ErrorKind::Client,
                                        "the transaction was aborted",
                                    ))
                                })
                        }
                        _ => err,
                    };
                    return Err(self.command_error(err, &evalsha, key, None));
                }
            };
            let mut replies = replies.into_iter();
            let (Some(first), Some(second)) = (replies.next(), replies.next()) else {
                let err = redis::RedisError::from((
                    redis::ErrorKind::Client,
                    "the transaction's reply is short",
                ));
                return Err(self.command_error(err, &evalsha, key, None));
            };
            match (first, second) {
                (Value::ServerError(e), _) if e.code() == "NOSCRIPT" && !loaded => {
                    let mut load = redis::cmd("SCRIPT");
                    load.arg("LOAD").arg(script.text);
                    self.query_server::<String>(&load)?;
                    loaded = true;
                }
                (Value::ServerError(e), _) => {
                    return Err(self.command_error(e.into(), &evalsha, key, None));
                }
                (_, Value::ServerError(e)) => {
                    return Err(self.command_error(e.into(), read, key, None));
                }
                (reply, read) => return Ok(Some((reply, read))),
            }
        }
    }

    /// The Redis type of a key (`none` when it doesn't exist).
    pub fn key_type(&mut self, key: &(impl AsRef<[u8]> + ?Sized)) -> StoreResult<String> {
        self.query_server(redis::cmd("TYPE").arg(key.as_ref()))
    }

    /// Check that `key` is absent or of the expected type, before reading it in pages.
    pub fn expect_type(
        &mut self,
        key: &(impl AsRef<[u8]> + ?Sized),
        expected: KeyType,
    ) -> StoreResult<()> {
        let found = self.key_type(key)?;
        if found == "none" || found == expected.name() {
            Ok(())
        } else {
            Err(StoreError::WrongType {
                key: Name::from(key.as_ref()),
                expected,
                found,
            })
        }
    }

    /// Redis' own clock, whole seconds (what `last_beat` stamps are written with).
    pub fn time(&mut self) -> StoreResult<i64> {
        let (secs, _micros): (i64, i64) = self.query_server(&redis::cmd("TIME"))?;
        Ok(secs)
    }

    /// One `INFO` section as field → value.
    pub fn info(&mut self, section: &str) -> StoreResult<BTreeMap<String, String>> {
        self.info_sections(&[section])
    }

    /// `INFO` of `sections`, in one call, as field → value. Redis before 7.0 takes one
    /// section at a time and calls several a syntax error: it is then asked for its default
    /// sections (server, clients, memory, stats … all in one reply) instead.
    pub fn info_sections(&mut self, sections: &[&str]) -> StoreResult<BTreeMap<String, String>> {
        let text: String = match self.query_server(redis::cmd("INFO").arg(sections)) {
            Err(StoreError::Command { reason, .. })
                if sections.len() > 1 && reason.contains("syntax error") =>
            {
                self.query_server(&redis::cmd("INFO"))?
            }
            reply => reply?,
        };
        Ok(text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.to_string(), v.trim().to_string()))
            .collect())
    }

    /// Every key matching `pattern`, by `SCAN` in bounded steps. For key families that stay
    /// small (in-progress lists: one per process).
    pub fn scan_keys(&mut self, pattern: &str) -> StoreResult<Vec<Name>> {
        let mut keys = Vec::new();
        self.scan_matching(pattern, |batch| {
            keys.extend(batch);
            true
        })?;
        keys.sort();
        keys.dedup();
        Ok(keys)
    }

    /// The keys matching `pattern`, by `SCAN … MATCH … COUNT 1000`, each call's names handed
    /// to `visit` as they come (possibly none, possibly a name twice); `visit` returning false
    /// ends the walk. Returns whether the walk came round to its end.
    pub fn scan_matching(
        &mut self,
        pattern: impl redis::ToRedisArgs,
        mut visit: impl FnMut(Vec<Name>) -> bool,
    ) -> StoreResult<bool> {
        let mut cursor: u64 = 0;
        loop {
            let (next, batch): (u64, Vec<Name>) = self.query_server(
                redis::cmd("SCAN")
                    .arg(cursor)
                    .arg("MATCH")
                    .arg(&pattern)
                    .arg("COUNT")
                    .arg(1000),
            )?;
            if !visit(batch) {
                return Ok(false);
            }
            if next == 0 {
                return Ok(true);
            }
            cursor = next;
        }
    }

    /// One walk of the whole keyspace by `SCAN` (no MATCH, so every name seen is counted),
    /// `step` keys a call, handing each name to `visit`; it stops once `cap` keys have been
    /// examined. Returns the keys examined and whether the walk reached the end.
    pub fn scan_bounded(
        &mut self,
        step: usize,
        cap: u64,
        mut visit: impl FnMut(Name),
    ) -> StoreResult<(u64, bool)> {
        let mut cursor: u64 = 0;
        let mut examined: u64 = 0;
        loop {
            let (next, batch): (u64, Vec<Name>) =
                self.query_server(redis::cmd("SCAN").arg(cursor).arg("COUNT").arg(step))?;
            examined += batch.len() as u64;
            batch.into_iter().for_each(&mut visit);
            if next == 0 {
                return Ok((examined, true));
            }
            if examined >= cap {
                return Ok((examined, false));
            }
            cursor = next;
        }
    }

    /// The members of a registry set (queues, processes, identities), sorted; as bytes, since
    /// nothing makes them UTF-8.
    pub fn members(&mut self, key: &str) -> StoreResult<Vec<Name>> {
        let mut members: Vec<Name> =
            self.query(redis::cmd("SMEMBERS").arg(key), key, KeyType::Set)?;
        members.sort();
        Ok(members)
    }

    fn command_error(
        &mut self,
        err: redis::RedisError,
        cmd: &redis::Cmd,
        key: &[u8],
        expected: Option<KeyType>,
    ) -> StoreError {
        if err.is_io_error() || err.is_connection_dropped() || err.is_timeout() {
            return self.connector.fail(err);
        }
        let code = err.code().unwrap_or("");
        if matches!(code, "NOAUTH" | "WRONGPASS") {
            return self.connector.fail(err);
        }
        if connection::is_unavailable(&err) {
            return StoreError::Unavailable {
                target: self.connector.target().to_string(),
                reason: self.connector.scrub(&connection::describe(&err)),
            };
        }
        let command = command_name(cmd);
        if code == "WRONGTYPE" && !key.is_empty() {
            let found = self
                .key_type(key)
                .unwrap_or_else(|_| "value of another type".into());
            if let Some(expected) = expected {
                return StoreError::WrongType {
                    key: Name::from(key),
                    expected,
                    found,
                };
            }
        }
        StoreError::Command {
            command,
            key: if key.is_empty() {
                "the server".into()
            } else {
                visible_bytes(key).into_owned()
            },
            reason: self.connector.scrub(&connection::describe(&err)),
        }
    }
}

/// One reply of a pipeline: the value, or the server's error text (already scrubbed).
pub type Reply = Result<Value, String>;

/// EVALSHA of `script` with `keys` and `args`.
fn evalsha(script: &Script, keys: &[&[u8]], args: &[&[u8]]) -> redis::Cmd {
    let mut cmd = redis::cmd("EVALSHA");
    cmd.arg(script.sha()).arg(keys.len()).arg(keys).arg(args);
    cmd
}

fn command_name(cmd: &redis::Cmd) -> String {
    cmd.args_iter()
        .next()
        .map(|arg| match arg {
            redis::Arg::Simple(bytes) => String::from_utf8_lossy(bytes).to_uppercase(),
            _ => "SCAN".into(),
        })
        .unwrap_or_default()
}

/// Reading helpers for `redis::Value`s that came back from pipelines and scripts.
pub mod value {
    use redis::Value;

    use super::Name;

    pub fn int(v: &Value) -> Option<i64> {
        match v {
            Value::Int(i) => Some(*i),
            Value::BulkString(b) => std::str::from_utf8(b).ok()?.trim().parse().ok(),
            Value::SimpleString(s) => s.trim().parse().ok(),
            _ => None,
        }
    }

    /// A counter as stored (`cogworker:stats:processed` …): what it holds, exactly.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Counter {
        /// An integer Redis can increment (absent is 0).
        Count(i64),
        /// Digits beyond 64 bits, as stored: Redis' INCR on it fails.
        TooBig(String),
        /// Not an integer: `ruby` is what the gem's `to_i` reads it as; INCR on it fails.
        NotInteger { text: String, ruby: i64 },
    }

    impl Counter {
        /// The value as an exact JSON number (a big one keeps all its digits).
        pub fn number(&self) -> serde_json::Number {
            match self {
                Counter::Count(n) => (*n).into(),
                Counter::TooBig(digits) => digits.parse().unwrap_or_else(|_| 0.into()),
                Counter::NotInteger { ruby, .. } => (*ruby).into(),
            }
        }

        /// What is wrong with what it holds, if anything (said after the key's name).
        pub fn problem(&self) -> Option<String> {
            match self {
                Counter::Count(_) => None,
                Counter::TooBig(_) => {
                    Some("holds an integer above 64 bits (shown as stored)".into())
                }
                Counter::NotInteger { text, ruby } => Some(format!(
                    "holds {:?}, not an integer: the gem reads it as {ruby}",
                    crate::text::visible(text)
                )),
            }
        }
    }

    /// A GET reply read as a counter.
    pub fn counter(v: &Value) -> Counter {
        match bytes(v) {
            Some(raw) => counter_text(raw),
            None => Counter::Count(int(v).unwrap_or(0)),
        }
    }

    /// A counter's stored text (a string key, a hash field).
    pub fn counter_text(raw: &[u8]) -> Counter {
        let text = String::from_utf8_lossy(raw);
        if let Ok(n) = text.parse::<i64>() {
            return Counter::Count(n);
        }
        let digits = text.strip_prefix('-').unwrap_or(&text);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return Counter::TooBig(text.into_owned());
        }
        Counter::NotInteger {
            ruby: crate::store::job::leading_integer(text.trim_start()),
            text: text.into_owned(),
        }
    }

    /// A score or float reply (a bulk string in RESP2, a double in RESP3).
    pub fn float(v: &Value) -> Option<f64> {
        match v {
            Value::Double(d) => Some(*d),
            Value::Int(i) => Some(*i as f64),
            _ => std::str::from_utf8(bytes(v)?).ok()?.trim().parse().ok(),
        }
    }

    pub fn bytes(v: &Value) -> Option<&[u8]> {
        match v {
            Value::BulkString(b) => Some(b),
            Value::SimpleString(s) => Some(s.as_bytes()),
            _ => None,
        }
    }

    pub fn string(v: &Value) -> Option<String> {
        bytes(v).map(|b| String::from_utf8_lossy(b).into_owned())
    }

    pub fn items(v: &Value) -> &[Value] {
        match v {
            Value::Array(items) | Value::Set(items) => items,
            _ => &[],
        }
    }

    /// HGETALL's reply (flat array in RESP2, map in RESP3) as pairs; field names are bytes.
    pub fn pairs(v: &Value) -> Vec<(Name, Vec<u8>)> {
        let field = |k: &Value| bytes(k).map(Name::from);
        match v {
            Value::Map(map) => map
                .iter()
                .filter_map(|(k, v)| Some((field(k)?, bytes(v)?.to_vec())))
                .collect(),
            _ => items(v)
                .chunks(2)
                .filter_map(|kv| Some((field(kv.first()?)?, bytes(kv.get(1)?)?.to_vec())))
                .collect(),
        }
    }
}
