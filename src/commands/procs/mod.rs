//! `cogctl procs` and `cogctl procs --memory`.
//!
//! Reads the registry the way the gem's Workers tab does (KEYS.md §8.0): every member of
//! `cogworker:processes`, its presence hash and TTL, its `last_beat` stamp and, with
//! `--memory`, its memory history, in one pipeline. Members without a presence hash are
//! shown as gone and never pruned: this view writes nothing.

pub mod alive;
pub mod control;

use std::io::{self, Write};

use clap::Args;
use comfy_table::ColumnConstraint;
use serde::Serialize;

use super::Ctx;
use crate::duration::span;
use crate::ops::Problem;
use crate::ops::procs::{
    Memory, Process, SLOT_SECONDS, SLOTS, State, TREND_SAMPLES, read_processes,
};
use crate::render::table::{self, Tone, pad, width};
use crate::render::time::when;
use crate::render::{Report, spark};
use crate::store::keys;
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::text::size;

/// Fewer columns than this and the sparkline takes what it needs, overflowing the width.
const MIN_SPARK_WIDTH: usize = 12;

/// List worker processes; with --memory, their 24 h memory history
///
/// Every member of cogworker:processes is listed, including those whose presence key has
/// expired (state "gone": crashed or killed without a clean stop). Nothing is pruned.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
#[command(after_help = crate::render::help::examples(&[
    (
        "Every process: state, busy, queues, memory, last beat",
        "cogctl procs",
    ),
    (
        "Each process's memory over the last 24 h, to spot a leak",
        "cogctl procs --memory",
    ),
    (
        "Tell every live process to stop fetching (asks first)",
        "cogctl procs quiet --all",
    ),
]))]
pub struct ProcsArgs {
    #[command(subcommand)]
    pub action: Option<control::ProcsAction>,

    /// Show each process's memory over the last 24 h (96 slots of 15 min) as a sparkline,
    /// with current, min, max and growth in MB/h
    #[arg(long)]
    pub memory: bool,
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

/// The JSON of `procs`: times are epoch seconds (numbers), durations are seconds, memory
/// is in KB as the gem records it (`rss_kb`); MB means 1024 KB.
#[derive(Debug, Serialize)]
pub struct ProcsReport {
    pub processes: Vec<Process>,
    /// Keys that could not be read (wrong type); the rest of the view is still there.
    pub problems: Vec<Problem>,
    #[serde(skip)]
    memory_view: bool,
    /// Across a fleet: each process's shard (a SHARD column first); empty on one Redis.
    #[serde(skip)]
    shard_of: Vec<String>,
}

pub fn run(ctx: &mut Ctx, args: &ProcsArgs) -> anyhow::Result<ProcsReport> {
    let now = ctx.ui.clock.now;
    let (processes, problems) = read_processes(ctx.store()?, now, args.memory)?;
    Ok(ProcsReport {
        processes,
        problems,
        memory_view: args.memory,
        shard_of: Vec::new(),
    })
}

fn growth_text(g: Option<f64>) -> String {
    match g {
        Some(g) if g.abs() < 0.005 => "0.00 MB/h".into(),
        Some(g) => format!("{g:+.2} MB/h"),
        None => "-".into(),
    }
}

impl ProcsReport {
    fn process_table(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let fleet = !self.shard_of.is_empty();
        let mut header = vec![
            "IDENTITY", "STATE", "STARTED", "BUSY", "QUEUES", "RSS", "BEAT",
        ];
        if fleet {
            header.insert(0, "SHARD");
        }
        let mut t = table::new(ui, &header);
        for (i, p) in self.processes.iter().enumerate() {
            let busy = match (p.busy, p.concurrency) {
                (Some(b), Some(c)) => format!("{b}/{c}"),
                (Some(b), None) => b.to_string(),
                _ => "-".into(),
            };
            let saturated =
                matches!((p.busy, p.concurrency), (Some(b), Some(c)) if c > 0 && b >= c);
            let queues = if p.info_error.is_some() {
                table::cell(ui, "(info unreadable)", Tone::Bad)
            } else if p.queues.is_empty() {
                table::cell(ui, "-", Tone::Dim)
            } else {
                let text = p
                    .queues
                    .iter()
                    .map(|q| match q.weight {
                        1 => q.name.clone(),
                        w => format!("{}×{w}", q.name),
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                table::cell(ui, text, Tone::Plain)
            };
            let live = matches!(p.state, State::Alive | State::Quiet);
            let beat_tone = match p.beat_age {
                Some(age) if live && age > 30.0 => Tone::Warn,
                _ if !live => Tone::Dim,
                _ => Tone::Plain,
            };
            let mut row = Vec::new();
            if fleet {
                row.push(table::cell(
                    ui,
                    self.shard_of.get(i).map_or("?", String::as_str),
                    Tone::Accent,
                ));
            }
            row.extend([
                table::cell(ui, p.identity.shown(), Tone::Strong),
                table::cell(ui, p.state.name(), state_tone(p.state)),
                table::cell(
                    ui,
                    p.started_at.map_or("-".into(), |t| when(ui, t)),
                    Tone::Plain,
                ),
                table::cell(ui, busy, if saturated { Tone::Warn } else { Tone::Plain }),
                queues,
                table::cell(
                    ui,
                    match (p.rss_kb, p.handlers, p.handlers_rss_kb) {
                        (None, _, _) => "-".into(),
                        (Some(kb), Some(n), Some(h)) if n > 0 => format!(
                            "{} ({n} handler{}: {})",
                            size::kb(kb),
                            crate::text::plural(n, "", "s"),
                            size::kb(h)
                        ),
                        (Some(kb), _, _) => size::kb(kb),
                    },
                    Tone::Plain,
                ),
                table::cell(
                    ui,
                    match p.beat_age {
                        None => "-".into(),
                        Some(a) if p.late => format!("{} ago, late", span(a)),
                        Some(a) => format!("{} ago", span(a)),
                    },
                    if p.late { Tone::Bad } else { beat_tone },
                ),
            ]);
            t.add_row(row);
        }
        let first = usize::from(fleet);
        // Identities are copied from here: other columns wrap first.
        if let Some(column) = t.column_mut(first) {
            column.set_constraint(ColumnConstraint::ContentWidth);
        }
        out.write_all(table::finish(&mut t, &[first + 3, first + 5]).as_bytes())
    }

    fn memory_table(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        struct Row<'a> {
            shard: &'a str,
            p: &'a Process,
            m: &'a Memory,
            latest: String,
            min: String,
            max: String,
            growth: String,
        }
        let fleet = !self.shard_of.is_empty();
        let rows: Vec<Row> = self
            .processes
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let m = p.memory.as_ref()?;
                let kb = |v: Option<i64>| v.map_or("-".into(), size::kb);
                Some(Row {
                    shard: self.shard_of.get(i).map_or("", String::as_str),
                    p,
                    m,
                    latest: kb(m.current_kb),
                    min: kb(m.min_kb),
                    max: kb(m.max_kb),
                    growth: growth_text(m.growth_mb_per_hour),
                })
            })
            .collect();
        let widest = |header: &str, f: &dyn Fn(&Row) -> usize| {
            rows.iter().map(f).chain([width(header)]).max().unwrap_or(0)
        };
        let id_w = widest("IDENTITY", &|r| width(&r.p.identity.shown()));
        let state_w = widest("STATE", &|r| r.p.state.name().len());
        let latest_w = widest("LATEST", &|r| width(&r.latest));
        let min_w = widest("MIN", &|r| width(&r.min));
        let max_w = widest("MAX", &|r| width(&r.max));
        let growth_w = widest("GROWTH", &|r| width(&r.growth));
        let shard_w = if fleet {
            widest("SHARD", &|r| width(r.shard)) + 2
        } else {
            0
        };
        let fixed = shard_w + id_w + state_w + latest_w + min_w + max_w + growth_w + 6 * 2;
        let available = ui
            .width
            .map_or(SLOTS, |w| w.saturating_sub(fixed))
            .max(MIN_SPARK_WIDTH);
        let per = spark::per_char(SLOTS, available);
        let spark_w = SLOTS.div_ceil(per);

        let right = |text: &str, w: usize| format!("{}{text}", " ".repeat(w - width(text)));
        let lead = if fleet {
            format!("{}  ", pad("SHARD", shard_w - 2))
        } else {
            String::new()
        };
        let header = [
            format!("{lead}{}", pad("IDENTITY", id_w)),
            pad("STATE", state_w),
            axis(spark_w, per),
            right("LATEST", latest_w),
            right("MIN", min_w),
            right("MAX", max_w),
            right("GROWTH", growth_w),
        ]
        .join("  ");
        writeln!(out, "{}", ui.styles.header(header.trim_end()))?;
        for r in &rows {
            let tone = growth_tone(r.m);
            let line = match &r.m.error {
                Some(_) => Tone::Bad.paint(ui, &pad("(unreadable)", spark_w)),
                None => tone.paint(ui, &spark::draw(&r.m.series(), available)),
            };
            let lead = if fleet {
                format!("{}  ", Tone::Accent.paint(ui, &pad(r.shard, shard_w - 2)))
            } else {
                String::new()
            };
            let cells = [
                format!(
                    "{lead}{}",
                    Tone::Strong.paint(ui, &pad(&r.p.identity.shown(), id_w))
                ),
                state_tone(r.p.state).paint(ui, &pad(r.p.state.name(), state_w)),
                line,
                right(&r.latest, latest_w),
                right(&r.min, min_w),
                right(&r.max, max_w),
                tone.paint(ui, &right(&r.growth, growth_w)),
            ];
            writeln!(out, "{}", cells.join("  ").trim_end())?;
        }
        ui.note(&ui.styles.dim(&format!(
            "memory: 1 character = {} (its highest reading), blank = no reading; each line \
             scaled to its own min..max (a span of at least {}% of its max); growth = \
             least-squares slope; LATEST is the highest reading of the newest 15 min slot of \
             the memory history, while `cogctl procs` shows RSS as of the last beat: they \
             differ while memory moves",
            span((per as i64 * SLOT_SECONDS) as f64),
            (spark::MIN_SPAN * 100.0).round()
        )));
        for r in rows.iter().filter(|r| r.m.skipped > 0) {
            ui.note(&format!(
                "{} {}: {} memory history member(s) skipped (not a \"<slot>:<kb>\" reading on \
                 the 15 min grid of the last 24 h)",
                ui.styles.warn("note:"),
                keys::memory(&r.p.identity).shown(),
                r.m.skipped
            ));
        }
        Ok(())
    }
}

/// The sparkline column's header: a time axis from 24 h ago to now, with 12 h marked when
/// there is room.
fn axis(width: usize, per: usize) -> String {
    let (left, right) = ("24h ago", "now");
    if width < left.len() + right.len() + 1 {
        return pad("MEMORY", width);
    }
    let mut axis: Vec<char> = format!(
        "{left}{}{right}",
        " ".repeat(width - left.len() - right.len())
    )
    .chars()
    .collect();
    // The slot 12 h before now's sits 48 slots left of the last character.
    let at = width - 1 - SLOTS / 2 / per;
    if at >= left.len() + 2 && at + 4 <= width - right.len() {
        for (i, c) in "12h".chars().enumerate() {
            axis[at - 1 + i] = c;
        }
    }
    axis.into_iter().collect()
}

impl Report for ProcsReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        if self.processes.is_empty() {
            writeln!(out, "{}", ui.styles.dim("no worker processes"))?;
        } else if self.memory_view {
            self.memory_table(out, ui)?;
        } else {
            self.process_table(out, ui)?;
        }
        let gone = self
            .processes
            .iter()
            .filter(|p| p.state == State::Gone)
            .count();
        if gone > 0 && !self.memory_view {
            ui.note(&ui.styles.dim(&format!(
                "{gone} gone: still listed in {} but without a presence key (stopped beating \
                 over 60 s ago, e.g. crashed); the beat shown is their last_beat stamp",
                keys::PROCESSES
            )));
        }
        if !self.memory_view {
            for p in self.processes.iter().filter(|p| p.late) {
                let mut said = format!(
                    "{}: its beat is late ({} ago; processes beat every 5 s): killed, frozen \
                     or cut off from Redis?",
                    p.identity.shown(),
                    p.beat_age.map_or("?".into(), span)
                );
                if let Some(at) = p.gone_at {
                    said.push_str(&format!(
                        " It is shown alive until its presence key expires, {}",
                        crate::duration::relative(ui.clock.now, at)
                    ));
                    said.push(';');
                }
                if let Some(at) = p.presumed_dead_at {
                    said.push_str(&format!(
                        " orphan recovery presumes it dead and requeues its jobs {} ({}), unless \
                     it beats first.",
                        crate::duration::relative(ui.clock.now, at),
                        crate::clock::rfc3339(at)
                    ));
                }
                ui.note(&ui.styles.warn(&said));
            }
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}

fn state_tone(state: State) -> Tone {
    match state {
        State::Alive => Tone::Good,
        State::Quiet => Tone::Warn,
        State::Unknown => Tone::Bad,
        State::Gone => Tone::Dim,
    }
}

/// How alarming the growth is: the share of its current size it would add in a day.
fn growth_tone(m: &Memory) -> Tone {
    match (m.growth_mb_per_hour, m.current_kb) {
        (Some(g), Some(kb)) if m.samples >= TREND_SAMPLES && kb > 0 => {
            let per_day = g * 24.0 * 1024.0 / kb as f64;
            if per_day >= 0.25 {
                Tone::Bad
            } else if per_day >= 0.05 {
                Tone::Warn
            } else {
                Tone::Plain
            }
        }
        _ => Tone::Plain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_is_said_in_mb_per_hour() {
        assert_eq!(growth_text(Some(-0.001)), "0.00 MB/h");
        assert_eq!(growth_text(Some(1.666)), "+1.67 MB/h");
    }

    #[test]
    fn the_axis_marks_24h_12h_and_now() {
        assert_eq!(axis(24, 4), "24h ago   12h        now");
        assert_eq!(axis(96, 1).len(), 96);
        assert!(axis(96, 1).starts_with("24h ago"));
        assert_eq!(&axis(96, 1)[46..49], "12h");
        assert_eq!(axis(10, 8), "MEMORY    ");
    }
}

/// `procs` (and `--memory`) across a fleet: every shard's processes, each naming its shard.
#[derive(Debug)]
pub struct FleetProcsReport {
    pub fleet: String,
    /// Every shard's processes in the fleet's order, with their shards (`shard_of`).
    view: ProcsReport,
    /// The keys a shard could not read, each naming its shard.
    pub problems: Vec<crate::ops::fleet::FleetProblem>,
    pub shards: Vec<crate::ops::fleet::Shard<usize>>,
    pub unreadable: Vec<String>,
}

impl FleetProcsReport {
    pub fn new(fleet: String, shards: Vec<crate::ops::fleet::Shard<ProcsReport>>) -> Self {
        let mut view = ProcsReport {
            processes: Vec::new(),
            problems: Vec::new(),
            memory_view: false,
            shard_of: Vec::new(),
        };
        let mut problems = Vec::new();
        let (counts, unreadable) = crate::ops::fleet::gathered(shards, |name, report| {
            let rows = report.processes.len();
            view.memory_view = report.memory_view;
            view.shard_of
                .extend(std::iter::repeat_n(name.to_string(), rows));
            view.processes.extend(report.processes);
            problems.extend(crate::ops::fleet::FleetProblem::on(name, report.problems));
            rows
        });
        FleetProcsReport {
            fleet,
            view,
            problems,
            shards: counts,
            unreadable,
        }
    }
}

impl Serialize for FleetProcsReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct Shards<'a>(&'a [crate::ops::fleet::Shard<usize>]);
        impl Serialize for Shards<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                crate::ops::fleet::serialize_shards(
                    self.0,
                    s,
                    |n| serde_json::json!({ "processes": n }),
                )
            }
        }
        let processes: Vec<serde_json::Value> = self
            .view
            .processes
            .iter()
            .zip(&self.view.shard_of)
            .map(|(p, shard)| {
                let mut v = serde_json::to_value(p).unwrap_or(serde_json::Value::Null);
                if let Some(o) = v.as_object_mut() {
                    o.insert("shard".into(), serde_json::Value::from(shard.as_str()));
                }
                v
            })
            .collect();
        let mut map = serializer.serialize_map(Some(5))?;
        map.serialize_entry("fleet", &self.fleet)?;
        map.serialize_entry("processes", &processes)?;
        map.serialize_entry("problems", &self.problems)?;
        map.serialize_entry("shards", &Shards(&self.shards))?;
        map.serialize_entry("unreadable", &self.unreadable)?;
        map.end()
    }
}

impl Report for FleetProcsReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        crate::render::fleet::heading(out, ui, &self.fleet, &self.shards, "read")?;
        self.view.human(out, ui)?;
        crate::ops::fleet::FleetProblem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        let problems = crate::ops::fleet::FleetProblem::exit(&self.problems);
        crate::ops::fleet::exit(&self.shards, |_| problems)
    }
}
