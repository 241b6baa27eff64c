//! The console's loop: `cogctl top` hands over here once its flags are read.
//!
//! Four threads: the sampler owns a connection and reads the dashboard every interval, so a
//! slow or lost Redis never freezes the keys; the incident thread reads `incident` while the
//! screen shows it; the reader (reader.rs) reads the lists and jobs and carries out the
//! changes asked for; the main thread owns the terminal, the keys and the drawing.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::mem::ManuallyDrop;
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event, KeyEventKind};
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::crossterm::{cursor, execute};

use super::home::{App, Outcome};
use super::reader::{Answer, Reader, Request};
use super::{Console, Outcome as Keyed};
use crate::ops::Session as Ctx;
use crate::ops::dashboard::Sampler;
use crate::ops::dashboard::fleet::FleetSampler;
use crate::render::top::{Chrome, draw_in};
use crate::term::exit::{Exit, UsageError};

/// How the console runs.
pub struct Options {
    /// Time between the dashboard's refreshes.
    pub interval: Duration,
    /// Quit after this many refreshes and print their timing, and how long each key took to
    /// be drawn, on stderr (benchmarks).
    pub refreshes: Option<u64>,
    /// A console across a fleet: every shard read, merged, until `:shard` narrows it.
    pub fleet: Option<Fleet>,
}

/// The fleet a console reads across.
pub struct Fleet {
    pub name: String,
    /// The flags that name it in the commands cogctl suggests (`ops::fleet::flag`).
    pub named: String,
    /// Each shard's session, as `--context NAME` makes it, in the fleet's order.
    pub shards: Vec<(String, Ctx)>,
}

/// What the dashboard's thread reads: one Redis, or every shard of a fleet.
enum Sampling {
    One(Box<Sampler>),
    Fleet(FleetSampler),
}

impl Sampling {
    fn refresh(&mut self) -> Result<crate::ops::dashboard::View, String> {
        match self {
            Sampling::One(s) => s
                .refresh()
                .map_err(|e| crate::text::one_line(&e.to_string())),
            Sampling::Fleet(f) => f.refresh(),
        }
    }

    fn ping(&mut self) -> Result<(), String> {
        match self {
            Sampling::One(s) => s.ping().map_err(|e| crate::text::one_line(&e.to_string())),
            Sampling::Fleet(f) => f.ping(),
        }
    }

    fn narrow(&mut self, shard: Option<&str>) {
        if let Sampling::Fleet(f) = self {
            f.narrow(shard);
        }
    }
}

/// What the screen shows of a fleet: the shard it is narrowed to (None: all of them), and
/// how many times `:shard` has changed that, so that a read made for what was shown before
/// is told apart and dropped.
#[derive(Clone, Debug, Default, PartialEq)]
struct Scope {
    shard: Option<String>,
    generation: u64,
}

/// What the incident's thread read: the report, the shards each finding hits (across the
/// whole fleet; by finding id), and the shard it was narrowed to.
type Read = (
    Option<crate::ops::incident::IncidentReport>,
    Vec<(String, Vec<String>)>,
    Option<String>,
);

/// Where the incident's thread reads: one Redis, or every shard of a fleet (only the shard
/// the console is narrowed to, when it is).
enum Incidents {
    One(Box<Ctx>),
    Fleet {
        name: String,
        named: String,
        shards: Vec<(String, Ctx)>,
    },
}

impl Incidents {
    /// What the shards `focus` names say now (across the whole fleet: one story, merged); no
    /// report when it could not be read.
    fn read(&mut self, options: &crate::ops::incident::Options, focus: Option<String>) -> Read {
        match self {
            Incidents::One(session) => {
                session.ui.clock.tick();
                (
                    crate::ops::incident::run(session, options).ok(),
                    Vec::new(),
                    None,
                )
            }
            Incidents::Fleet {
                name,
                named,
                shards,
            } => {
                // One shard after the other: the story is read once a minute, in the
                // background, so the console holds one shard's read at a time, not all of
                // them at once (`cogctl --fleet … incident` reads them at once).
                let read: Vec<crate::ops::fleet::Shard<_>> = shards
                    .iter_mut()
                    .filter(|(shard, _)| focus.as_ref().is_none_or(|f| f == shard))
                    .map(|(shard, ctx)| {
                        ctx.ui.clock.tick();
                        let report = crate::ops::incident::run(ctx, options).map_err(|e| {
                            ctx.disconnect();
                            crate::text::visible(&format!("{e:#}")).into_owned()
                        });
                        (shard.clone(), report)
                    })
                    .collect();
                match (&focus, read) {
                    (Some(_), mut one) => (one.pop().and_then(|(_, r)| r.ok()), Vec::new(), focus),
                    (None, all) => {
                        let story = crate::ops::incident::fleet::merge(name, named, all);
                        let hits = story
                            .findings
                            .iter()
                            .map(|f| (f.id.clone(), f.shards.clone()))
                            .collect();
                        (Some(story.as_report()), hits, None)
                    }
                }
            }
        }
    }
}

/// What the sampler thread tells the screen: the dashboard read again (`Some`), or, when
/// the screen shows nothing of it, only Redis found answering (`None`).
struct Update {
    view: Result<Option<Box<crate::ops::dashboard::View>>, String>,
    took: Duration,
    /// The `Scope::generation` it was read for.
    generation: u64,
}

/// What the screen asks of the sampler thread: refresh now (the screen has come back to
/// what the dashboard shows), or narrow to one shard of the fleet (None: widen to all of
/// them) and refresh.
enum Refresh {
    Now,
    Narrow(Scope),
}

/// What the screen shows, so that the other threads read only that: the dashboard's refresh
/// (home, queues, processes) and `incident` (home, the incident view).
struct Shows {
    dashboard: AtomicBool,
    incident: AtomicBool,
}

/// How often the console reads `incident` again: it reads every failure source, so much
/// less often than the dashboard.
const INCIDENT_EVERY: Duration = Duration::from_secs(60);

/// A failure finding quiet this long (its class succeeding) has recovered: `incident
/// --watch`'s default `--quiet-for`.
const RECOVERED_AFTER: f64 = 300.0;

/// How often the incident thread looks whether the screen shows its read.
const INCIDENT_LOOK: Duration = Duration::from_millis(250);

/// `incident` read at once, then every [`INCIDENT_EVERY`] while the screen shows it (home,
/// the incident view), on a session of its own; coming back to those views after longer
/// reads it again at once. A failed read is left out (the dashboard says when Redis is
/// lost). Ends when the screen is gone.
fn incident_loop(
    mut incidents: Incidents,
    shows: &Shows,
    scope: &Mutex<Scope>,
    briefs: &Sender<(u64, crate::ops::incident::Brief)>,
) {
    let options = crate::ops::incident::Options::default();
    let mut read: Option<Instant> = None;
    // Successive reads followed as `incident --watch` follows them: a finding that recovered
    // is marked so on the home view, with since when.
    let mut tracker = crate::ops::incident::watch::Tracker::new(RECOVERED_AFTER);
    // What the last read was made for: narrowed or widened since, it is read again at once
    // (and a story followed afresh when the shards it reads changed).
    let mut read_for = Scope::default();
    let mut read_on: Option<String> = None;
    loop {
        let now = scope.lock().map(|s| s.clone()).unwrap_or_default();
        let due = now.generation != read_for.generation
            || read.is_none_or(|at| at.elapsed() >= INCIDENT_EVERY);
        if !due || !shows.incident.load(Ordering::SeqCst) {
            thread::sleep(INCIDENT_LOOK);
            continue;
        }
        read = Some(Instant::now());
        let (report, hits, on) = incidents.read(&options, now.shard.clone());
        let generation = now.generation;
        read_for = now;
        if on != read_on {
            tracker = crate::ops::incident::watch::Tracker::new(RECOVERED_AFTER);
            read_on = on;
        }
        if let Some(report) = report {
            tracker.update(&report);
            let mut brief = crate::ops::incident::Brief::watched(&report, &tracker);
            for f in &mut brief.findings {
                if let Some((_, shards)) = hits.iter().find(|(id, _)| *id == f.id) {
                    f.shards.clone_from(shards);
                }
            }
            if briefs.send((generation, brief)).is_err() {
                return;
            }
        }
    }
}

pub fn run(ctx: &mut Ctx, args: Options) -> anyhow::Result<Exit> {
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
    // Three threads allocate here (screen, sampler, reader): glibc would give each an arena
    // of its own, and a screen over 10,000 queues then holds some 30 MB of arena slack.
    // One arena is plenty for a screen, and keeps the peak RSS to what is in use.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only tunes glibc's allocator, and is safe to call from any thread.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
    let clock = ctx.ui.clock;
    // Across a fleet, what each shard allows, for the console's changes.
    let mut rules = Vec::new();
    let (sampler, incidents, reader, target, fleet_name) = match args.fleet {
        None => {
            let sampler = Sampler::new(ctx.connector()?, clock);
            let target = sampler.target().to_string();
            (
                Sampling::One(Box::new(sampler)),
                Incidents::One(Box::new(ctx.sibling())),
                Reader::new(ctx.sibling()),
                target,
                None,
            )
        }
        Some(fleet) => {
            let mut samplers = Vec::with_capacity(fleet.shards.len());
            let mut incident = Vec::with_capacity(fleet.shards.len());
            let mut reading = Vec::with_capacity(fleet.shards.len());
            for (name, shard) in &fleet.shards {
                let sampler = Sampler::new(shard.connector()?, clock);
                let target = sampler.target().to_string();
                samplers.push((name.clone(), sampler));
                incident.push((name.clone(), shard.sibling()));
                reading.push((name.clone(), shard.sibling()));
                rules.push(super::ShardRule {
                    name: name.clone(),
                    read_only: shard.context.as_ref().is_some_and(|c| c.read_only),
                    protected: shard.context.as_ref().is_some_and(|c| c.protected),
                    target,
                });
            }
            let target = format!("fleet {} ({} shards)", fleet.name, fleet.shards.len());
            let reader = Reader::fleet(reading)
                .ok_or_else(|| UsageError(format!("fleet {} has no shards", fleet.name)))?;
            (
                Sampling::Fleet(FleetSampler::new(fleet.name.clone(), samplers)),
                Incidents::Fleet {
                    name: fleet.name.clone(),
                    named: fleet.named,
                    shards: incident,
                },
                reader,
                target,
                Some(fleet.name),
            )
        }
    };
    let (requests, requested) = mpsc::channel();
    let (updates, updated) = mpsc::channel();
    let interval = args.interval;
    // The screen opens on home, which shows both.
    let shows = Arc::new(Shows {
        dashboard: AtomicBool::new(true),
        incident: AtomicBool::new(true),
    });
    let sampling = {
        let shows = Arc::clone(&shows);
        thread::Builder::new()
            .name("top-sampler".into())
            .spawn(move || sample_loop(sampler, interval, &shows, &requested, &updates))?
    };

    // What `:shard` narrowed the console to, for the incident's thread.
    let scope = Arc::new(Mutex::new(Scope::default()));
    let (briefs, briefed) = mpsc::channel();
    {
        let shows = Arc::clone(&shows);
        let scope = Arc::clone(&scope);
        thread::Builder::new()
            .name("top-incident".into())
            .spawn(move || incident_loop(incidents, &shows, &scope, &briefs))?;
    }

    // The console's reader: a connection and a thread of its own for the lists and jobs.
    let (asks, asked) = mpsc::channel::<Request>();
    let (answers, answered) = mpsc::channel::<Answer>();
    let reading = thread::Builder::new()
        .name("console-reader".into())
        .spawn(move || reader.run(&asked, &answers))?;
    let mut console = Console::new(asks);
    console.clock = ctx.ui.clock;
    console.ui = ctx.sibling().ui;
    console.target = target.clone();
    console.context = ctx.context.as_ref().map(|c| c.name.clone());
    console.color = ctx.ui.styles.enabled;
    if let Some(name) = fleet_name {
        console.fleet = Some(super::Fleet {
            name,
            shards: rules,
            focus: None,
        });
    }
    if let Some(c) = &ctx.context {
        if c.read_only {
            console.read_only = Some(format!(
                "context {} is read-only: nothing was changed",
                c.name
            ));
        } else if c.protected {
            console.protected = Some(c.name.clone());
        }
    }

    let signals = Signals::default();
    for signal in [libc::SIGTERM, libc::SIGHUP] {
        signal_hook::flag::register(signal, Arc::clone(&signals.stop))?;
    }
    signal_hook::flag::register(libc::SIGWINCH, Arc::clone(&signals.resized))?;
    let mut app = App::new(Chrome {
        interval: interval.as_secs_f64(),
        color: ctx.ui.styles.enabled,
        keys: super::views::View::Home.footer(),
        ..Chrome::default()
    });
    app.view.target = target;
    let mut timings = Vec::new();
    let mut keyed = Vec::new();
    let result = {
        let mut screen = Screen::enter()?;
        event_loop(
            &mut screen.terminal,
            &mut app,
            &mut console,
            &Channels {
                answered: &answered,
                updated: &updated,
                briefed: &briefed,
                requests: &requests,
                scope: &scope,
            },
            &shows,
            &signals,
            args.refreshes,
            &mut timings,
            &mut keyed,
        )
    };
    // A change still running when the screen quits (Ctrl-C) stops after its current batch,
    // as a command's does on Ctrl-C: every batch is one atomic script, so each entry is in
    // exactly one place. What it did is said here, once the screen is gone.
    // q pressed while a change ran quits once it has ended: what it did is said again here.
    if console.quitting()
        && let Some(said) = &console.status
    {
        let _ = writeln!(io::stderr(), "cogctl top: {}", crate::text::one_line(said));
    }
    let running = console.running();
    if running {
        crate::term::interrupt::request();
        let _ = writeln!(
            io::stderr(),
            "cogctl top: stopping the running change after its current batch…"
        );
    }
    drop(requests);
    drop(console);
    let _ = sampling.join();
    let _ = reading.join();
    if running {
        for answer in answered.try_iter() {
            if let Answer::Acted { result, .. } = answer {
                let said = match result {
                    Ok(done) => {
                        let mut lines = done.text;
                        if let Some(id) = done.undo {
                            lines.push(format!("undo id {id}"));
                        }
                        lines
                    }
                    Err(why) => vec![format!("failed: {why}")],
                };
                for line in said {
                    let _ = writeln!(io::stderr(), "cogctl top: {}", crate::text::one_line(&line));
                }
            }
        }
    }
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
    if args.refreshes.is_some() && !keyed.is_empty() {
        let mut ms: Vec<f64> = keyed.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
        ms.sort_by(f64::total_cmp);
        let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
        let _ = writeln!(
            io::stderr(),
            "top: {} keys; a key was drawn within {:.2} ms (p50), {:.2} ms (p99), {:.2} ms at most",
            ms.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
    result?;
    Ok(Exit::Ok)
}

/// How the screen's thread hears from the others and asks of them.
struct Channels<'a> {
    answered: &'a Receiver<Answer>,
    updated: &'a Receiver<Update>,
    briefed: &'a Receiver<(u64, crate::ops::incident::Brief)>,
    requests: &'a Sender<Refresh>,
    /// What the screen shows of a fleet, for the incident's thread.
    scope: &'a Mutex<Scope>,
}

#[allow(clippy::too_many_arguments)]
fn event_loop(
    terminal: &mut Tty,
    app: &mut App,
    console: &mut Console,
    channels: &Channels,
    shows: &Shows,
    signals: &Signals,
    refreshes: Option<u64>,
    timings: &mut Vec<Duration>,
    keyed: &mut Vec<Duration>,
) -> anyhow::Result<()> {
    let Channels {
        answered,
        updated,
        briefed,
        requests,
        scope,
    } = *channels;
    // What the screen shows now: a read made for what it showed before is dropped.
    let mut generation = 0u64;
    // When each key not yet drawn was read.
    let mut pressed: Vec<Instant> = Vec::new();
    let Signals { stop, resized } = signals;
    let mut dirty = true;
    // The second the screen was last drawn in: every age on it moves on each second.
    let mut drawn_second = f64::NAN;
    // The last `incident` read: kept across the dashboard's refreshes.
    let mut brief: Option<crate::ops::incident::Brief> = None;
    loop {
        if stop.load(Ordering::SeqCst) {
            return Ok(());
        }
        if let Ok(size) = terminal.size() {
            console.rows = crate::render::console::list_rows(size.height);
            console.cols = usize::from(size.width);
        }
        let now = console.clock.current();
        if now.floor() != drawn_second {
            dirty = true;
        }
        if dirty {
            drawn_second = now.floor();
            app.chrome.now = now;
            let drawn = if console.at_home() {
                let shown = app.shown();
                let over = console.shown(app.chrome.banner.as_ref());
                terminal.draw(|frame| {
                    let area = crate::render::console::home_area(frame.area());
                    draw_in(frame, area, &shown, &app.chrome);
                    crate::render::console::draw_over_home(frame, &over);
                })
            } else {
                let shown = console.shown(app.chrome.banner.as_ref());
                terminal.draw(|frame| crate::render::console::draw(frame, &shown))
            };
            let drawn_at = Instant::now();
            keyed.extend(pressed.drain(..).map(|t| drawn_at - t));
            if let Err(e) = drawn {
                // A terminal that hung up under a draw ends the run like its hang-up signal.
                return match input(Duration::ZERO) {
                    Ok(Input::HungUp) => Ok(()),
                    _ => Err(e.into()),
                };
            }
            dirty = false;
        }
        // crossterm reads a terminal that hung up (its window closed) as an endless run of
        // empty reads inside its poll, so the terminal is watched here and crossterm is only
        // asked once there is input; a resize comes as SIGWINCH.
        let waited = input(Duration::from_millis(50))?;
        // Drawn at the new size: ratatui's draw resizes its buffers first. crossterm also
        // queues a resize event of its own on SIGWINCH: it is read now, alone, so that it
        // never stands in front of a key that comes later.
        let resize = resized.swap(false, Ordering::SeqCst);
        if resize {
            dirty = true;
        }
        match waited {
            Input::HungUp => return Ok(()),
            Input::Ready | Input::None if resize || matches!(waited, Input::Ready) => {
                while event::poll(Duration::ZERO)? {
                    match event::read()? {
                        Event::Key(key) if key.kind != KeyEventKind::Release => {
                            pressed.push(Instant::now());
                            // The home's filter being typed, or its question open, takes
                            // every key (an `i` or a digit in a queue's name included).
                            let home_owns = console.at_home() && app.chrome.editing;
                            let keyed = if home_owns {
                                Keyed::Pass
                            } else {
                                console.key(key, &app.view)
                            };
                            match keyed {
                                Keyed::Quit => return Ok(()),
                                Keyed::Redraw => dirty = true,
                                Keyed::Nothing => {}
                                Keyed::Pass => match app.key(key) {
                                    Outcome::Quit => return Ok(()),
                                    Outcome::Act(act, shard) => {
                                        let key = match key.code {
                                            event::KeyCode::Char(c) => c,
                                            _ => '?',
                                        };
                                        console.propose(key, act, shard);
                                        dirty = true;
                                    }
                                    Outcome::Redraw => dirty = true,
                                    Outcome::Nothing => {}
                                },
                            }
                        }
                        Event::Resize(..) => dirty = true,
                        _ => {}
                    }
                }
            }
            Input::Ready | Input::None => {}
        }
        // `:shard` narrowed the console, or widened it: the dashboard and the incident are
        // read again from the shards now shown, and what was shown of the others is gone.
        if let Some(shard) = console.take_narrowed() {
            generation += 1;
            let now = Scope { shard, generation };
            if let Ok(mut scope) = scope.lock() {
                *scope = now.clone();
            }
            requests.send(Refresh::Narrow(now))?;
            brief = None;
            app.view.incident = None;
            app.view.queues.clear();
            app.view.processes.clear();
            app.view.deaths.clear();
            app.reselect();
            dirty = true;
        }
        // Back on what the dashboard shows: read it now rather than at the next interval.
        let dashboard = console.shows_dashboard();
        let showed = shows.dashboard.swap(dashboard, Ordering::SeqCst);
        if dashboard && !showed {
            requests.send(Refresh::Now)?;
        }
        shows
            .incident
            .store(console.shows_incident(), Ordering::SeqCst);
        loop {
            match updated.try_recv() {
                // Read for what the screen showed before `:shard`: not what it shows now.
                Ok(Update { generation: g, .. }) if g != generation => {}
                Ok(Update { view, took, .. }) => {
                    match view {
                        Ok(Some(view)) => {
                            app.view = *view;
                            app.view.incident = brief.clone();
                            app.chrome.banner = None;
                        }
                        Ok(None) => app.chrome.banner = None,
                        Err(reason) => app.chrome.banner = Some(reason),
                    }
                    app.reselect();
                    console.refresh(&app.view);
                    timings.push(took);
                    dirty = true;
                    if refreshes.is_some_and(|n| timings.len() as u64 >= n) {
                        return Ok(());
                    }
                }
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => {
                    anyhow::bail!("the sampler thread stopped")
                }
            }
        }
        if let Some((_, newest)) = briefed.try_iter().filter(|(g, _)| *g == generation).last() {
            brief = Some(newest);
            app.view.incident = brief.clone();
            console.refresh(&app.view);
            dirty = true;
        }
        for answer in answered.try_iter() {
            console.answer(answer);
            dirty = true;
        }
        // Home shows the console's word (a dry run asked for, a change's outcome) in its own
        // footer.
        if console.at_home()
            && dirty
            && let Some(said) = console.take_word()
        {
            app.chrome.notice = Some(said);
        }
        if console.quitting() {
            return Ok(());
        }
    }
}

/// Set by signals: TERM or HUP (stop), WINCH (redraw at the new size).
#[derive(Default)]
struct Signals {
    stop: Arc<AtomicBool>,
    resized: Arc<AtomicBool>,
}

enum Input {
    Ready,
    None,
    HungUp,
}

/// Wait at most `timeout` for the terminal (stdin) to have input or to hang up.
fn input(timeout: Duration) -> io::Result<Input> {
    let mut fd = libc::pollfd {
        fd: libc::STDIN_FILENO,
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = libc::c_int::try_from(timeout.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: poll(2) on one valid pollfd that lives for the whole call.
    let n = unsafe { libc::poll(&mut fd, 1, ms) };
    if n < 0 {
        let err = io::Error::last_os_error();
        return if err.kind() == io::ErrorKind::Interrupted {
            Ok(Input::None)
        } else {
            Err(err)
        };
    }
    Ok(
        if fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
            Input::HungUp
        } else if fd.revents & libc::POLLIN != 0 {
            Input::Ready
        } else {
            Input::None
        },
    )
}

/// Refresh every `interval`, at once after an action, and when the screen comes back to
/// the dashboard; until the screen hangs up. While the screen shows nothing of the
/// dashboard's (a list of retry, dead …), a refresh only asks whether Redis answers.
fn sample_loop(
    mut sampler: Sampling,
    interval: Duration,
    shows: &Shows,
    requested: &Receiver<Refresh>,
    updates: &Sender<Update>,
) {
    let mut next = Instant::now();
    // What the samples are read for (`Scope::generation`).
    let mut generation = 0;
    loop {
        let wait = next.saturating_duration_since(Instant::now());
        match requested.recv_timeout(wait) {
            Ok(Refresh::Now) | Err(RecvTimeoutError::Timeout) => {}
            Ok(Refresh::Narrow(scope)) => {
                sampler.narrow(scope.shard.as_deref());
                generation = scope.generation;
            }
            Err(RecvTimeoutError::Disconnected) => return,
        }
        let started = Instant::now();
        let view = if shows.dashboard.load(Ordering::SeqCst) {
            sampler.refresh().map(|view| Some(Box::new(view)))
        } else {
            sampler.ping().map(|()| None)
        };
        let sample = Update {
            view,
            took: started.elapsed(),
            generation,
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
    terminal: ManuallyDrop<Tty>,
}

/// The terminal, written through its own descriptor (a copy of stdout's) rather than the
/// process's buffered stdout: what fails to reach a terminal that hung up then stays nowhere
/// to fail again at exit.
type Tty = Terminal<CrosstermBackend<BufWriter<File>>>;

fn tty() -> io::Result<File> {
    Ok(File::from(io::stdout().as_fd().try_clone_to_owned()?))
}

impl Screen {
    fn enter() -> io::Result<Screen> {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            hook(info);
        }));
        enable_raw_mode()?;
        let screen = tty().and_then(|mut out| {
            execute!(out, EnterAlternateScreen)?;
            Terminal::new(CrosstermBackend::new(BufWriter::new(out)))
        });
        match screen {
            Ok(terminal) => Ok(Screen {
                terminal: ManuallyDrop::new(terminal),
            }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        // ratatui's Terminal shows the cursor when dropped and reports a failure with
        // `eprintln!`, which panics when stderr is a terminal that hung up: it is dropped
        // only once the cursor is shown, else left to the process's exit.
        if self.terminal.show_cursor().is_ok() {
            // SAFETY: dropped once, here, and never used again.
            unsafe { ManuallyDrop::drop(&mut self.terminal) };
        }
        restore();
    }
}

fn restore() {
    let _ = disable_raw_mode();
    if let Ok(mut out) = tty() {
        let _ = execute!(out, LeaveAlternateScreen, cursor::Show);
    }
}
