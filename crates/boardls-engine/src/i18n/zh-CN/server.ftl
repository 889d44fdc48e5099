disk-more-diagnostics = 此文件另有 { $n } 条诊断信息；打开文件即可全部查看
disk-judge-failed = boardls 检查此文件时出错；请报告此问题
disk-unreadable = boardls 无法读取此文件：{ $reason }
disk-too-large = 此文件过大，无法检查（{ $mebibytes } MiB；上限为 { $limit } MiB）

## 提示与悬停说明中的格子和小棋盘。

board-cell = 第 { $row } 行第 { $column } 列
board-at-cell = 在第 { $row } 行第 { $column } 列
# `.uttt` 的小棋盘，后接“小棋盘”。
board-field-top-left = 左上
board-field-top = 上方
board-field-top-right = 右上
board-field-left = 左侧
board-field-centre = 中央
board-field-right = 右侧
board-field-bottom-left = 左下
board-field-bottom = 下方
board-field-bottom-right = 右下
# 裁判的判定行保持原样。
board-judge-line = { $verdict }
board-uttt-to-move = 轮到 { $player }：{ $n } 个合法落子
board-uttt-legal-moves = { $n } 个合法落子
board-incomplete = 局面不完整
board-unreadable = 无法完整读取此局面；请查看其中的错误。

## 悬停说明。

hover-case-heading = **第 { $case } 组**
hover-empty = `.`：空
hover-go9-black-stone = `{ $stone }`：黑子，轮到黑方
hover-go9-white-stone = `{ $stone }`：白子
hover-go9-captures = x 在此落子可提掉 { $n } 颗 o 子：{ $cells }。
hover-go9-captures-nothing = x 在此落子提不掉任何子。
hover-go9-loses = 之后 x 自己有 { $n } 颗子没有气：{ $cells }。
hover-go9-group = 这块 { $colour } 棋共 { $n } 颗子：{ $cells }。
hover-go9-dead = 无气：这块棋已是死棋（对局中不会出现）。
hover-go9-liberties = 共 { $n } 口气：{ $cells }。
hover-go9-x-captures-it = x { $at }落子即可提掉这块棋。
hover-go9-in-atari = 被打吃：o { $at }落子即可提掉这块棋。
hover-go9-kill-item = x { $at }落子可提掉 { $n } 颗 o 子
hover-go9-no-kill = 没有只剩一口气的 o 棋块。
hover-tomek-mark = `{ $mark }`：{ $mark } 的棋子
hover-tomek-joker = `T`：万能子，同时算作双方的棋子
hover-tomek-row = 第 { $row } 行
hover-tomek-column = 第 { $column } 列
hover-tomek-diagonal = 左上到右下的对角线
hover-tomek-anti-diagonal = 右上到左下的对角线
hover-tomek-verdict = 判定结果：**{ $verdict }**。
hover-tomek-win = { $player } 在{ $line }上连成一线获胜：{ $cells }。
hover-tomek-win-through-here = { $player } 在{ $line }上连成一线获胜：{ $cells }（经过此格）。
hover-tomek-both-won = 双方都连成了一线，这在对局中不会出现；评测程序判 X 获胜。
hover-uttt-chip = `{ $chip }`：{ $chip } 的棋子
hover-uttt-marked = `!`：空格，标记为合法落子
hover-uttt-player = { $player }
hover-uttt-next-player = 下一方
hover-uttt-taken = 不是合法落子：此格已被占。
hover-uttt-taken-by-last-move = 不是合法落子：此格已被占（最后一手下在这里）。
hover-uttt-legal-anywhere = **合法**落子（{ $player }）：最后一手指向{ $target }小棋盘，但它已下满，因此任何空格都合法。
hover-uttt-legal = **合法**落子（{ $player }）：此格位于{ $target }小棋盘，最后一手{ $last }正指向这里。
hover-uttt-not-legal = **不合法**：这是{ $field }小棋盘，但最后一手{ $last }指向{ $target }小棋盘，而那里还有空格。
hover-uttt-wrong-marker = 此处的 `!` 有误：应为 `.`。
hover-uttt-to-move = 轮到 { $player }
hover-uttt-nobody-to-move = 无人落子（最后一手所在的格子是空的）
hover-uttt-reason = 最后一手{ $last }：{ $to_move }。下一枚棋子须下在{ $field }小棋盘：{ $n } 个合法落子。
hover-uttt-reason-anywhere = 最后一手{ $last }：{ $to_move }。它指向{ $field }小棋盘，但该小棋盘已下满，因此任何空格都合法：{ $n } 个合法落子。
hover-answer-board = **第 { $case } 组**：评测程序输出的棋盘
hover-answer-line = **第 { $case } 组**：评测程序输出 `{ $line }`

## 行尾提示：简短，写在 `#` 之后。

hint-legal = 合法：{ $columns }
hint-legal-tooltip = { $player } 在第 { $row } 行的 { $n } 个合法落子：{ $cells }
hint-player = { $player }
hint-player-to-move = 轮到的一方
hint-go9-capture = x 下第 { $column } 列提 { $n } 子
hint-go9-capture-tooltip = x 在第 { $row } 行第 { $column } 列落子可提掉 { $n } 颗 o 子：{ $cells }。
hint-verdict-tooltip = 评测程序对此局面的判定结果。
hint-uttt-rule = 最后一手{ $last }，下一枚棋子须下在{ $field }小棋盘。
hint-uttt-rule-anywhere = 最后一手{ $last }，指向{ $field }小棋盘，但它已下满：任何空格都合法。

## 代码操作与代码透镜。

action-mark-legal = 用 ! 标出合法落子
action-clear-markers = 清除 ! 标记
action-play-here = 在此落子
action-fix-with-code = { $title }（{ $code }）
action-write-answers = 写入评测程序的答案
lens-answer-right = 答案 ✓ { $line }
lens-answer-right-case = 答案 ✓ 第 { $case } 组
lens-answer-wrong = 答案 ✗ { $message }
lens-answer-missing = 答案 ✗ 第 { $case } 组：缺失

## 文档大纲。

symbol-cases = 第 { $first }-{ $last } 组

## 文件开头关于未列出诊断的说明。

budget-more-errors = { $shown } 条 { $code } 错误
budget-more-warnings = { $shown } 条 { $code } 警告
budget-more-information = { $shown } 条提示信息（可提掉的棋块、被打吃的棋块）
budget-list-comma = { $head }、{ $next }
budget-list-and = { $head }和 { $last }
budget-summary = 另有 { $listed }未列出：boardls 只列出前 { $max_shown } 条错误和警告（错误优先），以及 { $information_shown } 条提示信息中的前 { $information_max } 条；`boardls check` 会列出全部

## 工作区检查进度。

progress-scan-title = 正在检查棋盘文件
progress-scan-looking = 正在查找棋盘文件
progress-scan-files = { $done }/{ $total } 个文件
progress-scan-stopped = 已停止
progress-scan-stopped-after = 已停止：已检查 { $total } 个文件中的 { $done } 个
progress-scan-checked = 已检查 { $total } 个棋盘文件，用时 { $seconds } 秒

## 编辑器弹出的信息。服务器日志保持英文。

show-not-formatted = boardls：{ $name } 未格式化：第 { $line } 行第 { $column } 列：{ $message }（{ $code }）；格式化只修正字母大小写、数量行、空白和空行，因此在此错误修正之前不会做任何改动
show-daemon-unusable = boardls：无法使用共享的守护进程（{ $reason }）；此编辑器改用独立的服务器。
show-daemon-stopped = boardls：共享的守护进程被要求停止（{ $signals }）；编辑器会重新启动服务器
show-server-stopping = boardls：服务器正在停止
show-stop-signals-unix = SIGTERM 或 SIGINT
show-stop-signals-windows = Ctrl-C、Ctrl-Break 或关闭其控制台

## 输入文件对评测情形的覆盖：数量行的悬停说明与代码透镜。

hover-coverage-heading = **覆盖情况**：共 { $cases } 组测试，覆盖了 { $total } 种情形中的 { $reached } 种
coverage-row = { $situation } — { $count }（首次：第 { $case } 组）
coverage-row-not-reached = ✗ **未覆盖**：{ $situation }
lens-coverage = 覆盖：{ $total } 种情形中的 { $reached } 种 · 未覆盖：{ $ids }
lens-coverage-all = 覆盖：全部 { $total } 种情形
