#!/usr/bin/env bash
# Installs what uihost needs to build and test on Debian: Lua 5.4 and
# cmark-gfm headers, pkg-config, libwebsockets and xterm.js (for `uihost serve`); with
# UIHOST_SETUP_TEST_TOOLS=1 what the tests run (luacheck, pyte, zsh and fish for
# the completions, groff for the man page, chromium, chromium-driver,
# python3-selenium and nginx for the serve checks); with
# UIHOST_SETUP_PACKAGE_TOOLS=1 what Scripts/package.sh needs (dpkg-dev, lintian,
# binutils). Silent when all is there; idempotent. As root it installs with
# apt-get; otherwise it prints the exact command and exits non-zero.
set -euo pipefail

missing=()
pkg-config --exists lua5.4 2>/dev/null || missing+=(liblua5.4-dev)
# ui.markdown parses with GitHub's cmark; the extensions' headers have no .pc file.
pkg-config --exists libcmark-gfm 2>/dev/null || missing+=(libcmark-gfm-dev)
[ -f /usr/include/cmark-gfm-core-extensions.h ] || missing+=(libcmark-gfm-extensions-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
# `uihost serve`: libwebsockets to build; xterm.js's files to serve (the
# browser bundle of libjs-xterm is a stub in bookworm: node-xterm has the modules).
pkg-config --exists libwebsockets 2>/dev/null || missing+=(libwebsockets-dev)
[ -f /usr/share/javascript/xterm/xterm.css ] || missing+=(libjs-xterm)
[ -f /usr/share/nodejs/xterm/lib/public/Terminal.js ] || missing+=(node-xterm)
if [ "${UIHOST_SETUP_TEST_TOOLS:-0}" = 1 ]; then
  command -v luacheck >/dev/null 2>&1 || missing+=(lua-check)
  # The pty check runs on Debian's python3 with Debian's pyte.
  [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import pyte' 2>/dev/null || missing+=(python3 python3-pyte)
  # The serve checks: a headless browser, its driver, and nginx as the proxy.
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
  [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import selenium' 2>/dev/null || missing+=(python3-selenium)
  [ -x /usr/sbin/nginx ] || missing+=(nginx)
  # The completion scripts are run in their own shells; groff checks the man page.
  command -v zsh >/dev/null 2>&1 || missing+=(zsh)
  command -v fish >/dev/null 2>&1 || missing+=(fish)
  command -v groff >/dev/null 2>&1 || missing+=(groff-base)
fi
if [ "${UIHOST_SETUP_PACKAGE_TOOLS:-0}" = 1 ]; then
  # dpkg-shlibdeps finds the package's dependencies, lintian checks it, readelf
  # shows that the binary has no path into the Swift toolchain.
  command -v dpkg-shlibdeps >/dev/null 2>&1 || missing+=(dpkg-dev)
  command -v lintian >/dev/null 2>&1 || missing+=(lintian)
  command -v readelf >/dev/null 2>&1 || missing+=(binutils)
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
