//! `cogctl doctor`: everything cogctl knows to check about a deployment, in one run — the
//! Redis under it (`server`), what this user may do there (`acl`), and cogworker's data
//! (`data`) — each as a finding: an id, a severity, what was seen and how to fix it.
//!
//! Read-only, and gentle on Redis: no KEYS, one SCAN walk capped at [`SCAN_CAP`](crate::ops::doctor::SCAN_CAP) keys,
//! everything per queue or per process in pipelines, no list read beyond its length.

mod acl;
mod data;

use std::io::Write;
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::ops::doctor::{Finding, Severity, server};
use crate::render::table::Tone;
use crate::render::{self, Report};
use crate::store::StoreError;
use crate::term::exit::Exit;
use crate::term::ui::{Format, Ui};
use crate::term::values::parse_duration;

/// Check the deployment: Redis settings, this user's rights, cogworker's data; exit 1 on a
/// failure
///
/// Each finding has an id, a severity (ok, warn, fail), what was seen and the fix. Nothing is
/// changed, and Redis is never blocked: no KEYS, a bounded SCAN, pipelines. Exit 0 when
/// nothing fails (with --strict, when nothing warns either), 1 when something does, 3 when
/// Redis can't be reached.
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    ("Every check, and how to fix what is wrong", "cogctl doctor"),
    ("In CI: fail (exit 1) on a warning too", "cogctl doctor --strict"),
    ("One finding per line, for a script", "cogctl doctor --ndjson"),
]))]
pub struct DoctorArgs {
    /// Exit 1 on a warning too, not only on a failure
    #[arg(long)]
    pub strict: bool,

    /// Silence after which an owner without a presence key is presumed dead (the gem's
    /// orphan_threshold), for the in-progress lists
    #[arg(long, value_name = "DURATION", default_value = "300s", value_parser = parse_duration)]
    pub orphan_threshold: Duration,

    /// The zone for periodic crons that name none (default: $TZ, else the system's)
    #[arg(long, value_name = "ZONE")]
    pub tz: Option<String>,
}

/// The counts of a run's findings.
#[derive(Debug, Serialize)]
pub struct Summary {
    pub ok: usize,
    pub warn: usize,
    pub fail: usize,
    /// The worst severity found.
    pub verdict: Severity,
    /// Whether a warning fails the run (--strict).
    pub strict: bool,
    /// Keys the SCAN walk examined, and whether it covered the whole keyspace (it stops
    /// after 100,000 keys; findings that rely on it say so).
    pub keys_scanned: u64,
    pub scan_complete: bool,
}

/// The JSON of `doctor`: one document, the findings in the order they were checked.
#[derive(Debug, Serialize)]
pub struct DoctorReport {
    /// The Redis, password redacted.
    pub target: String,
    pub findings: Vec<Finding>,
    pub summary: Summary,
}

impl DoctorReport {
    fn new(target: String, findings: Vec<Finding>, strict: bool, scan: (u64, bool)) -> Self {
        let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
        let summary = Summary {
            ok: count(Severity::Ok),
            warn: count(Severity::Warn),
            fail: count(Severity::Fail),
            verdict: findings
                .iter()
                .map(|f| f.severity)
                .max()
                .unwrap_or(Severity::Ok),
            strict,
            keys_scanned: scan.0,
            scan_complete: scan.1,
        };
        DoctorReport {
            target,
            findings,
            summary,
        }
    }
}

/// Run every check and collect the findings.
pub fn diagnose(ctx: &mut Ctx, args: &DoctorArgs) -> anyhow::Result<DoctorReport> {
    let ui = ctx.ui.clone();
    let target = ctx.connector()?.target().to_string();
    let store = match ctx.store() {
        Ok(store) => store,
        Err(e) => {
            let reason = match &e {
                StoreError::Unavailable { reason, .. } | StoreError::Unreachable { reason, .. } => {
                    reason.as_str()
                }
                _ => "",
            };
            return match server::unavailable(reason) {
                Some(finding) => Ok(DoctorReport::new(
                    target,
                    vec![finding],
                    args.strict,
                    (0, false),
                )),
                None => Err(e.into()),
            };
        }
    };
    let facts = server::read(store)?;
    let mut findings = server::findings(&facts);
    // Every other finding of an empty database is "ok": a wrong URL or db must not pass.
    if !crate::store::footprint::has_cogworker_keys(store)? {
        let mut empty = Finding::new(
            "data.empty",
            Severity::Fail,
            format!("no cogworker key at all on {target}"),
        );
        empty.seen =
            format!("{target} holds no cogworker:* key (no queue, process, counter or set)");
        empty.fix = Some(
            "check the URL and its db (--redis-url …/N or ?db=N); a cogworker that never ran \
             here has written nothing yet"
                .into(),
        );
        findings.push(empty);
    }
    findings.push(acl::finding(store, facts.version())?);
    let (data, scan) = data::findings(store, &ui, args, &facts)?;
    findings.extend(data);
    if !scan.1 {
        ui.note(&format!(
            "note: the SCAN walk stopped after {} keys (its cap); in-progress lists outside \
             their registry, history buckets, status hashes and quarantined keys beyond them \
             were not seen",
            crate::text::size::count(scan.0)
        ));
    }
    Ok(DoctorReport::new(target, findings, args.strict, scan))
}

/// `cogctl doctor`: the report as a table, one JSON document, or one finding a line.
pub fn run(ctx: &mut Ctx, args: &DoctorArgs) -> anyhow::Result<Exit> {
    let report = diagnose(ctx, args)?;
    if ctx.ui.format == Format::Ndjson {
        render::lines(&mut ctx.out, &report.findings)?;
    } else {
        render::emit(&mut ctx.out, &ctx.ui, &report)?;
    }
    Ok(report.exit())
}

impl Report for DoctorReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> std::io::Result<()> {
        let lines: Vec<render::doctor::Line> = self
            .findings
            .iter()
            .map(|f| render::doctor::Line {
                result: f.severity.name(),
                tone: severity_tone(f.severity),
                id: f.id,
                title: &f.title,
                seen: (f.severity != Severity::Ok).then_some(f.seen.as_str()),
                fix: f.fix.as_deref(),
            })
            .collect();
        let s = &self.summary;
        let mut verdict = format!("{} ok, {} warn, {} fail", s.ok, s.warn, s.fail);
        if s.strict && s.warn > 0 && s.fail == 0 {
            verdict.push_str(" (--strict: a warning fails the run)");
        }
        render::doctor::findings(out, ui, &lines, &verdict)
    }

    fn exit(&self) -> Exit {
        let s = &self.summary;
        if s.fail > 0 || (s.strict && s.warn > 0) {
            Exit::Failure
        } else {
            Exit::Ok
        }
    }
}

fn severity_tone(severity: Severity) -> Tone {
    match severity {
        Severity::Ok => Tone::Good,
        Severity::Warn => Tone::Warn,
        Severity::Fail => Tone::Bad,
    }
}
