#!/usr/bin/env bash
# Builds the Debian package of uihost with dpkg-deb, checks it with lintian
# (any error fails), and prints its path: .build/package/uihost_VERSION_ARCH.deb.
#
#   /usr/bin/uihost                                    the release binary (Scripts/build-release.sh), stripped
#   /usr/libexec/uihost/uihost-serve                   `uihost serve`'s server, which uihost runs, stripped
#   /usr/share/man/man1/uihost.1.gz                    `uihost manpage`
#   /usr/share/bash-completion/completions/uihost      `uihost completions bash`
#   /usr/share/zsh/vendor-completions/_uihost          `uihost completions zsh`
#   /usr/share/fish/vendor_completions.d/uihost.fish   `uihost completions fish`
#   /usr/share/uihost/library/uihost.lua               the LuaLS stubs
#   /usr/share/uihost/{screens,Assets,plugins}         the example screens, their pictures, the example plugins
#   /usr/share/doc/uihost/                             README, API, EMBEDDING, SECURITY, copyright, changelog
#
# The man page and the completions are written by the binary being packaged,
# from its own command table. Dates come from the last commit, so the same
# commit gives the same package. Depends is worked out by dpkg-shlibdeps from
# the libraries the binary links.
set -euo pipefail
# A command that fails under set -e says which, instead of ending the script silently.
trap 'echo "package: line $LINENO: \"$BASH_COMMAND\" failed with status $?" >&2' ERR
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
UIHOST_SETUP_PACKAGE_TOOLS=1 Scripts/setup.sh
built="$(Scripts/build-release.sh)"

version="$("$built" --version | sed -e 's/^uihost //')"
arch="$(dpkg --print-architecture)"
# The maintainer of record: UIHOST_MAINTAINER, else the author of the last commit.
maintainer="${UIHOST_MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || true)}"
[ -n "$maintainer" ] || { echo "package: set UIHOST_MAINTAINER=\"Name <address>\"" >&2; exit 2; }
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"

out=.build/package
work="$out/work"
stage="$work/uihost"
rm -rf "$work"
umask 022
install -d "$stage/DEBIAN" "$stage/usr/bin" "$stage/usr/libexec/uihost" "$stage/usr/share/man/man1" \
  "$stage/usr/share/bash-completion/completions" "$stage/usr/share/zsh/vendor-completions" \
  "$stage/usr/share/fish/vendor_completions.d" "$stage/usr/share/uihost/library" "$stage/usr/share/doc/uihost"

# The programs, without their symbol tables (Debian policy 10.1; what dh_strip does).
server="$stage/usr/libexec/uihost/uihost-serve"
install -m 755 "$built" "$stage/usr/bin/uihost"
install -m 755 "$(dirname "$built")/uihost-serve" "$server"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/uihost" "$server"

# Written by the binary being packaged: they describe exactly it.
bin="$stage/usr/bin/uihost"
"$bin" manpage | gzip -9n > "$stage/usr/share/man/man1/uihost.1.gz"
"$bin" completions bash > "$stage/usr/share/bash-completion/completions/uihost"
"$bin" completions zsh > "$stage/usr/share/zsh/vendor-completions/_uihost"
"$bin" completions fish > "$stage/usr/share/fish/vendor_completions.d/uihost.fish"

# The stubs, and the examples as the repository lays them out (a screen finds
# its pictures in the nearest Assets/ above it, so they keep their places).
install -m 644 library/uihost.lua "$stage/usr/share/uihost/library/uihost.lua"
# (Not the repository's own files, such as a .gitignore.)
git ls-files screens Assets plugins | grep -v '/\.' | while read -r file; do
  install -D -m 644 "$file" "$stage/usr/share/uihost/$file"
done

# Documentation: compressed when large (Debian policy 12.3).
doc="$stage/usr/share/doc/uihost"
for file in README.md docs/API.md docs/EMBEDDING.md docs/SECURITY.md; do
  gzip -9n < "$file" > "$doc/$(basename "$file").gz"
done
cat > "$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: uihost
Comment: Built from commit $commit of the uihost repository. The repository
 names no licence yet; until it does, no licence is granted beyond what the
 authors have said elsewhere. Lua 5.4 is not included: it comes from Debian's
 liblua5.4-0 package (MIT licence).

Files: *
Copyright: $(date -u -d "@$SOURCE_DATE_EPOCH" +%Y) the uihost authors
License: none-stated
 The uihost repository does not state a licence for this work.
COPYRIGHT
date="$(date -u -R -d "@$SOURCE_DATE_EPOCH")"
cat <<CHANGELOG | gzip -9n > "$doc/changelog.gz"
uihost ($version) unstable; urgency=medium

  * Built from commit $commit.

 -- $maintainer  $date
CHANGELOG

# Dependencies: what the programs link, as dpkg-shlibdeps reads them from
# the installed libraries' symbols files (it wants a debian/control to exist).
install -d "$work/debian"
printf 'Source: uihost\n\nPackage: uihost\nArchitecture: any\n' > "$work/debian/control"
depends="$(cd "$work" && dpkg-shlibdeps -O -e uihost/usr/bin/uihost -e uihost/usr/libexec/uihost/uihost-serve 2>debian/shlibdeps.err | sed -n -e 's/^shlibs:Depends=//p')" \
  || { echo "package: dpkg-shlibdeps failed:" >&2; cat "$work/debian/shlibdeps.err" >&2; exit 1; }
[ -n "$depends" ] || { echo "package: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# libcmark-gfm is loaded when ui.markdown first parses (dlopen), so no
# program names it for dpkg-shlibdeps: the package of the extensions library
# (which needs the parser's) is added, found from the library on this system.
# (Asked of dpkg directly: `ldconfig -p | awk '{ ...; exit }'` failed the
# script under pipefail when awk left before ldconfig had written all.)
cmark_package="$(dpkg -S 'libcmark-gfm-extensions.so.*' 2>/dev/null | sed -n -e '1s/:.*//p' || true)"
[ -n "$cmark_package" ] || { echo "package: no Debian package holds libcmark-gfm-extensions (apt-get install libcmark-gfm-extensions-dev)" >&2; exit 1; }
depends="$depends, $cmark_package"

size="$(du -sk --exclude=DEBIAN "$stage" | cut -f1)"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: uihost
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Section: devel
Priority: optional
Description: terminal apps written as Lua scripts, run and tested headless
 uihost runs terminal apps - forms, menus, pickers, lists, tables, sheets and
 side menus - written as short Lua scripts, and tests them headless with
 exactly the output a user sees. Scripts run in a sandbox with limits on
 instructions, time and memory; plugins add commands and screens with only
 the capabilities they are granted.
 .
 This package holds the uihost command, its man page and shell completions,
 the LuaLS type stubs, and example screens and plugins in /usr/share/uihost.
CONTROL
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

# Every file's time is the commit's, for the same bytes from the same commit.
find "$stage" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +
deb="$out/uihost_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >&2

# Lintian: errors fail the package; warnings and notes are shown.
lintian --fail-on error --tag-display-limit 0 "$deb" >&2
echo "$deb"
