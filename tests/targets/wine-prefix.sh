#!/usr/bin/env bash
# A Wine prefix that runs boardls.exe: `tests/targets/wine-prefix.sh DIR`
# makes (or updates) the prefix DIR with Debian's wine64 (Wine 8), then
# puts a bcryptprimitives.dll built from tests/targets/bcryptprimitives.c
# in its system32: Rust's standard library takes random bytes from its
# ProcessPrng, which Windows 10 and later have and Wine 8 lacks, so no
# Rust program starts under Wine 8 without it.
# (A crashing program still starts winedbg, which prints a dump on stderr;
# its exit code is the exception's all the same.)
# Use it with WINEPREFIX=DIR WINEDEBUG=-all wine boardls.exe …
set -euo pipefail
prefix=${1:?usage: tests/targets/wine-prefix.sh DIR}
here=$(cd "$(dirname "$0")" && pwd)
wine=/usr/lib/wine/wine64
export WINEPREFIX=$prefix WINEDEBUG=-all
"$wine" wineboot -i >/dev/null 2>&1 || true
x86_64-w64-mingw32-gcc -shared -O2 -s -o "$prefix/drive_c/windows/system32/bcryptprimitives.dll" \
  "$here/bcryptprimitives.c" -ladvapi32
