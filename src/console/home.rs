//! The home view (the dashboard): its state and what each of its own keys does; no terminal
//! and no Redis in here. Its changes (p, Q) are the console's, with their dry run and their
//! question: the same action as in the queues and processes views.

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::act::Act;
use crate::ops::dashboard::{ProcState, View};
use crate::render::top::{Chrome, Pane};

/// What a key asks of the loop.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    Nothing,
    Redraw,
    Quit,
    /// A change, for the console to show its dry run and ask; across a fleet, with the
    /// shard of the row it is for.
    Act(Act, Option<String>),
}

#[derive(Default)]
pub struct App {
    /// The last data read (kept through an outage).
    pub view: View,
    pub chrome: Chrome,
}

impl App {
    pub fn new(chrome: Chrome) -> App {
        App {
            chrome,
            ..App::default()
        }
    }

    /// The view as drawn: the queues and processes the filter matches (the view itself,
    /// not a copy, when there is no filter).
    pub fn shown(&self) -> Cow<'_, View> {
        let filter = self.chrome.filter.as_str();
        if filter.is_empty() {
            return Cow::Borrowed(&self.view);
        }
        let matches = |name: &crate::store::Name| name.shown().contains(filter);
        Cow::Owned(View {
            queues: self
                .view
                .queues
                .iter()
                .filter(|q| matches(&q.name))
                .cloned()
                .collect(),
            processes: self
                .view
                .processes
                .iter()
                .filter(|p| matches(&p.identity))
                .cloned()
                .collect(),
            ..self.view.clone()
        })
    }

    pub fn key(&mut self, key: KeyEvent) -> Outcome {
        let ctrl_c =
            key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl_c {
            return Outcome::Quit;
        }
        if self.chrome.editing {
            match key.code {
                KeyCode::Enter => self.chrome.editing = false,
                KeyCode::Esc => {
                    self.chrome.editing = false;
                    self.chrome.filter.clear();
                }
                KeyCode::Backspace => {
                    self.chrome.filter.pop();
                }
                KeyCode::Char(c) => self.chrome.filter.push(c),
                _ => return Outcome::Nothing,
            }
            self.reselect();
            return Outcome::Redraw;
        }
        match key.code {
            KeyCode::Char('q') => return Outcome::Quit,
            KeyCode::Esc => {
                self.chrome.filter.clear();
                self.chrome.notice = None;
            }
            KeyCode::Tab => self.chrome.pane = self.chrome.pane.next(),
            KeyCode::BackTab => self.chrome.pane = self.chrome.pane.next().next(),
            KeyCode::Down | KeyCode::Char('j') => self.step(1),
            KeyCode::Up | KeyCode::Char('k') => self.step(-1),
            KeyCode::PageDown => self.step(10),
            KeyCode::PageUp => self.step(-10),
            KeyCode::Home | KeyCode::Char('g') => self.step(isize::MIN / 2),
            KeyCode::End | KeyCode::Char('G') => self.step(isize::MAX / 2),
            KeyCode::Char('/') => {
                self.chrome.editing = true;
                self.chrome.notice = None;
            }
            KeyCode::Char('p') => return self.pause(),
            KeyCode::Char('Q') => return self.quiet(),
            _ => return Outcome::Nothing,
        }
        Outcome::Redraw
    }

    /// Rows in the selected pane, as drawn.
    fn rows(&self, pane: Pane) -> usize {
        let shown = self.shown();
        match pane {
            Pane::Queues => shown.queues.len(),
            Pane::Processes => shown.processes.len(),
            Pane::Deaths => shown.deaths.len(),
        }
    }

    fn selected_mut(&mut self, pane: Pane) -> &mut usize {
        match pane {
            Pane::Queues => &mut self.chrome.queue,
            Pane::Processes => &mut self.chrome.process,
            Pane::Deaths => &mut self.chrome.death,
        }
    }

    fn step(&mut self, by: isize) {
        let pane = self.chrome.pane;
        let rows = self.rows(pane);
        let selected = self.selected_mut(pane);
        let last = rows.saturating_sub(1) as isize;
        *selected = (*selected as isize).saturating_add(by).clamp(0, last) as usize;
    }

    /// Keep each selection on a row that exists (after new data or a new filter).
    pub fn reselect(&mut self) {
        for pane in [Pane::Queues, Pane::Processes, Pane::Deaths] {
            let rows = self.rows(pane);
            let selected = self.selected_mut(pane);
            *selected = (*selected).min(rows.saturating_sub(1));
        }
    }

    /// p: pause the selected queue (resume it when paused).
    fn pause(&mut self) -> Outcome {
        if self.chrome.pane != Pane::Queues {
            self.chrome.notice = Some("p pauses the selected queue: Tab to the queues".into());
            return Outcome::Redraw;
        }
        let Some(queue) = self.shown().queues.get(self.chrome.queue).cloned() else {
            self.chrome.notice = Some("no queue selected".into());
            return Outcome::Redraw;
        };
        Outcome::Act(
            Act::Pause {
                pause: queue.paused != Some(true),
                queue: queue.name,
            },
            queue.shard,
        )
    }

    /// Q: quiet the selected process.
    fn quiet(&mut self) -> Outcome {
        if self.chrome.pane != Pane::Processes {
            self.chrome.notice = Some("Q quiets the selected process: Tab to the processes".into());
            return Outcome::Redraw;
        }
        let Some(process) = self.shown().processes.get(self.chrome.process).cloned() else {
            self.chrome.notice = Some("no process selected".into());
            return Outcome::Redraw;
        };
        if process.state == ProcState::Gone {
            self.chrome.notice = Some(format!(
                "{} is gone (no presence key): there is nothing to quiet",
                process.identity.shown()
            ));
            return Outcome::Redraw;
        }
        Outcome::Act(Act::Quiet(process.identity), process.shard)
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::KeyEvent;

    use super::*;
    use crate::ops::dashboard::QueueLine;
    use crate::store::Name;

    fn press(app: &mut App, code: KeyCode) -> Outcome {
        app.key(KeyEvent::from(code))
    }

    fn queue(name: &str, paused: bool) -> QueueLine {
        QueueLine {
            paused: Some(paused),
            ..QueueLine::waiting(name, 0)
        }
    }

    #[test]
    fn pause_is_the_consoles_pause_of_the_selected_queue() {
        let mut app = App::default();
        app.view.queues = vec![queue("a", false), queue("b", true)];
        press(&mut app, KeyCode::Down);
        assert_eq!(
            press(&mut app, KeyCode::Char('p')),
            Outcome::Act(
                Act::Pause {
                    queue: Name::from("b"),
                    pause: false
                },
                None
            )
        );
        press(&mut app, KeyCode::Up);
        assert_eq!(
            press(&mut app, KeyCode::Char('p')),
            Outcome::Act(
                Act::Pause {
                    queue: Name::from("a"),
                    pause: true
                },
                None
            )
        );
    }

    #[test]
    fn the_filter_narrows_the_rows_and_esc_clears_it() {
        let mut app = App::default();
        app.view.queues = vec![queue("mail", false), queue("default", false)];
        press(&mut app, KeyCode::Char('/'));
        for c in "def".chars() {
            press(&mut app, KeyCode::Char(c));
        }
        press(&mut app, KeyCode::Enter);
        assert_eq!(app.shown().queues.len(), 1);
        assert!(matches!(
            press(&mut app, KeyCode::Char('p')),
            Outcome::Act(Act::Pause { queue, .. }, None) if queue == "default"
        ));
        press(&mut app, KeyCode::Esc);
        assert_eq!(app.shown().queues.len(), 2);
        assert_eq!(press(&mut app, KeyCode::Char('q')), Outcome::Quit);
    }
}
