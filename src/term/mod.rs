//! What commands and render share about the terminal and the run: the output format and
//! styles (ui.rs), exit kinds (exit.rs), value parsers (values.rs), confirmation prompts
//! (confirm.rs), interrupts (interrupt.rs) and the config file with its contexts (config.rs).
//! It sits below commands and render and imports nothing of them or of cli.

pub mod config;
pub mod confirm;
pub mod exit;
pub mod interrupt;
pub mod ui;
pub mod values;
