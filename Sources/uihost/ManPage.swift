/// `uihost manpage`: uihost(1) in roff (man(7) macros), written from the
/// same texts as `uihost help`, so the installed page says what the binary does.
enum ManPage {
    static var text: String {
        var out = [
            ".\\\" uihost(1), written by `uihost manpage` from `uihost help`; do not edit.",
            ".TH UIHOST 1 \"\" \"uihost \(version)\" \"User Commands\"",
            // Options and code words read wrong broken or spread: no hyphenation, ragged right.
            ".nh",
            ".ad l",
            ".SH NAME",
            "uihost \\- terminal apps written as Lua scripts, run and tested headless",
            ".SH SYNOPSIS",
            ".nf",
        ]
        for command in CommandTable.commands {
            out += command.synopsis.map(escaped)
        }
        out.append(escaped("uihost --help | --version"))
        out += [".fi", ".SH DESCRIPTION"]
        out += paragraphs(description)
        out.append(".SH COMMANDS")
        for command in CommandTable.commands {
            out.append(".SS " + escaped(command.name == "run" ? "uihost SCREEN.lua" : command.name))
            out += paragraphs(command.help)
        }
        out.append(".SH OPTIONS")
        for option in CommandTable.shownOptions {
            out.append(".TP")
            let names = option.names.map { "\\fB" + escaped($0) + "\\fR" }.joined(separator: ", ")
            out.append(names + (option.value.map { " \\fI" + escaped($0.placeholder) + "\\fR" } ?? ""))
            out.append(escaped(option.help.joined(separator: " ")))
        }
        for section in Help.sections {
            out.append(".SH " + section.manTitle)
            out += paragraphs(section.body)
        }
        out.append(".SH ENVIRONMENT")
        for (name, meaning) in environment {
            out += [".TP", "\\fB" + escaped(name) + "\\fR", escaped(meaning)]
        }
        out += [".SH SEE ALSO", "\\fBuihost doctor\\fR for what the terminal offers; " + escaped(
            "the reference docs/API.md (in the package: /usr/share/doc/uihost/API.md.gz).")]
        return out.joined(separator: "\n") + "\n"
    }

    static let description = """
uihost runs terminal apps — forms, menus, pickers, lists, tables, sheets and side
menus — written as short Lua scripts, and tests them headless with exactly the
output a user sees. A screen is a tree of components built from Lua tables;
handlers change the tables and the host redraws. Scripts run in a sandbox with
limits on instructions, time and memory; plugins add commands and screens with
only the capabilities they are granted.
"""

    static let environment: [(String, String)] = [
        ("NO_COLOR", "when set and not empty, no colour or attributes (as --plain)."),
        ("TERM", "dumb means no colour; a name with 256color means 256 colours."),
        ("COLORTERM", "truecolor or 24bit means 24-bit colour."),
        ("XDG_STATE_HOME", "where the log and the trusted projects are kept (default ~/.local/state)."),
    ]

    /// `text` as roff paragraphs: a blank line starts a new one; a paragraph
    /// of usage lines, and a line of a command to type (`  uihost …`), are kept
    /// as they are; the other lines are filled (their indent is the help's wrapping).
    static func paragraphs(_ text: String) -> [String] {
        var blocks: [[Substring]] = [[]]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                if !(blocks.last?.isEmpty ?? true) { blocks.append([]) }
            } else {
                blocks[blocks.count - 1].append(line)
            }
        }
        var out: [String] = []
        for block in blocks where !block.isEmpty {
            out.append(".PP")
            if block[0].hasPrefix("usage:") {
                out += [".nf"] + block.map { escaped(String($0)) } + [".fi"]
                continue
            }
            var literal = false
            for line in block {
                let example = line.hasPrefix("  ") && line.drop { $0 == " " }.hasPrefix("uihost ")
                if example != literal { out.append(example ? ".nf" : ".fi"); literal = example }
                out.append(escaped(example ? String(line) : String(line.drop { $0 == " " })))
            }
            if literal { out.append(".fi") }
        }
        return out
    }

    /// A line of text as roff reads it: `\` as `\e`, `-` as a minus `\-` (what
    /// options are written with), anything past ASCII as `\[uXXXX]` (what
    /// preconv makes of UTF-8, so that any troff reads the page), and a leading
    /// `.` or `'` kept from being a request.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
