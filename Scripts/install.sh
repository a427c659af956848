#!/usr/bin/env bash
# Builds uihost in release mode and installs the binary as PREFIX/bin/uihost
# (PREFIX defaults to ~/.local). The binary carries everything it needs (the
# LuaLS stubs included); the only runtime dependency is Debian's liblua5.4.
#   Scripts/install.sh            ~/.local/bin/uihost
#   Scripts/install.sh /usr/local /usr/local/bin/uihost
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="${1:-$HOME/.local}"
"$root/Scripts/setup.sh"
(cd "$root" && swift build -c release --product uihost >&2)
mkdir -p "$prefix/bin"
install -m 755 "$root/.build/release/uihost" "$prefix/bin/uihost"
echo "installed $prefix/bin/uihost"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on PATH; add it, e.g. export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
