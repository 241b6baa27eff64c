//! Records of cogworker:unsettled (KEYS.md §3.13): `{"set","score","payload"}` with the
//! payload a job JSON *string*, checked the way the gem's `valid_unsettled?` checks them.

use serde_json::{Number, Value};

use super::{JobSet, keys};

/// A record's fields, read as `valid_unsettled?` reads them.
#[derive(Debug)]
pub struct Parsed {
    pub set: Option<String>,
    pub score: Option<Number>,
    pub payload: Option<String>,
    /// Every reason the record is invalid, joined; `None` for a valid record.
    pub invalid: Option<String>,
}

/// OPERATIONS §10.2: a JSON object whose `set` is exactly one of the three sets, whose
/// `score` is a JSON number (a numeric string is invalid) and whose `payload` is a string.
pub fn parse_record(raw: &[u8]) -> Parsed {
    let object = match serde_json::from_slice::<Value>(raw) {
        Ok(Value::Object(map)) => map,
        Ok(other) => {
            return Parsed {
                set: None,
                score: None,
                payload: None,
                invalid: Some(format!("not a JSON object but {}", kind(&other))),
            };
        }
        Err(e) => {
            return Parsed {
                set: None,
                score: None,
                payload: None,
                invalid: Some(format!("not valid JSON ({e})")),
            };
        }
    };
    let mut reasons = Vec::new();
    let set = match object.get("set") {
        Some(Value::String(s)) => {
            if JobSet::from_key(s).is_none() {
                reasons.push(format!(
                    "set {s:?} is not one of {}, {}, {}",
                    keys::RETRY,
                    keys::DEAD,
                    keys::SCHEDULE
                ));
            }
            Some(s.clone())
        }
        Some(other) => {
            reasons.push(format!("set is {}, not a string", kind(other)));
            None
        }
        None => {
            reasons.push("set is missing".into());
            None
        }
    };
    let score = match object.get("score") {
        Some(Value::Number(n)) => Some(n.clone()),
        Some(other) => {
            reasons.push(format!("score is {}, not a number", kind(other)));
            None
        }
        None => {
            reasons.push("score is missing".into());
            None
        }
    };
    let payload = match object.get("payload") {
        Some(Value::String(p)) => Some(p.clone()),
        Some(other) => {
            reasons.push(format!("payload is {}, not a string", kind(other)));
            None
        }
        None => {
            reasons.push("payload is missing".into());
            None
        }
    };
    Parsed {
        set,
        score,
        payload,
        invalid: (!reasons.is_empty()).then(|| reasons.join("; ")),
    }
}

pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
