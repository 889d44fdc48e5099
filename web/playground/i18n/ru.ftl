# Слова самой песочницы (web/playground/); термины — как в
# src/i18n/ru/GLOSSARY.md. Строки вердиктов судей не переводятся.

page-title = Песочница boardls
page-heading = Песочница boardls
game-label = Игра
game-uttt = Крестики-нолики на девяти полях (.uttt, Codeforces 907B)
game-go9 = Древнее го (.go9, HDU 5546)
game-tomek = Tic-Tac-Toe-Tomek (.tomek, GCJ 2013)
example-button = Пример
    .title = Вернуть в редактор пример из условия
fill-button = Отметить !
    .title = Поставить отметки ! на все допустимые ходы
format-button = Форматировать
share-button = Поделиться
    .title = Записать позицию в ссылку и скопировать её
language-label = Язык
theme-button = Тёмная тема
link-label = Ссылка
editor-label = Файл позиций
verdicts-heading = Вердикты
hints-heading = В редакторе
problems-heading = Проблемы
picture-heading = Рисунок
picture-empty = Наведите указатель на клетку или поставьте на неё курсор, и здесь появится рисунок позиции.
picture-alt = Позиция под курсором
footer = Всё работает в этой странице: позицию проверяет boardls, скомпилированный в WebAssembly, и ничего никуда не отправляется.

status-starting = запуск…
status-ready = { $server } готов
status-stopped = остановлен

severity-error = ошибка
severity-warning = предупреждение
severity-info = сведения
severity-hint = подсказка

checker-cannot-start = Проверка не запустилась ({ $reason }): откройте страницу по http, например через python3 -m http.server -d dist/web.
checker-stopped-often = Проверка остановилась на этом тексте { $times } раза подряд ({ $reason }). Текст сохранён; проверка запустится снова при следующей правке.
checker-restarted = Проверка остановилась ({ $reason }). Она запущена заново с вашим текстом, текст сохранён.
editor-not-loaded = Не удалось загрузить редактор; перезагрузите страницу.
format-failed = Не удалось отформатировать: { $reason }
already-formatted = Позиция уже отформатирована.
fill-failed = Не удалось поставить отметки !: { $reason }
already-filled = Все допустимые ходы уже отмечены !, или их нет.
share-failed = Не удалось поделиться: { $reason }
link-copied = Ссылка скопирована. Вся позиция записана в самом адресе; ничего не загружено.
link-in-address-bar = Ссылка в адресной строке и ниже; ничего не загружено.
share-too-big = Позиция слишком велика для ссылки: { $size } КБ в закодированном виде, а ссылка вмещает не больше { $limit } КБ. Поделитесь самим файлом.

link-example-instead = { $problem } Вместо неё показан пример.
link-board-kept = { $problem } Позиция в редакторе оставлена как есть.
link-unreadable = Эту ссылку не удалось прочитать.
link-other-version = Формат этой ссылки ({ $version }) песочница не читает (она читает { $supported }).
link-damaged-shape = Ссылка повреждена: она не имеет вида { $form }.
link-unknown-game = В ссылке игра, которой песочница не знает: { $game }.
link-over-limit = Позиция в ссылке больше { $limit } КБ в закодированном виде — больше, чем вмещает ссылка.
link-damaged-characters = Ссылка повреждена: в позиции есть символы, которых нет в base64url.
link-damaged-base64 = Ссылка повреждена: позиция в ней — не корректный base64url.
link-damaged-unpack = Ссылка повреждена: позиция в ней не распаковывается.
link-too-large = Позиция из ссылки после распаковки больше { $limit } МБ — больше, чем открывает песочница.
link-damaged-utf8 = Ссылка повреждена: позиция в ней — не текст в UTF-8.
