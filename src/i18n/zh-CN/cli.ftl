check-more-related = 另有 { $n } 处相关位置
