//! `cogctl enqueue --from FILE|-`: NDJSON job specs, streamed. A reader thread parses and
//! builds each batch while the previous one is written, so memory stays bounded by a few
//! batches whatever the input's size. Each batch is one script call (jobs whole or not at
//! all); a bad line is reported by number and skipped; Ctrl-C stops between batches.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;
use std::sync::mpsc::{Receiver, Sender, channel, sync_channel};
use std::time::Instant;

use anyhow::Context;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::commands::Ctx;
use crate::ops::bulk;
use crate::ops::push::{self, Batch, JobSpec, When, Written};
use crate::render::progress::Progress;
use crate::render::{self, Report};
use crate::store::Name;
use crate::store::ids::Jids;
use crate::store::job::{Job, string_of};
use crate::store::undo::{self, Kind};
use crate::term::exit::Exit;
use crate::term::interrupt;
use crate::term::ui::{Clock, Ui};
use crate::term::values::parse_duration;
use crate::text::plural;
use crate::text::size::{count, counted};

/// `[]`: the args of a spec that gives none.
fn empty_args() -> &'static RawValue {
    serde_json::from_str("[]").expect("[] is JSON")
}

/// Batches built ahead of the one being written.
const READ_AHEAD: usize = 2;

/// How many errors the summary names.
const ERRORS_SHOWN: usize = 100;

/// A job spec line, its values borrowed from the line. Unknown fields are refused, so a typo
/// (`"queu"`) is a bad line rather than a job on the default queue; so is a field given
/// twice. null counts as absent.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecLine<'a> {
    #[serde(borrow)]
    class: Option<&'a RawValue>,
    #[serde(borrow)]
    args: Option<&'a RawValue>,
    #[serde(borrow)]
    queue: Option<&'a RawValue>,
    #[serde(borrow)]
    retry: Option<&'a RawValue>,
    #[serde(borrow)]
    unique: Option<&'a RawValue>,
    #[serde(borrow)]
    at: Option<&'a RawValue>,
    #[serde(borrow, rename = "in")]
    r#in: Option<&'a RawValue>,
    #[serde(borrow)]
    set: Option<&'a RawValue>,
}

fn parse_spec(line: &[u8]) -> Result<JobSpec<'_>, String> {
    let spec: SpecLine = serde_json::from_slice(line).map_err(|e| {
        let text = e.to_string();
        let reason = text.split(" at line ").next().unwrap_or(&text);
        format!("not a job spec: {reason} (column {})", e.column())
    })?;
    let [class, args, queue, retry, unique, at, r#in, set] = [
        spec.class,
        spec.args,
        spec.queue,
        spec.retry,
        spec.unique,
        spec.at,
        spec.r#in,
        spec.set,
    ]
    .map(present);
    let class = text("class", class)?.ok_or("no \"class\"")?;
    let queue = text("queue", queue)?;
    let args = match args {
        None => Cow::Borrowed(empty_args()),
        Some(a) if a.get().starts_with('[') => Cow::Borrowed(a),
        Some(a) => return Err(format!("\"args\" must be an array, not {}", a.get())),
    };
    let unique = match unique.map(RawValue::get) {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => return Err(format!("\"unique\" must be true or false, not {other}")),
    };
    let when = match (at, r#in) {
        (Some(_), Some(_)) => return Err("both \"at\" and \"in\": give one".into()),
        (Some(at), None) => When::At(match string_of(at) {
            Some(s) => super::parse_at(&s)?,
            None => seconds(at).ok_or_else(|| {
                format!(
                    "\"at\" must be epoch seconds or an RFC 3339 time, not {}",
                    at.get()
                )
            })?,
        }),
        (None, Some(delay)) => When::In(match string_of(delay) {
            Some(s) => parse_duration(&s)?.as_secs_f64(),
            None => seconds(delay).ok_or_else(|| {
                format!(
                    "\"in\" must be seconds or a duration like \"5m\", not {}",
                    delay.get()
                )
            })?,
        }),
        (None, None) => When::Now,
    };
    let mut extra = Vec::new();
    if let Some(set) = set {
        let fields = Job::parse(set.get().as_bytes())
            .map_err(|_| format!("\"set\" must be an object, not {}", set.get()))?;
        for (name, value) in fields.fields() {
            push::set_field(
                &mut extra,
                Cow::Owned(name.to_string()),
                Cow::Borrowed(value),
            );
        }
    }
    let spec = JobSpec {
        class,
        args,
        queue,
        retry: retry.map(Cow::Borrowed),
        unique,
        when,
        set: extra,
    };
    spec.check()?;
    Ok(spec)
}

/// A field's value, null counting as absent.
fn present(value: Option<&RawValue>) -> Option<&RawValue> {
    value.filter(|v| v.get() != "null")
}

/// A string field's value.
fn text<'a>(name: &str, value: Option<&'a RawValue>) -> Result<Option<Cow<'a, str>>, String> {
    match value {
        None => Ok(None),
        Some(v) => string_of(v)
            .map(Some)
            .ok_or_else(|| format!("\"{name}\" must be a string, not {}", v.get())),
    }
}

/// A JSON number of seconds, zero or more.
fn seconds(value: &RawValue) -> Option<f64> {
    serde_json::from_str::<f64>(value.get())
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
}

/// One batch as the reader built it, sent back to it for reuse once written.
#[derive(Default)]
struct Chunk {
    batch: Batch,
    /// The line number of each job of the batch.
    numbers: Vec<u64>,
    /// (line number, why) for lines that are not jobs.
    bad: Vec<(u64, String)>,
    /// Non-blank lines this chunk covers.
    lines: u64,
}

/// Read, parse and build chunks of `size` jobs on a thread of its own. Written chunks come
/// back through the returned sender to be filled again: their buffers are reused, and freed
/// by the thread that allocated them.
fn reader(
    mut input: Box<dyn BufRead + Send>,
    size: usize,
    clock: Clock,
) -> (Receiver<io::Result<Chunk>>, Sender<Chunk>) {
    let (tx, rx) = sync_channel(READ_AHEAD);
    let (back_tx, back_rx) = channel::<Chunk>();
    std::thread::spawn(move || {
        let mut jids = Jids::new();
        let mut buf = Vec::with_capacity(1024);
        let mut number: u64 = 0;
        loop {
            let mut chunk = back_rx.try_recv().unwrap_or_default();
            chunk.batch.clear();
            chunk.numbers.clear();
            chunk.bad.clear();
            chunk.lines = 0;
            let mut end = false;
            while chunk.batch.len() < size {
                buf.clear();
                match input.read_until(b'\n', &mut buf) {
                    Ok(0) => {
                        end = true;
                        break;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                }
                number += 1;
                if buf.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                chunk.lines += 1;
                let built = parse_spec(&buf).and_then(|spec| {
                    chunk
                        .batch
                        .add(&spec, &mut jids, &clock)
                        .map_err(|e| e.to_string())
                });
                match built {
                    Ok(()) => chunk.numbers.push(number),
                    Err(reason) => chunk.bad.push((number, reason)),
                }
            }
            if (chunk.lines > 0 && tx.send(Ok(chunk)).is_err()) || end {
                return;
            }
        }
    });
    (rx, back_tx)
}

pub fn run(ctx: &mut Ctx, path: &Path, batch: usize) -> anyhow::Result<Exit> {
    let stdin = path == Path::new("-");
    let source = if stdin {
        "-".to_string()
    } else {
        path.display().to_string()
    };
    let input: Box<dyn BufRead + Send> = if stdin {
        Box::new(BufReader::with_capacity(256 * 1024, io::stdin()))
    } else {
        let file = File::open(path).with_context(|| format!("cannot read {source}"))?;
        Box::new(BufReader::with_capacity(256 * 1024, file))
    };
    let total = if !stdin && Progress::shown(&ctx.ui) {
        count_lines(path).with_context(|| format!("cannot read {source}"))?
    } else {
        0
    };
    let ui = ctx.ui.clone();
    let mut recorder = ctx.start_undo(Kind::Enqueue, &[])?;
    let store = ctx.store()?;
    push::load_scripts(store)?;
    let mut summary = FromSummary::new(&source, store.target());
    interrupt::watch();
    let progress = Progress::new(&ui, total, "enqueuing");
    let mut reasons: HashMap<Name, String> = HashMap::new();
    let (chunks, back) = reader(input, batch, ui.clock);
    for chunk in chunks {
        if interrupt::requested() {
            summary.interrupted = true;
            break;
        }
        let mut chunk = chunk.with_context(|| format!("cannot read {source}"))?;
        summary.lines += chunk.lines;
        for (line, reason) in chunk.bad.drain(..) {
            summary.bad_lines += 1;
            summary.note(line, None, reason);
        }
        let outcomes = chunk.batch.write(store)?;
        if let Some(r) = recorder.as_mut() {
            undo::keep_jobs(store, r, &chunk.batch.undo_entries(&outcomes))?;
        }
        for (i, outcome) in outcomes.into_iter().enumerate() {
            match outcome {
                Written::Written if chunk.batch.scheduled(i) => summary.scheduled += 1,
                Written::Written => summary.pushed += 1,
                Written::Duplicate(_) => summary.duplicates += 1,
                Written::Failed(text) => {
                    summary.failed += 1;
                    let job = chunk.batch.get(i);
                    let reason = reasons
                        .entry(job.key())
                        .or_insert_with(|| push::failure_reason(store, &job, &text))
                        .clone();
                    summary.note(chunk.numbers[i], Some(job.jid), reason);
                }
            }
        }
        progress.inc(chunk.lines);
        let _ = back.send(chunk);
    }
    progress.finish();
    summary.finish();
    summary.undo = ctx.finish_undo(recorder.as_ref());
    ctx.record(crate::ops::Counts {
        matched: summary.lines,
        done: summary.pushed + summary.scheduled,
        gone: 0,
        skipped: summary.duplicates + summary.bad_lines,
        failed: summary.failed,
    });
    render::emit(&mut ctx.out, &ctx.ui, &summary)?;
    Ok(summary.exit())
}

/// The number of lines of a file, for the progress bar's total.
fn count_lines(path: &Path) -> io::Result<u64> {
    let mut file = File::open(path)?;
    let mut buf = vec![0u8; 256 * 1024];
    let mut lines = 0;
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            return Ok(lines);
        }
        lines += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
    }
}

/// One line that was not enqueued.
#[derive(Debug, Serialize)]
pub struct LineError {
    pub line: u64,
    /// The jid the job was given, when the line was a valid spec that Redis refused.
    pub jid: Option<String>,
    pub reason: String,
}

/// What `enqueue --from` did. Its JSON is a contract (docs/output.md "JSON output").
#[derive(Debug, Serialize)]
pub struct FromSummary {
    /// The input: the file's path, or "-" for stdin.
    pub source: String,
    /// The Redis, password redacted.
    pub target: String,
    /// Non-blank lines read.
    pub lines: u64,
    /// Jobs pushed onto their queue.
    pub pushed: u64,
    /// Jobs written into cogworker:schedule.
    pub scheduled: u64,
    /// Unique jobs whose lock was held: nothing written for them.
    pub duplicates: u64,
    /// Lines that are not valid job specs, skipped.
    pub bad_lines: u64,
    /// Valid jobs Redis refused (e.g. a queue key of the wrong type): nothing written for them.
    pub failed: u64,
    /// True when Ctrl-C stopped the run between batches.
    pub interrupted: bool,
    pub elapsed_secs: f64,
    /// The first bad or refused lines (by line number), with why.
    pub errors: Vec<LineError>,
    /// How many more there were than `errors` lists.
    pub errors_more: u64,
    /// What was kept to undo the enqueue, absent with --no-undo or when nothing was pushed.
    pub undo: Option<undo::Kept>,
    #[serde(skip)]
    started: Option<Instant>,
}

impl FromSummary {
    fn new(source: &str, target: &str) -> FromSummary {
        FromSummary {
            source: source.to_string(),
            target: target.to_string(),
            lines: 0,
            pushed: 0,
            scheduled: 0,
            duplicates: 0,
            bad_lines: 0,
            failed: 0,
            interrupted: false,
            elapsed_secs: 0.0,
            errors: Vec::new(),
            errors_more: 0,
            undo: None,
            started: Some(Instant::now()),
        }
    }

    fn note(&mut self, line: u64, jid: Option<&str>, reason: String) {
        if self.errors.len() < ERRORS_SHOWN {
            self.errors.push(LineError {
                line,
                jid: jid.map(str::to_string),
                reason,
            });
        } else {
            self.errors_more += 1;
        }
    }

    fn finish(&mut self) {
        // Bad lines are noted as read, refusals after each batch's write: show them in
        // line order.
        self.errors.sort_by_key(|e| e.line);
        if let Some(started) = self.started.take() {
            self.elapsed_secs = (started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
        }
    }

    fn written(&self) -> u64 {
        self.pushed + self.scheduled
    }
}

impl Report for FromSummary {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.lines == 0 && !self.interrupted {
            return writeln!(
                out,
                "nothing to enqueue: {} holds no job specs",
                self.source
            );
        }
        writeln!(
            out,
            "{} {} of {} from {} on {}: {} pushed, {} scheduled",
            s.strong("enqueued"),
            count(self.written()),
            counted(self.lines, "job", "jobs"),
            self.source,
            self.target,
            count(self.pushed),
            count(self.scheduled)
        )?;
        if self.duplicates > 0 {
            writeln!(
                out,
                "{} {} (their unique lock is held; nothing written for them)",
                count(self.duplicates),
                plural(self.duplicates, "duplicate", "duplicates")
            )?;
        }
        if self.bad_lines > 0 {
            writeln!(
                out,
                "{}",
                s.warn(&format!(
                    "{} bad {} skipped",
                    count(self.bad_lines),
                    plural(self.bad_lines, "line", "lines")
                ))
            )?;
        }
        if self.failed > 0 {
            writeln!(
                out,
                "{}",
                s.bad(&format!(
                    "{} refused by Redis (nothing written for them)",
                    count(self.failed)
                ))
            )?;
        }
        for e in &self.errors {
            writeln!(
                out,
                "  line {}: {}",
                e.line,
                crate::text::one_line(&e.reason)
            )?;
        }
        if self.errors_more > 0 {
            writeln!(out, "  … and {} more", count(self.errors_more))?;
        }
        if self.interrupted {
            writeln!(
                out,
                "{}",
                s.warn(
                    "interrupted: stopped between batches; every job above was written whole, \
                     the rest of the input was not read"
                )
            )?;
        }
        writeln!(
            out,
            "{}",
            crate::render::bulk::took(ui, self.elapsed_secs, self.written())
        )
    }

    fn exit(&self) -> Exit {
        bulk::bulk_exit(
            self.interrupted,
            self.bad_lines + self.failed,
            self.written() + self.duplicates,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let spec = parse_spec(
            br#"{"class":"A","args":[1,"x"],"queue":"q","retry":3,"unique":true,"in":"5m","set":{"b":1,"a":2}}"#,
        )
        .unwrap();
        assert_eq!(spec.when, When::In(300.0));
        assert_eq!(spec.set[0].0, "b");
        assert!(spec.unique);
        let spec = parse_spec(br#"{"class":"A","at":"2026-12-02T00:00:00Z"}"#).unwrap();
        assert_eq!(spec.when, When::At(1796169600.0));
        assert_eq!(
            parse_spec(br#"{"class":"A","at":1796169600.5}"#)
                .unwrap()
                .when,
            When::At(1796169600.5)
        );
        for (line, why) in [
            (&br#"{"args":[]}"#[..], "no \"class\""),
            (br#"{"class":"A","queu":"q"}"#, "unknown field `queu`"),
            (br#"{"class":"A","class":"B"}"#, "duplicate field `class`"),
            (br#"{"class":1}"#, "\"class\" must be a string"),
            (br#"{"class":"A","unique":"yes"}"#, "\"unique\" must be"),
            (br#"{"class":"A","set":[1]}"#, "\"set\" must be an object"),
            (br#"{"class":"A","in":-5}"#, "\"in\" must be"),
            (br#"{"class":"A","args":{}}"#, "\"args\" must be an array"),
            (br#"{"class":"A","retry":"3"}"#, "retry must be"),
            (br#"{"class":"A","at":1,"in":2}"#, "both"),
            (br#"{"class":"A","set":{"queue":"x"}}"#, "--queue"),
            (br#"{"class":"#, "not a job spec"),
            (br#"[1]"#, "not a job spec"),
        ] {
            let err = parse_spec(line).err().unwrap();
            assert!(
                err.contains(why),
                "{}: {err}",
                String::from_utf8_lossy(line)
            );
        }
    }
}
