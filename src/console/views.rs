//! The console's views: their names (for `:name`), their keys, and the help each shows.

/// A view reached from anywhere, by `:name` or by its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Home,
    Queues,
    Processes,
    Retry,
    Dead,
    Scheduled,
    Triage,
    Periodic,
    History,
    Audit,
    Incident,
}

impl View {
    pub const ALL: [View; 11] = [
        View::Home,
        View::Queues,
        View::Processes,
        View::Retry,
        View::Dead,
        View::Scheduled,
        View::Triage,
        View::Periodic,
        View::History,
        View::Audit,
        View::Incident,
    ];

    pub fn name(self) -> &'static str {
        match self {
            View::Home => "home",
            View::Queues => "queues",
            View::Processes => "processes",
            View::Retry => "retry",
            View::Dead => "dead",
            View::Scheduled => "scheduled",
            View::Triage => "triage",
            View::Periodic => "periodic",
            View::History => "history",
            View::Audit => "audit",
            View::Incident => "incident",
        }
    }

    /// The digit that switches to it.
    pub fn key(self) -> char {
        match self {
            View::Home => '1',
            View::Queues => '2',
            View::Processes => '3',
            View::Retry => '4',
            View::Dead => '5',
            View::Scheduled => '6',
            View::Triage => '7',
            View::Periodic => '8',
            View::History => '9',
            View::Audit => '0',
            View::Incident => 'i',
        }
    }

    pub fn by_key(c: char) -> Option<View> {
        View::ALL.into_iter().find(|v| v.key() == c)
    }

    /// The view a typed `:name` names: its whole name, an alias, or the one view whose name
    /// starts with it.
    pub fn by_name(typed: &str) -> Option<View> {
        let typed = typed.trim().to_ascii_lowercase();
        let alias = match typed.as_str() {
            "q" | "queue" => Some(View::Queues),
            "p" | "procs" | "process" => Some(View::Processes),
            "sched" | "schedule" => Some(View::Scheduled),
            "patterns" => Some(View::Triage),
            "dashboard" | "top" => Some(View::Home),
            _ => None,
        };
        if alias.is_some() {
            return alias;
        }
        let matching = completions(&typed);
        match matching.as_slice() {
            [only] => Some(*only),
            _ => View::ALL.into_iter().find(|v| v.name() == typed),
        }
    }

    /// The keys of this view for `?`: the ones every view has, how to move and filter, then
    /// its actions from its table.
    pub fn help(self) -> Vec<(String, String)> {
        let mut keys: Vec<(String, String)> = [
            (":name", "switch view (Tab completes)"),
            (
                "1…9 0 i",
                "home queues processes retry dead scheduled triage periodic history audit incident",
            ),
            ("?", "this help"),
            (
                "q Ctrl-C",
                "quit (while a change runs: q waits, Ctrl-C stops it after its batch)",
            ),
        ]
        .iter()
        .map(|(k, w)| (k.to_string(), w.to_string()))
        .collect();
        let filter = match self {
            View::Home => "filter queues and processes by name",
            View::Retry | View::Dead | View::Scheduled | View::History => {
                "filter: text searches; or --class, --queue, --error, --fingerprint, --since …"
            }
            View::Triage => "filter the entries grouped: text searches; or the CLI's flags",
            View::Queues => "filter the queues by text; in a queue's jobs, text or the CLI's flags",
            _ => "filter the rows by text",
        };
        let moves: &[(&str, &str)] = if self == View::Home {
            &[
                ("Tab", "next pane (queues, processes, deaths)"),
                ("↑↓ j k", "select"),
                ("Esc", "clear the filter"),
            ]
        } else {
            &[
                ("↑↓ j k", "move; PgUp PgDn g G Home End jump (read by rank)"),
                (
                    "Esc",
                    "back (a drilled-in list to its list, as it was); clears this view's filter first",
                ),
            ]
        };
        keys.extend(moves.iter().map(|(k, w)| (k.to_string(), w.to_string())));
        keys.push(("/".into(), filter.into()));
        for a in self.actions() {
            let then = if a.change { ": dry run, then y/n" } else { "" };
            keys.push((a.label(), format!("{} — {}{then}", a.name, a.applies)));
        }
        keys
    }
}

/// What an action does: each is one handler of the console, and each change one core
/// function (through `act::Act`), the same whichever view it is asked from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Does {
    /// Enter: drill into what the row stands for.
    Open,
    /// space: mark the entry for R D K E.
    Mark,
    /// Pause (or resume) a queue, as `queue pause` does.
    Pause,
    /// Remove a queue's duplicate jobs, as `queue dedupe` does.
    Dedupe,
    /// Quiet a process, as `procs quiet` does.
    Quiet,
    /// Stop a process cleanly, as `procs stop` does.
    Stop,
    /// Requeue what dead processes held, as `reconcile` does.
    Reconcile,
    Retry,
    Delete,
    Kill,
    EnqueueNow,
    /// Take a change back, as `undo` does.
    Undo,
    /// Push a periodic entry's job now, as `periodic run-now` does.
    RunNow,
    /// Disable (or enable) a periodic entry.
    Toggle,
}

/// One action of a view: its key, what it does and to what. The keys of a view, its `?`
/// help, its footer and the answer to a key it doesn't have all come from its table.
#[derive(Clone, Copy, Debug)]
pub struct Action {
    /// `' '` is space, `'\n'` Enter.
    pub key: char,
    pub name: &'static str,
    /// What it applies to.
    pub applies: &'static str,
    pub does: Does,
    /// It changes Redis: a dry run first, then y/n (a read-only context refuses it).
    pub change: bool,
}

impl Action {
    /// The key as the help and the footer name it.
    pub fn label(&self) -> String {
        match self.key {
            ' ' => "space".into(),
            '\n' => "Enter".into(),
            c => c.to_string(),
        }
    }
}

const fn look(key: char, name: &'static str, applies: &'static str, does: Does) -> Action {
    Action {
        key,
        name,
        applies,
        does,
        change: false,
    }
}

const fn change(key: char, name: &'static str, applies: &'static str, does: Does) -> Action {
    Action {
        key,
        name,
        applies,
        does,
        change: true,
    }
}

const ENTRY: &str = "the marked entries, else the whole filtered list, else the cursor's entry";
/// A retry's: a filtered list can go as a canary run (`c` at its question).
const ENTRY_CANARY: &str = "the marked entries, else the whole filtered list (c at its question: \
                            in canary steps), else the cursor's entry";

/// The actions many views share.
const UNDO_LAST: Action = change('u', "undo", "the last change made here", Does::Undo);
const OPEN_JOB: Action = look(
    '\n',
    "open",
    "the job: where it is, its attempts, its runs, its payload",
    Does::Open,
);
const MARK: Action = look(' ', "mark", "the entry under the cursor", Does::Mark);

const HOME: &[Action] = &[
    change('p', "pause or resume", "the selected queue", Does::Pause),
    change('Q', "quiet", "the selected process", Does::Quiet),
];
const QUEUES: &[Action] = &[
    look(
        '\n',
        "open",
        "the queue's jobs; in them, the job",
        Does::Open,
    ),
    change(
        'p',
        "pause or resume",
        "the queue under the cursor, or whose jobs are listed",
        Does::Pause,
    ),
    change(
        'X',
        "remove duplicates (same class and args)",
        "the queue under the cursor, or whose jobs are listed",
        Does::Dedupe,
    ),
    UNDO_LAST,
];
const PROCESSES: &[Action] = &[
    look(
        '\n',
        "open",
        "its running jobs and memory chart",
        Does::Open,
    ),
    change('Q', "quiet", "the process under the cursor", Does::Quiet),
    change(
        'S',
        "stop cleanly",
        "the process under the cursor",
        Does::Stop,
    ),
    change(
        'R',
        "requeue what dead processes held (reconcile)",
        "a gone process's row",
        Does::Reconcile,
    ),
    UNDO_LAST,
];
const RETRY: &[Action] = &[
    OPEN_JOB,
    MARK,
    change('R', "retry now", ENTRY_CANARY, Does::Retry),
    change('D', "delete", ENTRY, Does::Delete),
    change('K', "kill (move to dead)", ENTRY, Does::Kill),
    change('E', "enqueue now", ENTRY, Does::EnqueueNow),
    UNDO_LAST,
];
const DEAD: &[Action] = &[
    OPEN_JOB,
    MARK,
    change('R', "retry", ENTRY_CANARY, Does::Retry),
    change('D', "delete", ENTRY, Does::Delete),
    UNDO_LAST,
];
const SCHEDULED: &[Action] = &[
    OPEN_JOB,
    MARK,
    change('E', "enqueue now", ENTRY, Does::EnqueueNow),
    change('D', "delete", ENTRY, Does::Delete),
    UNDO_LAST,
];
const TRIAGE: &[Action] = &[
    look('\n', "open", "the pattern's entries", Does::Open),
    change(
        'R',
        "retry",
        "the whole pattern under the cursor",
        Does::Retry,
    ),
    change(
        'D',
        "delete",
        "the whole pattern under the cursor",
        Does::Delete,
    ),
    change(
        'K',
        "kill (retry set only)",
        "the whole pattern under the cursor",
        Does::Kill,
    ),
    UNDO_LAST,
];
const PERIODIC: &[Action] = &[
    look('\n', "open", "the entry", Does::Open),
    change(
        'E',
        "run now (push its job)",
        "the entry under the cursor",
        Does::RunNow,
    ),
    change(
        'p',
        "disable or enable (tickers skip a disabled one)",
        "the entry under the cursor",
        Does::Toggle,
    ),
    UNDO_LAST,
];
const HISTORY: &[Action] = &[look('\n', "open", "the run", Does::Open), UNDO_LAST];
const AUDIT: &[Action] = &[
    look('\n', "open", "the entry", Does::Open),
    change('u', "undo", "the change under the cursor", Does::Undo),
];
const INCIDENT: &[Action] = &[
    look(
        '\n',
        "open",
        "what the finding names: a pattern's entries, a queue's jobs, the processes",
        Does::Open,
    ),
    UNDO_LAST,
];

impl View {
    /// Its actions, in the order `?` lists them.
    pub fn actions(self) -> &'static [Action] {
        match self {
            View::Home => HOME,
            View::Queues => QUEUES,
            View::Processes => PROCESSES,
            View::Retry => RETRY,
            View::Dead => DEAD,
            View::Scheduled => SCHEDULED,
            View::Triage => TRIAGE,
            View::Periodic => PERIODIC,
            View::History => HISTORY,
            View::Audit => AUDIT,
            View::Incident => INCIDENT,
        }
    }

    /// Its action on `key`, if it has one.
    pub fn action(self, key: char) -> Option<Action> {
        self.actions().iter().copied().find(|a| a.key == key)
    }

    /// Whether `key` is an action key of some view (so that one it doesn't apply to here is
    /// answered, not ignored).
    pub fn is_action_key(key: char) -> bool {
        View::ALL.iter().any(|v| v.action(key).is_some())
    }

    /// What the status line says of a key this view doesn't have.
    pub fn doesnt_apply(self, key: char) -> String {
        let elsewhere: Vec<&str> = View::ALL
            .iter()
            .filter(|v| v.action(key).is_some())
            .map(|v| v.name())
            .collect();
        let own: Vec<String> = self
            .actions()
            .iter()
            .filter(|a| a.change)
            .map(|a| format!("{} {}", a.label(), a.name))
            .collect();
        let here = if own.is_empty() {
            format!("{} changes nothing", self.name())
        } else {
            format!("in {}: {}", self.name(), own.join(", "))
        };
        format!(
            "{} doesn't apply to {} (it does in {}); {here}",
            if key == ' ' {
                "space".to_string()
            } else {
                key.to_string()
            },
            self.noun(),
            elsewhere.join(", ")
        )
    }

    /// What its rows are, for a sentence.
    fn noun(self) -> &'static str {
        match self {
            View::Home => "the dashboard",
            View::Queues => "queues",
            View::Processes => "processes",
            View::Retry => "the retry set",
            View::Dead => "the dead set",
            View::Scheduled => "the scheduled set",
            View::Triage => "failure patterns",
            View::Periodic => "periodic entries",
            View::History => "history",
            View::Audit => "the audit trail",
            View::Incident => "the incident's findings",
        }
    }

    /// The footer's hint: the view's changes, then the keys every view has.
    pub fn footer(self) -> String {
        if self == View::Home {
            let own: Vec<String> = self
                .actions()
                .iter()
                .map(|a| format!("{} {}", a.label(), a.name))
                .collect();
            return format!(
                "q quit · ? keys · : view · Tab pane · ↑↓/jk select · {} · / filter",
                own.join(" · ")
            );
        }
        let mut parts: Vec<String> = self
            .actions()
            .iter()
            .filter(|a| a.change)
            .map(|a| {
                format!(
                    "{} {}",
                    a.label(),
                    a.name.split(" (").next().unwrap_or(a.name)
                )
            })
            .collect();
        parts.extend(
            ["? keys", "Esc back", "/ filter", "q quit"]
                .iter()
                .map(|s| s.to_string()),
        );
        parts.join(" · ")
    }
}

/// The views whose name starts with `typed`.
pub fn completions(typed: &str) -> Vec<View> {
    let typed = typed.trim().to_ascii_lowercase();
    View::ALL
        .into_iter()
        .filter(|v| v.name().starts_with(&typed))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_complete_and_keys_are_unique() {
        assert_eq!(View::by_name("de"), Some(View::Dead));
        assert_eq!(View::by_name("h"), None, "home and history");
        assert_eq!(View::by_name("hi"), Some(View::History));
        assert_eq!(View::by_name("procs"), Some(View::Processes));
        assert_eq!(completions("p"), vec![View::Processes, View::Periodic]);
        let mut keys: Vec<char> = View::ALL.iter().map(|v| v.key()).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), View::ALL.len());
    }
}
