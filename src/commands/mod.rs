//! One module per subcommand: its arguments (`XxxArgs`, whose doc comments are its
//! `--help`) and `run(ctx, args)`, which decides and returns data; it never prints.

pub mod bulk;
pub mod busy;
pub mod check;
pub mod enqueue;
pub mod fixture;
pub mod generate;
pub mod history;
pub mod job;
pub mod jobs;
pub mod orphans;
pub mod periodic;
pub mod procs;
pub mod procs_control;
pub mod queue;
pub mod queues;
pub mod reconcile;
pub mod sets;
pub mod stats;
pub mod top;
pub mod unsettled;
pub mod worker;

use std::io::{self, BufWriter, Stdout, Write};

use serde::Serialize;

use crate::cli::args::GlobalArgs;
use crate::cli::exit::Exit;
use crate::cli::ui::Ui;
use crate::store::connection::DEFAULT_URL;
use crate::store::{ConnectOptions, Connector, KeyType, Name, Store, StoreError, StoreResult};
use crate::text::visible;

/// What every command gets: how to show things, where stdout is, and Redis on demand.
pub struct Ctx {
    pub ui: Ui,
    pub out: BufWriter<Stdout>,
    connect: ConnectOptions,
    store: Option<Store>,
}

impl Ctx {
    pub fn new(global: &GlobalArgs) -> Ctx {
        let url = global
            .redis_url
            .clone()
            .or_else(|| std::env::var("REDIS_URL").ok().filter(|u| !u.is_empty()))
            .unwrap_or_else(|| DEFAULT_URL.to_string());
        Ctx {
            ui: Ui::detect(
                global.format(),
                global.color,
                global.quiet,
                global.utc,
                global.now,
            ),
            out: BufWriter::with_capacity(64 * 1024, io::stdout()),
            connect: ConnectOptions {
                url,
                tls_insecure: global.tls_insecure,
                sentinels: global.sentinel.clone(),
                sentinel_master: global.sentinel_master.clone(),
                sentinel_password: global.sentinel_password.clone(),
                connect_timeout: global.connect_timeout,
                read_timeout: global.read_timeout,
            },
            store: None,
        }
    }

    /// How to open connections to the Redis of this run.
    pub fn connector(&self) -> StoreResult<Connector> {
        Connector::new(&self.connect)
    }

    /// The Redis of this run, connected on first use.
    pub fn store(&mut self) -> StoreResult<&mut Store> {
        if self.store.is_none() {
            self.store = Some(Store::connect(self.connector()?)?);
        }
        Ok(self.store.as_mut().expect("connected above"))
    }
}

/// A key a read-only view could not read (usually one of the wrong type): reported with the
/// rest of the view, never fatal to it, and it makes the exit code 1.
#[derive(Clone, Debug, Serialize)]
pub struct Problem {
    pub key: Name,
    pub error: String,
}

impl Problem {
    /// From a pipeline reply's error text on `key`, which cogworker keeps as `expected`.
    pub fn wrong(key: impl Into<Name>, expected: KeyType, error: &str) -> Problem {
        let error = if error.contains("WRONGTYPE") {
            format!(
                "of the wrong type, not the {} cogworker keeps there",
                expected.name()
            )
        } else {
            error.to_string()
        };
        Problem {
            key: key.into(),
            error,
        }
    }

    /// From a store error met while reading `key`, said once (the error's own text repeats
    /// the key). A wrong-typed key names itself: it may be another key the read needed.
    pub fn from_store(key: impl Into<Name>, err: &StoreError) -> Problem {
        match err {
            StoreError::WrongType {
                key,
                expected,
                found,
            } => Problem {
                key: key.clone(),
                error: format!(
                    "a {found}, not the {} cogworker keeps there",
                    expected.name()
                ),
            },
            other => Problem {
                key: key.into(),
                error: other.to_string(),
            },
        }
    }

    /// `problem` added unless the same key already has one.
    pub fn push_once(problems: &mut Vec<Problem>, problem: Problem) {
        if !problems.iter().any(|p| p.key == problem.key) {
            problems.push(problem);
        }
    }

    /// Each problem as a warning line on stderr.
    pub fn warn_all(ui: &Ui, problems: &[Problem]) {
        let mut stderr = io::stderr().lock();
        for p in problems {
            let _ = writeln!(
                stderr,
                "{} {}: {}",
                ui.styles.warn("warning:"),
                p.key.shown(),
                visible(&p.error)
            );
        }
    }

    pub fn exit(problems: &[Problem]) -> Exit {
        if problems.is_empty() {
            Exit::Ok
        } else {
            Exit::Failure
        }
    }
}

/// The members of a registry set (processes, queues, identities); a set of the wrong type
/// becomes a problem and reads as empty, a lost connection stays an error.
pub fn read_registry(
    store: &mut Store,
    key: &str,
    problems: &mut Vec<Problem>,
) -> StoreResult<Vec<Name>> {
    match store.members(key) {
        Ok(members) => Ok(members),
        Err(e) if e.is_connection() => Err(e),
        Err(e) => {
            problems.push(Problem::from_store(key, &e));
            Ok(Vec::new())
        }
    }
}
