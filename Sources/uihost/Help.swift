/// `uihost --help`, `uihost help` and `uihost help COMMAND`: the overview is
/// written from `CommandTable`; each command's own text is kept here.
enum Help {
    static func text(for command: String?) -> String {
        guard let command, command != "help", let found = CommandTable.command(command) else { return overview }
        return found.help
    }

    /// The column where the overview's descriptions start.
    static let commandColumn = 44
    static let optionColumn = 26

    static var overview: String {
        var lines: [String] = []
        for (i, command) in CommandTable.commands.enumerated() {
            for (j, synopsis) in command.synopsis.enumerated() {
                let lead = (i == 0 && j == 0 ? "usage: " : "       ") + synopsis
                let summary = j == command.synopsis.count - 1 ? command.summary : []
                lines += columns(lead, summary, at: commandColumn)
            }
        }
        lines.append("       uihost --help | --version")
        lines.append("")
        lines.append("options:")
        for option in CommandTable.shownOptions {
            lines += columns("  " + usage(of: option), option.help, at: optionColumn)
        }
        return lines.joined(separator: "\n") + "\n\n" + notes
    }

    /// `--size COLSxROWS`, `-o, --output FILE`: an option as the overview shows it.
    static func usage(of option: CommandTable.Option) -> String {
        option.names.joined(separator: ", ") + (option.value.map { " " + $0.placeholder } ?? "")
    }

    /// `left` then the first of `right` at `column` (on a line of its own when
    /// `left` reaches it), the rest of `right` below it.
    static func columns(_ left: String, _ right: [String], at column: Int) -> [String] {
        guard let first = right.first else { return [left] }
        let pad = String(repeating: " ", count: column)
        var lines = left.count < column - 1
            ? [left + String(repeating: " ", count: column - left.count) + first]
            : [left, pad + first]
        lines += right.dropFirst().map { pad + $0 }
        return lines
    }

    /// The overview's last part: keys, where things are, exit status. The man
    /// page has the same paragraphs (`sections`).
    static var notes: String {
        sections.map { $0.title + ": " + $0.body }.joined(separator: "\n\n")
    }

    /// The overview's closing paragraphs, titled; each body is wrapped at 80 columns
    /// with a two-space hanging indent.
    static let sections: [(title: String, manTitle: String, body: String)] = [
        ("keys (interactive)", "KEYS", """
Tab/Shift-Tab move focus, Enter/Space activate, Up/Down move in
  lists, Esc goes back or closes, q quits at the root, Ctrl-C quits from anywhere,
  F2 opens the drawer. Key names for --keys and tests: docs/API.md section 6.
"""),
        ("where things are", "FILES", """
the reference is docs/API.md in the uihost repository (the
  package installs it as /usr/share/doc/uihost/API.md.gz, beside the LuaLS stubs,
  example screens and plugins in /usr/share/uihost); print and ui.log go to the
  log file when interactive (--log FILE, default $XDG_STATE_HOME/uihost/uihost.log,
  or ~/.local/state/uihost/uihost.log; the app says so when it exits), or to
  stderr after the app exits with --log -. `uihost doctor` says where it is.
"""),
        ("exit status", "EXIT STATUS", """
0 success, 1 a test failed or output could not be written,
             2 usage error, 3 script error
"""),
    ]

    static let overviewUsage = """
usage: uihost help [COMMAND]

Without COMMAND, the overview of every command and option; with one, more about
that command (run is `uihost SCREEN.lua`).
"""

    static let record = """
usage: uihost record SCREEN.lua [-o FILE] [--force] [options]

Runs the screen in the terminal; when the session ends, writes an automation
script that replays it (keys, typed text, clicks, drags, resizes, and the waits
the screen's timers needed) and ends with app:expect of a whole piece of text
of the final screen (never a cut row) and a snapshot. Without -o the script goes to standard output. An
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
FAIL with the reason and the frame, led by its script's name when several ran;
the cases that took over a second (the five slowest) are listed at the end. Exit
status 1 when a case failed. A relative path in test.open is read from the test script's project (the nearest folder at
or above the script holding screens/ or a uihost.lua), the folder each script
runs in, so a test opens the same screen wherever `uihost test` starts (a script
outside any project runs in the current folder).
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

    static let serve = """
usage: uihost serve SCREEN.lua [--port 8080] [--host 127.0.0.1] [--max-sessions 16]
                               [--idle 30m] [--token-file FILE] [options of uihost SCREEN]

Serves the screen over HTTP and WebSocket: open the URL it prints in a browser,
and each tab is a session of its own, a child uihost running the screen in a
pseudo-terminal with the sandbox, limits, plugins, grants and theme of this
command line (--plugins, --grant, --allow, --max-instructions, --max-time,
--max-memory, --theme, --assets, --ascii, --plain, --no-mouse, --watch, --log).
The page is xterm.js (Debian's libjs-xterm and node-xterm): keys, paste, mouse,
the window's size, colours, the cursor and links reach the app as in a terminal.

  --port N             the port (default 8080; 0: a free one, in the printed URL)
  --host ADDR          the address to listen on (default 127.0.0.1: this machine
                       only); anything else, such as 0.0.0.0, only when given here
  --max-sessions N     sessions at once (default 16); past them, a page says so
  --idle T             end a session after T without input: 90s, 30m (default), 2h;
                       0 for never
  --token-file FILE    the token, from FILE (at least 43 characters of A-Z a-z 0-9
                       - _), for servers behind one proxy; default: a new random one

Security: the printed URL holds a random token (32 bytes), needed by every
request (HTTP 403 without it); a WebSocket is opened only from the page's own
Origin; closing a tab ends its session's process within a second. SIGTERM (or
Ctrl-C) ends every session, each restoring its terminal, then the server; the
log on stderr names sessions by number, never the token. A message over 1 MiB
or a flood of input closes that session, not the server.

Behind a reverse proxy, and several servers behind one: docs/SERVING.md.
Exit status: 0 after SIGTERM or Ctrl-C, 1 when it cannot serve (the port in
use, xterm.js not installed), 2 usage.
"""

    static let stubs = """
usage: uihost stubs DIR [--force]

Writes the LuaLS type stubs of the ui and test API into DIR (uihost.lua), and,
in the current folder, a .luarc.json that lists DIR as a library and a
.luacheckrc that knows ui and test (test only in *_test.lua), the globals a
project's uihost.lua sets, and the top-level globals a screen keeps for its
tests' app:eval; it leaves the stubs out. Existing config files are kept unless
--force.
"""

    static let doctor = """
usage: uihost doctor [--json] [--plain] [--no-mouse] [--log FILE]

Says what this terminal offers and what uihost will use, for a bug report: the
colour depth and why (TERM, COLORTERM, NO_COLOR), whether the terminal answers
the kitty keyboard query, mouse and bracketed-paste modes, the width the
terminal gives a few test characters (CJK, emoji, a ZWJ sequence) against the
width uihost counts, the locale, Lua's version, and where the log file is
(--plain, --no-mouse and --log change what it says uihost will use). It
asks the terminal (/dev/tty) and waits at most a second for the answers; with no
terminal, or one that does not answer, it says so. --json writes the same as
JSON. Exit status 0.
"""

    static let completions = """
usage: uihost completions bash|zsh|fish

Prints the completion script for the shell, written from the table the command
line is parsed with. The package installs all three; from a checkout:
  uihost completions bash > ~/.local/share/bash-completion/completions/uihost
  uihost completions zsh > ~/.zfunc/_uihost     (with fpath+=(~/.zfunc))
  uihost completions fish > ~/.config/fish/completions/uihost.fish
"""

    static let manpage = """
usage: uihost manpage

Prints the man page uihost(1) as roff, written from this help: `man -l` shows
it (uihost manpage | man -l -). The package installs it.
"""
}
