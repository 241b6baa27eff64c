//! Which commands change Redis: the one list that `Command::changes` names from, and that
//! `--help` and the man pages show the change options by.

/// Every command a run of which can change Redis (its dry runs and plans aside), by its words,
/// and whether that change keeps what it needs to be undone (README "Undo"; the worker,
/// process signals, reconcile, unsettled filing and purges keep nothing). The one list of
/// what counts as a change: [`Command::changes`] names only these, read_only and protected
/// contexts and the audit trail go by it, and `--help` and the man pages show the change
/// options on these commands only (the undo options where there is an undo).
pub const CHANGES: &[(&str, bool)] = &[
    ("retry retry", true),
    ("retry delete", true),
    ("retry kill", true),
    ("retry reschedule", true),
    ("dead retry", true),
    ("dead delete", true),
    ("dead import", true),
    ("scheduled enqueue-now", true),
    ("scheduled delete", true),
    ("scheduled reschedule", true),
    ("queue pause", true),
    ("queue resume", true),
    ("queue clear", true),
    ("queue delete-job", true),
    ("queue dedupe", true),
    ("periodic run-now", true),
    ("periodic disable", true),
    ("periodic enable", true),
    ("enqueue", true),
    ("worker", false),
    ("procs quiet", false),
    ("procs resume", false),
    ("procs stop", false),
    ("procs prune", false),
    ("unsettled file", false),
    ("reconcile", false),
    ("undo", true),
    ("undo purge", false),
    ("fixture load", false),
];

/// The global options that matter only to a change: (id, only where it keeps an undo).
pub const CHANGE_OPTIONS: &[(&str, bool)] = &[
    ("confirm_context", false),
    ("require_audit", false),
    ("keep_undo", true),
    ("no_undo", true),
];

/// Whether the command named by `words` (`dead retry`) can change Redis, and whether that
/// change keeps an undo record: (changes, undoable).
pub fn change_at(words: &str) -> (bool, bool) {
    CHANGES
        .iter()
        .find(|(name, _)| *name == words)
        .map_or((false, false), |(_, undoable)| (true, *undoable))
}

/// Whether the global option `id` belongs in the help of the command named by `words`: every
/// option that isn't a change option does (listed once, at the root); a change option where
/// it has an effect.
pub fn change_option_applies(id: &str, words: &str) -> Option<bool> {
    let (_, needs_undo) = CHANGE_OPTIONS.iter().find(|(o, _)| *o == id)?;
    let (changes, undoable) = change_at(words);
    Some(if *needs_undo { undoable } else { changes })
}
