//! A progress bar on stderr (rate and ETA), shown only to people: hidden when stderr isn't a
//! terminal, with --quiet, and with JSON output.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

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
                "{msg} [{bar:30}] {human_pos}/{human_len} {rate} ETA {eta}",
            )
            .expect("a valid template")
            .with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = w.write_str(&rate(state.per_sec()));
                },
            )
            .progress_chars("=> "),
        );
        bar.set_message(what.to_string());
        Progress(Some(bar))
    }

    /// A line that says what is going on, with a spinner (no total to count to).
    pub fn line(ui: &Ui, what: &str) -> Progress {
        if !Progress::shown(ui) {
            return Progress(None);
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("a valid template"));
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
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

    /// A line above the bar, kept when the bar moves on (nothing when no bar is shown).
    pub fn println(&self, text: &str) {
        if let Some(bar) = &self.0 {
            bar.println(text);
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// Items per second as a whole number with separators: `1,166/s`.
fn rate(per_sec: f64) -> String {
    let whole = if per_sec.is_finite() && per_sec > 0.0 {
        per_sec.round() as u64
    } else {
        0
    };
    format!("{}/s", crate::text::size::count(whole))
}

impl crate::ops::Progress for Progress {
    fn inc(&self, n: u64) {
        Progress::inc(self, n);
    }

    fn note(&self, text: &str) {
        Progress::note(self, text);
    }

    fn finish(&self) {
        Progress::finish(self);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rate_is_a_whole_number_with_separators() {
        assert_eq!(super::rate(1166.4321), "1,166/s");
        assert_eq!(super::rate(0.4), "0/s");
        assert_eq!(super::rate(f64::NAN), "0/s");
    }
}
