#!/usr/bin/env bash
# Renders the styled picture of every example screen listed in
# docs/pictures/pictures.txt to docs/pictures/NAME.svg (80x24, the default
# theme). Run it after changing a screen or the look; PictureTests fails
# while a picture is stale. UIHOST=path picks the binary (default: the debug build).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
uihost="${UIHOST:-.build/debug/uihost}"
[ -x "$uihost" ] || { echo "gen-pictures: build first (swift build), or set UIHOST" >&2; exit 2; }
unset NO_COLOR
while read -r name keys; do
  case "$name" in ''|'#'*) continue ;; esac
  "$uihost" render "screens/$name.lua" --format svg --size 80x24 --keys "$keys" > "docs/pictures/$name.svg"
  echo "docs/pictures/$name.svg ($(wc -c < "docs/pictures/$name.svg") bytes)"
done < docs/pictures/pictures.txt
