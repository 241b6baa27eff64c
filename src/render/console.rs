//! The keyboard console's screen (`cogctl top` beyond its dashboard): breadcrumbs, a paged
//! list or a detail, the `:` command line with its completions, the help of a view, a
//! dialog, and the status line. Drawn from plain data ([`Shown`]); every text that came from
//! Redis is escaped here ([`visible`], [`one_line`]) as it is put on screen, and nowhere
//! else.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Clear, Paragraph, Row, Table, TableState, Wrap};

use crate::text::{one_line, visible};

/// What the console shows around the view.
#[derive(Clone, Debug, Default)]
pub struct Shown {
    /// Where we are: `dead › TimeoutError: … › 1a2b3c…`.
    pub crumbs: Vec<String>,
    /// The Redis (password redacted) and the config context, if any.
    pub target: String,
    pub context: Option<String>,
    pub body: Body,
    /// The `:` line being typed, and what it completes to.
    pub command: Option<(String, Vec<String>)>,
    /// The `/` filter being typed, or the one in force.
    pub filter: Option<(String, bool)>,
    /// The keys of this view, as (key, what it does).
    pub help: Option<Vec<(String, String)>>,
    pub dialog: Option<Dialog>,
    /// The outcome of the last action, progress, or a hint.
    pub status: Option<String>,
    /// What the footer says when there is no status: the view's keys.
    pub hint: String,
    /// Why Redis can't be read right now.
    pub banner: Option<String>,
    pub color: bool,
    /// The moment the screen is drawn: every time on it is shown relative to this.
    pub now: f64,
}

/// One cell of a list: a text, or a moment shown relative to when the screen is drawn (so
/// that an age on screen moves on while the rows stay what was read).
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    Text(String),
    /// A past moment: `2m ago`.
    Ago(f64),
    /// When something is due: `in 5m`, or `due 2s ago` once its time has passed.
    Due(f64),
    /// How long until a deadline: `18h 5m left`.
    Left(f64),
    /// A sentence with moments in it (`…; last 2m ago`).
    Timed(crate::duration::Timed),
}

impl Field {
    /// Its text, when it is one.
    pub fn text(&self) -> Option<&str> {
        match self {
            Field::Text(t) => Some(t),
            Field::Ago(_) | Field::Due(_) | Field::Left(_) | Field::Timed(_) => None,
        }
    }

    /// As drawn at `now` in a column `width` characters wide (0: as wide as it takes): a
    /// time in its long form when that fits, else its largest unit (`38m ago`), never cut;
    /// a text cut with `…`.
    pub fn shown(&self, now: f64, width: usize) -> String {
        use crate::duration::{due, relative, short_span};
        let fits = |s: &str| width == 0 || s.chars().count() <= width;
        let time = |long: String, short: &dyn Fn(String) -> String, t: f64| {
            if fits(&long) {
                long
            } else {
                short(short_span((t - now).abs()))
            }
        };
        let text = match self {
            Field::Text(text) => Some(one_line(text)),
            Field::Timed(timed) => Some(one_line(&timed.at(now))),
            Field::Ago(_) | Field::Due(_) | Field::Left(_) => None,
        };
        match self {
            Field::Text(_) | Field::Timed(_) => {
                let text = text.unwrap_or_default();
                if fits(&text) {
                    text
                } else {
                    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
                    cut.push('…');
                    cut
                }
            }
            Field::Ago(t) => {
                let past = *t <= now;
                time(
                    relative(now, *t),
                    &|s| {
                        if past {
                            format!("{s} ago")
                        } else {
                            format!("in {s}")
                        }
                    },
                    *t,
                )
            }
            Field::Left(t) => {
                let left = (t - now).max(0.0);
                time(
                    format!("{} left", crate::duration::span(left)),
                    &|s| format!("{s} left"),
                    *t,
                )
            }
            Field::Due(t) => {
                let past = t - now <= -1.0;
                time(
                    due(now, *t),
                    &|s| {
                        if past {
                            format!("due {s} ago")
                        } else {
                            format!("in {s}")
                        }
                    },
                    *t,
                )
            }
        }
    }
}

impl From<String> for Field {
    fn from(text: String) -> Field {
        Field::Text(text)
    }
}

impl From<&str> for Field {
    fn from(text: &str) -> Field {
        Field::Text(text.to_string())
    }
}

/// The main area.
#[derive(Clone, Debug, Default)]
pub enum Body {
    #[default]
    Empty,
    List(Listing),
    Detail(Detail),
}

/// A list read from Redis by rank: only the rows around the cursor are here.
#[derive(Clone, Debug, Default)]
pub struct Listing {
    pub title: String,
    /// Column names and widths (0: takes what is left).
    pub columns: Vec<(&'static str, u16)>,
    /// How many rows the whole list has (None: not known yet).
    pub total: Option<u64>,
    /// The rank of the first row of `rows`.
    pub first: u64,
    /// The rows on screen from `first` on; None: not read yet.
    pub rows: Vec<Option<Vec<Field>>>,
    /// Ranks marked with space, among those on screen.
    pub marked: Vec<u64>,
    /// How many are marked in all.
    pub marks: usize,
    /// When what the list shows was read, when that was before its rows were (the count of a
    /// filter's matches on a large set; the incident's findings).
    pub read_at: Option<f64>,
    /// Lines above the rows (a process's state and memory).
    pub head: Vec<String>,
    pub cursor: u64,
    /// Read in progress.
    pub loading: bool,
}

/// A text to read (a job, a process), scrolled.
#[derive(Clone, Debug, Default)]
pub struct Detail {
    pub title: String,
    pub lines: Vec<String>,
    pub scroll: usize,
}

/// A question: a dry run and what answers it.
#[derive(Clone, Debug)]
pub struct Dialog {
    pub title: String,
    pub lines: Vec<String>,
    /// `y/n`, or "type NAME to go on".
    pub ask: String,
    /// What has been typed (a protected context's name).
    pub typed: Option<String>,
}

/// Rows a list can show in an area this tall (borders and header taken off).
pub fn list_rows(height: u16) -> usize {
    usize::from(height.saturating_sub(3 + 2 + 1)).max(1)
}

pub fn draw(frame: &mut Frame, shown: &Shown) {
    let [crumbs, banner, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(if shown.banner.is_some() { 2 } else { 0 }),
        Constraint::Min(3),
        Constraint::Length(2),
    ])
    .areas(frame.area());
    draw_crumbs(frame, crumbs, shown);
    if let Some(reason) = &shown.banner {
        frame.render_widget(
            Paragraph::new(format!(
                " Redis unreachable, showing what was read; keys still work: {}",
                visible(reason)
            ))
            .wrap(Wrap { trim: false })
            .style(banner_style(shown.color)),
            banner,
        );
    }
    match &shown.body {
        Body::Empty => {}
        Body::List(listing) => draw_list(frame, body, listing, shown),
        Body::Detail(detail) => draw_detail(frame, body, detail),
    }
    draw_footer(frame, footer, shown);
    if let Some(help) = &shown.help {
        draw_help(frame, body, help);
    }
    if let Some(dialog) = &shown.dialog {
        draw_dialog(frame, body, dialog, shown.color);
    }
}

/// The dashboard's place under the breadcrumbs.
pub fn home_area(area: Rect) -> Rect {
    Rect {
        y: area.y + 1.min(area.height),
        height: area.height.saturating_sub(1),
        ..area
    }
}

/// What the console draws over the dashboard: the breadcrumbs on the first line, and the
/// `:` line, the help or a dialog when open.
pub fn draw_over_home(frame: &mut Frame, shown: &Shown) {
    let area = frame.area();
    draw_crumbs(
        frame,
        Rect {
            height: 1.min(area.height),
            ..area
        },
        shown,
    );
    let body = home_area(area);
    if shown.command.is_some() {
        let footer = Rect {
            y: area.y + area.height.saturating_sub(2),
            height: 2.min(area.height),
            ..area
        };
        frame.render_widget(Clear, footer);
        draw_footer(frame, footer, shown);
    }
    if let Some(help) = &shown.help {
        draw_help(frame, body, help);
    }
    if let Some(dialog) = &shown.dialog {
        draw_dialog(frame, body, dialog, shown.color);
    }
}

/// The breadcrumbs line above any view (the dashboard too).
pub fn draw_crumbs(frame: &mut Frame, area: Rect, shown: &Shown) {
    let mut spans = vec![Span::styled("cogctl", bold())];
    for crumb in &shown.crumbs {
        spans.push(Span::raw(" › "));
        spans.push(Span::styled(one_line(crumb), bold()));
    }
    spans.push(Span::raw(format!("   {}", visible(&shown.target))));
    if let Some(context) = &shown.context {
        spans.push(Span::raw(format!(" · context {}", visible(context))));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn draw_list(frame: &mut Frame, area: Rect, listing: &Listing, shown: &Shown) {
    let color = shown.color;
    let [head, area] = Layout::vertical([
        Constraint::Length(listing.head.len().min(usize::from(area.height / 2)) as u16),
        Constraint::Min(3),
    ])
    .areas(area);
    let lines: Vec<Line> = listing
        .head
        .iter()
        .map(|l| Line::raw(format!(" {}", visible(l))))
        .collect();
    frame.render_widget(Paragraph::new(lines), head);
    let total = listing
        .total
        .map_or("…".to_string(), crate::text::size::count);
    let at = if listing.total == Some(0) {
        String::new()
    } else {
        format!(" · row {}", crate::text::size::count(listing.cursor + 1))
    };
    let marks = if listing.marks > 0 {
        format!(" · {} marked", listing.marks)
    } else {
        String::new()
    };
    let loading = if listing.loading {
        " · reading…"
    } else {
        ""
    };
    let counted = listing.read_at.map_or(String::new(), |t| {
        format!(" · read {}", crate::duration::relative(shown.now, t))
    });
    let title = format!(
        " {} ({total}){counted}{at}{marks}{loading} ",
        one_line(&listing.title)
    );
    let widths: Vec<Constraint> = listing
        .columns
        .iter()
        .map(|&(_, w)| {
            if w == 0 {
                Constraint::Fill(1)
            } else {
                Constraint::Length(w)
            }
        })
        .collect();
    // Each column's width as the table lays it out (inside the borders, after the cursor's
    // mark), so that a text too long for its column ends in `…` rather than being cut.
    let inner = Rect {
        width: area.width.saturating_sub(3),
        ..area
    };
    let laid: Vec<usize> = Layout::horizontal(widths.clone())
        .spacing(1)
        .split(inner)
        .iter()
        .map(|r| usize::from(r.width))
        .collect();
    let rows = listing.rows.iter().enumerate().map(|(i, row)| {
        let rank = listing.first + i as u64;
        let mark = if listing.marked.contains(&rank) {
            "*"
        } else {
            " "
        };
        match row {
            Some(cells) => Row::new(
                cells
                    .iter()
                    .enumerate()
                    .map(|(c, field)| {
                        let width = laid.get(c).copied().unwrap_or(0).max(1);
                        if c == 0 {
                            let text = field.shown(shown.now, width.saturating_sub(1));
                            Cell::new(format!("{mark}{text}"))
                        } else {
                            Cell::new(field.shown(shown.now, width))
                        }
                    })
                    .collect::<Vec<_>>(),
            ),
            None => Row::new(vec![Cell::new(format!("{mark}…"))]),
        }
    });
    let header = Row::new(listing.columns.iter().map(|&(name, _)| name)).style(dim(color));
    let table = Table::new(rows, widths)
        .header(header)
        .block(Block::bordered().title(title))
        .row_highlight_style(Style::new().add_modifier(Modifier::REVERSED))
        .highlight_symbol("›");
    let selected = listing
        .cursor
        .checked_sub(listing.first)
        .map(|i| i as usize)
        .filter(|&i| i < listing.rows.len());
    let mut state = TableState::default().with_selected(selected);
    frame.render_stateful_widget(table, area, &mut state);
}

fn draw_detail(frame: &mut Frame, area: Rect, detail: &Detail) {
    let lines: Vec<Line> = detail
        .lines
        .iter()
        .skip(detail.scroll)
        .map(|l| Line::raw(visible(l).into_owned()))
        .collect();
    frame.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(format!(" {} ", one_line(&detail.title)))),
        area,
    );
}

fn draw_footer(frame: &mut Frame, area: Rect, shown: &Shown) {
    let mut lines = Vec::new();
    if let Some((typed, completions)) = &shown.command {
        lines.push(Line::from(vec![
            Span::styled(":", bold()),
            Span::raw(format!("{}▏", visible(typed))),
            Span::styled(
                "  Tab completes · Enter goes · Esc cancels",
                dim(shown.color),
            ),
        ]));
        lines.push(Line::styled(completions.join("  "), dim(shown.color)));
    } else {
        let mut spans = Vec::new();
        if let Some((filter, editing)) = &shown.filter {
            if *editing {
                spans.push(Span::styled("filter: ", bold()));
                spans.push(Span::raw(format!("{}▏", visible(filter))));
                spans.push(Span::styled(
                    "  Enter applies · Esc clears (text searches; or the CLI's --class, --queue, --error, --fingerprint, --since …)",
                    dim(shown.color),
                ));
            } else {
                spans.push(Span::styled(
                    format!("[filter: {}]  ", visible(filter)),
                    bold(),
                ));
            }
        }
        lines.push(Line::from(spans));
        lines.push(Line::from(match &shown.status {
            Some(status) => Span::raw(visible(status).into_owned()),
            None => Span::styled(shown.hint.clone(), dim(shown.color)),
        }));
    }
    frame.render_widget(Paragraph::new(lines), area);
}

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// The keys, as wide as their longest line up to the screen's width, each wrapped under its
/// key when the screen is narrower.
fn draw_help(frame: &mut Frame, area: Rect, help: &[(String, String)]) {
    let width = help
        .iter()
        .map(|(_, w)| w.chars().count() + 11 + 2)
        .max()
        .unwrap_or(20)
        .min(usize::from(area.width)) as u16;
    let inner = usize::from(width.saturating_sub(2 + 11)).max(1);
    let height: usize = help
        .iter()
        .map(|(_, w)| w.chars().count().div_ceil(inner).max(1))
        .sum();
    let popup = centered(area, width, (height + 2).min(usize::from(u16::MAX)) as u16);
    let mut lines: Vec<Line> = Vec::new();
    for (key, what) in help {
        let words: Vec<char> = what.chars().collect();
        for (i, part) in words.chunks(inner).enumerate() {
            let key = if i == 0 { key.as_str() } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!("{key:>9}  "), bold()),
                Span::raw(part.iter().collect::<String>()),
            ]));
        }
    }
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" keys (any key closes) ")),
        popup,
    );
}

/// A dialog as wide as its longest line (at least 60 columns), up to the screen's width: a
/// dry run's samples stay on one line each wherever the screen is wide enough.
fn draw_dialog(frame: &mut Frame, area: Rect, dialog: &Dialog, color: bool) {
    let longest = dialog
        .lines
        .iter()
        .map(|l| visible(l).chars().count())
        .chain(std::iter::once(dialog.ask.chars().count() + 24))
        .max()
        .unwrap_or(0);
    let width = ((longest + 2).max(60) as u16).min(area.width.saturating_sub(2).max(20));
    // Each line as wrapped inside the borders, then a blank line and the question.
    let inner = usize::from(width.saturating_sub(2)).max(1);
    let wrapped: usize = dialog
        .lines
        .iter()
        .map(|l| visible(l).chars().count().div_ceil(inner).max(1))
        .sum();
    let popup = centered(area, width, (wrapped + 4).min(usize::from(u16::MAX)) as u16);
    let mut lines: Vec<Line> = dialog
        .lines
        .iter()
        .map(|l| Line::raw(visible(l).into_owned()))
        .collect();
    lines.push(Line::raw(""));
    let mut ask = vec![Span::styled(dialog.ask.clone(), prompt(color))];
    if let Some(typed) = &dialog.typed {
        ask.push(Span::raw(format!(" {}▏", visible(typed))));
    }
    lines.push(Line::from(ask));
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(format!(" {} ", one_line(&dialog.title)))),
        popup,
    );
}

fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

fn dim(color: bool) -> Style {
    if color {
        Style::new().fg(Color::DarkGray)
    } else {
        Style::new()
    }
}

fn prompt(color: bool) -> Style {
    let style = Style::new().add_modifier(Modifier::BOLD);
    if color {
        style.fg(Color::Yellow)
    } else {
        style
    }
}

fn banner_style(color: bool) -> Style {
    if color {
        Style::new()
            .fg(Color::White)
            .bg(Color::Red)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::new().add_modifier(Modifier::REVERSED)
    }
}

#[cfg(test)]
mod tests {

    use super::*;

    fn screen(shown: &Shown, width: u16, height: u16) -> String {
        crate::render::drawn(width, height, |f| draw(f, shown))
    }

    #[test]
    fn hostile_cells_are_escaped_and_tiny_terminals_do_not_panic() {
        let shown = Shown {
            crumbs: vec!["dead".into(), "\u{1b}[2Jpattern".into()],
            target: "unix:///tmp/x".into(),
            body: Body::List(Listing {
                title: "dead".into(),
                columns: vec![("CLASS", 20), ("ERROR", 0)],
                total: Some(2),
                rows: vec![
                    Some(vec!["\u{202e}Evil".into(), "line\nbreak\u{7}".into()]),
                    None,
                ],
                ..Listing::default()
            }),
            dialog: Some(Dialog {
                title: "retry".into(),
                lines: vec!["\u{1b}]0;owned\u{7}".into()],
                ask: "y/n".into(),
                typed: None,
            }),
            ..Shown::default()
        };
        let text = screen(&shown, 100, 20);
        assert!(!text.contains('\u{1b}'), "{text}");
        assert!(text.contains(r"\u{202e}Evil"), "{text}");
        for (w, h) in [(1, 1), (10, 3), (30, 6)] {
            screen(&shown, w, h);
        }
    }
}
