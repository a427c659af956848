#!/usr/bin/env bash
# Runs every test: set-up, build, unit tests (swift test), then the automation
# scripts (uihost test Scripts/tests).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
UIHOST_SETUP_TEST_TOOLS=1 Scripts/setup.sh

echo "== swift build"
swift build --build-tests 2>&1 | grep -v "^\[" || true
swift build --build-tests >/dev/null

echo "== swift test"
swift test --skip-build

echo "== uihost test Scripts/tests"
.build/debug/uihost test Scripts/tests
