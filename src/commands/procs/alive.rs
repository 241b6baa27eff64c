//! `cogctl procs alive`: an exec liveness probe for worker processes, the gem's and cogctl's
//! alike. A process is alive when its presence key exists and it beat within the allowed age:
//! by its `cogworker:last_beat` stamp (Redis' clock, reliable fetch), else by the presence
//! key's TTL (60 s at each beat, as the Web UI reads it). Read-only.

use std::io::{self, Write};
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use crate::commands::Ctx;
use crate::render::{self, Report};
use crate::store::{KeyType, Name, Store, StoreResult, keys, value};
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::term::values::{name_parser, parse_duration};

/// The presence key's TTL at each beat (KEYS.md §3.15).
const PRESENCE_TTL: f64 = keys::ttl::PRESENCE as f64;
/// Registry members read per SSCAN page.
const PAGE: usize = 500;

// Its help text is the doc comment of `ProcsAction::Alive`.
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "Is a worker process of this machine (this pod) alive?",
        "cogctl procs alive",
    ),
    (
        "A process of another host, allowing a minute since its last beat",
        "cogctl procs alive --hostname web-1 --max-beat-age 1m",
    ),
    (
        "One process, by its identity",
        "cogctl procs alive --identity web-1:4120:57ef49409f19",
    ),
]))]
pub struct AliveArgs {
    /// The processes of this host (the `hostname` their heartbeat reports) [default: this
    /// machine's hostname, or $DYNO]
    #[arg(long, value_name = "HOST", conflicts_with = "identity")]
    pub hostname: Option<String>,

    /// One process, by its identity
    #[arg(long, value_name = "IDENTITY", value_parser = name_parser())]
    pub identity: Option<Name>,

    /// The oldest last beat that still counts as alive (processes beat every 5 s)
    #[arg(long, value_name = "DURATION", default_value = "30s", value_parser = parse_duration)]
    pub max_beat_age: Duration,
}

/// What `procs alive` found. Its JSON is a contract (see docs/workers-in-production.md).
#[derive(Debug, Serialize)]
pub struct AliveReport {
    pub target: String,
    /// The host asked about (none when asked by identity).
    pub hostname: Option<String>,
    pub identity: Option<Name>,
    pub max_beat_age: f64,
    /// A process matched and is alive.
    pub alive: bool,
    /// Why not, when not.
    pub reason: Option<String>,
    /// Every process of that host (or that identity) in cogworker:processes.
    pub processes: Vec<Seen>,
}

#[derive(Debug, Serialize)]
pub struct Seen {
    pub identity: Name,
    /// alive, stale (a presence key, but its beat is too old) or gone (no presence key).
    pub state: &'static str,
    pub quiet: Option<bool>,
    /// Seconds since its last beat, when known.
    pub beat_age: Option<f64>,
    /// Which of `last_beat` or `ttl` gave `beat_age`.
    pub beat_age_from: Option<&'static str>,
}

pub fn run(ctx: &mut Ctx, args: &AliveArgs) -> anyhow::Result<Exit> {
    let pinned = ctx.ui.clock.pinned.then_some(ctx.ui.clock.now);
    let hostname = match (&args.hostname, &args.identity) {
        (_, Some(_)) => None,
        (Some(h), None) => Some(h.clone()),
        (None, None) => Some(crate::store::ids::hostname()),
    };
    let max_age = args.max_beat_age.as_secs_f64();
    let store = ctx.store()?;
    let now = match pinned {
        Some(now) => now,
        None => store.time()? as f64,
    };
    let mut processes = Vec::new();
    match (&hostname, &args.identity) {
        (_, Some(id)) => {
            processes.extend(read(store, std::slice::from_ref(id), None, now, max_age)?)
        }
        (Some(host), None) => {
            let mut cursor: u64 = 0;
            loop {
                let (next, page): (u64, Vec<Name>) = store.query(
                    redis::cmd("SSCAN")
                        .arg(keys::PROCESSES)
                        .arg(cursor)
                        .arg("COUNT")
                        .arg(PAGE),
                    keys::PROCESSES,
                    KeyType::Set,
                )?;
                processes.extend(read(store, &page, Some(host), now, max_age)?);
                cursor = next;
                if cursor == 0 {
                    break;
                }
            }
        }
        (None, None) => unreachable!("a hostname is always chosen"),
    }
    processes.sort_by(|a, b| a.identity.cmp(&b.identity));
    processes.dedup_by(|a, b| a.identity == b.identity);
    let alive = processes.iter().any(|p| p.state == "alive");
    let reason = (!alive).then(|| why_not(&processes, hostname.as_deref(), args, max_age));
    let report = AliveReport {
        target: store.target().to_string(),
        hostname,
        identity: args.identity.clone(),
        max_beat_age: max_age,
        alive,
        reason,
        processes,
    };
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(report.exit())
}

/// The presence, TTL and stamp of each of `ids`, in one round trip; those of `host` only (by
/// the hostname their `info` reports, or for one without a presence key, by the host part of
/// its identity) when given.
fn read(
    store: &mut Store,
    ids: &[Name],
    host: Option<&str>,
    now: f64,
    max_age: f64,
) -> StoreResult<Vec<Seen>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut pipe = redis::pipe();
    for id in ids {
        pipe.cmd("HMGET")
            .arg(keys::process(id))
            .arg("info")
            .arg("quiet");
        pipe.cmd("PTTL").arg(keys::process(id));
    }
    pipe.cmd("HMGET").arg(keys::LAST_BEAT).arg(ids);
    let replies = store.pipeline(&pipe)?;
    let stamps: Vec<Option<f64>> = match replies.last() {
        Some(Ok(v)) => value::items(v)
            .iter()
            .map(|s| value::string(s).and_then(|s| crate::store::liveness::lua_tonumber(&s)))
            .collect(),
        // A last_beat of the wrong type: the TTL still tells.
        _ => Vec::new(),
    };
    let mut seen = Vec::new();
    for (i, id) in ids.iter().enumerate() {
        let fields = match &replies[2 * i] {
            Ok(v) => value::items(v).to_vec(),
            Err(_) => Vec::new(),
        };
        let info = fields.first().and_then(value::bytes);
        let present = info.is_some();
        if let Some(host) = host {
            let reported = info.and_then(|raw| {
                serde_json::from_slice::<serde_json::Value>(raw)
                    .ok()?
                    .get("hostname")?
                    .as_str()
                    .map(str::to_owned)
            });
            let matches = match reported {
                Some(h) => h == host,
                None => identity_host(id) == host.as_bytes(),
            };
            if !matches {
                continue;
            }
        }
        let ttl_ms = replies[2 * i + 1]
            .as_ref()
            .ok()
            .and_then(value::int)
            .filter(|t| *t >= 0);
        let (beat_age, from) = match (stamps.get(i).copied().flatten(), ttl_ms) {
            (Some(stamp), _) => (Some((now - stamp).max(0.0)), Some("last_beat")),
            (None, Some(ttl)) if present => (
                Some((PRESENCE_TTL - ttl as f64 / 1000.0).max(0.0)),
                Some("ttl"),
            ),
            _ => (None, None),
        };
        let state = match (present, beat_age) {
            (false, _) => "gone",
            (true, Some(age)) if age <= max_age => "alive",
            (true, _) => "stale",
        };
        seen.push(Seen {
            identity: id.clone(),
            state,
            quiet: fields.get(1).and_then(value::string).map(|q| q == "true"),
            beat_age: beat_age.map(|a| (a * 1000.0).round() / 1000.0),
            beat_age_from: from,
        });
    }
    Ok(seen)
}

/// `host` of an identity `<host>:<pid>:<random>` (split on the last two colons, since a
/// hostname may hold one).
fn identity_host(identity: &[u8]) -> &[u8] {
    let mut parts = identity.rsplitn(3, |&b| b == b':');
    let (_, _, host) = (parts.next(), parts.next(), parts.next());
    host.unwrap_or(b"")
}

fn why_not(seen: &[Seen], host: Option<&str>, args: &AliveArgs, max_age: f64) -> String {
    let what = match (host, &args.identity) {
        (_, Some(id)) => format!("process {}", id.shown()),
        (Some(h), None) => format!("no process of host {}", crate::text::visible(h)),
        (None, None) => String::new(),
    };
    if seen.is_empty() {
        return match &args.identity {
            Some(id) => format!("process {} has no presence key", id.shown()),
            None => format!("{what} in {}", keys::PROCESSES),
        };
    }
    let stale: Vec<String> = seen
        .iter()
        .filter(|p| p.state == "stale")
        .map(|p| {
            format!(
                "{} last beat {}s ago",
                p.identity.shown(),
                p.beat_age.map_or("?".into(), |a| format!("{a:.0}"))
            )
        })
        .collect();
    if !stale.is_empty() {
        return format!(
            "no beat within {}: {}",
            crate::duration::span(max_age),
            stale.join(", ")
        );
    }
    match &args.identity {
        Some(id) => format!("process {} has no presence key", id.shown()),
        None => format!(
            "{what} has a presence key ({} gone: stopped or crashed)",
            seen.len()
        ),
    }
}

impl Report for AliveReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        for p in &self.processes {
            let age = p
                .beat_age
                .map_or(String::new(), |a| format!(", beat {a:.1}s ago"));
            let quiet = if p.quiet == Some(true) { ", quiet" } else { "" };
            writeln!(out, "{} {}{age}{quiet}", p.identity.shown(), p.state)?;
        }
        match &self.reason {
            None => writeln!(out, "{}", s.good("alive")),
            Some(why) => {
                let _ = writeln!(io::stderr().lock(), "{} {why}", s.bad("not alive:"));
                Ok(())
            }
        }
    }

    fn exit(&self) -> Exit {
        if self.alive { Exit::Ok } else { Exit::Failure }
    }
}
