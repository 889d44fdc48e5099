# Профили судей: гарантия условия, которую нарушает файл, с цитатой из
# условия. Условие 907B цитируется по-русски (оно есть на русском),
# условия HDU 5546 и GCJ — в оригинале.
profile-accepted-invalid = тест с некорректными входными данными, а { $profile } его принимает: такой тест должен нарушать одну из гарантий условия
profile-wrong-game = файл .{ $kind }, а { $profile } — профиль для файлов .{ $game }
profile-comment = строка-комментарий, а судья { $profile } читает каждую строку как входные данные
profile-missing-count = нет строки с количеством, а { $profile } гарантирует: «The first line of the input gives the number of test cases, T»
profile-count-range = T = { $count }, а { $profile } гарантирует { $low } ≤ T ≤ { $high }
profile-count-too-large = T — слишком большое число, а { $profile } гарантирует { $low } ≤ T ≤ { $high }
profile-one-position = вторая позиция, а cf907b читает одну: «В первых 11 строках вам задана таблица 9 на 9», затем «После таблицы в единственной строке записаны два целых числа x и y»
profile-marker = `!` во входных данных, а в cf907b «Символ „x“ … „o“ … символ „.“ (ASCII-код 46) обозначает пустую клетку»: `!` бывает только в выводе
profile-empty-last-move = клетка последнего хода пуста, а cf907b гарантирует: «в клетке, в которую был совершен последний ход находится либо символ „x“, либо символ „o“»
profile-no-empty-cell = нет ни одной пустой клетки, а cf907b гарантирует: «существует хотя бы одна свободная клетка»
profile-extra-t = второй `T`, а { $profile } гарантирует: «a single 'T' may appear, in one of the 16 squares»
profile-unreachable = { $why }, а { $profile } гарантирует: «the board is a valid state reached through play of the game»

profile-unreachable-counts = у X { $x ->
    [one] { $x } знак
    [few] { $x } знака
   *[many] { $x } знаков
}, у O { $o ->
    [one] { $o } знак
    [few] { $o } знака
   *[many] { $o } знаков
}, но X ходит первым и игроки ходят по очереди, поэтому знаков X столько же, сколько O, или на один больше
profile-unreachable-both-won = выигрышная линия есть и у X, и у O, но игра заканчивается при первой же победе
profile-unreachable-winner-did-not-move-last = { $winner } выиграл, но у X { $x ->
    [one] { $x } знак
    [few] { $x } знака
   *[many] { $x } знаков
}, у O { $o ->
    [one] { $o } знак
    [few] { $o } знака
   *[many] { $o } знаков
}, значит, последним ходил { $other }; игра же заканчивается тем ходом, который приносит победу
profile-unreachable-won-twice = у { $winner } две выигрышные линии ({ $first } и { $second }), и ни один ход не мог завершить обе, но игра заканчивается при первой же победе

profile-line-row = строка { $n }
profile-line-column = столбец { $n }
profile-line-diagonal = главная диагональ
profile-line-anti-diagonal = побочная диагональ
