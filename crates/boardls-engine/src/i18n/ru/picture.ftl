# Картинка во всплывающем описании: <title> и <desc> SVG, легенда текстовой доски.

picture-description = Позиция { $game }, { $title }. { $size ->
    [one] { $size } строка по { $size } клетке
    [few] { $size } строки по { $size } клетки
   *[many] { $size } строк по { $size } клеток
}, сверху вниз: { $rows }.
picture-fact-case = случай: { $value }.
picture-fact-verdict = вердикт: { $value }.
picture-fact-cursor = курсор: { $value }.
picture-fact-last-move = последний ход: { $value }.
picture-fact-target-field = целевое поле: { $value }.
picture-fact-to-move = ходит: { $value }.
picture-fact-nobody-to-move = ходить некому.
picture-fact-legal-moves = допустимых ходов: { $value }.
picture-fact-anywhere = можно ходить в любое поле.
picture-fact-not-anywhere = ходить можно только в целевое поле.
picture-fact-winning-lines = выигрышные линии: { $value }.
picture-fact-no-winning-lines = выигрышных линий нет.
picture-winning-line = { $player } — { $line }
picture-line-row = строка { $row }
picture-line-column = столбец { $column }
picture-line-diagonal = главная диагональ
picture-line-anti-diagonal = побочная диагональ
picture-mark-cursor = курсор: { $cells }.
picture-mark-group = группа: { $cells }.
picture-mark-capture = последнее дамэ: { $cells }.
picture-mark-liberty = дамэ: { $cells }.
picture-mark-legal = допустимые ходы: { $cells }.
picture-mark-last-move = последний ход: { $cells }.
picture-mark-target = целевое поле: { $cells }.
picture-mark-win = выигрышная линия: { $cells }.
picture-legend-group = `X` `O` заглавными: эта группа
picture-legend-capture = `*` где её съедают (последнее дамэ)
picture-legend-liberty = `+` её дамэ
picture-legend-legal = `!` допустимый ход
picture-legend-last-move = заглавная буква: последний ход
picture-legend-win = `( )` выигрышная линия
picture-legend-cursor = `[ ]` клетка под курсором
