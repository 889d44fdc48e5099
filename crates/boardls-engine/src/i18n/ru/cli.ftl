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

## `boardls --help` (слова самого clap, например `Usage:`, остаются его).

# clap's own words (English keeps clap's; these are for the others).
help-usage = Использование: { $usage }
help-commands-heading = Команды:
help-arguments-heading = Аргументы:
help-options-heading = Параметры:
help-flag-help = Показать справку
help-flag-version = Показать версию
help-about = Языковой сервер и судья в командной строке для файлов позиций: крестики-нолики на девяти полях, древнее го и Tic-Tac-Toe-Tomek
help-locale = Язык сообщений: en, ru или zh-CN (по умолчанию — язык редактора или LC_ALL, LC_MESSAGES, LANG). Форматы для скриптов всегда на английском
help-lsp = Запустить языковой сервер (по умолчанию): LSP 3.17 через stdio, через TCP с --listen (по сеансу на соединение) или через общий демон пользователя с --connect
help-lsp-listen = Принимать TCP-соединения на этом адресе вместо stdio; каждое соединение должно сначала предъявить токен
help-lsp-allow-remote = Разрешить --listen на адресе, отличном от loopback
help-lsp-connect = Подключить stdio к демону: `auto` (сокет пользователя; демон запускается, если его нет), путь к сокету PATH (в Windows — имя канала) или tcp://HOST:PORT
help-lsp-token-file = Токен: с --listen читается из FILE (если FILE нет, туда записывается новый случайный; без этого параметра — в новый файл, путь к которому печатается); с --connect tcp://… — токен, который нужно предъявить
help-lsp-more =
    TCP-токены: соединение с `--listen` должно первой строкой прислать токен
    (токен из файла токена, затем перевод строки) до любого сообщения LSP.
    Без него соединение получает одно сообщение об ошибке JSON-RPC (id null,
    код -32001) и закрывается. `--connect tcp://HOST:PORT --token-file FILE`
    делает это за редактор.

    Код возврата: 0 после `shutdown` и затем `exit`; 1 после `exit` без
    `shutdown` или при потере соединения с демоном; 2 при неверном вызове.
help-daemon = Обслуживать сеансы LSP на Unix-сокете (в Windows — на именованном канале), по сеансу на соединение, с общей работой над файлами одних и тех же папок: один демон на пользователя, к нему подключается `boardls lsp --connect`
help-daemon-socket = Сокет (по умолчанию — свой для каждого пользователя и сборки, в $XDG_RUNTIME_DIR/boardls/ или $TMPDIR/boardls-UID/); в Windows — имя NAME именованного канала (по умолчанию boardls-USER-VERSION-BUILD)
help-daemon-idle-timeout = Завершиться, если SECS секунд нет ни одного сеанса (0 — никогда)
help-daemon-more =
    Папка сокета должна принадлежать пользователю, не быть символической
    ссылкой и не давать прав группе и остальным (отсутствующая создаётся с
    правами 0700); сокет создаётся с правами 0600 и проверяется так же; всё
    остальное отвергается. Устаревший сокет (его демон был убит) заменяется.
    Один демон на сокет: он держит блокировку SOCKET.lock. Если сеансов нет
    дольше тайм-аута простоя или пришёл SIGTERM, демон удаляет свой сокет и
    завершается с кодом 0.

    В Windows демон слушает именованный канал, доступный только его
    пользователю; пока он работает, второй сервер с тем же именем не
    запустится. Его журнал пишется в папку boardls в %LOCALAPPDATA%.
help-solve = Работать как судья: прочитать входные данные судьи из stdin и вывести его ответ
help-check = Вывести все диагностики всех файлов позиций в путях PATH
help-check-output-format = Как выводить найденное [по умолчанию: full в терминале, иначе concise]
help-check-format = Прежнее имя --output-format с теми же значениями, только `json` — это json-lines (по объекту на строку, как он печатал всегда), и ещё `text` вместо concise
help-check-color = Когда раскрашивать формат full
help-color-auto = В терминале, если не задан NO_COLOR; CLICOLOR_FORCE=1 включает цвет всегда
help-check-profile = Также проверить каждый файл на гарантии условия задачи: cf907b, hdu5546, gcj2013a-small или gcj2013a-large
help-check-coverage = Вместо диагностик — таблица ситуаций судьи, которые встречаются в файлах (код возврата — как у check)
help-format-full = Фрагменты кода и итоговая строка
help-format-concise = По строке на диагностику
help-format-json = Один массив JSON
help-format-json-lines = По объекту JSON на строку
help-format-github = Команды GitHub Actions
help-format-sarif = SARIF 2.1.0
help-format-text = `concise` (прежнее имя)
help-check-more =
    Форматы вывода:
      full        фрагменты кода (как у rustc) и итоговая строка
                  `N ошибок, M предупреждений в K файлах`; по умолчанию, если
                  stdout — терминал
      concise     `path:line:col: severity[code]: message`, нумерация с 1,
                  столбец в символах; по умолчанию в остальных случаях
                  (каналы, файлы)
      json        один массив JSON из объектов {"{"}path, range, severity, code,
                  message, related{"}"}, диапазоны LSP с отсчётом от 0 (UTF-16)
      json-lines  те же объекты, по одному на строку
      github      команды GitHub Actions (`::error file=…,line=…`)
      sarif       журнал SARIF 2.1.0, по правилу на каждый код диагностики

    --format — прежнее написание: `--format text` — это concise, а `--format
    json` — json-lines, как они печатали всегда.

    Цвет (только full): --color auto раскрашивает вывод, если stdout —
    терминал и не задан NO_COLOR; CLICOLOR_FORCE=1 включает цвет всегда.

    Код возврата: 0 — ошибок нет, 1 — найдены ошибки, 2 — неверный вызов или
    нечитаемый путь (остальные файлы всё равно проверяются).
help-stress = Запустить решение на сгенерированных входах, сверить его вывод с ответом судьи и уменьшить первый провал до 1-минимального входа
help-stress-profile = Гарантии условия, которые соблюдает каждый вход [по умолчанию: cf907b, hdu5546 или gcj2013a-large, по GAME]
help-stress-seed = Seed для входов [по умолчанию: от часов; печатается]
help-stress-count = Сколько входов [по умолчанию: 1000, если не задан --duration]
help-stress-duration = Сколько времени работать, например 30s или 2m
help-stress-jobs = Сколько решений запускать одновременно [по умолчанию: число ядер]
help-stress-time-limit = Ограничение времени на один запуск, например 500ms или 2s
help-stress-out = Куда записать NAME.in, NAME.ans и NAME.out уменьшенного провала
help-stress-command = Решение и его аргументы, после `--`
help-stress-more =
    Каждый вход строится из seed и своего номера так, чтобы равномерно покрыть
    ситуации судьи (те, что перечисляет `check --coverage`), и соблюдает
    гарантии профиля. Решение читает его из stdin в собственной группе
    процессов; его вывод сравнивается с ответом судьи так же, как это делает
    чекер задачи (пробелы в конце строк и пустые строки не учитываются).
    Падение, ненулевой код возврата, превышение времени (убивается вся группа
    процессов) и неверный формат вывода так и называются.

    Первый провал уменьшается, пока он воспроизводится (меньше тестов, затем
    меньше камней, фишек и знаков, затем более простые клетки), и
    записывается в DIR как NAME.in (ровно то, что читает судья), NAME.ans
    (ответ судьи) и NAME.out (вывод решения). Ctrl-C останавливает прогон и
    сохраняет найденное.

    Код возврата: 1 — найден провал, 0 — провалов нет (печатается, сколько
    входов и тестов проверено), 2 — неверный вызов или команду нельзя
    запустить, 130 — прервано, ничего не найдено.
help-fmt = Переписать файлы позиций в путях PATH в каноническом виде (как форматирование в сервере); исправляются только ошибки с однозначным исправлением, а файл с любой другой ошибкой остаётся как есть
help-fmt-check = Ничего не записывать; завершиться с кодом 1, если какой-то файл изменился бы
help-bad-duration = ожидалась длительность вроде 500ms, 2s или 1m, а не { $text }
help-bad-seconds = ожидалось число секунд, например 60, а не { $text }
