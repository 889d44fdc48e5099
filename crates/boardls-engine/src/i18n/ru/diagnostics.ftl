# Сообщения разбора файлов с позициями: диагностики, связанные места,
# исправления и вердикт позиции. Термины — по GLOSSARY.md.

## Общее для трёх форматов

uttt-cells = `x`, `o`, `.` или `!`
go9-cells = `x`, `o` или `.`
tomek-cells = `X`, `O`, `T` или `.`

# Символ не на своём месте (после «а не»).
syntax-a-space = пробел
syntax-a-tab = табуляция
syntax-char = `{ $char }`

syntax-bad-cell = ожидалось { $expected }, а не { $found }
syntax-fix-replace = Заменить `{ $found }` на `{ $right }`

syntax-blank-after-board = после { $rows ->
    [4] четвёртой
    [9] девятой
   *[other] последней
} строки доски ожидалась пустая строка
syntax-missing-rows = доска содержит { $rows ->
    [one] { $rows } строку
    [few] { $rows } строки
   *[many] { $rows } строк
}, ожидалось { $expected }
syntax-row-cells = строка { $row } содержит { $cells ->
    [one] { $cells } клетку
    [few] { $cells } клетки
   *[many] { $cells } клеток
}, ожидалось { $expected }

# Строка вердикта судьи не переводится.
syntax-verdict = { $verdict }

## Файл целиком

file-count-too-large = число в строке с количеством слишком велико
file-no-positions = в файле нет ни одной позиции; ожидалась хотя бы одна
file-no-boards = в файле нет ни одной позиции; ожидалась хотя бы одна
file-count-mismatch = в строке с количеством { $count ->
    [one] указана { $count_text } позиция
    [few] указаны { $count_text } позиции
   *[many] указано { $count_text } позиций
}, а в файле их { $boards }
file-fix-count = Исправить количество на { $boards }
file-invalid-utf8 = файл не в кодировке UTF-8: байт { $byte } по смещению { $offset } (строка { $line }) не образует символа

## .uttt (блок — три строки доски между пустыми строками)

uttt-rows-before-last-move = перед строкой последнего хода ожидалось 9 строк (три блока по три), найдено строк: { $rows }
uttt-blank-between-positions = между позициями ожидалась пустая строка
uttt-blank-between-bands = между блоком { $band } и блоком { $next } ожидалась пустая строка
uttt-missing-last-move = после 9-й строки ожидалась строка последнего хода `x y`
uttt-missing-last-move-end = позиция должна заканчиваться строкой последнего хода `x y`
uttt-short-band = блок { $band } содержит { $rows ->
    [one] { $rows } строку
    [few] { $rows } строки
   *[many] { $rows } строк
}, ожидалось 3
uttt-blank-before-last-move = лишняя пустая строка перед строкой последнего хода
uttt-blank-lines-between-bands = между блоками ожидалась одна пустая строка, а их больше
uttt-missing-bands = ожидалось три блока по три строки, найдено блоков: { $bands }
uttt-extra-row = лишняя строка: доска уже содержит 9 строк
uttt-extra-row-in-band = лишняя строка: блок { $band } уже содержит 3 строки
uttt-leading-blank = лишний отступ в начале строки { $row } блока { $band }
uttt-too-many-groups = строка { $row } блока { $band } содержит { $groups ->
    [one] { $groups } группу
    [few] { $groups } группы
   *[many] { $groups } групп
} клеток, ожидалось 3
uttt-group-cells = { $group ->
    [1] первая
    [2] вторая
   *[3] третья
} группа строки { $row } блока { $band } содержит { $cells ->
    [one] { $cells } клетку
    [few] { $cells } клетки
   *[many] { $cells } клеток
}, ожидалось 3
uttt-too-few-groups = строка { $row } блока { $band } содержит { $groups ->
    [one] { $groups } группу
    [few] { $groups } группы
   *[many] { $groups } групп
} клеток, ожидалось 3 группы по 3, разделённые пробелами
uttt-separator = между группами клеток ожидался один пробел, а не { $found }
uttt-spaces = { $spaces ->
    [one] { $spaces } пробел
    [few] { $spaces } пробела
   *[many] { $spaces } пробелов
}
uttt-tabs = табуляции
uttt-missing-column = после номера строки ожидался номер столбца: строка последнего хода имеет вид `x y`
uttt-text-after-last-move = лишний текст после `x y` в строке последнего хода
uttt-bad-row-number = ожидался номер строки от 1 до 9, а не `{ $found }`
uttt-bad-column-number = ожидался номер столбца от 1 до 9, а не `{ $found }`
uttt-empty-last-move = последний ход `{ $row } { $column }` указывает на пустую клетку; в ней должна стоять только что поставленная фишка
uttt-empty-cell = эта клетка пуста
uttt-no-empty-cell = на доске нет пустых клеток, поэтому следующего хода нет
uttt-wrong-marker = отметка `!` стоит в клетке, куда ход недопустим
uttt-missing-marker = допустимый ход не отмечен `!`
uttt-fix-mark = Отметить `!`
uttt-to-move = ходит { $player }: { $moves ->
    [one] { $moves } допустимый ход
    [few] { $moves } допустимых хода
   *[many] { $moves } допустимых ходов
}
uttt-legal-moves = { $moves ->
    [one] { $moves } допустимый ход
    [few] { $moves } допустимых хода
   *[many] { $moves } допустимых ходов
}

## .go9

go9-killable = ход x сюда снимает { $stones ->
    [one] { $stones } камень o
    [few] { $stones } камня o
   *[many] { $stones } камней o
}: это последнее дамэ группы
go9-dead-group = у этой группы { $colour } из { $stones ->
    [one] { $stones } камня
   *[other] { $stones } камней
} нет дамэ, поэтому такая позиция не может возникнуть в партии
go9-atari = эта группа x из { $stones ->
    [one] { $stones } камня
   *[other] { $stones } камней
} в атари: o может съесть её ходом в пункт (строка { $row }, столбец { $column })
go9-last-liberty = последнее дамэ
go9-captured-stone = снимаемый камень: строка { $row }, столбец { $column }
go9-captured-stone-more = снимаемый камень: строка { $row }, столбец { $column } (и ещё { $more ->
    [one] { $more } камень
    [few] { $more } камня
   *[many] { $more } камней
})
go9-group-stone = камень группы: строка { $row }, столбец { $column }
go9-group-stone-more = камень группы: строка { $row }, столбец { $column } (и ещё { $more ->
    [one] { $more } камень
    [few] { $more } камня
   *[many] { $more } камней
})

## .tomek

tomek-extra-t = на доске { $count ->
    [one] { $count } клетка
    [few] { $count } клетки
   *[many] { $count } клеток
} `T`; допускается не больше одной
tomek-first-t = первая клетка `T`
tomek-two-winners = выигрышная линия есть и у X, и у O, чего в настоящей партии не бывает; судья отвечает «{ $verdict }»
tomek-wins-row = { $player } выигрывает по строке { $row }
tomek-wins-column = { $player } выигрывает по столбцу { $column }
tomek-wins-diagonal = { $player } выигрывает по главной диагонали
tomek-wins-anti-diagonal = { $player } выигрывает по побочной диагонали

## Форматировщик (`textDocument/formatting`, `boardls fmt`)

format-refused = строка { $line }, столбец { $column }: { $error } ({ $code }); форматировщик исправляет только регистр букв, строку с количеством, пробелы и пустые строки, поэтому ничего не изменит, пока эта ошибка не исправлена
format-unsafe-error = в отформатированном тексте была бы ошибка ({ $code }: { $error }), поэтому он не выдаётся (это ошибка в boardls)
format-unsafe-count = в отформатированном тексте было бы другое число позиций, поэтому он не выдаётся (это ошибка в boardls)
format-unsafe-position = в отформатированном тексте позиция на строке { $line } читалась бы иначе, поэтому он не выдаётся (это ошибка в boardls)
