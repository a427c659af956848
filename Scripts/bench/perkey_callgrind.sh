#!/bin/bash
# Per-key instructions, which noise does not move: callgrind counts a render of
# a 100-item list with 2,000 and with 6,000 down/up keys on a stripped copy of
# BINARY (a release build); the difference over 4,000 keys is the cost of one.
#   Scripts/bench/perkey_callgrind.sh .build/release/uihost
set -euo pipefail
bin=${1:?usage: perkey_callgrind.sh BINARY}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$bin" "$work/uihost" && strip "$work/uihost"
cp "$here/list.lua" "$work/list.lua"
echo "return 100" > "$work/count.lua"
keys() { python3 -c "print(' '.join(['down', 'up'] * ($1 // 2)))"; }
count() {
  (cd "$work" && valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" \
    ./uihost render list.lua --keys "$(keys "$1")" >/dev/null 2>"$work/err.$1")
  grep Collected "$work/err.$1" | awk '{print $NF}' | tr -d ,
}
a=$(count 2000)
b=$(count 6000)
echo "per key: $(( (b - a) / 4000 )) instructions"
