#!/usr/bin/env bash
# Builds uihost in release mode and prints the benchmark table (figures, goals,
# and whether they hold), side by side with Textual where it can be installed
# (into a virtual environment outside the repository; --no-textual skips it),
# then the table beside Bubble Tea (Go programs built from Debian's packages;
# --no-bubbletea skips it). Start-up and memory depend on how the binary is
# linked, so that table also measures .build/static-exe, everything in one
# file (see docs/PERFORMANCE.md, "At the floor"); --no-static skips it. The
# release build links the Swift runtime and libstdc++ in already.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
UIHOST_SETUP_TEST_TOOLS=1 Scripts/setup.sh
# The binary people install (Scripts/build-release.sh), measured as they run it.
binary="$(Scripts/build-release.sh)"
args=()
static=1
for arg in "$@"; do
  case $arg in
    --no-static) static=0 ;;
    *) args+=("$arg") ;;
  esac
done
if [ $static = 1 ] && [[ " ${args[*]-} " != *" --no-bubbletea "* ]]; then
  # Everything in one file: glibc and Debian's liblua5.4.a too (-static makes
  # -llua5.4 find the archive). The floor of what linking can save.
  swift build -c release --product uihost -Xswiftc -static-executable --scratch-path .build/static-exe >&2
  args+=(--also "fully static=.build/static-exe/release/uihost")
fi
# Debian's python3: the pty figures use its python3-pyte (Scripts/setup.sh).
exec /usr/bin/python3 Scripts/bench/run.py "$binary" "${args[@]}"
