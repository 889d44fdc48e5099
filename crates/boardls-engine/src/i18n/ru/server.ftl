disk-more-diagnostics = В этом файле есть ещё { $n ->
    [one] { $n } сообщение
    [few] { $n } сообщения
   *[many] { $n } сообщений
}; откройте его, чтобы увидеть все
disk-judge-failed = boardls не смог проверить этот файл из-за внутренней ошибки; пожалуйста, сообщите о ней
disk-unreadable = boardls не может прочитать этот файл: { $reason }
disk-too-large = файл слишком велик для проверки ({ $mebibytes } МиБ; предел — { $limit } МиБ)

## Клетки и поля доски в подсказках и всплывающих описаниях.

board-cell = строка { $row }, столбец { $column }
board-at-cell = в строке { $row }, столбце { $column }
# Маленькие поля `.uttt` (средний род: «в левое верхнее поле»).
board-field-top-left = левое верхнее
board-field-top = верхнее
board-field-top-right = правое верхнее
board-field-left = левое
board-field-centre = центральное
board-field-right = правое
board-field-bottom-left = левое нижнее
board-field-bottom = нижнее
board-field-bottom-right = правое нижнее
# Строка судьи не переводится.
board-judge-line = { $verdict }
board-uttt-to-move = ходит { $player }: { $n ->
    [one] { $n } допустимый ход
    [few] { $n } допустимых хода
   *[many] { $n } допустимых ходов
}
board-uttt-legal-moves = { $n ->
    [one] { $n } допустимый ход
    [few] { $n } допустимых хода
   *[many] { $n } допустимых ходов
}
board-incomplete = позиция прочитана не полностью
board-unreadable = Позицию не удалось прочитать полностью; см. её ошибки.

## Всплывающее описание.

hover-case-heading = **Случай #{ $case }**
hover-empty = `.`: пусто
hover-go9-black-stone = `{ $stone }`: камень чёрных, их ход
hover-go9-white-stone = `{ $stone }`: камень белых
hover-go9-captures = Ход x сюда снимает { $n ->
    [one] { $n } камень o
    [few] { $n } камня o
   *[many] { $n } камней o
}: { $cells }.
hover-go9-captures-nothing = Ход x сюда ничего не снимает.
hover-go9-loses = После этого x теряет { $n ->
    [one] { $n } свой камень
    [few] { $n } своих камня
   *[many] { $n } своих камней
} без дамэ: { $cells }.
hover-go9-group = Группа из { $n ->
    [one] { $n } камня { $colour }
   *[other] { $n } камней { $colour }
}: { $cells }.
hover-go9-dead = Ни одного дамэ: группа уже мертва (в партии так не бывает).
hover-go9-liberties = У группы { $n } дамэ: { $cells }.
hover-go9-x-captures-it = x съедает её ходом { $at }.
hover-go9-in-atari = Атари: o может съесть её ходом { $at }.
hover-go9-kill-item = x { $at } снимает { $n ->
    [one] { $n } камень o
    [few] { $n } камня o
   *[many] { $n } камней o
}
hover-go9-no-kill = Ни у одной группы o нет ровно одного дамэ.
hover-tomek-mark = `{ $mark }`: знак { $mark }
hover-tomek-joker = `T`: джокер, считается за обоих игроков
# После «выигрывает по …».
hover-tomek-row = строке { $row }
hover-tomek-column = столбцу { $column }
hover-tomek-diagonal = диагонали из левого верхнего угла
hover-tomek-anti-diagonal = диагонали из правого верхнего угла
hover-tomek-verdict = Вердикт: **{ $verdict }**.
hover-tomek-win = { $player } выигрывает по { $line }: { $cells }.
hover-tomek-win-through-here = { $player } выигрывает по { $line }: { $cells } (через эту клетку).
hover-tomek-both-won = Выигрышная линия есть у обоих игроков, чего в партии не бывает; судья выводит победу X.
hover-uttt-chip = `{ $chip }`: фишка { $chip }
hover-uttt-marked = `!`: пусто, отмечено как допустимый ход
hover-uttt-player = { $player }
hover-uttt-next-player = следующего игрока
hover-uttt-taken = Ход недопустим: клетка занята.
hover-uttt-taken-by-last-move = Ход недопустим: клетка занята (последним ходом).
hover-uttt-legal-anywhere = **Допустимый** ход для { $player }: последний ход отправляет следующую фишку в { $target } поле, но оно заполнено, поэтому допустима любая свободная клетка.
hover-uttt-legal = **Допустимый** ход для { $player }: последний ход { $last } отправляет следующую фишку в { $target } поле, и эта клетка в нём.
hover-uttt-not-legal = **Недопустимый** ход: это { $field } поле, а последний ход { $last } отправляет следующую фишку в { $target } поле, где есть свободные клетки.
hover-uttt-wrong-marker = Отметка `!` здесь неверна: должно быть `.`.
hover-uttt-to-move = ходит { $player }
hover-uttt-nobody-to-move = ходить некому (клетка последнего хода пуста)
hover-uttt-reason = Последний ход { $last }: { $to_move }. Следующая фишка идёт в { $field } поле: { $n ->
    [one] { $n } допустимый ход
    [few] { $n } допустимых хода
   *[many] { $n } допустимых ходов
}.
hover-uttt-reason-anywhere = Последний ход { $last }: { $to_move }. Следующая фишка должна идти в { $field } поле, но оно заполнено, поэтому допустима любая свободная клетка: { $n ->
    [one] { $n } допустимый ход
    [few] { $n } допустимых хода
   *[many] { $n } допустимых ходов
}.
hover-answer-board = **Случай #{ $case }**: доска из ответа судьи
hover-answer-line = **Случай #{ $case }**: судья выводит `{ $line }`

## Подсказки в конце строк: коротко, после `#`.

hint-legal = допустимы: { $columns }
hint-legal-tooltip = { $n ->
    [one] Допустимый ход
   *[other] Допустимые ходы
} для { $player } в строке { $row }: { $cells }
hint-player = { $player }
hint-player-to-move = ходящего игрока
hint-go9-capture = x в столбце { $column } снимает { $n }
hint-go9-capture-tooltip = Ход x в строке { $row }, столбце { $column } снимает { $n ->
    [one] { $n } камень o
    [few] { $n } камня o
   *[many] { $n } камней o
}: { $cells }.
hint-verdict-tooltip = Вердикт судьи для этой позиции.
hint-uttt-rule = Последний ход { $last } отправляет следующую фишку в { $field } поле.
hint-uttt-rule-anywhere = Последний ход { $last } отправляет следующую фишку в { $field } поле, но оно заполнено: допустима любая свободная клетка.

## Действия с кодом и линзы.

action-mark-legal = Поставить отметки ! на допустимые ходы
action-clear-markers = Убрать отметки !
action-play-here = Сходить сюда
action-fix-with-code = { $title } ({ $code })
action-write-answers = Записать ответы судьи
lens-answer-right = ответ ✓ { $line }
lens-answer-right-case = ответ ✓ случай #{ $case }
lens-answer-wrong = ответ ✗ { $message }
lens-answer-missing = ответ ✗ случай #{ $case }: ответа нет

## Структура документа.

symbol-cases = Случаи { $first }-{ $last }

## Сводка о непоказанных диагностиках в начале файла.

budget-more-errors = ещё { $shown } { $n ->
    [one] ошибка
    [few] ошибки
   *[many] ошибок
} { $code }
budget-more-warnings = ещё { $shown } { $n ->
    [one] предупреждение
    [few] предупреждения
   *[many] предупреждений
} { $code }
budget-more-information = ещё { $shown } { $n ->
    [one] информационное сообщение
    [few] информационных сообщения
   *[many] информационных сообщений
} (группы, которые можно съесть, и группы в атари)
budget-list-comma = { $head }, { $next }
budget-list-and = { $head } и { $last }
budget-summary = Не показаны: { $listed }. boardls показывает до { $max_shown } { $max ->
    [one] ошибки и предупреждения
   *[other] ошибок и предупреждений
} (сначала ошибки) и первые { $information_max } из { $information_shown } информационных сообщений; `boardls check` показывает все

## Ход проверки рабочей папки.

progress-scan-title = Проверка файлов с позициями
progress-scan-looking = поиск файлов с позициями
progress-scan-files = файлы: { $done }/{ $total }
progress-scan-stopped = остановлено
progress-scan-stopped-after = остановлено: проверено { $done } из { $total }
progress-scan-checked = Проверено файлов: { $total } за { $seconds } с

## Сообщения, которые показывает редактор. Журнал сервера — на английском.

show-not-formatted = boardls: файл { $name } не отформатирован: строка { $line }, столбец { $column }: { $message } ({ $code }); форматирование исправляет только регистр букв, строку с количеством, пробелы и пустые строки, поэтому ничего не изменит, пока эта ошибка не исправлена
show-daemon-unusable = boardls: общий демон недоступен ({ $reason }); этот редактор работает с отдельным сервером.
show-daemon-stopped = boardls: общий демон получил команду остановиться ({ $signals }); редактор запустит сервер заново
show-server-stopping = boardls: сервер останавливается
show-stop-signals-unix = SIGTERM или SIGINT
show-stop-signals-windows = Ctrl-C, Ctrl-Break или закрытие его консоли

## Покрытие ситуаций судьи входным файлом: описание строки с количеством
## и линза.

hover-coverage-heading = **Покрытие**: { $cases ->
    [one] { $cases } тест
    [few] { $cases } теста
   *[many] { $cases } тестов
}, достигнуто { $reached } из { $total } ситуаций
coverage-row = { $situation } — { $count } (впервые: тест { $case })
coverage-row-not-reached = ✗ **не достигнуто**: { $situation }
lens-coverage = покрытие: { $reached } из { $total } ситуаций · не достигнуты: { $ids }
lens-coverage-all = покрытие: все { $total } ситуаций
