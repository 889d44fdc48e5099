# 评测配置：文件违反了题面的哪条保证，引用题面原文（英文）。
profile-accepted-invalid = 这是非法输入的测试用例，{ $profile } 却接受了它：它必须违反题面的某一条保证
profile-wrong-game = 这是 .{ $kind } 文件，但 { $profile } 是 .{ $game } 文件的评测配置
profile-comment = 这是注释行，但 { $profile } 的评测程序会把每一行都当作输入
profile-missing-count = 没有数量行，但 { $profile } 保证 “The first line of the input gives the number of test cases, T”
profile-count-range = T = { $count }，但 { $profile } 保证 { $low } ≤ T ≤ { $high }
profile-count-too-large = T 的值过大，但 { $profile } 保证 { $low } ≤ T ≤ { $high }
profile-one-position = 出现了第二个局面，但 cf907b 只读一个局面：“First 11 lines contains descriptions of table”，然后是 “The line after the table contains two integers x and y”
profile-marker = 输入中出现了 `!`，但 cf907b 规定 “character ‘x’ … ‘o’ … ‘.’ describes empty cell”：`!` 只出现在输出中
profile-empty-last-move = 最后一手所在的格子是空的，但 cf907b 保证 “It’s guaranteed that cell where the last move was done is filled with ‘x’ or ‘o’”
profile-no-empty-cell = 没有空格子，但 cf907b 保证 “it’s guaranteed that there is at least one empty cell”
profile-extra-t = 出现了第二个 `T`，但 { $profile } 保证 “a single 'T' may appear, in one of the 16 squares”
profile-unreachable = { $why }；而 { $profile } 保证 “the board is a valid state reached through play of the game”

profile-unreachable-counts = X 有 { $x } 个棋子，O 有 { $o } 个，但 X 先手且双方轮流落子，所以 X 的棋子数应与 O 相等或多一个
profile-unreachable-both-won = X 和 O 都有获胜连线，但对局在第一次有人获胜时就结束了
profile-unreachable-winner-did-not-move-last = { $winner } 获胜，但 X 有 { $x } 个棋子、O 有 { $o } 个，说明最后一手是 { $other } 下的，而对局在获胜的那一手就结束了
profile-unreachable-won-twice = { $winner } 有两条获胜连线（{ $first }和{ $second }），没有哪一手能同时完成它们，而对局在第一次有人获胜时就结束了

profile-line-row = 第 { $n } 行
profile-line-column = 第 { $n } 列
profile-line-diagonal = 主对角线
profile-line-anti-diagonal = 副对角线
