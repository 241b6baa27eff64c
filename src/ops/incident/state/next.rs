//! The next step each failure finding offers, for where it stands: one place every failure
//! kind goes through.

use super::*;

/// Where a failure finding stands, for the next step it offers.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Stage<'a> {
    /// Failing now: look at it.
    Ongoing,
    /// Held by a pause (or a queue nobody reads) since it failed: the queue, and whether
    /// paused.
    Held(&'a str, bool),
    /// Over: what is left in retry and dead may be retried, a few first.
    Over,
}

/// The commands a failure finding offers for where it stands, read-only ones and dry runs
/// first: held by a pause, resuming that queue; over with entries left, a canary retry's dry
/// run; ongoing, listing and triage. Always about its own pattern, never a bare overview.
pub(super) fn commands_of(p: &Pattern, deaths: u64, stage: Stage<'_>) -> Vec<String> {
    let id = &p.fingerprint.id;
    let mut commands = Vec::new();
    if let Stage::Held(queue, paused) = stage {
        let queue = q(queue);
        commands.push(format!("cogctl queue show {queue}"));
        if paused {
            commands.push(format!("cogctl queue resume {queue}"));
        }
    }
    if stage == Stage::Over && p.dead > 0 {
        commands.push(format!(
            "cogctl dead retry --fingerprint {id} --canary 10 --dry-run"
        ));
    }
    if p.retry > 0 {
        commands.push(format!("cogctl retry list --fingerprint {id} --limit 20"));
    }
    if p.dead > 0 {
        commands.push(format!("cogctl dead list --fingerprint {id} --limit 20"));
    }
    if p.retry > 0 {
        commands.push(format!(
            "cogctl retry triage --fingerprint {id} --by class,queue"
        ));
    }
    if stage != Stage::Over && p.dead > 0 && deaths > 0 {
        commands.push(format!("cogctl dead retry --fingerprint {id} --dry-run"));
    }
    if commands.is_empty() {
        // Nothing left in retry or dead: its runs, where History keeps them.
        match p.class_names().first() {
            Some(class) => commands.push(format!(
                "cogctl history --class {} --fingerprint {id} --limit 20",
                q(class)
            )),
            None => commands.push(format!("cogctl history --fingerprint {id} --limit 20")),
        }
    }
    commands
}
