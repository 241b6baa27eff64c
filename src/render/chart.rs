//! Bar charts of counts over time: a row of bars per series (oldest on the left, newest on
//! the right) ending in that row's summary, and time labels underneath.
//!
//! Built for throughput ("how many ran, how many failed, and when?"): every row is scaled
//! to the chart's highest column, so failures stand as tall beside the successes as they
//! are; 0 is drawn blank and any other count at least `▁`, so a single failure never
//! vanishes; a count that couldn't be read is `?`.

use std::ops::Range;

use crate::render::spark::{BARS, per_char};
use crate::render::table::Tone;
use crate::term::ui::Ui;
use crate::text::size::count;

/// What a point whose count couldn't be read is drawn as.
pub const UNKNOWN: char = '?';
/// Columns between the bars and a row's summary.
const GAP: usize = 2;
/// The width a chart is laid out for when the terminal's is unknown (output to a file).
const ASSUMED_WIDTH: usize = 100;
/// Fewer columns than this for the bars, and the chart takes them anyway, overflowing.
const MIN_COLUMNS: usize = 12;
/// More labels than this on an axis read as a ruler rather than as times.
const MAX_LABELS: usize = 8;

/// A point's stretch of time as the chart says it: `max 40/h`, `a bar per 3 days`.
#[derive(Clone, Copy, Debug)]
pub struct Unit {
    pub short: &'static str,
    pub plural: &'static str,
}

pub const HOUR: Unit = Unit {
    short: "h",
    plural: "hours",
};

pub const DAY: Unit = Unit {
    short: "day",
    plural: "days",
};

/// One row of bars: a count per point, oldest first (`None`: it couldn't be read).
#[derive(Debug)]
pub struct Series {
    /// Starts the row's summary: `failed 41, max 8/h`.
    pub name: &'static str,
    pub counts: Vec<Option<u64>>,
    pub tone: Tone,
}

#[derive(Debug)]
pub struct Chart {
    /// In the label column of the first row.
    pub title: String,
    /// What the axis shows under each point, oldest first (one per count of each series).
    pub labels: Vec<String>,
    /// Label spacings that read well, in points (every 3 h, every 7 days …); the first that
    /// leaves a space between two labels is used.
    pub steps: &'static [usize],
    pub unit: Unit,
    /// Said after the axis: the zone the labels are in.
    pub legend: String,
    pub series: Vec<Series>,
}

impl Chart {
    /// True when there is nothing to draw: every count read, and every one 0.
    pub fn is_empty(&self) -> bool {
        self.series
            .iter()
            .all(|s| s.counts.iter().all(|c| *c == Some(0)))
    }

    /// The chart's lines. Each starts with a label column `label_width` wide, which holds
    /// the title on the first row; everything fits the run's width (at least 12 columns of
    /// bars are drawn, whatever it is).
    pub fn render(&self, ui: &Ui, label_width: usize) -> String {
        let points = self.labels.len();
        let summaries: Vec<String> = self.series.iter().map(|s| self.summary(s)).collect();
        let summary_width = summaries.iter().map(|s| s.chars().count()).max();
        let width = ui.width.unwrap_or(ASSUMED_WIDTH);
        let room = width
            .saturating_sub(label_width + GAP + summary_width.unwrap_or(0))
            .max(MIN_COLUMNS);
        // A bar and a space per point when that fits, else a bar per point, else a bar per
        // few points (their sum), as many as fit.
        let (per, cell) = if points * 2 <= room + 1 {
            (1, 2)
        } else {
            (per_char(points, room), 1)
        };
        let buckets = buckets(points, per);
        let columns: Vec<Vec<Option<u64>>> = self
            .series
            .iter()
            .map(|s| buckets.iter().map(|r| sum(&s.counts[r.clone()])).collect())
            .collect();
        let top = columns.iter().flatten().flatten().copied().max();

        let mut out = String::new();
        for (i, (series, (column, summary))) in self
            .series
            .iter()
            .zip(columns.iter().zip(&summaries))
            .enumerate()
        {
            let title = if i == 0 { self.title.as_str() } else { "" };
            out.push_str(&label(ui, title, label_width));
            out.push_str(&bars(ui, column, top.unwrap_or(0), cell, series.tone));
            out.push_str(&" ".repeat(GAP));
            out.push_str(&series.tone.paint(ui, summary));
            out.push('\n');
        }

        let newest: Vec<&str> = buckets
            .iter()
            .map(|r| self.labels[r.end - 1].as_str())
            .collect();
        let mut legend = self.legend.clone();
        if per > 1 {
            legend.push_str(&format!(", a bar per {per} {}", self.unit.plural));
        }
        let axis = axis(&newest, cell, if per == 1 { self.steps } else { &[] });
        let indent = " ".repeat(label_width);
        let line = format!("{axis}  {legend}");
        if label_width + line.chars().count() <= width {
            out.push_str(&format!("{indent}{}\n", ui.styles.dim(&line)));
        } else {
            out.push_str(&format!("{indent}{}\n", ui.styles.dim(&axis)));
            out.push_str(&format!("{indent}{}\n", ui.styles.dim(&legend)));
        }
        out
    }

    /// `processed 5,210, max 412/h`, `failed 0`, and how many points couldn't be read
    /// (`, 1 unknown`: drawn `?`, left out of the total).
    fn summary(&self, series: &Series) -> String {
        let known: Vec<u64> = series.counts.iter().flatten().copied().collect();
        let unknown = series.counts.len() - known.len();
        let Some(&max) = known.iter().max() else {
            return format!("{} unknown", series.name);
        };
        let total = known.iter().fold(0u64, |a, &b| a.saturating_add(b));
        let mut text = if total == 0 {
            format!("{} 0", series.name)
        } else {
            format!(
                "{} {}, max {}/{}",
                series.name,
                count(total),
                count(max),
                self.unit.short
            )
        };
        if unknown > 0 {
            text.push_str(&format!(", {unknown} unknown"));
        }
        text
    }
}

/// The title column: the title (dim, as stats' other labels) padded to `width`.
fn label(ui: &Ui, title: &str, width: usize) -> String {
    if title.is_empty() {
        " ".repeat(width)
    } else {
        ui.styles.dim(&format!("{title:<width$}"))
    }
}

/// `len` points in runs of `per`, aligned on the newest so the last run always ends now;
/// only the oldest run may be short.
fn buckets(len: usize, per: usize) -> Vec<Range<usize>> {
    let per = per.max(1);
    let head = len % per;
    let mut out = Vec::with_capacity(len.div_ceil(per));
    if head > 0 {
        out.push(0..head);
    }
    out.extend((head..len).step_by(per).map(|start| start..start + per));
    out
}

/// The sum of a run of counts; unknown when one of them is.
fn sum(counts: &[Option<u64>]) -> Option<u64> {
    counts
        .iter()
        .try_fold(0u64, |total, c| c.map(|c| total.saturating_add(c)))
}

/// The character for `count` on a chart whose highest column is `top`.
fn glyph(count: Option<u64>, top: u64) -> char {
    match count {
        None => UNKNOWN,
        Some(0) => ' ',
        Some(n) => {
            let level = (n as f64 / top.max(n) as f64 * BARS.len() as f64).ceil() as usize;
            BARS[level.clamp(1, BARS.len()) - 1]
        }
    }
}

/// A row of bars in `tone`, `?` in the warning tone; `cell` columns per bar (a bar and a
/// space when 2).
fn bars(ui: &Ui, columns: &[Option<u64>], top: u64, cell: usize, tone: Tone) -> String {
    let mut out = String::new();
    let mut run = String::new();
    let mut run_tone = tone;
    for (i, &c) in columns.iter().enumerate() {
        let glyph = glyph(c, top);
        let glyph_tone = if glyph == UNKNOWN { Tone::Warn } else { tone };
        if glyph != ' ' && glyph_tone != run_tone {
            if !run.is_empty() {
                out.push_str(&run_tone.paint(ui, &run));
                run.clear();
            }
            run_tone = glyph_tone;
        }
        if cell == 2 && i > 0 {
            run.push(' ');
        }
        run.push(glyph);
    }
    out.push_str(&run_tone.paint(ui, &run));
    out
}

/// The time axis under bars of `cell` columns: labels anchored on the newest bar and spaced
/// by the first of `steps` (in bars) that leaves a space between two labels and shows at most
/// `MAX_LABELS`; without such a step, as close as that allows.
fn axis(labels: &[&str], cell: usize, steps: &[usize]) -> String {
    let widest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let fits = |step: usize| step * cell > widest && labels.len().div_ceil(step) <= MAX_LABELS;
    let step = steps.iter().copied().find(|&s| fits(s)).unwrap_or_else(|| {
        (widest + 1)
            .div_ceil(cell)
            .max(labels.len().div_ceil(MAX_LABELS))
    });
    let mut line = vec![' '; labels.len() * cell + widest];
    for i in (0..labels.len()).rev().step_by(step.max(1)) {
        for (j, c) in labels[i].chars().enumerate() {
            line[i * cell + j] = c;
        }
    }
    line.into_iter().collect::<String>().trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::ui::{Clock, Format, Styles};

    fn ui(width: usize) -> Ui {
        Ui {
            format: Format::Table,
            styles: Styles { enabled: false },
            width: Some(width),
            quiet: true,
            utc: true,
            clock: Clock::pinned(0.0),
            stderr_is_terminal: false,
            stdin_is_terminal: false,
            warnings: Default::default(),
        }
    }

    fn chart(counts: &[&[Option<u64>]]) -> Chart {
        let points = counts[0].len();
        Chart {
            title: "Last".into(),
            labels: (0..points).map(|i| format!("{:02}", i % 24)).collect(),
            steps: &[1, 3, 6, 12],
            unit: HOUR,
            legend: "UTC".into(),
            series: counts
                .iter()
                .zip(["processed", "failed"])
                .map(|(c, name)| Series {
                    name,
                    counts: c.to_vec(),
                    tone: Tone::Plain,
                })
                .collect(),
        }
    }

    #[test]
    fn rows_share_one_scale_and_a_count_is_never_invisible() {
        assert_eq!(glyph(Some(40), 40), '█');
        assert_eq!(glyph(Some(1), 40), '▁');
        assert_eq!(glyph(Some(5), 40), '▁');
        assert_eq!(glyph(Some(6), 40), '▂');
        assert_eq!(glyph(Some(0), 40), ' ');
        assert_eq!(glyph(None, 40), UNKNOWN);
        let c = chart(&[&[Some(40), Some(20), Some(0)], &[Some(1), None, Some(40)]]);
        let text = c.render(&ui(100), 6);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Last  █ ▄    processed 60, max 40/h");
        assert_eq!(lines[1], "      ▁ ? █  failed 41, max 40/h, 1 unknown");
        // Labels two columns wide, every bar would leave no space between them: every 3rd.
        assert_eq!(lines[2], "          02  UTC");
    }

    #[test]
    fn twenty_four_hours_fit_in_80_columns_with_a_label_every_few_hours() {
        let counts: Vec<Option<u64>> = (0..24).map(|i| Some(i * 10)).collect();
        // A bar and a space an hour, a bar an hour, a bar per 2 hours.
        for (width, bars) in [(100, 47), (80, 24), (60, 12)] {
            let c = chart(&[&counts, &counts]);
            let text = c.render(&ui(width), 15);
            for line in text.lines() {
                assert!(line.chars().count() <= width, "{width}: {line:?}");
            }
            let row = text.lines().next().unwrap();
            let drawn: String = row.chars().skip(15).take(bars).collect();
            assert!(drawn.ends_with('█'), "{width}: {row:?}");
            assert_eq!(row.chars().nth(15 + bars), Some(' '));
        }
        let axis = chart(&[&counts]).render(&ui(100), 0);
        assert_eq!(
            axis.lines().last().unwrap(),
            "    02    05    08    11    14    17    20    23  UTC"
        );
        let axis = chart(&[&counts]).render(&ui(40), 0);
        assert_eq!(
            axis.lines().last().unwrap(),
            "  05 11 17 23  UTC, a bar per 2 hours"
        );
    }

    #[test]
    fn many_points_are_summed_into_fewer_bars_ending_now() {
        assert_eq!(buckets(7, 3), vec![0..1, 1..4, 4..7]);
        assert_eq!(buckets(6, 3), vec![0..3, 3..6]);
        assert_eq!(buckets(4, 1), vec![0..1, 1..2, 2..3, 3..4]);
        assert_eq!(sum(&[Some(1), Some(2)]), Some(3));
        assert_eq!(sum(&[Some(1), None]), None);
        assert_eq!(sum(&[Some(u64::MAX), Some(1)]), Some(u64::MAX));

        let mut counts = vec![Some(1); 182];
        counts[181] = Some(9);
        let mut c = chart(&[&counts]);
        c.unit = DAY;
        c.labels = (0..182).map(|i| format!("d{i:03}")).collect();
        let text = c.render(&ui(100), 15);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.iter().all(|l| l.chars().count() <= 100), "{text}");
        // 182 days in at most 100 − 15 − 2 − 27 columns: 4 a bar, 46 bars, the oldest of 2.
        assert!(lines[0].contains(", max 9/day"), "{}", lines[0]);
        let bars: String = lines[0].chars().skip(15).take(46).collect();
        assert!(bars.chars().all(|c| c != ' '), "{bars}");
        assert!(
            lines[1].ends_with("d181  UTC, a bar per 4 days"),
            "{}",
            lines[1]
        );
    }

    #[test]
    fn summaries() {
        let c = chart(&[&[Some(0), Some(0)], &[None, None]]);
        assert!(!c.is_empty());
        let text = c.render(&ui(100), 0);
        assert!(text.contains("processed 0\n"), "{text}");
        assert!(text.contains("failed unknown\n"), "{text}");
        assert!(chart(&[&[Some(0)], &[Some(0)]]).is_empty());
        let c = chart(&[&[Some(1_234_567), Some(0)]]);
        assert!(
            c.render(&ui(100), 0)
                .contains("processed 1,234,567, max 1,234,567/h")
        );
    }
}
