#!/usr/bin/env python3
"""Runs the benchmark scenarios of Scripts/bench/ against a release build and
prints one table: each figure, its goal, and whether it holds. Peer figures
come from Textual apps of the same screens, run from a virtual environment
outside the repository (skipped, with the reason, when that is impossible).

Bubble Tea, built from Debian's Go packages, is the second peer
(Scripts/bench/bubbletea.py; --no-bubbletea skips it); each --also
LABEL=BINARY adds a uihost linked another way to its start-up and memory rows.

usage: Scripts/bench/run.py UIHOST_BINARY [--no-textual] [--no-bubbletea] [--also LABEL=BINARY]...
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

import bubbletea

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "Scripts", "bench")
UIHOST = os.path.abspath(sys.argv[1])
VENV = os.environ.get("UIHOST_BENCH_VENV", os.path.expanduser("~/.cache/uihost-bench-venv"))
rows = []
TEXTUAL = {}


def row(name, value, unit, goal, holds):
    rows.append((name, f"{value} {unit}".strip(), goal, "yes" if holds else ("—" if holds is None else "NO")))


def timed(cmd, runs=21, **kw):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, **kw)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def cpu_timed(cmd, runs=11):
    """The median CPU time (user + system) of `cmd`, each run in a fresh child."""
    import resource
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def list_dir(items):
    d = tempfile.mkdtemp(prefix="uihost-bench-")
    shutil.copy(os.path.join(BENCH, "list.lua"), d)
    with open(os.path.join(d, "count.lua"), "w") as f:
        f.write(f"return {items}\n")
    return d


def table_dir(n, mode):
    d = tempfile.mkdtemp(prefix="uihost-bench-")
    shutil.copy(os.path.join(BENCH, "table.lua"), d)
    with open(os.path.join(d, "count.lua"), "w") as f:
        f.write(f"return {{ n = {n}, mode = \"{mode}\" }}\n")
    return os.path.join(d, "table.lua")


def texts_dir(n, handler, mode=None):
    d = tempfile.mkdtemp(prefix="uihost-bench-")
    shutil.copy(os.path.join(BENCH, "texts.lua"), d)
    mode_field = f', mode = "{mode}"' if mode else ""
    with open(os.path.join(d, "count.lua"), "w") as f:
        f.write(f"return {{ n = {n}, handler = {'true' if handler else 'false'}{mode_field} }}\n")
    return os.path.join(d, "texts.lua")


def texts_figures():
    """Per-key cost against the screen's size (issue 25): a 3-item list above
    N texts, cursor moves through `render --keys`; without a handler (a move
    runs no Lua: 20,000 keys, so that the start-up's swing of a few ms is lost
    in them) and with an onHighlight that changes one text (10,000 keys:
    start-up at 10^4 texts swings more than 2,000 of them cost): its words,
    or, in a container of a fixed size, its `hidden` or its rows, or its rows
    or its `hidden` at the top level (the screen places its children again;
    for `hidden` it is read again, keeping its other children). Then what
    the host decides alone: Tab between two inputs (30,000 keys: one costs
    under a microsecond, less than start-up swings at 10^4 texts); 16 ms of clock with a
    spinner shown, or with a timer writing the label, each before a cursor
    move (the clock alone lays nothing out before the next key); a dropdown
    opened, moved in and chosen from (its item writes the label)."""
    runs = ((False, None, "cursor moves", 20000, ["down", "up"]),
            (True, None, "a handler changing one text", 10000, ["down", "up"]),
            (True, "hide", "a handler toggling one text's hidden in a fixed-size container", 10000, ["down", "up"]),
            (True, "grow", "a handler changing one text's rows in a fixed-size container", 10000, ["down", "up"]),
            (True, "growtop", "a handler changing one text's rows at the top level", 1000, ["down", "up"]),
            (True, "hidetop", "a handler toggling one text's hidden at the top level", 1000, ["down", "up"]),
            (False, "inputs", "Tab between two inputs", 30000, ["tab", "tab"]),
            (False, "spinner", "a 16 ms tick with a spinner shown and a cursor move", 10000,
             ["wait:16", "down", "wait:16", "up"]),
            (False, "timer", "a 16 ms timer writing one text and a cursor move", 10000,
             ["wait:16", "down", "wait:16", "up"]),
            (False, "dropdown", "a dropdown opened, moved in and chosen from", 10000,
             ["enter", "down", "enter", "enter", "up", "enter"]))
    for handler, mode, what, keys, cycle in runs:
        # A key is a step of the cycle; a wait and the move after it count as one.
        steps = [k for k in cycle if not k.startswith("wait:")]
        keyarg = " ".join(cycle * (keys // len(steps)))
        per_key = {}
        for n in (10, 1000, 10000):
            screen = texts_dir(n, handler, mode)
            base = timed([UIHOST, "render", screen, "--size", "80x24"], runs=5)
            full = timed([UIHOST, "render", screen, "--size", "80x24", "--keys", keyarg], runs=5)
            per_key[n] = max(full - base, 1e-9) / keys * 1e6
        row(f"per key, {what}, 10 / 10^3 / 10^4 texts",
            f"{per_key[10]:.1f} / {per_key[1000]:.1f} / {per_key[10000]:.1f}", "µs", "", None)
        ratio = per_key[10000] / per_key[10]
        row(f"per-key ratio 10^4 / 10 texts, {what}", f"{ratio:.2f}", "", "≤ 2", ratio <= 2)


def plugins_dir(n):
    """n plugins, each with a command, a menu item and a setup."""
    d = tempfile.mkdtemp(prefix="uihost-bench-plugins-")
    for i in range(n):
        os.makedirs(os.path.join(d, f"p{i}"))
        with open(os.path.join(d, f"p{i}", "plugin.lua"), "w") as f:
            f.write(f"""return {{
  name = "p{i}", version = "1.0.0",
  setup = function(state) state.n = 0 end,
  commands = {{ {{ id = "p{i}.run", title = "Run plugin {i}", run = function(state) state.n = state.n + 1 end }} }},
  menus = {{ launcher = {{ {{ title = "Plugin {i}", command = "p{i}.run" }} }} }},
}}
""")
    return d


def peak_mib(cmd):
    """Peak resident memory of `cmd` (GNU time: see bubbletea.peak_mib; a
    child of Python starts with Python's own memory in its peak)."""
    return bubbletea.peak_mib(cmd)


def table_figures(py=None):
    """A 4-column ui.table: 10^6 rows from a data source (first frame, memory,
    per key against 10^2 rows), and 10^5 rows from a Lua array against Lua alone;
    beside Textual's DataTable with 10^5 rows (10^6 take it minutes)."""
    big = table_dir(1_000_000, "source")
    start = timed([UIHOST, "render", big, "--size", "80x24"], runs=21)
    row("table, 10^6-row data source, first frame, whole process", f"{start * 1000:.2f}", "ms", "≤ 20 ms", start <= 0.020)
    peak = peak_mib([UIHOST, "render", big, "--size", "80x24"])
    row("table, 10^6-row data source, peak resident memory", f"{peak:.1f}", "MiB", "≤ 25 MiB", peak <= 25)
    keys = 4000
    keyarg = " ".join(["down", "pagedown", "up", "enter"] * (keys // 4))
    per_key = {}
    for n in (100, 1_000_000):
        screen = table_dir(n, "source")
        base = timed([UIHOST, "render", screen, "--size", "80x24"], runs=7)
        full = timed([UIHOST, "render", screen, "--size", "80x24", "--keys", keyarg], runs=7)
        per_key[n] = max(full - base, 1e-9) / keys * 1e6
    row("table per key (render --keys), 10^2 / 10^6 rows", f"{per_key[100]:.2f} / {per_key[1_000_000]:.2f}", "µs", "", None)
    ratio = per_key[1_000_000] / per_key[100]
    row("table per-key ratio 10^6 / 10^2", f"{ratio:.2f}", "", "≤ 1.2", ratio <= 1.2)
    lua_only = timed([UIHOST, "render", table_dir(100_000, "array-only"), "--size", "80x24"], runs=7)
    array = timed([UIHOST, "render", table_dir(100_000, "array"), "--size", "80x24"], runs=7)
    row("table of a 10^5-row array / the array alone, start-up",
        f"{array * 1000:.0f} / {lua_only * 1000:.0f} = {array / lua_only:.2f}", "ms", "≤ 1.5×", array / lua_only <= 1.5)
    if py:
        peer = [py, os.path.join(BENCH, "textual_table.py"), "100000"]
        first = timed(peer, runs=1)
        TEXTUAL["table_s"], TEXTUAL["table_mib"] = first, peak_mib(peer)
        row("Textual DataTable, 10^5 rows, first frame / peak memory",
            f"{first:.1f} s / {TEXTUAL['table_mib']:.0f} MiB", "", "", None)


def ten_mb_json(path):
    """About 10 MB of JSON as an API would send it: records of strings, numbers,
    booleans, nulls, nested objects and arrays."""
    import json, random
    rnd = random.Random(7)
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu".split()
    records, size = [], 0
    while size < 10 * 1024 * 1024:
        r = {"id": len(records), "name": " ".join(rnd.choice(words) for _ in range(3)),
             "price": round(rnd.uniform(0, 1000), 2), "stock": rnd.randint(0, 10_000),
             "active": rnd.random() < 0.5, "note": None if rnd.random() < 0.3 else "caf\u00e9 \"quoted\"",
             "tags": [rnd.choice(words) for _ in range(rnd.randint(0, 5))],
             "dims": {"w": rnd.uniform(0, 1), "h": rnd.uniform(0, 1), "unit": "cm"}}
        text = json.dumps(r)
        records.append(text)
        size += len(text) + 2
    with open(path, "w") as f:
        f.write("[" + ",\n".join(records) + "]")


def ten_mb_markdown(path):
    """About 10 MB of markdown: sections of headings, paragraphs with emphasis,
    code and links, lists, task lists, quotes, fenced code, tables and rules."""
    import random
    rnd = random.Random(7)
    words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor".split()
    parts, size, i = ["# A large document\n\n"], 0, 0
    while size < 10 * 1024 * 1024:
        i += 1
        text = (f"## Section {i}\n\nSome *emphasis*, **strong** text, `code` and a [link](https://example.org/{i}). "
                + " ".join(rnd.choice(words) for _ in range(80))
                + "\n\n- one\n- two with ~~strike~~\n- [x] done\n\n> a quote "
                + " ".join(rnd.choice(words) for _ in range(20))
                + "\n\n```lua\nlocal x = 1\nprint(x)\n```\n\n| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n\n---\n\n")
        parts.append(text)
        size += len(text)
    with open(path, "w") as f:
        f.write("".join(parts))


def data_figures():
    """ui.json.decode of 10 MB (best of 5, inside one process) beside Python's
    json.loads of the same file (best of 5, CPU time both); the whole process of
    `render` of a 10 MB ui.markdown (its first frame)."""
    d = tempfile.mkdtemp(prefix="uihost-bench-data-")
    doc = os.path.join(d, "data.json")
    ten_mb_json(doc)
    out = subprocess.run([UIHOST, "render", os.path.join(BENCH, "json_decode.lua"), "--allow", "fs", "--allow-path", d,
                          "--max-time", "0", "--max-memory", "1024", "--", doc, "5"], capture_output=True, text=True, cwd=ROOT)
    ours = next((float(l.split()[2]) for l in (out.stdout + out.stderr).splitlines() if l.startswith("BENCH json_decode_ms")), None)
    probe = ("import json, sys, time\ntext = open(sys.argv[1]).read()\nbest = 1e9\n"
             "for _ in range(5):\n    t = time.process_time()\n    json.loads(text)\n    best = min(best, time.process_time() - t)\n"
             "print(best * 1000)")
    theirs = float(subprocess.run([sys.executable, "-c", probe, doc], capture_output=True, text=True).stdout.strip())
    mb = os.path.getsize(doc) / 1e6
    if ours is not None:
        row(f"ui.json.decode, {mb:.1f} MB document", f"{ours:.0f}", "ms", "", None)
        row(f"Python json.loads, same file", f"{theirs:.0f}", "ms", "", None)
        row("ui.json.decode / json.loads", f"{ours / theirs:.2f}", "×", "≤ 3×", ours <= 3 * theirs)
    else:
        print("(the JSON bench printed no figure: " + (out.stderr.strip().splitlines() or ["no output"])[-1] + ")")
    md = os.path.join(d, "big.md")
    ten_mb_markdown(md)
    # CPU time of the whole process (user + system): on this shared machine wall-clock
    # time swings with the load of other builds more than the figure itself.
    first = cpu_timed([UIHOST, "render", os.path.join(BENCH, "markdown_big.lua"), "--allow", "fs", "--allow-path", d,
                       "--size", "80x24", "--", md], runs=11)
    row(f"ui.markdown, {os.path.getsize(md) / 1e6:.1f} MB document: first frame, whole process (CPU)", f"{first * 1000:.1f}",
        "ms", "< 100 ms", first < 0.100)
    shutil.rmtree(d, ignore_errors=True)


def textual_python():
    """The venv's python with textual, installing it on first use; None when impossible."""
    py = os.path.join(VENV, "bin", "python")
    try:
        if not os.path.exists(py):
            subprocess.run([sys.executable, "-m", "venv", VENV], check=True, capture_output=True)
        if subprocess.run([py, "-c", "import textual"], capture_output=True).returncode != 0:
            subprocess.run([py, "-m", "pip", "install", "-q", "textual"], check=True, capture_output=True, timeout=600)
        return py
    except Exception as e:  # no network, no venv module, …
        print(f"(Textual figures skipped: cannot install textual into {VENV}: {e})")
        return None


def main():
    use_textual = "--no-textual" not in sys.argv
    py = textual_python() if use_textual else None

    # 1. Whole-process time of `uihost render screens/launcher.lua`.
    start = timed([UIHOST, "render", "screens/launcher.lua"], runs=51)
    row("render launcher, whole process", f"{start * 1000:.2f}", "ms", "≤ 8 ms", start <= 0.008)
    if py:
        peer = timed([py, os.path.join(BENCH, "textual_launcher.py")], runs=5)
        TEXTUAL["launcher_ms"] = peer * 1000
        row("Textual launcher to first frame", f"{peer * 1000:.0f}", "ms", "", None)
        row("start-up, Textual / uihost", f"{peer / start:.0f}", "×", "≥ 50×", peer / start >= 50)

    # 1b. The styled picture of the same frame: `render --format svg`, whole process.
    svg = timed([UIHOST, "render", "screens/launcher.lua", "--format", "svg"], runs=51)
    row("render --format svg, launcher, whole process", f"{svg * 1000:.2f}", "ms", "≤ 15 ms", svg <= 0.015)

    # 1c. Start-up with 20 plugins loaded (each a setup, a command, a menu item) against none.
    plugins = plugins_dir(20)
    with_plugins = timed([UIHOST, "render", "screens/launcher.lua", "--plugins", plugins], runs=51)
    row("render launcher with 20 plugins / without", f"{with_plugins / start:.2f}", "×", "≤ 2×", with_plugins <= 2 * start)

    # 1d. The palette over 10,000 commands: the cost of one typed character (filtering all).
    palette = os.path.join(BENCH, "palette.lua")
    typed = 40
    open_only = timed([UIHOST, "render", palette, "--keys", "ctrl-p"], runs=11)
    typing_all = timed([UIHOST, "render", palette, "--keys", "ctrl-p " + " ".join(["c", "o", "m", "backspace"] * (typed // 4))], runs=11)
    per_char = (typing_all - open_only) / typed
    row("palette of 10,000 commands, per typed key", f"{per_char * 1000:.2f}", "ms", "≤ 5 ms", per_char <= 0.005)

    # 1e. A plugin reads 1,000 rows of the app through ui.call: copies both ways, the callee's limits.
    messages = os.path.join(BENCH, "messages")
    out = subprocess.run([UIHOST, "render", os.path.join(messages, "screen.lua"), "--plugins", os.path.join(messages, "plugins"),
                          "--keys", "ctrl-b", "--log", "-"], capture_output=True, text=True, cwd=ROOT)
    calls = [float(l.split()[2]) for l in (out.stdout + out.stderr).splitlines() if l.startswith("BENCH call_us")]
    if calls:
        row("ui.call round trip, 1,000-row table", f"{calls[0] / 1000:.2f}", "ms", "< 2 ms", calls[0] < 2000)

    # 2. Keys per second through `render --keys`, 1000-item list with a handler.
    d = list_dir(1000)
    keys = 20000
    keyarg = " ".join(["down", "enter", "up", "enter"] * (keys // 4))
    base = timed([UIHOST, "render", os.path.join(d, "list.lua")], runs=11)
    full = timed([UIHOST, "render", os.path.join(d, "list.lua"), "--keys", keyarg], runs=11)
    kps = keys / max(full - base, 1e-9)
    row("keys/s, render --keys, 1000 items + handler", f"{kps:,.0f}", "", "≥ 200,000", kps >= 200_000)
    if py:
        out = subprocess.run([py, os.path.join(BENCH, "textual_keys.py"), "400"], capture_output=True, text=True, cwd=ROOT)
        try:
            peer_kps = float(out.stdout.strip().splitlines()[-1])
            TEXTUAL["kps"] = peer_kps
            row("keys/s, Textual pilot, same screen", f"{peer_kps:,.0f}", "", "", None)
            row("keys/s, uihost / Textual", f"{kps / peer_kps:.0f}", "×", "≥ 100×", kps / peer_kps >= 100)
        except (ValueError, IndexError):
            print("(Textual keys figure failed: " + out.stderr.strip().splitlines()[-1] if out.stderr else "no output" + ")")

    # 3. Per-key cost on 10^6 items against 100 (timed inside one process).
    d = list_dir(100)
    figures = {}
    for name in ("per_key_us_100", "per_key_us_1000", "per_key_us_1e6", "move_us_100", "move_us_1e6"):
        env = dict(os.environ, UIHOST_BENCH_DIR=d, UIHOST_BENCH_KEYS="100000", UIHOST_BENCH_ONLY=name)
        out = subprocess.run([UIHOST, "test", os.path.join(BENCH, "perkey_bench.lua")], capture_output=True, text=True, cwd=ROOT, env=env)
        figures.update({l.split()[1]: float(l.split()[2]) for l in out.stdout.splitlines() if l.startswith("BENCH ")})
    if "per_key_us_1000" in figures:
        press = 1e6 / figures["per_key_us_1000"]
        row("keys/s through app:press, 1000 items + handler", f"{press:,.0f}", "", "", None)
        if "kps" in TEXTUAL:
            row("app:press / Textual pilot", f"{press / TEXTUAL['kps']:.0f}", "×", "≥ 100×", press / TEXTUAL["kps"] >= 100)
    if "move_us_1e6" in figures:
        figures["per_key_ratio"] = figures["per_key_us_1e6"] / figures["per_key_us_100"]
        figures["move_ratio"] = figures["move_us_1e6"] / figures["move_us_100"]
        row("per-key cost, 100 items", f"{figures['per_key_us_100']:.2f}", "µs", "", None)
        row("per-key cost, 10^6 items", f"{figures['per_key_us_1e6']:.2f}", "µs", "", None)
        row("per-key cost ratio 10^6 / 100", f"{figures['per_key_ratio']:.2f}", "", "≤ 1.2", figures["per_key_ratio"] <= 1.2)
        row("per-key cost, moves only, 100 / 10^6", f"{figures['move_us_100']:.2f} / {figures['move_us_1e6']:.2f}", "µs", "", None)
        row("per-key ratio, moves only (no handler)", f"{figures['move_ratio']:.2f}", "", "≤ 1.2", figures["move_ratio"] <= 1.2)

    # 3b. Tables.
    table_figures(py)

    # 3c. Data: ui.json.decode of a 10 MB document beside Python's json.loads, and
    # the first frame of a 10 MB markdown document.
    data_figures()

    # 3d. Per-key cost against the number of components on the screen.
    texts_figures()

    # 4. Bytes the interactive renderer writes for one focus move, against a full frame.
    out = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "Scripts", "pty_check.py"), UIHOST, "--bytes-only"],
                         capture_output=True, text=True, cwd=ROOT)
    for line in out.stdout.splitlines():
        if line.startswith("BENCH focus_move_bytes"):
            parts = line.split()
            move, full_frame = int(parts[2]), int(parts[4])
            row("bytes for one focus move / full frame, in colour", f"{move} / {full_frame} = {100 * move / full_frame:.1f}", "%", "≤ 3%", move <= 0.03 * full_frame)

    # 5. Peak resident memory, launcher.
    peak = peak_mib([UIHOST, "render", "screens/launcher.lua"])
    row("peak resident memory, launcher", f"{peak:.1f}", "MiB", "≤ 25 MiB", peak <= 25)

    # 6. `uihost test` on a 100-case script.
    t = timed([UIHOST, "test", os.path.join(BENCH, "cases100.lua")], runs=5)
    row("uihost test, 100 cases on the launcher", f"{100 / t:,.0f}", "cases/s", "≥ 500", 100 / t >= 500)

    # 6a. The same run with `--coverage`: the line hook's cost.
    lcov = os.path.join(tempfile.mkdtemp(prefix="uihost-bench-"), "out.lcov")
    tc = timed([UIHOST, "test", os.path.join(BENCH, "cases100.lua"), "--coverage", lcov], runs=5)
    row("uihost test --coverage, 100 cases: time over without", f"{tc / t:.2f}", "×", "≤ 2×", tc / t <= 2)

    # 6b. `uihost fuzz` on the launcher: events per second, in process (3 s, seed 1).
    out = subprocess.run([UIHOST, "fuzz", "screens/launcher.lua", "--seconds", "3", "--seed", "1"],
                         capture_output=True, text=True, cwd=ROOT)
    rate = next((int(l.split("(")[-1].split()[0]) for l in out.stdout.splitlines() if "events/s" in l), 0)
    row("uihost fuzz, events/s on the launcher", f"{rate:,}", "", "≥ 20,000", rate >= 20_000)

    # 7. Limits: a runaway handler and memory bombs stop, and the memory comes back.
    out = subprocess.run([UIHOST, "test", os.path.join(BENCH, "safety_bench.lua")], capture_output=True, text=True, cwd=ROOT)
    limits = {l.split()[1]: float(l.split()[2]) for l in out.stdout.splitlines() if l.startswith("BENCH ")}
    for name, what in (("loop", "infinite loop"), ("tables", "memory bomb, small tables"),
                       ("doubling", "memory bomb, doubling string"), ("strings", "memory bomb, 2M small strings"),
                       ("pattern", "backtracking pattern"), ("rep", "loop of 16 MiB string.rep")):
        key = f"stop_{name}_s"
        if key in limits:
            row(f"{what}: stopped after", f"{limits[key]:.2f}", "s", "< 2 s", limits[key] < 2)
    if "stop_compare_s" in limits:
        row("loop comparing long strings (time limit): stopped after", f"{limits['stop_compare_s']:.2f}", "s",
            "≈ 5 s (--max-time)", limits["stop_compare_s"] < 5.5)
    bare = bare_lua_strings_bomb()
    if bare is not None:
        row("the 2M-strings bomb in bare liblua5.4, same 256 MiB limit", f"{bare:.2f}", "s", "", None)
    if "rss_after_kib" in limits:
        before, after = limits["rss_before_kib"], limits["rss_after_kib"]
        row("resident memory before / after the bombs", f"{before / 1024:.1f} / {after / 1024:.1f}", "MiB",
            "within 20%", after <= before * 1.2)

    # 7b. Typing into a text field: characters a second through app:type, and
    # the bytes one typed character sends to a terminal.
    env = dict(os.environ, UIHOST_BENCH_SCREEN=os.path.join(BENCH, "type_screen.lua"))
    out = subprocess.run([UIHOST, "test", os.path.join(BENCH, "type_bench.lua")], capture_output=True, text=True, cwd=ROOT, env=env)
    typing = {l.split()[1]: float(l.split()[2]) for l in out.stdout.splitlines() if l.startswith("BENCH ")}
    if "type_chars_per_s" in typing:
        cps = typing["type_chars_per_s"]
        row("characters/s through app:type into ui.input", f"{cps:,.0f}", "", "≥ 200,000", cps >= 200_000)
    if "bytes_per_typed_char" in typing:
        n = typing["bytes_per_typed_char"]
        row("bytes sent for one typed character, 80x24", f"{n:.0f}", "", "≤ 40", n <= 40)

    # 8. The host's own work for hostile scripts: time and peak memory of the
    # whole `render`, each bounded (< 3 s, < 300 MiB) by the host's limits.
    hostile = [("shared subtree, 2^30 places", "shared_subtree.lua", ""),
               ("sparse items set by a handler", "sparse_items.lua", "enter"),
               ("2000 items with 20000-char unknown keys", "long_keys.lua", ""),
               ("10^6 children set by a handler, 4 frames", "many_children.lua", "enter down down down"),
               ("timers doubling every ms, wait:40", "timer_storm.lua", "wait:40"),
               ("endless ui.every(0), wait:10000", "runaway_timer.lua", "wait:10000")]
    for what, script, keys in hostile:
        probe = "import resource, subprocess, sys, time; t = time.perf_counter(); " \
                "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); " \
                "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
        out = subprocess.run([sys.executable, "-c", probe, UIHOST, "render", os.path.join(ROOT, "Scripts/hostile", script),
                              "--keys", keys], capture_output=True, text=True, cwd=ROOT)
        seconds, kib = out.stdout.split()
        seconds, mib = float(seconds), int(kib) / 1024
        row(f"hostile: {what}", f"{seconds:.2f} s, {mib:.0f}", "MiB", "< 3 s, < 300 MiB", seconds < 3 and mib < 300)

    # 8b. The host reads only what it can show: a 100 MB ui.text renders in
    # bounded time and memory (the whole process: its CPU time, which other
    # builders on a shared machine do not stretch, median of 5, and its peak
    # resident memory), and a key on a screen whose banner shows a 4 MB error
    # costs what any key does.
    probe = "import resource, subprocess, sys; " \
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); " \
            "r = resource.getrusage(resource.RUSAGE_CHILDREN); print(r.ru_utime + r.ru_stime, r.ru_maxrss)"
    runs = []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", probe, UIHOST, "render", os.path.join(BENCH, "huge_text.lua"),
                              "--size", "80x24"], capture_output=True, text=True, cwd=ROOT)
        seconds, kib = out.stdout.split()
        runs.append((float(seconds), int(kib) / 1024))
    seconds, mib = statistics.median(r[0] for r in runs), max(r[1] for r in runs)
    row("render of a 100 MB ui.text, whole process (CPU time)", f"{seconds:.2f} s, {mib:.0f}", "MiB",
        "< 0.5 s, < 300 MiB", seconds < 0.5 and mib < 300)
    env = dict(os.environ, UIHOST_BENCH_SCREEN=os.path.join(BENCH, "error_banner.lua"), UIHOST_BENCH_KEYS="200")
    out = subprocess.run([UIHOST, "test", os.path.join(BENCH, "banner_bench.lua")], capture_output=True, text=True, cwd=ROOT, env=env)
    banner = {l.split()[1]: float(l.split()[2]) for l in out.stdout.splitlines() if l.startswith("BENCH ")}
    if "banner_key_ms" in banner:
        ms = banner["banner_key_ms"]
        row("a key with a 4 MB error in the banner", f"{ms:.2f}", "ms", "< 50 ms", ms < 50)

    # 9. q, Ctrl-C and signals end a busy app at once, the terminal restored (pty).
    out = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "Scripts/pty_check.py"), UIHOST, "--signals-only"],
                         capture_output=True, text=True, cwd=ROOT)
    exits = [l for l in out.stdout.splitlines() if l.startswith("ok exit while busy")]
    if exits:
        worst = max(int(l.rsplit(" in ", 1)[1].split()[0]) for l in exits)
        row(f"exit while a script keeps the loop busy, worst of {len(exits)}", f"{worst}", "ms", "< 1000 ms",
            worst < 1000 and out.returncode == 0)

    # 10. `uihost serve` on loopback: headless chromium and WebSocket clients
    # (Scripts/bench/serve_bench.py; Debian's python3 with python3-selenium).
    out = subprocess.run(["/usr/bin/python3", os.path.join(BENCH, "serve_bench.py"), UIHOST],
                         capture_output=True, text=True, cwd=ROOT)
    serve = {l.split()[1]: float(l.split()[2]) for l in out.stdout.splitlines() if l.startswith("BENCH ")}
    if "page_first_frame_ms" in serve:
        ms = serve["page_first_frame_ms"]
        row("serve: page load to first frame, loopback", f"{ms:.0f}", "ms", "< 150 ms", ms < 150)
    if "page_fresh_frame_ms" in serve:
        ms = serve["page_fresh_frame_ms"]
        row("serve: the same, each load from a blank tab", f"{ms:.0f}", "ms", "", None)
        steps = " / ".join(f"{serve.get('page_' + k + '_ms', 0):.0f}"
                           for k in ("script", "socket_open", "output", "terminal"))
        row("serve: page script / socket open / app output / terminal in page", steps, "ms", "", None)
    if "key_p50_ms" in serve:
        p50, p99 = serve["key_p50_ms"], serve["key_p99_ms"]
        row("serve: a key's round trip, loopback, p50 / p99", f"{p50:.2f} / {p99:.2f}", "ms", "< 2 / < 10 ms",
            p50 < 2 and p99 < 10)
    if "session_pss_mib" in serve:
        pss, rss = serve["session_pss_mib"], serve["session_rss_mib"]
        row("serve: memory per session, 50 sessions (PSS)", f"{pss:.1f}", "MiB", "< 16 MiB", pss < 16)
        row("serve: resident memory per session, 50 sessions (RSS)", f"{rss:.1f}", "MiB", "", None)
    if not serve:
        row("serve figures (serve_bench.py failed)", out.stderr.strip().splitlines()[-1:][0] if out.stderr.strip() else "", "", "", False)
    # ttyd and gotty, the usual peers, are not packaged in Debian bookworm.
    row("ttyd, the same figures", "not in Debian bookworm", "", "", None)

    print_table(("figure", "value", "goal", "holds"), rows)
    if "--no-bubbletea" not in sys.argv:
        beside_bubbletea()


def print_table(header, rows):
    width = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, width)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in width) + "|")
    for r in rows:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(r, width)) + " |")


def beside_bubbletea():
    """The second table: uihost beside Bubble Tea (and Textual where the rows
    above measured it), each figure measured the same way on both sides."""
    binaries = bubbletea.build()
    if isinstance(binaries, str):
        print(f"\n(Bubble Tea figures skipped: {binaries})")
        return
    builds = [("release", UIHOST)]
    for i, arg in enumerate(sys.argv):
        if arg == "--also":
            label, _, binary = sys.argv[i + 1].partition("=")
            builds.append((label, os.path.abspath(binary)))
    peer_rows = []

    def peer_row(name, value, peer, textual, ratio, goal, holds):
        peer_rows.append((name, value, peer, textual, ratio, goal, "yes" if holds else ("—" if holds is None else "NO")))
    bubbletea.figures(builds, binaries, peer_row, list_dir, table_dir, TEXTUAL)
    print()
    print_table(("figure", "uihost", "Bubble Tea", "Textual", "ratio", "goal", "holds"), peer_rows)


def bare_lua_strings_bomb():
    """Seconds Debian's liblua5.4, with no host around it, takes to run the
    strings bomb into the same 256 MiB limit: what no host can beat at that limit."""
    cc = shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
    if cc is None:
        return None
    d = tempfile.mkdtemp()
    exe = os.path.join(d, "bare_bomb")
    build = subprocess.run([cc, "-O2", "-o", exe, os.path.join(BENCH, "bare_bomb.c"), "-llua5.4"], capture_output=True)
    if build.returncode != 0:
        return None
    times = []
    for _ in range(3):
        out = subprocess.run([exe], capture_output=True, text=True)
        times.append(float(out.stdout.split()[-1]))
    return statistics.median(times)


if __name__ == "__main__":
    main()
