//! What every report across a fleet of shards opens with.

use std::io::{self, Write};

use crate::term::exit::Exit;
use crate::term::ui::Ui;

/// The line `Fleet prod · 3 of 4 shards read`: the fleet, and how many of its shards were
/// `done` (those that were not are named on stderr and in the JSON).
pub fn heading<S>(
    out: &mut dyn Write,
    ui: &Ui,
    fleet: &str,
    shards: &[crate::ops::fleet::Shard<S>],
    done: &str,
) -> io::Result<()> {
    let read = shards.iter().filter(|(_, r)| r.is_ok()).count();
    let line = format!(
        "Fleet {} · {read} of {} shards {done}",
        crate::text::visible(fleet),
        shards.len(),
    );
    writeln!(out, "{}", ui.styles.strong(&line))
}

/// A report read on every shard of a fleet and shown shard by shard, each under its name
/// (`orphans`, `unsettled list`, `periodic list`, `doctor`): what each shard holds is its
/// own (its lists, its schedule, its findings), so nothing is added up. `--json` is one
/// document, `{"fleet", "shards": {NAME: report | {"error"}}, "unreadable"}`; `--ndjson` a
/// line a shard, its report with `"shard"` first.
#[derive(Debug)]
pub struct Sections<R> {
    /// The fleet's name (`--fleet`), or the contexts named (`--context a,b`).
    pub fleet: String,
    pub shards: Vec<crate::ops::fleet::Shard<R>>,
}

impl<R: serde::Serialize> serde::Serialize for Sections<R> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct Shards<'a, R>(&'a [crate::ops::fleet::Shard<R>]);
        impl<R: serde::Serialize> serde::Serialize for Shards<'_, R> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                crate::ops::fleet::serialize_reports(self.0, s)
            }
        }
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("fleet", &self.fleet)?;
        map.serialize_entry("shards", &Shards(&self.shards))?;
        map.serialize_entry("unreadable", &crate::ops::fleet::unreadable(&self.shards))?;
        map.end()
    }
}

impl<R: super::Report> super::Report for Sections<R> {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        heading(out, ui, &self.fleet, &self.shards, "read")?;
        for (name, read) in &self.shards {
            section(out, ui, name, read.as_ref(), R::human)?;
        }
        Ok(())
    }

    fn exit(&self) -> crate::term::exit::Exit {
        crate::ops::fleet::exit(&self.shards, R::exit)
    }
}

/// One shard's part of a fleet's report under its name, or why it could not be read.
fn section<R>(
    out: &mut dyn Write,
    ui: &Ui,
    name: &str,
    read: Result<&R, &String>,
    human: impl Fn(&R, &mut dyn Write, &Ui) -> io::Result<()>,
) -> io::Result<()> {
    writeln!(out)?;
    let title = format!("Shard {}", crate::text::visible(name));
    writeln!(out, "{}", ui.styles.accent(&title))?;
    match read {
        Ok(report) => human(report, out, ui),
        Err(error) => writeln!(out, "{}", ui.styles.bad(&format!("not read: {error}"))),
    }
}

/// One shard's part in a change across a fleet: its report (a dry run's plan, a change's
/// summary, an undo's), why it stopped early when it did (what it did before is in the
/// report), and the id of the audit entry it wrote.
#[derive(Debug, serde::Serialize)]
pub struct Part<R> {
    #[serde(flatten)]
    pub report: R,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audit: Option<String>,
    #[serde(skip)]
    pub exit: Exit,
}

impl<R> Part<R> {
    /// A part that ran to its end (or only planned).
    pub fn whole(report: R, exit: Exit) -> Part<R> {
        Part {
            report,
            stopped: None,
            audit: None,
            exit,
        }
    }
}

/// A change across a fleet (or its dry run): one headline with the totals, the shards it
/// did not change with why (read-only, holding none of it), then each shard's part under its
/// name. `--json` is one document: `{"fleet", "change", "command", "dry_run", "totals",
/// "shards": {NAME: part | {"error"}}, "not_changed": {NAME: why}, "unreadable"}`.
#[derive(Debug, serde::Serialize)]
#[serde(bound(serialize = "R: serde::Serialize"))]
pub struct FleetChange<R> {
    pub fleet: String,
    /// The change's id: its undo record's on every shard and in every shard's audit entry
    /// (empty for a dry run).
    pub change: String,
    /// The audit name of the command (`dead retry`).
    pub command: String,
    pub dry_run: bool,
    pub totals: crate::ops::Counts,
    #[serde(serialize_with = "crate::ops::fleet::serialize_reports")]
    pub shards: Vec<crate::ops::fleet::Shard<Part<R>>>,
    #[serde(serialize_with = "pairs")]
    pub not_changed: Vec<(String, String)>,
    pub unreadable: Vec<String>,
    /// The totals said as people read them (`retried 5 entries: prod-a 3, prod-b 2`).
    #[serde(skip)]
    pub headline: String,
}

impl<R> FleetChange<R> {
    /// A change (or its dry run) of `command` across `fleet`, no shard's part in it yet.
    pub fn new(
        fleet: &str,
        command: &str,
        dry_run: bool,
        not_changed: Vec<(String, String)>,
        unreadable: Vec<String>,
    ) -> FleetChange<R> {
        FleetChange {
            fleet: fleet.to_string(),
            change: String::new(),
            command: command.to_string(),
            dry_run,
            totals: crate::ops::Counts::default(),
            shards: Vec::new(),
            not_changed,
            unreadable,
            headline: String::new(),
        }
    }
}

fn pairs<S: serde::Serializer>(pairs: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

impl<R: super::Report + serde::Serialize> super::Report for FleetChange<R> {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let id = if self.change.is_empty() {
            String::new()
        } else {
            format!(" · change {}", self.change)
        };
        let line = format!(
            "Fleet {} · {}{}{id}",
            crate::text::visible(&self.fleet),
            if self.dry_run { "dry run: " } else { "" },
            crate::text::visible(&self.headline),
        );
        writeln!(out, "{}", s.strong(&line))?;
        for (name, why) in &self.not_changed {
            writeln!(
                out,
                "  {} {}: {}",
                s.dim("-"),
                crate::text::visible(name),
                crate::text::visible(why)
            )?;
        }
        for (name, read) in &self.shards {
            section(out, ui, name, read.as_ref(), |part, out, ui| {
                part.report.human(out, ui)?;
                if let Some(why) = &part.stopped {
                    writeln!(
                        out,
                        "{}",
                        ui.styles
                            .bad(&format!("stopped: {}", crate::text::visible(why)))
                    )?;
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    /// Every shard's part whole: the first exit other than success one of them calls for;
    /// a shard not read, or stopped part-way, [`Exit::FleetPartial`]; none read,
    /// [`Exit::Unreachable`]. An interruption wins.
    fn exit(&self) -> Exit {
        let parts: Vec<&Part<R>> = self
            .shards
            .iter()
            .filter_map(|(_, r)| r.as_ref().ok())
            .collect();
        if parts.iter().any(|p| p.exit == Exit::Interrupted) {
            return Exit::Interrupted;
        }
        if parts.is_empty() && !self.shards.is_empty() {
            return Exit::Unreachable;
        }
        if parts.len() < self.shards.len() || parts.iter().any(|p| p.stopped.is_some()) {
            return Exit::FleetPartial;
        }
        parts
            .iter()
            .map(|p| p.exit)
            .find(|e| *e != Exit::Ok)
            .unwrap_or(Exit::Ok)
    }
}

impl<R: serde::Serialize> Sections<R> {
    /// `--ndjson`: a line a shard, `{"shard": NAME, …its report}` or `{"shard", "error"}`.
    pub fn lines(&self, out: &mut dyn Write) -> io::Result<()> {
        for (name, read) in &self.shards {
            let mut line = serde_json::Map::new();
            line.insert("shard".into(), serde_json::Value::from(name.as_str()));
            let body = match read {
                Ok(report) => crate::ops::fleet::as_value(report),
                Err(error) => serde_json::json!({ "error": error }),
            };
            match body {
                serde_json::Value::Object(fields) => line.extend(fields),
                other => {
                    line.insert("report".into(), other);
                }
            }
            crate::text::json::to_writer(&mut *out, &serde_json::Value::Object(line))?;
            writeln!(out)?;
        }
        Ok(())
    }
}
