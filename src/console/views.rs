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

    /// The keys of this view for `?`: the ones every view has, then its own.
    pub fn help(self) -> Vec<(String, String)> {
        let mut keys: Vec<(&str, &str)> = vec![
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
        ];
        let own: &[(&str, &str)] = match self {
            View::Home => &[
                ("Tab", "next pane (queues, processes, deaths)"),
                ("↑↓ j k", "select"),
                ("/", "filter queues and processes by name"),
                ("p", "pause or resume the selected queue (y/n)"),
                ("Q", "quiet the selected process (y/n)"),
            ],
            View::Queues => &[
                ("↑↓ j k", "move; PgUp PgDn g G jump"),
                ("Enter", "the queue's jobs"),
                ("p", "pause or resume the queue: dry run, then y/n"),
                (
                    "X",
                    "remove its duplicate jobs (same class and args): dry run, then y/n",
                ),
                ("Esc", "back"),
            ],
            View::Processes => &[
                ("↑↓ j k", "move; PgUp PgDn g G jump"),
                ("Enter", "its running jobs and memory chart"),
                ("Q", "quiet the process (y/n)"),
                ("S", "stop the process cleanly: dry run, then y/n"),
                (
                    "R",
                    "on a gone process: requeue what dead ones held (reconcile): dry run, y/n",
                ),
                ("Esc", "back"),
            ],
            View::Retry | View::Dead | View::Scheduled => &[
                ("↑↓ j k", "move; PgUp PgDn g G Home End jump (read by rank)"),
                ("Enter", "the job: payload, attempts, where it is now"),
                (
                    "/",
                    "filter: text searches; or --class, --queue, --error, --fingerprint, --since …",
                ),
                ("space", "mark the entry"),
                (
                    "R D K E",
                    "retry, delete, kill, enqueue now: dry run, then y/n",
                ),
                ("Esc", "back; clears the filter"),
            ],
            View::Triage => &[
                ("↑↓ j k", "move"),
                ("Enter", "the pattern's entries"),
                (
                    "R D K",
                    "retry, delete or kill the whole pattern: dry run, then y/n",
                ),
                ("Esc", "back"),
            ],
            View::Periodic => &[
                ("↑↓ j k", "move"),
                ("Enter", "the entry"),
                ("E", "run now: push its job: dry run, then y/n"),
                (
                    "p",
                    "disable or enable it (tickers skip a disabled one): dry run, then y/n",
                ),
                ("Esc", "back"),
            ],
            View::History => &[
                ("↑↓ j k", "move; PgUp PgDn g G jump"),
                ("Enter", "the run"),
                ("Esc", "back"),
            ],
            View::Audit => &[
                ("↑↓ j k", "move"),
                ("Enter", "the entry"),
                ("u", "undo the change under the cursor: dry run, then y/n"),
                ("Esc", "back"),
            ],
            View::Incident => &[
                ("↑↓ j k", "move"),
                (
                    "Enter",
                    "what the finding names: a pattern's entries, a queue's jobs, the processes",
                ),
                ("Esc", "back"),
            ],
        };
        keys.extend_from_slice(own);
        keys.into_iter()
            .map(|(k, w)| (k.to_string(), w.to_string()))
            .collect()
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
