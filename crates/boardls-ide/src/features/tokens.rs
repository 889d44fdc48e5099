//! Semantic tokens: the cells whose state matters, coloured by that state,
//! so the board reads as a board and still says what the rules say.
//!
//! One token per cell, one line long, in the negotiated encoding, sorted.
//! A cell in several states gets the first that applies:
//!
//! - `.uttt`: `lastMove` > `legalMove` > `targetField` (the other cells of
//!   the field the last move sends the next chip to);
//! - `.go9`: `capturePoint` (the last liberty of a killable `o` group) >
//!   `killableGroup` (its stones) > `deadGroup` (stones of a group of either
//!   colour with no liberty) > `atari` (stones of an `x` group with one
//!   liberty); liberty counts themselves are in the hover;
//! - `.tomek`: `winningLine` (every cell of a winning line, its `T` too) >
//!   `joker` (a `T` on no winning line).
//!
//! A position whose board could not be read has no tokens; the others keep
//! theirs. `/range` costs the positions the range overlaps, not the document.

use ls_types::{Range, SemanticToken, SemanticTokenType, SemanticTokens, SemanticTokensLegend};

use super::locate::{self, Located};
use crate::view::DocView;
use boardls_engine::games::{Cell, CellSet, go9, tomek, uttt};
use boardls_engine::syntax::{JudgedBoard, board_size};

/// The state a token gives its cell. The discriminant is the token type's
/// index in [`legend`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CellState {
    LegalMove,
    TargetField,
    LastMove,
    CapturePoint,
    KillableGroup,
    Atari,
    DeadGroup,
    WinningLine,
    Joker,
}

impl CellState {
    pub const ALL: [CellState; 9] = [
        CellState::LegalMove,
        CellState::TargetField,
        CellState::LastMove,
        CellState::CapturePoint,
        CellState::KillableGroup,
        CellState::Atari,
        CellState::DeadGroup,
        CellState::WinningLine,
        CellState::Joker,
    ];

    /// The token type's name, as editors style it (`@lsp.type.<name>`,
    /// `semanticTokenScopes`).
    pub const fn name(self) -> &'static str {
        match self {
            CellState::LegalMove => "legalMove",
            CellState::TargetField => "targetField",
            CellState::LastMove => "lastMove",
            CellState::CapturePoint => "capturePoint",
            CellState::KillableGroup => "killableGroup",
            CellState::Atari => "atari",
            CellState::DeadGroup => "deadGroup",
            CellState::WinningLine => "winningLine",
            CellState::Joker => "joker",
        }
    }

    /// Its index in the legend.
    pub const fn index(self) -> u32 {
        self as u32
    }

    pub fn from_index(index: u32) -> Option<CellState> {
        CellState::ALL.get(index as usize).copied()
    }
}

/// The token types (in [`CellState`] order) and no modifiers.
pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: CellState::ALL
            .iter()
            .map(|state| SemanticTokenType::new(state.name()))
            .collect(),
        token_modifiers: Vec::new(),
    }
}

/// `textDocument/semanticTokens/range`: the tokens of the cells inside
/// `wanted` (a reversed range is read the right way round).
pub fn range(view: &DocView<'_>, wanted: Range) -> SemanticTokens {
    let (start, end) =
        if (wanted.end.line, wanted.end.character) < (wanted.start.line, wanted.start.character) {
            (wanted.end, wanted.start)
        } else {
            (wanted.start, wanted.end)
        };
    let inside = |cell: Range| {
        (cell.start.line, cell.start.character) >= (start.line, start.character)
            && (cell.end.line, cell.end.character) <= (end.line, end.character)
    };
    let mut cells = Vec::new();
    for located in locate::in_range(view, Range::new(start, end)) {
        for (cell, state) in states(&located) {
            let Some(at) = located.cell_range(view, cell) else {
                continue;
            };
            if at.start.line == at.end.line && at.end.character > at.start.character && inside(at) {
                cells.push((at, state));
            }
        }
    }
    encode(cells)
}

/// Absolute one-line ranges and their states as the protocol's relative
/// tokens: sorted, and one token where two would start at the same place.
fn encode(mut cells: Vec<(Range, CellState)>) -> SemanticTokens {
    cells.sort_by_key(|(at, _)| (at.start.line, at.start.character));
    cells.dedup_by_key(|(at, _)| (at.start.line, at.start.character));
    let mut data = Vec::with_capacity(cells.len());
    let (mut line, mut character) = (0, 0);
    for (at, state) in cells {
        let delta_line = at.start.line - line;
        let delta_start = if delta_line == 0 {
            at.start.character - character
        } else {
            at.start.character
        };
        data.push(SemanticToken {
            delta_line,
            delta_start,
            length: at.end.character - at.start.character,
            token_type: state.index(),
            token_modifiers_bitset: 0,
        });
        (line, character) = (at.start.line, at.start.character);
    }
    SemanticTokens {
        result_id: None,
        data,
    }
}

/// Each cell of the position with a state, in row-major order.
pub(crate) fn states(located: &Located<'_>) -> Vec<(Cell, CellState)> {
    let Some(game) = located.position.game() else {
        return Vec::new();
    };
    let ranked = match game {
        JudgedBoard::Uttt { findings, .. } => uttt_states(findings),
        JudgedBoard::Go9 { board } => go9_states(&go9::analyse(board)),
        JudgedBoard::Tomek { board, findings } => tomek_states(board, findings),
    };
    let size = board_size(located.position.kind()) as u8;
    let mut out = Vec::new();
    for row in 0..size {
        for col in 0..size {
            let cell = Cell::new(row, col);
            if let Some((state, _)) = ranked.iter().find(|(_, set)| set.contains(cell)) {
                out.push((cell, *state));
            }
        }
    }
    out
}

/// The states of a `.uttt` position, highest priority first.
fn uttt_states(findings: &uttt::Findings) -> Vec<(CellState, CellSet)> {
    let field = findings.target_field;
    vec![
        (
            CellState::LastMove,
            CellSet::from_iter([findings.last_move]),
        ),
        (CellState::LegalMove, findings.legal),
        (
            CellState::TargetField,
            uttt::field_cells(field.row, field.col),
        ),
    ]
}

/// The states of a `.go9` board, highest priority first.
fn go9_states(findings: &go9::Findings) -> Vec<(CellState, CellSet)> {
    let mut capture = CellSet::EMPTY;
    let mut killable = CellSet::EMPTY;
    for (group, at) in findings.killable() {
        capture.insert(at);
        killable = killable.union(group.stones);
    }
    let dead = findings
        .dead()
        .fold(CellSet::EMPTY, |set, group| set.union(group.stones));
    let atari = findings
        .black_in_atari()
        .fold(CellSet::EMPTY, |set, (group, _)| set.union(group.stones));
    vec![
        (CellState::CapturePoint, capture),
        (CellState::KillableGroup, killable),
        (CellState::DeadGroup, dead),
        (CellState::Atari, atari),
    ]
}

/// The states of a `.tomek` board, highest priority first.
fn tomek_states(board: &tomek::Board, findings: &tomek::Findings) -> Vec<(CellState, CellSet)> {
    let winning = findings
        .winning_lines
        .iter()
        .flat_map(|win| win.line.cells())
        .collect();
    vec![
        (CellState::WinningLine, winning),
        (CellState::Joker, board.t_cells()),
    ]
}
