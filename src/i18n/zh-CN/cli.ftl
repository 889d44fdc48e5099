## `check` 的 full 格式（其余格式始终为英文）。

check-more-related = 另有 { $n } 处相关位置
check-level-error = 错误
check-level-warning = 警告
check-level-info = 信息
check-level-note = 附注
check-level-help = 提示
check-summary = { $files } 个文件中有 { $errors } 个错误、{ $warnings } 个警告
check-summary-and-information = { $summary }（另有 { $information } 条信息）
check-coverage-errors = 发现 { $errors } 个错误（不带 --coverage 运行 `boardls check` 即可查看）

## `check --coverage` 的表格（JSON 保持英文）。

coverage-heading = { $game } — { $files } 个文件，共 { $cases } 组测试用例
coverage-first = { $path }:{ $line }（第 { $case } 组）
coverage-not-reached = 未覆盖（{ $n }）：
coverage-no-board-file = 未找到棋盘文件
# 裁判的判定（`X won`、`Draw`、`Can kill in one move` 等）不翻译。
coverage-tomek-x-won = X won：四个 X
coverage-tomek-x-won-with-t = X won：三个 X 加 T
coverage-tomek-o-won = O won：四个 O
coverage-tomek-o-won-with-t = O won：三个 O 加 T
coverage-tomek-draw = Draw：棋盘已满且无人获胜，没有 T
coverage-tomek-draw-with-t = Draw：棋盘已满且无人获胜，有 T
coverage-tomek-not-completed = Game has not completed，没有 T
coverage-tomek-not-completed-with-t = Game has not completed，有 T
coverage-tomek-won-on-full-board = 获胜的一手恰好下满棋盘（不是 Draw）
coverage-tomek-t-on-winning-diagonal = 经过 T 的对角线获胜
coverage-go9-kill = 判定为 Can kill in one move
coverage-go9-no-kill = 判定为 Can not kill in one move
coverage-go9-capture-on-edge = 在边上（非角上）提子
coverage-go9-capture-in-corner = 在角上提子
coverage-go9-two-groups-one-move = 一手提掉两块棋
coverage-go9-capture-without-liberty = 落子处本身无气，但能提子
coverage-go9-dead-o-group = 已经无气的 o 棋块（不算提子）
coverage-uttt-forced-field = 指定小棋盘：最后一手指向的小棋盘
coverage-uttt-forced-own-field = 指定小棋盘：最后一手所在的小棋盘（落在中心格）
coverage-uttt-any-field-full = 任意小棋盘：指定的小棋盘已满
coverage-uttt-any-field-own-full = 任意小棋盘：指定的小棋盘就是最后一手所在的，且已满
coverage-uttt-forced-one-cell = 指定小棋盘只剩一个空格子
coverage-unnamed = { $id }

## `check`、`check --coverage` 和 `fmt` 对路径的说明。

walk-not-a-board-file = 不是棋盘文件（应为扩展名 .uttt、.go9 或 .tomek 的文件、boardls.toml 映射到某个游戏的文件，或答案文件）

## `boardls fmt`。

fmt-reformatted = 已重新格式化 { $path }
fmt-would-reformat = 需要重新格式化 { $path }
fmt-cannot-write = 无法写入：{ $reason }
fmt-not-utf8 = 文件不是有效的 UTF-8
fmt-refusal = 第 { $line } 行，第 { $column } 列：{ $message }（{ $code }）；格式化只修正字母大小写、数量行、空白和空行，因此在这个错误修正之前不会改动文件
fmt-not-formatted = 未格式化：{ $why }
fmt-summary = 已重新格式化 { $changed } 个文件，{ $unchanged } 个已是规范格式，{ $refused } 个未格式化
fmt-summary-check = { $changed } 个文件需要重新格式化，{ $unchanged } 个已是规范格式，{ $refused } 个未格式化
fmt-unsafe = 格式化后的文本会{ $what }，因此不予输出（这是 boardls 的缺陷）
fmt-unsafe-error = 出现错误（{ $code }：{ $message }）
fmt-unsafe-positions = 包含不同数量的局面
fmt-unsafe-position = 让第 { $line } 行的局面读法不同

## `boardls stress`（对拍）。

stress-start = { $game } 与评测程序对拍（{ $profile }），seed { $seed }（用 --seed { $seed } 复现）
stress-cannot-run = 无法运行 { $command }：{ $reason }
stress-wrong-game = { $profile } 是 { $game } 的评测配置，不是 { $other } 的
stress-no-failure = { $inputs } 个输入（{ $cases } 组测试用例）均未发现错误，用时 { $seconds } 秒
stress-interrupted-no-failure = 已中断；{ $inputs } 个输入（{ $cases } 组测试用例）均未发现错误，用时 { $seconds } 秒
stress-failure = seed { $seed } 的第 { $index } 个输入（共运行 { $inputs } 个输入）：{ $title }；已从 { $cases } 组测试用例（{ $weight } 个非空格子）缩小到 { $shrunk_cases } 组（{ $shrunk_weight } 个非空格子），运行 { $runs } 次
stress-interrupted-shrinking = 缩小过程中被中断；这是目前找到的最小输入
stress-cannot-write = 无法写入 { $dir }：{ $reason }
stress-input = --- 输入（{ $path }）
stress-expected = --- 期望输出，即评测程序的答案（{ $path }）
stress-got = --- 实际输出，即程序的输出（{ $path }）
stress-first-difference = --- 第一处不同，第 { $line } 行
stress-expected-line = 期望：{ $text }
stress-got-line = 实际：{ $text }
stress-progress = { $spinner } { $pos }/{ $len } 个输入  { $rate }  { $elapsed }

stress-wrong-answer = 答案错误
stress-bad-output = 输出格式错误：{ $why }
stress-crash = 运行时错误：{ $crash }
stress-exit-status = 非零退出码 { $code }
stress-timeout = 超时：{ $limit } 内没有输出
stress-signal = 被信号 { $signal } 终止
stress-signal-named = 被信号 { $signal }（{ $name }）终止
stress-exception = 异常 { $code }
stress-exception-named = 异常 { $code }（{ $name }）
stress-exception-access-violation = 访问冲突
stress-exception-illegal-instruction = 非法指令
stress-exception-integer-division-by-zero = 整数除以零
stress-exception-integer-overflow = 整数溢出
stress-exception-stack-overflow = 栈溢出
stress-exception-stack-buffer-overrun = 栈缓冲区溢出或 abort
stress-exception-float-division-by-zero = 浮点数除以零
stress-exception-out-of-memory = 内存不足
stress-exception-ctrl-c = Ctrl-C
stress-exception-breakpoint = 断点
stress-output-not-utf8 = 输出不是 UTF-8 文本
stress-lines-for-cases = { $cases } 组测试用例却输出了 { $lines } 行：评测程序要求每组一行 `Case #k: …`
stress-not-a-case-line = 第 { $line } 行：`{ $text }` 不是 `{ $prefix }` 加上 { $verdicts } 之一
stress-not-nine-rows = 输出了 { $lines } 行，而评测程序要求输出棋盘的 9 行
stress-not-a-row = 第 { $row } 行：`{ $text }` 不是由 `x`、`o`、`.`、`!` 组成的三组三个字符
