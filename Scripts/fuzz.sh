#!/usr/bin/env bash
# Fuzzes the host: random screens (Scripts/fuzz/screens.lua) under random storms
# of keys, text, clicks, drags, wheel turns, resizes and clock advances
# (Scripts/fuzz/storms.lua), for SECONDS from SEED. It fails on a crash, a hang
# (a worker that stops answering, or one step over FUZZ_HANG_SECONDS of CPU),
# a malformed frame, or a worker over FUZZ_RSS_MIB of RSS; every worker also
# runs under a hard address-space cap, so a runaway allocation is a crash.
#
#   Scripts/fuzz.sh [SECONDS] [SEED]        default: 60 s, seed 1
#
# The same seed gives the same screens and storms. Each screen lives in
# $FUZZ_DIR/SEED-N (main.lua, events.lua): kept when it failed, with the
# failure in failure.txt; replay it with
#   FUZZ_REPLAY=$FUZZ_DIR/SEED-N $UIHOST test Scripts/fuzz/run.lua --max-instructions 1000000 --max-memory 64
# Environment: FUZZ_DIR (default /tmp/uihost-fuzz), FUZZ_STEPS (events per
# screen, 150), FUZZ_SCREENS (stop after that many screens), FUZZ_BATCH
# (screens per `uihost test` run, 10), FUZZ_PROGRESS=1 (a line per run),
# UIHOST (the binary; default: a release build, as Scripts/uihost runs).
set -uo pipefail
seconds=${1:-60}
seed=${2:-1}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

dir=${FUZZ_DIR:-/tmp/uihost-fuzz}
steps=${FUZZ_STEPS:-150}
max_screens=${FUZZ_SCREENS:-1000000000}
if [ -z "${UIHOST:-}" ]; then
  UIHOST=$(Scripts/build-release.sh) || exit 1
fi
mkdir -p "$dir"

# Small handler limits keep a storm of endless loops quick: the budget, not
# the loop, is what is under test. Memory: the scripts' limit, and a hard cap
# on each process's address space far above it.
limits=(--max-instructions 1000000 --max-memory 64 --timeout 120)
address_space_kib=$((2 * 1024 * 1024))
batch=${FUZZ_BATCH:-10}

time_cmd=()
[ -x /usr/bin/time ] && time_cmd=(/usr/bin/time -o "$dir/.rss" -f '%M')

started=$SECONDS
deadline=$(($(date +%s) + seconds))
screens=0 events=0 peak_kib=0 next=1
failed=()
while [ "$(date +%s)" -lt "$deadline" ] && [ "$screens" -lt "$max_screens" ]; do
  count=$((max_screens - screens < batch ? max_screens - screens : batch))
  output=$(
    ulimit -v "$address_space_kib"
    FUZZ_SEED=$seed FUZZ_FIRST=$next FUZZ_COUNT=$count FUZZ_STEPS=$steps FUZZ_DIR=$dir FUZZ_DEADLINE=$deadline \
      "${time_cmd[@]}" "$UIHOST" test Scripts/fuzz/run.lua "${limits[@]}" 2>&1
  )
  if ! grep -qE '^[0-9]+ passed, [0-9]+ failed$' <<<"$output"; then
    echo "fuzz: $UIHOST test did not run:"; echo "$output" | tail -n 20
    exit 2
  fi
  if [ -s "$dir/.rss" ]; then
    rss=$(tail -n 1 "$dir/.rss")  # GNU time's %M: the largest RSS of the process tree, in KiB
    [[ "$rss" =~ ^[0-9]+$ ]] && [ "$rss" -gt "$peak_kib" ] && peak_kib=$rss
  fi
  # Tally this batch; keep the folders of the screens that failed, with the reason.
  for ((n = next; n < next + count; n++)); do
    case_dir="$dir/$seed-$n"
    [ -f "$case_dir/events.lua" ] || continue
    screens=$((screens + 1))
    events=$((events + $(wc -l < "$case_dir/events.lua")))
    if grep -qxF "FAIL fuzz screen $case_dir" <<<"$output"; then
      # The FAIL line and the indented lines that follow it.
      awk -v head="FAIL fuzz screen $case_dir" '$0 == head { on = 1; print; next } on && /^  / { print; next } { on = 0 }' \
        <<<"$output" > "$case_dir/failure.txt"
      echo "last event sent: $(tail -n 1 "$case_dir/events.lua")" >> "$case_dir/failure.txt"
      # A crash: the runtime's message and the first frames of the backtrace inside uihost.
      grep -E 'Fatal error| in uihost' <<<"$output" | head -n 4 >> "$case_dir/failure.txt"
      failed+=("$case_dir")
      echo "FAIL $case_dir: $(sed -n '2,3p' "$case_dir/failure.txt" | sed 's/^ *//' | paste -sd ' ')"
    else
      rm -rf "$case_dir"
    fi
  done
  # A failure outside any screen's case (the driver itself) is reported as it came.
  if grep -q '^FAIL Scripts/fuzz' <<<"$output"; then
    echo "$output" | grep -A5 '^FAIL Scripts/fuzz'
    failed+=("driver")
  fi
  [ -n "${FUZZ_PROGRESS:-}" ] && echo "fuzz: screens $next-$((next + count - 1)) done"
  next=$((next + count))
done
rm -f "$dir/.rss"

elapsed=$((SECONDS - started))
rate=$((events / (elapsed > 0 ? elapsed : 1)))
peak="n/a"
[ "$peak_kib" -gt 0 ] && peak="$((peak_kib / 1024)) MiB"
echo "fuzz seed $seed: $screens screens, $events events in ${elapsed} s ($rate events/s), peak RSS $peak, ${#failed[@]} failures"
for f in "${failed[@]}"; do echo "  kept: $f"; done
[ ${#failed[@]} -eq 0 ]
