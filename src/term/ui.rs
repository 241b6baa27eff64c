//! What the output looks like, decided once per run: format, colours, width, clock.

use std::io::{self, IsTerminal, Write};
use std::sync::{Arc, Mutex, PoisonError};

use owo_colors::{OwoColorize, Style};

pub use crate::clock::Clock;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Aligned columns for people.
    Table,
    /// One JSON document.
    Json,
    /// One JSON object per line.
    Ndjson,
    /// Markdown, to paste into an incident channel (`cogctl incident` only).
    Markdown,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when stdout is a terminal and NO_COLOR is not set.
    Auto,
    Always,
    Never,
}

/// The colours of the output, resolved once from `--color`, NO_COLOR and the terminal.
#[derive(Clone, Copy, Debug)]
pub struct Styles {
    pub enabled: bool,
}

impl Styles {
    pub fn resolve(choice: ColorChoice) -> Styles {
        let enabled = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && supports_color::on(supports_color::Stream::Stdout).is_some()
            }
        };
        Styles { enabled }
    }

    fn paint(&self, style: Style, text: &str) -> String {
        if self.enabled {
            text.style(style).to_string()
        } else {
            text.to_string()
        }
    }

    pub fn header(&self, text: &str) -> String {
        self.paint(Style::new().bold(), text)
    }
    pub fn dim(&self, text: &str) -> String {
        self.paint(Style::new().dimmed(), text)
    }
    pub fn good(&self, text: &str) -> String {
        self.paint(Style::new().green(), text)
    }
    pub fn warn(&self, text: &str) -> String {
        self.paint(Style::new().yellow(), text)
    }
    pub fn bad(&self, text: &str) -> String {
        self.paint(Style::new().red(), text)
    }
    pub fn strong(&self, text: &str) -> String {
        self.paint(Style::new().bold(), text)
    }
    pub fn accent(&self, text: &str) -> String {
        self.paint(Style::new().cyan(), text)
    }
}

/// Everything renderers need to know about the run.
#[derive(Clone, Debug)]
pub struct Ui {
    pub format: Format,
    pub styles: Styles,
    /// Columns available for human output; `None` when not a terminal and COLUMNS is unset.
    pub width: Option<usize>,
    pub quiet: bool,
    pub utc: bool,
    pub clock: Clock,
    /// Progress and prompts go to stderr only when it is a terminal.
    pub stderr_is_terminal: bool,
    pub stdin_is_terminal: bool,
    /// Where warnings and notes go: stderr, or lines kept for a full-screen `--watch` to show
    /// in its frame (stderr would scribble over the screen).
    pub warnings: Warnings,
}

/// Warning lines kept instead of printed (see `Ui::warnings`); `None` prints them to stderr.
#[derive(Clone, Debug, Default)]
pub struct Warnings(Option<Arc<Mutex<Vec<String>>>>);

impl Warnings {
    /// Keep every warning from now on, for `take` to collect.
    pub fn kept() -> Warnings {
        Warnings(Some(Arc::default()))
    }

    /// The lines kept since the last call.
    pub fn take(&self) -> Vec<String> {
        self.0.as_ref().map_or_else(Vec::new, |lines| {
            std::mem::take(&mut *lines.lock().unwrap_or_else(PoisonError::into_inner))
        })
    }
}

impl Ui {
    pub fn detect(
        format: Format,
        color: ColorChoice,
        quiet: bool,
        utc: bool,
        now: Option<f64>,
    ) -> Ui {
        let width = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse::<usize>().ok())
            .filter(|&w| w > 0)
            .or_else(|| {
                io::stdout()
                    .is_terminal()
                    .then(|| {
                        console::Term::stdout()
                            .size_checked()
                            .map(|(_, w)| w as usize)
                    })
                    .flatten()
            });
        Ui {
            format,
            styles: Styles::resolve(color),
            width,
            quiet,
            utc,
            clock: now.map_or_else(Clock::system, Clock::pinned),
            stderr_is_terminal: io::stderr().is_terminal(),
            stdin_is_terminal: io::stdin().is_terminal(),
            warnings: Warnings::default(),
        }
    }

    pub fn human(&self) -> bool {
        self.format == Format::Table
    }

    /// A note for people on stderr (hidden by `--quiet`).
    pub fn note(&self, text: &str) {
        if !self.quiet {
            self.warn_line(text);
        }
    }

    /// One line of warning on stderr, or kept for the screen (`warnings`).
    pub fn warn_line(&self, line: &str) {
        match &self.warnings.0 {
            Some(lines) => lines
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(line.to_string()),
            None => {
                let _ = writeln!(io::stderr().lock(), "{line}");
            }
        }
    }
}
