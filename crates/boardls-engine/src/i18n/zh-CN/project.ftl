# boardls.toml。键、值和 glob 保持文件中的原样。
project-unreadable = 无法读取 boardls.toml：{ $reason }
project-invalid-toml = boardls.toml 不是有效的 TOML：{ $reason }
project-unknown-key = 未知的键 `{ $key }`（可用的键：{ $known }）
project-not-table = `{ $key }` 必须是表
project-must-be-bool = `{ $key }` 必须是 true 或 false
project-must-be-count = `{ $key }` 必须是不小于 0 的整数
project-must-be-one-of = `{ $key }` 必须是以下之一：{ $values }
project-must-be-string = `{ $key }` 必须是字符串
project-invalid-glob = `{ $glob }` 不是有效的 glob：{ $reason }
project-globs-table = `{ $key }` 必须是 glob 表（`{ $example }`）
project-glob-game = [{ $table }] 中 `{ $glob }` 的值必须是 "uttt"、"go9" 或 "tomek"
project-glob-profile = [{ $table }] 中 `{ $glob }` 的值必须是以下之一：{ $values }
project-glob-string = [{ $table }] 中 `{ $glob }` 的值必须是字符串
project-globs-array = `{ $key }` 必须是 glob 数组，例如 "invalid/**"
project-globs-strings = `{ $key }` 只能包含字符串（glob）
project-names-array = `{ $key }` 必须是文件名数组，例如 "{ "{stem}" }.out"
project-answer-name = 答案文件名必须恰好包含一次 `{ "{stem}" }` 或 `{ "{name}" }`，且不能包含 `/`
