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
# Why a file was left as it is: `message` and `code` are its first error's.
fmt-refusal = line { $line }, column { $column }: { $message } ({ $code }); the formatter fixes only letter case, the count line, blanks and blank lines, so it changes nothing until this error is fixed
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
# The formatter's check of its own result failed: `what` is one of the
# fmt-unsafe-… below.
fmt-unsafe = the formatted text would { $what }, so it is not given out (a bug in boardls)
fmt-unsafe-error = have an error ({ $code }: { $message })
fmt-unsafe-positions = hold another number of positions
fmt-unsafe-position = read the position at line { $line } otherwise

## `boardls stress`. `seed` is the run's seed; `inputs` how many inputs
## were run, `cases` how many cases they hold; `path` a file written.

stress-start = { $game } against the judge ({ $profile }), seed { $seed } (replay with --seed { $seed })
# `command`: the solution's command line; `reason`: the system's error.
stress-cannot-run = cannot run { $command }: { $reason }
# `game` and `other`: games' extensions (go9).
stress-wrong-game = { $profile } is a profile for { $game }, not { $other }
stress-no-failure = no failure in { $inputs ->
    [one] { $inputs } input
   *[other] { $inputs } inputs
} ({ $cases ->
    [one] { $cases } case
   *[other] { $cases } cases
}), { $seconds }s
stress-interrupted-no-failure = interrupted; no failure in { $inputs ->
    [one] { $inputs } input
   *[other] { $inputs } inputs
} ({ $cases ->
    [one] { $cases } case
   *[other] { $cases } cases
}), { $seconds }s
# `title`: one of the failures below; `index`: the failing input's
# number; `weight`: its filled cells; `shrunk_cases` and `shrunk_weight`:
# the shrunk input's; `runs`: the solution's runs while shrinking.
stress-failure = { $title } on input { $index } of seed { $seed } (after { $inputs ->
    [one] { $inputs } input
   *[other] { $inputs } inputs
}); shrunk from { $cases ->
    [one] { $cases } case
   *[other] { $cases } cases
} ({ $weight } filled cells) to { $shrunk_cases ->
    [one] { $shrunk_cases } case
   *[other] { $shrunk_cases } cases
} ({ $shrunk_weight } filled cells) in { $runs ->
    [one] { $runs } run
   *[other] { $runs } runs
}
stress-interrupted-shrinking = interrupted while shrinking; this is the smallest input so far
# `dir`: the folder of --out.
stress-cannot-write = cannot write to { $dir }: { $reason }
stress-input = --- input ({ $path })
stress-expected = --- expected, the judge's answer ({ $path })
stress-got = --- got, the solution's output ({ $path })
stress-first-difference = --- first difference, line { $line }
# The first differing lines, the judge's and the solution's, aligned.
stress-expected-line = expected: { $text }
stress-got-line = got:      { $text }
# The progress bar on a terminal: indicatif's placeholders.
stress-progress = { $spinner } { $pos }/{ $len } inputs  { $rate }  { $elapsed }

# How a solution failed.
stress-wrong-answer = wrong answer
stress-bad-output = bad output: { $why }
stress-crash = crash: { $crash }
stress-exit-status = non-zero exit status { $code }
# `limit`: the time limit (500ms, 2s).
stress-timeout = timeout: no answer within { $limit }
# A crash on Unix (`name`: SIGSEGV) and on Windows (`code`: 0xC0000005).
stress-signal = killed by signal { $signal }
stress-signal-named = killed by signal { $signal } ({ $name })
stress-exception = exception { $code }
stress-exception-named = exception { $code } ({ $name })
stress-exception-access-violation = access violation
stress-exception-illegal-instruction = illegal instruction
stress-exception-integer-division-by-zero = integer division by zero
stress-exception-integer-overflow = integer overflow
stress-exception-stack-overflow = stack overflow
stress-exception-stack-buffer-overrun = stack buffer overrun, or abort
stress-exception-float-division-by-zero = floating-point division by zero
stress-exception-out-of-memory = out of memory
stress-exception-ctrl-c = Ctrl-C
stress-exception-breakpoint = breakpoint
# Why an output is not an answer at all. `text`: the output's line;
# `prefix`: `Case #k: `; `verdicts`: the judge's verdicts.
stress-output-not-utf8 = the output is not UTF-8 text
stress-lines-for-cases = { $lines ->
    [one] { $lines } line
   *[other] { $lines } lines
} for { $cases ->
    [one] { $cases } case
   *[other] { $cases } cases
}: the judge expects one `Case #k: …` line per case
stress-not-a-case-line = line { $line }: `{ $text }` is not `{ $prefix }` and one of { $verdicts }
stress-not-nine-rows = { $lines ->
    [one] { $lines } line
   *[other] { $lines } lines
}: the judge expects the 9 rows of the board
stress-not-a-row = row { $row }: `{ $text }` is not three groups of three of `x`, `o`, `.`, `!`
