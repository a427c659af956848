#!/usr/bin/env bash
# Runs every test: set-up, build, unit tests (swift test), the automation
# scripts (uihost test Scripts/tests), and the interactive mode in a
# pseudo-terminal checked with the pyte terminal emulator.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
UIHOST_SETUP_TEST_TOOLS=1 Scripts/setup.sh || exit 1

echo "== swift build"
swift build --build-tests || exit 1

failed=()
echo "== swift test"
swift test --skip-build || failed+=("swift test")

echo "== luacheck screens Scripts/tests Scripts/fuzz"
luacheck -q screens Scripts/tests Scripts/fuzz || failed+=("luacheck")

echo "== uihost test Scripts/tests"
.build/debug/uihost test Scripts/tests || failed+=("uihost test")

echo "== interactive mode in a pseudo-terminal, checked with pyte"
/usr/bin/python3 Scripts/pty_check.py .build/debug/uihost || failed+=("pty check")

if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "all tests passed"
