#!/usr/bin/env bash
# Builds uihost in release mode and prints the benchmark table (figures, goals,
# and whether they hold), side by side with Textual where it can be installed
# (into a virtual environment outside the repository; --no-textual skips it).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
UIHOST_SETUP_TEST_TOOLS=1 Scripts/setup.sh
swift build -c release --product uihost >&2
exec /usr/bin/python3 Scripts/bench/run.py .build/release/uihost "$@"
