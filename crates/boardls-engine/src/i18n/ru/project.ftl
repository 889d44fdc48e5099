# boardls.toml. Ключи, значения и шаблоны — как в файле.
project-unreadable = не удаётся прочитать boardls.toml: { $reason }
project-invalid-toml = boardls.toml — некорректный TOML: { $reason }
project-unknown-key = неизвестный ключ `{ $key }` (известные: { $known })
project-not-table = ключ `{ $key }` должен быть таблицей
project-must-be-bool = значение `{ $key }` должно быть true или false
project-must-be-count = значение `{ $key }` должно быть целым числом не меньше 0
project-must-be-one-of = значение `{ $key }` должно быть одним из: { $values }
project-must-be-string = значение `{ $key }` должно быть строкой
project-invalid-glob = `{ $glob }` — некорректный glob-шаблон: { $reason }
project-globs-table = ключ `{ $key }` должен быть таблицей glob-шаблонов (`{ $example }`)
project-glob-game = значение `{ $glob }` в [{ $table }] должно быть "uttt", "go9" или "tomek"
project-glob-profile = значение `{ $glob }` в [{ $table }] должно быть одним из: { $values }
project-glob-string = значение `{ $glob }` в [{ $table }] должно быть строкой
project-globs-array = ключ `{ $key }` должен быть массивом glob-шаблонов, например "invalid/**"
project-globs-strings = ключ `{ $key }` должен содержать только строки (glob-шаблоны)
project-names-array = ключ `{ $key }` должен быть массивом имён, например "{ "{stem}" }.out"
project-answer-name = имя файла ответов должно содержать `{ "{stem}" }` или `{ "{name}" }` ровно один раз и не содержать `/`
