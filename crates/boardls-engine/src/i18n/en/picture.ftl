# The hover's picture: the SVG's <title> and <desc>, the text board's legend.

# The description's first sentence; `title` is `Case #k: verdict`, `rows`
# the rows as the file writes them.
picture-description = { $game } position, { $title }. { $size } rows of { $size } cells, top to bottom: { $rows }.
# Facts about the position, one sentence each.
picture-fact-case = case: { $value }.
picture-fact-verdict = verdict: { $value }.
picture-fact-cursor = cursor: { $value }.
picture-fact-last-move = last-move: { $value }.
picture-fact-target-field = target-field: { $value }.
picture-fact-to-move = to-move: { $value }.
picture-fact-nobody-to-move = to-move: none.
picture-fact-legal-moves = legal-moves: { $value }.
picture-fact-anywhere = anywhere: true.
picture-fact-not-anywhere = anywhere: false.
picture-fact-winning-lines = winning-lines: { $value }.
picture-fact-no-winning-lines = winning-lines: none.
# A `.tomek` winning line: `X row 1`.
picture-winning-line = { $player } { $line }
picture-line-row = row { $row }
picture-line-column = column { $column }
picture-line-diagonal = diagonal
picture-line-anti-diagonal = anti-diagonal
# The marked cells, as `row,column` pairs.
picture-mark-cursor = cursor: { $cells }.
picture-mark-group = group: { $cells }.
picture-mark-capture = capture: { $cells }.
picture-mark-liberty = liberty: { $cells }.
picture-mark-legal = legal: { $cells }.
picture-mark-last-move = last-move: { $cells }.
picture-mark-target = target: { $cells }.
picture-mark-win = win: { $cells }.
# The text board's legend: what its marks mean.
picture-legend-group = `X` `O` upper case: the group in question
picture-legend-capture = `*` where it is captured (its last liberty)
picture-legend-liberty = `+` its liberties
picture-legend-legal = `!` a legal cell
picture-legend-last-move = upper case: the last move
picture-legend-win = `( )` a winning line
picture-legend-cursor = `[ ]` the cell under the cursor
