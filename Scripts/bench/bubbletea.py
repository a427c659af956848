"""Bubble Tea as a peer of the bench (Scripts/bench/run.py): the Go programs of
Scripts/bench/bubbletea/ (the launcher's shape, a 1000-item list with a handler,
a 10^5-row bubbles/table) built offline from Debian's packages in GOPATH mode,
and the same figures measured the same way on both sides, interleaved (uihost,
then the peer, then the other way round, so that a change in the machine's load
falls on both), medians of at least 11 rounds:

- in a pseudo-terminal: fork to the first whole frame, and keys a second in
  lock-step (a key is written once the app has read the one before it);
- headless: the whole process of `uihost render` against the peer's own headless
  run (its model's Update and View called directly, see bubbletea/headless),
  its wall time, CPU time and peak resident memory.

Nothing here is part of Scripts/test.sh: CI never installs Go.
"""
import fcntl, os, pty, select, shutil, signal, statistics, struct, subprocess, tempfile, termios, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PACKAGES = ["golang-go", "golang-github-charmbracelet-bubbletea-dev",
            "golang-github-charmbracelet-bubbles-dev", "golang-github-charmbracelet-lipgloss-dev"]
GOCODE = "/usr/share/gocode"
GO_CACHE = os.path.expanduser("~/.cache/uihost-bench-go")
KEY_BYTES = {"up": b"\x1b[A", "down": b"\x1b[B", "enter": b"\r"}
# Only a failure waits this long: a guard against a hang, not a measure.
TIMEOUT = 60.0


def installed():
    return shutil.which("go") is not None and all(
        os.path.isdir(os.path.join(GOCODE, "src/github.com/charmbracelet", p)) for p in ("bubbletea", "bubbles", "lipgloss"))


def build():
    """{name: binary} of the three programs, or a string: why there are none."""
    if not installed():
        if os.geteuid() != 0 or shutil.which("apt-get") is None:
            return "missing Debian packages; run: sudo apt-get install -y " + " ".join(PACKAGES)
        out = subprocess.run(["apt-get", "install", "-y", "-qq", *PACKAGES], capture_output=True, text=True,
                             env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        if out.returncode != 0 or not installed():
            return "cannot install " + " ".join(PACKAGES) + ": " + (out.stderr.strip().splitlines() or ["?"])[-1]
    work = tempfile.mkdtemp(prefix="uihost-bench-go-")
    # GOPATH mode: Debian's Go sources under /usr/share/gocode, nothing fetched.
    env = dict(os.environ, GO111MODULE="off", GOPATH=f"{GOCODE}:{work}", GOCACHE=GO_CACHE, GOFLAGS="")
    binaries = {}
    for name in ("launcher", "list", "table"):
        exe = os.path.join(work, name)
        out = subprocess.run(["go", "build", "-o", exe, "."], cwd=os.path.join(HERE, "bubbletea", name),
                             capture_output=True, text=True, env=env)
        if out.returncode != 0:
            return f"go build of bubbletea/{name} failed: " + out.stderr.strip()[-400:]
        binaries[name] = exe
    return binaries


# Whole processes

def run_once(cmd, cwd=ROOT):
    """(wall s, CPU s) of one run of `cmd`, output discarded."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime


def evict(path):
    """Drops `path` from the page cache. A file's resident pages count in the
    peak of every process that maps it, and how many a fault maps at once
    depends on how the file came into the cache (written by the linker, or
    read back): evicted, every binary starts from the same state."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def peak_mib(cmd, cwd=ROOT):
    """Peak resident memory of `cmd` alone, in MiB. Measured by GNU time, a
    small C program that forks: a child that Python spawns (vfork or fork)
    starts with Python's own ~10 MiB counted in its peak, above what is measured."""
    with tempfile.NamedTemporaryFile("r") as out:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out.name, *cmd], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, cwd=cwd)
        return int(out.read().split()[-1]) / 1024


# A pseudo-terminal

class Pty:
    """`argv` in a new pseudo-terminal of 80x24 (set before exec, so the first
    frame already has its size)."""

    def __init__(self, argv, cwd=ROOT, cols=80, rows=24):
        import pyte
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                os.chdir(cwd)
                os.execve(argv[0], argv, dict(os.environ, TERM="xterm-256color"))
            finally:
                os._exit(127)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.pending = b""
        self.tail = b""

    def read(self, seconds):
        r, _, _ = select.select([self.fd], [], [], seconds)
        if r:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return False
            self.answer(self.tail, self.tail + data)
            self.tail = data[-8:]
            self.pending += data
        return bool(r)

    def answer(self, seen, data):
        """Answers the queries a terminal answers at once: lipgloss (through
        termenv) asks for the background colour and the cursor's place before
        Bubble Tea's first frame, and waits 5 s for a terminal that is silent."""
        for query, reply in ((b"\x1b]11;?", b"\x1b]11;rgb:0000/0000/0000\x1b\\"), (b"\x1b[6n", b"\x1b[1;1R")):
            # (`seen` ends the chunk before, whose queries are answered)
            for _ in range(data.count(query) - seen.count(query)):
                os.write(self.fd, reply)

    def text(self):
        if self.pending:
            self.stream.feed(self.pending)
            self.pending = b""
        return "\n".join(self.screen.display)

    def until(self, shown):
        """Reads until every string of `shown` is on the screen; the time then."""
        end = time.perf_counter() + TIMEOUT
        while time.perf_counter() < end:
            if self.read(0.05) and all(s in self.text() for s in shown):
                return time.perf_counter()
        raise RuntimeError(f"{shown} not shown within {TIMEOUT:.0f} s; screen:\n{self.text()}")

    def bytes_read(self):
        """Bytes the app has read so far (/proc/PID/io, rchar)."""
        with open(f"/proc/{self.pid}/io") as f:
            return int(f.readline().split()[1])

    def lock_step(self, keys):
        """Writes each key once the app has read the one before it, reading what
        it writes meanwhile. `FIONREAD` cannot tell: a key written to the
        terminal reaches its input queue a moment later, so it reads 0 both
        before the key arrived and after the app read it; two keys in one read
        are one garbled key for Bubble Tea 0.19 (one key a read), while the
        bytes the process has read say exactly when it has taken the key."""
        done = self.bytes_read()
        for key in keys:
            os.write(self.fd, KEY_BYTES[key])
            done += len(KEY_BYTES[key])
            while self.bytes_read() < done:
                self.read(0)

    def close(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def first_frame(argv, shown, cwd=ROOT):
    """Seconds from fork to the screen showing every string of `shown`."""
    p = Pty(argv, cwd)
    try:
        return p.until(shown) - p.started
    finally:
        p.close()


def pty_keys(argv, keys, first, ready, last, cwd=ROOT):
    """Keys a second in lock-step, from the first key to the frame showing
    `last`. Before them, Enter until the frame shows `ready`: Bubble Tea drops
    what is typed while it is still starting after its first frame."""
    p = Pty(argv, cwd)
    try:
        p.until(first)
        end = time.perf_counter() + TIMEOUT
        while ready not in p.text():
            if time.perf_counter() > end:
                raise RuntimeError(f"{ready!r} not shown within {TIMEOUT:.0f} s")
            os.write(p.fd, KEY_BYTES["enter"])
            stop = time.perf_counter() + 0.3
            while time.perf_counter() < stop:
                p.read(0.05)
        while p.read(0.1):
            pass
        t = time.perf_counter()
        p.lock_step(keys)
        return len(keys) / (p.until(last) - t)
    except RuntimeError:
        # A key lost on the way (Bubble Tea 0.19 drops a read holding two):
        # the run does not count, and the row says how many did not.
        return None
    finally:
        p.close()


# The figures

def interleave(cmds, rounds):
    """Runs each of `cmds` (name → callable) `rounds` times, in turn, the order
    reversed every other round; name → list of results."""
    results = {name: [] for name in cmds}
    for i in range(rounds):
        for name in (list(cmds) if i % 2 == 0 else list(reversed(cmds))):
            results[name].append(cmds[name]())
    return results


def figures(builds, binaries, row, list_dir, table_dir, textual=None, rounds=11):
    """Adds the rows beside Bubble Tea through `row(figure, values, textual,
    ratio, goal, holds)`, `values` one per uihost build then the peer. `builds`
    is [(label, binary)], the release build first; every build is measured
    where start-up and memory differ between them (linking), only the first
    where they cannot (keys). `textual` holds figures the bench already
    measured for Textual (launcher_ms, kps, table_s, table_mib)."""
    textual = textual or {}
    launcher = os.path.join(ROOT, "screens", "launcher.lua")
    uihost = builds[0][1]
    peer = "Bubble Tea"

    # 1. Launcher in a pty, fork to the first whole frame (its title and its last entry).
    cmds = {label: (lambda b=b: first_frame([b, launcher, "--log", "/dev/null"], ["uihost", "About"]))
            for label, b in builds}
    cmds[peer] = lambda: first_frame([binaries["launcher"]], ["uihost", "q quit"])
    r = {k: statistics.median(v) * 1000 for k, v in interleave(cmds, rounds).items()}
    for label, _ in builds:
        row(f"launcher in a pty, fork → first whole frame ({label})", f"{r[label]:.1f} ms", f"{r[peer]:.1f} ms", "",
            f"{r[peer] / r[label]:.2f}× faster", "faster", r[label] < r[peer])

    # 2. Keys a second in a pty, lock-step: a 1000-item list whose Enter writes a label.
    d = list_dir(1000)
    keys = ["down", "enter"] * 500
    first, ready, last = ["nothing chosen", "Item 2"], "chose Item 1 (1)", ["chose Item 501 (501)"]
    runs = interleave({
        "uihost": lambda: pty_keys([uihost, os.path.join(d, "list.lua"), "--log", "/dev/null"], keys, first, ready, last,
                                   cwd=d),
        peer: lambda: pty_keys([binaries["list"]], keys, first, ready, last)}, rounds)
    lost = {k: sum(x is None for x in v) for k, v in runs.items()}
    r = {k: statistics.median([x for x in v if x is not None] or [0]) for k, v in runs.items()}
    note = ", ".join(f"{k}: {n} of {rounds} runs lost a key" for k, n in lost.items() if n)
    row("keys/s in a pty, lock-step, 1000 items + handler" + (f" ({note})" if note else ""), f"{r['uihost']:,.0f}",
        f"{r[peer]:,.0f}", "", f"{r['uihost'] / max(r[peer], 1e-9):.1f}× more", "more", r["uihost"] > r[peer])

    # 3. Keys a second headless: render --keys against the peer's Update/View loop,
    # 20,000 keys less the same run with none (the start-up).
    many = " ".join(["down", "enter", "up", "enter"] * 5000)
    list_lua = os.path.join(d, "list.lua")

    def kps(with_keys, without):
        return 20000 / max(run_once(with_keys, d)[0] - run_once(without, d)[0], 1e-9)
    r = {k: statistics.median(v) for k, v in interleave({
        "uihost": lambda: kps([uihost, "render", list_lua, "--keys", many], [uihost, "render", list_lua]),
        peer: lambda: kps([binaries["list"], "-render", "80x24", "-keys", many], [binaries["list"], "-render", "80x24"]),
    }, rounds).items()}
    t = textual.get("kps")
    row("keys/s headless, 1000 items + handler", f"{r['uihost']:,.0f}", f"{r[peer]:,.0f}", f"{t:,.0f}" if t else "",
        f"{r['uihost'] / r[peer]:.1f}× more", "more", r["uihost"] > r[peer])

    # 4. The launcher headless, whole process: wall and CPU time, then peak memory.
    cmds = {label: (lambda b=b: run_once([b, "render", launcher])) for label, b in builds}
    cmds[peer] = lambda: run_once([binaries["launcher"], "-render", "80x24"])
    r = {k: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v))
         for k, v in interleave(cmds, max(rounds, 21)).items()}
    t = textual.get("launcher_ms")
    for label, _ in builds:
        (uw, uc), (bw, bc) = r[label], r[peer]
        row(f"launcher, headless render, whole process ({label})", f"{uw * 1000:.2f} ms", f"{bw * 1000:.2f} ms",
            f"{t:.0f} ms" if t else "", f"{uw / bw:.2f}×", "≤ 1×", uw <= bw)
        row(f"  the same, CPU time ({label})", f"{uc * 1000:.2f} ms", f"{bc * 1000:.2f} ms", "", f"{uc / bc:.2f}×", "", None)
    for binary in [b for _, b in builds] + [binaries["launcher"]]:
        evict(binary)
    cmds = {label: (lambda b=b: peak_mib([b, "render", launcher])) for label, b in builds}
    cmds[peer] = lambda: peak_mib([binaries["launcher"], "-render", "80x24"])
    r = {k: max(v) for k, v in interleave(cmds, 3).items()}
    for label, _ in builds:
        row(f"launcher, peak resident memory ({label})", f"{r[label]:.1f} MiB", f"{r[peer]:.1f} MiB", "",
            f"{r[label] / r[peer]:.2f}×", "≤ 1.5×", r[label] <= 1.5 * r[peer])

    # 5. A 10^5-row table built up front: first frame and peak memory, whole
    # process (the peer takes seconds: 3 rounds).
    table = table_dir(100_000, "array")
    r = {k: statistics.median(x[0] for x in v) for k, v in interleave({
        "uihost": lambda: run_once([uihost, "render", table, "--size", "80x24"]),
        peer: lambda: run_once([binaries["table"], "-render", "80x24"])}, 3).items()}
    m = {"uihost": peak_mib([uihost, "render", table, "--size", "80x24"]),
         peer: peak_mib([binaries["table"], "-render", "80x24"])}
    ts, tm = textual.get("table_s"), textual.get("table_mib")
    row("table of 10^5 rows (array), first frame, whole process", f"{r['uihost'] * 1000:.0f} ms",
        f"{r[peer] * 1000:.0f} ms", f"{ts * 1000:.0f} ms" if ts else "", f"{r[peer] / r['uihost']:.1f}× faster",
        "faster", r["uihost"] < r[peer])
    row("table of 10^5 rows (array), peak resident memory", f"{m['uihost']:.1f} MiB", f"{m[peer]:.1f} MiB",
        f"{tm:.0f} MiB" if tm else "", f"{m['uihost'] / m[peer]:.2f}×", "", None)
