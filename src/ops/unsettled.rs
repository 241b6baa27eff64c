//! The unsettled list: failures a process could not record at shutdown.

use serde::Serialize;
use serde_json::Number;

use crate::clock::rfc3339;
use crate::ops::Problem;
use crate::store::job::Job;
use crate::store::page::ListPager;
use crate::store::unsettled::parse_record;
use crate::store::{JobSet, Store, StoreResult, keys};

/// Records shown by default; the whole list is still read (in pages) to count them.
pub const DEFAULT_LIMIT: usize = 100;

#[derive(Debug, Serialize)]
pub struct UnsettledReport {
    /// Records on the list.
    pub total: u64,
    /// Records any live process's orphan pass would quarantine instead of filing.
    pub invalid: u64,
    /// The first `--limit` records, head first.
    pub records: Vec<UnsettledRecord>,
    pub problems: Vec<Problem>,
}

/// One record of `cogworker:unsettled` (KEYS.md §3.13), judged as OPERATIONS §10.2 does.
#[derive(Debug, Serialize)]
pub struct UnsettledRecord {
    /// Index in the list, 0 = head (filed first).
    pub position: u64,
    pub valid: bool,
    /// Why the record would be quarantined rather than filed (invalid records only).
    pub reason: Option<String>,
    /// The target set named by the record, when it is a string.
    pub set: Option<String>,
    /// The score as written (a JSON number, digits kept), when it is one.
    pub score: Option<Number>,
    /// The score as RFC 3339 UTC: when the retry is due / when it died.
    pub time: Option<String>,
    pub jid: Option<String>,
    pub class: Option<String>,
    pub queue: Option<String>,
    /// `"ErrorClass: message"` of the payload.
    pub error: Option<String>,
    /// Why the payload string is not a readable job (it would still be filed as is).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payload_unreadable: Option<String>,
    /// The record exactly as stored (invalid UTF-8 shown as U+FFFD).
    pub record: String,
    /// The record's bytes, which the table shows escaped.
    #[serde(skip)]
    pub raw: Vec<u8>,
}

impl UnsettledRecord {
    pub fn new(position: u64, raw: &[u8]) -> UnsettledRecord {
        let parsed = parse_record(raw);
        let time = parsed.score.as_ref().and_then(Number::as_f64).map(rfc3339);
        let mut record = UnsettledRecord {
            position,
            valid: parsed.invalid.is_none(),
            reason: parsed.invalid,
            set: parsed.set,
            score: parsed.score,
            time,
            jid: None,
            class: None,
            queue: None,
            error: None,
            payload_unreadable: None,
            record: String::from_utf8_lossy(raw).into_owned(),
            raw: raw.to_vec(),
        };
        if let Some(payload) = &parsed.payload {
            match Job::parse(payload.as_bytes()) {
                Ok(job) => {
                    record.jid = job.jid.as_ref().map(|j| j.to_string());
                    record.class = job.class.as_ref().map(|c| c.to_string());
                    record.queue = job.queue.as_ref().map(|q| q.to_string());
                    record.error = job.error_line();
                }
                Err(bad) => record.payload_unreadable = Some(bad.reason),
            }
        }
        record
    }

    /// The target set as people call it, or the raw name when it is not one of the three.
    pub fn target(&self) -> String {
        match self.set.as_deref() {
            Some(s) => JobSet::from_key(s).map_or_else(|| s.to_string(), |set| set.name().into()),
            None => "-".into(),
        }
    }

    pub fn score_value(&self) -> Option<f64> {
        self.score.as_ref().and_then(Number::as_f64)
    }
}

/// The unsettled list, paged: every record counted, the first `limit` kept.
pub fn read(store: &mut Store, limit: usize) -> StoreResult<UnsettledReport> {
    let mut pager = ListPager::new(keys::UNSETTLED);
    let mut report = UnsettledReport {
        total: 0,
        invalid: 0,
        records: Vec::new(),
        problems: Vec::new(),
    };
    loop {
        let page = match pager.next_page(store) {
            Ok(Some(page)) => page,
            Ok(None) => break,
            Err(e) if e.is_connection() => return Err(e),
            Err(e) => {
                report
                    .problems
                    .push(Problem::from_store(keys::UNSETTLED, &e));
                break;
            }
        };
        for raw in page {
            let position = report.total;
            report.total += 1;
            if report.records.len() < limit {
                let record = UnsettledRecord::new(position, &raw);
                report.invalid += u64::from(!record.valid);
                report.records.push(record);
            } else if parse_record(&raw).invalid.is_some() {
                report.invalid += 1;
            }
        }
    }
    Ok(report)
}
