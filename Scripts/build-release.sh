#!/usr/bin/env bash
# Builds the release binary that Scripts/install.sh, Scripts/package.sh and
# Scripts/uihost use, and prints its path. The Swift runtime is linked in
# (--static-swift-stdlib) and no run path points into the build folder
# (--disable-local-rpath), so the binary runs with only Debian's shared
# libraries: liblua5.4, libc, libm, libstdc++ and libgcc_s. One set of flags
# everywhere, so that the three share one build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
swift build -c release --static-swift-stdlib --disable-local-rpath --product uihost >&2
echo "$root/.build/release/uihost"
