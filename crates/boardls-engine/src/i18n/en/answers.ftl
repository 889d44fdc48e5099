# Answer files against the judge's output. `case` is a case's number
# (the judge's `Case #k`), `cases` how many the input has; `judge`,
# `verdict` and `text` are lines of the judge's output or of the answer
# file, quoted as they are.
answer-case-in-input = Case #{ $case } in the input
answer-extra-case = Case #{ $case }: the input has only { $cases ->
    [one] { $cases } case
   *[other] { $cases } cases
}
answer-expected-case-line = expected `Case #{ $case }: …`, found `{ $text }`
answer-expected-case-line-blank = expected `Case #{ $case }: …`, found a blank line
# `found`: the number the answer file has.
answer-case-number = expected Case #{ $case } here, found Case #{ $found }
answer-fix-renumber = Renumber to Case #{ $case }
# `expected`: the verdicts, joined by answer-either.
answer-not-a-verdict = Case #{ $case }: `{ $verdict }` is not a verdict (expected { $expected })
# Two alternatives: `first`, then `rest` (the others, joined the same way).
answer-either = { $first } or { $rest }
answer-wrong = Case #{ $case }: the judge says `{ $judge }`, the file says `{ $verdict }`
answer-fix-replace = Replace with the judge's answer
# `.uttt` output boards: nine rows, a blank line between the bands of
# three rows and between boards.
answer-blank-between-boards = Case #{ $case }: expected a blank line between boards
answer-blank-between-bands = Case #{ $case }: expected a blank line between bands
answer-expected-row = Case #{ $case }: expected row { $row } of the board (`ccc ccc ccc`, cells `x`, `o`, `.`, `!`), found `{ $text }`
answer-expected-row-blank = Case #{ $case }: expected row { $row } of the board (`ccc ccc ccc`, cells `x`, `o`, `.`, `!`), found a blank line
answer-wrong-row = Case #{ $case }, row { $row }: the judge writes `{ $judge }`, the file writes `{ $text }`
answer-missing-case = Case #{ $case } is missing
answer-missing-cases = Cases #{ $first } to #{ $last } are missing
answer-fix-write-missing = Write the judge's answers for the missing cases
# `names`: the answer-name patterns, such as {stem}.out.
answer-no-input = no input beside this answer file (answers are named { $names })
# In the playground's verdict panel, after `Case #k: `, for a case whose board cannot be judged.
answer-unjudged = the board has errors
