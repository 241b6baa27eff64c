//! `retry triage` / `dead triage`: the arguments and the report; the grouping into failure
//! patterns is the core's (ops::triage).

use std::io::{self, Write};

use comfy_table::ColumnConstraint;
use serde::Serialize;

use crate::commands::Ctx;
use crate::duration::span;
use crate::ops::Problem;
use crate::ops::triage::{BUCKETS, DETAILED, Group, NameCount, TriageArgs, TriageReport};
use crate::render::table::{self, Tone};
use crate::render::time::when;
use crate::render::{Report, spark};
use crate::store::JobSet;
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::text::size;
use crate::text::{one_line, visible};

pub fn run(ctx: &mut Ctx, set: JobSet, args: &TriageArgs) -> anyhow::Result<TriageReport> {
    let report = crate::ops::triage::group(ctx, set, args)?;
    if let Some(why) = &report.named_nothing {
        return Err(crate::term::exit::UsageError(why.clone()).into());
    }
    if report.entries == 0 {
        let key = if args.from_history {
            crate::store::keys::HISTORY_FAILED
        } else {
            set.key()
        };
        let held = crate::ops::empty::zset(ctx.store()?, key.as_bytes())?;
        let noun = if args.from_history {
            crate::ops::empty::Noun {
                many: "failed runs",
                verb: "finished",
            }
        } else {
            super::list::noun(set)
        };
        crate::render::empty::explain(&ctx.ui, &held, &noun, &args.filter, true);
    }
    Ok(report)
}

impl TriageReport {
    fn header(&self, ui: &Ui) -> String {
        let noun = if self.from_history {
            "failed runs"
        } else {
            match self.set {
                JobSet::Dead => "dead entries",
                JobSet::Retry => "retry entries",
                JobSet::Schedule => "scheduled entries",
            }
        };
        let groups = self.groups.len() + self.more_groups;
        let mut line = format!(
            "{} {noun} in {} group{} (by {})",
            size::count(self.entries),
            size::count(groups as u64),
            crate::text::plural(groups, "", "s"),
            self.by.join(", ")
        );
        if let (Some([lo, hi]), Some(per)) = (self.span, self.bucket_seconds) {
            line.push_str(&format!(
                ", {} to {}; each timeline column is {}",
                when(ui, lo),
                when(ui, hi),
                span(per)
            ));
            if self.set == JobSet::Retry && !self.from_history {
                // The retry set keeps a failure only until its retry: a steady pattern's
                // entries crowd into the last minutes and its timeline seems to rise.
                line.push_str(
                    "; survivors only (jobs whose retry passed have left the set): not a rate, see \
                     `cogctl incident`",
                );
            }
        }
        line
    }

    fn table(&self, ui: &Ui) -> String {
        let by = |d: &str| self.by.contains(&d);
        let mut header = Vec::new();
        if by("fingerprint") {
            header.push("FINGERPRINT");
        }
        if by("class") {
            header.push("CLASS");
        }
        if by("queue") {
            header.push("QUEUE");
        }
        if by("error-class") {
            header.push("ERROR CLASS");
        }
        header.extend(["COUNT", "SHARE"]);
        // Across a fleet: its entries on each shard.
        let fleet = self.groups.iter().any(|g| g.shards.is_some());
        if fleet {
            header.push("SHARDS");
        }
        header.extend(["FIRST", "LAST"]);
        // Retry entries: when they failed (FIRST, LAST) and, apart, when they run next.
        let next = self.groups.iter().any(|g| g.next_attempts.is_some());
        if next {
            header.push("NEXT");
        }
        header.extend(["TIMELINE", "ERROR"]);
        let mut t = table::new(ui, &header);
        let named = |v: &Option<Option<String>>| match v {
            Some(Some(s)) => one_line(s),
            _ => "-".into(),
        };
        for g in &self.groups {
            let mut row = Vec::new();
            if by("fingerprint") {
                row.push(table::cell(
                    ui,
                    g.fingerprint.clone().unwrap_or_default(),
                    Tone::Strong,
                ));
            }
            if by("class") {
                row.push(table::cell(ui, named(&g.class), Tone::Strong));
            }
            if by("queue") {
                row.push(table::cell(ui, named(&g.queue), Tone::Plain));
            }
            if by("error-class") {
                row.push(table::cell(ui, named(&g.error_class_group), Tone::Plain));
            }
            let timeline: Vec<Option<i64>> = g
                .timeline
                .iter()
                .map(|&n| (n > 0).then_some(n as i64))
                .collect();
            row.push(table::cell(ui, size::count(g.count), Tone::Plain));
            row.push(table::cell(
                ui,
                format!("{:.1}%", g.share * 100.0),
                Tone::Plain,
            ));
            if fleet {
                let on = g.shards.as_deref().unwrap_or_default();
                row.push(table::cell(ui, names(on), Tone::Accent));
            }
            row.push(table::cell(ui, when(ui, g.first_seen), Tone::Dim));
            row.push(table::cell(ui, when(ui, g.last_seen), Tone::Plain));
            if next {
                let soonest = g.next_attempts.map_or("-".into(), |[lo, _]| when(ui, lo));
                row.push(table::cell(ui, soonest, Tone::Dim));
            }
            row.push(table::cell(ui, spark::draw(&timeline, BUCKETS), Tone::Warn));
            row.push(table::cell(ui, one_line(&error_text(g)), Tone::Bad));
            t.add_row(row);
        }
        // Only the error (and a fleet's shards) wrap: the numbers, times and the timeline are
        // read across.
        for (i, name) in header.iter().enumerate() {
            if !matches!(*name, "ERROR" | "SHARDS")
                && let Some(column) = t.column_mut(i)
            {
                column.set_constraint(ColumnConstraint::ContentWidth);
            }
        }
        let right: Vec<usize> = (0..header.len())
            .filter(|&i| matches!(header[i], "COUNT" | "SHARE"))
            .collect();
        table::finish(&mut t, &right)
    }
}

/// What a group's failure reads as: its pattern when grouped by fingerprint, else its newest
/// entry's error.
fn error_text(g: &Group) -> String {
    if let Some(p) = &g.pattern {
        return match &g.error_class {
            Some(c) if !p.is_empty() => format!("{c}: {p}"),
            Some(c) => c.clone(),
            None => p.clone(),
        };
    }
    match (&g.sample.error_class, &g.sample.error_message) {
        (Some(c), Some(m)) => format!("{c}: {m}"),
        (Some(c), None) => c.clone(),
        (None, Some(m)) => m.clone(),
        (None, None) => "(no error)".into(),
    }
}

fn names(list: &[NameCount]) -> String {
    list.iter()
        .take(3)
        .map(|n| {
            format!(
                "{} {}",
                n.name.as_deref().map_or("(other)".into(), one_line),
                size::count(n.count)
            )
        })
        .chain((list.len() > 3).then(|| "…".to_string()))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Report for TriageReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        writeln!(out, "{}", self.header(ui))?;
        if self.entries == 0 {
            writeln!(out, "{}", s.dim("nothing to group"))?;
            Problem::warn_all(ui, &self.problems);
            return Ok(());
        }
        out.write_all(self.table(ui).as_bytes())?;
        if self.more_groups > 0 {
            writeln!(
                out,
                "{}",
                s.dim(&format!(
                    "… and {} smaller group{} (--limit N, or --json for all)",
                    size::count(self.more_groups as u64),
                    crate::text::plural(self.more_groups, "", "s")
                ))
            )?;
        }
        if let Some(o) = &self.other {
            writeln!(
                out,
                "{}",
                s.warn(&format!(
                    "{} more entries of {}{} further pattern{} were not grouped (--max-groups reached); they are counted here only",
                    size::count(o.entries),
                    if o.patterns_at_least { "at least " } else { "" },
                    size::count(o.patterns),
                    crate::text::plural(o.patterns, "", "s")
                ))
            )?;
        }
        for g in self.groups.iter().take(DETAILED) {
            writeln!(out)?;
            let title = g
                .fingerprint
                .clone()
                .unwrap_or_else(|| one_line(&error_text(g)));
            writeln!(
                out,
                "{}  {} · classes {} · queues {}",
                s.strong(&title),
                size::count(g.count),
                names(&g.classes),
                names(&g.queues)
            )?;
            let message = match (&g.sample.error_class, &g.sample.error_message) {
                (Some(c), Some(m)) => format!("{c}: {m}"),
                (Some(c), None) => c.clone(),
                (None, Some(m)) => m.clone(),
                (None, None) => "(no error)".into(),
            };
            // A retry entry's score is its next attempt: said as such, after when it failed.
            let at = if self.set == JobSet::Retry && !self.from_history {
                format!(
                    "failed {}, next attempt {}",
                    when(ui, g.last_seen),
                    when(ui, g.sample.score)
                )
            } else {
                when(ui, g.sample.score)
            };
            writeln!(
                out,
                "  newest  {} {at}: {}",
                visible(&g.sample.jid),
                one_line(&message)
            )?;
            if let Some(cmd) = &g.command {
                writeln!(out, "  act     {}", visible(cmd))?;
            }
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}

/// `dead triage` / `retry triage` across a fleet: every shard grouped over the same times,
/// the groups merged by what they are grouped by, each naming its entries on each shard.
#[derive(Debug, Serialize)]
pub struct FleetTriageReport {
    pub fleet: String,
    #[serde(flatten)]
    pub triage: TriageReport,
    /// Every shard: how many entries it grouped, or `{"error": …}`.
    #[serde(serialize_with = "shard_entries")]
    pub shards: Vec<crate::ops::fleet::Shard<u64>>,
    pub unreadable: Vec<String>,
}

fn shard_entries<S: serde::Serializer>(
    shards: &[crate::ops::fleet::Shard<u64>],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    crate::ops::fleet::serialize_shards(shards, serializer, |n| serde_json::json!({ "entries": n }))
}

impl Report for FleetTriageReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        crate::render::fleet::heading(out, ui, &self.fleet, &self.shards, "read")?;
        self.triage.human(out, ui)
    }

    fn exit(&self) -> Exit {
        let own = self.triage.exit();
        crate::ops::fleet::exit(&self.shards, |_| own)
    }
}
