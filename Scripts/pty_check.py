#!/usr/bin/env python3
"""Drives `uihost SCREEN` in a pseudo-terminal, feeds what it writes to the pyte
terminal emulator, and checks that the screen pyte shows equals `uihost render`
for the same keys and size. Also checks that SIGTERM and Ctrl-C leave the
terminal sane (termios and the alternate screen restored), and measures the
bytes one focus move writes against a full frame.

usage: Scripts/pty_check.py [UIHOST_BINARY]
"""
import os, pty, select, signal, struct, subprocess, sys, termios, fcntl, time

import pyte

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UIHOST = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else os.path.join(ROOT, ".build/debug/uihost")
KEY_BYTES = {
    "up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D",
    "enter": b"\r", "tab": b"\t", "shift-tab": b"\x1b[Z", "esc": b"\x1b", "space": b" ",
    "home": b"\x1b[H", "end": b"\x1b[F", "pageup": b"\x1b[5~", "pagedown": b"\x1b[6~",
    "f2": b"\x1bOQ", "ctrl-c": b"\x03",
}

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
]


class Session:
    def __init__(self, screen, cols, rows, extra=()):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(ROOT)
            os.environ["TERM"] = "xterm-256color"
            os.execv(UIHOST, [UIHOST, screen, "--log", "/dev/null", *extra])
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""

    def pump(self, seconds=0.15):
        end = time.time() + seconds
        got = 0
        while True:
            left = end - time.time()
            if left <= 0:
                return got
            r, _, _ = select.select([self.fd], [], [], left)
            if not r:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return got
            if not data:
                return got
            got += len(data)
            self.raw += data
            self.stream.feed(data)

    def press(self, names):
        for name in names.split():
            if name.startswith("wait:"):
                # Real time here, virtual time in `render`: both move the clock.
                self.pump(int(name[5:]) / 1000)
                continue
            os.write(self.fd, KEY_BYTES.get(name, name.encode()))
            self.pump(0.08)

    def text(self):
        return "\n".join(line.rstrip() for line in self.screen.display).rstrip("\n")

    def finish(self, sig=signal.SIGTERM):
        try:
            os.kill(self.pid, sig)
        except ProcessLookupError:
            pass
        self.pump(0.2)
        _, status = os.waitpid(self.pid, 0)
        return status


def render(screen, cols, rows, keys):
    out = subprocess.run([UIHOST, "render", screen, "--size", f"{cols}x{rows}", "--keys", keys],
                         cwd=ROOT, capture_output=True, text=True)
    return out.stdout.rstrip("\n")


def check_scenarios():
    failures = 0
    for screen, keys in SCENARIOS:
        for cols, rows in ((80, 24), (40, 12)):
            s = Session(screen, cols, rows)
            s.pump(0.4)
            s.press(keys)
            s.pump(0.2)
            shown = s.text()
            s.finish()
            expected = render(screen, cols, rows, keys)
            # pyte shows a wide glyph as the glyph and an empty cell; compare trimmed text.
            if shown.split("\n") != expected.split("\n"):
                failures += 1
                print(f"FAIL pty {screen} {cols}x{rows} keys={keys!r}")
                for i, (a, b) in enumerate(zip(expected.split("\n"), shown.split("\n"))):
                    if a != b:
                        print(f"  row {i + 1}: render {a!r}\n  row {i + 1}: pty    {b!r}")
            else:
                print(f"ok pty {screen} {cols}x{rows} keys={keys!r}")
    return failures


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


def check_mouse():
    failures = 0
    for screen, steps, present, absent in MOUSE_SCENARIOS:
        s = Session(screen, 80, 24)
        s.pump(0.4)
        for kind, col, row in steps:
            os.write(s.fd, mouse(kind, col, row))
            s.pump(0.08)
        s.pump(0.2)
        text = s.text()
        s.finish()
        ok = (present is None or present in text) and (absent is None or absent not in text)
        label = f"mouse {screen} {[k for k, _, _ in steps]}"
        if ok:
            print(f"ok {label}")
        else:
            failures += 1
            print(f"FAIL {label}: expected {present!r} shown and {absent!r} not\n{text}")
    return failures


def check_resize():
    """SIGWINCH down to 1x1 and back: no crash, the frame follows the size."""
    import termios as t
    failures = 0
    for screen in ("screens/launcher.lua", "screens/tabbar.lua", "screens/sidebar.lua"):
        s = Session(screen, 80, 24)
        started = time.time()
        s.pump(0.4)
        for cols, rows in ((1, 1), (2, 1), (40, 12), (1, 30), (120, 40), (80, 24)):
            fcntl.ioctl(s.fd, t.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.kill(s.pid, signal.SIGWINCH)
            s.pump(0.15)
        s.screen.resize(24, 80)
        # Past the sidebar's 1.5 s profile load, so that real and virtual time agree.
        s.pump(max(0.0, 2.0 - (time.time() - started)))
        os.write(s.fd, KEY_BYTES["tab"])
        s.pump(0.2)
        alive = os.waitpid(s.pid, os.WNOHANG) == (0, 0)
        expected = render(screen, 80, 24, "wait:2000 tab")
        shown = s.text()
        s.finish()
        if alive and shown.split("\n") == expected.split("\n"):
            print(f"ok resize {screen} down to 1x1 and back")
        else:
            failures += 1
            print(f"FAIL resize {screen}: alive={alive}\n{shown}\n--- expected ---\n{expected}")
    return failures


def check_watch():
    """--watch: an edit reloads and keeps the navigation path; a broken edit keeps
    the last good screen with the error banner; fixing it clears the banner."""
    import shutil, tempfile
    d = tempfile.mkdtemp(prefix="uihost-watch-")
    shutil.copytree(os.path.join(ROOT, "screens"), os.path.join(d, "screens"))
    nav = os.path.join(d, "screens", "navigation.lua")
    s = Session(os.path.join(d, "screens", "launcher.lua"), 80, 24, extra=("--watch",))
    s.pump(0.4)
    s.press("down enter")
    good = open(nav).read()
    steps = [
        ("an edit reloads, the pushed screen stays", good.replace('"CarouselView"', '"CarouselView (edited)"'),
         ["CarouselView (edited)", "‹ Back"], ["error:"]),
        ("a broken edit keeps the screen and shows the error", good + "\nreturn ui.screen {\n",
         ["CarouselView", "‹ Back", "error: reload failed: "], []),
        ("fixing it reloads and clears the banner", good, ["CarouselView", "‹ Back"], ["error:", "(edited)"]),
    ]
    failures = 0
    for label, text, present, absent in steps:
        time.sleep(0.05)
        with open(nav, "w") as f:
            f.write(text)
        s.pump(0.6)
        shown = s.text()
        if all(p in shown for p in present) and not any(a in shown for a in absent):
            print(f"ok watch: {label}")
        else:
            failures += 1
            print(f"FAIL watch: {label}\n{shown}")
    s.finish()
    return failures


def check_restore():
    failures = 0
    for how in ("SIGTERM", "ctrl-c", "q"):
        s = Session("screens/launcher.lua", 80, 24)
        s.pump(0.4)
        if how == "SIGTERM":
            s.finish(signal.SIGTERM)
        else:
            os.write(s.fd, KEY_BYTES["ctrl-c"] if how == "ctrl-c" else b"q")
            s.pump(0.3)
            os.waitpid(s.pid, 0)
        attrs = termios.tcgetattr(s.fd)
        lflag = attrs[3]
        sane = bool(lflag & termios.ECHO) and bool(lflag & termios.ICANON)
        left_alt = s.raw.rfind(b"\x1b[?1049l") > s.raw.rfind(b"\x1b[?1049h")
        cursor = s.raw.rfind(b"\x1b[?25h") > s.raw.rfind(b"\x1b[?25l")
        if sane and left_alt and cursor:
            print(f"ok restore after {how}")
        else:
            failures += 1
            print(f"FAIL restore after {how}: termios sane={sane} alternate screen left={left_alt} cursor shown={cursor}")
        os.close(s.fd)
    return failures


def terminal_restored(s):
    """Whether termios and the screen modes are back as they were before uihost."""
    lflag = termios.tcgetattr(s.fd)[3]
    sane = bool(lflag & termios.ECHO) and bool(lflag & termios.ICANON)
    left_alt = s.raw.rfind(b"\x1b[?1049l") > s.raw.rfind(b"\x1b[?1049h")
    cursor = s.raw.rfind(b"\x1b[?25h") > s.raw.rfind(b"\x1b[?25l")
    mouse = s.raw.rfind(b"\x1b[?1000l") > s.raw.rfind(b"\x1b[?1000h")
    return sane and left_alt and cursor and mouse


def wait_exit(pid, seconds):
    """The exit status, or None when the process still runs after `seconds`."""
    end = time.time() + seconds
    while time.time() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.01)
    return None


def check_busy_exits():
    """With scripts keeping the loop busy, q, Ctrl-C, SIGTERM, SIGHUP and SIGQUIT
    each end the app within a second, the terminal restored."""
    failures = 0
    cases = [("Scripts/hostile/busy_timers.lua", how, ()) for how in ("q", "ctrl-c", "SIGTERM", "SIGHUP", "SIGQUIT")]
    cases += [("Scripts/hostile/runaway_timer.lua", how, ()) for how in ("q", "SIGTERM")]
    # Blocked inside one C call: only the watchdog can end it.
    cases += [("Scripts/hostile/blocking_call.lua", how, ("--allow", "os")) for how in ("ctrl-c", "SIGTERM", "SIGHUP")]
    # A crash of the host itself (here a fault sent from outside) still restores the terminal.
    cases += [("screens/launcher.lua", "SIGSEGV", ())]
    for screen, how, extra in cases:
        s = Session(screen, 80, 24, extra=extra)
        s.pump(0.5)
        start = time.time()
        if how.startswith("SIG"):
            os.kill(s.pid, getattr(signal, how))
        else:
            os.write(s.fd, KEY_BYTES.get(how, how.encode()))
        status = None
        while status is None and time.time() - start < 3:
            s.pump(0.02)
            status = wait_exit(s.pid, 0.01)
        took = time.time() - start
        if status is None:
            os.kill(s.pid, signal.SIGKILL)
            os.waitpid(s.pid, 0)
        s.pump(0.05)
        restored = terminal_restored(s)
        name = f"{os.path.basename(screen)} {how}"
        if status is not None and took < 1.0 and restored:
            print(f"ok exit while busy: {name} in {took * 1000:.0f} ms")
        else:
            failures += 1
            print(f"FAIL exit while busy: {name}: ended={status is not None} after {took:.2f} s, terminal restored={restored}")
        os.close(s.fd)
    return failures


def check_suspend():
    """SIGTSTP gives the terminal back while stopped; SIGCONT takes it again and redraws."""
    s = Session("screens/launcher.lua", 80, 24)
    s.pump(0.4)
    before = s.text()
    os.kill(s.pid, signal.SIGTSTP)
    stopped = False
    end = time.time() + 2
    while not stopped and time.time() < end:
        s.pump(0.02)
        done, status = os.waitpid(s.pid, os.WNOHANG | os.WUNTRACED)
        stopped = bool(done) and os.WIFSTOPPED(status)
    restored = terminal_restored(s)
    os.kill(s.pid, signal.SIGCONT)
    s.pump(0.4)
    lflag = termios.tcgetattr(s.fd)[3]
    raw_again = not (lflag & termios.ECHO) and not (lflag & termios.ICANON)
    redrawn = s.text() == before and s.raw.rfind(b"\x1b[?1049h") > s.raw.rfind(b"\x1b[?1049l")
    s.finish()
    os.close(s.fd)
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
    full = s.pump(0.5)
    os.write(s.fd, KEY_BYTES["down"])
    move = s.pump(0.3)
    s.finish()
    return full, move


if __name__ == "__main__":
    if "--bytes-only" in sys.argv:
        full, move = focus_move_bytes()
        print(f"BENCH focus_move_bytes {move} full_frame_bytes {full} ratio {move / max(full, 1):.3f}")
        sys.exit(0)
    if "--signals-only" in sys.argv:
        sys.exit(1 if check_busy_exits() + check_suspend() else 0)
    failed = check_scenarios() + check_mouse() + check_resize() + check_watch() + check_restore()
    failed += check_busy_exits() + check_suspend()
    full, move = focus_move_bytes()
    print(f"BENCH focus_move_bytes {move} full_frame_bytes {full} ratio {move / max(full, 1):.3f}")
    if move >= full * 0.10:
        print("FAIL a focus move wrote 10% or more of a full frame")
        failed += 1
    print(f"pty checks: {failed} failed")
    sys.exit(1 if failed else 0)
