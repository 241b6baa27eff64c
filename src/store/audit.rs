//! The audit trail: one entry per change cogctl makes, in the stream `cogctl:audit`
//! (`XADD … MAXLEN ~ 100000`), and reading it back newest first.

use std::ffi::OsString;

use redis::Value;

use super::connection::redact_url;
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

/// The entry `id`, if the stream holds it.
pub fn get(store: &mut Store, id: &str) -> StoreResult<Option<Entry>> {
    let reply: Value = store.query_server(
        redis::cmd("XRANGE")
            .arg(keys::AUDIT)
            .arg(id)
            .arg(id)
            .arg("COUNT")
            .arg(1),
    )?;
    Ok(entries(&reply).into_iter().next())
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
    Ok(entries(&reply))
}

fn entries(reply: &Value) -> Vec<Entry> {
    super::value::items(reply)
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
        .collect()
}

/// Who made a change, and where: the same in every entry of a run.
#[derive(Clone, Debug, Default)]
pub struct Who {
    /// `user@host`.
    pub user: String,
    /// The context's name, or empty.
    pub context: String,
    /// The command line, secrets redacted.
    pub argv: String,
    /// The Redis address, password redacted.
    pub target: String,
    /// A change made across a fleet: the fleet's name and the change's id, the same in the
    /// entry of every shard it changed (`cogctl --fleet NAME undo ID` takes it all back).
    pub fleet: Option<(String, String)>,
}

/// What a change did: matched, done, gone, skipped, failed; the digest of what it acted on
/// (or empty); its exit status.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub counts: [u64; 5],
    pub plan_digest: String,
    pub exit: u8,
    /// Whether it can be undone: the undo record's id, `no` (a change cogctl can't undo),
    /// `off` (`--no-undo`) or `none` (it kept nothing: nothing was changed).
    pub undo: String,
    /// Until when (RFC 3339), for a record.
    pub undo_until: String,
    /// A canary run's steps, one line of JSON (empty for any other change).
    pub canary: String,
}

/// An entry's fields in the order docs/safety.md documents; `outcome` for an `end` entry.
pub fn fields(
    time: String,
    who: &Who,
    command: &str,
    phase: &str,
    outcome: Option<&Outcome>,
) -> Vec<(&'static str, String)> {
    let mut fields = vec![
        ("time", time),
        ("user", who.user.clone()),
        ("version", env!("CARGO_PKG_VERSION").to_string()),
        ("context", who.context.clone()),
        ("command", command.to_string()),
        ("phase", phase.to_string()),
        ("argv", who.argv.clone()),
        ("target", who.target.clone()),
    ];
    if let Some((fleet, change)) = &who.fleet {
        fields.push(("fleet", fleet.clone()));
        fields.push(("fleet_change", change.clone()));
    }
    if let Some(o) = outcome {
        for (k, v) in ["matched", "done", "gone", "skipped", "failed"]
            .into_iter()
            .zip(o.counts)
        {
            fields.push((k, v.to_string()));
        }
        fields.push(("plan_digest", o.plan_digest.clone()));
        fields.push(("exit", o.exit.to_string()));
        fields.push(("undo", o.undo.clone()));
        if !o.undo_until.is_empty() {
            fields.push(("undo_until", o.undo_until.clone()));
        }
        if !o.canary.is_empty() {
            fields.push(("canary", o.canary.clone()));
        }
    }
    fields
}

/// `user@host`: $USER (else $LOGNAME, else the uid) and the host name.
pub fn user_at_host() -> String {
    let user = ["USER", "LOGNAME"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|u| !u.is_empty()))
        // SAFETY: getuid has no preconditions and cannot fail.
        .unwrap_or_else(|| format!("uid{}", unsafe { libc::getuid() }));
    let mut buf = [0u8; 256];
    // SAFETY: the buffer is writable for its whole length, which is what we pass.
    let host = if unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) } == 0 {
        let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
        String::from_utf8_lossy(&buf[..end]).into_owned()
    } else {
        "unknown".to_string()
    };
    format!("{user}@{host}")
}

/// The command line as a shell would read it, with secrets replaced by `***`: the value of
/// any flag whose name holds "password", and the password in any URL.
pub fn redact_argv(argv: &[OsString]) -> String {
    let mut out: Vec<String> = Vec::with_capacity(argv.len());
    let mut secret_next = false;
    for (i, arg) in argv.iter().enumerate() {
        let arg = arg.to_string_lossy();
        let shown = if i == 0 {
            "cogctl".to_string()
        } else if secret_next {
            secret_next = false;
            "***".to_string()
        } else if arg.starts_with("--") && arg.contains("password") {
            match arg.split_once('=') {
                Some((flag, _)) => format!("{flag}=***"),
                None => {
                    secret_next = true;
                    arg.into_owned()
                }
            }
        } else if arg.contains("://") {
            redact_url(&arg)
        } else {
            arg.into_owned()
        };
        out.push(shown);
    }
    shell_words::join(out)
}
