# boardls.toml. `key` is a dotted key (inlayHints.enable), `glob` a glob
# as written, `table` a table's name (files), `values` and `known` lists
# of values or keys as TOML writes them; `reason` is another program's
# error (the system's, the TOML parser's, the glob compiler's).
project-unreadable = cannot read boardls.toml: { $reason }
project-invalid-toml = boardls.toml is not valid TOML: { $reason }
project-unknown-key = unknown key `{ $key }` (known: { $known })
project-not-table = `{ $key }` must be a table
project-must-be-bool = `{ $key }` must be true or false
project-must-be-count = `{ $key }` must be a whole number of 0 or more
project-must-be-one-of = `{ $key }` must be one of { $values }
project-must-be-string = `{ $key }` must be a string
project-invalid-glob = `{ $glob }` is not a valid glob: { $reason }
# `example`: a line of such a table.
project-globs-table = `{ $key }` must be a table of globs (`{ $example }`)
project-glob-game = `{ $glob }` in [{ $table }] must be "uttt", "go9" or "tomek"
project-glob-profile = `{ $glob }` in [{ $table }] must be one of { $values }
project-glob-string = `{ $glob }` in [{ $table }] must be a string
project-globs-array = `{ $key }` must be an array of globs such as "invalid/**"
project-globs-strings = `{ $key }` must hold strings (globs)
project-names-array = `{ $key }` must be an array of names such as "{ "{stem}" }.out"
project-answer-name = an answer name must hold `{ "{stem}" }` or `{ "{name}" }` once, and no `/`
