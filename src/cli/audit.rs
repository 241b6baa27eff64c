//! Writing the audit trail: one entry per change (docs/safety.md, "Audit trail"). Best effort: an
//! entry that can't be written is one warning and changes nothing else — unless the audit
//! is required (`--require-audit`, a context's `require_audit`), when a `begin` entry must
//! be written before the change is made at all.

use std::ffi::OsString;

use crate::commands::Ctx;
use crate::store::audit;

/// The change a run makes, as its audit entries describe it.
pub struct Change {
    /// The audit name of the command, e.g. `dead retry`.
    pub command: &'static str,
    /// The command line, secrets redacted.
    pub argv: String,
    /// The audit must be written before the change.
    pub required: bool,
    /// cogctl can undo this change (`cogctl undo`).
    pub undoable: bool,
    /// It runs long: a `begin` entry is written even when the audit is not required.
    long: bool,
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
    /// `long`: a change that runs long writes a `begin` entry even when the audit is not
    /// required (`Command::long_running`).
    pub fn new(
        command: &'static str,
        argv: &[OsString],
        required: bool,
        undoable: bool,
        long: bool,
    ) -> Change {
        Change {
            command,
            argv: audit::redact_argv(argv),
            required,
            undoable,
            long,
            begun: false,
        }
    }

    /// Before the change: with the audit required (and for a change that runs long: the
    /// worker, a canary retry), a `begin` entry; a required one that can't be written refuses
    /// the change.
    pub fn begin(&mut self, ctx: &mut Ctx) -> anyhow::Result<()> {
        let worker = self.command == "worker";
        if !self.required && !self.long {
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
            // So is one lost on a connection that dropped after it was made: the worker's
            // own start waits for Redis; the broken connection is not used again.
            Err(e) if worker && !self.required && e.is_connection() => {
                ctx.disconnect();
                warn(ctx, &e.to_string());
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

    /// After the change: the entry with its counts and exit status, and its id. Written when
    /// the command reported what it did (a run refused or failed before changing anything
    /// has none).
    pub fn end(&self, ctx: &mut Ctx, exit: u8) -> Option<String> {
        if ctx.audit.counts.is_none() && !self.begun && ctx.audit.undo.is_none() {
            return None;
        }
        let fields = self.fields(ctx, "end", Some(exit));
        let result = match ctx.store() {
            Ok(store) => audit::append(store, &fields),
            Err(e) => Err(e),
        };
        match result {
            Ok(id) => Some(id),
            Err(e) => {
                warn(ctx, &e.to_string());
                None
            }
        }
    }

    fn fields(&self, ctx: &mut Ctx, phase: &str, exit: Option<u8>) -> Vec<(&'static str, String)> {
        let who = ctx.audit_who(&self.argv);
        let outcome = exit.map(|exit| ctx.audit_outcome(exit, self.undoable));
        ctx.audit_fields(&who, self.command, phase, outcome.as_ref())
    }
}

fn warn(ctx: &Ctx, reason: &str) {
    ctx.ui.warn_line(&format!(
        "{} the audit entry could not be written to cogctl:audit: {}",
        ctx.ui.styles.warn("warning:"),
        crate::text::visible(reason)
    ));
}

#[cfg(test)]
mod tests {
    use crate::store::audit::redact_argv;

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
