#!/usr/bin/env bash
# Installs what uihost needs to build and test on Debian: Lua 5.4 and
# cmark-gfm headers, pkg-config, luacheck. Silent when all is there; idempotent. As root it installs
# with apt-get; otherwise it prints the exact command and exits non-zero.
set -euo pipefail

missing=()
pkg-config --exists lua5.4 2>/dev/null || missing+=(liblua5.4-dev)
# ui.markdown parses with GitHub's cmark; the extensions' headers have no .pc file.
pkg-config --exists libcmark-gfm 2>/dev/null || missing+=(libcmark-gfm-dev)
[ -f /usr/include/cmark-gfm-core-extensions.h ] || missing+=(libcmark-gfm-extensions-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if [ "${UIHOST_SETUP_TEST_TOOLS:-0}" = 1 ]; then
  command -v luacheck >/dev/null 2>&1 || missing+=(lua-check)
  # The pty check runs on Debian's python3 with Debian's pyte.
  [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import pyte' 2>/dev/null || missing+=(python3 python3-pyte)
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "uihost: the Swift toolchain (swift 6.x) is not on PATH; install it from swift.org" >&2
  exit 1
fi

[ ${#missing[@]} -eq 0 ] && exit 0

# shellcheck disable=SC2206
missing=($(printf '%s\n' "${missing[@]}" | sort -u))
if [ "$(id -u)" -ne 0 ]; then
  echo "uihost: missing Debian packages: ${missing[*]}" >&2
  echo "run:  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "uihost: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq "${missing[@]}" >&2
