//! Shrinking a failing input while the failure holds, as proptest's
//! `simplify` does: fewer cases first, then fewer stones, chips and marks,
//! then simpler cells. What it returns is 1-minimal: dropping any one more
//! case, or clearing any one more cell, loses the failure (or breaks the
//! judge's promises).

use boardls_engine::games::{Cell, go9, tomek, uttt};

use super::input::{Case, Input};

/// Shrinks `input`; `fails` says whether a candidate (one the judge could
/// be given) still fails the same way. `keep_going` is asked between
/// steps, so an interrupted shrink returns the smallest input so far.
/// `contents`: also shrink inside the cases (not for a timeout, where
/// each try costs the whole time limit).
pub(crate) fn shrink(
    mut input: Input,
    contents: bool,
    fails: &mut dyn FnMut(&Input) -> bool,
    keep_going: &dyn Fn() -> bool,
) -> Input {
    // Fewer cases: one alone, else one fewer at a time.
    if input.cases.len() > 1 {
        let alone = (0..input.cases.len()).find(|&i| {
            keep_going()
                && fails(&Input {
                    kind: input.kind,
                    cases: vec![input.cases[i].clone()],
                })
        });
        if let Some(i) = alone {
            input.cases = vec![input.cases[i].clone()];
        }
    }
    let mut index = 0;
    while input.cases.len() > 1 && index < input.cases.len() && keep_going() {
        let mut fewer = input.clone();
        fewer.cases.remove(index);
        if fails(&fewer) {
            input = fewer;
        } else {
            index += 1;
        }
    }
    if !contents {
        return input;
    }
    loop {
        let mut changed = false;
        for case in 0..input.cases.len() {
            // Clear cells, then simplify what is left; again while either helps.
            for cell in input.cases[case].filled_cells() {
                if !keep_going() {
                    return input;
                }
                for simpler in simpler_cases(&input.cases[case], cell) {
                    let mut candidate = input.clone();
                    candidate.cases[case] = simpler;
                    if fails(&candidate) {
                        input = candidate;
                        changed = true;
                        break;
                    }
                }
            }
        }
        if !changed {
            changed = clear_pairs(&mut input, fails, keep_going);
        }
        if !changed {
            return input;
        }
    }
}

/// A reachable Tomek board loses marks two at a time, an X with an O (one
/// alone breaks the turn order): tries each such pair, keeps the first
/// that still fails.
fn clear_pairs(
    input: &mut Input,
    fails: &mut dyn FnMut(&Input) -> bool,
    keep_going: &dyn Fn() -> bool,
) -> bool {
    for case in 0..input.cases.len() {
        let Case::Tomek(board) = input.cases[case] else {
            continue;
        };
        let cells = input.cases[case].filled_cells();
        let of = |mark| {
            cells
                .iter()
                .copied()
                .filter(move |&c| board.mark(c) == mark)
        };
        for x in of(tomek::Mark::X) {
            for o in of(tomek::Mark::O) {
                if !keep_going() {
                    return false;
                }
                let mut cleared = board;
                cleared.cells[x.row as usize][x.col as usize] = tomek::Mark::Empty;
                cleared.cells[o.row as usize][o.col as usize] = tomek::Mark::Empty;
                let mut candidate = input.clone();
                candidate.cases[case] = Case::Tomek(cleared);
                if fails(&candidate) {
                    *input = candidate;
                    return true;
                }
            }
        }
    }
    false
}

/// The cases one step simpler at `cell`: the cell cleared first, then the
/// cell holding a simpler symbol (`o` → `x`; the `T` → `X` or `O`; `O` →
/// `X`).
fn simpler_cases(case: &Case, cell: Cell) -> Vec<Case> {
    let mut out = Vec::new();
    match case {
        Case::Tomek(board) => {
            let with = |mark| {
                let mut b = *board;
                b.cells[cell.row as usize][cell.col as usize] = mark;
                Case::Tomek(b)
            };
            out.push(with(tomek::Mark::Empty));
            match board.mark(cell) {
                tomek::Mark::T => {
                    out.push(with(tomek::Mark::X));
                    out.push(with(tomek::Mark::O));
                }
                tomek::Mark::O => out.push(with(tomek::Mark::X)),
                _ => {}
            }
        }
        Case::Go9(board) => {
            let with = |point| {
                let mut b = *board;
                b.set(cell, point);
                Case::Go9(b)
            };
            out.push(with(go9::Point::Empty));
            if board.point(cell) == go9::Point::White {
                out.push(with(go9::Point::Black));
            }
        }
        Case::Uttt { board, last_move } => {
            let with = |chip| {
                let mut b = *board;
                b.set(cell, chip);
                Case::Uttt {
                    board: b,
                    last_move: *last_move,
                }
            };
            // The last-move cell keeps a chip: the judge promises one.
            if cell != *last_move {
                out.push(with(uttt::Chip::Empty));
            }
            if board.chip(cell) == uttt::Chip::O {
                out.push(with(uttt::Chip::X));
            }
        }
    }
    out
}
