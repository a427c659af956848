#!/usr/bin/env bash
# Runs every test: set-up, build, unit tests (swift test), luacheck over every
# Lua file of the repository (a warning fails it), the automation scripts
# (uihost test Scripts/tests), the interactive mode in a pseudo-terminal
# checked with the pyte terminal emulator, `uihost serve` in a headless
# browser and behind nginx, and the release: the Debian package and
# Scripts/install.sh, built once in release mode (the longest stage: minutes on
# two cores), and the tests of what they installed. Quiet on success: a line per
# stage with its count and time; a stage that fails prints its whole output
# (every stage's output is also kept in .build/test-logs/).
#
#   Scripts/test.sh                 the whole suite
#   Scripts/test.sh --under-load    the same with a CPU hog on every core, killed
#                                   at the end: no test may depend on the speed
#                                   of the machine (a time limit in a test only
#                                   guards against a hang)
#
# UIHOST_LONG_TESTS=1 makes the random property tests run longer;
# UIHOST_SKIP_RELEASE=1 leaves the release stage out.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
under_load=0
for arg in "$@"; do
  case $arg in
    --under-load) under_load=1 ;;
    *) echo "usage: Scripts/test.sh [--under-load]" >&2; exit 2 ;;
  esac
done
UIHOST_SETUP_TEST_TOOLS=1 UIHOST_SETUP_PACKAGE_TOOLS=1 Scripts/setup.sh || exit 1
logs=.build/test-logs
mkdir -p "$logs"

# --under-load: one busy process per core for the whole run, each killed by
# its pid when the script exits, however it exits.
hogs=()
if [ $under_load = 1 ]; then
  trap 'kill "${hogs[@]}" 2>/dev/null; wait "${hogs[@]}" 2>/dev/null' EXIT
  trap 'exit 130' INT TERM
  for ((i = 0; i < $(nproc); i++)); do
    yes > /dev/null &
    hogs+=($!)
  done
  echo "under load: ${#hogs[@]} CPU hogs (one per core)"
fi

failed=()
# stage NAME SUMMARY-PATTERN COMMAND...: runs the command into its log, then
# prints the log's last line matching the pattern (the stage's count) and the
# time; on failure, the whole log.
stage() {
  local name=$1 pattern=$2 started=$SECONDS status
  shift 2
  "$@" > "$logs/$name.log" 2>&1
  status=$?
  local summary
  summary=$(grep -E "$pattern" "$logs/$name.log" | tail -n 1 | sed -e 's/^[[:space:]]*//')
  if [ $status -eq 0 ]; then
    echo "ok   $name: ${summary:-done} ($((SECONDS - started)) s)"
  else
    echo "FAIL $name ($((SECONDS - started)) s), its output:"
    sed -e 's/^/     /' "$logs/$name.log"
    failed+=("$name")
  fi
  return $status
}

stage build "Compiling|Build complete|warning:" swift build --build-tests || { echo "FAILED: build"; exit 1; }
if grep -q "warning:" "$logs/build.log"; then
  echo "     warnings:"; grep "warning:" "$logs/build.log" | sort -u | sed -e 's/^/     /'
fi
# XCTest runs one test at a time, on one core: the automation scripts run
# meanwhile on the other, their stage line printed when both are done.
# The per-case limit only guards against a hang: a loaded machine stretches the
# slowest case (the fuzz slice, 5 to 10 s in a debug build) past the default 10 s.
( stage "uihost test" "passed, [0-9]+ failed" .build/debug/uihost test Scripts/tests --timeout 120 > "$logs/uihost-test.stage"
  echo $? > "$logs/uihost-test.status" ) &
automation=$!
stage "swift test" "Executed [0-9]+ tests" swift test --skip-build
# Every Lua file but those .luacheckrc excludes; luacheck exits 1 on a warning,
# which fails the stage as an error does.
stage luacheck "Total:" luacheck --no-color .
wait $automation
cat "$logs/uihost-test.stage"
[ "$(cat "$logs/uihost-test.status")" = 0 ] || failed+=("uihost test")
stage "pty check" "pty checks:" /usr/bin/python3 Scripts/pty_check.py .build/debug/uihost
# uihost serve in headless chromium, and behind nginx; it starts and ends its own servers.
stage "serve check" "serve checks:" /usr/bin/python3 Scripts/serve_check.py .build/debug/uihost

# The package (lintian must find no error) and install.sh into a scratch
# prefix, then PackageTests on both. Sequential: `swift build` cannot run
# inside `swift test`, which holds the build folder's lock.
release() {
  local deb prefix status
  deb=$(Scripts/package.sh) || return 1
  echo "package: $deb"
  prefix=$(mktemp -d "${TMPDIR:-/tmp}/uihost-install-XXXXXX")
  Scripts/install.sh "$prefix" || { rm -rf "$prefix"; return 1; }
  UIHOST_PACKAGE="$deb" UIHOST_INSTALLED="$prefix" swift test --skip-build --filter PackageTests
  status=$?
  rm -rf "$prefix"
  return $status
}
if [ "${UIHOST_SKIP_RELEASE:-0}" != 1 ]; then
  stage release "Executed [0-9]+ tests" release
fi

if [ $under_load = 1 ]; then
  # A hog that stopped early would leave part of the run unloaded.
  for pid in "${hogs[@]}"; do
    kill -0 "$pid" 2>/dev/null || { echo "FAIL under load: CPU hog $pid stopped during the run"; failed+=("load"); }
  done
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "all tests passed$([ $under_load = 1 ] && echo " under load") (${SECONDS} s)"
