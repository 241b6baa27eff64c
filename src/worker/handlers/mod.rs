//! How `cogctl worker` runs one job: each class has a handler, one of four kinds, each in its
//! own file: a command run directly, never through a shell, so nothing from a job can reach
//! one (argv.rs); a long-running process spoken to by a line protocol (serve.rs); a POST to
//! a URL (http.rs); or a built-in (builtin.rs). This file reads the `--handler` specs and
//! picks a job's handler. The contract a handler sees is documented in docs/workers.md
//! ("Handlers").

pub mod argv;
pub mod builtin;
mod check;
pub mod http;
pub mod serve;

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::time::Duration;

use super::job::{Children, Decision, Failure, JobContext, Outcome, Output, cap, to_stderr};
use builtin::Builtin;
use http::Endpoint;
use serve::{Note, Pool, Recycle};

/// `--handler '*=COMMAND'`: the handler of every class without one of its own.
pub const CATCH_ALL: &str = "*";

/// The handlers of a worker: class → handler, with timeouts.
pub struct Handlers {
    handlers: BTreeMap<String, Handler>,
    timeout: Option<Duration>,
    /// `None` here means the class has no timeout even when there is a default one.
    per_class: HashMap<String, Option<Duration>>,
    grace: Duration,
    output: Option<Output>,
    recycle: Recycle,
}

impl fmt::Debug for Handlers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Handlers")
            .field("handlers", &self.handlers)
            .field("timeout", &self.timeout)
            .field("per_class", &self.per_class)
            .field("grace", &self.grace)
            .field("output", &self.output.is_some())
            .finish()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Handler {
    /// argv: the program, then its arguments.
    Command(Vec<String>),
    /// `serve:COMMAND`: a long-running process per worker thread (see `serve`).
    Serve(Vec<String>),
    /// `http://…` or `https://…`: each job POSTed to the URL (see `http`).
    Http(Endpoint),
    Builtin(Builtin),
}

impl Handlers {
    /// From `--handler CLASS=COMMAND` specs (`COMMAND` split by shell-word rules, or
    /// `builtin:NAME`), a default timeout and per-class timeouts (`--timeout-for CLASS=SECS`),
    /// and the TERM→KILL grace. A later spec for the same class replaces an earlier one, so
    /// command-line specs can follow a config file's. A zero timeout means none.
    pub fn new(
        specs: &[String],
        timeout: Option<Duration>,
        per_class: &[String],
        grace: Duration,
    ) -> Result<Handlers, String> {
        let mut handlers = BTreeMap::new();
        for spec in specs {
            let (class, command) = split_spec(spec)
                .ok_or_else(|| format!("--handler {spec:?}: expected CLASS=COMMAND"))?;
            handlers.insert(class.to_owned(), parse_handler(class, command)?);
        }
        let mut timeouts = HashMap::new();
        for spec in per_class {
            let (class, length) = split_spec(spec)
                .ok_or_else(|| format!("--timeout-for {spec:?}: expected CLASS=DURATION"))?;
            if !handlers.contains_key(class) && !handlers.contains_key(CATCH_ALL) {
                return Err(format!(
                    "--timeout-for {spec}: there is no --handler for {class} (nor a catch-all *)"
                ));
            }
            let length = crate::duration::parse_duration(length).map_err(|e| {
                format!("--timeout-for {spec}: {e} (a duration like 30s or 5m; 0: none)")
            })?;
            timeouts.insert(class.to_owned(), (!length.is_zero()).then_some(length));
        }
        Ok(Handlers {
            handlers,
            timeout: timeout.filter(|t| !t.is_zero()),
            per_class: timeouts,
            grace,
            output: Some(to_stderr()),
            recycle: Recycle::default(),
        })
    }

    /// When long-running handler processes are replaced between jobs.
    pub fn set_recycle(&mut self, recycle: Recycle) {
        self.recycle = recycle;
    }

    /// The TERM→KILL grace.
    pub fn grace(&self) -> Duration {
        self.grace
    }

    /// Where handlers' stdout and stderr lines go ([`to_stderr`] unless set). With `None`,
    /// stdout is discarded and stderr only read for its last line.
    pub fn set_output(&mut self, output: Option<Output>) {
        self.output = output;
    }

    pub fn has(&self, class: &str) -> bool {
        self.get(class).is_some()
    }

    /// The classes with a handler, sorted.
    pub fn classes(&self) -> impl Iterator<Item = &str> {
        self.handlers.keys().map(String::as_str)
    }

    /// The class's own handler, else the catch-all `*` one.
    pub fn get(&self, class: &str) -> Option<&Handler> {
        self.handlers
            .get(class)
            .or_else(|| self.handlers.get(CATCH_ALL))
    }

    /// The timeout a job of this class runs under, if any (a class the catch-all runs takes
    /// the catch-all's per-class timeout).
    pub fn timeout_for(&self, class: &str) -> Option<Duration> {
        let own = if self.handlers.contains_key(class) {
            class
        } else {
            CATCH_ALL
        };
        match self
            .per_class
            .get(class)
            .or_else(|| self.per_class.get(own))
        {
            Some(timeout) => *timeout,
            None => self.timeout,
        }
    }

    /// Whether every handler can run, as the worker starts (`--handler-check`): a command's
    /// program exists and is executable (by its path, or on `PATH`); a `serve:` process
    /// starts and stays up; an `http:` URL takes a connection. The first that can't is named
    /// with its class.
    pub fn check(&self) -> Result<(), String> {
        for (class, handler) in &self.handlers {
            let problem = match handler {
                Handler::Command(argv) => check::program(&argv[0]).err(),
                Handler::Serve(argv) => check::program(&argv[0])
                    .and_then(|()| check::stays_up(argv))
                    .err(),
                Handler::Http(endpoint) => endpoint.check().err(),
                Handler::Builtin(_) => None,
            };
            if let Some(problem) = problem {
                return Err(format!(
                    "--handler {class}={}: {problem}; every {class} job would fail \
                     (--handler-check off to start anyway)",
                    crate::text::one_line(&handler.to_string())
                ));
            }
        }
        Ok(())
    }

    /// Run one job to its end. Never panics; every way a handler can fail is an Outcome.
    /// A long-running handler is started for this job and stopped after it.
    pub fn run(&self, job: &JobContext<'_>, children: &Children) -> Outcome {
        let mut pool = Pool::default();
        let outcome = self.run_in(job, children, &mut pool, &mut Vec::new());
        pool.close(self.grace, children);
        outcome
    }

    /// Run one job, a long-running handler through the thread's `pool` (its events in
    /// `notes`, for the worker's log).
    pub fn run_in(
        &self,
        job: &JobContext<'_>,
        children: &Children,
        pool: &mut Pool,
        notes: &mut Vec<Note>,
    ) -> Outcome {
        let Some(handler) = self.get(job.class) else {
            return Outcome::Failure(missing_handler(job.class));
        };
        let timeout = self.timeout_for(job.class);
        match handler {
            Handler::Builtin(builtin) => builtin.run(job, timeout, children, self.output.as_ref()),
            Handler::Command(argv) => argv::Runner {
                output: &self.output,
                grace: self.grace,
            }
            .run_command(argv, job, timeout, children),
            Handler::Serve(argv) => pool.run(
                argv,
                job,
                timeout,
                self.grace,
                self.recycle,
                children,
                self.output.as_ref(),
                notes,
            ),
            Handler::Http(endpoint) => endpoint.run(job, timeout, children),
        }
    }
}

impl fmt::Display for Handler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Handler::Command(argv) => f.write_str(&shell_words::join(argv)),
            Handler::Serve(argv) => write!(f, "serve:{}", shell_words::join(argv)),
            Handler::Http(endpoint) => write!(f, "{endpoint}"),
            Handler::Builtin(builtin) => write!(f, "builtin:{}", builtin.name()),
        }
    }
}

fn missing_handler(class: &str) -> Failure {
    Failure {
        error_class: "NameError".into(),
        error_message: cap(&format!(
            "uninitialized constant {class} (cogctl worker has no handler for {class}: \
             add --handler {class}=COMMAND)"
        )),
        decision: Decision::Default,
        backtrace: Vec::new(),
    }
}

fn split_spec(spec: &str) -> Option<(&str, &str)> {
    let (class, rest) = spec.split_once('=')?;
    let class = class.trim();
    (!class.is_empty()).then_some((class, rest))
}

fn parse_handler(class: &str, command: &str) -> Result<Handler, String> {
    let url = command.trim();
    if url.starts_with("http://") || url.starts_with("https://") {
        // The error names the URL without its password.
        return Endpoint::parse(url)
            .map(Handler::Http)
            .map_err(|e| format!("--handler {class}=…: {e}"));
    }
    if let Some(serve) = command.strip_prefix("serve:") {
        let argv =
            shell_words::split(serve).map_err(|e| format!("--handler {class}={command}: {e}"))?;
        if argv.is_empty() {
            return Err(format!("--handler {class}={command}: the command is empty"));
        }
        return Ok(Handler::Serve(argv));
    }
    let argv =
        shell_words::split(command).map_err(|e| format!("--handler {class}={command}: {e}"))?;
    let Some(first) = argv.first() else {
        return Err(format!("--handler {class}={command}: the command is empty"));
    };
    let Some(name) = first.strip_prefix("builtin:") else {
        return Ok(Handler::Command(argv));
    };
    let builtin = Builtin::ALL
        .into_iter()
        .find(|builtin| builtin.name() == name)
        .ok_or_else(|| {
            format!(
                "--handler {class}={command}: there is no built-in {first:?} \
                 (builtin:noop, builtin:sleep, builtin:fail, builtin:echo)"
            )
        })?;
    if argv.len() > 1 {
        return Err(format!(
            "--handler {class}={command}: a built-in takes no arguments (it reads the job's args)"
        ));
    }
    Ok(Handler::Builtin(builtin))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs(specs: &[&str]) -> Vec<String> {
        specs.iter().map(|spec| spec.to_string()).collect()
    }

    fn handlers(list: &[&str]) -> Result<Handlers, String> {
        Handlers::new(&specs(list), None, &[], Duration::from_secs(5))
    }

    #[test]
    fn commands_are_split_by_shell_word_rules() {
        let handlers = handlers(&[
            r#"Billing::InvoiceJob=python3 /opt/jobs/invoice.py --mode "full run" 'a $b'"#,
            "Ping = builtin:noop",
        ])
        .unwrap();
        assert_eq!(
            handlers.get("Billing::InvoiceJob"),
            Some(&Handler::Command(specs(&[
                "python3",
                "/opt/jobs/invoice.py",
                "--mode",
                "full run",
                "a $b"
            ])))
        );
        assert_eq!(handlers.get("Ping"), Some(&Handler::Builtin(Builtin::Noop)));
        assert!(handlers.has("Ping") && !handlers.has("Pong"));
        assert_eq!(
            handlers.classes().collect::<Vec<_>>(),
            ["Billing::InvoiceJob", "Ping"]
        );
        assert_eq!(
            handlers.get("Billing::InvoiceJob").unwrap().to_string(),
            "python3 /opt/jobs/invoice.py --mode 'full run' 'a $b'"
        );
    }

    #[test]
    fn a_later_spec_for_a_class_replaces_an_earlier_one() {
        let handlers = handlers(&["A=builtin:noop", "A=builtin:fail"]).unwrap();
        assert_eq!(handlers.get("A"), Some(&Handler::Builtin(Builtin::Fail)));
    }

    #[test]
    fn bad_specs_are_refused_with_a_clear_message() {
        let error = |spec: &str| handlers(&[spec]).unwrap_err();
        assert_eq!(
            error("Billing::InvoiceJob"),
            r#"--handler "Billing::InvoiceJob": expected CLASS=COMMAND"#
        );
        assert_eq!(
            error("=true"),
            r#"--handler "=true": expected CLASS=COMMAND"#
        );
        assert_eq!(error("A=  "), "--handler A=  : the command is empty");
        assert_eq!(
            error("A=echo 'oops"),
            "--handler A=echo 'oops: missing closing quote"
        );
        assert_eq!(
            error("A=builtin:nope"),
            "--handler A=builtin:nope: there is no built-in \"builtin:nope\" \
             (builtin:noop, builtin:sleep, builtin:fail, builtin:echo)"
        );
        assert_eq!(
            error("A=builtin:sleep 5"),
            "--handler A=builtin:sleep 5: a built-in takes no arguments (it reads the job's args)"
        );
    }

    #[test]
    fn per_class_timeouts_override_the_default() {
        let grace = Duration::from_secs(5);
        let classes = specs(&["A=builtin:noop", "B=builtin:noop", "C=builtin:noop"]);
        let handlers = Handlers::new(
            &classes,
            Some(Duration::from_secs(60)),
            &specs(&["B=2.5", "C=0"]),
            grace,
        )
        .unwrap();
        assert_eq!(handlers.timeout_for("A"), Some(Duration::from_secs(60)));
        assert_eq!(handlers.timeout_for("B"), Some(Duration::from_millis(2500)));
        assert_eq!(handlers.timeout_for("C"), None);
        let none = Handlers::new(&classes, Some(Duration::ZERO), &[], grace).unwrap();
        assert_eq!(none.timeout_for("A"), None);
        // Durations as elsewhere; a class only the catch-all runs may have its own.
        let star = Handlers::new(
            &specs(&["*=builtin:noop"]),
            None,
            &specs(&["Slow=5m"]),
            grace,
        )
        .unwrap();
        assert_eq!(star.timeout_for("Slow"), Some(Duration::from_secs(300)));
        assert_eq!(star.timeout_for("Other"), None);

        let error = |spec: &str| Handlers::new(&classes, None, &specs(&[spec]), grace).unwrap_err();
        assert_eq!(error("A"), r#"--timeout-for "A": expected CLASS=DURATION"#);
        assert_eq!(
            error("Z=5"),
            "--timeout-for Z=5: there is no --handler for Z (nor a catch-all *)"
        );
        for bad in ["A=-1", "A=soon", "A=inf", "A=NaN", "A=1e300"] {
            assert!(
                error(bad).starts_with(&format!("--timeout-for {bad}: ")),
                "{}",
                error(bad)
            );
        }
    }

    #[test]
    fn the_missing_handler_error_names_it() {
        assert_eq!(
            missing_handler("Reports::Nightly"),
            Failure {
                error_class: "NameError".into(),
                error_message: "uninitialized constant Reports::Nightly (cogctl worker has no \
                                handler for Reports::Nightly: add --handler \
                                Reports::Nightly=COMMAND)"
                    .into(),
                decision: Decision::Default,
                backtrace: Vec::new(),
            }
        );
    }
}
