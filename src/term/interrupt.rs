//! Ctrl-C during a change: the first one asks the run to stop between batches (each batch is
//! one atomic script, so every entry stays in exactly one place) and print what was done; a
//! second one ends the process at once, which is just as safe for the data.

use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

use super::exit::Exit;

static REQUESTED: AtomicBool = AtomicBool::new(false);
static INSTALL: Once = Once::new();

/// The run was interrupted before it started changing anything (exit code 130).
#[derive(Debug, thiserror::Error)]
#[error("interrupted; nothing was changed")]
pub struct Interrupted;

/// Start listening for Ctrl-C (idempotent).
pub fn watch() {
    INSTALL.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if REQUESTED.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(Exit::Interrupted.code()));
            }
            eprintln!("\nstopping after the current batch (Ctrl-C again to stop at once)");
        });
    });
}

/// Ask the change running to stop between batches, as Ctrl-C does (a full-screen view reads
/// Ctrl-C as a key, not a signal).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// True once Ctrl-C was pressed.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}
