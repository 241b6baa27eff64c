//! Built-in handlers (`--handler CLASS=builtin:NAME`): `noop`, `sleep`, `fail` and `echo`,
//! run inside the worker, for trying a worker out and for tests. Each reads the job's args.

use std::time::Duration;

use serde_json::Value;

use crate::worker::job::{
    Children, Decision, Failure, HANDLER_FAILED, HANDLER_TIMEOUT, JobContext, Outcome, Output, cap,
    failure, retry_decision, seconds_text, signal_text, to_stderr,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    Noop,
    Sleep,
    Fail,
    Echo,
}

impl Builtin {
    pub(super) const ALL: [Builtin; 4] =
        [Builtin::Noop, Builtin::Sleep, Builtin::Fail, Builtin::Echo];

    pub fn name(self) -> &'static str {
        match self {
            Builtin::Noop => "noop",
            Builtin::Sleep => "sleep",
            Builtin::Fail => "fail",
            Builtin::Echo => "echo",
        }
    }

    pub(super) fn run(
        self,
        job: &JobContext<'_>,
        timeout: Option<Duration>,
        children: &Children,
        output: Option<&Output>,
    ) -> Outcome {
        // Read only by the builtins that take arguments (a no-op job's are never parsed).
        let args = || -> Vec<Value> { serde_json::from_str(job.args_json).unwrap_or_default() };
        match self {
            Builtin::Noop => Outcome::Success,
            Builtin::Echo => {
                let line = format!("builtin:echo class={} args={}", job.class, job.args_json);
                match output {
                    Some(output) => output(job.jid, &line),
                    None => to_stderr()(job.jid, &line),
                }
                Outcome::Success
            }
            Builtin::Fail => {
                let args = args();
                Outcome::Failure(Failure {
                    error_class: "RuntimeError".into(),
                    error_message: args
                        .first()
                        .and_then(Value::as_str)
                        .map_or_else(|| "builtin:fail".into(), cap),
                    decision: args
                        .get(1)
                        .and_then(retry_decision)
                        .unwrap_or(Decision::Default),
                    backtrace: Vec::new(),
                })
            }
            Builtin::Sleep => sleep(args().first(), timeout, children),
        }
    }
}

fn sleep(seconds: Option<&Value>, timeout: Option<Duration>, children: &Children) -> Outcome {
    let Some(wanted) = seconds
        .and_then(Value::as_f64)
        .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
    else {
        let got = seconds.map_or_else(|| "nothing".into(), Value::to_string);
        return failure(
            "ArgumentError",
            cap(&format!(
                "builtin:sleep takes a number of seconds ≥ 0 as its first argument, got {got}"
            )),
        );
    };
    let limit = timeout.map_or(wanted, |timeout| timeout.min(wanted));
    if let Some(sig) = children.pause(limit) {
        return failure(HANDLER_FAILED, format!("killed by {}", signal_text(sig)));
    }
    match timeout {
        Some(timeout) if timeout < wanted => failure(
            HANDLER_TIMEOUT,
            format!("timed out after {}", seconds_text(timeout)),
        ),
        _ => Outcome::Success,
    }
}
