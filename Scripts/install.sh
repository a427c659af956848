#!/usr/bin/env bash
# Builds uihost in release mode (Scripts/build-release.sh: the Swift runtime
# linked in) and installs it under PREFIX (default ~/.local):
#   PREFIX/bin/uihost                                   the binary
#   PREFIX/libexec/uihost/uihost-serve                  `uihost serve`'s server, which it runs
#   PREFIX/share/man/man1/uihost.1                      the man page
#   PREFIX/share/bash-completion/completions/uihost     completions for bash,
#   PREFIX/share/zsh/site-functions/_uihost             zsh
#   PREFIX/share/fish/vendor_completions.d/uihost.fish  and fish
# The binary needs only Debian's liblua5.4, libcmark-gfm (loaded when
# ui.markdown first parses) and libc at run time; the server libwebsockets too.
#   Scripts/install.sh            ~/.local/bin/uihost
#   Scripts/install.sh /usr/local /usr/local/bin/uihost
set -euo pipefail
# A command that fails under set -e says which, instead of ending the script silently.
trap 'echo "install: line $LINENO: \"$BASH_COMMAND\" failed with status $?" >&2' ERR
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="${1:-$HOME/.local}"
"$root/Scripts/setup.sh"
built="$("$root/Scripts/build-release.sh")"
install -d "$prefix/bin" "$prefix/libexec/uihost" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
  "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
# Stripped: the symbols are for debugging the build, a third of its size.
install -m 755 -s "$built" "$prefix/bin/uihost"
install -m 755 -s "$(dirname "$built")/uihost-serve" "$prefix/libexec/uihost/uihost-serve"
"$prefix/bin/uihost" manpage > "$prefix/share/man/man1/uihost.1"
"$prefix/bin/uihost" completions bash > "$prefix/share/bash-completion/completions/uihost"
"$prefix/bin/uihost" completions zsh > "$prefix/share/zsh/site-functions/_uihost"
"$prefix/bin/uihost" completions fish > "$prefix/share/fish/vendor_completions.d/uihost.fish"
echo "installed $prefix/bin/uihost, its server $prefix/libexec/uihost/uihost-serve, its man page and its shell completions"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on PATH; add it, e.g. export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
