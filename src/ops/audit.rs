//! The audit trail as both front-ends show it (`cogctl audit`, the console's audit view):
//! its entries, newest first, each with what became of the change it records when it kept
//! an undo record (still undoable until when, undone and how much of it, expired).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::store::{Store, StoreResult, audit, keys, undo, value};

/// One entry as shown: its id and every field of it.
#[derive(Debug, Serialize)]
pub struct AuditEntry {
    pub id: String,
    #[serde(flatten)]
    pub fields: BTreeMap<String, String>,
    /// For a change kept to be undone: its record's state now — open, recording, undoing,
    /// undone, empty (an undo that put nothing back), or gone (expired or purged).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undo_state: Option<String>,
    /// For a change undone: what its undo did, when it put back less than all (`0 of 5
    /// restored; 5 had moved on`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undo_outcome: Option<String>,
}

/// What can still be done about the change an entry records.
#[derive(Clone, Debug, PartialEq)]
pub enum Undo {
    /// It can be undone, until then (when the entry says).
    Open(Option<f64>),
    /// It was undone; what the undo left, if it left anything.
    Undone(Option<String>),
    /// Its record expired or was purged.
    Expired,
    /// The command keeps no undo record.
    No,
    /// It ran with --no-undo.
    Off,
    /// It changed nothing: nothing to undo.
    Nothing,
    /// Not a change (a begin entry, a read).
    NotAChange,
}

impl AuditEntry {
    fn new(entry: audit::Entry) -> AuditEntry {
        AuditEntry {
            id: entry.id,
            fields: entry.fields.into_iter().collect(),
            undo_state: None,
            undo_outcome: None,
        }
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.fields.get(field).map(String::as_str)
    }

    /// When it was written (its `time` field).
    pub fn time(&self) -> Option<f64> {
        time(self.get("time")?)
    }

    /// The id a person acts on: the change's undo record id when it kept one (as the change
    /// printed it and `undo list` shows it), else the stream entry's id.
    pub fn change_id(&self) -> &str {
        match self.get("undo") {
            Some(id) if undo::is_record_id(id) => id,
            _ => &self.id,
        }
    }

    pub fn undo(&self) -> Undo {
        match (self.get("undo"), self.undo_state.as_deref()) {
            (Some(_), Some("open" | "recording")) => {
                Undo::Open(self.get("undo_until").and_then(time))
            }
            (Some(_), Some("undone" | "undoing")) => Undo::Undone(self.undo_outcome.clone()),
            (Some(_), Some(_)) => Undo::Expired,
            (Some("no"), _) => Undo::No,
            (Some("off"), _) => Undo::Off,
            (Some("none"), _) => Undo::Nothing,
            _ => Undo::NotAChange,
        }
    }
}

fn time(text: &str) -> Option<f64> {
    let t = chrono::DateTime::parse_from_rfc3339(text).ok()?;
    Some(t.timestamp_millis() as f64 / 1000.0)
}

/// Up to `count` entries older than `before` (from the newest when none), newest first,
/// each with the state of its undo record now.
pub fn page(store: &mut Store, before: Option<&str>, count: usize) -> StoreResult<Vec<AuditEntry>> {
    let mut entries: Vec<AuditEntry> = audit::page(store, before, count)?
        .into_iter()
        .map(AuditEntry::new)
        .collect();
    undo_states(store, &mut entries)?;
    Ok(entries)
}

/// Each undoable entry's record state, and what its undo did, read in one round trip.
fn undo_states(store: &mut Store, entries: &mut [AuditEntry]) -> StoreResult<()> {
    let ids: Vec<(usize, String)> = entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let id = e.fields.get("undo")?;
            undo::is_record_id(id).then(|| (i, id.clone()))
        })
        .collect();
    let mut pipe = redis::pipe();
    for (_, id) in &ids {
        pipe.cmd("HMGET")
            .arg(keys::undo_record(id))
            .arg("state")
            .arg("undone_restored")
            .arg("undone_left");
    }
    for ((i, _), reply) in ids.iter().zip(store.pipeline(&pipe)?) {
        let fields: Vec<Option<String>> = match &reply {
            Ok(v) => value::items(v).iter().map(value::string).collect(),
            Err(_) => Vec::new(),
        };
        let field = |n: usize| fields.get(n).cloned().flatten();
        entries[*i].undo_state = Some(match reply {
            Ok(_) => field(0).unwrap_or_else(|| "gone".into()),
            Err(_) => "unknown".into(),
        });
        let count = |n: usize| field(n).and_then(|t| t.parse::<u64>().ok());
        if let (Some(restored), Some(left)) = (count(1), count(2))
            && left > 0
        {
            entries[*i].undo_outcome = Some(format!(
                "{restored} of {} restored; {left} had moved on",
                restored + left
            ));
        }
    }
    Ok(())
}
