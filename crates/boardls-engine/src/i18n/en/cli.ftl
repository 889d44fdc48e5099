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

## `boardls --help`: the about lines, the options' help and the notes
## under `--help` (clap's own words, such as `Usage:`, are clap's).

# clap's own words (English keeps clap's; these are for the others).
help-usage = Usage: { $usage }
help-commands-heading = Commands:
help-arguments-heading = Arguments:
help-options-heading = Options:
help-flag-help = Print help
help-flag-version = Print version
help-about = Language server and command-line judge for ultimate tic-tac-toe, ancient go and Tic-Tac-Toe-Tomek board files
help-locale = The language of messages: en, ru or zh-CN (default: the editor's, or LC_ALL, LC_MESSAGES, LANG). Scripts' formats stay English
help-lsp = Run the language server (the default): LSP 3.17 over stdio, over TCP with --listen (one session per connection), or forwarded to the per-user daemon with --connect
help-lsp-listen = Serve TCP connections on this address instead of stdio; each must present the token first
help-lsp-allow-remote = Allow --listen on a non-loopback address
help-lsp-connect = Join stdio to a daemon: `auto` (the per-user socket, the daemon started when absent), a socket PATH (on Windows a pipe name), or tcp://HOST:PORT
help-lsp-token-file = The token: with --listen, read from FILE (a new random one is written there if FILE does not exist; without this option, to a new file whose path is printed); with --connect tcp://…, the token to present
help-lsp-more =
    TCP tokens: a connection to `--listen` must send the token as its first
    line (the token from the token file, then a newline) before any LSP
    message. Without it, the connection gets one JSON-RPC error message (id
    null, code -32001) and is closed. `--connect tcp://HOST:PORT --token-file
    FILE` does this for an editor.

    Exit status: 0 after `shutdown` then `exit`; 1 after `exit` without
    `shutdown`, or when the connection to the daemon is lost; 2 on bad usage.
help-daemon = Serve LSP sessions on a Unix socket (a named pipe on Windows), one per connection, sharing the work on the files of the same folders: one daemon per user, reached by `boardls lsp --connect`
help-daemon-socket = The socket (default: per user and per build, under $XDG_RUNTIME_DIR/boardls/ or $TMPDIR/boardls-UID/); on Windows the NAME of a named pipe (default: boardls-USER-VERSION-BUILD)
help-daemon-idle-timeout = Exit after SECS with no session (0: never)
help-daemon-more =
    The socket's directory must be the user's own, not a symbolic link, without
    group or other permissions (a missing one is made 0700); the socket is made
    0600 and checked the same way; anything else is refused. A stale socket
    (its daemon was killed) is replaced. One daemon per socket: it holds a lock
    on SOCKET.lock. With no session for the idle timeout, or on SIGTERM, it
    removes its socket and exits with status 0.

    On Windows the daemon listens on a named pipe that admits only its user;
    while it serves, a second server of that name is refused. Its log goes in
    a folder boardls under %LOCALAPPDATA%.
help-solve = Act as the judge: read the judge's input on stdin, write its output
help-check = Print every diagnostic of every board file under PATHs
help-check-output-format = How to print the findings [default: full on a terminal, concise otherwise]
help-check-format = The older name of --output-format, with the same values except that `json` is json-lines (one object per line, as it has always printed), plus `text` for concise
help-check-color = When to colour the full format
help-color-auto = On a terminal, unless NO_COLOR is set; CLICOLOR_FORCE=1 forces it
help-check-profile = Also check each file against a judge's promises: cf907b, hdu5546, gcj2013a-small or gcj2013a-large
help-check-coverage = Instead of the diagnostics, a table of the judges' situations the files reach (the exit status is still check's)
# The values of --output-format.
help-format-full = Code frames and a summary line
help-format-concise = One line per diagnostic
help-format-json = One JSON array
help-format-json-lines = One JSON object per line
help-format-github = GitHub Actions workflow commands
help-format-sarif = SARIF 2.1.0
help-format-text = `concise` (the older name)
help-check-more =
    Output formats:
      full        code frames (rustc style) and a summary line
                  `N errors, M warnings in K files`; the default when stdout is
                  a terminal
      concise     `path:line:col: severity[code]: message`, 1-based, the column
                  counting characters; the default otherwise (pipes, files)
      json        one JSON array of objects {"{"}path, range, severity, code,
                  message, related{"}"}, ranges 0-based LSP ranges (UTF-16)
      json-lines  the same objects, one per line
      github      GitHub Actions workflow commands (`::error file=…,line=…`)
      sarif       a SARIF 2.1.0 log, one rule per diagnostic code

    --format is the older spelling: `--format text` is concise and `--format
    json` is json-lines, as they have always printed.

    Colour (full only): --color auto colours when stdout is a terminal, unless
    NO_COLOR is set; CLICOLOR_FORCE=1 forces it.

    Exit status: 0 no error found, 1 any error found, 2 bad usage or an
    unreadable path (the other files are still checked).
help-stress = Run a solution on generated inputs, check its output against the judge's, and shrink the first failure to a 1-minimal input
help-stress-profile = The judge's promises every input keeps [default: cf907b, hdu5546 or gcj2013a-large, by GAME]
help-stress-seed = The seed of the inputs [default: from the clock; printed]
help-stress-count = How many inputs [default: 1000, unless --duration]
help-stress-duration = How long to run, such as 30s or 2m
help-stress-jobs = Solutions run at once [default: the number of cores]
help-stress-time-limit = Time limit of one run, such as 500ms or 2s
help-stress-out = Where the shrunk failure's NAME.in, NAME.ans and NAME.out go
help-stress-command = The solution and its arguments, after `--`
help-stress-more =
    Each input is made from the seed and its number, to cover the judge's
    situations evenly (those `check --coverage` lists), and keeps the profile's
    promises. The solution reads it on stdin, in its own process group; its
    output is compared with the judge's as the problem's checker does (trailing
    blanks and blank lines aside). A crash, a non-zero exit, a timeout (the
    whole process group is killed) and bad output are reported as such.

    The first failure is shrunk while it holds (fewer cases, then fewer
    stones, chips and marks, then simpler cells) and written to DIR as
    NAME.in (exactly what the judge reads), NAME.ans (the judge's answer) and
    NAME.out (the solution's). Ctrl-C stops the run and keeps what it found.

    Exit status: 1 a failure was found, 0 none (the inputs and cases tried are
    printed), 2 bad usage or a command that cannot be run, 130 interrupted
    with nothing found.
help-fmt = Rewrite board files under PATHs in their canonical layout (as the server's formatting does); only errors whose fix is certain are fixed, and a file with any other is left as it is
help-fmt-check = Write nothing; exit 1 when a file would change
# Errors of a value on the command line; `text` is the value, quoted.
help-bad-duration = expected a duration such as 500ms, 2s or 1m, not { $text }
help-bad-seconds = expected a number of seconds, such as 60, not { $text }
