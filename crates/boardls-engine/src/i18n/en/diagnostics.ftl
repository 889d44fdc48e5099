# What the reader of board files says: diagnostics, their related
# locations and fixes, and a position's verdict. English: what machine
# formats print, byte for byte.

## Shared by the three formats

# The cells each format accepts.
uttt-cells = `x`, `o`, `.` or `!`
go9-cells = `x`, `o` or `.`
tomek-cells = `X`, `O`, `T` or `.`

# A character found where it does not belong.
syntax-a-space = a space
syntax-a-tab = a tab
syntax-char = `{ $char }`

# `expected`: the cells of the format; `found`: the character.
syntax-bad-cell = expected { $expected }, found { $found }
syntax-fix-replace = Replace `{ $found }` with `{ $right }`

# `rows`: the board's size (9 or 4).
syntax-blank-after-board = expected a blank line after the board's { $rows ->
    [4] fourth
    [9] ninth
   *[other] last
} row
syntax-missing-rows = the board has { $rows ->
    [one] { $rows } row
   *[other] { $rows } rows
}, expected { $expected }
syntax-row-cells = row { $row } has { $cells ->
    [one] { $cells } cell
   *[other] { $cells } cells
}, expected { $expected }

# The judge's verdict line, said as the judge says it.
syntax-verdict = { $verdict }

## The file as a whole

file-count-too-large = the count line's number is too large
file-no-positions = the file holds no position; expected at least one
file-no-boards = the file holds no board; expected at least one
# `count_text`: the count line's number as written (`count` selects the plural).
file-count-mismatch = count line says { $count ->
    [one] { $count_text } board
   *[other] { $count_text } boards
}, the file has { $boards }
file-fix-count = Set the count to { $boards }
# `byte`: the byte in hexadecimal (`0xff`).
file-invalid-utf8 = the file is not valid UTF-8: byte { $byte } at offset { $offset } (line { $line }) does not form a character

## .uttt

uttt-rows-before-last-move = expected 9 rows (three bands of three) before the last-move line, found { $rows }
uttt-blank-between-positions = expected a blank line between positions
uttt-blank-between-bands = expected a blank line between band { $band } and band { $next }
uttt-missing-last-move = expected the last-move line `x y` after the 9th row
uttt-missing-last-move-end = expected the last-move line `x y` to end the position
uttt-short-band = band { $band } has { $rows ->
    [one] { $rows } row
   *[other] { $rows } rows
}, expected 3
uttt-blank-before-last-move = unexpected blank line before the last-move line
uttt-blank-lines-between-bands = expected one blank line between bands, found more
uttt-missing-bands = expected three bands of three rows, found { $bands ->
    [one] { $bands } band
   *[other] { $bands } bands
}
uttt-extra-row = a row too many: the board already has 9 rows
uttt-extra-row-in-band = a row too many: band { $band } already has 3 rows
uttt-leading-blank = unexpected blank at the start of row { $row } of band { $band }
uttt-too-many-groups = row { $row } of band { $band } has { $groups } groups of cells, expected 3
# `group`: 1, 2 or 3, which group of the row.
uttt-group-cells = row { $row } of band { $band } has { $cells ->
    [one] { $cells } cell
   *[other] { $cells } cells
} in its { $group ->
    [1] first
    [2] second
   *[3] third
} group, expected 3
uttt-too-few-groups = row { $row } of band { $band } has { $groups ->
    [one] { $groups } group
   *[other] { $groups } groups
} of cells, expected 3 groups of 3 separated by spaces
# `found`: what separates the groups instead (uttt-spaces, uttt-tabs, syntax-a-tab).
uttt-separator = expected one space between groups of cells, found { $found }
uttt-spaces = { $spaces } spaces
uttt-tabs = tabs
uttt-missing-column = expected the column after the row: the last-move line is `x y`
uttt-text-after-last-move = unexpected text after the last-move line `x y`
# `found`: the user's text (shortened when long).
uttt-bad-row-number = expected a row number from 1 to 9, found `{ $found }`
uttt-bad-column-number = expected a column number from 1 to 9, found `{ $found }`
uttt-empty-last-move = the last move `{ $row } { $column }` points at an empty cell; it must hold the chip just played
uttt-empty-cell = this cell is empty
uttt-no-empty-cell = the board has no empty cell, so there is no next move
uttt-wrong-marker = `!` marks a cell that is not a legal move
uttt-missing-marker = legal move not marked with `!`
uttt-fix-mark = Mark with `!`
# A position's verdict: `player` is `x` or `o`.
uttt-to-move = { $player } to move: { $moves ->
    [one] { $moves } legal move
   *[other] { $moves } legal moves
}
uttt-legal-moves = { $moves ->
    [one] { $moves } legal move
   *[other] { $moves } legal moves
}

## .go9

go9-killable = x playing here captures { $stones ->
    [one] { $stones } o stone
   *[other] { $stones } o stones
}: the group's last liberty
# `colour`: `x` or `o`.
go9-dead-group = this { $colour } group of { $stones ->
    [one] { $stones } stone
   *[other] { $stones } stones
} has no liberty, so the position cannot occur in a game
go9-atari = this x group of { $stones ->
    [one] { $stones } stone
   *[other] { $stones } stones
} has one liberty: o could capture it at row { $row }, column { $column }
go9-last-liberty = the last liberty
# Related locations: a group's first stones, the last listed saying how many more.
go9-captured-stone = captured stone at row { $row }, column { $column }
go9-captured-stone-more = captured stone at row { $row }, column { $column } (and { $more ->
    [one] { $more } more stone
   *[other] { $more } more stones
})
go9-group-stone = stone of the group at row { $row }, column { $column }
go9-group-stone-more = stone of the group at row { $row }, column { $column } (and { $more ->
    [one] { $more } more stone
   *[other] { $more } more stones
})

## .tomek

tomek-extra-t = the board has { $count } `T` cells; a board holds at most one
tomek-first-t = the first `T`
# `verdict`: the judge's line for this board.
tomek-two-winners = both X and O hold a winning line, which no game reaches; the judge answers "{ $verdict }"
tomek-wins-row = { $player } wins with row { $row }
tomek-wins-column = { $player } wins with column { $column }
tomek-wins-diagonal = { $player } wins with the diagonal
tomek-wins-anti-diagonal = { $player } wins with the anti-diagonal

## The formatter (`textDocument/formatting`, `boardls fmt`)

# Why a file was not formatted: `error` is the error's message, `code` its code.
format-refused = line { $line }, column { $column }: { $error } ({ $code }); the formatter fixes only letter case, the count line, blanks and blank lines, so it changes nothing until this error is fixed
format-unsafe-error = the formatted text would have an error ({ $code }: { $error }), so it is not given out (a bug in boardls)
format-unsafe-count = the formatted text would hold another number of positions, so it is not given out (a bug in boardls)
format-unsafe-position = the formatted text would read the position at line { $line } otherwise, so it is not given out (a bug in boardls)
