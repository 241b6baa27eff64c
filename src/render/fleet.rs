//! What every report across a fleet of shards opens with.

use std::io::{self, Write};

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
            writeln!(out)?;
            let title = format!("Shard {}", crate::text::visible(name));
            writeln!(out, "{}", ui.styles.accent(&title))?;
            match read {
                Ok(report) => report.human(out, ui)?,
                Err(error) => writeln!(out, "{}", ui.styles.bad(&format!("not read: {error}")))?,
            }
        }
        Ok(())
    }

    fn exit(&self) -> crate::term::exit::Exit {
        crate::ops::fleet::exit(&self.shards, R::exit)
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
