disk-more-diagnostics = 此文件另有 { $n } 条诊断信息；打开文件即可全部查看
disk-judge-failed = boardls 检查此文件时出错；请报告此问题
disk-unreadable = boardls 无法读取此文件：{ $reason }
disk-too-large = 此文件过大，无法检查（{ $mebibytes } MiB；上限为 { $limit } MiB）
