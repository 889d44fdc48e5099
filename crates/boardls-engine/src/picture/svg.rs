//! A scene as an SVG image, self-describing so that a program can read the
//! position back from it:
//!
//! - the root `<svg>` carries `data-game`, `data-rows`, `data-cols` and one
//!   `data-*` attribute per fact of the scene (`data-case`, `data-verdict`,
//!   `data-last-move`, `data-target-field`, `data-winning-lines`, …);
//! - `<title>` is `Case #k: verdict`; `<desc>` says the same in words,
//!   with the rows as the file writes them and the marked cells; both in
//!   the scene's language (the `data-*` values are the same in all);
//! - every cell is exactly one element with `data-row` and `data-col`
//!   (1-based), `data-state` (the file's character) and `data-marks` (the
//!   names of its marks, space-separated, possibly none); its `class` is
//!   `cell`, its state's name and its marks. On a `.go9` board a stone is
//!   a `<circle>` (black or white fill) and an empty point a `<rect>`; on
//!   the others every cell is a `<rect>` and its chip or letter is drawn
//!   on it by an element without `data-row`.
//! - Nothing else carries `data-row`: field frames, grid lines, labels,
//!   chips, winning lines and the cursor's frame are drawing only.

use std::fmt::Write as _;

use crate::games::{Cell, GameKind};

use super::scene::{Mark, Marks, Scene};

/// Pixels from the image's edge to the board: room for the labels.
const MARGIN: u32 = 20;
/// Pixels after the board.
const PAD: u32 = 6;

struct Geometry {
    cell: u32,
    /// Extra pixels between `.uttt` fields.
    gap: u32,
}

impl Geometry {
    fn of(kind: GameKind) -> Geometry {
        match kind {
            GameKind::Go9 => Geometry { cell: 24, gap: 0 },
            GameKind::Uttt => Geometry { cell: 24, gap: 6 },
            GameKind::Tomek => Geometry { cell: 44, gap: 0 },
        }
    }

    /// The left (or top) edge of column (or row) `i`.
    fn at(&self, i: u8) -> u32 {
        MARGIN + u32::from(i) * self.cell + u32::from(i / 3) * self.gap
    }

    fn centre(&self, i: u8) -> u32 {
        self.at(i) + self.cell / 2
    }

    fn side(&self, size: u8) -> u32 {
        self.at(size - 1) + self.cell + PAD
    }
}

/// Text for an XML attribute or element.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The state's name in `class`: what the character means.
fn state_name(kind: GameKind, state: u8) -> &'static str {
    match (kind, state) {
        (GameKind::Go9, b'x') => "black",
        (GameKind::Go9, b'o') => "white",
        (GameKind::Uttt, b'x') | (GameKind::Tomek, b'X') => "x",
        (GameKind::Uttt, b'o') | (GameKind::Tomek, b'O') => "o",
        (GameKind::Tomek, b'T') => "t",
        (GameKind::Uttt, b'!') => "marked",
        _ => "empty",
    }
}

/// The attributes every cell element starts with.
fn cell_attributes(scene: &Scene, cell: Cell) -> String {
    let state = scene.cell(cell);
    let marks = scene.marks(cell);
    let mut class = format!("cell {}", state_name(scene.kind, state));
    for mark in marks.iter() {
        class.push(' ');
        class.push_str(mark.name());
    }
    format!(
        r#"class="{class}" data-row="{}" data-col="{}" data-state="{}" data-marks="{}""#,
        cell.row + 1,
        cell.col + 1,
        escape(&char::from(state).to_string()),
        marks.names()
    )
}

/// The scene as an SVG document.
pub fn svg(scene: &Scene) -> String {
    let g = Geometry::of(scene.kind);
    let side = g.side(scene.size);
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}" role="img" aria-label="{}" data-game="{}" data-rows="{}" data-cols="{}""#,
        escape(&scene.title),
        scene.kind.id(),
        scene.size,
        scene.size
    );
    for fact in &scene.facts {
        let _ = write!(out, r#" data-{}="{}""#, fact.name, escape(&fact.value));
    }
    out.push_str(">\n");
    let _ = writeln!(out, "<title>{}</title>", escape(&scene.title));
    let _ = writeln!(out, "<desc>{}</desc>", escape(&scene.description()));
    let background = if scene.kind == GameKind::Go9 {
        "#dcb35c"
    } else {
        "#f5f5f5"
    };
    let _ = writeln!(
        out,
        r#"<rect class="background" width="{side}" height="{side}" rx="6" fill="{background}"/>"#
    );
    labels(&mut out, scene, &g);
    match scene.kind {
        GameKind::Go9 => go9(&mut out, scene, &g),
        GameKind::Uttt => uttt(&mut out, scene, &g),
        GameKind::Tomek => tomek(&mut out, scene, &g),
    }
    for cell in scene.each_cell() {
        if scene.marks(cell).contains(Mark::Cursor) {
            let _ = writeln!(
                out,
                r##"<rect class="cursor" x="{}" y="{}" width="{}" height="{}" rx="3" fill="none" stroke="#1e88e5" stroke-width="2.5"/>"##,
                g.at(cell.col) - 1,
                g.at(cell.row) - 1,
                g.cell + 2,
                g.cell + 2
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Column numbers above the board, row numbers left of it.
fn labels(out: &mut String, scene: &Scene, g: &Geometry) {
    for i in 0..scene.size {
        let _ = writeln!(
            out,
            r##"<text class="label" x="{}" y="{}" font-family="sans-serif" font-size="10" fill="#555" text-anchor="middle">{}</text>"##,
            g.centre(i),
            MARGIN - 6,
            i + 1
        );
        let _ = writeln!(
            out,
            r##"<text class="label" x="{}" y="{}" font-family="sans-serif" font-size="10" fill="#555" text-anchor="middle" dominant-baseline="central">{}</text>"##,
            MARGIN / 2,
            g.centre(i),
            i + 1
        );
    }
}

fn go9(out: &mut String, scene: &Scene, g: &Geometry) {
    let (first, last) = (g.centre(0), g.centre(scene.size - 1));
    let mut grid = String::new();
    for i in 0..scene.size {
        let at = g.centre(i);
        let _ = write!(grid, "M{first} {at}H{last}M{at} {first}V{last}");
    }
    let _ = writeln!(
        out,
        r##"<path class="grid" d="{grid}" stroke="#5d4037" stroke-width="1" fill="none"/>"##
    );
    for cell in scene.each_cell() {
        let attributes = cell_attributes(scene, cell);
        let marks = scene.marks(cell);
        let (x, y) = (g.at(cell.col), g.at(cell.row));
        let ring = if marks.contains(Mark::Group) {
            r##" stroke="#e53935" stroke-width="3""##
        } else {
            r##" stroke="#000" stroke-width="1""##
        };
        match scene.cell(cell) {
            stone @ (b'x' | b'o') => {
                let fill = if stone == b'x' { "#1b1b1b" } else { "#fafafa" };
                let _ = writeln!(
                    out,
                    r##"<circle {attributes} cx="{}" cy="{}" r="10" fill="{fill}"{ring}/>"##,
                    x + 12,
                    y + 12
                );
            }
            _ => {
                let fill = point_fill(marks);
                let _ = writeln!(
                    out,
                    r#"<rect {attributes} x="{}" y="{}" width="18" height="18" rx="5" {fill}/>"#,
                    x + 3,
                    y + 3
                );
            }
        }
    }
}

/// An empty point's square: red where x captures, green on a liberty,
/// else invisible.
fn point_fill(marks: Marks) -> &'static str {
    if marks.contains(Mark::Capture) {
        r##"fill="#e53935" fill-opacity="0.65""##
    } else if marks.contains(Mark::Liberty) {
        r##"fill="#43a047" fill-opacity="0.5""##
    } else {
        r#"fill="none""#
    }
}

/// A `.uttt` or `.tomek` cell: a square at `(x, y)` of side `side`, the
/// cell's element.
fn cell_square(
    out: &mut String,
    scene: &Scene,
    cell: Cell,
    (x, y, side): (u32, u32, u32),
    fill: &str,
    stroke: &str,
) {
    let _ = writeln!(
        out,
        r#"<rect {} x="{x}" y="{y}" width="{side}" height="{side}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#,
        cell_attributes(scene, cell)
    );
}

fn uttt(out: &mut String, scene: &Scene, g: &Geometry) {
    let field_side = 3 * g.cell;
    for row in 0..3u8 {
        for col in 0..3u8 {
            let target = scene.target_field == Some(Cell::new(row, col));
            let (class, stroke) = if target {
                ("field target", r##"stroke="#1e88e5" stroke-width="3""##)
            } else {
                ("field", r##"stroke="#90a4ae" stroke-width="1.5""##)
            };
            let _ = writeln!(
                out,
                r##"<rect class="{class}" data-field-row="{}" data-field-col="{}" x="{}" y="{}" width="{field_side}" height="{field_side}" fill="#fff" {stroke}/>"##,
                row + 1,
                col + 1,
                g.at(col * 3),
                g.at(row * 3)
            );
        }
    }
    for cell in scene.each_cell() {
        let marks = scene.marks(cell);
        let fill = if marks.contains(Mark::LastMove) {
            "#ffe082"
        } else if marks.contains(Mark::Legal) {
            "#c8e6c9"
        } else {
            "#fff"
        };
        let (x, y) = (g.at(cell.col), g.at(cell.row));
        cell_square(out, scene, cell, (x + 1, y + 1, 22), fill, "#eceff1");
        let (cx, cy) = (x + 12, y + 12);
        match scene.cell(cell) {
            b'x' => {
                let _ = writeln!(
                    out,
                    r##"<path class="chip x" d="M{} {}L{} {}M{} {}L{} {}" stroke="#c62828" stroke-width="2.5" stroke-linecap="round"/>"##,
                    cx - 6,
                    cy - 6,
                    cx + 6,
                    cy + 6,
                    cx + 6,
                    cy - 6,
                    cx - 6,
                    cy + 6
                );
            }
            b'o' => {
                let _ = writeln!(
                    out,
                    r##"<circle class="chip o" cx="{cx}" cy="{cy}" r="7" fill="none" stroke="#1565c0" stroke-width="2.5"/>"##
                );
            }
            b'!' => {
                let _ = writeln!(
                    out,
                    r##"<text class="chip marked" x="{cx}" y="{cy}" font-family="sans-serif" font-size="15" font-weight="bold" fill="#2e7d32" text-anchor="middle" dominant-baseline="central">!</text>"##
                );
            }
            _ => {}
        }
    }
}

fn tomek(out: &mut String, scene: &Scene, g: &Geometry) {
    for cell in scene.each_cell() {
        let fill = if scene.marks(cell).contains(Mark::Win) {
            "#c8e6c9"
        } else {
            "#fff"
        };
        let (x, y) = (g.at(cell.col), g.at(cell.row));
        cell_square(out, scene, cell, (x, y, g.cell), fill, "#90a4ae");
        let (colour, letter) = match scene.cell(cell) {
            b'X' => ("#c62828", 'X'),
            b'O' => ("#1565c0", 'O'),
            b'T' => ("#6a1b9a", 'T'),
            _ => continue,
        };
        let _ = writeln!(
            out,
            r#"<text class="chip {}" x="{}" y="{}" font-family="sans-serif" font-size="26" font-weight="bold" fill="{colour}" text-anchor="middle" dominant-baseline="central">{letter}</text>"#,
            letter.to_ascii_lowercase(),
            x + g.cell / 2,
            y + g.cell / 2
        );
    }
    for stroke in &scene.strokes {
        let _ = writeln!(
            out,
            r##"<line class="win-line" data-player="{}" data-line="{}" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#2e7d32" stroke-width="5" stroke-linecap="round" opacity="0.45"/>"##,
            stroke.player,
            escape(&stroke.line),
            g.centre(stroke.from.col),
            g.centre(stroke.from.row),
            g.centre(stroke.to.col),
            g.centre(stroke.to.row)
        );
    }
}
