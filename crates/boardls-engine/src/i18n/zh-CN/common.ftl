test-stones = { $n } 颗棋子

# Text from outside the catalog (another program's error), said as it is.
verbatim = { $text }
