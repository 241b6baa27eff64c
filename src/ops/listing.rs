//! What every list view shares: how many entries it shows (`--limit N`, `--all`).

use clap::Args;

/// Entries shown by default in a table; JSON and NDJSON show every match unless --limit.
pub const TABLE_LIMIT: usize = 50;

/// How much a list shows: every list's `--limit N` and `--all`.
#[derive(Clone, Debug, Args)]
pub struct LimitArgs {
    /// Show at most N (default 50 in a table; every match with --json/--ndjson)
    #[arg(long, value_name = "N", conflicts_with = "all")]
    pub limit: Option<usize>,

    /// Show every match
    #[arg(long)]
    pub all: bool,
}

impl LimitArgs {
    /// The cap for this run: none with --all, else --limit, else 50 in a table and none in
    /// JSON.
    pub fn resolve(&self, human: bool) -> Option<usize> {
        match (self.all, self.limit) {
            (true, _) => None,
            (false, Some(n)) => Some(n),
            (false, None) if human => Some(TABLE_LIMIT),
            (false, None) => None,
        }
    }
}
