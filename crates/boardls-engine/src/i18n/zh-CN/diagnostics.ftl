# 棋局文件解析的信息：诊断、相关位置、修复与局面的判定结果。术语见 GLOSSARY.md。

## 三种格式共用

uttt-cells = `x`、`o`、`.` 或 `!`
go9-cells = `x`、`o` 或 `.`
tomek-cells = `X`、`O`、`T` 或 `.`

# 出现在错误位置的字符（接在“实际为”之后）。
syntax-a-space = 空格
syntax-a-tab = 制表符
syntax-char = 字符 `{ $char }`

syntax-bad-cell = 应为 { $expected }，实际为{ $found }
syntax-fix-replace = 将 `{ $found }` 替换为 `{ $right }`

syntax-blank-after-board = 棋盘第 { $rows } 行之后应有一个空行
syntax-missing-rows = 棋盘有 { $rows } 行，应为 { $expected } 行
syntax-row-cells = 第 { $row } 行有 { $cells } 个格子，应为 { $expected } 个

# 裁判的判定行，不翻译。
syntax-verdict = { $verdict }

## 整个文件

file-count-too-large = 数量行中的数字过大
file-no-positions = 文件中没有任何局面；至少应有一个
file-no-boards = 文件中没有任何局面；至少应有一个
# 中文无复数变化：`count` 只用于选择，显示的是原样写出的 `count_text`。
file-count-mismatch = 数量行写的是 { $count ->
   *[other] { $count_text }
} 个局面，但文件中有 { $boards } 个
file-fix-count = 将数量改为 { $boards }
file-invalid-utf8 = 文件不是有效的 UTF-8：偏移 { $offset } 处（第 { $line } 行）的字节 { $byte } 不能构成字符

## .uttt（“段”：空行之间的三行棋盘）

uttt-rows-before-last-move = 最后一手坐标行之前应有 9 行（三段，每段三行），实际为 { $rows } 行
uttt-blank-between-positions = 局面之间应有一个空行
uttt-blank-between-bands = 第 { $band } 段与第 { $next } 段之间应有一个空行
uttt-missing-last-move = 第 9 行之后应有最后一手坐标行 `x y`
uttt-missing-last-move-end = 局面应以最后一手坐标行 `x y` 结束
uttt-short-band = 第 { $band } 段有 { $rows } 行，应为 3 行
uttt-blank-before-last-move = 最后一手坐标行之前有多余的空行
uttt-blank-lines-between-bands = 段与段之间应只有一个空行，实际有多个
uttt-missing-bands = 应有三段，每段三行，实际为 { $bands } 段
uttt-extra-row = 多余的行：棋盘已有 9 行
uttt-extra-row-in-band = 多余的行：第 { $band } 段已有 3 行
uttt-leading-blank = 第 { $band } 段第 { $row } 行开头有多余的空白
uttt-too-many-groups = 第 { $band } 段第 { $row } 行有 { $groups } 组格子，应为 3 组
uttt-group-cells = 第 { $band } 段第 { $row } 行的第 { $group } 组有 { $cells } 个格子，应为 3 个
uttt-too-few-groups = 第 { $band } 段第 { $row } 行有 { $groups } 组格子，应为 3 组，每组 3 个，以空格分隔
uttt-separator = 格子组之间应为一个空格，实际为{ $found }
uttt-spaces = 连续 { $spaces } 个空格
uttt-tabs = 制表符
uttt-missing-column = 行号之后应有列号：最后一手坐标行的格式为 `x y`
uttt-text-after-last-move = 最后一手坐标行 `x y` 之后有多余的文字
uttt-bad-row-number = 应为 1 到 9 的行号，实际为 `{ $found }`
uttt-bad-column-number = 应为 1 到 9 的列号，实际为 `{ $found }`
uttt-empty-last-move = 最后一手 `{ $row } { $column }` 指向一个空格子；该格子应有刚落下的棋子
uttt-empty-cell = 此格子为空
uttt-no-empty-cell = 棋盘上没有空格子，因此没有下一手
uttt-wrong-marker = `!` 标记的格子不是合法落子
uttt-missing-marker = 合法落子未用 `!` 标记
uttt-fix-mark = 用 `!` 标记
uttt-to-move = 轮到 { $player } 落子：{ $moves } 个合法落子
uttt-legal-moves = { $moves } 个合法落子

## .go9

go9-killable = x 在此落子可提掉 { $stones } 颗 o 子：这是该棋块的最后一口气
go9-dead-group = 这块 { $colour } 棋（{ $stones } 颗棋子）没有气，因此该局面不可能在对局中出现
go9-atari = 这块 x 棋（{ $stones } 颗棋子）只剩一口气，被打吃：o 可在第 { $row } 行第 { $column } 列提掉它
go9-last-liberty = 最后一口气
go9-captured-stone = 被提的棋子：第 { $row } 行第 { $column } 列
go9-captured-stone-more = 被提的棋子：第 { $row } 行第 { $column } 列（另有 { $more } 颗）
go9-group-stone = 该棋块的棋子：第 { $row } 行第 { $column } 列
go9-group-stone-more = 该棋块的棋子：第 { $row } 行第 { $column } 列（另有 { $more } 颗）

## .tomek

tomek-extra-t = 棋盘上有 { $count } 个 `T` 格子；一个棋盘最多只能有一个
tomek-first-t = 第一个 `T`
tomek-two-winners = X 和 O 都有获胜的连线，真实对局不会出现这种情况；评测程序输出“{ $verdict }”
tomek-wins-row = { $player } 以第 { $row } 行获胜
tomek-wins-column = { $player } 以第 { $column } 列获胜
tomek-wins-diagonal = { $player } 以主对角线获胜
tomek-wins-anti-diagonal = { $player } 以副对角线获胜

## 格式化（`textDocument/formatting`、`boardls fmt`）

format-refused = 第 { $line } 行第 { $column } 列：{ $error }（{ $code }）；格式化只修正字母大小写、数量行、空白和空行，因此在此错误修正之前不会做任何更改
format-unsafe-error = 格式化后的文本会出现错误（{ $code }：{ $error }），因此不予输出（这是 boardls 的缺陷）
format-unsafe-count = 格式化后的文本局面数量会改变，因此不予输出（这是 boardls 的缺陷）
format-unsafe-position = 格式化后第 { $line } 行的局面会被读成别的内容，因此不予输出（这是 boardls 的缺陷）
