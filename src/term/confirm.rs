//! Asking before a change: a prompt on the terminal, `--yes` to skip it, and a refusal when
//! there is no terminal to ask on (scripts must say `--yes`).

use std::io;

use super::exit::UsageError;
use super::ui::Ui;

/// The user declined a confirmation: nothing was changed (exit code 1).
#[derive(Debug, thiserror::Error)]
#[error("cancelled; nothing was changed")]
pub struct Cancelled;

/// Go ahead only if `yes`, or if the user answers yes to `question` on the terminal.
/// The question may hold names read from Redis: it is shown through `text::visible`.
pub fn confirm(ui: &Ui, yes: bool, question: &str) -> anyhow::Result<()> {
    if yes {
        return Ok(());
    }
    let question = crate::text::visible(question);
    if !ui.stdin_is_terminal || !ui.stderr_is_terminal {
        return Err(UsageError(format!(
            "{question} — refusing without a terminal to confirm on; pass --yes to go ahead"
        ))
        .into());
    }
    let answer = dialoguer::Confirm::new()
        .with_prompt(question.as_ref())
        .default(false)
        .interact_on(&console::Term::stderr());
    match answer {
        Ok(true) => Ok(()),
        Ok(false) => Err(Cancelled.into()),
        Err(dialoguer::Error::IO(e)) if e.kind() == io::ErrorKind::Interrupted => {
            Err(super::interrupt::Interrupted.into())
        }
        Err(e) => Err(anyhow::anyhow!("cannot ask for confirmation: {e}")),
    }
}

/// A change on a protected context: `--confirm-context NAME` (the context's name), or the
/// name typed on the terminal. `--yes` alone is not enough.
pub fn confirm_context(
    ui: &Ui,
    name: &str,
    given: Option<&str>,
    what: &str,
    target: &str,
) -> anyhow::Result<()> {
    let target = crate::text::visible(target);
    if let Some(given) = given {
        if given == name {
            return Ok(());
        }
        return Err(UsageError(format!(
            "--confirm-context {} does not match the context in use, {name} ({target}); nothing was changed",
            crate::text::visible(given)
        ))
        .into());
    }
    if !ui.stdin_is_terminal || !ui.stderr_is_terminal {
        return Err(UsageError(format!(
            "context {name} is protected: {what} on {target} needs --confirm-context {name} \
             (--yes alone is not enough); nothing was changed"
        ))
        .into());
    }
    let typed = dialoguer::Input::<String>::new()
        .with_prompt(format!(
            "context {name} is protected: type its name to {what} on {target}"
        ))
        .allow_empty(true)
        .interact_text_on(&console::Term::stderr());
    match typed {
        Ok(t) if t.trim() == name => Ok(()),
        Ok(_) => Err(Cancelled.into()),
        Err(dialoguer::Error::IO(e)) if e.kind() == io::ErrorKind::Interrupted => {
            Err(super::interrupt::Interrupted.into())
        }
        Err(e) => Err(anyhow::anyhow!("cannot ask for confirmation: {e}")),
    }
}
