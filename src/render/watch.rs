//! The screen of a `--watch` on a terminal: a header line, a banner line (a failed refresh,
//! else blank), then the view's output, highlighted where it changed since the last refresh
//! (like `watch -d`) and written to the terminal a changed line at a time, so nothing
//! flickers.
//!
//! The lines come from the views' own renderers, which already made everything read from
//! Redis visible (text.rs); a highlighted line is rebuilt from that text with its colours
//! removed, and made visible again, so it can carry no control of its own.

use std::io::{self, Write};

use ratatui::crossterm::cursor::MoveTo;
use ratatui::crossterm::queue;
use ratatui::crossterm::style::{Attribute, SetAttribute};
use ratatui::crossterm::terminal::{Clear, ClearType};

use crate::text::visible;

/// Rows above the view's output: the header and the banner.
const TOP: usize = 2;

const REVERSE: &str = "\u{1b}[7m";
const NO_REVERSE: &str = "\u{1b}[27m";

pub struct Frame {
    cols: usize,
    rows: usize,
    header: String,
    banner: Option<String>,
    /// The view's lines as shown (highlighted where they changed).
    body: Vec<String>,
    /// The view's lines without colours, to compare the next refresh with; `None` before
    /// the first.
    plain: Option<Vec<String>>,
    /// What each terminal row shows now; a row not listed is blank (or unknown after a
    /// resize, which clears the screen).
    written: Vec<String>,
    clear: bool,
}

impl Frame {
    pub fn new(cols: usize, rows: usize) -> Frame {
        Frame {
            cols,
            rows,
            header: String::new(),
            banner: None,
            body: Vec::new(),
            plain: None,
            written: Vec::new(),
            clear: true,
        }
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// A new terminal size: the next draw clears the screen and writes every row.
    pub fn resize(&mut self, cols: usize, rows: usize) {
        if (cols, rows) != (self.cols, self.rows) {
            self.cols = cols;
            self.rows = rows;
            self.clear = true;
        }
    }

    pub fn set_header(&mut self, header: &str) {
        self.header = header.to_string();
    }

    pub fn set_banner(&mut self, banner: Option<&str>) {
        self.banner = banner.map(str::to_string);
    }

    /// A refresh's lines; those whose text differs from the last refresh's same line are
    /// shown with the changed characters in reverse video.
    pub fn set_body(&mut self, lines: &[&str]) {
        let plain: Vec<String> = lines
            .iter()
            .map(|l| visible(&strip(l)).into_owned())
            .collect();
        self.body = match &self.plain {
            None => lines.iter().map(|l| l.to_string()).collect(),
            Some(before) => lines
                .iter()
                .zip(&plain)
                .enumerate()
                .map(|(i, (line, now))| match before.get(i) {
                    Some(was) if was == now => line.to_string(),
                    was => highlight(now, was.map_or("", String::as_str)),
                })
                .collect(),
        };
        self.plain = Some(plain);
    }

    /// The rows as they should read now, each cut to the width.
    fn rows(&self) -> Vec<String> {
        let mut rows = vec![self.header.clone(), self.banner.clone().unwrap_or_default()];
        let room = self.rows.saturating_sub(TOP);
        if self.body.len() <= room {
            rows.extend(self.body.iter().cloned());
        } else if room > 0 {
            rows.extend(self.body[..room - 1].iter().cloned());
            rows.push(format!(
                "… {} more lines (a taller terminal shows them)",
                self.body.len() - (room - 1)
            ));
        }
        rows.truncate(self.rows);
        rows.into_iter().map(|r| cut(&r, self.cols)).collect()
    }

    /// Write the rows that differ from what the terminal shows, and blank those below.
    pub fn draw(&mut self, out: &mut Vec<u8>) -> io::Result<()> {
        if self.clear {
            queue!(out, Clear(ClearType::All))?;
            self.written.clear();
            self.clear = false;
        }
        let rows = self.rows();
        for (i, row) in rows.iter().enumerate() {
            if self.written.get(i) == Some(row) {
                continue;
            }
            queue!(out, MoveTo(0, i as u16))?;
            out.write_all(row.as_bytes())?;
            queue!(out, SetAttribute(Attribute::Reset))?;
            // A row as wide as the terminal leaves the cursor on its last character, which
            // clearing from there would erase.
            if width(row) < self.cols {
                queue!(out, Clear(ClearType::UntilNewLine))?;
            }
        }
        if rows.len() < self.written.len() {
            queue!(
                out,
                MoveTo(0, rows.len() as u16),
                Clear(ClearType::FromCursorDown)
            )?;
        }
        self.written = rows;
        Ok(())
    }
}

/// `now` with the characters that differ from `before`'s at the same place in reverse video.
pub fn highlight(now: &str, before: &str) -> String {
    let before: Vec<char> = before.chars().collect();
    let mut out = String::with_capacity(now.len() + 16);
    let mut on = false;
    for (i, c) in now.chars().enumerate() {
        let changed = before.get(i) != Some(&c);
        if changed != on {
            out.push_str(if changed { REVERSE } else { NO_REVERSE });
            on = changed;
        }
        out.push(c);
    }
    if on {
        out.push_str(NO_REVERSE);
    }
    out
}

/// A piece of a rendered line: text, or one escape sequence (colours).
enum Piece<'a> {
    Text(char),
    Escape(&'a str),
}

/// The line cut into characters and escape sequences (`ESC [ … final`, or `ESC` and one
/// character).
fn pieces(line: &str) -> impl Iterator<Item = Piece<'_>> {
    let mut rest = line;
    std::iter::from_fn(move || {
        let mut chars = rest.char_indices();
        let (_, c) = chars.next()?;
        if c != '\u{1b}' {
            rest = &rest[c.len_utf8()..];
            return Some(Piece::Text(c));
        }
        let end = match chars.next() {
            Some((_, '[')) => chars
                .find(|(_, c)| ('\u{40}'..='\u{7e}').contains(c))
                .map_or(rest.len(), |(i, c)| i + c.len_utf8()),
            Some((i, c)) => i + c.len_utf8(),
            None => rest.len(),
        };
        let (escape, tail) = rest.split_at(end);
        rest = tail;
        Some(Piece::Escape(escape))
    })
}

/// The line without its escape sequences.
pub fn strip(line: &str) -> String {
    pieces(line)
        .filter_map(|p| match p {
            Piece::Text(c) => Some(c),
            Piece::Escape(_) => None,
        })
        .collect()
}

fn char_width(c: char) -> usize {
    console::measure_text_width(c.encode_utf8(&mut [0; 4]))
}

/// Display columns of the line's text.
fn width(line: &str) -> usize {
    pieces(line)
        .map(|p| match p {
            Piece::Text(c) => char_width(c),
            Piece::Escape(_) => 0,
        })
        .sum()
}

/// The line cut to `cols` display columns, its escape sequences kept.
fn cut(line: &str, cols: usize) -> String {
    let mut out = String::with_capacity(line.len());
    let mut used = 0;
    for piece in pieces(line) {
        match piece {
            Piece::Escape(e) => out.push_str(e),
            Piece::Text(c) => {
                let w = char_width(c);
                if used + w > cols {
                    break;
                }
                used += w;
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_characters_are_reversed() {
        assert_eq!(highlight("abc", "abc"), "abc");
        assert_eq!(highlight("a9c", "abc"), "a\u{1b}[7m9\u{1b}[27mc");
        assert_eq!(highlight("abcd", "ab"), "ab\u{1b}[7mcd\u{1b}[27m");
        assert_eq!(highlight("x", ""), "\u{1b}[7mx\u{1b}[27m");
    }

    #[test]
    fn escapes_are_stripped_and_not_counted() {
        let red = "\u{1b}[31mdead\u{1b}[39m 3";
        assert_eq!(strip(red), "dead 3");
        assert_eq!(width(red), 6);
        assert_eq!(cut(red, 3), "\u{1b}[31mdea");
        assert_eq!(cut("日本語", 5), "日本");
    }

    #[test]
    fn the_first_frame_has_no_highlight_and_unchanged_rows_are_not_rewritten() {
        let mut frame = Frame::new(20, 6);
        frame.set_header("h");
        frame.set_body(&["one 1", "two 2"]);
        let mut out = Vec::new();
        frame.draw(&mut out).unwrap();
        let first = String::from_utf8(out).unwrap();
        assert!(first.contains("one 1") && !first.contains(REVERSE));

        frame.set_body(&["one 1", "two 3"]);
        let mut out = Vec::new();
        frame.draw(&mut out).unwrap();
        let second = String::from_utf8(out).unwrap();
        assert!(!second.contains("one"), "{second:?}");
        assert!(second.contains("two \u{1b}[7m3\u{1b}[27m"), "{second:?}");

        frame.set_body(&["one 1"]);
        let mut out = Vec::new();
        frame.draw(&mut out).unwrap();
        let third = String::from_utf8(out).unwrap();
        assert!(third.ends_with("\u{1b}[J"), "{third:?}");
    }

    #[test]
    fn a_body_taller_than_the_terminal_says_what_is_left_out() {
        let mut frame = Frame::new(60, 5);
        frame.set_body(&["1", "2", "3", "4", "5"]);
        let rows = frame.rows();
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[4], "… 3 more lines (a taller terminal shows them)");
    }
}
