#!/usr/bin/env python3
"""Figures of `uihost serve` on loopback, one `BENCH name value` line each
(read by Scripts/bench/run.py):

  page_first_frame_ms   a page load to its first frame drawn by xterm.js,
                        median of 15 loads in headless chromium (each a new session),
                        one after the other in the same tab
  page_fresh_frame_ms   the same, each load from a blank tab (about:blank first:
                        no session page to tear down, as in a new tab)
  page_script_ms, page_socket_open_ms, page_output_ms, page_terminal_ms
                        where a load's time goes (medians, fresh loads): our script
                        runs (the page parsed to its head), the socket is open, the
                        app's first output is in, the terminal is in the page
  session_pss_mib       memory per session with 50 sessions open: the
                        proportional set size (shared pages split between
                        the processes that share them) of the 50 children, averaged
  session_rss_mib       the same as resident set size, shared pages counted in each
  key_p50_ms, key_p99_ms  a key's round trip: sent on the WebSocket, to the
                        app's redrawn rows back, over 1000 keys

usage: Scripts/bench/serve_bench.py UIHOST_BINARY
"""
import os, statistics, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Scripts"))
sys.path.insert(0, os.path.join(ROOT, "Scripts", "serve"))
import serve_check  # noqa: E402
from serve_check import GUARD, LAUNCHER, Server, wait_for  # noqa: E402
from websocket import WebSocket  # noqa: E402

serve_check.UIHOST = os.path.abspath(sys.argv[1])


MARKS = ["script", "open", "output", "terminal"]


def page_first_frame(server, fresh):
    """The median first frame of 15 loads, and the medians of the page's marks (Page/terminal.js)."""
    driver = serve_check.browser()
    try:
        times, marks = [], []
        for _ in range(16):
            if fresh:
                driver.get("about:blank")
            driver.get(server.url)
            times.append(wait_for(lambda: driver.execute_script("return window.uihostFirstFrame;"), "the first frame"))
            marks.append(driver.execute_script(
                "var r = {}; performance.getEntriesByType('mark').forEach(function (e) { r[e.name] = e.startTime; }); return r;"))
        # The first load also starts the browser's caches and compiles the script: left out.
        return statistics.median(times[1:]), {m: statistics.median(x.get("uihost-" + m, 0) for x in marks[1:]) for m in MARKS}
    finally:
        driver.quit()


def memory_per_session(server, n=50):
    sockets = []
    for _ in range(n):
        ws = WebSocket(server.socket_url)
        ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
        sockets.append(ws)
    pids = wait_for(lambda: (lambda p: p if len(p) >= n else None)(server.session_pids()[-n:]), f"{n} sessions")
    pss = rss = 0
    for pid in pids:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            fields = {l.split(":")[0]: int(l.split()[1]) for l in f if l.split(":")[0] in ("Pss", "Rss")}
        pss += fields["Pss"]
        rss += fields["Rss"]
    for ws in sockets:
        ws.close()
    return pss / n / 1024, rss / n / 1024


def key_round_trip(server, keys=1000):
    ws = WebSocket(server.socket_url)
    ws.read_until(lambda b: LAUNCHER.encode() in b, GUARD)
    times = []
    for i in range(keys + 20):
        # Down and up in turn: each moves the list's cursor, so each is a redraw.
        key, row = ("\x1b[B", "NavigationListView") if i % 2 == 0 else ("\x1b[A", "TabBarView")
        t = time.perf_counter()
        ws.key(key)
        ws.read_until(lambda b: row.encode() in b, GUARD)
        if i >= 20:
            times.append((time.perf_counter() - t) * 1000)
    ws.close()
    times.sort()
    return times[len(times) // 2], times[int(len(times) * 0.99)]


def main():
    server = Server("--max-sessions", "64")
    try:
        print(f"BENCH load_average {open('/proc/loadavg').read().split()[0]}", flush=True)
        print(f"BENCH page_first_frame_ms {page_first_frame(server, fresh=False)[0]:.1f}", flush=True)
        fresh, marks = page_first_frame(server, fresh=True)
        print(f"BENCH page_fresh_frame_ms {fresh:.1f}", flush=True)
        for m in MARKS:
            print(f"BENCH page_{'socket_open' if m == 'open' else m}_ms {marks[m]:.1f}", flush=True)
        p50, p99 = key_round_trip(server)
        print(f"BENCH key_p50_ms {p50:.2f}\nBENCH key_p99_ms {p99:.2f}", flush=True)
        pss, rss = memory_per_session(server)
        print(f"BENCH session_pss_mib {pss:.1f}\nBENCH session_rss_mib {rss:.1f}", flush=True)
    finally:
        server.stop()
        for proc in serve_check.started:
            if proc.poll() is None:
                proc.kill()


if __name__ == "__main__":
    main()
