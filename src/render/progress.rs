//! A progress bar on stderr (rate and ETA), shown only to people: hidden when stderr isn't a
//! terminal, with --quiet, and with JSON output.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::term::ui::Ui;

pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// Whether a bar would be drawn (worth counting a total for).
    pub fn shown(ui: &Ui) -> bool {
        ui.stderr_is_terminal && !ui.quiet && ui.human()
    }

    pub fn new(ui: &Ui, total: u64, what: &str) -> Progress {
        if !Progress::shown(ui) {
            return Progress(None);
        }
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{bar:30}] {human_pos}/{human_len} {per_sec} ETA {eta}",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        bar.set_message(what.to_string());
        Progress(Some(bar))
    }

    pub fn inc(&self, n: u64) {
        if let Some(bar) = &self.0 {
            bar.inc(n);
        }
    }

    pub fn note(&self, text: &str) {
        if let Some(bar) = &self.0 {
            bar.set_message(text.to_string());
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
