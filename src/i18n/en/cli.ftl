# `check`'s full format: a note under a diagnostic with many related locations.
check-more-related = and { $n ->
    [one] { $n } more related location
   *[other] { $n } more related locations
}
