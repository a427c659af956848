#!/usr/bin/env python3
"""Drives `uihost SCREEN` in a pseudo-terminal, feeds what it writes to the pyte
terminal emulator, and checks that the screen pyte shows equals `uihost render`
for the same keys and size: with `--plain`, its text equals the plain text; in
colour (COLORTERM=truecolor), every cell's text, colours and attributes equal
those of `render --format ansi`. Also checks that SIGTERM and Ctrl-C leave the
terminal sane (termios and the alternate screen restored), and measures the
bytes one focus move writes against a full frame.

Nothing here sleeps for a fixed time except the `wait:MS` keys of a scenario
(real time, as the timers of the screen need it, and then until the screen
shows what `render` shows after the wait): every step waits for a condition
(the first frame drawn, the input read and answered, the expected screen
shown, the process ended), with a timeout that only a failure reaches, far
above what a step takes on a loaded machine (Scripts/test.sh --under-load).
The sessions run a few at once, but for those that time how fast a busy app
exits.

usage: Scripts/pty_check.py [UIHOST_BINARY] [--bytes-only | --signals-only]
"""
import array, fcntl, os, pty, re, select, signal, struct, subprocess, sys, termios, time
from concurrent.futures import ThreadPoolExecutor

import pyte

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UIHOST = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else os.path.join(ROOT, ".build/debug/uihost")
KEY_BYTES = {
    "up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D",
    "enter": b"\r", "tab": b"\t", "shift-tab": b"\x1b[Z", "esc": b"\x1b", "space": b" ",
    "home": b"\x1b[H", "end": b"\x1b[F", "pageup": b"\x1b[5~", "pagedown": b"\x1b[6~",
    "f1": b"\x1bOP", "f2": b"\x1bOQ", "ctrl-c": b"\x03", "ctrl-f": b"\x06", "ctrl-s": b"\x13",
}
# Only a failure waits this long: a guard against a hang, not a measure.
TIMEOUT = 30.0
# Output quiet for this long, with the input read, counts as the app's answer.
SETTLE = 0.05
# Sessions at once, for the checks that do not measure time.
WORKERS = 5
TIOCGPTN = 0x80045430

# (screen, keys) — every example screen, through its main interactions.
SCENARIOS = [
    ("screens/launcher.lua", "down down"),
    ("screens/launcher.lua", "down enter"),
    ("screens/launcher.lua", "down enter esc"),
    ("screens/tabbar.lua", "tab enter down"),
    ("screens/tabbar.lua", "right tab down down"),
    ("screens/tabbar.lua", "right right tab enter down"),
    ("screens/navigation.lua", "end enter"),
    ("screens/dropdown.lua", "enter down down"),
    ("screens/dropdown.lua", "enter down down enter"),
    ("screens/sheet.lua", "enter"),
    ("screens/sheet.lua", "enter esc"),
    # (past the profile's 1.5 s load, so that the frame does not depend on timing)
    ("screens/sidebar.lua", "wait:1800 f2 down"),
    ("screens/sidebar.lua", "wait:1800 tab right"),
    ("screens/form.lua", "A d a ctrl-s"),
    ("screens/form.lua", "tab tab tab enter down enter"),
    ("screens/search.lua", "l a down down"),
]


class Session:
    def __init__(self, screen, cols, rows, extra=(), env=None):
        argv = [UIHOST, screen, "--log", "/dev/null", *extra]
        # `env` adds variables; a None value removes one.
        env = {k: v for k, v in dict(os.environ, TERM="xterm-256color", **(env or {})).items() if v is not None}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            # Sessions start from several threads: the child makes system calls only.
            try:
                os.chdir(ROOT)
                os.execve(UIHOST, argv, env)
            finally:
                os._exit(127)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        # The terminal side, to see whether the app has read what was typed.
        n = struct.unpack("I", fcntl.ioctl(self.fd, TIOCGPTN, b"\0" * 4))[0]
        self.tty = os.open(f"/dev/pts/{n}", os.O_RDWR | os.O_NOCTTY)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.status = None
        self.log = []

    # Reading

    def read(self, seconds):
        """Reads what arrives within `seconds` (returns at the first chunk); its size."""
        r, _, _ = select.select([self.fd], [], [], max(0.0, seconds))
        if not r:
            return 0
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return 0
        self.raw += data
        self.stream.feed(data)
        return len(data)

    def pump(self, seconds):
        """Reads for `seconds` of real time: only for `wait:MS`, whose timers need it."""
        end = time.time() + seconds
        got = 0
        while time.time() < end:
            got += self.read(end - time.time())
        return got

    def unread_input(self):
        count = array.array("i", [0])
        fcntl.ioctl(self.tty, termios.FIONREAD, count)
        return count[0]

    def settle(self, quiet=SETTLE, timeout=TIMEOUT, first=False):
        """Reads until the app has read what was typed and then written nothing
        for `quiet` seconds; with `first`, only once it has written something.
        Returns the bytes read (0 with `first`: nothing came within `timeout`)."""
        end = time.time() + timeout
        got = 0
        last = time.time()
        while time.time() < end:
            n = self.read(min(0.005, quiet))
            now = time.time()
            if n or self.unread_input():
                got += n
                last = now
            elif now - last >= quiet and (got or not first):
                return got
        return got

    def until(self, condition, timeout=TIMEOUT):
        """Reads until `condition()` holds and still holds once the output has settled."""
        end = time.time() + timeout
        while time.time() < end:
            if condition():
                self.settle(timeout=max(0.0, end - time.time()))
                if condition():
                    return True
            else:
                self.read(min(0.02, max(0.0, end - time.time())))
        return condition()

    def in_raw_mode(self):
        lflag = termios.tcgetattr(self.fd)[3]
        return not (lflag & termios.ECHO) and not (lflag & termios.ICANON)

    def start(self):
        """Waits until the first frame is drawn: raw mode, the alternate screen, text."""
        ok = self.until(lambda: b"\x1b[?1049h" in self.raw and self.in_raw_mode() and self.text() != "")
        if not ok:
            self.log.append(f"no first frame within {TIMEOUT:.0f} s")
        return ok

    # Typing

    def press(self, names, shown=None):
        """Types the keys `names`. After a `wait:MS` (real time here, virtual time
        in `render`: both move the clock), with `shown`, also waits until
        `shown(keys so far)` holds: a loaded machine may run the timers the wait
        was for late, and the next key must find them run, as in `render`."""
        done = []
        for name in names.split():
            done.append(name)
            if name.startswith("wait:"):
                self.pump(int(name[5:]) / 1000)
                if shown is not None and not self.until(shown(" ".join(done))):
                    self.log.append(f"after {' '.join(done)!r}, not what render shows")
                continue
            self.send(KEY_BYTES.get(name, name.encode()))

    def send(self, data):
        """Types `data` and waits until the app has read it and answered."""
        os.write(self.fd, data)
        self.settle()

    def text(self):
        return "\n".join(line.rstrip() for line in self.screen.display).rstrip("\n")

    # Ending

    def exited(self):
        """The exit status, or None while the process runs."""
        if self.status is None:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = status
        return self.status

    def wait_exit(self, timeout=TIMEOUT):
        """Reads until the process has ended; its status, or None on timeout.
        `ended` is then the time it was seen to end."""
        end = time.time() + timeout
        while self.exited() is None and time.time() < end:
            self.read(0.005)
        self.ended = time.time()
        if self.status is not None:
            # What it wrote last may still be on its way through the pty.
            self.settle(quiet=0.02, timeout=1)
        return self.status

    def finish(self, sig=signal.SIGTERM):
        if self.status is None:
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                pass
            if self.wait_exit() is None:
                os.kill(self.pid, signal.SIGKILL)
                self.wait_exit()
        return self.status

    def close(self):
        self.finish()
        os.close(self.tty)
        os.close(self.fd)


def render(screen, cols, rows, keys):
    out = subprocess.run([UIHOST, "render", screen, "--size", f"{cols}x{rows}", "--keys", keys],
                         cwd=ROOT, capture_output=True, text=True)
    return out.stdout.rstrip("\n")


def shows_render(s, screen, cols, rows):
    """For `Session.press`: given keys, the condition that the pty shows the
    text `render` prints after them."""
    def after(keys):
        expected = render(screen, cols, rows, keys).split("\n")
        return lambda: s.text().split("\n") == expected
    return after


def diff(expected, shown):
    lines = []
    for i, (a, b) in enumerate(zip(expected.split("\n"), shown.split("\n"))):
        if a != b:
            lines.append(f"  row {i + 1}: render {a!r}\n  row {i + 1}: pty    {b!r}")
    return "\n".join(lines)


def run_all(jobs):
    """Runs jobs (functions returning (failures, report)) a few at once; prints
    the reports in order and returns the failures."""
    def run(job):
        try:
            return job()
        except Exception as error:  # a broken session fails its check, not the others
            return 1, f"FAIL {job}: {error!r}"
    with ThreadPoolExecutor(WORKERS) as pool:
        results = list(pool.map(run, jobs))
    for _, report in results:
        print(report, flush=True)
    return sum(failures for failures, _ in results)


# -- A few at once: scenarios (the pty shows what `render` prints), mouse, resize,
#    --watch and restore

def scenario(screen, keys, cols, rows):
    expected = render(screen, cols, rows, keys)
    # Plain, as `render` prints: in colour what lies beside a popup shows dimmed
    # (the colour scenarios below check that against `render --format ansi`).
    s = Session(screen, cols, rows, extra=("--plain",))
    s.start()
    s.press(keys, shown=shows_render(s, screen, cols, rows))
    # pyte shows a wide glyph as the glyph and an empty cell; compare trimmed text.
    same = s.until(lambda: s.text().split("\n") == expected.split("\n"))
    shown = s.text()
    s.close()
    label = f"pty {screen} {cols}x{rows} keys={keys!r}"
    if same:
        return 0, f"ok {label}"
    return 1, "\n".join([f"FAIL {label}", *s.log, diff(expected, shown)])


# (screen, keys) shown in colour: focus bars, accents, a dimmed backdrop.
COLOUR_SCENARIOS = [
    ("screens/launcher.lua", "down down"),
    ("screens/dropdown.lua", "enter down down"),
    ("screens/sidebar.lua", "wait:1800 f2 down"),
]


def cell(c):
    """What a cell looks like: its text, colours and attributes (a blank's
    foreground and bold or italic show nothing, unless it is reversed or lined)."""
    if c.data == " " and not (c.reverse or c.underscore or c.strikethrough):
        return (" ", None, c.bg, False, False, False, False, False)
    return (c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse, c.strikethrough)


def cells(screen):
    """Every cell of a pyte screen, as `cell` sees it."""
    return [[cell(line[x]) for x in range(screen.columns)]
            for line in (screen.buffer[y] for y in range(screen.lines))]


def ansi_cells(screen, cols, rows, keys):
    """The cells of what `render --format ansi` prints, fed to a terminal of that size."""
    out = subprocess.run([UIHOST, "render", screen, "--size", f"{cols}x{rows}", "--keys", keys, "--format", "ansi"],
                         cwd=ROOT, capture_output=True, env={k: v for k, v in os.environ.items() if k != "NO_COLOR"})
    expected = pyte.Screen(cols, rows)
    pyte.ByteStream(expected).feed(out.stdout.rstrip(b"\n").replace(b"\n", b"\r\n"))
    return cells(expected)


def colour_scenario(screen, keys, cols, rows):
    """The live terminal in 24-bit colour shows, cell for cell, what
    `render --format ansi` prints (fed to a terminal of the same size)."""
    want = ansi_cells(screen, cols, rows, keys)
    s = Session(screen, cols, rows, env={"COLORTERM": "truecolor", "NO_COLOR": None})
    s.start()

    def shown(done):
        at = ansi_cells(screen, cols, rows, done)
        return lambda: cells(s.screen) == at
    s.press(keys, shown=shown)
    same = s.until(lambda: cells(s.screen) == want)
    got = cells(s.screen)
    s.close()
    label = f"pty colours {screen} {cols}x{rows} keys={keys!r}"
    if same:
        return 0, f"ok {label}"
    lines = [f"FAIL {label}", *s.log]
    for y, (a, b) in enumerate(zip(want, got)):
        for x, (p, q) in enumerate(zip(a, b)):
            if p != q:
                lines.append(f"  first difference at row {y + 1}, column {x + 1}: render {p} pty {q}")
                break
        else:
            continue
        break
    return 1, "\n".join(lines)


def colour_jobs():
    return [lambda screen=screen, keys=keys: colour_scenario(screen, keys, 80, 24) for screen, keys in COLOUR_SCENARIOS]


def check_cursor():
    """While a text field has focus the terminal's cursor sits at its caret: the
    last frame ends by moving there (CSI row;col H) and showing the cursor; on
    a button it is hidden."""
    s = Session("screens/form.lua", 80, 24)
    s.start()
    s.press("A d a")
    # "Ada" in the name field: its text starts in column 5 of row 4 (1-based).
    at_caret = s.until(lambda: s.text().split("\n")[3].startswith(" › [Ada")
                       and (s.screen.cursor.y, s.screen.cursor.x) == (3, 7) and not s.screen.cursor.hidden)
    # The frame that showed the field moved there and showed the cursor; later
    # ones (the cursor already shown) only move it: the last bytes are the move.
    shown_after_move = (re.search(rb"\x1b\[4;5H\x1b\[\?25h", s.raw) is not None
                        and s.raw.endswith(b"\x1b[4;8H")
                        and s.raw.rfind(b"\x1b[?25h") > s.raw.rfind(b"\x1b[?25l"))
    s.press("tab tab tab tab")  # to the country dropdown
    hidden = s.until(lambda: s.screen.cursor.hidden)
    s.close()
    if at_caret and shown_after_move and hidden:
        return 0, "ok pty cursor at the caret of a focused input, hidden elsewhere"
    return 1, "\n".join(["FAIL pty cursor", *s.log,
                         f"at caret={at_caret} (cursor row {s.screen.cursor.y + 1} col {s.screen.cursor.x + 1}), "
                         f"CSI 4;8H then show={shown_after_move}, hidden on the dropdown={hidden}"])


def scenario_jobs():
    # Those that wait in real time first, so that the others run meanwhile.
    ordered = sorted(SCENARIOS, key=lambda scenario: "wait:" not in scenario[1])
    return [lambda screen=screen, keys=keys, size=size: scenario(screen, keys, *size)
            for screen, keys in ordered for size in ((80, 24), (40, 12))]


def mouse(kind, col, row):
    """SGR mouse report bytes: press, release, drag (left button), wheel up/down."""
    code, final = {"press": (0, "M"), "release": (0, "m"), "drag": (32, "M"),
                   "wheel-up": (64, "M"), "wheel-down": (65, "M")}[kind]
    return f"\x1b[<{code};{col};{row}{final}".encode()


# (screen, mouse steps, text expected after, text not expected after)
MOUSE_SCENARIOS = [
    ("screens/launcher.lua", [("press", 8, 7), ("release", 8, 7)], "‹ Back", None),
    ("screens/sidebar.lua", [("press", 1, 10), ("drag", 6, 10), ("release", 12, 10)], "Simba", None),
    ("screens/sidebar.lua", [("press", 4, 3), ("release", 4, 3), ("press", 60, 12), ("release", 60, 12)], None, "Simba"),
    ("screens/sheet.lua", [("press", 8, 3), ("release", 8, 3), ("press", 20, 19), ("drag", 20, 21),
                           ("release", 20, 23)], "The sheet was dismissed.", None),
    ("screens/sheet.lua", [("press", 8, 3), ("release", 8, 3), ("press", 20, 5), ("release", 20, 5)],
     "The sheet was dismissed.", None),
    ("screens/tabbar.lua", [("press", 22, 3), ("release", 22, 3), ("wheel-down", 8, 9), ("wheel-down", 8, 9)],
     "IMG_0234", None),
    ("screens/dropdown.lua", [("press", 6, 3), ("release", 6, 3), ("press", 8, 9), ("release", 8, 9)],
     "Trash", "╭"),
]


def mouse_scenario(screen, steps, present, absent):
    s = Session(screen, 80, 24)
    s.start()
    for kind, col, row in steps:
        s.send(mouse(kind, col, row))

    def shows():
        text = s.text()
        return (present is None or present in text) and (absent is None or absent not in text)
    ok = s.until(shows)
    text = s.text()
    s.close()
    label = f"mouse {screen} {[k for k, _, _ in steps]}"
    if ok:
        return 0, f"ok {label}"
    return 1, "\n".join([f"FAIL {label}: expected {present!r} shown and {absent!r} not", *s.log, text])


def mouse_jobs():
    return [lambda args=args: mouse_scenario(*args) for args in MOUSE_SCENARIOS]


# (screen, real milliseconds the final frame needs: the sidebar's 1.5 s profile load)
RESIZE_SCREENS = [("screens/launcher.lua", 0), ("screens/tabbar.lua", 0), ("screens/sidebar.lua", 2000)]


def resize(screen, wait_ms):
    """SIGWINCH down to 1x1 and back: no crash, the frame follows the size."""
    keys = f"wait:{wait_ms} tab" if wait_ms else "tab"
    expected = render(screen, 80, 24, keys)
    s = Session(screen, 80, 24)
    started = time.time()
    s.start()
    for cols, rows in ((1, 1), (2, 1), (40, 12), (1, 30), (120, 40), (80, 24)):
        fcntl.ioctl(s.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.kill(s.pid, signal.SIGWINCH)
        # Each size is drawn.
        if not s.settle(first=True):
            s.log.append(f"nothing drawn at {cols}x{rows}")
    s.screen.resize(24, 80)
    # So that real and virtual time agree: the wait's timers have run, as in `render`.
    s.pump(max(0.0, wait_ms / 1000 - (time.time() - started)))
    if wait_ms and not s.until(shows_render(s, screen, 80, 24)(f"wait:{wait_ms}")):
        s.log.append(f"after wait:{wait_ms}, not what render shows")
    s.send(KEY_BYTES["tab"])
    same = s.until(lambda: s.text().split("\n") == expected.split("\n"))
    alive = s.exited() is None
    shown = s.text()
    s.close()
    if alive and same and not s.log:
        return 0, f"ok resize {screen} down to 1x1 and back"
    return 1, "\n".join([f"FAIL resize {screen}: alive={alive}", *s.log, shown, "--- expected ---", expected])


def resize_jobs():
    return [lambda args=args: resize(*args) for args in RESIZE_SCREENS]


def edit_until(s, path, text, shown):
    """Writes `text` to `path` until the session shows the reload (`shown()`).
    The loop takes up a pushed screen's file at its next poll, 50 ms after the
    frame: an edit before that is part of its first time stamp, never reloaded.
    A loaded machine may poll late, so the same edit is written again (a new
    time stamp) each second it does not show, until the guard passes."""
    end = time.time() + TIMEOUT
    while time.time() < end:
        with open(path, "w") as f:
            f.write(text)
        if s.until(shown, timeout=min(1.0, max(0.0, end - time.time()))):
            return True
    return shown()


def check_watch():
    """--watch: an edit reloads and keeps the navigation path; a broken edit keeps
    the last good screen with the error banner; fixing it clears the banner."""
    import shutil, tempfile
    d = tempfile.mkdtemp(prefix="uihost-watch-")
    shutil.copytree(os.path.join(ROOT, "screens"), os.path.join(d, "screens"))
    nav = os.path.join(d, "screens", "navigation.lua")
    s = Session(os.path.join(d, "screens", "launcher.lua"), 80, 24, extra=("--watch",))
    s.start()
    s.press("down enter")
    reports, failures = [], 0
    if not s.until(lambda: "‹ Back" in s.text()):
        failures += 1
        reports.append(f"FAIL watch: navigation.lua was not pushed\n{s.text()}")
    good = open(nav).read()
    steps = [
        ("an edit reloads, the pushed screen stays", good.replace('"CarouselView"', '"CarouselView (edited)"'),
         ["CarouselView (edited)", "‹ Back"], ["error:"]),
        ("a broken edit keeps the screen and shows the error", good + "\nreturn ui.screen {\n",
         ["CarouselView", "‹ Back", "error: reload failed: "], []),
        ("fixing it reloads and clears the banner", good, ["CarouselView", "‹ Back"], ["error:", "(edited)"]),
    ]
    for label, text, present, absent in steps:
        if edit_until(s, nav, text, lambda: all(p in s.text() for p in present) and not any(a in s.text() for a in absent)):
            reports.append(f"ok watch: {label}")
        else:
            failures += 1
            reports.append(f"FAIL watch: {label}\n{s.text()}")
    s.close()
    shutil.rmtree(d, ignore_errors=True)
    return failures, "\n".join(reports)


def check_watch_state():
    """--watch keeps state: text typed into an input and a list's cursor come
    back after an edit reloads the screen."""
    import shutil, tempfile
    d = tempfile.mkdtemp(prefix="uihost-watch-state-")
    os.makedirs(os.path.join(d, "screens"))
    path = os.path.join(d, "screens", "keep.lua")
    screen = """local items = {}
for i = 1, 20 do items[i] = "Row " .. i end
return ui.screen {
  title = "TITLE",
  ui.input { id = "name", label = "Name" },
  ui.list { items = items },
}
"""
    with open(path, "w") as f:
        f.write(screen.replace("TITLE", "Keep"))
    s = Session(path, 40, 12, extra=("--watch",))
    s.start()
    s.press("h i tab down down down")
    typed = lambda: "[hi" in s.text() and "› Row 4" in s.text()
    reports, failures = [], 0
    if not s.until(typed):
        failures += 1
        reports.append(f"FAIL watch state: the keys did not reach the screen\n{s.text()}")
    if edit_until(s, path, screen.replace("TITLE", "Kept (edited)"), lambda: "Kept (edited)" in s.text() and typed()):
        reports.append("ok watch: typed text and the list cursor survive a reload")
    else:
        failures += 1
        reports.append(f"FAIL watch: typed text and the list cursor survive a reload\n{s.text()}")
    s.close()
    shutil.rmtree(d, ignore_errors=True)
    return failures, "\n".join(reports)


def terminal_restored(s):
    """Whether termios, the alternate screen, the cursor and mouse reports are
    back as they were before uihost."""
    lflag = termios.tcgetattr(s.fd)[3]
    sane = bool(lflag & termios.ECHO) and bool(lflag & termios.ICANON)
    left_alt = s.raw.rfind(b"\x1b[?1049l") > s.raw.rfind(b"\x1b[?1049h")
    cursor = s.raw.rfind(b"\x1b[?25h") > s.raw.rfind(b"\x1b[?25l")
    mouse_off = s.raw.rfind(b"\x1b[?1000l") > s.raw.rfind(b"\x1b[?1000h")
    return sane, left_alt, cursor, mouse_off


def restore(how):
    s = Session("screens/launcher.lua", 80, 24)
    s.start()
    if how == "SIGTERM":
        s.finish(signal.SIGTERM)
    else:
        os.write(s.fd, KEY_BYTES["ctrl-c"] if how == "ctrl-c" else b"q")
        s.wait_exit()
    sane, left_alt, cursor, _ = terminal_restored(s)
    ended = s.status is not None
    s.close()
    if ended and sane and left_alt and cursor:
        return 0, f"ok restore after {how}"
    return 1, (f"FAIL restore after {how}: ended={ended} termios sane={sane} alternate screen left={left_alt} "
               f"cursor shown={cursor}")


def restore_jobs():
    return [lambda how=how: restore(how) for how in ("SIGTERM", "ctrl-c", "q")]


# -- Timed: one session at a time, nothing else running

def children(pid):
    """The processes whose parent is `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    # pid (comm) state ppid …; comm may hold spaces and parentheses.
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    return found


# How long a busy app may take to exit. It takes tens of milliseconds, a few
# hundred on a loaded machine; waiting for the work instead (a sweep of the busy
# timers, the runaway run, the blocking call) would take minutes.
EXIT_LIMIT = 10.0


def check_busy_exits():
    """With scripts keeping the loop busy, q, Ctrl-C, SIGTERM, SIGHUP and SIGQUIT
    each end the app at once (well within EXIT_LIMIT), the terminal restored."""
    failures = 0
    # (screen, how, options, what must be under way when it is sent)
    cases = [("Scripts/hostile/busy_timers.lua", how, (), "frame") for how in ("q", "ctrl-c", "SIGTERM", "SIGHUP", "SIGQUIT")]
    # Ctrl-C and the signals reach into the runaway run, whose limits are lifted
    # so that it would run for an hour; q is read once the budget has stopped it.
    endless = ("--max-instructions", "1000000000000", "--max-time", "0")
    cases += [("Scripts/hostile/runaway_timer.lua", "q", (), "stopped")]
    cases += [("Scripts/hostile/runaway_timer.lua", how, endless, "frame") for how in ("ctrl-c", "SIGTERM", "SIGHUP")]
    # Blocked inside one C call: only the watchdog can end it.
    cases += [("Scripts/hostile/blocking_call.lua", how, ("--allow", "os"), "child") for how in ("ctrl-c", "SIGTERM", "SIGHUP")]
    # A crash of the host itself (here a fault sent from outside) still restores the terminal.
    cases += [("screens/launcher.lua", "SIGSEGV", (), "frame")]
    for screen, how, extra, ready in cases:
        s = Session(screen, 80, 24, extra=extra)
        name = f"{os.path.basename(screen)} {how}"
        running = s.start()
        if running and ready == "stopped":
            running = s.until(lambda: "budget exceeded" in s.text())
            if not running:
                s.log.append("the runaway run was not stopped")
        elif running and ready == "child":
            # Inside the blocking call: its `sleep` has started.
            end = time.time() + TIMEOUT
            while not children(s.pid) and time.time() < end:
                s.read(0.01)
            running = bool(children(s.pid))
            if not running:
                s.log.append("the blocking call never started")
        start = time.time()
        if how.startswith("SIG"):
            os.kill(s.pid, getattr(signal, how))
        else:
            os.write(s.fd, KEY_BYTES.get(how, how.encode()))
        status = s.wait_exit()
        took = s.ended - start
        restored = all(terminal_restored(s))
        s.close()
        if running and status is not None and took < EXIT_LIMIT and restored:
            print(f"ok exit while busy: {name} in {took * 1000:.0f} ms", flush=True)
        else:
            failures += 1
            print("\n".join([f"FAIL exit while busy: {name}: ended={status is not None} after {took:.2f} s, "
                             f"terminal restored={restored}", *s.log]), flush=True)
    return failures


def check_suspend():
    """SIGTSTP gives the terminal back while stopped; SIGCONT takes it again and redraws."""
    s = Session("screens/launcher.lua", 80, 24)
    s.start()
    before = s.text()
    os.kill(s.pid, signal.SIGTSTP)
    stopped = False
    end = time.time() + TIMEOUT
    while not stopped and time.time() < end:
        s.read(0.01)
        done, status = os.waitpid(s.pid, os.WNOHANG | os.WUNTRACED)
        stopped = bool(done) and os.WIFSTOPPED(status)
    s.settle(quiet=0.02)
    restored = all(terminal_restored(s))
    os.kill(s.pid, signal.SIGCONT)
    entered = s.raw.rfind(b"\x1b[?1049h")

    def back():
        return s.in_raw_mode() and s.text() == before and s.raw.rfind(b"\x1b[?1049h") > max(entered, s.raw.rfind(b"\x1b[?1049l"))
    redrawn = s.until(back)
    raw_again = s.in_raw_mode()
    s.close()
    if stopped and restored and raw_again and redrawn:
        print("ok suspend: restored while stopped, raw and redrawn after SIGCONT")
        return 0
    print(f"FAIL suspend: stopped={stopped} restored={restored} raw again={raw_again} redrawn={redrawn}")
    return 1


def focus_move_bytes(items=1000):
    """Bytes written for one focus move on a 1000-item list, against a full frame."""
    import tempfile, shutil
    d = tempfile.mkdtemp()
    shutil.copy(os.path.join(ROOT, "Scripts/bench/list.lua"), d)
    with open(os.path.join(d, "count.lua"), "w") as f:
        f.write(f"return {items}\n")
    s = Session(os.path.join(d, "list.lua"), 80, 24)
    # Everything up to the first frame (its last row shown), then quiet: no other frame follows.
    s.start()
    s.until(lambda: "Item 21" in s.text())
    full = len(s.raw) + s.settle(quiet=0.2)
    # One move: what it writes, once the mark has moved, until quiet again.
    before = len(s.raw)
    os.write(s.fd, KEY_BYTES["down"])
    s.until(lambda: "› Item 2" in s.text())
    s.settle(quiet=0.2)
    move = len(s.raw) - before
    s.close()
    shutil.rmtree(d, ignore_errors=True)
    return full, move


if __name__ == "__main__":
    if "--bytes-only" in sys.argv:
        full, move = focus_move_bytes()
        print(f"BENCH focus_move_bytes {move} full_frame_bytes {full} ratio {move / max(full, 1):.3f}")
        sys.exit(0)
    if "--signals-only" in sys.argv:
        sys.exit(1 if check_busy_exits() + check_suspend() else 0)
    # The sessions that wait on real time start first, beside the quick ones.
    failed = run_all([check_watch, check_watch_state, check_cursor, *colour_jobs(), *resize_jobs(), *scenario_jobs(),
                      *mouse_jobs(), *restore_jobs()])
    # These measure time: one session at a time, nothing else running.
    failed += check_busy_exits() + check_suspend()
    full, move = focus_move_bytes()
    print(f"BENCH focus_move_bytes {move} full_frame_bytes {full} ratio {move / max(full, 1):.3f}")
    if move >= full * 0.10:
        print("FAIL a focus move wrote 10% or more of a full frame")
        failed += 1
    print(f"pty checks: {failed} failed")
    sys.exit(1 if failed else 0)
