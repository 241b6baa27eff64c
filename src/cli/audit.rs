//! Writing the audit trail: one entry per change (README, "Audit trail"). Best effort: an
//! entry that can't be written is one warning and changes nothing else — unless the audit
//! is required (`--require-audit`, a context's `require_audit`), when a `begin` entry must
//! be written before the change is made at all.

use std::ffi::OsString;

use crate::commands::{Counts, Ctx};
use crate::store::audit;
use crate::store::connection::redact_url;

/// The change a run makes, as its audit entries describe it.
pub struct Change {
    /// The audit name of the command, e.g. `dead retry`.
    pub command: &'static str,
    /// The command line, secrets redacted.
    pub argv: String,
    /// The audit must be written before the change.
    pub required: bool,
    /// A `begin` entry was written: an `end` entry follows, whatever happens.
    begun: bool,
}

/// The audit could not be written while it is required: nothing was changed (exit 1).
#[derive(Debug, thiserror::Error)]
#[error(
    "the audit entry could not be written to cogctl:audit ({0}), and the audit is required \
     (--require-audit or the context's require_audit); nothing was changed"
)]
pub struct AuditRefused(pub String);

impl Change {
    pub fn new(command: &'static str, argv: &[OsString], required: bool) -> Change {
        Change {
            command,
            argv: redact_argv(argv),
            required,
            begun: false,
        }
    }

    /// Before the change: with the audit required (and for `worker`, whose run is long),
    /// a `begin` entry; a required one that can't be written refuses the change.
    pub fn begin(&mut self, ctx: &mut Ctx) -> anyhow::Result<()> {
        let worker = self.command == "worker";
        if !self.required && !worker {
            return Ok(());
        }
        let fields = self.fields(ctx, "begin", None);
        let store = match ctx.store() {
            Ok(store) => store,
            // The worker waits for Redis itself (--startup-wait): its begin entry is skipped.
            Err(e) if worker && !self.required && e.is_connection() => return Ok(()),
            Err(e) => return Err(e.into()),
        };
        match audit::append(store, &fields) {
            Ok(_) => {
                self.begun = true;
                Ok(())
            }
            Err(e) if e.is_connection() => Err(e.into()),
            Err(e) if self.required => Err(AuditRefused(e.to_string()).into()),
            Err(e) => {
                warn(ctx, &e.to_string());
                Ok(())
            }
        }
    }

    /// After the change: the entry with its counts and exit status. Written when the command
    /// reported what it did (a run refused or failed before changing anything has none).
    pub fn end(&self, ctx: &mut Ctx, exit: u8) {
        if ctx.audit.counts.is_none() && !self.begun {
            return;
        }
        let fields = self.fields(ctx, "end", Some(exit));
        let result = match ctx.store() {
            Ok(store) => audit::append(store, &fields),
            Err(e) => Err(e),
        };
        if let Err(e) = result {
            warn(ctx, &e.to_string());
        }
    }

    fn fields(&self, ctx: &mut Ctx, phase: &str, exit: Option<u8>) -> Vec<(&'static str, String)> {
        let (target, scrubbed) = match ctx.connector() {
            Ok(c) => (c.address().to_string(), c.scrub(&self.argv)),
            Err(_) => (String::new(), self.argv.clone()),
        };
        let time =
            chrono::DateTime::from_timestamp_millis((ctx.ui.clock.current() * 1000.0) as i64)
                .unwrap_or_default()
                .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        let mut fields = vec![
            ("time", time),
            ("user", user_at_host()),
            ("version", env!("CARGO_PKG_VERSION").to_string()),
            (
                "context",
                ctx.context
                    .as_ref()
                    .map(|c| c.name.clone())
                    .unwrap_or_default(),
            ),
            ("command", self.command.to_string()),
            ("phase", phase.to_string()),
            ("argv", scrubbed),
            ("target", target),
        ];
        if let Some(exit) = exit {
            let Counts {
                matched,
                done,
                gone,
                skipped,
                failed,
            } = ctx.audit.counts.unwrap_or_default();
            for (k, v) in [
                ("matched", matched),
                ("done", done),
                ("gone", gone),
                ("skipped", skipped),
                ("failed", failed),
            ] {
                fields.push((k, v.to_string()));
            }
            fields.push((
                "plan_digest",
                ctx.audit.plan_digest.clone().unwrap_or_default(),
            ));
            fields.push(("exit", exit.to_string()));
        }
        fields
    }
}

fn warn(ctx: &Ctx, reason: &str) {
    ctx.ui.warn_line(&format!(
        "{} the audit entry could not be written to cogctl:audit: {}",
        ctx.ui.styles.warn("warning:"),
        crate::text::visible(reason)
    ));
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

#[cfg(test)]
mod tests {
    use super::redact_argv;

    #[test]
    fn secrets_never_reach_the_argv_field() {
        let argv: Vec<std::ffi::OsString> = [
            "/usr/bin/cogctl",
            "--redis-url=redis://u:hunter2@h:1/0",
            "--sentinel-password",
            "s3cret",
            "--x-password=abc123",
            "dead",
            "retry",
            "--all",
        ]
        .iter()
        .map(Into::into)
        .collect();
        let shown = redact_argv(&argv);
        assert_eq!(
            shown,
            "cogctl '--redis-url=redis://u:***@h:1/0' --sentinel-password '***' '--x-password=***' dead retry --all"
        );
    }
}
