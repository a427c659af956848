#!/usr/bin/env python3
"""Checks `uihost serve` end to end: a real browser (Debian's headless
chromium, driven by chromedriver through python3-selenium) opens the printed
URL, reads the launcher in xterm.js's rows, presses keys, pastes, clicks,
resizes the window and closes its tab (its session's process must be gone);
WebSocket clients check what a browser would never do (a wrong token, a
foreign Origin, a frame over 1 MiB, a flood, too many sessions, an idle one,
SIGTERM); and two servers behind Debian's nginx, started here on loopback
ports with Scripts/serve/nginx.conf, share the sessions of one URL.

Every wait waits for a condition, with a guard (GUARD seconds) that only a
failure reaches: nothing here sleeps for a fixed time, and a slow or loaded
machine only makes it slower. Every server, browser and nginx started here is
ended here, by its process id, however the run ends.

usage: Scripts/serve_check.py [UIHOST_BINARY]
"""
import os, re, shutil, signal, subprocess, sys, tempfile, threading, time, traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Scripts", "serve"))
from websocket import Closed, Refused, WebSocket, http_status  # noqa: E402

UIHOST = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/uihost")
# Only a failure waits this long: a guard against a hang, not a measure.
GUARD = 90.0
LAUNCHER = "Example screens"
started = []       # every process started here, ended at exit


def wait_for(condition, what, timeout=GUARD):
    """Polls `condition` until it returns something true; returns it."""
    deadline = time.monotonic() + timeout
    delay = 0.005
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(delay)
        delay = min(delay * 2, 0.1)


def children(pid):
    """The pids of the processes whose parent is `pid`."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except (FileNotFoundError, ProcessLookupError, ValueError):
                pass
    return out


def waiting_for_size(pid):
    """Whether the process sleeps in sigwait: a spare that loaded its screen and waits for a size."""
    try:
        with open(f"/proc/{pid}/wchan") as f:
            return "sigtimedwait" in f.read()
    except (FileNotFoundError, ProcessLookupError):
        return False


def alive(pid):
    """Whether the process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


class Server:
    """A `uihost serve` on a free loopback port, its log kept line by line."""

    def __init__(self, *extra, screen="screens/launcher.lua"):
        self.lines = []
        self.proc = subprocess.Popen([UIHOST, "serve", screen, "--port", "0", "--log", "/dev/null", *extra], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        started.append(self.proc)
        self.url = None
        threading.Thread(target=self._read, args=(self.proc.stdout, True), daemon=True).start()
        threading.Thread(target=self._read, args=(self.proc.stderr, False), daemon=True).start()
        wait_for(lambda: self.url or self.proc.poll() is not None, "the server's URL")
        if not self.url:
            raise AssertionError("the server ended: " + "\n".join(self.lines))
        self.port = int(re.match(r"http://127\.0\.0\.1:(\d+)/", self.url).group(1))
        self.token = self.url.rstrip("/").rsplit("/", 1)[1]

    def _read(self, stream, is_stdout):
        for line in stream:
            if is_stdout and self.url is None and line.startswith("http"):
                self.url = line.strip()
            else:
                self.lines.append(line.rstrip("\n"))

    @property
    def socket_url(self):
        return self.url.replace("http://", "ws://") + "ws?cols=100&rows=30"

    def session_pids(self):
        return [int(m.group(1)) for line in self.lines for m in [re.search(r"started .*\(pid (\d+),", line)] if m]

    def new_session_pid(self, known):
        """The pid of a session started after the `known` ones."""
        return wait_for(lambda: next((p for p in self.session_pids() if p not in known), None), "a new session in the log")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=GUARD)
        return self.proc.returncode


# MARK: - The browser

def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1100,760", "--no-first-run", "--disable-extensions"]:
        options.add_argument(arg)
    service = Service("/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(GUARD)
    return driver


def rows(driver):
    """The text of xterm.js's rows, as the DOM renderer shows them."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.xterm-rows > div')).map(r => r.textContent);") or []


def screen_text(driver):
    return "\n".join(rows(driver)).replace("\u00a0", " ")


def wait_text(driver, text, what=None):
    return wait_for(lambda: text in screen_text(driver), what or f"{text!r} in xterm.js's rows")


def press(driver, *keys):
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(driver).send_keys(*keys).perform()


def click_cell(driver, col, row):
    """A click on the middle of a cell (Selenium's offsets are from the element's centre)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    screen = driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
    cols, nrows = driver.execute_script("return [uihostTerm.cols, uihostTerm.rows];")
    width, height = screen.size["width"], screen.size["height"]
    x = (col + 0.5) * width / cols - width / 2
    y = (row + 0.5) * height / nrows - height / 2
    ActionChains(driver).move_to_element_with_offset(screen, int(x), int(y)).click().perform()


def find_cell(driver, text):
    for y, line in enumerate(rows(driver)):
        x = line.replace("\u00a0", " ").find(text)
        if x >= 0:
            return x, y
    raise AssertionError(f"{text!r} is not on the screen:\n{screen_text(driver)}")


def check_browser_session(driver, server):
    from selenium.webdriver.common.keys import Keys
    known = server.session_pids()
    t = time.monotonic()
    driver.get(server.url)
    wait_text(driver, LAUNCHER)
    first_frame = time.monotonic() - t
    pid = server.new_session_pid(known)
    assert alive(pid), "the session's process is not running"
    title = driver.title
    assert "launcher" in title, f"the page's title is {title!r}"
    # Keys: two downs move the list's cursor; Enter opens the screen, Esc comes back.
    press(driver, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    wait_text(driver, "› ▾ DropDownMenu")
    press(driver, Keys.ENTER)
    wait_text(driver, "‹ Back")
    press(driver, Keys.ESCAPE)
    wait_text(driver, LAUNCHER)
    # A click on a row of the list opens it; a click on ‹ Back comes back.
    click_cell(driver, *find_cell(driver, "About"))
    wait_text(driver, "Terminal apps as short Lua scripts")
    click_cell(driver, *find_cell(driver, "‹ Back"))
    wait_text(driver, LAUNCHER)
    # A paste (bracketed, as the app asked) into the search field; the cursor shows there.
    click_cell(driver, *find_cell(driver, "Search  "))
    wait_text(driver, "type to filter")
    driver.execute_script("""
        const data = new DataTransfer(); data.setData('text/plain', 'Lua');
        document.querySelector('.xterm-helper-textarea').dispatchEvent(
            new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));""")
    wait_text(driver, "[Lua ")
    wait_for(lambda: driver.execute_script("return document.querySelectorAll('.xterm-rows .xterm-cursor').length") > 0,
             "the cursor in the search field")
    press(driver, Keys.ESCAPE)
    wait_text(driver, LAUNCHER)
    # A smaller window: the page fits the terminal to it, the app draws at the new size.
    before = driver.execute_script("return [uihostTerm.cols, uihostTerm.rows];")
    driver.set_window_size(700, 460)
    cols = wait_for(lambda: (lambda c: c if c != before[0] else None)(driver.execute_script("return uihostTerm.cols;")),
                    "the terminal to fit the smaller window")
    wait_for(lambda: "─" * cols in [line.replace("\u00a0", " ").strip(" ") for line in rows(driver)]
             and ("─" * (cols + 1)) not in screen_text(driver), f"the app's divider redrawn {cols} wide")
    driver.set_window_size(1100, 760)
    wide = wait_for(lambda: (lambda c: c if c > cols else None)(driver.execute_script("return uihostTerm.cols;")),
                    "the terminal to fit the larger window")
    wait_text(driver, "─" * wide, f"the app's divider redrawn {wide} wide")
    return first_frame


def check_closed_tab_ends_its_session(driver, server):
    main = driver.current_window_handle
    known = server.session_pids()
    driver.switch_to.new_window("tab")
    driver.get(server.url)
    wait_text(driver, LAUNCHER)
    pid = server.new_session_pid(known)
    t = time.monotonic()
    driver.close()
    driver.switch_to.window(main)
    wait_for(lambda: not alive(pid), "the closed tab's process to end")
    gone = time.monotonic() - t
    wait_for(lambda: any(f"pid {pid}" in l for l in server.lines) and
             any("ended: the tab closed" in l for l in server.lines), "the session's end in the log")
    return gone


# MARK: - What a browser would not send

def check_token_required(server):
    base = server.url.rsplit("/", 2)[0]
    for path in ["/", "/" + "A" * len(server.token) + "/", "/favicon.ico", "/" + "A" * len(server.token) + "/xterm/xterm.js",
                 "/" + server.token[:-1] + "/", "/" + server.token + "x/"]:
        status = http_status(base + path)
        assert status == 403, f"GET {path[:12]}… answered {status}, not 403"
    assert http_status(server.url) == 200
    assert http_status(server.url + "xterm/xterm.js") == 200
    assert http_status(server.url + "xterm/copyright") == 200
    try:
        WebSocket(server.socket_url.replace(server.token, "B" * len(server.token)))
        raise AssertionError("a WebSocket with a wrong token was accepted")
    except Refused as refused:
        assert refused.status == 403, refused
    assert not any(server.token in line for line in server.lines), "the token is in the log"


def check_foreign_origin_refused(server):
    for origin in ["http://evil.example", "null", f"http://127.0.0.1:{server.port + 1}", ""]:
        try:
            WebSocket(server.socket_url, origin=origin or False)
            raise AssertionError(f"a WebSocket from Origin {origin!r} was accepted")
        except Refused as refused:
            assert refused.status == 403, refused
    ws = WebSocket(server.socket_url)
    ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
    ws.close()


def check_protocol(server):
    """Colours, the cursor and OSC 8 links come over the socket as a terminal gets them."""
    ws = WebSocket(server.socket_url)
    out = ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
    assert b"\x1b[38;2;" in out or b"\x1b[48;2;" in out, "no 24-bit colour in the first frame"
    ws.key("\x1b[F")   # End: the last row; About is two above it (the JSON viewer, the file browser)
    ws.read_until(lambda b: "› ⌸ File browser".encode() in b, GUARD)
    ws.key("\x1b[A")
    ws.key("\x1b[A")
    ws.read_until(lambda b: "› ▣ About".encode() in b, GUARD)
    ws.key("\r")
    out = ws.read_until(lambda b: b"\x1b]8;;" in b, GUARD)
    ws.resize(60, 20)
    ws.read_until(lambda b: b"\x1b[2J" in b, GUARD)
    ws.close()


def check_limits_close_the_session_not_the_server(server):
    ws = WebSocket(server.socket_url)
    ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
    ws.frame(0x1, b"i" + b"x" * 1000, announce=2 << 20)  # a frame that says it is 2 MiB
    expect_close(ws, 1009)
    ws = WebSocket(server.socket_url)
    ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
    ws.frame(0x1, b"i" + b"x" * 65536, fin=False)        # 1 MiB and more in pieces
    try:
        for _ in range(20):
            ws.frame(0x0, b"x" * 65536, fin=False)
    except OSError:
        pass
    expect_close(ws, 1009)
    ws = WebSocket(server.socket_url)
    ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
    try:
        # 5000 messages in one write: they arrive within the same second however slow this machine is.
        ws.frames([(0x1, b"r80,24")] * 5000)
    except OSError:
        pass
    expect_close(ws, 1008)
    ws = WebSocket(server.socket_url)
    ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
    ws.close()
    assert server.proc.poll() is None, "the server ended"


def expect_close(ws, code):
    try:
        ws.read_until(lambda b: False, GUARD)
    except Closed as closed:
        assert closed.code == code, f"closed with {closed.code} {closed.reason!r}, not {code}"
        return closed
    except OSError:
        raise AssertionError(f"the connection broke without a close frame (expected {code})")


def check_max_sessions():
    server = Server("--max-sessions", "2")
    try:
        first, second = WebSocket(server.socket_url), WebSocket(server.socket_url)
        for ws in (first, second):
            ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
        closed = expect_close(WebSocket(server.socket_url), 1013)
        assert "at most 2" in closed.reason, closed.reason
        assert http_status(server.url) == 503
        pid = server.session_pids()[0]
        first.close()
        wait_for(lambda: not alive(pid), "the first session to end")
        wait_for(lambda: http_status(server.url) == 200, "the page once a session is free")
        second.close()
    finally:
        server.stop()


def check_idle_session_ends():
    server = Server("--idle", "2s")
    try:
        t = time.monotonic()
        ws = WebSocket(server.socket_url)
        # No wait for the first frame: on a loaded machine it may come after the 2 s.
        closed = expect_close(ws, 4000)
        assert time.monotonic() - t >= 2, "closed before it was idle for 2 s"
        assert "2 seconds without input" in closed.reason, closed.reason
        wait_for(lambda: not alive(server.session_pids()[0]), "the idle session's process to end")
    finally:
        server.stop()


def check_sigterm_ends_every_session():
    server = Server()
    sockets = [WebSocket(server.socket_url) for _ in range(3)]
    for ws in sockets:
        ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
    pids = wait_for(lambda: (lambda p: p if len(p) == 3 else None)(server.session_pids()), "three sessions")
    server.proc.send_signal(signal.SIGTERM)
    for ws in sockets:
        closed = expect_close(ws, 1001)
        assert "server stopped" in closed.reason, closed.reason
    assert server.proc.wait(timeout=GUARD) == 0, f"the server exited {server.proc.returncode}"
    for pid in pids:
        assert not alive(pid), f"session process {pid} outlived the server"
    out = subprocess.run(["pgrep", "-P", str(server.proc.pid)], capture_output=True, text=True).stdout
    assert not out.strip(), f"children left: {out}"


def check_killed_server_leaves_no_child():
    """SIGKILL gives the server no say: the sessions' terminals hang up and each child ends itself."""
    server = Server()
    sockets = [WebSocket(server.socket_url) for _ in range(2)]
    for ws in sockets:
        ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
    wait_for(lambda: (lambda p: p if len(p) == 2 else None)(server.session_pids()), "two sessions")
    # The two sessions' children and the spare waiting for the next tab.
    pids = wait_for(lambda: (lambda p: p if len(p) == 3 else None)([p for p in children(server.proc.pid) if alive(p)]),
                    "two sessions and the spare")
    server.proc.kill()
    server.proc.wait(timeout=GUARD)
    for pid in pids:
        wait_for(lambda: not alive(pid), f"session process {pid} to end after the server was killed")
    for ws in sockets:
        ws.sock.close()


def check_spare_starts_the_next_tab():
    """A tab's child was started before the tab (the spare), loaded and
    waiting; the tab's size is the one it draws at; a new spare follows.
    A screen that fails to load ends its spare, and each tab then starts
    its own child, which shows the tab why."""
    server = Server()
    try:
        spare = wait_for(lambda: next(iter(p for p in children(server.proc.pid) if alive(p)), None), "the spare")
        ws = WebSocket(server.url.replace("http://", "ws://") + "ws?cols=70&rows=20")
        # The app drew at the tab's size: its divider is 70 wide, no wider.
        seen = ws.read_until(lambda b: LAUNCHER.encode() in b and ("─" * 70).encode() in b, GUARD)
        assert server.session_pids() == [spare], f"the session's child {server.session_pids()} is not the spare {spare}"
        assert ("─" * 71).encode() not in seen, "the first frame is wider than the tab"
        wait_for(lambda: len([p for p in children(server.proc.pid) if alive(p) and p != spare]) == 1, "the next spare")
        ws.close()
    finally:
        assert server.stop() == 0
    with tempfile.TemporaryDirectory() as folder:
        # An edit made while the spare waits is what the next tab shows.
        screen = os.path.join(folder, "edited.lua")
        with open(screen, "w") as f:
            f.write("return ui.screen { ui.text 'before the edit' }\n")
        server = Server(screen=screen)
        try:
            spare = wait_for(lambda: next(iter(p for p in children(server.proc.pid) if alive(p)), None), "the spare")
            wait_for(lambda: waiting_for_size(spare), "the spare to load its screen and wait")
            with open(screen, "w") as f:
                f.write("return ui.screen { ui.text 'after the edit' }\n")
            ws = WebSocket(server.socket_url)
            seen = ws.read_until(lambda b: b"the edit" in b, GUARD)
            assert b"after the edit" in seen and b"before the edit" not in seen, seen[-300:]
            ws.close()
        finally:
            assert server.stop() == 0
        broken = os.path.join(folder, "broken.lua")
        with open(broken, "w") as f:
            f.write("return ui.screen { ui.text { text = nil .. 'x' } }\n")
        server = Server(screen=broken)
        try:
            wait_for(lambda: any("the spare ended before its tab came" in line for line in server.lines), "the spare to end")
            ws = WebSocket(server.socket_url)
            ws.read_until(lambda b: b"broken.lua:1" in b, GUARD)
        finally:
            assert server.stop() == 0


# MARK: - Scale-out behind nginx

def nginx_config(port, upstreams, directory):
    """The repository's config with this run's ports: the only change."""
    with open(os.path.join(ROOT, "Scripts", "serve", "nginx.conf")) as f:
        text = f.read()
    text = text.replace("listen 127.0.0.1:8080;", f"listen 127.0.0.1:{port};")
    servers = "".join(f"        server 127.0.0.1:{p};\n" for p in upstreams)
    lines = re.findall(r"^ *server 127\.0\.0\.1:\d+;\n", text, flags=re.M)
    assert len(lines) == 2 and "listen 127.0.0.1:" in text, "Scripts/serve/nginx.conf changed its ports' lines"
    text = text.replace(lines[0], servers).replace(lines[1], "")
    path = os.path.join(directory, "nginx.conf")
    with open(path, "w") as f:
        f.write(text)
    return path


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def check_scale_out(driver):
    if not shutil.which("nginx") and not os.path.exists("/usr/sbin/nginx"):
        raise AssertionError("nginx is not installed (Scripts/setup.sh installs it)")
    directory = tempfile.mkdtemp(prefix="uihost-serve-nginx-")
    token_file = os.path.join(directory, "token")
    with open(token_file, "w") as f:
        f.write(subprocess.run(["python3", "-c", "import secrets; print(secrets.token_urlsafe(32))"],
                               capture_output=True, text=True).stdout)
    servers = [Server("--token-file", token_file) for _ in range(2)]
    nginx = None
    try:
        port = free_port()
        config = nginx_config(port, [s.port for s in servers], directory)
        nginx = subprocess.Popen(["/usr/sbin/nginx", "-p", directory, "-c", config, "-e", "stderr"],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        started.append(nginx)
        url = f"http://127.0.0.1:{port}/uihost/{servers[0].token}/"

        def answering():
            try:
                return http_status(url) == 200
            except OSError:
                return nginx.poll() is not None and AssertionError(nginx.stdout.read())
        ok = wait_for(answering, "nginx to answer")
        if isinstance(ok, AssertionError):
            raise ok
        # A browser through the proxy.
        driver.get(url)
        wait_text(driver, LAUNCHER)
        from selenium.webdriver.common.keys import Keys
        press(driver, Keys.ARROW_DOWN)
        wait_text(driver, "› ≡ NavigationListView")
        # More sessions through the proxy: they land on both servers.
        sockets = []
        for _ in range(4):
            ws = WebSocket(url.replace("http://", "ws://") + "ws?cols=90&rows=25")
            ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
            sockets.append(ws)
        counts = [len(s.session_pids()) for s in servers]
        assert all(c > 0 for c in counts), f"sessions per server: {counts}"
        for ws in sockets:
            ws.close()
        # A foreign Origin is refused through the proxy too.
        try:
            WebSocket(url.replace("http://", "ws://") + "ws", origin="http://evil.example")
            raise AssertionError("a foreign Origin passed through the proxy")
        except Refused as refused:
            assert refused.status == 403
        driver.get("about:blank")
        return counts
    finally:
        if nginx and nginx.poll() is None:
            nginx.send_signal(signal.SIGTERM)
            nginx.wait(timeout=GUARD)
        for s in servers:
            s.stop()
        shutil.rmtree(directory, ignore_errors=True)


def main():
    results = []

    def run(name, check, *args):
        t = time.monotonic()
        try:
            detail = check(*args)
            results.append(True)
            extra = f": {detail}" if isinstance(detail, str) else ""
            print(f"ok   {name}{extra} ({time.monotonic() - t:.1f} s)", flush=True)
            return detail
        except Exception as error:  # noqa: BLE001 — every failure is reported, the run goes on
            results.append(False)
            print(f"FAIL {name}: {error}", flush=True)
            traceback.print_exc()
            return None

    server = Server()
    driver = None
    try:
        run("a wrong or missing token gets 403", check_token_required, server)
        run("a WebSocket from another Origin is refused", check_foreign_origin_refused, server)
        run("colours, the cursor, OSC 8 links and resizes over the socket", check_protocol, server)
        run("a large frame or a flood closes that session, not the server", check_limits_close_the_session_not_the_server, server)
        run("--max-sessions answers with a page that says so", check_max_sessions)
        run("an idle session ends (--idle)", check_idle_session_ends)
        run("SIGTERM ends every session and the server", check_sigterm_ends_every_session)
        run("a killed server leaves no session process", check_killed_server_leaves_no_child)
        run("the spare: a tab's child is started and loaded before the tab", check_spare_starts_the_next_tab)
        driver = run("headless chromium starts", browser)
        if driver:
            t = run("the browser: launcher, keys, paste, clicks, cursor, resize", lambda: "first frame in "
                    f"{check_browser_session(driver, server) * 1000:.0f} ms")
            run("a closed tab ends its process", lambda: f"gone {check_closed_tab_ends_its_session(driver, server) * 1000:.0f} ms "
                "after the tab closed")
            run("two servers behind nginx share the sessions", lambda: f"sessions per server {check_scale_out(driver)}")
        assert server.stop() == 0
    finally:
        if driver:
            driver.quit()
        for proc in started:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    print(f"serve checks: {results.count(True)} passed, {results.count(False)} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
