test-stones = { $n ->
    [one] { $n } камень
    [few] { $n } камня
   *[many] { $n } камней
}

# Text from outside the catalog (another program's error), said as it is.
verbatim = { $text }
