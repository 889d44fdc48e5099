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
fmt-not-formatted = 未格式化：{ $why }
fmt-summary = 已重新格式化 { $changed } 个文件，{ $unchanged } 个已是规范格式，{ $refused } 个未格式化
fmt-summary-check = { $changed } 个文件需要重新格式化，{ $unchanged } 个已是规范格式，{ $refused } 个未格式化

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

## `boardls --help`（clap 自己的用语，如 `Usage:`，保持原样）。

# clap's own words (English keeps clap's; these are for the others).
help-usage = 用法：{ $usage }
help-commands-heading = 命令：
help-arguments-heading = 参数：
help-options-heading = 选项：
help-flag-help = 显示帮助
help-flag-version = 显示版本
help-about = 超级井字棋、Ancient Go（古代围棋）和 Tomek 井字棋棋盘文件的语言服务器与命令行评测程序
help-locale = 消息语言：en、ru 或 zh-CN（默认取编辑器的语言，或 LC_ALL、LC_MESSAGES、LANG）。供脚本读取的格式始终为英文
help-lsp = 运行语言服务器（默认）：通过 stdio 使用 LSP 3.17；加 --listen 时通过 TCP（每个连接一个会话）；加 --connect 时转发给当前用户的守护进程
help-lsp-listen = 在此地址上接受 TCP 连接，而不是使用 stdio；每个连接都必须先出示令牌
help-lsp-allow-remote = 允许 --listen 使用非回环地址
help-lsp-connect = 将 stdio 接到守护进程：`auto`（当前用户的套接字，守护进程不存在时自动启动）、套接字路径 PATH（Windows 上为命名管道名）或 tcp://HOST:PORT
help-lsp-token-file = 令牌：与 --listen 一起使用时从 FILE 读取（FILE 不存在时写入一个新的随机令牌；不加此选项时写入一个新文件并打印其路径）；与 --connect tcp://… 一起使用时为要出示的令牌
help-lsp-more =
    TCP 令牌：连接到 `--listen` 的客户端必须在发送任何 LSP 消息之前，先把令牌
    作为第一行发送（令牌文件中的令牌，后跟换行）。否则该连接会收到一条
    JSON-RPC 错误消息（id 为 null，code 为 -32001）并被关闭。
    `--connect tcp://HOST:PORT --token-file FILE` 会替编辑器完成这一步。

    退出码：先 `shutdown` 再 `exit` 时为 0；未 `shutdown` 就 `exit`，或与守护
    进程的连接断开时为 1；用法错误时为 2。
help-daemon = 在 Unix 套接字（Windows 上为命名管道）上提供 LSP 会话，每个连接一个会话，同一文件夹中的文件只处理一次：每个用户一个守护进程，通过 `boardls lsp --connect` 连接
help-daemon-socket = 套接字（默认按用户和构建区分，位于 $XDG_RUNTIME_DIR/boardls/ 或 $TMPDIR/boardls-UID/ 下）；Windows 上为命名管道的名称 NAME（默认 boardls-USER-VERSION-BUILD）
help-daemon-idle-timeout = 没有会话达 SECS 秒后退出（0 表示永不退出）
help-daemon-more =
    套接字所在目录必须属于当前用户，不能是符号链接，且组和其他用户没有任何
    权限（不存在时以 0700 创建）；套接字以 0600 创建并做同样的检查；否则一律
    拒绝。过期的套接字（其守护进程已被杀死）会被替换。每个套接字只有一个守护
    进程：它持有 SOCKET.lock 上的锁。在空闲超时内没有会话，或收到 SIGTERM
    时，它会删除自己的套接字并以状态 0 退出。

    在 Windows 上，守护进程监听一个只允许其所属用户访问的命名管道；它运行
    期间，同名的第二个服务器会被拒绝。日志写在 %LOCALAPPDATA% 下的 boardls
    文件夹中。
help-solve = 充当评测程序：从 stdin 读取评测输入，输出评测结果
help-check = 输出 PATH 下所有棋盘文件的全部诊断信息
help-check-output-format = 输出格式 [默认：在终端中为 full，否则为 concise]
help-check-format = --output-format 的旧名称，取值相同，但 `json` 表示 json-lines（每行一个对象，与以往的输出一致），另有 `text` 表示 concise
help-check-color = 何时为 full 格式着色
help-color-auto = 在终端中着色，除非设置了 NO_COLOR；CLICOLOR_FORCE=1 强制着色
help-check-profile = 同时检查每个文件是否满足评测配置中题面的保证：cf907b、hdu5546、gcj2013a-small 或 gcj2013a-large
help-check-coverage = 不输出诊断，而是列出这些文件覆盖了评测程序的哪些情形（退出码仍与 check 相同）
help-format-full = 代码片段和汇总行
help-format-concise = 每条诊断一行
help-format-json = 一个 JSON 数组
help-format-json-lines = 每行一个 JSON 对象
help-format-github = GitHub Actions 工作流命令
help-format-sarif = SARIF 2.1.0
help-format-text = `concise`（旧名称）
help-check-more =
    输出格式：
      full        代码片段（rustc 风格）和汇总行“K 个文件中有 N 个错误、M 个警告”；
                  stdout 为终端时的默认格式
      concise     `path:line:col: severity[code]: message`，行列从 1 开始，列按
                  字符计；其他情况（管道、文件）下的默认格式
      json        一个 JSON 数组，元素为对象 {"{"}path, range, severity, code,
                  message, related{"}"}，range 为从 0 开始的 LSP 范围（UTF-16）
      json-lines  相同的对象，每行一个
      github      GitHub Actions 工作流命令（`::error file=…,line=…`）
      sarif       SARIF 2.1.0 日志，每个诊断代码一条规则

    --format 是旧写法：`--format text` 即 concise，`--format json` 即
    json-lines，与以往的输出一致。

    颜色（仅 full）：--color auto 在 stdout 为终端且未设置 NO_COLOR 时着色；
    CLICOLOR_FORCE=1 强制着色。

    退出码：0 没有发现错误，1 发现了错误，2 用法错误或路径无法读取（其余文件
    仍会检查）。
help-stress = 在生成的输入上运行程序，与评测程序对拍，并把第一个出错的输入缩小到 1-极小
help-stress-profile = 每个输入都满足的题面保证 [默认：按 GAME 取 cf907b、hdu5546 或 gcj2013a-large]
help-stress-seed = 生成输入的种子 [默认：取自时钟；会打印出来]
help-stress-count = 输入的个数 [默认：1000，除非指定了 --duration]
help-stress-duration = 运行多长时间，例如 30s 或 2m
help-stress-jobs = 同时运行的程序个数 [默认：CPU 核数]
help-stress-time-limit = 单次运行的时间限制，例如 500ms 或 2s
help-stress-out = 缩小后出错输入的 NAME.in、NAME.ans 和 NAME.out 的存放位置
help-stress-command = 程序及其参数，写在 `--` 之后
help-stress-more =
    每个输入由种子和它的编号生成，均匀覆盖评测程序的各种情形（即
    `check --coverage` 列出的那些），并满足评测配置的保证。程序在自己的进程组
    中从 stdin 读取输入；其输出按题目检查器的方式与评测程序的输出比较（忽略
    行末空白和空行）。崩溃、非零退出、超时（整个进程组会被杀死）和输出格式
    错误都会如实报告。

    第一个出错的输入会在错误仍然出现的前提下不断缩小（先减少测试用例，再减少
    棋子和标记，再把格子变简单），并以 NAME.in（评测程序读取的原样输入）、
    NAME.ans（评测程序的答案）和 NAME.out（程序的输出）写入 DIR。Ctrl-C 会
    停止运行并保留已找到的结果。

    退出码：1 发现错误，0 未发现错误（会打印尝试过的输入和测试用例数），2 用法
    错误或命令无法运行，130 被中断且未发现错误。
help-fmt = 把 PATH 下的棋盘文件改写为规范格式（与服务器的格式化相同）；只修正能确定如何修正的错误，含有其他错误的文件保持不变
help-fmt-check = 不写入任何文件；若有文件需要修改，以状态 1 退出
help-bad-duration = 应为时长，例如 500ms、2s 或 1m，而不是 { $text }
help-bad-seconds = 应为秒数，例如 60，而不是 { $text }
