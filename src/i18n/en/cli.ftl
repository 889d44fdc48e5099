## `check`'s full format (the other formats stay English, and call no key).

# A note under a diagnostic with many related locations.
check-more-related = and { $n ->
    [one] { $n } more related location
   *[other] { $n } more related locations
}
# The levels' names before `[code]`, and before a note and a fix.
check-level-error = error
check-level-warning = warning
check-level-info = info
check-level-note = note
check-level-help = help
# The last line.
check-summary = { $errors ->
    [one] { $errors } error
   *[other] { $errors } errors
}, { $warnings ->
    [one] { $warnings } warning
   *[other] { $warnings } warnings
} in { $files ->
    [one] { $files } file
   *[other] { $files } files
}
# `summary`: check-summary.
check-summary-and-information = { $summary } (and { $information ->
    [one] { $information } info
   *[other] { $information } infos
})
# On stderr after `check --coverage`'s table.
check-coverage-errors = { $errors ->
    [one] { $errors } error
   *[other] { $errors } errors
} found (run `boardls check` without --coverage to see them)

## `check --coverage`'s table (its JSON stays English).

# `game`: the game's extension (go9).
coverage-heading = { $game } — { $cases ->
    [one] { $cases } case
   *[other] { $cases } cases
} in { $files ->
    [one] { $files } file
   *[other] { $files } files
}
# Where a situation is first reached: a file, a line and the judge's case.
coverage-first = { $path }:{ $line } (case { $case })
coverage-not-reached = NOT REACHED ({ $n }):
coverage-no-board-file = no board file found
# The judges' situations (`X won`, `Draw`, `Can kill in one move`, … are
# the judges' verdicts, never translated).
coverage-tomek-x-won = X won, with four X
coverage-tomek-x-won-with-t = X won, with three X and the T
coverage-tomek-o-won = O won, with four O
coverage-tomek-o-won-with-t = O won, with three O and the T
coverage-tomek-draw = Draw: the board full without a winner, no T
coverage-tomek-draw-with-t = Draw: the board full without a winner, with a T
coverage-tomek-not-completed = Game has not completed, no T
coverage-tomek-not-completed-with-t = Game has not completed, with a T
coverage-tomek-won-on-full-board = a win that filled the board (not a Draw)
coverage-tomek-t-on-winning-diagonal = a win on a diagonal through the T
coverage-go9-kill = Can kill in one move
coverage-go9-no-kill = Can not kill in one move
coverage-go9-capture-on-edge = a capture played on the edge (not a corner)
coverage-go9-capture-in-corner = a capture played in a corner
coverage-go9-two-groups-one-move = one move killing two groups
coverage-go9-capture-without-liberty = a capture by a move with no liberty of its own
coverage-go9-dead-o-group = an o group already without liberty (not a kill)
coverage-uttt-forced-field = forced field: the field the last move points to
coverage-uttt-forced-own-field = forced field: the last move's own field (its centre cell)
coverage-uttt-any-field-full = any field: the forced field is full
coverage-uttt-any-field-own-full = any field: the forced field is the last move's own, full
coverage-uttt-forced-one-cell = forced field with one free cell
# A situation the catalog does not name: its id.
coverage-unnamed = { $id }

## What `check`, `check --coverage` and `fmt` say of a path.

walk-not-a-board-file = not a board file (expected a .uttt, .go9 or .tomek extension, a file that boardls.toml maps to a game, or an answer file)

## `boardls fmt`.

fmt-reformatted = reformatted { $path }
fmt-would-reformat = would reformat { $path }
# `reason`: the system's error.
fmt-cannot-write = cannot write: { $reason }
fmt-not-utf8 = the file is not valid UTF-8
# `why`: fmt-refusal.
fmt-not-formatted = not formatted: { $why }
fmt-summary = { $changed ->
    [one] { $changed } file
   *[other] { $changed } files
} reformatted, { $unchanged } already formatted, { $refused } not formatted
fmt-summary-check = { $changed ->
    [one] { $changed } file
   *[other] { $changed } files
} would be reformatted, { $unchanged } already formatted, { $refused } not formatted
