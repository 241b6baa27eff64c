//! Sparklines: a series of optional readings (oldest first) drawn with eight block heights,
//! a blank where there is no reading.
//!
//! Built for memory histories, where the question is "is this climbing?": each line is
//! scaled to its own min..max, but never to a span below a tenth of its max, so a process
//! that wobbles by a few hundred KB around 60 MB draws a flat line instead of a sawtooth.

/// The eight heights a character can draw, lowest first.
pub const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// The smallest span a line is scaled to, as a fraction of its highest reading.
pub const MIN_SPAN: f64 = 0.10;

/// How many readings each character stands for when `len` readings must fit in `width`
/// columns: a whole number, so every character covers the same stretch of time.
pub fn per_char(len: usize, width: usize) -> usize {
    len.div_ceil(width.max(1)).max(1)
}

/// The series in buckets of `per` readings, each keeping its highest reading (a short spike
/// must survive the squeeze). Buckets are aligned on the newest reading, so the last
/// character is always "now"; only the oldest bucket may be short.
pub fn bucket(series: &[Option<i64>], per: usize) -> Vec<Option<i64>> {
    let per = per.max(1);
    let head = series.len() % per;
    let mut out = Vec::with_capacity(series.len().div_ceil(per));
    if head > 0 {
        out.push(series[..head].iter().flatten().copied().max());
    }
    out.extend(
        series[head..]
            .chunks(per)
            .map(|c| c.iter().flatten().copied().max()),
    );
    out
}

/// The series drawn in at most `width` characters (one per reading when it fits).
pub fn draw(series: &[Option<i64>], width: usize) -> String {
    let buckets = bucket(series, per_char(series.len(), width));
    let present = buckets.iter().flatten().copied();
    let (Some(lo), Some(hi)) = (present.clone().min(), present.max()) else {
        return " ".repeat(buckets.len());
    };
    let scale = Scale::new(lo, hi);
    buckets
        .iter()
        .map(|v| v.map_or(' ', |v| BARS[scale.level(v)]))
        .collect()
}

/// Maps a reading to one of the eight heights.
struct Scale {
    lo: f64,
    span: f64,
}

impl Scale {
    fn new(lo: i64, hi: i64) -> Scale {
        let (lo, hi) = (lo as f64, hi as f64);
        let floor = hi.abs() * MIN_SPAN;
        if hi - lo >= floor && hi > lo {
            return Scale { lo, span: hi - lo };
        }
        // Readings narrower than the minimum span sit around the middle of a bar's band
        // (3.5 of 8), not on a boundary between two bars, so small noise draws one height.
        let span = floor.max(1.0);
        let mid = (lo + hi) / 2.0;
        Scale {
            lo: mid - span * 3.5 / BARS.len() as f64,
            span,
        }
    }

    fn level(&self, v: i64) -> usize {
        let f = (v as f64 - self.lo) / self.span;
        ((f * BARS.len() as f64).floor().max(0.0) as usize).min(BARS.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(values: &[i64]) -> Vec<Option<i64>> {
        values.iter().map(|&v| Some(v)).collect()
    }

    #[test]
    fn buckets_keep_their_max_and_end_on_the_newest_reading() {
        let s = vec![Some(1), Some(9), None, Some(2), Some(3), None, None];
        // 7 readings by 3: the oldest bucket is the short one.
        assert_eq!(bucket(&s, 3), vec![Some(1), Some(9), Some(3)]);
        assert_eq!(bucket(&s, 1), s);
        assert_eq!(
            bucket(&[None, None, Some(4), Some(7)], 2),
            vec![None, Some(7)]
        );
    }

    #[test]
    fn a_spike_survives_bucketing() {
        let mut s = series(&[100; 96]);
        s[50] = Some(500);
        let line = draw(&s, 24);
        assert_eq!(line.chars().count(), 24);
        assert_eq!(line.chars().filter(|&c| c == '█').count(), 1);
        assert_eq!(line.chars().filter(|&c| c == '▁').count(), 23);
    }

    #[test]
    fn gaps_stay_blank() {
        let mut s = series(&[10, 20, 30, 40, 50, 60]);
        s[2] = None;
        s[3] = None;
        let line: Vec<char> = draw(&s, 6).chars().collect();
        assert_eq!(line[2], ' ');
        assert_eq!(line[3], ' ');
        assert!(
            line.iter()
                .enumerate()
                .all(|(i, &c)| (i == 2 || i == 3) == (c == ' '))
        );
        // A bucket with one reading in it is not a gap.
        assert_eq!(draw(&s, 2).chars().filter(|&c| c == ' ').count(), 0);
        assert_eq!(draw(&s, 3).chars().filter(|&c| c == ' ').count(), 1);
    }

    #[test]
    fn flat_stays_flat() {
        // 60 MB with ±250 KB of noise, as a steady process looks.
        let s: Vec<Option<i64>> = (0..96)
            .map(|i| Some(61440 + [0, 250, -250, 120, -90, 249, -249][i % 7]))
            .collect();
        for width in [96, 48, 24, 200] {
            let line = draw(&s, width);
            let first = line.chars().next().unwrap();
            assert!(line.chars().all(|c| c == first), "{width}: {line}");
            assert_ne!(first, ' ');
        }
    }

    #[test]
    fn a_leak_climbs() {
        let s: Vec<Option<i64>> = (0..96).map(|i| Some(45100 + i * 427)).collect();
        let line: Vec<char> = draw(&s, 96).chars().collect();
        assert_eq!(line[0], '▁');
        assert_eq!(line[95], '█');
        assert!(line.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn widths() {
        let s = series(&[1; 96]);
        assert_eq!(draw(&s, 96).chars().count(), 96);
        assert_eq!(draw(&s, 160).chars().count(), 96);
        assert_eq!(per_char(96, 30), 4);
        assert_eq!(draw(&s, 30).chars().count(), 24);
        assert_eq!(draw(&s, 50).chars().count(), 48);
        assert_eq!(per_char(96, 0), 96);
    }

    #[test]
    fn empty_series() {
        assert_eq!(draw(&[], 10), "");
        assert_eq!(draw(&[None; 96], 24), " ".repeat(24));
        assert_eq!(draw(&[None, Some(5)], 10), " ▄");
    }
}
