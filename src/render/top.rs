//! `cogctl top`'s screen: drawn from plain data ([`View`], what was read, and [`Chrome`], the
//! state of the interface), with nothing of Redis or of the event loop in here. Every name,
//! class and message that came from Redis is escaped ([`Name::shown`], [`visible`]) when it
//! is put on screen.
//!
//! The screen is drawn through ratatui's `Terminal`, which keeps the previous frame and
//! writes only the cells that changed.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Axis, Block, Cell, Chart, Dataset, GraphType, Paragraph, Row, Table, TableState, Wrap,
};

use super::spark;
use crate::duration::span;
use crate::ops::dashboard::{Growth, ProcState, Rate, View};
use crate::text::size::{count, kb};
use crate::text::{one_line, visible};

/// The shortest span the throughput chart's x axis covers, seconds.
const MIN_CHART_SPAN: f64 = 60.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Pane {
    #[default]
    Queues,
    Processes,
    Deaths,
}

impl Pane {
    pub fn next(self) -> Pane {
        match self {
            Pane::Queues => Pane::Processes,
            Pane::Processes => Pane::Deaths,
            Pane::Deaths => Pane::Queues,
        }
    }
}

/// The state of the interface around the data.
#[derive(Clone, Debug, Default)]
pub struct Chrome {
    pub pane: Pane,
    /// The selected row of each pane (index into the rows drawn).
    pub queue: usize,
    pub process: usize,
    pub death: usize,
    pub filter: String,
    /// The filter is being typed.
    pub editing: bool,
    /// The outcome of the last action.
    pub notice: Option<String>,
    /// Why Redis can't be read right now (the data shown is the last read).
    pub banner: Option<String>,
    /// The refresh interval, seconds.
    pub interval: f64,
    pub color: bool,
    /// The moment the screen is drawn: every age on it is counted to this.
    pub now: f64,
    /// The footer's hint: the home view's keys.
    pub keys: String,
}

/// Draw the whole screen.
pub fn draw(frame: &mut Frame, view: &View, chrome: &Chrome) {
    draw_in(frame, frame.area(), view, chrome);
}

/// Draw the dashboard in `area` (the console keeps a line above it for its breadcrumbs).
pub fn draw_in(frame: &mut Frame, area: Rect, view: &View, chrome: &Chrome) {
    let paint = Paint(chrome.color);
    let problems = view.problems.len().min(3) as u16;
    let incident = incident_lines(view, chrome.now, paint);
    // Across the whole fleet: a row for it and one per shard (at most SHARD_ROWS shown).
    let shard_rows = match &view.fleet {
        Some(fleet) if fleet.focus.is_none() => view.shards.len().min(SHARD_ROWS) as u16 + 4,
        _ => 0,
    };
    let [
        header,
        banner,
        incident_area,
        shards_area,
        middle,
        processes,
        deaths,
        problem_area,
        footer,
    ] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Length(if chrome.banner.is_some() { 2 } else { 0 }),
        Constraint::Length(incident.len() as u16),
        Constraint::Length(shard_rows),
        Constraint::Min(6),
        Constraint::Max(view.processes.len().clamp(1, 20) as u16 + 3),
        Constraint::Length(view.deaths.len().clamp(1, 5) as u16 + 3),
        Constraint::Length(problems),
        Constraint::Length(1),
    ])
    .areas(area);

    frame.render_widget(Paragraph::new(header_lines(view, chrome, paint)), header);
    if let Some(reason) = &chrome.banner {
        let text = format!(
            " Redis unreachable, showing the last data read; trying again every {}: {}",
            every(chrome.interval),
            visible(reason),
        );
        frame.render_widget(
            Paragraph::new(text)
                .wrap(Wrap { trim: false })
                .style(paint.banner()),
            banner,
        );
    }
    frame.render_widget(Paragraph::new(incident), incident_area);
    if shard_rows > 0 {
        draw_shards(frame, shards_area, view, chrome, paint);
    }
    let [queues, chart] =
        Layout::horizontal([Constraint::Fill(3), Constraint::Fill(2)]).areas(middle);
    draw_queues(frame, queues, view, chrome, paint);
    draw_chart(frame, chart, view, chrome, paint);
    draw_processes(frame, processes, view, chrome, paint);
    draw_deaths(frame, deaths, view, chrome, paint);
    if problems > 0 {
        let lines: Vec<Line> = view
            .problems
            .iter()
            .take(3)
            .map(|(key, error)| {
                Line::styled(
                    format!("warning: {}: {}", key.shown(), visible(error)),
                    paint.warn(),
                )
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), problem_area);
    }
    frame.render_widget(Paragraph::new(footer_line(chrome, paint)), footer);
}

/// The last `incident` read: its headline, and its first findings (the incident view has
/// them all). Nothing until it has been read once.
fn incident_lines(view: &View, now: f64, paint: Paint) -> Vec<Line<'static>> {
    use crate::ops::incident::Severity;
    let Some(brief) = &view.incident else {
        return Vec::new();
    };
    let tone = |s: Severity| match s {
        Severity::Fail => paint.bad(),
        Severity::Warn => paint.warn(),
        Severity::Note => paint.dim(),
    };
    // When it was read comes first: a long headline is cut at the screen's edge.
    let mut lines = vec![Line::from(vec![
        Span::styled(
            format!(
                " INCIDENT (read {}{}) ",
                crate::duration::relative(now, brief.at),
                if brief.findings.is_empty() {
                    ""
                } else {
                    "; i: every finding"
                }
            ),
            paint.dim(),
        ),
        Span::raw(one_line(&brief.headline.at(now))),
    ])];
    const SHOWN: usize = 3;
    for f in brief.findings.iter().take(SHOWN) {
        let sev = f.severity.label();
        let mut line = vec![
            Span::raw("   "),
            Span::styled(format!("{sev:<4}"), tone(f.severity)),
            Span::raw(format!(" {:<15} ", f.kind.name())),
        ];
        // Recovered, as the console's own successive reads saw it: said first, the
        // summary after it (a long one is cut at the screen's edge).
        if let Some(at) = f.recovered {
            line.push(Span::styled(
                format!("recovered {} · ", crate::duration::relative(now, at)),
                paint.good(),
            ));
        }
        line.push(Span::raw(one_line(&f.summary.at(now))));
        lines.push(Line::from(line));
    }
    if brief.findings.len() > SHOWN {
        lines.push(Line::styled(
            format!("   … {} more", brief.findings.len() - SHOWN),
            paint.dim(),
        ));
    }
    lines
}

fn header_lines(view: &View, chrome: &Chrome, paint: Paint) -> Vec<Line<'static>> {
    let t = &view.totals;
    let mut redis = format!("cogctl top · {}", visible(&view.target));
    if let Some(r) = &view.redis {
        if let Some(server) = &r.server {
            redis.push_str(&format!(" · {}", visible(server)));
        }
        if let Some(up) = r.uptime {
            redis.push_str(&format!(" · up {}", span(up)));
        }
        if let Some(c) = r.clients {
            redis.push_str(&format!(" · {c} clients"));
        }
        if let Some(m) = r.used_memory {
            redis.push_str(&format!(" · {}", crate::text::size::bytes(m)));
        }
        if let Some(ops) = r.ops_per_sec {
            redis.push_str(&format!(" · {ops:.0} ops/s"));
        }
    }
    redis.push_str(&format!(" · every {}", every(chrome.interval)));
    let num = |n: Option<i64>| {
        n.map_or("?".to_string(), |n| {
            crate::text::size::grouped(&n.to_string())
        })
    };
    let per_sec = |r: Option<f64>| r.map_or("-".to_string(), |r| format!("{r:.1}/s"));
    let set = |n: Option<u64>, g: Option<Growth>| {
        let mut s = n.map_or("?".to_string(), count);
        if let Some(g) = g {
            s.push_str(&format!(
                " ({}/1m, {} since start)",
                signed(g.minute),
                signed(g.since_start)
            ));
        }
        s
    };
    let jobs = vec![
        Span::styled("processed ", paint.dim()),
        Span::raw(format!(
            "{} ({})",
            num(t.processed),
            per_sec(t.processed_rate)
        )),
        Span::styled("  failed ", paint.dim()),
        Span::raw(format!("{} ({})", num(t.failed), per_sec(t.failed_rate))),
        Span::styled("  enqueued ", paint.dim()),
        Span::raw(count(t.enqueued)),
        Span::styled("  busy ", paint.dim()),
        Span::raw(format!("{}/{}", t.busy, t.concurrency)),
        Span::styled("  processes ", paint.dim()),
        Span::raw(format!("{} ({} quiet, {} gone)", t.live, t.quiet, t.gone)),
    ];
    let sets = vec![
        Span::styled("scheduled ", paint.dim()),
        Span::raw(set(t.scheduled, None)),
        Span::styled("  retry ", paint.dim()),
        Span::raw(set(t.retry, Some(t.retry_growth))),
        Span::styled("  dead ", paint.dim()),
        Span::raw(set(t.dead, Some(t.dead_growth))),
    ];
    vec![
        Line::styled(redis, paint.strong()),
        Line::from(jobs),
        Line::from(sets),
    ]
}

/// The shard rows the home view shows across a fleet (the fleet row comes first).
const SHARD_ROWS: usize = 8;

/// Across a fleet: the fleet's totals, then a row per shard with its own, and why a shard
/// could not be read (its rows then those of its last read, whose age the row gives).
fn draw_shards(frame: &mut Frame, area: Rect, view: &View, chrome: &Chrome, paint: Paint) {
    let num = |n: Option<u64>| n.map_or("?".to_string(), count);
    let per_sec = |r: Option<f64>| r.map_or("-".to_string(), |r| format!("{r:.1}"));
    let cells = |name: String, t: &crate::ops::dashboard::Totals| {
        vec![
            Cell::new(name),
            Cell::new(count(t.enqueued)),
            Cell::new(format!("{}/{}", t.busy, t.concurrency)),
            Cell::new(per_sec(t.processed_rate)),
            Cell::new(per_sec(t.failed_rate)),
            Cell::new(num(t.retry)),
            Cell::new(num(t.dead)),
        ]
    };
    let fleet = view.fleet.as_ref().map_or("fleet", |f| f.name.as_str());
    let mut first = cells(format!("{} (all)", visible(fleet)), &view.totals);
    let read = view.shards.iter().filter(|s| s.error.is_none()).count();
    first.push(Cell::new(format!("{read} of {} read", view.shards.len())));
    let mut rows = vec![Row::new(first).style(paint.strong())];
    for shard in view.shards.iter().take(SHARD_ROWS) {
        let mut row = match &shard.totals {
            Some(t) => cells(visible(&shard.name).into_owned(), t),
            None => {
                let mut row = vec![Cell::new(visible(&shard.name).into_owned())];
                row.extend((0..6).map(|_| Cell::new("?")));
                row
            }
        };
        row.push(match (&shard.error, shard.read_at) {
            (Some(why), Some(at)) => Cell::new(format!(
                "unreachable, rows from {} ago: {}",
                span((chrome.now - at).max(0.0)),
                visible(why)
            ))
            .style(paint.bad()),
            (Some(why), None) => {
                Cell::new(format!("unreachable: {}", visible(why))).style(paint.bad())
            }
            (None, _) => Cell::new(
                shard
                    .server
                    .as_deref()
                    .map_or(String::new(), |s| visible(s).into_owned()),
            ),
        });
        rows.push(Row::new(row));
    }
    let more = view.shards.len().saturating_sub(SHARD_ROWS);
    let title = if more > 0 {
        format!(" Shards ({}; {more} more: :shard NAME) ", view.shards.len())
    } else {
        format!(" Shards ({}) · :shard NAME narrows ", view.shards.len())
    };
    let table = Table::new(
        rows,
        [
            Constraint::Length(18),
            Constraint::Length(9),
            Constraint::Length(9),
            Constraint::Length(9),
            Constraint::Length(9),
            Constraint::Length(9),
            Constraint::Length(9),
            Constraint::Fill(1),
        ],
    )
    .header(
        Row::new([
            "SHARD", "ENQUEUED", "BUSY", "DONE/s", "FAILED/s", "RETRY", "DEAD", "",
        ])
        .style(paint.dim()),
    )
    .block(pane_block(title, false, paint));
    frame.render_widget(table, area);
}

/// The shard column of a pane's rows, across a fleet (none on one Redis).
fn shard_cell(shard: Option<&String>) -> Option<Cell<'static>> {
    shard.map(|s| Cell::new(visible(s).into_owned()))
}

/// A pane's columns, with the shard's first across a fleet.
fn with_shard(view: &View, mut widths: Vec<Constraint>) -> Vec<Constraint> {
    if view.fleet.is_some() {
        widths.insert(0, Constraint::Length(10));
    }
    widths
}

/// A pane's header, with SHARD first across a fleet.
fn header_of(view: &View, names: &[&'static str]) -> Row<'static> {
    let shard = view.fleet.as_ref().map(|_| "SHARD");
    Row::new(
        shard
            .into_iter()
            .chain(names.iter().copied())
            .collect::<Vec<_>>(),
    )
}

/// The refresh interval: `250ms`, `2s`, `1m`.
fn every(secs: f64) -> String {
    if secs < 1.0 {
        format!("{:.0}ms", secs * 1000.0)
    } else {
        span(secs)
    }
}

fn signed(n: Option<i64>) -> String {
    match n {
        Some(n) => format!("{n:+}"),
        None => "?".into(),
    }
}

/// A rate per second, one decimal; a slow one (below 0.1/s) with two, or `<0.01`, so that no
/// rate that isn't 0 reads as 0.0. `≥` marks a lower bound; `-` is no rate known.
fn rate(r: Option<Rate>) -> String {
    let Some(r) = r else {
        return "-".into();
    };
    let bound = if r.at_least { "≥" } else { "" };
    match r.per_sec {
        v if v > 0.0 && v < 0.005 => {
            if r.at_least {
                ">0".into()
            } else {
                "<0.01".into()
            }
        }
        v if v > 0.0 && v < 0.1 => format!("{bound}{v:.2}"),
        v => format!("{bound}{v:.1}"),
    }
}

fn pane_block(title: String, selected: bool, paint: Paint) -> Block<'static> {
    let block = Block::bordered().title(title);
    if selected {
        block.border_style(paint.selected_border())
    } else {
        block.border_style(paint.dim())
    }
}

fn draw_queues(frame: &mut Frame, area: Rect, view: &View, chrome: &Chrome, paint: Paint) {
    let (on, mut state) = on_screen(chrome.queue, view.queues.len(), area);
    let rows = view.queues[on].iter().map(|q| {
        let shard = shard_cell(q.shard.as_ref());
        if q.unreadable.is_some() {
            return Row::new(shard.into_iter().chain([
                Cell::new(q.name.shown().into_owned()),
                Cell::new("?"),
                Cell::new("?"),
                Cell::new("?"),
                Cell::new("?"),
                Cell::new("unreadable").style(paint.bad()),
            ]));
        }
        Row::new(shard.into_iter().chain([
            Cell::new(q.name.shown().into_owned()),
            Cell::new(count(q.size)),
            Cell::new(if q.size == 0 {
                "-".into()
            } else {
                span(q.latency)
            }),
            Cell::new(rate(q.enqueued)),
            Cell::new(rate(q.dequeued)),
            match q.paused {
                Some(true) => Cell::new("paused").style(paint.warn()),
                Some(false) => Cell::new(""),
                None => Cell::new("?"),
            },
        ]))
    });
    let table = Table::new(
        rows,
        with_shard(
            view,
            vec![
                Constraint::Min(12),
                Constraint::Length(8),
                Constraint::Length(8),
                Constraint::Length(7),
                Constraint::Length(7),
                Constraint::Length(10),
            ],
        ),
    )
    .header(header_of(view, &["QUEUE", "SIZE", "LATENCY", "ENQ/s", "DEQ/s", ""]).style(paint.dim()))
    .block(pane_block(
        format!(" Queues ({}) ", view.queues.len()),
        chrome.pane == Pane::Queues,
        paint,
    ))
    .row_highlight_style(paint.highlight(chrome.pane == Pane::Queues))
    .highlight_symbol("›");
    frame.render_stateful_widget(table, area, &mut state);
}

/// Where the samples of a chart are cut in runs: a pause of more than three intervals (the
/// screen showed another view, or Redis was out of reach) is a gap, not a straight line.
pub fn runs(times: &[f64], interval: f64) -> Vec<std::ops::Range<usize>> {
    let gap = (3.0 * interval).max(5.0);
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..times.len() {
        if (times[i] - times[i - 1]).abs() > gap {
            out.push(start..i);
            start = i;
        }
    }
    if start < times.len() {
        out.push(start..times.len());
    }
    out
}

fn draw_chart(frame: &mut Frame, area: Rect, view: &View, chrome: &Chrome, paint: Paint) {
    let times: Vec<f64> = view.throughput.iter().map(|&(t, _, _)| t).collect();
    let runs = runs(&times, chrome.interval);
    let series = |pick: fn(&(f64, f64, f64)) -> f64| -> Vec<Vec<(f64, f64)>> {
        runs.iter()
            .map(|r| {
                view.throughput[r.clone()]
                    .iter()
                    .map(|p| (-p.0, pick(p)))
                    .collect()
            })
            .collect()
    };
    let processed = series(|p| p.1);
    let failed = series(|p| p.2);
    let top = view
        .throughput
        .iter()
        .map(|&(_, p, f)| p.max(f))
        .fold(1.0_f64, f64::max)
        .ceil();
    let mut datasets = Vec::new();
    for (i, run) in processed.iter().enumerate() {
        datasets.push(
            Dataset::default()
                .name(if i == 0 { "processed/s" } else { "" })
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(paint.good())
                .data(run),
        );
    }
    for (i, run) in failed.iter().enumerate() {
        datasets.push(
            Dataset::default()
                .name(if i == 0 { "failed/s" } else { "" })
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(paint.bad())
                .data(run),
        );
    }
    // The x axis spans what has been read (at least a minute), up to the whole window.
    let reach = view
        .throughput
        .first()
        .map_or(0.0, |&(t, _, _)| t)
        .max(MIN_CHART_SPAN)
        .min(view.window.max(MIN_CHART_SPAN));
    let chart = Chart::new(datasets)
        .legend_position(None)
        .block(pane_block(
            format!(" processed/s · failed/s, last {} ", span(reach)),
            false,
            paint,
        ))
        .x_axis(
            Axis::default()
                .bounds([-reach, 0.0])
                .labels([format!("-{}", span(reach)), "now".to_string()])
                .style(paint.dim()),
        )
        .y_axis(
            Axis::default()
                .bounds([0.0, top])
                .labels(["0".to_string(), format!("{top:.0}")])
                .style(paint.dim()),
        );
    frame.render_widget(chart, area);
}

fn draw_processes(frame: &mut Frame, area: Rect, view: &View, chrome: &Chrome, paint: Paint) {
    const SPARK: u16 = 24;
    let (on, mut state) = on_screen(chrome.process, view.processes.len(), area);
    let rows = view.processes[on].iter().map(|p| {
        let opt = |n: Option<i64>| n.map_or("?".to_string(), |n| n.to_string());
        let state = Cell::new(p.state.word()).style(match p.state {
            ProcState::Alive => paint.good(),
            ProcState::Quiet => paint.warn(),
            ProcState::Unknown => paint.bad(),
            ProcState::Gone => paint.dim(),
        });
        Row::new(
            shard_cell(p.shard.as_ref()).into_iter().chain([
                Cell::new(p.identity.shown().into_owned()),
                state,
                Cell::new(format!("{}/{}", opt(p.busy), opt(p.concurrency))),
                Cell::new(p.rss_kb.map_or("?".into(), kb)),
                Cell::new(
                    p.beat_age
                        .map_or("-".into(), |a| format!("{} ago", span(a))),
                ),
                Cell::new(
                    p.memory
                        .as_ref()
                        .map_or(String::new(), |m| spark::draw(m, usize::from(SPARK))),
                ),
            ]),
        )
    });
    let table = Table::new(
        rows,
        with_shard(
            view,
            vec![
                Constraint::Fill(1),
                Constraint::Length(7),
                Constraint::Length(9),
                Constraint::Length(10),
                Constraint::Length(9),
                Constraint::Length(SPARK),
            ],
        ),
    )
    .header(
        header_of(
            view,
            &[
                "IDENTITY",
                "STATE",
                "BUSY",
                "RSS",
                "BEAT",
                "MEMORY 24h (15 min)",
            ],
        )
        .style(paint.dim()),
    )
    .block(pane_block(
        format!(" Processes ({}) ", view.processes.len()),
        chrome.pane == Pane::Processes,
        paint,
    ))
    .row_highlight_style(paint.highlight(chrome.pane == Pane::Processes))
    .highlight_symbol("›");
    frame.render_stateful_widget(table, area, &mut state);
}

fn draw_deaths(frame: &mut Frame, area: Rect, view: &View, chrome: &Chrome, paint: Paint) {
    let (on, mut state) = on_screen(chrome.death, view.deaths.len(), area);
    let rows = view.deaths[on].iter().map(|d| {
        Row::new(shard_cell(d.shard.as_ref()).into_iter().chain([
            Cell::new(crate::render::console::Field::Ago(d.at).shown(chrome.now, 10)),
            Cell::new(one_line(&d.class)),
            Cell::new(one_line(&d.queue)),
            Cell::new(one_line(&d.error)),
        ]))
    });
    let table = Table::new(
        rows,
        with_shard(
            view,
            vec![
                Constraint::Length(10),
                Constraint::Fill(2),
                Constraint::Fill(1),
                Constraint::Fill(4),
            ],
        ),
    )
    .header(header_of(view, &["DIED", "CLASS", "QUEUE", "ERROR"]).style(paint.dim()))
    .block(pane_block(
        " Latest deaths ".to_string(),
        chrome.pane == Pane::Deaths,
        paint,
    ))
    .row_highlight_style(paint.highlight(chrome.pane == Pane::Deaths))
    .highlight_symbol("›");
    frame.render_stateful_widget(table, area, &mut state);
}

/// The rows of a pane `area` tall (its borders and header included) that are on screen, the
/// selected one among them (where ratatui would scroll the whole table to), and the table's
/// state over those rows alone: only what is on screen is built at each draw, however many
/// queues a fleet holds.
fn on_screen(selected: usize, rows: usize, area: Rect) -> (std::ops::Range<usize>, TableState) {
    let fits = usize::from(area.height.saturating_sub(3)).max(1);
    let selected = selected.min(rows.saturating_sub(1));
    let start = (selected + 1).saturating_sub(fits);
    let end = (start + fits).min(rows);
    let state = TableState::default().with_selected((end > start).then_some(selected - start));
    (start..end, state)
}

fn footer_line(chrome: &Chrome, paint: Paint) -> Line<'static> {
    if chrome.editing {
        return Line::from(vec![
            Span::styled("filter: ", paint.strong()),
            Span::raw(format!("{}▏", visible(&chrome.filter))),
            Span::styled("  Enter keep · Esc clear", paint.dim()),
        ]);
    }
    // What was just said comes first: the keys' hint fills what is left of the line.
    let mut spans = Vec::new();
    if let Some(notice) = &chrome.notice {
        spans.push(Span::raw(format!("{}  ", visible(notice))));
    }
    if !chrome.filter.is_empty() {
        spans.push(Span::styled(
            format!("[filter: {}]  ", visible(&chrome.filter)),
            paint.strong(),
        ));
    }
    spans.push(Span::styled(chrome.keys.clone(), paint.dim()));
    Line::from(spans)
}

/// The styles of the screen; all plain without colour (NO_COLOR, --color never), where the
/// selected row is still shown reversed and marked.
#[derive(Clone, Copy)]
struct Paint(bool);

impl Paint {
    fn fg(self, color: Color) -> Style {
        if self.0 {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    fn dim(self) -> Style {
        if self.0 {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new()
        }
    }

    fn good(self) -> Style {
        self.fg(Color::Green)
    }

    fn warn(self) -> Style {
        self.fg(Color::Yellow)
    }

    fn bad(self) -> Style {
        self.fg(Color::Red)
    }

    fn strong(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    fn selected_border(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    fn highlight(self, focused: bool) -> Style {
        if focused {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        }
    }

    fn banner(self) -> Style {
        if self.0 {
            Style::new()
                .fg(Color::White)
                .bg(Color::Red)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::ops::dashboard::{DeathLine, QueueLine, RedisTotals};
    use crate::store::Name;

    fn screen(view: &View, chrome: &Chrome, width: u16, height: u16) -> String {
        crate::render::drawn(width, height, |f| draw(f, view, chrome))
    }

    #[test]
    fn the_chart_is_cut_where_no_sample_was_read() {
        // Samples every 2 s, then 40 s spent in another view, then every 2 s again.
        let times = [60.0, 58.0, 56.0, 16.0, 14.0, 12.0];
        assert_eq!(runs(&times, 2.0), vec![0..3, 3..6]);
        assert_eq!(runs(&times[..3], 2.0), vec![0..3]);
        assert!(runs(&[], 2.0).is_empty());
    }

    #[test]
    fn no_rate_that_is_not_zero_reads_as_zero() {
        let r = |per_sec: f64, at_least: bool| rate(Some(Rate { per_sec, at_least }));
        assert_eq!(r(0.0, false), "0.0");
        assert_eq!(r(1.5, true), "≥1.5");
        assert_eq!(r(12.34, false), "12.3");
        assert_eq!(r(1.0 / 60.0, false), "0.02");
        assert_eq!(r(1.0 / 60.0, true), "≥0.02");
        assert_eq!(r(0.001, false), "<0.01");
        assert_eq!(r(0.001, true), ">0");
        assert_eq!(rate(None), "-");
    }

    #[test]
    fn hostile_names_are_escaped_and_a_tiny_terminal_does_not_panic() {
        let view = View {
            target: "unix:///tmp/x".into(),
            queues: vec![QueueLine {
                name: Name::from(&b"q\x1b[2J\xff"[..]),
                size: 3,
                latency: 2.0,
                paused: Some(true),
                enqueued: Some(Rate {
                    per_sec: 1.5,
                    at_least: true,
                }),
                dequeued: None,
                unreadable: None,
                shard: None,
            }],
            deaths: vec![DeathLine {
                at: 0.0,
                class: "\u{202e}Evil".into(),
                queue: "q".into(),
                error: "line\nbreak".into(),
                shard: None,
            }],
            window: 600.0,
            now: 10.0,
            ..View::default()
        };
        let chrome = Chrome {
            interval: 2.0,
            ..Chrome::default()
        };
        let text = screen(&view, &chrome, 120, 30);
        assert!(text.contains(r"q\x1b[2J\xff"), "{text}");
        assert!(text.contains("≥1.5"), "{text}");
        assert!(text.contains(r"\u{202e}Evil"), "{text}");
        assert!(text.contains("paused"), "{text}");
        for (w, h) in [(1, 1), (10, 3), (40, 8)] {
            screen(&view, &chrome, w, h);
        }
    }

    #[test]
    fn a_finding_the_console_saw_recover_is_marked_with_since_when() {
        use crate::duration::Timed;
        use crate::ops::incident::{Brief, BriefFinding, Kind, Names, Severity};
        let finding = |id: &str, recovered: Option<f64>| BriefFinding {
            id: id.into(),
            kind: Kind::FailureSurge,
            severity: Severity::Warn,
            since: Some(100.0),
            summary: Timed::plain(format!("{id} failed 10:00–10:05 UTC")),
            names: Names::Nothing,
            recovered,
            shards: Vec::new(),
        };
        let view = View {
            target: "unix:///tmp/x".into(),
            now: 1000.0,
            incident: Some(Brief {
                headline: Timed::plain("ChargeJob failed"),
                fails: false,
                at: 990.0,
                findings: vec![finding("ChargeJob", Some(820.0)), finding("MailJob", None)],
            }),
            ..View::default()
        };
        let chrome = Chrome {
            now: 1000.0,
            ..Chrome::default()
        };
        let text = screen(&view, &chrome, 160, 30);
        assert!(
            text.contains("recovered 3m ago · ChargeJob failed 10:00–10:05 UTC"),
            "{text}"
        );
        assert!(!text.contains("recovered 3m ago · MailJob"), "{text}");
        assert!(text.contains("MailJob failed"), "{text}");
    }

    #[test]
    fn only_the_rows_on_screen_are_drawn_and_the_selected_one_is_among_them() {
        let queue = |i: usize| QueueLine::waiting(&format!("q{i:05}"), i as u64);
        let view = View {
            queues: (0..8000).map(queue).collect(),
            ..View::default()
        };
        let mut chrome = Chrome::default();
        let top = screen(&view, &chrome, 120, 40);
        assert!(top.contains("›q00000"), "{top}");
        chrome.queue = 5000;
        let down = screen(&view, &chrome, 120, 40);
        assert!(down.contains("›q05000"), "{down}");
        assert!(!down.contains("q00000"), "{down}");
        chrome.queue = 99_999;
        let end = screen(&view, &chrome, 120, 40);
        assert!(end.contains("›q07999"), "{end}");
        let (on, state) = on_screen(0, 0, Rect::new(0, 0, 10, 10));
        assert!(on.is_empty() && state.selected().is_none());
    }

    #[test]
    fn the_header_names_the_server() {
        let view = View {
            target: "unix:///tmp/x".into(),
            redis: Some(RedisTotals {
                server: Some("Valkey 8.0.1".into()),
                clients: Some(3),
                ..RedisTotals::default()
            }),
            ..View::default()
        };
        let text = screen(&view, &Chrome::default(), 120, 10);
        assert!(
            text.contains("cogctl top · unix:///tmp/x · Valkey 8.0.1 · 3 clients"),
            "{text}"
        );
    }
}
