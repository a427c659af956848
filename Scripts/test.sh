#!/usr/bin/env bash
# Runs every test: set-up, build, unit tests (swift test), the automation
# scripts (uihost test Scripts/tests), and the interactive mode in a
# pseudo-terminal checked with the pyte terminal emulator. Each step prints
# its time. UIHOST_LONG_TESTS=1 makes the random property tests run longer.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
UIHOST_SETUP_TEST_TOOLS=1 Scripts/setup.sh || exit 1

# Runs a step and prints how long it took.
timed() {
  local started=$SECONDS status
  "$@"
  status=$?
  echo "   ($((SECONDS - started)) s)"
  return $status
}

echo "== swift build"
timed swift build --build-tests || exit 1

failed=()
echo "== swift test"
timed swift test --skip-build || failed+=("swift test")

echo "== luacheck screens Scripts/tests Scripts/fuzz"
timed luacheck -q screens Scripts/tests Scripts/fuzz || failed+=("luacheck")

echo "== uihost test Scripts/tests"
timed .build/debug/uihost test Scripts/tests || failed+=("uihost test")

echo "== interactive mode in a pseudo-terminal, checked with pyte"
timed /usr/bin/python3 Scripts/pty_check.py .build/debug/uihost || failed+=("pty check")

if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "all tests passed (${SECONDS} s)"
