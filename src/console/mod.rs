//! The keyboard console: `cogctl top`'s dashboard is its home view, and from it the queues,
//! processes, the retry, dead and scheduled sets, their failure patterns (triage), periodic
//! entries, history and the audit trail, each a key or a `:name` away, drilled into with
//! Enter and left with Esc.
//!
//! A front-end, like the CLI's commands: it reads through the commands' shared functions and
//! keeps no Redis of its own on the screen's thread. The state here is plain (what is shown,
//! where the cursor is, what was asked of the reader); the keys change it and ask the reader
//! (reader.rs, its own thread and connection) for the rows around the cursor, by rank, so
//! that a list of any size costs what the screen shows. Drawing is render/console.rs.

pub mod act;
pub mod home;
pub mod reader;
pub mod run;
pub mod views;

use std::collections::BTreeMap;
use std::sync::mpsc::Sender;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::clock::Clock;
use crate::ops::dashboard::{ProcState, View as HomeData};
use crate::render::console::{Body, Detail, Field, Listing, Shown};
use crate::store::{JobSet, Name};
use reader::{Answer, Item, ListKind, Request, Want};
use views::{Does, View};

/// Rows read beyond what is on screen, each side, so that a step never waits for Redis.
pub const MARGIN: u64 = 50;

/// What a key asks of the loop.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    Nothing,
    Redraw,
    Quit,
    /// Not the console's: the dashboard's own keys (home view).
    Pass,
}

struct ListState {
    kind: ListKind,
    filter: Option<String>,
    total: Option<u64>,
    /// The rank of `items[0]`.
    first: u64,
    items: Vec<Item>,
    cursor: u64,
    /// The rank of the first row on screen.
    top: u64,
    /// The page asked for and not yet answered.
    asked: Option<u64>,
    /// Marked rows: what each stands for (a raw member) and its score.
    marked: BTreeMap<Vec<u8>, f64>,
    /// When `total` was counted, if before the last read.
    counted: Option<f64>,
    /// Lines above the rows.
    head: Vec<String>,
}

enum Body2 {
    List(ListState),
    Detail {
        detail: Detail,
        loading: bool,
        /// The job the entry is, as `cogctl job` reads it: drawn afresh each time, so that
        /// its ages move on.
        job: Option<Box<crate::ops::job::JobReport>>,
    },
}

struct Screen {
    /// Answers carry it: one for another screen is dropped.
    id: u64,
    /// Across a fleet, the shard it reads (None: the fleet's merged dashboard).
    shard: Option<String>,
    view: View,
    crumb: String,
    body: Body2,
}

/// A question waiting for its answer: its yes runs `then` (none: a dry run that found
/// nothing to do, shown until any key closes it).
struct Ask {
    lines: Vec<String>,
    title: String,
    then: Option<act::Act>,
    /// A protected context's name, to be typed in full.
    need: Option<String>,
    typed: String,
    /// Across a fleet, the shard the change is made on.
    shard: Option<String>,
}

/// Across a fleet: its shards, what each allows, and the one the console is narrowed to.
pub struct Fleet {
    pub name: String,
    pub shards: Vec<ShardRule>,
    pub focus: Option<String>,
}

impl Fleet {
    /// Its shards' names, in its order.
    fn names(&self) -> Vec<&str> {
        self.shards.iter().map(|r| r.name.as_str()).collect()
    }
}

/// What a shard of the fleet allows: its context's read-only and protected settings.
pub struct ShardRule {
    pub name: String,
    pub read_only: bool,
    pub protected: bool,
    /// Its Redis, password redacted.
    pub target: String,
}

pub struct Console {
    stack: Vec<Screen>,
    next_id: u64,
    command: Option<String>,
    help: bool,
    /// The `/` filter being typed.
    typing: Option<String>,
    ask: Option<Ask>,
    pub status: Option<String>,
    /// The status line's word about the view on screen (a key that doesn't apply there,
    /// nothing under the cursor), while the status line still says it: it goes when the
    /// view is left, where a change's outcome stays.
    hint: Option<String>,
    /// Why the reader can't reach Redis right now.
    lost: Option<String>,
    /// List rows the screen shows (set from the terminal's size before each key and draw).
    pub rows: usize,
    /// The screen's width.
    pub cols: usize,
    /// How reports are written for the screen (no colour; warnings kept, not printed).
    pub ui: crate::term::ui::Ui,
    pub target: String,
    pub context: Option<String>,
    pub color: bool,
    /// Why this context can change nothing (read-only), if so.
    pub read_only: Option<String>,
    /// The protected context's name, typed to confirm a change.
    pub protected: Option<String>,
    /// The undo id of the last change made here, for `u`, and its shard across a fleet.
    last_undo: Option<(String, Option<String>)>,
    /// Across a fleet: its shards and the one the console is narrowed to.
    pub fleet: Option<Fleet>,
    /// `:shard` narrowed or widened the console: the loop tells the dashboard's threads.
    narrowed: Option<Option<String>>,
    /// A change is running: how far it has gone (the status line while no other word is
    /// shown).
    running: Option<String>,
    /// q was pressed while a change ran: quit once it ends.
    quit_after: bool,
    /// What "now" is each time the screen is drawn.
    pub clock: Clock,
    requests: Sender<Request>,
}

impl Console {
    pub fn new(requests: Sender<Request>) -> Console {
        Console {
            stack: Vec::new(),
            next_id: 1,
            command: None,
            help: false,
            typing: None,
            ask: None,
            status: None,
            hint: None,
            lost: None,
            rows: 20,
            cols: 100,
            ui: {
                use crate::term::ui::{ColorChoice, Format, Ui, Warnings};
                let mut ui = Ui::detect(Format::Table, ColorChoice::Never, true, false, None);
                ui.warnings = Warnings::kept();
                ui
            },
            target: String::new(),
            context: None,
            color: false,
            read_only: None,
            protected: None,
            last_undo: None,
            fleet: None,
            narrowed: None,
            running: None,
            quit_after: false,
            clock: Clock::system(),
            requests,
        }
    }

    /// On the dashboard, with nothing of the console's open over it.
    pub fn at_home(&self) -> bool {
        self.stack.is_empty()
    }

    /// Whether the screen draws from the dashboard's refresh (home, and the queues and
    /// processes lists): elsewhere the dashboard is not read, only whether Redis answers.
    pub fn shows_dashboard(&self) -> bool {
        self.at_home()
            || self
                .list()
                .is_some_and(|l| matches!(l.kind, ListKind::Queues | ListKind::Processes))
    }

    /// Whether the screen shows `incident`'s read (home, and the incident view's findings):
    /// elsewhere it is not read again.
    pub fn shows_incident(&self) -> bool {
        self.at_home() || self.list().is_some_and(|l| l.kind == ListKind::Findings)
    }

    /// On the home view, which draws its own footer: the word the console has for it (how a
    /// change went, or how far it has gone), once.
    pub fn take_word(&mut self) -> Option<String> {
        self.status.take().or_else(|| self.running.clone())
    }

    /// Say `text` on the status line about the view on screen: it goes when the view is
    /// left.
    fn say_here(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.hint = Some(text.clone());
        self.status = Some(text);
    }

    /// What the status line says now (a change's outcome, a refusal, how far a change has
    /// gone), if anything.
    pub fn status_line(&self) -> Option<String> {
        self.status.clone().or_else(|| self.running.clone())
    }

    /// Whether a change made here is running now.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// Quit now: q was pressed while a change ran, and it has ended.
    pub fn quitting(&self) -> bool {
        self.quit_after && !self.running()
    }

    /// The view the cursor is in.
    pub fn view(&self) -> View {
        self.stack.last().map_or(View::Home, |s| s.view)
    }

    pub fn key(&mut self, key: KeyEvent, home: &HomeData) -> Outcome {
        if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
            return Outcome::Quit;
        }
        if self.help {
            self.help = false;
            return Outcome::Redraw;
        }
        if let Some(mut ask) = self.ask.take() {
            let Some(then) = ask.then.take() else {
                self.status = Some("nothing to do; nothing was changed".into());
                return Outcome::Redraw;
            };
            ask.then = Some(then);
            let yes = match (&ask.need, key.code) {
                (Some(_), KeyCode::Char(c)) => {
                    ask.typed.push(c);
                    self.ask = Some(ask);
                    return Outcome::Redraw;
                }
                (Some(_), KeyCode::Backspace) => {
                    ask.typed.pop();
                    self.ask = Some(ask);
                    return Outcome::Redraw;
                }
                (Some(name), KeyCode::Enter) => &ask.typed == name,
                (None, KeyCode::Char('y') | KeyCode::Char('Y')) => true,
                (None, KeyCode::Char('c'))
                    if ask.then.as_ref().is_some_and(act::Act::can_canary) =>
                {
                    ask.then = ask.then.take().map(act::Act::as_canary);
                    true
                }
                _ => false,
            };
            if !yes {
                self.status = Some(match &ask.need {
                    Some(name) if !ask.typed.is_empty() => format!(
                        "{:?} is not the context's name ({name}); nothing was changed",
                        ask.typed
                    ),
                    _ => "cancelled; nothing was changed".into(),
                });
                return Outcome::Redraw;
            }
            self.status = None;
            self.running = Some("working…".into());
            if let Some(act) = ask.then {
                let _ = self.requests.send(Request {
                    id: 0,
                    want: Want::Act {
                        act,
                        dry_run: false,
                    },
                    shard: ask.shard,
                });
            }
            return Outcome::Redraw;
        }
        if let Some(typed) = &mut self.command {
            match key.code {
                KeyCode::Esc => self.command = None,
                KeyCode::Backspace => {
                    typed.pop();
                }
                KeyCode::Tab if typed.starts_with("shard ") => {
                    let names = self.fleet.iter().flat_map(Fleet::names);
                    let given = typed["shard ".len()..].to_string();
                    let matching: Vec<&str> = names.filter(|n| n.starts_with(&given)).collect();
                    if !matching.is_empty() {
                        *typed = format!("shard {}", common_prefix(matching.into_iter()));
                    }
                }
                KeyCode::Tab => {
                    let matching = views::completions(typed);
                    if let Some(first) = matching.first() {
                        let common = common_prefix(matching.iter().map(|v| v.name()));
                        *typed = if matching.len() == 1 {
                            first.name().to_string()
                        } else {
                            common
                        };
                    }
                }
                KeyCode::Enter => {
                    let typed = self.command.take().unwrap_or_default();
                    if let Some(rest) = typed.trim().strip_prefix("shard")
                        && (rest.is_empty() || rest.starts_with(' '))
                    {
                        self.narrow(rest.trim());
                        return Outcome::Redraw;
                    }
                    match View::by_name(&typed) {
                        Some(view) => self.switch(view, home),
                        None => {
                            self.status = Some(format!(
                                "no view {typed:?}: {}",
                                View::ALL.map(View::name).join(", ")
                            ))
                        }
                    }
                }
                KeyCode::Char(c) => typed.push(c),
                _ => return Outcome::Nothing,
            }
            return Outcome::Redraw;
        }
        if let Some(typed) = &mut self.typing {
            match key.code {
                KeyCode::Esc => self.typing = None,
                KeyCode::Backspace => {
                    typed.pop();
                }
                KeyCode::Enter => {
                    let text = self.typing.take().unwrap_or_default();
                    self.set_filter((!text.trim().is_empty()).then_some(text), home);
                }
                KeyCode::Char(c) => typed.push(c),
                _ => return Outcome::Nothing,
            }
            return Outcome::Redraw;
        }
        match key.code {
            KeyCode::Char(':') => {
                self.command = Some(String::new());
                return Outcome::Redraw;
            }
            KeyCode::Char('?') => {
                self.help = true;
                return Outcome::Redraw;
            }
            KeyCode::Char(c) if c.is_ascii_digit() || c == 'i' => {
                if let Some(view) = View::by_key(c) {
                    self.switch(view, home);
                }
                return Outcome::Redraw;
            }
            _ => {}
        }
        if key.code == KeyCode::Char('q') && self.running() {
            self.quit_after = true;
            self.status = Some(
                "a change is running: quitting once it ends; Ctrl-C stops it after its current \
                 batch (each batch is atomic) and quits"
                    .into(),
            );
            return Outcome::Redraw;
        }
        if self.at_home() {
            return Outcome::Pass;
        }
        self.status = None;
        match key.code {
            KeyCode::Char('q') => return Outcome::Quit,
            KeyCode::Esc => self.back(home),
            KeyCode::Down | KeyCode::Char('j') => self.step(1),
            KeyCode::Up | KeyCode::Char('k') => self.step(-1),
            KeyCode::PageDown | KeyCode::Char(' ') if self.is_detail() => {
                self.step(self.table_rows() as i64)
            }
            KeyCode::PageDown => self.step(self.table_rows() as i64),
            KeyCode::PageUp => self.step(-(self.table_rows() as i64)),
            KeyCode::Home | KeyCode::Char('g') => self.step(i64::MIN / 2),
            KeyCode::End | KeyCode::Char('G') => self.step(i64::MAX / 2),
            KeyCode::Enter if self.is_detail() => {
                self.say_here("this is one entry: Esc goes back to its list")
            }
            KeyCode::Enter => self.perform('\n', home),
            KeyCode::Char('/') => {
                // On an entry, the filter is the list's it was opened from.
                while self.is_detail() {
                    self.stack.pop();
                }
                if self.list().is_none() {
                    return Outcome::Redraw;
                }
                self.typing = Some(
                    self.list()
                        .and_then(|l| l.filter.clone())
                        .unwrap_or_default(),
                );
            }
            KeyCode::Char(c) if View::is_action_key(c) => self.perform(c, home),
            _ => return Outcome::Nothing,
        }
        Outcome::Redraw
    }

    /// The view's action on `key` (from its table), or why it has none.
    fn perform(&mut self, key: char, home: &HomeData) {
        let view = self.view();
        let Some(action) = view.action(key) else {
            self.say_here(view.doesnt_apply(key));
            return;
        };
        if action.change && self.refused(key, self.row_shard().as_deref()) {
            return;
        }
        match action.does {
            Does::Open => self.enter(home),
            Does::Mark => self.mark(),
            Does::Pause | Does::Dedupe => self.ask_queue(action.does, home),
            Does::Quiet => self.ask_quiet(home),
            Does::Stop | Does::Reconcile => self.ask_process(action.does, home),
            Does::RunNow | Does::Toggle => self.ask_periodic(action.does),
            Does::Retry => self.ask_act(key, act::Verb::Retry),
            Does::Delete => self.ask_act(key, act::Verb::Delete),
            Does::Kill => self.ask_act(key, act::Verb::Kill),
            Does::EnqueueNow => self.ask_act(key, act::Verb::EnqueueNow),
            Does::Undo => self.ask_undo(),
        }
    }

    /// Rows the list's table shows: the screen's list rows, less the lines above it.
    fn table_rows(&self) -> usize {
        let head = self.list().map_or(0, |l| l.head.len());
        self.rows.saturating_sub(head).max(1)
    }

    fn is_detail(&self) -> bool {
        matches!(
            self.stack.last().map(|s| &s.body),
            Some(Body2::Detail { .. })
        )
    }

    fn list(&self) -> Option<&ListState> {
        match &self.stack.last()?.body {
            Body2::List(l) => Some(l),
            Body2::Detail { .. } => None,
        }
    }

    fn list_mut(&mut self) -> Option<&mut ListState> {
        match &mut self.stack.last_mut()?.body {
            Body2::List(l) => Some(l),
            Body2::Detail { .. } => None,
        }
    }

    fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Go to `view`, from anywhere: its list, from its first row. What the status line said
    /// of the view left (a key that doesn't apply there) goes with it.
    pub fn switch(&mut self, view: View, home: &HomeData) {
        if self.hint.is_some() && self.status == self.hint {
            self.status = None;
        }
        self.hint = None;
        self.stack.clear();
        self.typing = None;
        let kind = match view {
            View::Home => return,
            View::Queues => ListKind::Queues,
            View::Processes => ListKind::Processes,
            View::Retry => ListKind::Set(JobSet::Retry),
            View::Dead => ListKind::Set(JobSet::Dead),
            View::Scheduled => ListKind::Set(JobSet::Schedule),
            View::Triage => ListKind::Triage,
            View::Periodic => ListKind::Periodic,
            View::History => ListKind::History,
            View::Audit => ListKind::Audit,
            View::Incident => ListKind::Findings,
        };
        let shard = self.here();
        self.push_list(view, view.name().to_string(), kind, None, shard, home);
    }

    fn push_list(
        &mut self,
        view: View,
        crumb: String,
        kind: ListKind,
        filter: Option<String>,
        shard: Option<String>,
        home: &HomeData,
    ) {
        // Across a fleet, only what the dashboard reads is merged: every other list is one
        // shard's.
        let merged = matches!(
            kind,
            ListKind::Queues | ListKind::Processes | ListKind::Findings
        );
        if let Some(fleet) = &self.fleet
            && shard.is_none()
            && !merged
        {
            self.status = Some(format!(
                "{} reads one shard of fleet {}: :shard NAME narrows the console to one ({})",
                view.name(),
                fleet.name,
                fleet.names().join(", ")
            ));
            return;
        }
        let id = self.id();
        self.stack.push(Screen {
            id,
            shard,
            view,
            crumb,
            body: Body2::List(ListState {
                kind,
                filter,
                total: None,
                first: 0,
                items: Vec::new(),
                cursor: 0,
                top: 0,
                asked: None,
                marked: BTreeMap::new(),
                counted: None,
                head: Vec::new(),
            }),
        });
        self.fill(home);
        self.load(false);
    }

    fn push_detail(&mut self, crumb: String, want: Option<Want>, lines: Vec<String>) {
        let id = self.id();
        let view = self.view();
        let loading = want.is_some();
        let shard = self.here();
        self.stack.push(Screen {
            id,
            shard: shard.clone(),
            view,
            crumb: crumb.clone(),
            body: Body2::Detail {
                detail: Detail {
                    title: crumb,
                    lines,
                    scroll: 0,
                },
                loading,
                job: None,
            },
        });
        if let Some(want) = want {
            let _ = self.requests.send(Request { id, want, shard });
        }
    }

    /// Esc: a view's own filter is cleared first; else back to where this screen was opened
    /// from (a drilled-in list to its list, with its filter and cursor as they were), read
    /// again.
    fn back(&mut self, home: &HomeData) {
        if let Some(list) = self.list_mut()
            && list.filter.is_some()
            && self.stack.len() == 1
        {
            self.set_filter(None, home);
            return;
        }
        self.stack.pop();
        if !self.is_detail() {
            self.load(true);
        }
    }

    fn set_filter(&mut self, filter: Option<String>, home: &HomeData) {
        let id = self.id();
        let Some(screen) = self.stack.last_mut() else {
            return;
        };
        screen.id = id;
        if let Body2::List(list) = &mut screen.body {
            list.filter = filter;
            list.total = None;
            list.items.clear();
            list.first = 0;
            list.cursor = 0;
            list.top = 0;
            list.asked = None;
        }
        self.status = Some("reading…".into());
        self.fill(home);
        self.load(true);
    }

    /// Ask for the rows around the cursor when they aren't here yet (`again`: even if they
    /// are, for a refresh).
    fn load(&mut self, again: bool) {
        let rows = self.table_rows() as u64;
        let Some(screen) = self.stack.last_mut() else {
            return;
        };
        let id = screen.id;
        let shard = screen.shard.clone();
        let Body2::List(list) = &mut screen.body else {
            return;
        };
        if matches!(
            list.kind,
            ListKind::Queues | ListKind::Processes | ListKind::Findings
        ) {
            return;
        }
        let want_lo = list.top.saturating_sub(rows);
        let want_hi = list.top + 2 * rows;
        let have_hi = list.first + list.items.len() as u64;
        let end = list.total.unwrap_or(u64::MAX);
        let covered =
            list.total.is_some() && list.first <= want_lo && (have_hi >= want_hi.min(end));
        if covered && !again {
            return;
        }
        let start = list.top.saturating_sub(rows + MARGIN);
        if !again && list.asked == Some(start) {
            return;
        }
        list.asked = Some(start);
        let _ = self.requests.send(Request {
            id,
            want: Want::Page {
                kind: list.kind.clone(),
                filter: list.filter.clone(),
                start,
                count: 3 * rows + 2 * MARGIN,
                fresh: again,
                // At each refresh, whether the marked entries are still in the set.
                marked: if again {
                    list.marked.keys().cloned().collect()
                } else {
                    Vec::new()
                },
            },
            shard,
        });
    }

    /// A new refresh of the dashboard's data: lists built from it are rebuilt, the others
    /// read again.
    pub fn refresh(&mut self, home: &HomeData) {
        self.fill(home);
        if !self.is_detail() {
            self.load(true);
        }
    }

    /// Lists the dashboard already reads (queues, processes) are taken from it.
    fn fill(&mut self, home: &HomeData) {
        let Some(list) = self.list_mut() else {
            return;
        };
        let items: Vec<Item> = match list.kind {
            ListKind::Queues => home
                .queues
                .iter()
                .map(|q| Item {
                    key: q.name.as_bytes().to_vec(),
                    score: None,
                    cells: q
                        .shard
                        .iter()
                        .map(|s| s.as_str().into())
                        .chain([
                            q.name.shown().into_owned().into(),
                            crate::text::size::count(q.size).into(),
                            if q.size == 0 {
                                "-".into()
                            } else {
                                crate::duration::span(q.latency).into()
                            },
                            match (q.paused, &q.unreadable) {
                                (_, Some(_)) => "unreadable".into(),
                                (Some(true), _) => "paused".into(),
                                _ => "".into(),
                            },
                        ])
                        .collect(),
                    extra: q.paused.map(|p| p.to_string()),
                    shard: q.shard.clone(),
                })
                .collect(),
            ListKind::Findings => home
                .incident
                .iter()
                .flat_map(|b| b.findings.iter().map(move |f| (b, f)))
                .map(|(_, f)| Item {
                    key: f.id.as_bytes().to_vec(),
                    score: f.since,
                    cells: vec![
                        f.severity.label().into(),
                        f.kind.name().into(),
                        f.since.map_or("?".into(), Field::Ago),
                        Field::Timed(f.summary.clone()),
                    ],
                    extra: None,
                    shard: None,
                })
                .collect(),
            ListKind::Processes => home
                .processes
                .iter()
                .map(|p| Item {
                    key: p.identity.as_bytes().to_vec(),
                    score: None,
                    cells: p
                        .shard
                        .iter()
                        .map(|s| s.as_str().into())
                        .chain([
                            p.identity.shown().into_owned().into(),
                            p.state.word().into(),
                            format!(
                                "{}/{}",
                                p.busy.map_or("?".into(), |n| n.to_string()),
                                p.concurrency.map_or("?".into(), |n| n.to_string())
                            )
                            .into(),
                            p.rss_kb.map_or("?".into(), crate::text::size::kb).into(),
                        ])
                        .collect(),
                    extra: Some((p.state == ProcState::Gone).to_string()),
                    shard: p.shard.clone(),
                })
                .collect(),
            _ => return,
        };
        let items: Vec<Item> = match list.filter.as_deref().map(str::trim) {
            Some(f) if !f.is_empty() => items.into_iter().filter(|i| i.holds(f)).collect(),
            _ => items,
        };
        if list.kind == ListKind::Findings {
            list.counted = home.incident.as_ref().map(|b| b.at);
        }
        list.total = Some(items.len() as u64);
        list.first = 0;
        list.items = items;
        list.cursor = list.cursor.min(list.total.unwrap_or(0).saturating_sub(1));
    }

    /// What the reader found.
    pub fn answer(&mut self, answer: Answer) {
        let (id, ok) = match answer {
            Answer::Page { id, .. } | Answer::Detail { id, .. } | Answer::Job { id, .. } => {
                (id, true)
            }
            Answer::Failed { id, .. } => (id, false),
            Answer::Progress(step) => {
                if self.running.is_some() {
                    self.running = Some(step.line());
                }
                return;
            }
            Answer::Acted {
                act,
                dry_run,
                result,
                shard,
            } => return self.acted(act, dry_run, result, shard),
        };
        if ok {
            self.lost = None;
        }
        if let Answer::Failed {
            why, lost: true, ..
        } = &answer
        {
            self.lost = Some(why.clone());
        }
        let rows = self.table_rows() as u64;
        let Some(screen) = self.stack.last_mut().filter(|s| s.id == id) else {
            return;
        };
        match (answer, &mut screen.body) {
            (
                Answer::Page {
                    total,
                    start,
                    items,
                    counted,
                    head,
                    gone,
                    ..
                },
                Body2::List(list),
            ) => {
                list.counted = counted;
                list.head = head;
                if self.status.as_deref() == Some("reading…") {
                    self.status = None;
                }
                // A marked entry that left the set is no longer marked (an action on the
                // marks could not take it anyway), and the status line says so.
                let unmarked = gone
                    .iter()
                    .filter(|m| list.marked.remove(*m).is_some())
                    .count();
                if unmarked > 0 {
                    self.status = Some(format!(
                        "{} left the set since marked (taken by a worker, or changed): {} still marked",
                        crate::text::size::counted(
                            unmarked as u64,
                            "marked entry",
                            "marked entries"
                        ),
                        list.marked.len()
                    ));
                }
                list.asked = None;
                list.total = Some(total);
                list.first = start;
                list.items = items;
                let last = total.saturating_sub(1);
                list.cursor = list.cursor.min(last);
                list.top = list.top.min(last.saturating_sub(rows.saturating_sub(1)));
                // The list shrank under a read made for rows further down: the rows now on
                // screen are asked for.
                let shown_end = (list.top + rows).min(total);
                let have_end = list.first + list.items.len() as u64;
                if list.top < list.first || shown_end > have_end {
                    self.load(false);
                }
            }
            (
                Answer::Job { report, .. },
                Body2::Detail {
                    detail,
                    loading,
                    job,
                },
            ) => {
                detail.title = report.jid.clone();
                *job = Some(report);
                *loading = false;
            }
            (
                Answer::Detail { title, lines, .. },
                Body2::Detail {
                    detail, loading, ..
                },
            ) => {
                detail.title = title;
                detail.lines = lines;
                *loading = false;
            }
            (Answer::Failed { why, lost, .. }, body) => {
                if let Body2::List(list) = body {
                    list.asked = None;
                }
                if !lost {
                    self.status = Some(why);
                }
            }
            _ => {}
        }
    }

    fn step(&mut self, by: i64) {
        let rows = self.table_rows() as u64;
        let Some(screen) = self.stack.last_mut() else {
            return;
        };
        match &mut screen.body {
            Body2::List(list) => {
                let last = match list.total {
                    Some(0) => return,
                    Some(t) => t - 1,
                    None => u64::MAX / 4,
                };
                list.cursor = (list.cursor as i64)
                    .saturating_add(by)
                    .clamp(0, last as i64) as u64;
                if list.cursor < list.top {
                    list.top = list.cursor;
                } else if list.cursor >= list.top + rows {
                    list.top = list.cursor + 1 - rows;
                }
            }
            Body2::Detail { detail, .. } => {
                let last = detail.lines.len().saturating_sub(1) as i64;
                detail.scroll = (detail.scroll as i64).saturating_add(by).clamp(0, last) as usize;
            }
        }
        self.load(false);
    }

    /// The row under the cursor, if read.
    fn current(&self) -> Option<&Item> {
        let list = self.list()?;
        let i = list.cursor.checked_sub(list.first)? as usize;
        list.items.get(i)
    }

    fn mark(&mut self) {
        let Some((key, score)) = self.current().map(|i| (i.key.clone(), i.score)) else {
            self.say_here("still reading this row");
            return;
        };
        if let Some(list) = self.list_mut()
            && matches!(list.kind, ListKind::Set(_))
            && list.marked.remove(&key).is_none()
        {
            list.marked.insert(key, score.unwrap_or_default());
        }
        self.step(1);
    }

    fn enter(&mut self, home: &HomeData) {
        let Some(list) = self.list() else {
            return;
        };
        let Some(item) = self.current().cloned() else {
            self.say_here("still reading this row");
            return;
        };
        let kind = list.kind.clone();
        match kind {
            ListKind::Set(set) => {
                let crumb = item.text(if set == JobSet::Retry { 4 } else { 3 });
                self.push_detail(
                    crumb.unwrap_or_default().to_string(),
                    Some(Want::Entry {
                        set: Some(set),
                        raw: item.key,
                    }),
                    vec!["reading…".into()],
                );
            }
            ListKind::Queue(_) | ListKind::Running(_) => {
                let crumb = item.text(2).unwrap_or_default().to_string();
                self.push_detail(
                    crumb,
                    Some(Want::Entry {
                        set: None,
                        raw: item.key,
                    }),
                    vec!["reading…".into()],
                );
            }
            ListKind::Queues | ListKind::Processes => {
                let shard = item.shard.or_else(|| self.here());
                let view = self.view();
                self.open_jobs(view, Name::from(item.key.as_slice()), shard, home);
            }
            ListKind::Triage => {
                let set = match item.extra.as_deref() {
                    Some("retry") => JobSet::Retry,
                    _ => JobSet::Dead,
                };
                let id = String::from_utf8_lossy(&item.key).into_owned();
                let view = if set == JobSet::Retry {
                    View::Retry
                } else {
                    View::Dead
                };
                let pattern = item.text(4).unwrap_or_default().to_string();
                self.push_list(
                    view,
                    format!("{} {id} {pattern}", set.name()),
                    ListKind::Set(set),
                    Some(format!("--fingerprint {id}")),
                    self.here(),
                    home,
                );
            }
            ListKind::Findings => {
                use crate::ops::incident::Names;
                let id = String::from_utf8_lossy(&item.key).into_owned();
                let found = home
                    .incident
                    .iter()
                    .flat_map(|b| b.findings.iter())
                    .find(|f| f.id == id);
                let names = found.map(|f| f.names.clone());
                // Across the whole fleet, what a finding names is opened on the shard it hits
                // hardest (the others are said, a `:shard` away).
                let hits = found.map(|f| f.shards.clone()).unwrap_or_default();
                let shard = self.here().or_else(|| hits.first().cloned());
                let also = match (self.here(), hits.split_first()) {
                    (None, Some((top, rest))) if !rest.is_empty() => Some(format!(
                        "opened on {top}, the shard it hits hardest; also on {} (:shard NAME \
                         narrows to one)",
                        rest.join(", ")
                    )),
                    _ => None,
                };
                // What is opened on one shard (a pattern's entries, a queue's jobs) says so.
                let on_one = matches!(names, Some(Names::Pattern { .. } | Names::Queue(_)));
                match names {
                    Some(Names::Pattern {
                        fingerprint, retry, ..
                    }) => {
                        let set = if retry { JobSet::Retry } else { JobSet::Dead };
                        let view = if retry { View::Retry } else { View::Dead };
                        self.push_list(
                            view,
                            on_shard(format!("{} {fingerprint}", set.name()), shard.as_deref()),
                            ListKind::Set(set),
                            Some(format!("--fingerprint {fingerprint}")),
                            shard,
                            home,
                        );
                    }
                    Some(Names::Queue(name)) => self.open_jobs(View::Queues, name, shard, home),
                    Some(Names::Processes) => self.push_list(
                        View::Processes,
                        "processes".into(),
                        ListKind::Processes,
                        None,
                        self.here(),
                        home,
                    ),
                    Some(Names::Nothing) | None => {
                        let now = self.clock.current();
                        let lines = item.cells.iter().map(|c| c.shown(now, 0)).collect();
                        self.push_detail(id, None, lines);
                    }
                }
                if on_one && also.is_some() {
                    self.status = also;
                }
            }
            ListKind::History => {
                let lines = pretty(&item.key);
                let crumb = item.text(5).unwrap_or_default().to_string();
                self.push_detail(crumb, None, lines);
            }
            ListKind::Audit | ListKind::Periodic => {
                let lines = item
                    .extra
                    .clone()
                    .unwrap_or_default()
                    .lines()
                    .map(str::to_string)
                    .collect();
                let crumb = item.text(0).unwrap_or_default().to_string();
                self.push_detail(crumb, None, lines);
            }
        }
    }

    /// A queue's jobs (in the processes view, a process's running jobs), opened on `shard`
    /// across a fleet, the crumb naming it.
    fn open_jobs(&mut self, view: View, name: Name, shard: Option<String>, home: &HomeData) {
        let crumb = on_shard(name.shown().into_owned(), shard.as_deref());
        let kind = if view == View::Processes {
            ListKind::Running(name)
        } else {
            ListKind::Queue(name)
        };
        self.push_list(view, crumb, kind, None, shard, home);
    }

    /// Why `key` must change nothing now (a read-only context, a change already running),
    /// said on the status line; false when it may go on.
    fn refused(&mut self, key: char, shard: Option<&str>) -> bool {
        if let (Some(why), _) = self.rules(shard) {
            self.status = Some(format!("{key} changes Redis, and {why}"));
            return true;
        }
        if self.running() {
            self.status = Some(format!(
                "{key}: a change is running; one change at a time, wait for it to end"
            ));
            return true;
        }
        false
    }

    /// Ask the reader for `act`'s dry run on `shard` (across a fleet): its answer opens the
    /// question.
    fn dry_run(&mut self, act: act::Act, shard: Option<String>) {
        self.status = Some("dry run…".into());
        let _ = self.requests.send(Request {
            id: 0,
            want: Want::Act { act, dry_run: true },
            shard,
        });
    }

    /// The shard the screen reads, across a fleet: its own, else the one the console is
    /// narrowed to.
    fn here(&self) -> Option<String> {
        self.stack
            .last()
            .and_then(|s| s.shard.clone())
            .or_else(|| self.fleet.as_ref()?.focus.clone())
    }

    /// The shard a key acts on, across a fleet: the row's under the cursor (the merged
    /// queues and processes), else the screen's.
    fn row_shard(&self) -> Option<String> {
        self.current()
            .and_then(|item| item.shard.clone())
            .or_else(|| self.here())
    }

    /// Why the Redis a change on `shard` writes to can change nothing (read-only), and the
    /// name to type when it is protected: its context's settings (across a fleet, the
    /// shard's).
    fn rules(&self, shard: Option<&str>) -> (Option<String>, Option<String>) {
        let Some(fleet) = &self.fleet else {
            return (self.read_only.clone(), self.protected.clone());
        };
        match fleet.shards.iter().find(|r| Some(r.name.as_str()) == shard) {
            Some(r) if r.read_only => (
                Some(format!(
                    "context {} is read-only: nothing was changed",
                    r.name
                )),
                None,
            ),
            Some(r) if r.protected => (None, Some(r.name.clone())),
            _ => (None, None),
        }
    }

    /// `:shard NAME` narrows the console to one shard of the fleet; `:shard` alone widens
    /// it to the whole fleet again. Either way the screen goes home.
    fn narrow(&mut self, name: &str) {
        let Some(fleet) = &mut self.fleet else {
            self.status = Some(
                ":shard narrows a console across a fleet (cogctl --fleet NAME top); this one \
                 reads one Redis"
                    .into(),
            );
            return;
        };
        let names = fleet.names();
        let focus = match name {
            "" | "all" => None,
            name if names.contains(&name) => Some(name.to_string()),
            name => {
                self.status = Some(format!(
                    "fleet {} has no shard {}: its shards are {}",
                    fleet.name,
                    crate::text::visible(name),
                    names.join(", ")
                ));
                return;
            }
        };
        fleet.focus = focus.clone();
        self.status = Some(match &focus {
            Some(shard) => format!(
                "narrowed to shard {shard}: every view and change reads {shard} alone; \
                 :shard alone widens to fleet {}",
                fleet.name
            ),
            None => format!(
                "the whole fleet {}: :shard NAME narrows to one shard",
                fleet.name
            ),
        });
        self.stack.clear();
        self.typing = None;
        self.narrowed = Some(focus);
    }

    /// What `:shard` changed since last asked, for the dashboard's threads: the shard the
    /// console is narrowed to now (None: the whole fleet).
    pub fn take_narrowed(&mut self) -> Option<Option<String>> {
        self.narrowed.take()
    }

    /// The queue a key in the queues view acts on: the row under the cursor, or the queue
    /// whose jobs are listed.
    fn chosen_queue(&self) -> Option<Name> {
        match &self.list()?.kind {
            ListKind::Queue(name) => Some(name.clone()),
            ListKind::Queues => self.current().map(|item| Name::from(item.key.as_slice())),
            _ => None,
        }
    }

    /// The process a key in the processes view acts on: the row under the cursor, or the
    /// process whose running jobs are listed.
    fn chosen_process(&self) -> Option<Name> {
        match &self.list()?.kind {
            ListKind::Running(identity) => Some(identity.clone()),
            ListKind::Processes => self.current().map(|item| Name::from(item.key.as_slice())),
            _ => None,
        }
    }

    /// A job as `cogctl job` shows it, drawn now: its ages counted to this moment.
    fn job_lines(&self, report: &crate::ops::job::JobReport) -> Vec<String> {
        use crate::render::Report;
        let mut ui = self.ui.clone();
        ui.clock = Clock::pinned(self.clock.current());
        ui.width = Some(self.cols.saturating_sub(2).max(40));
        let mut out = Vec::new();
        let _ = report.human(&mut out, &ui);
        let mut lines: Vec<String> = String::from_utf8_lossy(&out)
            .lines()
            .map(str::to_string)
            .collect();
        lines.extend(ui.warnings.take());
        lines
    }

    /// p pauses (or resumes, when paused) the queue; X removes its duplicate jobs.
    fn ask_queue(&mut self, does: Does, home: &HomeData) {
        let Some(name) = self.chosen_queue() else {
            self.say_here("no queue under the cursor");
            return;
        };
        let act = if does == Does::Dedupe {
            act::Act::Dedupe(name)
        } else {
            let shard = self.row_shard();
            let paused = home
                .queues
                .iter()
                .find(|q| q.name == name && q.shard == shard)
                .and_then(|q| q.paused);
            act::Act::Pause {
                queue: name,
                pause: paused != Some(true),
            }
        };
        self.dry_run(act, self.row_shard());
    }

    /// S stops the process under the cursor; R requeues what dead processes held (a
    /// reconcile pass), from the row of one that is gone.
    fn ask_process(&mut self, does: Does, home: &HomeData) {
        let Some(name) = self.chosen_process() else {
            self.say_here("no process under the cursor");
            return;
        };
        let shard = self.row_shard();
        let state = home
            .processes
            .iter()
            .find(|p| p.identity == name && p.shard == shard)
            .map(|p| p.state);
        let act = match (does, state) {
            (Does::Stop, Some(ProcState::Gone)) => {
                self.status = Some(format!(
                    "{} is gone (no presence key): there is nothing to stop; R requeues what it held",
                    name.shown()
                ));
                return;
            }
            (Does::Stop, _) => act::Act::Stop(name),
            (_, Some(ProcState::Alive | ProcState::Quiet)) => {
                self.status = Some(format!(
                    "{} is alive: the jobs it holds are its own; R requeues what dead processes held",
                    name.shown()
                ));
                return;
            }
            _ => act::Act::Reconcile,
        };
        self.dry_run(act, shard);
    }

    /// E pushes the periodic entry's job now; p disables it (or enables it, when disabled).
    fn ask_periodic(&mut self, does: Does) {
        let Some(item) = self.current() else {
            self.say_here("no periodic entry under the cursor");
            return;
        };
        let pjid = Name::from(item.key.as_slice());
        let act = if does == Does::RunNow {
            act::Act::RunNow(pjid)
        } else {
            let disabled = item.text(3) == Some("disabled");
            act::Act::Toggle {
                pjid,
                disable: !disabled,
            }
        };
        self.dry_run(act, self.row_shard());
    }

    fn ask_quiet(&mut self, home: &HomeData) {
        let Some(name) = self.chosen_process() else {
            self.say_here("no process under the cursor");
            return;
        };
        let shard = self.row_shard();
        let gone = home
            .processes
            .iter()
            .any(|p| p.identity == name && p.shard == shard && p.state == ProcState::Gone);
        if gone {
            self.status = Some(format!(
                "{} is gone (no presence key): there is nothing to quiet",
                name.shown()
            ));
            return;
        }
        self.dry_run(act::Act::Quiet(name), shard);
    }

    /// A change the home view's `key` asks for (the same action as in the queues and
    /// processes views): refused when this context can change nothing or a change runs,
    /// else its dry run, whose answer opens the question.
    pub fn propose(&mut self, key: char, act: act::Act, shard: Option<String>) {
        if self.refused(key, shard.as_deref()) {
            return;
        }
        self.dry_run(act, shard);
    }

    /// R, D, K, E: the change's dry run first (its answer opens the question). On a
    /// pattern's row, the whole pattern; in a list, the marked entries, else the whole
    /// filtered list when a filter is on, else the entry under the cursor.
    fn ask_act(&mut self, key: char, verb: act::Verb) {
        let Some(list) = self.list() else {
            self.status = Some(format!(
                "{key} acts on a list's entries: open retry, dead, scheduled or triage"
            ));
            return;
        };
        let (set, selection) = match &list.kind {
            ListKind::Set(set) => {
                let selection = if !list.marked.is_empty() {
                    act::Selection::Entries(
                        list.marked
                            .iter()
                            .map(|(raw, score)| (raw.clone(), *score))
                            .collect(),
                    )
                } else if let Some(filter) = &list.filter {
                    act::Selection::Filter(filter.clone())
                } else {
                    match self.current() {
                        Some(item) => act::Selection::Entries(vec![(
                            item.key.clone(),
                            item.score.unwrap_or_default(),
                        )]),
                        None => {
                            self.say_here("no entry under the cursor");
                            return;
                        }
                    }
                };
                (*set, selection)
            }
            ListKind::Triage => {
                let Some(item) = self.current() else {
                    return;
                };
                let set = match item.extra.as_deref() {
                    Some("retry") => JobSet::Retry,
                    _ => JobSet::Dead,
                };
                let id = String::from_utf8_lossy(&item.key).into_owned();
                (set, act::Selection::Filter(format!("--fingerprint {id}")))
            }
            _ => {
                self.say_here(format!("{key} acts on retry, dead and scheduled entries"));
                return;
            }
        };
        if verb.command(set).is_none() {
            self.say_here(format!("{key} doesn't apply to the {} set", set.name()));
            return;
        }
        self.dry_run(
            act::Act::Entries {
                set,
                verb,
                selection,
                canary: false,
            },
            self.here(),
        );
    }

    /// u: undo the change under the cursor (audit view), else the last change made here.
    fn ask_undo(&mut self) {
        let undo = match self.list().map(|l| &l.kind) {
            // Its ID column: the change's undo record id, else the entry's own id.
            Some(ListKind::Audit) => self
                .current()
                .and_then(|item| item.text(4))
                .map(|id| (id.to_string(), self.here())),
            _ => self.last_undo.clone(),
        };
        let Some((id, shard)) = undo else {
            self.say_here("u undoes the change under the cursor in the audit view (0), or the last change made here");
            return;
        };
        if self.refused('u', shard.as_deref()) {
            return;
        }
        self.dry_run(act::Act::Undo(id), shard);
    }

    /// How a change (or its dry run) went.
    fn acted(
        &mut self,
        act: act::Act,
        dry_run: bool,
        result: Result<act::Done, String>,
        shard: Option<String>,
    ) {
        if !dry_run {
            self.running = None;
        }
        let done = match result {
            Ok(done) => done,
            Err(why) => {
                self.status = Some(format!("failed: {why}"));
                return;
            }
        };
        if dry_run {
            if done.failed {
                self.status = Some(done.text.last().cloned().unwrap_or_default());
                return;
            }
            let lines: Vec<String> = done.text.into_iter().take(18).collect();
            self.status = None;
            // Nothing to do, often because what was chosen has moved on: the list as it is.
            if done.nothing {
                self.load(true);
            }
            self.ask = Some(Ask {
                title: on_shard(format!("{} (dry run)", act.command()), shard.as_deref()),
                lines,
                // A dry run that found nothing to do asks nothing: y would change nothing.
                then: (!done.nothing).then_some(act),
                need: self.rules(shard.as_deref()).1,
                typed: String::new(),
                shard,
            });
            return;
        }
        let summary = on_shard(done.summary, shard.as_deref());
        self.status = Some(match &done.undo {
            Some(id) => format!("undo id {id} (u takes it back) · {summary}"),
            None => summary,
        });
        if let Some(id) = done.undo {
            self.last_undo = Some((id, shard));
        }
        self.load(true);
    }

    /// Everything the screen draws, but the dashboard itself.
    pub fn shown(&self, home_banner: Option<&String>) -> Shown {
        let crumbs = std::iter::once(self.view().name().to_string())
            .chain(self.stack.iter().skip(1).map(|s| s.crumb.clone()))
            .collect();
        let body = match self.stack.last().map(|s| &s.body) {
            None => Body::Empty,
            Some(Body2::Detail {
                detail,
                loading,
                job,
            }) => {
                let mut detail = detail.clone();
                if let Some(job) = job {
                    detail.lines = self.job_lines(job);
                }
                if *loading {
                    detail.title.push_str(" · reading…");
                }
                Body::Detail(detail)
            }
            Some(Body2::List(list)) => {
                let rows = self.table_rows() as u64;
                let end = list
                    .total
                    .map_or(list.top + rows, |t| t.min(list.top + rows));
                let shown_rows = (list.top..end)
                    .map(|rank| {
                        rank.checked_sub(list.first)
                            .and_then(|i| list.items.get(i as usize))
                            .map(|item| item.cells.clone())
                    })
                    .collect();
                let marked = (list.top..end)
                    .filter(|rank| {
                        rank.checked_sub(list.first)
                            .and_then(|i| list.items.get(i as usize))
                            .is_some_and(|item| list.marked.contains_key(&item.key))
                    })
                    .collect();
                Body::List(Listing {
                    title: match &list.kind {
                        ListKind::Set(set) => set.key().to_string(),
                        ListKind::Queue(name) => {
                            crate::store::keys::queue(name).shown().into_owned()
                        }
                        ListKind::Running(identity) => crate::store::keys::inprogress(identity)
                            .shown()
                            .into_owned(),
                        ListKind::Triage => "failure patterns of retry and dead".into(),
                        ListKind::History => crate::store::keys::HISTORY_ALL.into(),
                        ListKind::Audit => crate::store::keys::AUDIT.into(),
                        ListKind::Periodic => "periodic entries".into(),
                        ListKind::Queues => "queues".into(),
                        ListKind::Processes => "processes".into(),
                        ListKind::Findings => {
                            "incident: the last 6 hours' findings, read every minute".into()
                        }
                    },
                    columns: {
                        let mut columns = reader::columns(&list.kind);
                        if self.fleet.is_some()
                            && matches!(list.kind, ListKind::Queues | ListKind::Processes)
                        {
                            columns.insert(0, ("SHARD", 12));
                        }
                        columns
                    },
                    total: list.total,
                    first: list.top,
                    rows: shown_rows,
                    marked,
                    marks: list.marked.len(),
                    read_at: list.counted,
                    head: list.head.clone(),
                    cursor: list.cursor,
                    loading: list.asked.is_some(),
                })
            }
        };
        let filter = match (&self.typing, self.list().and_then(|l| l.filter.as_ref())) {
            (Some(typed), _) => Some((typed.clone(), true)),
            (None, Some(f)) => Some((f.clone(), false)),
            _ => None,
        };
        Shown {
            crumbs,
            target: match (&self.fleet, self.here()) {
                (Some(fleet), Some(shard)) => fleet
                    .shards
                    .iter()
                    .find(|r| r.name == shard)
                    .map_or_else(|| self.target.clone(), |r| r.target.clone()),
                _ => self.target.clone(),
            },
            context: match &self.fleet {
                Some(fleet) => Some(match self.here() {
                    Some(shard) => format!("{shard} of fleet {}", fleet.name),
                    None => format!("fleet {}", fleet.name),
                }),
                None => self.context.clone(),
            },
            body,
            command: self.command.as_ref().map(|typed| {
                (
                    typed.clone(),
                    views::completions(typed)
                        .into_iter()
                        .map(|v| format!("{} ({})", v.name(), v.key()))
                        .collect(),
                )
            }),
            filter,
            help: self.help.then(|| self.view().help()),
            dialog: self.ask.as_ref().map(|ask| crate::render::console::Dialog {
                title: ask.title.clone(),
                lines: ask.lines.clone(),
                ask: match (&ask.then, &ask.need) {
                    (None, _) => "nothing to do: any key closes".into(),
                    (Some(_), Some(name)) => format!(
                        "context {name} is protected: type its name and Enter to go on, Esc cancels:"
                    ),
                    (Some(then), None) if then.can_canary() => format!(
                        "y to go on, c to retry as a canary ({} first, then tenfold while they run; stops if they fail again), any other key cancels",
                        act::CANARY
                    ),
                    (Some(_), None) => "y to go on, any other key cancels".into(),
                },
                typed: ask
                    .need
                    .as_ref()
                    .filter(|_| ask.then.is_some())
                    .map(|_| ask.typed.clone()),
            }),
            status: self.status_line(),
            hint: self.view().footer(),
            banner: self.lost.clone().or_else(|| home_banner.cloned()),
            color: self.color,
            now: self.clock.current(),
        }
    }
}

/// What a screen or a change says, naming the shard it is on across a fleet.
fn on_shard(text: String, shard: Option<&str>) -> String {
    match shard {
        Some(shard) => format!("{text} · shard {shard}"),
        None => text,
    }
}

fn common_prefix<'a>(mut names: impl Iterator<Item = &'a str>) -> String {
    let Some(first) = names.next() else {
        return String::new();
    };
    let mut prefix = first.to_string();
    for name in names {
        while !name.starts_with(&prefix) {
            prefix.pop();
        }
    }
    prefix
}

/// A stored JSON document, pretty-printed (or as it is when it isn't JSON).
fn pretty(raw: &[u8]) -> Vec<String> {
    serde_json::from_slice::<serde_json::Value>(raw)
        .ok()
        .and_then(|v| serde_json::to_string_pretty(&v).ok())
        .unwrap_or_else(|| String::from_utf8_lossy(raw).into_owned())
        .lines()
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;

    fn press(console: &mut Console, code: KeyCode) -> Outcome {
        console.key(KeyEvent::from(code), &HomeData::default())
    }

    #[test]
    fn views_switch_by_name_with_completion_and_by_key() {
        let (tx, rx) = mpsc::channel();
        let mut console = Console::new(tx);
        assert_eq!(press(&mut console, KeyCode::Char('j')), Outcome::Pass);
        press(&mut console, KeyCode::Char(':'));
        press(&mut console, KeyCode::Char('d'));
        press(&mut console, KeyCode::Tab);
        assert_eq!(console.command.as_deref(), Some("dead"));
        press(&mut console, KeyCode::Enter);
        assert_eq!(console.view(), View::Dead);
        let Ok(Request {
            want: Want::Page { kind, start, .. },
            ..
        }) = rx.try_recv()
        else {
            panic!("no page asked for")
        };
        assert_eq!((kind, start), (ListKind::Set(JobSet::Dead), 0));
        press(&mut console, KeyCode::Char('9'));
        assert_eq!(console.view(), View::History);
        assert_eq!(press(&mut console, KeyCode::Esc), Outcome::Redraw);
        assert!(console.at_home());
    }

    fn fleet_console() -> (Console, mpsc::Receiver<Request>) {
        let (tx, rx) = mpsc::channel();
        let mut console = Console::new(tx);
        console.fleet = Some(Fleet {
            name: "prod".into(),
            shards: ["a", "b", "c"]
                .into_iter()
                .map(|name| ShardRule {
                    name: name.into(),
                    read_only: name == "c",
                    protected: name == "b",
                    target: format!("redis://{name}/0"),
                })
                .collect(),
            focus: None,
        });
        (console, rx)
    }

    #[test]
    fn across_a_fleet_a_set_is_one_shards_and_shard_narrows_to_it() {
        let (mut console, rx) = fleet_console();
        let home = HomeData::default();
        press(&mut console, KeyCode::Char('5'));
        assert!(console.at_home());
        assert_eq!(
            console.take_word().as_deref(),
            Some(
                "dead reads one shard of fleet prod: :shard NAME narrows the console to one (a, b, c)"
            )
        );
        assert!(rx.try_recv().is_err(), "nothing read");
        for c in ":shard zz".chars() {
            press(&mut console, KeyCode::Char(c));
        }
        press(&mut console, KeyCode::Enter);
        assert!(console.status.as_deref().unwrap().contains("no shard zz"));
        assert_eq!(console.take_narrowed(), None);
        for c in ":shard b".chars() {
            press(&mut console, KeyCode::Char(c));
        }
        press(&mut console, KeyCode::Enter);
        assert_eq!(console.take_narrowed(), Some(Some("b".into())));
        let shown = console.shown(None);
        assert_eq!(shown.target, "redis://b/0");
        assert_eq!(shown.context.as_deref(), Some("b of fleet prod"));
        console.switch(View::Dead, &home);
        let Ok(Request { shard, want, .. }) = rx.try_recv() else {
            panic!("no page asked for")
        };
        assert_eq!(shard.as_deref(), Some("b"));
        assert!(matches!(want, Want::Page { .. }));
        // b is protected, c read-only: each shard's own settings.
        assert_eq!(console.rules(Some("b")), (None, Some("b".into())));
        assert!(
            console
                .rules(Some("c"))
                .0
                .unwrap()
                .contains("context c is read-only")
        );
        assert_eq!(console.rules(Some("a")), (None, None));
        for c in ":shard".chars() {
            press(&mut console, KeyCode::Char(c));
        }
        press(&mut console, KeyCode::Enter);
        assert_eq!(console.take_narrowed(), Some(None));
        assert!(console.at_home());
    }

    #[test]
    fn a_long_list_asks_only_for_the_rows_around_the_cursor() {
        let (tx, rx) = mpsc::channel();
        let mut console = Console::new(tx);
        console.rows = 20;
        console.switch(View::Dead, &HomeData::default());
        let _ = rx.try_recv();
        let id = console.stack[0].id;
        console.answer(Answer::Page {
            id,
            total: 1_000_000,
            start: 0,
            items: vec![Item::default(); 110],
            counted: None,
            head: Vec::new(),
            gone: Vec::new(),
        });
        for _ in 0..1000 {
            press(&mut console, KeyCode::PageDown);
        }
        press(&mut console, KeyCode::End);
        let asked: Vec<Request> = rx.try_iter().collect();
        let Some(Request {
            want: Want::Page { start, count, .. },
            ..
        }) = asked.last()
        else {
            panic!("nothing asked")
        };
        assert_eq!(console.list().unwrap().cursor, 999_999);
        assert!(
            *start >= 999_999 - 20 - MARGIN - 20 && *count <= 200,
            "{start} {count}"
        );
        let shown = console.shown(None);
        let Body::List(listing) = shown.body else {
            panic!()
        };
        assert_eq!(listing.rows.len(), 20);
    }

    fn screen(console: &Console) -> String {
        sized(console, 100, 16)
    }

    /// The console drawn on a `width` × `height` screen, each line's trailing blanks cut.
    fn sized(console: &Console, width: u16, height: u16) -> String {
        let shown = console.shown(None);
        crate::render::drawn(width, height, |f| crate::render::console::draw(f, &shown))
            .lines()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect()
    }

    /// Each list view with two rows read, as the screen draws it.
    #[test]
    fn each_view_as_drawn() {
        // Times as the reader gives them: `ago:N` N seconds before now, `due:N` N after (a
        // negative N: overdue).
        const NOW: f64 = 1_796_208_000.0;
        let cell = |s: &str| -> Field {
            let at = |n: &str| n.parse::<f64>().unwrap();
            match s.split_once(':') {
                Some(("ago", n)) => Field::Ago(NOW - at(n)),
                Some(("due", n)) => Field::Due(NOW + at(n)),
                _ => s.into(),
            }
        };
        let rows = |cells: &[&[&str]]| -> Vec<Item> {
            cells
                .iter()
                .enumerate()
                .map(|(i, c)| Item {
                    key: format!("key{i}").into_bytes(),
                    score: Some(1.0),
                    cells: c.iter().map(|&s| cell(s)).collect(),
                    extra: Some("dead".into()),
                    shard: None,
                })
                .collect()
        };
        let cases: [(View, Vec<Item>); 7] = [
            (
                View::Retry,
                rows(&[
                    &[
                        "due:300",
                        "3",
                        "SyncInvoice",
                        "default",
                        "aaaa",
                        "Net::ReadTimeout: after 5s",
                    ],
                    &[
                        "due:-2",
                        "4",
                        "SyncInvoice",
                        "default",
                        "bbbb",
                        "Net::ReadTimeout: after 6s",
                    ],
                ]),
            ),
            (
                View::Dead,
                rows(&[
                    &[
                        "ago:120",
                        "SendReceipt",
                        "default",
                        "cccc",
                        "NoMethodError: undefined method",
                    ],
                    &[
                        "ago:2298",
                        "Evil\u{1b}[2J",
                        "default",
                        "dddd",
                        "line\nbreak",
                    ],
                ]),
            ),
            (
                View::Scheduled,
                rows(&[&["due:3600", "Report", "low", "eeee", "[1,2]"]]),
            ),
            (
                View::Triage,
                rows(&[&[
                    "dead",
                    "12",
                    "d4ed1e2a",
                    "ago:120",
                    "Net::ReadTimeout: after <n>s",
                ]]),
            ),
            (
                View::Periodic,
                rows(&[&["p-1", "Nightly", "0 3 * * *", "enabled", "in 7h"]]),
            ),
            (
                View::History,
                rows(&[
                    &["ago:60", "success", "1.2s", "Mailer", "mail", "ffff", ""],
                    &[
                        "ago:2758",
                        "failed",
                        "40m 2s",
                        "Billing::ChargeJob",
                        "billing",
                        "gggg",
                        "Stripe::RateLimitError: slow down",
                    ],
                ]),
            ),
            (
                View::Audit,
                rows(&[&[
                    "ago:172800",
                    "dead retry",
                    "12",
                    "undone",
                    "u-20261204-191214-ceeebc",
                    "ops@box prod",
                ]]),
            ),
        ];
        let mut all = String::new();
        for (view, items) in cases {
            let (tx, _rx) = mpsc::channel();
            let mut console = Console::new(tx);
            console.clock = Clock::pinned(NOW);
            console.rows = 8;
            console.target = "unix:///tmp/redis.sock?db=0".into();
            console.switch(view, &HomeData::default());
            let id = console.stack[0].id;
            let total = items.len() as u64;
            console.answer(Answer::Page {
                id,
                total,
                start: 0,
                items,
                counted: None,
                head: Vec::new(),
                gone: Vec::new(),
            });
            all.push_str(&format!("--- {}\n{}", view.name(), screen(&console)));
        }
        // An entry, the help, and a dry run's question.
        let (tx, _rx) = mpsc::channel();
        let mut console = Console::new(tx);
        console.clock = Clock::pinned(NOW);
        console.rows = 8;
        console.switch(View::Dead, &HomeData::default());
        console.push_detail(
            "cccc".into(),
            None,
            pretty(br#"{"class":"SendReceipt","args":[1]}"#),
        );
        all.push_str(&format!("--- entry\n{}", screen(&console)));
        console.help = true;
        all.push_str(&format!("--- help\n{}", screen(&console)));
        console.help = false;
        console.stack.pop();
        console.protected = Some("prod".into());
        console.acted(
            act::Act::Undo("u-1".into()),
            true,
            Ok(act::Done {
                text: vec![
                    "dry run: would undo `dead retry` (u-1)".into(),
                    "nothing was changed".into(),
                ],
                summary: String::new(),
                undo: None,
                failed: false,
                nothing: false,
            }),
            None,
        );
        all.push_str(&format!("--- dialog\n{}", screen(&console)));
        insta::assert_snapshot!(all);
    }

    /// Minutes of (simulated) time with the console open: every age on it is counted to the
    /// moment it is drawn, in a list, in the incident view's SINCE column and in a finding's
    /// own words, never to the moment it was read.
    #[test]
    fn ages_are_counted_to_the_moment_the_screen_is_drawn() {
        use crate::duration::Timed;
        use crate::ops::incident::{Brief, BriefFinding, Kind, Names, Severity};
        const READ: f64 = 1_796_208_000.0;
        let mut said = Timed::plain("ChargeJob failing (30 failures; last ");
        said.push_time(READ, READ - 10.0);
        said.push_str(")");
        let home = HomeData {
            incident: Some(Brief {
                headline: said.clone(),
                fails: true,
                at: READ,
                findings: vec![BriefFinding {
                    id: "failure_surge:5dedf083".into(),
                    kind: Kind::FailureSurge,
                    severity: Severity::Fail,
                    since: Some(READ - 200.0),
                    summary: said,
                    names: Names::Nothing,
                    recovered: None,
                    shards: Vec::new(),
                }],
            }),
            ..HomeData::default()
        };
        let (tx, _rx) = mpsc::channel();
        let mut console = Console::new(tx);
        console.rows = 8;
        console.switch(View::Incident, &home);
        let at = |console: &mut Console, t: f64| {
            console.clock = Clock::pinned(t);
            screen(console)
        };
        let first = at(&mut console, READ);
        assert!(
            first.contains("3m 20s ago") && first.contains("last 10s ago)"),
            "{first}"
        );
        assert!(first.contains("(1) · read now"), "{first}");
        let later = at(&mut console, READ + 300.0);
        assert!(
            later.contains("8m 20s ago") && later.contains("last 5m 10s ago)"),
            "{later}"
        );
        assert!(later.contains("(1) · read 5m ago"), "{later}");
        // A list read once: its ages move on with the clock alone.
        console.switch(View::Dead, &home);
        let id = console.stack[0].id;
        console.answer(Answer::Page {
            id,
            total: 1,
            start: 0,
            items: vec![Item {
                key: b"k".to_vec(),
                score: Some(READ - 30.0),
                cells: vec![Field::Ago(READ - 30.0), "ChargeJob".into()],
                extra: None,
                shard: None,
            }],
            counted: None,
            head: Vec::new(),
            gone: Vec::new(),
        });
        assert!(at(&mut console, READ).contains("30s ago"));
        assert!(at(&mut console, READ + 600.0).contains("10m 30s ago"));
        assert!(at(&mut console, READ + 7200.0).contains("2h ago"));
    }

    /// A dry run that found nothing to do asks nothing (y changes nothing); a dialog is as
    /// wide as its longest line, up to the screen's width.
    #[test]
    fn a_dry_run_with_nothing_to_do_asks_nothing_and_dialogs_fit_their_lines() {
        let (tx, rx) = mpsc::channel();
        let mut console = Console::new(tx);
        console.switch(View::Processes, &HomeData::default());
        let sample = format!("  f8138b8b5e56769076bcad1f  FailJob  {}", "x".repeat(110));
        console.acted(
            act::Act::Reconcile,
            true,
            Ok(act::Done {
                text: vec![
                    "would leave 1 job of 1 silent or unknown process (not presumed dead before 5m of silence)".into(),
                    sample.clone(),
                    "dry run: nothing was changed".into(),
                ],
                summary: String::new(),
                undo: None,
                failed: false,
                nothing: true,
            }),
            None,
        );
        let drawn = sized(&console, 160, 20);
        let text: Vec<&str> = drawn.lines().collect();
        assert!(
            text.iter().any(|l| l.contains(sample.trim_end())),
            "the sample on one line:\n{drawn}"
        );
        assert!(
            text.iter()
                .any(|l| l.contains("nothing to do: any key closes"))
        );
        let _ = rx.try_iter().count();
        assert_eq!(press(&mut console, KeyCode::Char('y')), Outcome::Redraw);
        assert!(
            rx.try_iter()
                .all(|r| !matches!(r.want, Want::Act { dry_run: false, .. })),
            "y ran the change"
        );
        assert_eq!(
            console.status_line().as_deref(),
            Some("nothing to do; nothing was changed")
        );
    }
}
