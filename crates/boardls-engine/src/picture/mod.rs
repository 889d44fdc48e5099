//! Pictures of positions, for the hover: an SVG image for clients that
//! render Markdown images, a text board for the others. Pure: a parsed
//! position and a language in, text out; no LSP types (the server wraps
//! the SVG in a `data:` URI and the text board in a code block).
//!
//! The parts, each importing only those listed before it:
//! - `scene`: what a picture shows (cells, marks, facts);
//! - `boards`: the scene of a position and the cell under the cursor;
//! - `svg`, `text`: the two drawings of a scene.
//!
//! This file only declares them and re-exports the public items.

mod boards;
mod scene;
mod svg;
mod text;

pub use boards::{line_name, scene};
pub use scene::{Fact, Mark, Marks, Scene, Stroke};
pub use svg::svg;
pub use text::{board as text_board, legend as text_legend};
