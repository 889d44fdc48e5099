# Файлы ответов против вывода судьи. `Case #k` — строка судьи, она не
# переводится; в пояснениях это «случай #k».
answer-case-in-input = случай #{ $case } во входных данных
answer-extra-case = Case #{ $case }: во входных данных всего { $cases ->
    [one] { $cases } тест
    [few] { $cases } теста
   *[many] { $cases } тестов
}
answer-expected-case-line = ожидалась строка `Case #{ $case }: …`, а найдено `{ $text }`
answer-expected-case-line-blank = ожидалась строка `Case #{ $case }: …`, а найдена пустая строка
answer-case-number = здесь ожидался Case #{ $case }, а найден Case #{ $found }
answer-fix-renumber = Перенумеровать в Case #{ $case }
answer-not-a-verdict = Case #{ $case }: `{ $verdict }` — не вердикт (ожидался { $expected })
answer-either = { $first } или { $rest }
answer-wrong = Case #{ $case }: судья отвечает `{ $judge }`, а в файле `{ $verdict }`
answer-fix-replace = Заменить ответом судьи
answer-blank-between-boards = Case #{ $case }: между позициями должна быть пустая строка
answer-blank-between-bands = Case #{ $case }: между рядами маленьких полей должна быть пустая строка
answer-expected-row = Case #{ $case }: ожидалась строка { $row } доски (`ccc ccc ccc`, клетки `x`, `o`, `.`, `!`), а найдено `{ $text }`
answer-expected-row-blank = Case #{ $case }: ожидалась строка { $row } доски (`ccc ccc ccc`, клетки `x`, `o`, `.`, `!`), а найдена пустая строка
answer-wrong-row = Case #{ $case }, строка { $row }: у судьи `{ $judge }`, а в файле `{ $text }`
answer-missing-case = нет Case #{ $case }
answer-missing-cases = нет случаев с Case #{ $first } по #{ $last }
answer-fix-write-missing = Дописать ответы судьи на недостающие тесты
answer-no-input = рядом с этим файлом ответов нет входного файла (файлы ответов называются { $names })
answer-unjudged = на доске есть ошибки
