//! `--watch[=INTERVAL]`: a view run again every INTERVAL until Ctrl-C (or SIGTERM), each
//! refresh captured whole before anything is shown.
//!
//! On a terminal with table output the refreshes share one screen (the alternate screen,
//! cursor hidden): a header line, then the frame, redrawn in place line by line with what
//! changed since the last refresh in reverse video (render/watch.rs). Otherwise every
//! refresh is printed in full: a table after a `--- <time> · cogctl <view> ---` line, a JSON
//! document, or one NDJSON line `{"at","refresh","data"}`.
//!
//! A refresh that fails (Redis went away) doesn't end the watch: the screen keeps the last
//! frame under a red banner, a pipe gets a line on stderr, and the next refresh connects
//! afresh. Only what no retry can fix (a usage error, an unusable --redis-url) ends it.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chrono::{Local, SecondsFormat, Utc};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::crossterm::{cursor, execute, terminal};
use serde::Serialize;
use serde_json::value::RawValue;

use crate::commands::{Ctx, WatchArgs};
use crate::ops::listing::{LimitArgs, TABLE_LIMIT};
use crate::render::watch::Frame;
use crate::store::StoreError;
use crate::term::exit::{Exit, UsageError};
use crate::term::ui::{Clock, Format, Warnings};
use crate::text::json::{self, compact};
use crate::text::visible;

/// The longest a wait goes without looking at the stop flag (Ctrl-C, SIGTERM).
const TICK: Duration = Duration::from_millis(50);

/// Run `refresh` once, or under `--watch` every interval until stopped.
pub fn watched(
    ctx: &mut Ctx,
    view: &str,
    args: &WatchArgs,
    mut refresh: impl FnMut(&mut Ctx) -> anyhow::Result<Exit>,
) -> anyhow::Result<Exit> {
    match args.watch {
        Some(every) => run(ctx, view, None, every, args.watch_count, &mut refresh),
        None => refresh(ctx),
    }
}

/// [`watched`] for a view across a fleet: the screen's header names `fleet` (its shards'
/// Redis are their contexts').
pub fn watched_fleet(
    ctx: &mut Ctx,
    view: &str,
    fleet: &str,
    args: &WatchArgs,
    mut refresh: impl FnMut(&mut Ctx) -> anyhow::Result<Exit>,
) -> anyhow::Result<Exit> {
    match args.watch {
        Some(every) => {
            let label = format!("fleet {}", visible(fleet));
            run(
                ctx,
                view,
                Some(label),
                every,
                args.watch_count,
                &mut refresh,
            )
        }
        None => refresh(ctx),
    }
}

/// For `--watch 5s`, refused as a stray word: how to give the interval.
pub fn interval_hint(argv: &[std::ffi::OsString]) -> Option<String> {
    argv.windows(2).find_map(|pair| {
        let word = pair[1].to_str()?;
        (pair[0] == "--watch" && crate::duration::parse_duration(word).is_ok()).then(|| {
            format!("hint: the interval goes after an equals sign: --watch={word} (a bare --watch refreshes every 2s)")
        })
    })
}

/// A list under `--watch` shows one page a refresh (--limit N, else the table's 50, in every
/// format): `--all` would read and print the whole set every INTERVAL.
pub fn one_page(args: &WatchArgs, limit: &mut LimitArgs) -> anyhow::Result<()> {
    if args.watch.is_none() {
        return Ok(());
    }
    if limit.all {
        return Err(UsageError(format!(
            "--watch shows one page per refresh (--limit N, default {TABLE_LIMIT}); --all would \
             read and print every entry again on each refresh"
        ))
        .into());
    }
    limit.limit.get_or_insert(TABLE_LIMIT);
    Ok(())
}

fn run(
    ctx: &mut Ctx,
    view: &str,
    target: Option<String>,
    every: Duration,
    count: Option<u64>,
    refresh: &mut dyn FnMut(&mut Ctx) -> anyhow::Result<Exit>,
) -> anyhow::Result<Exit> {
    // An unusable URL fails here, before the screen is taken over.
    let target = match target {
        Some(target) => target,
        None => ctx.connector()?.target().to_string(),
    };
    let format = ctx.ui.format;
    let screen = format == Format::Table && io::IsTerminal::is_terminal(&io::stdout());
    let stop = stop_flag(!screen)?;
    let mut sink = if screen {
        ctx.ui.warnings = Warnings::kept();
        Sink::Screen(Screen::enter(ctx, view, &target, every)?)
    } else {
        // NDJSON wraps what --json prints for each refresh.
        if format == Format::Ndjson {
            ctx.ui.format = Format::Json;
        }
        Sink::Stream(Stream {
            format,
            view: view.to_string(),
        })
    };
    let mut shown: u64 = 0;
    let mut refreshes: u64 = 0;
    while !stop.load(Ordering::SeqCst) {
        let started = Instant::now();
        let at = Utc::now();
        if !ctx.ui.clock.pinned {
            ctx.ui.clock = Clock::system();
        }
        if let Sink::Screen(screen) = &sink {
            ctx.ui.width = Some(screen.frame.cols());
            // Only this refresh's warnings go under its frame.
            ctx.ui.warnings.take();
        }
        let (result, bytes) = ctx.captured(|ctx| refresh(ctx));
        refreshes += 1;
        match result {
            Ok(_) => {
                shown += 1;
                match &mut sink {
                    Sink::Screen(screen) => screen.show(ctx, &bytes)?,
                    Sink::Stream(stream) => stream.show(ctx, shown, at, &bytes)?,
                }
            }
            Err(err) if ends_the_watch(&err) => return Err(err),
            Err(err) => {
                ctx.disconnect();
                let reason = failure(&err, every);
                match &mut sink {
                    Sink::Screen(screen) => screen.failed(&reason)?,
                    Sink::Stream(_) => ctx.ui.warn_line(&format!(
                        "{} {}: {reason}",
                        ctx.ui.styles.warn("warning:"),
                        at.to_rfc3339_opts(SecondsFormat::Millis, true)
                    )),
                }
            }
        }
        if count.is_some_and(|n| refreshes >= n) {
            break;
        }
        let until = started + every;
        let go_on = match &mut sink {
            Sink::Screen(screen) => screen.wait(until, &stop)?,
            Sink::Stream(_) => sleep_until(until, &stop),
        };
        if !go_on {
            break;
        }
    }
    Ok(Exit::Ok)
}

/// Set by SIGINT and SIGTERM: the watch ends between refreshes, exit 0. With `impatient`, a
/// second signal during a slow refresh (Redis not answering) ends the process at once, exit
/// 130; not on the screen, which must be given back first (there Ctrl-C is a key anyway).
fn stop_flag(impatient: bool) -> io::Result<Arc<AtomicBool>> {
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        if impatient {
            signal_hook::flag::register_conditional_shutdown(
                signal,
                Exit::Interrupted.code().into(),
                Arc::clone(&stop),
            )?;
        }
        signal_hook::flag::register(signal, Arc::clone(&stop))?;
    }
    Ok(stop)
}

/// False when stopped before `until`.
fn sleep_until(until: Instant, stop: &AtomicBool) -> bool {
    loop {
        if stop.load(Ordering::SeqCst) {
            return false;
        }
        let now = Instant::now();
        if now >= until {
            return true;
        }
        std::thread::sleep((until - now).min(TICK));
    }
}

/// What retrying can't fix.
fn ends_the_watch(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.is::<UsageError>() || matches!(e.downcast_ref(), Some(StoreError::InvalidAddress { .. }))
    })
}

/// A failed refresh in one line, for the banner or stderr.
fn failure(err: &anyhow::Error, every: Duration) -> String {
    let unreachable = err
        .chain()
        .filter_map(|e| e.downcast_ref::<StoreError>())
        .any(StoreError::is_connection);
    let what = if unreachable {
        "Redis unreachable"
    } else {
        "refresh failed"
    };
    // The reason last: a terminal's width may cut it, the rest of the banner matters as much.
    format!(
        "{what} (trying again every {}): {}",
        interval(every),
        visible(&format!("{err:#}"))
    )
}

/// `2s`, `500ms`, `1.5s`, `5m`.
fn interval(every: Duration) -> String {
    let ms = every.as_millis();
    if ms < 1000 {
        format!("{ms}ms")
    } else if ms.is_multiple_of(60_000) {
        format!("{}m", ms / 60_000)
    } else if ms.is_multiple_of(1000) {
        format!("{}s", ms / 1000)
    } else {
        format!("{}s", every.as_secs_f64())
    }
}

enum Sink {
    Screen(Screen),
    Stream(Stream),
}

/// Not a terminal (or not a table): every refresh printed whole, then flushed.
struct Stream {
    format: Format,
    view: String,
}

impl Stream {
    fn show(
        &mut self,
        ctx: &mut Ctx,
        refresh: u64,
        at: chrono::DateTime<Utc>,
        bytes: &[u8],
    ) -> io::Result<()> {
        let at = at.to_rfc3339_opts(SecondsFormat::Millis, true);
        let out = &mut ctx.out;
        match self.format {
            Format::Table | Format::Markdown => {
                writeln!(out, "--- {at} · cogctl {} ---", self.view)?;
                out.write_all(bytes)?;
            }
            Format::Json => out.write_all(bytes)?,
            Format::Ndjson => {
                let data = compact(String::from_utf8_lossy(bytes).trim());
                let data = if data.is_empty() { "null".into() } else { data };
                let data = RawValue::from_string(data).map_err(|e| {
                    io::Error::other(format!("a refresh of {} printed no JSON ({e})", self.view))
                })?;
                json::to_writer(
                    &mut *out,
                    &Refresh {
                        at: &at,
                        refresh,
                        data: &data,
                    },
                )?;
                writeln!(out)?;
            }
        }
        out.flush()
    }
}

/// One NDJSON line of a watch: when the refresh began, its number, and what `--json` printed.
#[derive(Serialize)]
struct Refresh<'a> {
    at: &'a str,
    refresh: u64,
    data: &'a RawValue,
}

/// The terminal, taken over for the watch (alternate screen, cursor hidden, keys unechoed)
/// and given back when this is dropped, on an error, or in a panic.
struct Screen {
    frame: Frame,
    header: String,
    /// The terminal is in raw mode: keys are read (q, Ctrl-C) instead of echoed.
    keys: bool,
    styles: crate::term::ui::Styles,
}

impl Screen {
    fn enter(ctx: &Ctx, view: &str, target: &str, every: Duration) -> io::Result<Screen> {
        let (cols, rows) = terminal::size().unwrap_or((80, 24));
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
        let keys = terminal::enable_raw_mode().is_ok();
        Ok(Screen {
            frame: Frame::new(cols.into(), rows.into()),
            header: format!(
                "every {} · cogctl {view} · {}",
                interval(every),
                visible(target)
            ),
            keys,
            styles: ctx.ui.styles,
        })
    }

    fn header(&self) -> String {
        let now = Local::now().format("%H:%M:%S");
        self.styles.strong(&format!("{} · {now}", self.header))
    }

    fn show(&mut self, ctx: &Ctx, bytes: &[u8]) -> io::Result<()> {
        self.resize();
        let text = String::from_utf8_lossy(bytes);
        let mut lines: Vec<&str> = text.lines().collect();
        let warnings = ctx.ui.warnings.take();
        if !warnings.is_empty() {
            lines.push("");
            lines.extend(warnings.iter().map(String::as_str));
        }
        self.frame.set_body(&lines);
        self.frame.set_banner(None);
        let header = self.header();
        self.frame.set_header(&header);
        self.draw()
    }

    fn failed(&mut self, reason: &str) -> io::Result<()> {
        self.resize();
        let banner = self.styles.bad(reason);
        self.frame.set_banner(Some(&banner));
        let header = self.header();
        self.frame.set_header(&header);
        self.draw()
    }

    fn draw(&mut self) -> io::Result<()> {
        let mut out = Vec::with_capacity(16 * 1024);
        self.frame.draw(&mut out)?;
        let mut stdout = io::stdout().lock();
        stdout.write_all(&out)?;
        stdout.flush()
    }

    /// A new size redraws the whole screen from the last frame.
    fn resize(&mut self) {
        if let Ok((cols, rows)) = terminal::size() {
            self.frame.resize(cols.into(), rows.into());
        }
    }

    /// Wait for `until`, redrawing on a resize; false when stopped (Ctrl-C, q, SIGTERM).
    fn wait(&mut self, until: Instant, stop: &AtomicBool) -> io::Result<bool> {
        loop {
            if stop.load(Ordering::SeqCst) {
                return Ok(false);
            }
            let slice = until.saturating_duration_since(Instant::now()).min(TICK);
            // Polled even when a slow refresh overran the interval, so q and Ctrl-C still work.
            if !self.keys {
                std::thread::sleep(slice);
            } else if event::poll(slice)? {
                match event::read()? {
                    Event::Key(key) if key.kind != KeyEventKind::Release => {
                        let ctrl_c = key.code == KeyCode::Char('c')
                            && key.modifiers.contains(KeyModifiers::CONTROL);
                        if ctrl_c || key.code == KeyCode::Char('q') {
                            return Ok(false);
                        }
                    }
                    Event::Resize(..) => {
                        self.resize();
                        self.draw()?;
                    }
                    _ => {}
                }
            }
            if Instant::now() >= until {
                return Ok(!stop.load(Ordering::SeqCst));
            }
        }
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

/// Give the terminal back: cooked mode, cursor shown, main screen. Harmless when repeated.
fn restore() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
}
