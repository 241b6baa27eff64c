//! Tables for people: borderless columns, a bold header, cells cut to fit the width.

use comfy_table::{Attribute, Cell, CellAlignment, Color, ContentArrangement, Table, presets};

use crate::term::ui::Ui;
use crate::text::visible;
pub use crate::text::{cut, one_line};

/// How a cell is coloured (when colour is on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Plain,
    Dim,
    Good,
    Warn,
    Bad,
    Accent,
    Strong,
}

impl Tone {
    /// `text` in this tone (when colour is on), for output that isn't a table cell; `text`
    /// must already be safe to show.
    pub fn paint(self, ui: &Ui, text: &str) -> String {
        let s = &ui.styles;
        match self {
            Tone::Plain => text.to_string(),
            Tone::Dim => s.dim(text),
            Tone::Good => s.good(text),
            Tone::Warn => s.warn(text),
            Tone::Bad => s.bad(text),
            Tone::Accent => s.accent(text),
            Tone::Strong => s.strong(text),
        }
    }
}

/// A table with `header`, laid out for the run's width.
pub fn new(ui: &Ui, header: &[&str]) -> Table {
    let mut table = Table::new();
    table.load_style(presets::NOTHING);
    if ui.styles.enabled {
        table.enforce_styling();
    } else {
        table.force_no_tty();
    }
    match ui.width {
        Some(w) => {
            table.set_content_arrangement(ContentArrangement::Dynamic);
            table.set_width(w.min(u16::MAX as usize) as u16);
        }
        None => {
            table.set_content_arrangement(ContentArrangement::Disabled);
        }
    }
    table.set_header(header.iter().map(|h| {
        let cell = Cell::new(h);
        if ui.styles.enabled {
            cell.add_attribute(Attribute::Bold)
        } else {
            cell
        }
    }));
    table
}

/// Never wrap `column` (an id to copy whole): the others give way when the line is short.
pub fn keep_whole(table: &mut Table, column: usize) {
    if let Some(c) = table.column_mut(column) {
        c.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
    }
}

/// Column gaps of two spaces and no padding at the line's ends; numeric columns right-aligned.
pub fn finish(table: &mut Table, right_aligned: &[usize]) -> String {
    let count = table.column_count();
    for (i, column) in table.column_iter_mut().enumerate() {
        column.set_padding((0, if i + 1 == count { 0 } else { 2 }));
        if right_aligned.contains(&i) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    let text = table.to_string();
    let mut out = String::with_capacity(text.len() + 1);
    for line in text.lines() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A cell of text; what came from Redis is made visible here (`text::visible`), so no table
/// passes a control character to the terminal.
pub fn cell(ui: &Ui, text: impl Into<String>, tone: Tone) -> Cell {
    let text: String = text.into();
    let cell = Cell::new(visible(&text));
    if !ui.styles.enabled {
        return cell;
    }
    match tone {
        Tone::Plain => cell,
        Tone::Dim => cell.fg(Color::DarkGrey),
        Tone::Good => cell.fg(Color::Green),
        Tone::Warn => cell.fg(Color::Yellow),
        Tone::Bad => cell.fg(Color::Red),
        Tone::Accent => cell.fg(Color::Cyan),
        Tone::Strong => cell.add_attribute(Attribute::Bold),
    }
}

/// Display width of `text` as `cut` and `pad` show it (East Asian wide characters count two).
pub fn width(text: &str) -> usize {
    console::measure_text_width(&visible(text))
}

/// `text` made visible and padded with spaces to `width` display columns (cut first if longer).
pub fn pad(text: &str, width: usize) -> String {
    let cut = cut(text, width);
    let w = self::width(&cut);
    format!("{cut}{}", " ".repeat(width.saturating_sub(w)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cutting_and_padding() {
        assert_eq!(cut("abcdef", 4), "abc…");
        assert_eq!(cut("abc", 4), "abc");
        assert_eq!(pad("ab", 4), "ab  ");
        assert_eq!(pad("日本語", 4), "日… ");
        assert_eq!(cut("\u{1b}[2Jabc", 6), "\\x1b[…");
        assert_eq!(width("\u{1b}[31m"), 8);
    }
}
