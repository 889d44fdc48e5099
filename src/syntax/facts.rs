//! A position's diagnostics as a whole: what reading stored, and the facts
//! of a complete `.go9` or `.tomek` board, derived from the board when
//! asked (a few microseconds) rather than kept (see
//! [`ParsedPosition::stored`]).

use crate::diagnostics::{self, Diagnostic};

use super::go9;
use super::position::{Game, ParsedPosition};
use super::tomek;

impl ParsedPosition {
    /// Every diagnostic of the position, lines relative to its first line,
    /// sorted.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut all = Vec::new();
        self.diagnostics_into(&mut all);
        all
    }

    /// Appends [`ParsedPosition::diagnostics`] to `out` (relative lines,
    /// sorted among themselves).
    pub fn diagnostics_into(&self, out: &mut Vec<Diagnostic>) {
        let start = out.len();
        out.extend(self.stored.iter().cloned());
        if !self.facts {
            return;
        }
        match &self.game {
            Some(Game::Go9 { board }) => go9::facts(self, board, out),
            Some(Game::Tomek { board, findings }) => tomek::facts(self, board, findings, out),
            Some(Game::Uttt { .. }) | None => {}
        }
        diagnostics::sort(&mut out[start..]);
    }
}
