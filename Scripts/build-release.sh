#!/usr/bin/env bash
# Builds the release programs that Scripts/install.sh, Scripts/package.sh and
# Scripts/uihost use, and prints the path of uihost; `uihost serve`'s server,
# uihost-serve, is built beside it (the one program that links libwebsockets).
# The Swift runtime is linked in (--static-swift-stdlib), and so is libstdc++,
# from GCC's archive: resolving libstdc++.so's 4,000 symbols was most of what
# the dynamic loader did at every start (docs/PERFORMANCE.md, "At the floor").
# No run path points into the build folder (--disable-local-rpath), so the
# programs run with only Debian's shared libraries: liblua5.4, libc, libm and
# libgcc_s; libcmark-gfm is loaded when ui.markdown first parses (dlopen),
# and uihost-serve links libwebsockets. One set of flags everywhere, so that the three share one build.
set -euo pipefail
# A command that fails under set -e says which, instead of ending the script silently.
trap 'echo "build-release: line $LINENO: \"$BASH_COMMAND\" failed with status $?" >&2' ERR
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# -lstdc++ finds a folder holding only the archive before the system's .so.
cxx="$root/.build/static-libstdcxx"
archive=""
for cc in gcc clang; do
  found="$($cc -print-file-name=libstdc++.a 2>/dev/null || true)"
  [ -f "$found" ] && { archive="$found"; break; }
done
[ -f "$archive" ] || { echo "build-release: no libstdc++.a (the Swift toolchain needs libstdc++-12-dev: apt-get install libstdc++-12-dev)" >&2; exit 1; }
mkdir -p "$cxx"
ln -sf "$archive" "$cxx/libstdc++.a"
# lld (the toolchain's) packs the binary's 32,000 relative relocations into a
# few kilobytes (-z pack-relative-relocs, DT_RELR): as 24-byte entries they were
# 750 KiB that the loader read through at every start.
# Each function in a section of its own, as the Swift runtime's archives
# have them: the linker drops what nothing calls (--gc-sections), and what a
# start runs is not spread among what it does not.
# The sandbox prelude as bytecode (Sources/CLuaShim/prelude.c includes the
# header when its folder is on the include path): Lua loads it at every start
# instead of parsing it. Compiled by a program built against the liblua5.4 the
# binary links; the header is rewritten only when it changes, so an unchanged
# prelude recompiles nothing.
prelude="$root/.build/prelude"
mkdir -p "$prelude"
"$(command -v cc || command -v gcc || command -v clang)" -O1 -o "$prelude/precompile" Scripts/prelude/precompile.c $(pkg-config --cflags --libs lua5.4)
"$prelude/precompile" Sources/UIHostCore/Lua/sandbox.lua =sandbox.lua > "$prelude/new.h"
if cmp -s "$prelude/new.h" "$prelude/uih_prelude_generated.h"; then rm "$prelude/new.h"
else mv "$prelude/new.h" "$prelude/uih_prelude_generated.h"; fi
flags=(-c release -Xcc -I"$prelude" --static-swift-stdlib --disable-local-rpath -Xlinker -L"$cxx"
       -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
       -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
       # LLVM's function merging leaves a named thunk jumping to a body in an
       # unnamed section (.L__unnamed_N), which no order file can name: each
       # such body a start ran cost a 64 KiB fault away from the ordered code.
       -Xswiftc -Xfrontend -Xswiftc -disable-llvm-merge-functions-pass
       -Xswiftc -Xfrontend -Xswiftc -disable-implicit-concurrency-module-import
       # What a start runs first in the code, together (Scripts/bench/start-order.sh
       # writes the list); a name the sources no longer have is skipped.
       -Xlinker --symbol-ordering-file="$root/Scripts/build-release.order" -Xlinker --no-warn-symbol-ordering
       # -static-stdlib exports every symbol of the program (-export-dynamic):
       # 200 KiB of symbol tables at the head of the file, faulted in with what
       # the loader reads there. Nothing looks a symbol of the program up by name.
       -Xlinker --no-export-dynamic)
# The compiler skips generating code for a file whose IR did not change, even
# when the flags that shape the code did (-disable-llvm-merge-functions-pass):
# when the flags change, the objects built with the old ones go.
stamp="$root/.build/release-flags"
if [ "$(cat "$stamp" 2>/dev/null)" != "${flags[*]}" ]; then
  find "$root/.build" -path '*/release/*.build/*.o' -delete 2>/dev/null || true
  printf '%s' "${flags[*]}" > "$stamp"
fi
# UIHOST_RELEASE_MAP=FILE: the linker's map of uihost too (Scripts/bench/start-order.sh).
uihost_flags=()
[ -z "${UIHOST_RELEASE_MAP:-}" ] || uihost_flags=(-Xlinker -Map="$UIHOST_RELEASE_MAP")
swift build "${flags[@]}" "${uihost_flags[@]}" --product uihost >&2
swift build "${flags[@]}" --product uihost-serve >&2
echo "$root/.build/release/uihost"
