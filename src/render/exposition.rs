//! The Prometheus text exposition format (version 0.0.4): metric families with their HELP and
//! TYPE lines, label values escaped as the format requires.
//!
//! Label values come from Redis (queue names, identities, classes): they are made visible
//! first (`text::visible`, the one escaping function for anything read from Redis), then
//! escaped for the format, so nothing in them can end a line or a quoted value. Two names
//! that read the same once made visible would make one series twice, which makes Prometheus
//! reject the whole scrape: a family keeps the first and counts the others as dropped.

use std::collections::HashSet;
use std::fmt::Write as _;

use crate::text::visible;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Counter,
    Gauge,
    Histogram,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Counter => "counter",
            Kind::Gauge => "gauge",
            Kind::Histogram => "histogram",
        }
    }
}

/// A whole exposition, built family by family.
#[derive(Debug, Default)]
pub struct Exposition {
    text: String,
    /// Samples left out because their labels repeated another's in the same family.
    pub dropped: u64,
}

/// One metric family being written: its samples follow its HELP and TYPE lines.
pub struct Family<'a> {
    out: &'a mut Exposition,
    name: &'static str,
    seen: HashSet<String>,
}

impl Exposition {
    pub fn new() -> Exposition {
        Exposition::default()
    }

    /// A comment line (`# text`), for what a reader should know but no metric says.
    pub fn comment(&mut self, text: &str) {
        let _ = writeln!(self.text, "# {}", one_line(text));
    }

    /// Start the family `name`; its samples are added with [`Family::sample`].
    pub fn family(&mut self, name: &'static str, kind: Kind, help: &str) -> Family<'_> {
        let _ = writeln!(self.text, "# HELP {name} {}", escape_help(help));
        let _ = writeln!(self.text, "# TYPE {name} {}", kind.name());
        Family {
            out: self,
            name,
            seen: HashSet::new(),
        }
    }

    pub fn finish(self) -> String {
        self.text
    }
}

impl Family<'_> {
    /// One sample of the family. `labels` are (name, value) pairs; names are ours (valid
    /// identifiers), values anything.
    pub fn sample(&mut self, labels: &[(&str, &str)], value: f64) -> &mut Self {
        let series = series(self.name, "", labels, None);
        if !self.seen.insert(series.clone()) {
            self.out.dropped += 1;
            return self;
        }
        let _ = writeln!(self.out.text, "{series} {}", number(value));
        self
    }

    /// One histogram of a `Kind::Histogram` family: `counts[i]` observations fell in the
    /// bucket ending at `bounds[i]` (not cumulative), the last one past every bound (`+Inf`);
    /// `sum` is the total of the observations.
    pub fn histogram(
        &mut self,
        labels: &[(&str, &str)],
        bounds: &[f64],
        counts: &[u64],
        sum: f64,
    ) -> &mut Self {
        let key = series(self.name, "", labels, None);
        if !self.seen.insert(key) {
            self.out.dropped += 1;
            return self;
        }
        let mut total = 0;
        for (i, count) in counts.iter().enumerate() {
            total += count;
            let le = bounds
                .get(i)
                .map_or_else(|| "+Inf".to_string(), |b| number(*b));
            let line = series(self.name, "_bucket", labels, Some(&le));
            let _ = writeln!(self.out.text, "{line} {total}");
        }
        let _ = writeln!(
            self.out.text,
            "{} {}",
            series(self.name, "_sum", labels, None),
            number(sum)
        );
        let _ = writeln!(
            self.out.text,
            "{} {total}",
            series(self.name, "_count", labels, None)
        );
        self
    }

    /// A sample without labels.
    pub fn value(&mut self, value: f64) -> &mut Self {
        self.sample(&[], value)
    }
}

/// `name<suffix>{labels}`: each value made visible and escaped; `le` last, when given.
fn series(name: &str, suffix: &str, labels: &[(&str, &str)], le: Option<&str>) -> String {
    let mut line = format!("{name}{suffix}");
    if !labels.is_empty() || le.is_some() {
        line.push('{');
        for (i, (name, v)) in labels.iter().enumerate() {
            if i > 0 {
                line.push(',');
            }
            let _ = write!(line, "{name}=\"{}\"", escape_label(&visible(v)));
        }
        if let Some(le) = le {
            if !labels.is_empty() {
                line.push(',');
            }
            let _ = write!(line, "le=\"{le}\"");
        }
        line.push('}');
    }
    line
}

/// Several shards' expositions as one, each series labelled with its shard (`shard="NAME"`
/// first): families in the order they first appear, each family's HELP and TYPE once and then
/// its samples shard by shard (the format wants a family's samples together). A comment is
/// kept once a shard, naming it.
pub fn merge_shards(shards: &[(&str, &str)]) -> String {
    struct Merged<'a> {
        help: &'a str,
        kind: &'a str,
        samples: Vec<String>,
    }
    let mut order: Vec<&str> = Vec::new();
    let mut families: std::collections::HashMap<&str, Merged> = std::collections::HashMap::new();
    let mut comments = String::new();
    for (shard, body) in shards {
        let label = format!("shard=\"{}\"", escape_label(&visible(shard)));
        let mut current: Option<&str> = None;
        for line in body.lines() {
            if let Some(rest) = line
                .strip_prefix("# HELP ")
                .or(line.strip_prefix("# TYPE "))
            {
                let name = rest.split(' ').next().unwrap_or_default();
                let family = families.entry(name).or_insert_with(|| {
                    order.push(name);
                    Merged {
                        help: "",
                        kind: "",
                        samples: Vec::new(),
                    }
                });
                if line.starts_with("# HELP ") {
                    family.help = line;
                } else {
                    family.kind = line;
                }
                current = Some(name);
            } else if let Some(text) = line.strip_prefix("# ") {
                let _ = writeln!(comments, "# shard {}: {text}", one_line(shard));
            } else if !line.is_empty()
                && let Some(family) = current.and_then(|n| families.get_mut(n))
            {
                // `name{labels} value` or `name value`: the metric name holds neither.
                let at = line.find(['{', ' ']).unwrap_or(line.len());
                let sample = if line[at..].starts_with('{') {
                    let sep = if line[at + 1..].starts_with('}') {
                        ""
                    } else {
                        ","
                    };
                    format!("{}{{{label}{sep}{}", &line[..at], &line[at + 1..])
                } else {
                    format!("{}{{{label}}}{}", &line[..at], &line[at..])
                };
                family.samples.push(sample);
            }
        }
    }
    let mut out = comments;
    for name in order {
        let family = &families[name];
        for head in [family.help, family.kind] {
            if !head.is_empty() {
                out.push_str(head);
                out.push('\n');
            }
        }
        for sample in &family.samples {
            out.push_str(sample);
            out.push('\n');
        }
    }
    out
}

/// A label value as the format quotes it: backslash, double quote and line feed escaped.
pub fn escape_label(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// HELP text: backslash and line feed escaped.
fn escape_help(v: &str) -> String {
    v.replace('\\', "\\\\").replace('\n', "\\n")
}

fn one_line(text: &str) -> String {
    crate::text::one_line(&visible(text))
}

/// A sample value: integers without a fraction, the special values as the format spells them.
pub fn number(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "+Inf" } else { "-Inf" }.into()
    } else if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_merge_family_by_family_each_series_labelled() {
        let shard = |up: f64, queue: &str| {
            let mut e = Exposition::new();
            e.comment("a note");
            e.family("cogctl_up", Kind::Gauge, "Up.").value(up);
            e.family("cogworker_queue_size", Kind::Gauge, "Jobs.")
                .sample(&[("queue", queue)], 3.0);
            e.finish()
        };
        let (a, b) = (shard(1.0, "a"), shard(0.0, "b\"q"));
        let merged = merge_shards(&[("prod-a", &a), ("prod\"b", &b)]);
        assert_eq!(
            merged,
            "# shard prod-a: a note\n\
             # shard prod\"b: a note\n\
             # HELP cogctl_up Up.\n\
             # TYPE cogctl_up gauge\n\
             cogctl_up{shard=\"prod-a\"} 1\n\
             cogctl_up{shard=\"prod\\\"b\"} 0\n\
             # HELP cogworker_queue_size Jobs.\n\
             # TYPE cogworker_queue_size gauge\n\
             cogworker_queue_size{shard=\"prod-a\",queue=\"a\"} 3\n\
             cogworker_queue_size{shard=\"prod\\\"b\",queue=\"b\\\"q\"} 3\n"
        );
    }

    #[test]
    fn families_and_escaping() {
        let mut e = Exposition::new();
        e.family("cogworker_queue_size", Kind::Gauge, "Jobs waiting.\nSecond")
            .sample(&[("queue", "a\"b\\c")], 3.0)
            .sample(&[("queue", "line\nbreak")], 1.5)
            .sample(&[("queue", "a\"b\\c")], 9.0);
        e.family("cogworker_processed_total", Kind::Counter, "Runs.")
            .value(12345678901234.0);
        assert_eq!(e.dropped, 1);
        assert_eq!(
            e.finish(),
            "# HELP cogworker_queue_size Jobs waiting.\\nSecond\n\
             # TYPE cogworker_queue_size gauge\n\
             cogworker_queue_size{queue=\"a\\\"b\\\\c\"} 3\n\
             cogworker_queue_size{queue=\"line\\\\nbreak\"} 1.5\n\
             # HELP cogworker_processed_total Runs.\n\
             # TYPE cogworker_processed_total counter\n\
             cogworker_processed_total 12345678901234\n"
        );
    }

    #[test]
    fn histograms_are_cumulative_with_sum_and_count() {
        let mut e = Exposition::new();
        e.family("d_seconds", Kind::Histogram, "Durations.")
            .histogram(&[("class", "A")], &[0.1, 1.0], &[2, 0, 1], 3.25)
            .histogram(&[("class", "A")], &[0.1, 1.0], &[1, 1, 1], 1.0);
        assert_eq!(e.dropped, 1);
        assert_eq!(
            e.finish(),
            "# HELP d_seconds Durations.\n\
             # TYPE d_seconds histogram\n\
             d_seconds_bucket{class=\"A\",le=\"0.1\"} 2\n\
             d_seconds_bucket{class=\"A\",le=\"1\"} 2\n\
             d_seconds_bucket{class=\"A\",le=\"+Inf\"} 3\n\
             d_seconds_sum{class=\"A\"} 3.25\n\
             d_seconds_count{class=\"A\"} 3\n"
        );
    }

    #[test]
    fn special_values() {
        assert_eq!(number(f64::NAN), "NaN");
        assert_eq!(number(f64::INFINITY), "+Inf");
        assert_eq!(number(-0.25), "-0.25");
        assert_eq!(number(1e20), "100000000000000000000");
    }
}
