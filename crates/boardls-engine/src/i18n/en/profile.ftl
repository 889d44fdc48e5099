# Judge profiles: a promise of the statement that a file breaks, quoting
# the statement. `profile` is a profile's name (cf907b), `kind` and `game`
# a game's extension (go9).
profile-accepted-invalid = an invalid-input test that { $profile } accepts: it must break one of the statement's promises
profile-wrong-game = a .{ $kind } file, but { $profile } is a profile for .{ $game } files
profile-comment = a comment line, but the { $profile } judge reads every line as input
profile-missing-count = no count line, but { $profile } promises "The first line of the input gives the number of test cases, T"
# `count`: the file's T, as written.
profile-count-range = T = { $count }, but { $profile } promises { $low } ≤ T ≤ { $high }
profile-count-too-large = T = a number too large, but { $profile } promises { $low } ≤ T ≤ { $high }
profile-one-position = a second position, but cf907b reads one: "First 11 lines contains descriptions of table", then "The line after the table contains two integers x and y"
profile-marker = `!` in an input, but in cf907b "character “x” … “o” … “.” describes empty cell": `!` is the output's
profile-empty-last-move = the last-move cell is empty, but cf907b promises "It’s guaranteed that cell where the last move was done is filled with “x” or “o”"
profile-no-empty-cell = no empty cell, but cf907b promises "it’s guaranteed that there is at least one empty cell"
profile-extra-t = a second `T`, but { $profile } promises "a single 'T' may appear, in one of the 16 squares"
# `why`: one of the profile-unreachable-… messages below.
profile-unreachable = { $why }, but { $profile } promises "the board is a valid state reached through play of the game"

# Why play cannot reach a Tic-Tac-Toe-Tomek board. `winner` and `other`
# are X or O; `x` and `o` the numbers of their marks; `first` and
# `second` line names (profile-line-…).
profile-unreachable-counts = X has { $x } and O { $o } marks, but X moves first and the players alternate, so X has as many marks as O or one more
profile-unreachable-both-won = both X and O hold a winning line, but the game ends at the first win
profile-unreachable-winner-did-not-move-last = { $winner } won, but with X { $x } and O { $o } marks { $other } moved last, and the game ends at the move that wins it
profile-unreachable-won-twice = { $winner } holds two winning lines ({ $first } and { $second }) that no single move completed, but the game ends at the first win

# A line of a Tic-Tac-Toe-Tomek board, counted from 1.
profile-line-row = row { $n }
profile-line-column = column { $n }
profile-line-diagonal = the diagonal
profile-line-anti-diagonal = the anti-diagonal
