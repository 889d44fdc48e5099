# Shared words: numbers of things, ordinals. English.
test-stones = { $n ->
    [one] { $n } stone
   *[other] { $n } stones
}

# Text from outside the catalog (another program's error), said as it is.
verbatim = { $text }
