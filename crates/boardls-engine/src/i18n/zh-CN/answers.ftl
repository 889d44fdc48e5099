# 答案文件与评测程序输出的比较。`Case #k` 是评测程序的输出，不翻译；
# 说明中写作“第 k 组”。
answer-case-in-input = 输入中的第 { $case } 组
answer-extra-case = Case #{ $case }：输入只有 { $cases } 组测试用例
answer-expected-case-line = 应为 `Case #{ $case }: …`，实际是 `{ $text }`
answer-expected-case-line-blank = 应为 `Case #{ $case }: …`，实际是空行
answer-case-number = 此处应为 Case #{ $case }，实际是 Case #{ $found }
answer-fix-renumber = 改为 Case #{ $case }
answer-not-a-verdict = Case #{ $case }：`{ $verdict }` 不是判定结果（应为 { $expected }）
answer-either = { $first } 或 { $rest }
answer-wrong = Case #{ $case }：评测程序的答案是 `{ $judge }`，文件中是 `{ $verdict }`
answer-fix-replace = 替换为评测程序的答案
answer-blank-between-boards = Case #{ $case }：两个局面之间应为空行
answer-blank-between-bands = Case #{ $case }：两排小棋盘之间应为空行
answer-expected-row = Case #{ $case }：应为棋盘的第 { $row } 行（`ccc ccc ccc`，格子为 `x`、`o`、`.`、`!`），实际是 `{ $text }`
answer-expected-row-blank = Case #{ $case }：应为棋盘的第 { $row } 行（`ccc ccc ccc`，格子为 `x`、`o`、`.`、`!`），实际是空行
answer-wrong-row = Case #{ $case }，第 { $row } 行：评测程序输出 `{ $judge }`，文件中是 `{ $text }`
answer-missing-case = 缺少 Case #{ $case }
answer-missing-cases = 缺少 Case #{ $first } 至 #{ $last }
answer-fix-write-missing = 为缺少的测试用例写入评测程序的答案
answer-no-input = 此答案文件旁没有对应的输入文件（答案文件按 { $names } 命名）
answer-unjudged = 棋盘有错误
