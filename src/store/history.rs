//! What the gem's opt-in History server middleware records for every finished run (KEYS.md
//! §3.21, §3.22; OPERATIONS §5.5), byte for byte, so the Web UI's History tab and
//! `cogctl history` show runs that `cogctl worker --history` made: an entry in
//! `cogworker:history:all` and in `:success` or `:failed`, each list trimmed by age and then
//! by count after its add, and the run counted in its UTC day's bucket. Best-effort, as in
//! the gem: it has no bearing on the job.

use serde_json::value::RawValue;

use super::rewrite::ruby_float;
use super::{Store, StoreResult, keys, ruby_json};

/// The gem's defaults: entries older than 30 days and past the 50,000 newest are trimmed;
/// daily buckets kept 400 days.
pub const RETENTION_SECS: f64 = 30.0 * 86_400.0;
pub const MAX_ENTRIES: i64 = 50_000;
pub const DAILY_TTL_SECS: u64 = 400 * 86_400;
/// A failure's message and backtrace, at most.
const MESSAGE_CHARS: usize = 10_000;
const BACKTRACE_LINES: usize = 200;

/// One finished run.
pub struct Run<'a> {
    pub jid: &'a str,
    pub class: &'a str,
    /// The queue it was fetched from.
    pub queue: &'a str,
    /// The job's `args` as stored (`None`: written as `[]`).
    pub args: Option<&'a RawValue>,
    pub started_at: f64,
    pub finished_at: f64,
    /// `None` for a success.
    pub failure: Option<RunFailure<'a>>,
}

pub struct RunFailure<'a> {
    pub error_class: &'a str,
    pub error_message: &'a str,
    pub backtrace: &'a [String],
}

impl Run<'_> {
    pub fn status(&self) -> &'static str {
        if self.failure.is_some() {
            "failed"
        } else {
            "success"
        }
    }

    /// The entry as the gem's middleware writes it: `jid, class, queue, args, status,
    /// started_at, finished_at` (+ `error_class, error_message, backtrace` for a failure),
    /// strings and numbers as Ruby's JSON writes them.
    pub fn entry(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(256);
        let field = |out: &mut Vec<u8>, name: &str, first: bool| {
            if !first {
                out.push(b',');
            }
            ruby_json::string(out, name);
            out.push(b':');
        };
        out.push(b'{');
        field(&mut out, "jid", true);
        ruby_json::string(&mut out, self.jid);
        field(&mut out, "class", false);
        ruby_json::string(&mut out, self.class);
        field(&mut out, "queue", false);
        ruby_json::string(&mut out, self.queue);
        field(&mut out, "args", false);
        match self.args {
            Some(raw) => {
                let start = out.len();
                if ruby_json::transcode(&mut out, raw).is_err() {
                    out.truncate(start);
                    out.extend_from_slice(raw.get().as_bytes());
                }
            }
            None => out.extend_from_slice(b"[]"),
        }
        field(&mut out, "status", false);
        ruby_json::string(&mut out, self.status());
        field(&mut out, "started_at", false);
        out.extend_from_slice(ruby_float(self.started_at).as_bytes());
        field(&mut out, "finished_at", false);
        out.extend_from_slice(ruby_float(self.finished_at).as_bytes());
        if let Some(f) = &self.failure {
            field(&mut out, "error_class", false);
            ruby_json::string(&mut out, f.error_class);
            field(&mut out, "error_message", false);
            let message: String = f.error_message.chars().take(MESSAGE_CHARS).collect();
            ruby_json::string(&mut out, &message);
            field(&mut out, "backtrace", false);
            out.push(b'[');
            for (i, line) in f.backtrace.iter().take(BACKTRACE_LINES).enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                ruby_json::string(&mut out, line);
            }
            out.push(b']');
        }
        out.push(b'}');
        out
    }
}

/// The UTC date of `t` (epoch seconds) as `YYYY-MM-DD`: the run's daily bucket.
pub fn utc_day(t: f64) -> String {
    chrono::DateTime::<chrono::Utc>::from_timestamp(t.floor() as i64, 0)
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_else(|| "1970-01-01".into())
}

/// Record `run` (one round trip): each list's add followed by its trims, then the daily
/// count. `now` is the trim's clock.
pub fn record(store: &mut Store, run: &Run<'_>, now: f64) -> StoreResult<()> {
    let entry = run.entry();
    let score = ruby_float(run.finished_at);
    let oldest = ruby_float(now - RETENTION_SECS);
    let status_key = if run.failure.is_some() {
        keys::HISTORY_FAILED
    } else {
        keys::HISTORY_SUCCESS
    };
    let mut pipe = redis::pipe();
    for key in [keys::HISTORY_ALL, status_key] {
        pipe.cmd("ZADD").arg(key).arg(&score).arg(&entry);
        pipe.cmd("ZREMRANGEBYSCORE")
            .arg(key)
            .arg("-inf")
            .arg(&oldest);
        pipe.cmd("ZREMRANGEBYRANK")
            .arg(key)
            .arg(0)
            .arg(-(MAX_ENTRIES + 1));
    }
    let daily = keys::history_daily(utc_day(run.finished_at));
    pipe.cmd("HINCRBY").arg(&daily).arg(run.status()).arg(1);
    pipe.cmd("EXPIRE").arg(&daily).arg(DAILY_TTL_SECS);
    for reply in store.pipeline(&pipe)? {
        if let Err(e) = reply {
            return Err(super::StoreError::Command {
                command: "history".into(),
                key: keys::HISTORY_ALL.into(),
                reason: e,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_as_the_gems() {
        let args =
            RawValue::from_string(r#"[0.4,"report",{"tenant":"zürich-02"}]"#.into()).unwrap();
        let run = Run {
            jid: "ffbe45e088bbe94a33532846",
            class: "SleepJob",
            queue: "reports",
            args: Some(&args),
            started_at: 1796232518.886238,
            finished_at: 1796232519.2872732,
            failure: None,
        };
        // A member of fixtures/history.json, byte for byte.
        assert_eq!(
            String::from_utf8(run.entry()).unwrap(),
            r#"{"jid":"ffbe45e088bbe94a33532846","class":"SleepJob","queue":"reports","args":[0.4,"report",{"tenant":"zürich-02"}],"status":"success","started_at":1796232518.886238,"finished_at":1796232519.2872732}"#
        );
        assert_eq!(utc_day(1796232519.2872732), "2026-12-02");
    }
}
