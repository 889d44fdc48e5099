//! A position's diagnostics as a whole: what reading stored, and the facts
//! of a complete `.go9` or `.tomek` board, derived from the board when
//! asked (a few microseconds) rather than kept (see
//! [`ParsedPosition::stored`]).

use crate::diagnostics::{self, Diagnostic};

use super::go9;
use super::position::{JudgedBoard, ParsedPosition};
use super::tomek;

impl ParsedPosition {
    /// Every diagnostic of the position, lines relative to its first line,
    /// sorted.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut all = Vec::new();
        self.diagnostics_into(&mut all, true);
        all
    }

    /// [`ParsedPosition::diagnostics`] without related locations.
    pub fn diagnostics_plain(&self) -> Vec<Diagnostic> {
        let mut all = Vec::new();
        self.diagnostics_into(&mut all, false);
        all
    }

    /// Appends [`ParsedPosition::diagnostics`] to `out` (relative lines,
    /// sorted among themselves). Without `related`, derived facts come
    /// without their related locations: a publish whose budget for them
    /// is spent has no use for them, and their messages are the costly part
    /// of a fact (BENCHMARKS.md, "Figures behind the code").
    pub fn diagnostics_into(&self, out: &mut Vec<Diagnostic>, related: bool) {
        let start = out.len();
        out.extend(self.stored.iter().cloned());
        if !self.facts {
            return;
        }
        match &self.game {
            Some(JudgedBoard::Go9 { board }) => go9::facts(self, board, related, out),
            Some(JudgedBoard::Tomek { board, findings }) => {
                tomek::facts(self, board, findings, related, out)
            }
            Some(JudgedBoard::Uttt { .. }) | None => {}
        }
        diagnostics::sort(&mut out[start..]);
    }
}
