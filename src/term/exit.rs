//! Exit codes: one table, documented in docs/output.md and the man page.

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: everything asked for was done (or every check held).
    Ok,
    /// 1: the command failed, or a check failed, or the job was not found.
    Failure,
    /// 2: the command line was wrong, or a destructive command had no terminal and no --yes.
    Usage,
    /// 3: Redis could not be reached, could not serve (READONLY, LOADING …), or refused the credentials.
    Unreachable,
    /// 4: a bulk operation finished with some items failed (and some done).
    Partial,
    /// 5: `enqueue --unique` found the job's lock held: a duplicate, nothing was written.
    Duplicate,
    /// 6: a canary retry stopped: its jobs failed again or did not run in time; the rest was
    /// left where it was.
    Stopped,
    /// 7: a fleet was read in part: some shards could not be read (each named), the rest is
    /// shown.
    FleetPartial,
    /// 130: interrupted (Ctrl-C).
    Interrupted,
}

impl Exit {
    pub fn code(self) -> u8 {
        match self {
            Exit::Ok => 0,
            Exit::Failure => 1,
            Exit::Usage => 2,
            Exit::Unreachable => 3,
            Exit::Partial => 4,
            Exit::Duplicate => 5,
            Exit::Stopped => 6,
            Exit::FleetPartial => 7,
            Exit::Interrupted => 130,
        }
    }

    /// The documentation table (docs/output.md, man page, `--help`).
    pub const TABLE: &'static [(u8, &'static str)] = &[
        (
            0,
            "success; for `check`, every check held; for `incident`, nothing notable or only warnings; \
             for `worker`, it stopped and no job died (with --burst: none failed, unless --allow-failures)",
        ),
        (
            1,
            "failure: a check failed, an `incident` finding fails, a job was not found, a key could not be read, bad input \
             (nothing changed), a declined confirmation, a change none of whose entries could be done, \
             a change refused because its required audit entry could not be written, \
             a job `worker` ran went to dead, a job `worker --burst` ran failed (without \
             --allow-failures), or a view of a queue that does not exist",
        ),
        (
            2,
            "usage error: a bad flag or value, a bad config file or context, a change without a \
             terminal to confirm on and without --yes, a change refused by a read-only or \
             protected context, or a change to a queue that does not exist (without --force)",
        ),
        (
            3,
            "Redis unreachable or unavailable (a replica, loading), or it refused the credentials (`worker`: within --startup-wait)",
        ),
        (
            4,
            "partial: a change finished with some entries failed or skipped, and others done",
        ),
        (
            5,
            "duplicate: a unique job is already enqueued (`enqueue --unique` found its lock held); \
             nothing was written",
        ),
        (
            6,
            "stopped: a `--canary` retry stopped at a step whose jobs failed again (more than \
             --max-canary-failures) or had not run within --canary-wait; the rest of the selection \
             was left where it was",
        ),
        (
            7,
            "partial fleet: a read across a fleet (`--fleet`, `--context a,b`) could not read \
             some of its shards (each named on stderr and in JSON); what the others hold is shown",
        ),
        (
            130,
            "interrupted (Ctrl-C); a change stops between batches; `worker` after a second TERM/INT",
        ),
    ];

    /// The table as `--help` shows it.
    pub fn help() -> String {
        let mut text = String::from("Exit codes:");
        for (code, meaning) in Exit::TABLE {
            text.push_str(&format!("\n  {code:<4} {meaning}"));
        }
        text
    }
}

/// An error the command has written out itself (a worker with JSON logs logs it as an
/// event): its exit code still comes from the errors it wraps, and nothing more is printed.
#[derive(Debug, thiserror::Error)]
#[error("reported")]
pub struct Reported;

/// A problem with what the user asked for, found after parsing (exit code 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);
