"""Writes the functions of a uihost binary that callgrind profiles saw run,
one mangled name a line, in the binary's own order: the order file
Scripts/build-release.sh gives the linker (--symbol-ordering-file), so that
what a start runs sits on few pages (Scripts/bench/start-order.sh runs this).

    python3 start_order.py BINARY LINK-MAP PROFILE... > Scripts/build-release.order

The linker moves sections, not functions, and a section goes where the first
of its functions is listed: a function sharing a large section with others
(the Swift standard library's 1.6 MiB of code that is not in sections of its
own) is left out, or the whole section would come with it.
"""
import re
import subprocess
import sys

HEADER = re.compile(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$")
MAP_LINE = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s+(\S.*)$")
# A section larger than what one fault maps around a page is not moved.
LARGEST_SECTION = 64 * 1024


def functions_run(profile, binary):
    """The names of functions in `binary` that ran in one callgrind profile
    (its compressed format: `ob=(n) name` and `fn=(n) name` the first time,
    `(n)` after; `cob`/`cfn` name a callee)."""
    names, objects, run = {}, {}, set()
    current = callee = None
    with open(profile) as f:
        for line in f:
            m = HEADER.match(line.rstrip("\n"))
            if not m:
                continue
            kind, key, name = m.groups()
            table = objects if kind.endswith("ob") else names
            if name:
                table[key] = name
            if kind == "ob":
                current = callee = objects[key]
            elif kind == "cob":
                callee = objects[key]
            elif kind == "fn":
                callee = current
                if current == binary:
                    run.add(names[key])
            elif callee == binary:
                run.add(names[key])
    return run


def in_large_sections(link_map):
    """The symbols that lld's map (-Map) shows in an input section larger than
    LARGEST_SECTION. Under its header `VMA LMA Size Align Out In Symbol`, a
    line's name starts in the column of Out (an output section), In (an input
    section, `file:(section)`) or Symbol."""
    large, size = set(), 0
    with open(link_map) as f:
        header = f.readline()
        section_column, symbol_column = header.index(" In ") + 1, header.index("Symbol")
        for line in f:
            m = MAP_LINE.match(line.rstrip("\n"))
            if not m:
                continue
            if m.start(2) == section_column:
                size = int(m.group(1), 16)
            elif m.start(2) == symbol_column and size > LARGEST_SECTION:
                large.add(m.group(2))
    return large


def main():
    binary, link_map, profiles = sys.argv[1], sys.argv[2], sys.argv[3:]
    run = set()
    for profile in profiles:
        run |= functions_run(profile, binary)
    run -= in_large_sections(link_map)
    # Functions defined in the binary's text, by address.
    out = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    placed = sorted((int(f[0], 16), f[2]) for f in (line.split() for line in out.splitlines())
                    if len(f) == 3 and f[1] in "tTwW" and f[2] in run)
    seen = set()
    for _, name in placed:
        if name not in seen:
            seen.add(name)
            print(name)


if __name__ == "__main__":
    main()
