## Формат full команды `check` (остальные форматы всегда на английском).

check-more-related = и ещё { $n ->
    [one] { $n } связанное место
    [few] { $n } связанных места
   *[many] { $n } связанных мест
}
check-level-error = ошибка
check-level-warning = предупреждение
check-level-info = информация
check-level-note = примечание
check-level-help = подсказка
check-summary = { $errors ->
    [one] { $errors } ошибка
    [few] { $errors } ошибки
   *[many] { $errors } ошибок
}, { $warnings ->
    [one] { $warnings } предупреждение
    [few] { $warnings } предупреждения
   *[many] { $warnings } предупреждений
} в { $files ->
    [one] { $files } файле
   *[other] { $files } файлах
}
check-summary-and-information = { $summary } (и ещё { $information ->
    [one] { $information } информационное сообщение
    [few] { $information } информационных сообщения
   *[many] { $information } информационных сообщений
})
check-coverage-errors = { $errors ->
    [one] найдена { $errors } ошибка
    [few] найдено { $errors } ошибки
   *[many] найдено { $errors } ошибок
} (запустите `boardls check` без --coverage, чтобы их увидеть)

## Таблица `check --coverage` (её JSON — на английском).

coverage-heading = { $game } — { $cases ->
    [one] { $cases } тест
    [few] { $cases } теста
   *[many] { $cases } тестов
} в { $files ->
    [one] { $files } файле
   *[other] { $files } файлах
}
coverage-first = { $path }:{ $line } (случай { $case })
coverage-not-reached = НЕ ДОСТИГНУТЫ ({ $n }):
coverage-no-board-file = не найдено ни одного файла позиций
# Вердикты судей (`X won`, `Draw`, `Can kill in one move`, …) не переводятся.
coverage-tomek-x-won = X won: четыре X
coverage-tomek-x-won-with-t = X won: три X и T
coverage-tomek-o-won = O won: четыре O
coverage-tomek-o-won-with-t = O won: три O и T
coverage-tomek-draw = Draw: доска заполнена, победителя нет, без T
coverage-tomek-draw-with-t = Draw: доска заполнена, победителя нет, есть T
coverage-tomek-not-completed = Game has not completed, без T
coverage-tomek-not-completed-with-t = Game has not completed, есть T
coverage-tomek-won-on-full-board = победа, заполнившая доску (не Draw)
coverage-tomek-t-on-winning-diagonal = победа по диагонали через T
coverage-go9-kill = вердикт Can kill in one move
coverage-go9-no-kill = вердикт Can not kill in one move
coverage-go9-capture-on-edge = камни сняты ходом на краю доски (не в углу)
coverage-go9-capture-in-corner = камни сняты ходом в углу
coverage-go9-two-groups-one-move = один ход съедает две группы
coverage-go9-capture-without-liberty = группу съедает ход, у которого самого нет дамэ
coverage-go9-dead-o-group = группа o уже без дамэ (это не съедание)
coverage-uttt-forced-field = обязательное поле: то, на которое указывает последний ход
coverage-uttt-forced-own-field = обязательное поле: поле самого последнего хода (ход в его центральную клетку)
coverage-uttt-any-field-full = любое поле: обязательное поле заполнено
coverage-uttt-any-field-own-full = любое поле: обязательное поле — поле последнего хода, и оно заполнено
coverage-uttt-forced-one-cell = обязательное поле с одной свободной клеткой
coverage-unnamed = { $id }

## Что `check`, `check --coverage` и `fmt` говорят о пути.

walk-not-a-board-file = не файл позиций (ожидается расширение .uttt, .go9 или .tomek, файл, который boardls.toml сопоставляет игре, или файл ответов)

## `boardls fmt`.

fmt-reformatted = переформатирован { $path }
fmt-would-reformat = будет переформатирован { $path }
fmt-cannot-write = не удаётся записать: { $reason }
fmt-not-utf8 = файл не в кодировке UTF-8
fmt-refusal = строка { $line }, столбец { $column }: { $message } ({ $code }); форматирование исправляет только регистр букв, строку с количеством, пробелы и пустые строки, поэтому файл не изменится, пока эта ошибка не исправлена
fmt-not-formatted = не отформатирован: { $why }
fmt-summary = { $changed ->
    [one] переформатирован { $changed } файл
    [few] переформатировано { $changed } файла
   *[many] переформатировано { $changed } файлов
}, уже отформатировано: { $unchanged }, не отформатировано: { $refused }
fmt-summary-check = { $changed ->
    [one] будет переформатирован { $changed } файл
    [few] будет переформатировано { $changed } файла
   *[many] будет переформатировано { $changed } файлов
}, уже отформатировано: { $unchanged }, не отформатировано: { $refused }
fmt-unsafe = отформатированный текст { $what }, поэтому он не выдаётся (это ошибка в boardls)
fmt-unsafe-error = содержал бы ошибку ({ $code }: { $message })
fmt-unsafe-positions = содержал бы другое число позиций
fmt-unsafe-position = читался бы иначе в позиции на строке { $line }

## `boardls stress`.

stress-start = { $game } против судьи ({ $profile }), seed { $seed } (повторить: --seed { $seed })
stress-cannot-run = не удаётся запустить { $command }: { $reason }
stress-wrong-game = { $profile } — профиль для { $game }, а не для { $other }
stress-no-failure = ошибок не найдено: { $inputs ->
    [one] { $inputs } вход
    [few] { $inputs } входа
   *[many] { $inputs } входов
} ({ $cases ->
    [one] { $cases } тест
    [few] { $cases } теста
   *[many] { $cases } тестов
}), { $seconds } с
stress-interrupted-no-failure = прервано; ошибок не найдено: { $inputs ->
    [one] { $inputs } вход
    [few] { $inputs } входа
   *[many] { $inputs } входов
} ({ $cases ->
    [one] { $cases } тест
    [few] { $cases } теста
   *[many] { $cases } тестов
}), { $seconds } с
stress-failure = вход { $index } при seed { $seed } (после { $inputs ->
    [one] { $inputs } входа
   *[other] { $inputs } входов
}): { $title }; уменьшено с { $cases ->
    [one] { $cases } теста
   *[other] { $cases } тестов
} ({ $weight ->
    [one] { $weight } заполненная клетка
    [few] { $weight } заполненные клетки
   *[many] { $weight } заполненных клеток
}) до { $shrunk_cases ->
    [one] { $shrunk_cases } теста
   *[other] { $shrunk_cases } тестов
} ({ $shrunk_weight ->
    [one] { $shrunk_weight } заполненная клетка
    [few] { $shrunk_weight } заполненные клетки
   *[many] { $shrunk_weight } заполненных клеток
}) за { $runs ->
    [one] { $runs } запуск
    [few] { $runs } запуска
   *[many] { $runs } запусков
}
stress-interrupted-shrinking = прервано во время уменьшения; это наименьший вход на данный момент
stress-cannot-write = не удаётся записать в { $dir }: { $reason }
stress-input = --- вход ({ $path })
stress-expected = --- ожидалось, ответ судьи ({ $path })
stress-got = --- получено, вывод решения ({ $path })
stress-first-difference = --- первое различие, строка { $line }
stress-expected-line = ожидалось: { $text }
stress-got-line = получено:  { $text }
stress-progress = { $spinner } входы: { $pos }/{ $len }  { $rate }  { $elapsed }

stress-wrong-answer = неправильный ответ
stress-bad-output = неверный формат вывода: { $why }
stress-crash = ошибка выполнения: { $crash }
stress-exit-status = ненулевой код возврата { $code }
stress-timeout = превышено ограничение времени: нет ответа за { $limit }
stress-signal = процесс убит сигналом { $signal }
stress-signal-named = процесс убит сигналом { $signal } ({ $name })
stress-exception = исключение { $code }
stress-exception-named = исключение { $code } ({ $name })
stress-exception-access-violation = нарушение доступа
stress-exception-illegal-instruction = недопустимая инструкция
stress-exception-integer-division-by-zero = целочисленное деление на ноль
stress-exception-integer-overflow = целочисленное переполнение
stress-exception-stack-overflow = переполнение стека
stress-exception-stack-buffer-overrun = переполнение буфера в стеке или abort
stress-exception-float-division-by-zero = деление на ноль с плавающей точкой
stress-exception-out-of-memory = нехватка памяти
stress-exception-ctrl-c = Ctrl-C
stress-exception-breakpoint = точка останова
stress-output-not-utf8 = вывод — не текст в UTF-8
stress-lines-for-cases = { $lines ->
    [one] { $lines } строка
    [few] { $lines } строки
   *[many] { $lines } строк
} на { $cases ->
    [one] { $cases } тест
    [few] { $cases } теста
   *[many] { $cases } тестов
}: судья ожидает по одной строке `Case #k: …` на тест
stress-not-a-case-line = строка { $line }: `{ $text }` — не `{ $prefix }` с одним из вердиктов { $verdicts }
stress-not-nine-rows = { $lines ->
    [one] { $lines } строка
    [few] { $lines } строки
   *[many] { $lines } строк
}, а судья ожидает 9 строк доски
stress-not-a-row = строка { $row }: `{ $text }` — не три группы по три символа из `x`, `o`, `.`, `!`
