# An unopened file's note when it has more diagnostics than the server keeps.
disk-more-diagnostics = { $n } more diagnostics in this file; open it to see them all
# A workspace file the server could not check; `reason` is the system's error.
disk-judge-failed = boardls failed while checking this file; please report it
disk-unreadable = boardls cannot read this file: { $reason }
disk-too-large = this file is too large to check ({ $mebibytes } MiB; the limit is { $limit } MiB)

## Cells and fields of a board, as the hovers and hints name them.

# A cell, counted from 1 as the files' last-move lines count.
board-cell = row { $row }, column { $column }
# Where a move is played: "Last move at row 3, column 5".
board-at-cell = at row { $row }, column { $column }
# The small fields of a `.uttt` board, as in "the top-left field".
board-field-top-left = top-left
board-field-top = top
board-field-top-right = top-right
board-field-left = left
board-field-centre = centre
board-field-right = right
board-field-bottom-left = bottom-left
board-field-bottom = bottom
board-field-bottom-right = bottom-right
# The verdict after `Case #k: ` (hints, symbols, hovers): the judge's own
# line, the same in every language.
board-judge-line = { $verdict }
# A `.uttt` position's verdict: the judge answers with a board.
board-uttt-to-move = { $player } to move: { $n ->
    [one] { $n } legal move
   *[other] { $n } legal moves
}
board-uttt-legal-moves = { $n ->
    [one] { $n } legal move
   *[other] { $n } legal moves
}
board-incomplete = board incomplete
board-unreadable = The board could not be read completely; see its errors.

## Hover.

hover-case-heading = **Case #{ $case }**
hover-empty = `.`: empty
hover-go9-black-stone = `{ $stone }`: a stone of black, to move
hover-go9-white-stone = `{ $stone }`: a stone of white
hover-go9-captures = x playing here captures { $n ->
    [one] { $n } o stone
   *[other] { $n } o stones
}: { $cells }.
hover-go9-captures-nothing = x playing here captures nothing.
hover-go9-loses = Afterwards x loses { $n ->
    [one] { $n } own stone
   *[other] { $n } own stones
} without a liberty: { $cells }.
# `colour` is `x` or `o`.
hover-go9-group = Group of { $n ->
    [one] { $n } { $colour } stone
   *[other] { $n } { $colour } stones
}: { $cells }.
hover-go9-dead = No liberty: the group is already dead (this cannot happen in a game).
hover-go9-liberties = { $n ->
    [one] { $n } liberty
   *[other] { $n } liberties
}: { $cells }.
hover-go9-x-captures-it = x captures it by playing { $at }.
hover-go9-in-atari = In atari: o could capture it { $at }.
# One line of a list: where x captures, and how much.
hover-go9-kill-item = x { $at } captures { $n ->
    [one] { $n } o stone
   *[other] { $n } o stones
}
hover-go9-no-kill = No o group has exactly one liberty.
hover-tomek-mark = `{ $mark }`: a mark of { $mark }
hover-tomek-joker = `T`: the joker, counting for both players
hover-tomek-row = row { $row }
hover-tomek-column = column { $column }
hover-tomek-diagonal = the diagonal from the top left
hover-tomek-anti-diagonal = the diagonal from the top right
# `verdict` is the judge's line (`X won`).
hover-tomek-verdict = Verdict: **{ $verdict }**.
hover-tomek-win = { $player } wins with { $line }: { $cells }.
hover-tomek-win-through-here = { $player } wins with { $line }: { $cells } (through this cell).
hover-tomek-both-won = Both players hold a winning line, which no game reaches; the judge reports X.
hover-uttt-chip = `{ $chip }`: a chip of { $chip }
hover-uttt-marked = `!`: empty, marked as a legal move
hover-uttt-player = { $player }
hover-uttt-next-player = the next player
hover-uttt-taken = Not a legal move: the cell is taken.
hover-uttt-taken-by-last-move = Not a legal move: the cell is taken (by the last move).
hover-uttt-legal-anywhere = **Legal** for { $player }: the last move sends the next chip to the { $target } field, which is full, so any free cell is legal.
hover-uttt-legal = **Legal** for { $player }: it is in the { $target } field, where the last move { $last } sends the next chip.
hover-uttt-not-legal = **Not legal**: this is the { $field } field, but the last move { $last } sends the next chip to the { $target } field, which has free cells.
hover-uttt-wrong-marker = The `!` here is wrong: it should be `.`.
hover-uttt-to-move = { $player } to move
hover-uttt-nobody-to-move = nobody to move (the last-move cell is empty)
hover-uttt-reason = Last move { $last }: { $to_move }. It sends the next chip to the { $field } field: { $n ->
    [one] { $n } legal move
   *[other] { $n } legal moves
}.
hover-uttt-reason-anywhere = Last move { $last }: { $to_move }. It sends the next chip to the { $field } field, which is full, so any free cell is legal: { $n ->
    [one] { $n } legal move
   *[other] { $n } legal moves
}.
# On an answer file's line: the judge's answer for its case.
hover-answer-board = **Case #{ $case }**: the judge's board
hover-answer-line = **Case #{ $case }**: the judge says `{ $line }`

## Inlay hints: short, after a `#` at the end of a line.

hint-legal = legal: { $columns }
hint-legal-tooltip = { $n ->
    [one] Legal move
   *[other] Legal moves
} for { $player } in row { $row }: { $cells }
hint-player = { $player }
hint-player-to-move = the player to move
hint-go9-capture = x at { $column } captures { $n }
hint-go9-capture-tooltip = x playing at row { $row }, column { $column } captures { $n ->
    [one] { $n } o stone
   *[other] { $n } o stones
}: { $cells }.
hint-verdict-tooltip = The judge's verdict for this position.
hint-uttt-rule = The last move { $last } sends the next chip to the { $field } field.
hint-uttt-rule-anywhere = The last move { $last } sends the next chip to the { $field } field, which is full: any free cell is legal.

## Code actions and code lenses.

action-mark-legal = Mark legal moves with !
action-clear-markers = Clear ! markers
action-play-here = Play here
action-fix-with-code = { $title } ({ $code })
action-write-answers = Write the judge's answers
# An input's case, checked against its answer file: `line` is the answer's
# line (the judge's words), `message` what is wrong with it.
lens-answer-right = answer ✓ { $line }
lens-answer-right-case = answer ✓ Case #{ $case }
lens-answer-wrong = answer ✗ { $message }
lens-answer-missing = answer ✗ Case #{ $case }: missing

## Document symbols.

# A group of cases in the outline of a big file.
symbol-cases = Cases { $first }-{ $last }

## The note at the top of a file whose diagnostics are not all listed.
## `shown` is `n` with its thousands grouped (`2,188`).

budget-more-errors = { $shown } more { $code } { $n ->
    [one] error
   *[other] errors
}
budget-more-warnings = { $shown } more { $code } { $n ->
    [one] warning
   *[other] warnings
}
budget-more-information = { $shown } more information diagnostics (killable groups, groups in atari)
# Lists of the parts above: "a, b and c".
budget-list-comma = { $head }, { $next }
budget-list-and = { $head } and { $last }
budget-summary = { $listed } are not listed: boardls lists the first { $max_shown } errors and warnings (errors first) and the first { $information_max } of { $information_shown } information diagnostics; `boardls check` lists them all

## Progress of the workspace scan.

progress-scan-title = Checking board files
progress-scan-looking = looking for board files
progress-scan-files = { $done }/{ $total } files
progress-scan-stopped = stopped
progress-scan-stopped-after = stopped after { $done } of { $total } files
# `seconds` is written with two decimals (`0.52`).
progress-scan-checked = { $total } board files checked in { $seconds } s

## Messages the editor shows (window/showMessage). The server's logs
## (window/logMessage) stay in English, to be searched and quoted.

# `message` and `code` are the error's; the formatter fixes only the
# errors it is sure of.
show-not-formatted = boardls: { $name } was not formatted: line { $line }, column { $column }: { $message } ({ $code }); the formatter fixes only letter case, the count line, blanks and blank lines, so it changes nothing until this error is fixed
# `reason` is the system's error.
show-daemon-unusable = boardls: the shared daemon cannot be used ({ $reason }); this editor has a private server instead.
# `signals` names the signals (`SIGTERM or SIGINT`).
show-daemon-stopped = boardls: the shared daemon was asked to stop ({ $signals }); the editor starts the server again
show-server-stopping = boardls: the server is stopping
# What stops the daemon, for `signals` above.
show-stop-signals-unix = SIGTERM or SIGINT
show-stop-signals-windows = Ctrl-C, Ctrl-Break or its console closing

## An input's coverage of the judge's situations: its count line's hover
## and its code lens.

hover-coverage-heading = **Coverage** of { $cases ->
    [one] { $cases } case
   *[other] { $cases } cases
}: { $reached } of { $total } situations reached
coverage-row = { $situation } — { $count } (first: case { $case })
coverage-row-not-reached = ✗ **not reached**: { $situation }
# `ids` are the situations' ids (`tomek.draw-with-t`), the same in every language.
lens-coverage = coverage: { $reached } of { $total } situations · not reached: { $ids }
lens-coverage-all = coverage: all { $total } situations
