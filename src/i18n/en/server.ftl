# An unopened file's note when it has more diagnostics than the server keeps.
disk-more-diagnostics = { $n } more diagnostics in this file; open it to see them all
# A workspace file the server could not check; `reason` is the system's error.
disk-judge-failed = boardls failed while checking this file; please report it
disk-unreadable = boardls cannot read this file: { $reason }
disk-too-large = this file is too large to check ({ $mebibytes } MiB; the limit is { $limit } MiB)
