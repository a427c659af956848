/// `uihost --help`, `uihost help` and `uihost help COMMAND`.
enum Help {
    static func text(for command: String?) -> String {
        switch command {
        case "render": render
        case "test": test
        case "check": check
        case "stubs": stubs
        case "run": run
        case "fuzz": fuzz
        case "record": record
        case "plugins": plugins
        case "trust": trust
        default: overview
        }
    }

    static let overview = """
usage: uihost SCREEN.lua [options] [-- ARGS]         run a screen (acts as `render` without a terminal)
       uihost render SCREEN.lua [options] [-- ARGS]  apply --keys headless and print the final frame
       uihost test [PATH ...] [options]     run automation scripts (*_test.lua in folders)
       uihost check PATH ...                load and validate screens (and folders of them)
       uihost record SCREEN.lua [-o FILE]   run the screen; on quit, write the session as a test
       uihost fuzz SCREEN.lua [--seconds N] [--seed S] [-o FILE]
                                            random input until something breaks; writes
                                            the shrunk failing sequence as a test
       uihost stubs DIR [--force]           write the LuaLS stubs into DIR, and .luarc.json
                                            and .luacheckrc here
       uihost plugins DIR ...               list the plugins in each folder and check them
                                            (exit 3 when one is broken)
       uihost trust [DIR]                   let the project's uihost.lua grant its plugins
                                            capabilities (--list, --revoke DIR)
       uihost help [COMMAND]                this text, or more about one command
       uihost --help | --version

options:
  --size COLSxROWS        frame size (default: the terminal's, or 80x24 headless)
  --keys "K K ..."        (render) key names applied in order; wait:MS advances the clock
  --assets DIR            where ui.image finds assets (default: the nearest Assets/
                          at or above the screen's folder)
  --plain                 no colour or attributes (as does NO_COLOR)
  --theme NAME            colours of the theme tokens: dark (default), light, mono
  --format FORMAT         (render) text (default), ansi, svg or html; the last
                          three in full colour unless --plain or NO_COLOR
  --ascii                 ASCII-only glyphs
  --watch                 reload the screen when it or a required module changes,
                          keeping typed values, cursors, open tabs and focus
  --screen-reader         linear text instead of a frame: the focused control and
                          one line per change (keys from --keys or standard input)
  --allow CAP,...         lift parts of the sandbox: io, os, fs, all
  --allow-path DIR        a folder fs may reach besides the project (repeatable)
  --env NAME              a variable ui.env may read (repeatable); no other is visible
  -- ARGS                 (run, render) the screen's arguments, ui.args: every word after --
  --plugins DIR           load the plugins in DIR (repeatable; also plugins = { "DIR" }
                          in a uihost.lua beside the screen)
  --grant NAME=CAP,...    give plugin NAME the io, os and/or fs it asks for (repeatable);
                          a grant in uihost.lua counts only once the project is
                          trusted (uihost help trust)
  --max-instructions N    instruction budget per handler call (default 100000000)
  --max-time S            CPU seconds per handler call, for work inside library
                          functions (default 5; 0 for none)
  --max-memory MiB        memory limit for scripts (default 256)
  --no-mouse              do not ask the terminal for mouse reports
  --log FILE              where print and ui.log go when interactive; --log - holds
                          them and writes them to stderr after the app exits
  --update-snapshots      (test) rewrite snapshot files instead of comparing
  --junit FILE            (test) also write a JUnit XML report
  --coverage FILE         (test) write LCOV line coverage of the screens the tests ran
  -j N                    (test) run N scripts in parallel
  --timeout S             (test) per-case time limit in seconds (default 10)
  --shard K/N             (test) run the K-th of N slices of the cases (for CI)

keys (interactive): Tab/Shift-Tab move focus, Enter/Space activate, Up/Down move in
  lists, Esc goes back or closes, q quits at the root, Ctrl-C quits from anywhere,
  F2 opens the drawer. Key names for --keys and tests: docs/API.md section 6.

where things are: the reference is docs/API.md in the uihost repository; print and
  ui.log go to the log file when interactive (--log FILE, default
  $XDG_STATE_HOME/uihost/uihost.log, or ~/.local/state/uihost/uihost.log; the
  app says so when it exits), or to stderr after the app exits with --log -.

exit status: 0 success, 1 a test failed or output could not be written,
             2 usage error, 3 script error
"""

    static let record = """
usage: uihost record SCREEN.lua [-o FILE] [--force] [options]

Runs the screen in the terminal; when the session ends, writes an automation
script that replays it (keys, typed text, clicks, drags, resizes, and the waits
the screen's timers needed) and ends with app:expect of a line of the final
screen and a snapshot. Without -o the script goes to standard output. An
existing FILE is refused unless --force. The way to turn a bug report into a
regression test (docs/API.md, "Recording a session").
"""

    static let fuzz = """
usage: uihost fuzz SCREEN.lua [--seconds N] [--seed S] [-o FILE] [--force] [options]

Drives the screen headless with random keys (weighted towards those the focused
component uses), text, clicks, drags, resizes and time, for N seconds (default
10) from seed S (default 1: the same seed, the same run). A handler error, a hang
stopped by the limits, a malformed frame or a crash of the host is shrunk to a
short sequence and written as an automation script that fails the same way (to
FILE, else to standard output). Prints the events per second.
Exit status: 0 nothing found, 1 a failing script written, 2 usage, 3 the screen
does not load.
"""

    static let run = """
usage: uihost SCREEN.lua [options] [-- ARGS]

Runs the screen in the terminal: raw mode, the alternate screen, keys and mouse,
until it quits (q at the root, Ctrl-C anywhere, ui.quit). Without a terminal it
acts as `uihost render`. --watch reloads it when it or a module it requires
changes; --log FILE says where print and ui.log go. Images come from the Assets
folder of the screen's project (the nearest Assets/ at or above the screen's
folder) unless --assets says otherwise. The words after -- are the screen's
ui.args; --env NAME names a variable ui.env may read.
"""

    static let render = """
usage: uihost render SCREEN.lua [--size COLSxROWS] [--keys "K K ..."] [options] [-- ARGS]

Loads the screen headless, applies the keys in order (wait:MS moves the virtual
clock), and prints the final frame as plain text. A load error prints a blank
frame with the error banner, and exits 3. Exit status 1 when the frame cannot be
written. The words after -- are the screen's ui.args.
"""

    static let test = """
usage: uihost test [PATH ...] [--update-snapshots] [--junit FILE] [--coverage FILE] [-j N] [--timeout S] [--shard K/N]

Runs automation scripts: every *_test.lua in the folders given (default
Scripts/tests when it exists, else the current folder). Each case prints ok or
FAIL with the reason and the frame; exit status 1 when a case failed. Paths in
test.open are resolved against the test script's project (the nearest folder
above it holding screens/ or a uihost.lua), then the current folder.
"""

    static let check = """
usage: uihost check PATH ...

Loads each screen (each .lua file directly in a folder given) and reports every
constructor problem with its file and line, without running the screen. The
plugins of a project's uihost.lua are checked as `uihost plugins` does: their
manifests are read, no setup runs, nothing is granted. Exit status 3 when one
has a problem.
"""

    static let plugins = """
usage: uihost plugins DIR ... [--grant NAME=CAP,...]

Lists each plugin in the folders: name, version, permissions (those --grant does
not give marked "not granted"), and ok or BROKEN with its problems. It reads each
manifest without running the plugin: plugin.lua runs apart, with only pure
functions (string, table, math, utf8 and the base functions without I/O; any
other global, and what require returns, does nothing), under a tight instruction
budget; no setup, no command, no grant. Exit status 3 when one is broken.
"""

    static let trust = """
usage: uihost trust [DIR]             trust the project in DIR (default: here)
       uihost trust --revoke [DIR]    stop trusting it
       uihost trust --list            the trusted projects, and which changed

A project's uihost.lua may grant its plugins io and os (grant = { NAME = { "io" } }).
Opening a project does not give that until you trust it: untrusted, the project
runs in restricted mode, its plugins loading without what it granted (a plugin
that needs it is not loaded, saying so), and a one-line notice says how to trust
it. --grant NAME=CAP on the command line always works.

`uihost trust DIR` records the folder's real path (a symlink to it is the same
project) and a SHA-256 of its uihost.lua and of the plugin.lua of each plugin in
the folders it names. When one of those changes, or a plugin comes or goes, the
project is restricted again; the notice says what changed, and `uihost trust DIR`
trusts it as it is now. Opening a project never records anything.

`uihost check` and `uihost plugins` never run a plugin's setup or commands and
never grant anything, trusted or not.

The record is $XDG_STATE_HOME/uihost/trust (default ~/.local/state/uihost/trust),
a text file replaced whole on each change (format: docs/API.md, "Trusted projects").
"""

    static let stubs = """
usage: uihost stubs DIR [--force]

Writes the LuaLS type stubs of the ui and test API into DIR (uihost.lua), and,
in the current folder, a .luarc.json that lists DIR as a library and a
.luacheckrc that knows ui and test. Existing config files are kept unless
--force.
"""
}
