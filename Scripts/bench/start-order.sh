#!/usr/bin/env bash
# Writes Scripts/build-release.order, the functions a start of uihost runs,
# which Scripts/build-release.sh has the linker put together at the start of
# the code: a start then faults in a few hundred kilobytes of the binary
# instead of most of its 7 MiB (a fault maps up to 64 KiB around the page it
# needs; docs/PERFORMANCE.md, "At the floor"). The functions are those
# callgrind sees run in the launcher, headless with a few keys and in a
# terminal (tmux) until its first frame. Run it again when start-up code
# changes much; a name that no longer exists is skipped by the linker.
#   Scripts/bench/start-order.sh            (builds the release binary first)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
for tool in valgrind tmux nm strip; do
  command -v $tool >/dev/null || { echo "start-order: needs $tool (apt-get install valgrind tmux binutils)" >&2; exit 1; }
done
work="$(mktemp -d "${TMPDIR:-/tmp}/uihost-order-XXXXXX")"
built="$(UIHOST_RELEASE_MAP="$work/uihost.map" Scripts/build-release.sh)"
session="uihost-order-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT
# Valgrind cannot read the DWARF Swift writes; the symbol table is enough.
strip --strip-debug -o "$work/uihost" "$built"
grind=(valgrind --tool=callgrind --demangle=no)
"${grind[@]}" --callgrind-out-file="$work/render.out" "$work/uihost" render screens/launcher.lua \
  --keys "down down enter" > /dev/null 2>&1
tmux new-session -d -s "$session" -x 80 -y 24 \
  "${grind[*]} --callgrind-out-file=$work/terminal.out $work/uihost screens/launcher.lua --log /dev/null 2> /dev/null"
for _ in $(seq 600); do
  tmux capture-pane -p -t "$session" 2>/dev/null | grep -q About && break
  sleep 0.1
done
tmux send-keys -t "$session" q
for _ in $(seq 600); do
  [ -s "$work/terminal.out" ] && ! tmux has-session -t "$session" 2>/dev/null && break
  sleep 0.1
done
[ -s "$work/terminal.out" ] || { echo "start-order: the launcher in tmux did not finish" >&2; exit 1; }
/usr/bin/python3 Scripts/bench/start_order.py "$work/uihost" "$work/uihost.map" "$work/render.out" \
  "$work/terminal.out" > Scripts/build-release.order
# The same link as before, without its map.
Scripts/build-release.sh > /dev/null
echo "Scripts/build-release.order: $(wc -l < Scripts/build-release.order) functions" >&2
