# 试验场页面自身的文字（web/playground/）；术语见
# src/i18n/zh-CN/GLOSSARY.md。裁判的判定行不翻译。

page-title = boardls 在线试验场
page-heading = boardls 在线试验场
game-label = 游戏
game-uttt = 超级井字棋（.uttt，Codeforces 907B）
game-go9 = 古代围棋（.go9，HDU 5546）
game-tomek = Tomek 井字棋（.tomek，GCJ 2013）
example-button = 示例
    .title = 把题面中的样例放回编辑器
fill-button = 标出 !
    .title = 用 ! 标出所有合法落子
format-button = 格式化
share-button = 分享
    .title = 把棋盘写进链接并复制
language-label = 语言
theme-button = 深色主题
link-label = 链接
editor-label = 棋盘文件
verdicts-heading = 判定结果
hints-heading = 编辑器中的提示
problems-heading = 问题
picture-heading = 图示
picture-empty = 把指针移到格子上，或把光标放在格子上，这里就会画出该局面。
picture-alt = 光标所在的局面
footer = 一切都在本页面中运行：棋盘由编译为 WebAssembly 的 boardls 检查，不会向任何地方发送数据。

status-starting = 正在启动…
status-ready = { $server } 已就绪
status-stopped = 已停止

severity-error = 错误
severity-warning = 警告
severity-info = 信息
severity-hint = 提示

checker-cannot-start = 检查程序无法启动（{ $reason }）：请通过 http 打开本页面，例如 python3 -m http.server -d dist/web。
checker-stopped-often = 检查程序在这段文本上连续停止了 { $times } 次（{ $reason }）。文本已保留；下次编辑时检查程序会重新启动。
checker-restarted = 检查程序停止了（{ $reason }）。已用您的文本重新启动，文本已保留。
editor-not-loaded = 编辑器无法加载；请重新加载页面。
format-failed = 格式化失败：{ $reason }
already-formatted = 棋盘已经是规范格式。
fill-failed = 标出 ! 失败：{ $reason }
already-filled = 所有合法落子都已用 ! 标出，或者棋盘上没有合法落子。
share-failed = 分享失败：{ $reason }
link-copied = 链接已复制。整个棋盘都写在网址里；没有上传任何内容。
link-in-address-bar = 链接在地址栏和下方；没有上传任何内容。
share-too-big = 这个棋盘太大，无法放进链接：编码后 { $size } KB，而一个链接最多容纳 { $limit } KB。请直接分享文件。

link-example-instead = { $problem } 现在显示的是示例棋盘。
link-board-kept = { $problem } 编辑器中的棋盘保持不变。
link-unreadable = 无法读取这个链接。
link-other-version = 这个链接的格式（{ $version }）不是本试验场能读取的格式（它读取 { $supported }）。
link-damaged-shape = 这个链接已损坏：它不是 { $form } 的形式。
link-unknown-game = 这个链接中的游戏本试验场不认识：{ $game }。
link-over-limit = 这个链接中的棋盘编码后超过 { $limit } KB，超出了链接能容纳的大小。
link-damaged-characters = 这个链接已损坏：其中的棋盘含有 base64url 不使用的字符。
link-damaged-base64 = 这个链接已损坏：其中的棋盘不是有效的 base64url。
link-damaged-unpack = 这个链接已损坏：其中的棋盘无法解压。
link-too-large = 这个链接解压后的棋盘超过 { $limit } MB，超出了本试验场能打开的大小。
link-damaged-utf8 = 这个链接已损坏：其中的棋盘不是 UTF-8 文本。
