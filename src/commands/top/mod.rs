//! `cogctl top`: a full-screen live view of the Redis, its queues, processes and deaths.
//!
//! Two threads: the sampler owns the Redis connection and reads every interval (and carries
//! out the actions asked for), so a slow or lost Redis never freezes the keys; the main
//! thread owns the terminal, the keys and the drawing.

mod app;
mod sample;

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use clap::Args;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event, KeyEventKind};
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::crossterm::{cursor, execute};
use ratatui::{DefaultTerminal, Terminal};

use super::Ctx;
use crate::cli::exit::{Exit, UsageError};
use crate::cli::values::parse_duration;
use crate::render::top::{Chrome, draw};
use app::{App, Outcome};
use sample::{Action, Sampler};

/// A live full-screen dashboard: queues with enqueue/dequeue rates, throughput, processes
/// and their memory, the latest deaths
///
/// Keys: q or Ctrl-C quit; Tab switches pane (queues, processes, deaths); ↑/↓ or j/k select;
/// p pauses or resumes the selected queue, Q quiets the selected process (each asks y/n
/// first); / filters queues and processes by name (Esc clears).
///
/// Each refresh is a fixed number of pipelined reads (6 round trips) whose size depends only
/// on the number of queues and processes (README "cogctl top"). When Redis can't be reached,
/// a banner says why, the last data stays, and it tries again every interval. Needs a
/// terminal.
#[derive(Debug, Args)]
pub struct TopArgs {
    /// Time between refreshes (at least 100ms)
    #[arg(long, value_name = "DURATION", default_value = "2s", value_parser = parse_duration)]
    pub interval: Duration,

    /// Quit after this many refreshes and print their timing on stderr (benchmarks)
    #[arg(long, value_name = "N", hide = true)]
    pub refreshes: Option<u64>,
}

/// What the sampler thread tells the screen.
enum Update {
    Sample {
        view: Result<Box<crate::render::top::View>, String>,
        took: Duration,
    },
    Done(Result<String, String>),
}

pub fn run(ctx: &mut Ctx, args: &TopArgs) -> anyhow::Result<Exit> {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return Err(UsageError(
            "cogctl top draws a live full-screen view, so its input and output must be a \
             terminal (for a one-off snapshot, use `cogctl stats`)"
                .into(),
        )
        .into());
    }
    if args.interval < Duration::from_millis(100) {
        return Err(UsageError("--interval must be at least 100ms".into()).into());
    }
    let sampler = Sampler::new(ctx.connector()?, ctx.ui.clock);
    let target = sampler.target().to_string();
    let (requests, requested) = mpsc::channel();
    let (updates, updated) = mpsc::channel();
    let interval = args.interval;
    let sampling = thread::Builder::new()
        .name("top-sampler".into())
        .spawn(move || sample_loop(sampler, interval, &requested, &updates))?;

    let stop = Arc::new(AtomicBool::new(false));
    for signal in [libc::SIGTERM, libc::SIGHUP] {
        signal_hook::flag::register(signal, Arc::clone(&stop))?;
    }
    let mut app = App::new(Chrome {
        interval: interval.as_secs_f64(),
        color: ctx.ui.styles.enabled,
        ..Chrome::default()
    });
    app.view.target = target;
    let mut timings = Vec::new();
    let result = {
        let mut screen = Screen::enter()?;
        event_loop(
            &mut screen.terminal,
            &mut app,
            &updated,
            &requests,
            &stop,
            args.refreshes,
            &mut timings,
        )
    };
    drop(requests);
    let _ = sampling.join();
    if args.refreshes.is_some() && !timings.is_empty() {
        let ms: Vec<f64> = timings.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
        let mean = ms.iter().sum::<f64>() / ms.len() as f64;
        let max = ms.iter().copied().fold(0.0, f64::max);
        let _ = writeln!(
            io::stderr(),
            "top: {} refreshes, {} queues, {} processes; a refresh took {mean:.2} ms on \
             average, {max:.2} ms at most",
            ms.len(),
            app.view.queues.len(),
            app.view.processes.len()
        );
    }
    result?;
    Ok(Exit::Ok)
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    updated: &Receiver<Update>,
    requests: &Sender<Action>,
    stop: &AtomicBool,
    refreshes: Option<u64>,
    timings: &mut Vec<Duration>,
) -> anyhow::Result<()> {
    let mut dirty = true;
    loop {
        if dirty {
            let shown = app.shown();
            terminal.draw(|frame| draw(frame, &shown, &app.chrome))?;
            dirty = false;
        }
        if stop.load(Ordering::SeqCst) {
            return Ok(());
        }
        if event::poll(Duration::from_millis(50))? {
            match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => match app.key(key) {
                    Outcome::Quit => return Ok(()),
                    Outcome::Act(action) => {
                        requests.send(action)?;
                        dirty = true;
                    }
                    Outcome::Redraw => dirty = true,
                    Outcome::Nothing => {}
                },
                // Drawn at the new size: ratatui's draw resizes its buffers first.
                Event::Resize(..) => dirty = true,
                _ => {}
            }
        }
        loop {
            match updated.try_recv() {
                Ok(Update::Sample { view, took }) => {
                    match view {
                        Ok(view) => {
                            app.view = *view;
                            app.chrome.banner = None;
                        }
                        Err(reason) => app.chrome.banner = Some(reason),
                    }
                    app.reselect();
                    timings.push(took);
                    dirty = true;
                    if refreshes.is_some_and(|n| timings.len() as u64 >= n) {
                        return Ok(());
                    }
                }
                Ok(Update::Done(outcome)) => {
                    app.chrome.notice = Some(match outcome {
                        Ok(done) => done,
                        Err(why) => format!("failed: {why}"),
                    });
                    dirty = true;
                }
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => {
                    anyhow::bail!("the sampler thread stopped")
                }
            }
        }
    }
}

/// Refresh every `interval`, and at once after an action; until the screen hangs up.
fn sample_loop(
    mut sampler: Sampler,
    interval: Duration,
    requested: &Receiver<Action>,
    updates: &Sender<Update>,
) {
    let mut next = Instant::now();
    loop {
        let wait = next.saturating_duration_since(Instant::now());
        match requested.recv_timeout(wait) {
            Ok(action) => {
                if updates.send(Update::Done(sampler.act(&action))).is_err() {
                    return;
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
        let started = Instant::now();
        let view = sampler
            .refresh()
            .map(Box::new)
            .map_err(|e| crate::text::one_line(&e.to_string()));
        let sample = Update::Sample {
            view,
            took: started.elapsed(),
        };
        if updates.send(sample).is_err() {
            return;
        }
        next = Instant::now() + interval;
    }
}

/// The terminal in raw mode on the alternate screen, given back as it was when dropped (on
/// return, on error) or on a panic.
struct Screen {
    terminal: DefaultTerminal,
}

impl Screen {
    fn enter() -> io::Result<Screen> {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            hook(info);
        }));
        enable_raw_mode()?;
        let screen = execute!(io::stdout(), EnterAlternateScreen)
            .and_then(|()| Terminal::new(CrosstermBackend::new(io::stdout())));
        match screen {
            Ok(terminal) => Ok(Screen { terminal }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, cursor::Show);
}
