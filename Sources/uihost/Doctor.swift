import Glibc
import LuaBridge
import TerminalIO
import UIHostCore

/// `uihost doctor [--json]`: what the terminal offers and what uihost will use,
/// for the person at the terminal and for a bug report. Every fact is read
/// here; the rules it reports (the colour depth, the widths, the log file) are
/// the ones uihost runs with, called, not copied.
struct Doctor {
    /// A string whose width the terminal is asked for.
    struct Sample {
        let name: String
        let text: String
    }

    /// Where widths disagree most between terminals.
    static let samples = [
        Sample(name: "CJK ideograph", text: "漢"),
        Sample(name: "emoji", text: "😀"),
        Sample(name: "ZWJ sequence", text: "👩\u{200D}💻"),
        Sample(name: "emoji with VS16", text: "\u{2764}\u{FE0F}"),
        Sample(name: "combining accent", text: "e\u{301}"),
    ]
    /// The mouse modes uihost turns on (`Terminal.mouseOn`): clicks, drags, SGR reports.
    static let mouseModes = [1000, 1002, 1006]
    static let bracketedPaste = 2004
    static let alternateScreen = 1049
    static var query: TerminalQuery {
        TerminalQuery(samples: samples.map(\.text), modes: mouseModes + [bracketedPaste, alternateScreen])
    }

    let args: Arguments
    let outcome: TerminalProbe.Outcome
    let env: (String) -> String?

    var answers: TerminalQuery.Answers? {
        if case .asked(_, let answers) = outcome { return answers }
        return nil
    }

    static func run(_ args: Arguments) -> Int32 {
        let doctor = Doctor(args: args, outcome: TerminalProbe.run(query), env: environment)
        standardOutput(args.json ? doctor.json.rendered() : doctor.text, exitCode: 1)
        return 0
    }

    // MARK: - Facts

    var interactive: Bool { Terminal.isTerminal(0) && Terminal.isTerminal(1) }

    var size: Size? {
        for fd: Int32 in [1, 0, 2] where Terminal.isTerminal(fd) {
            if let size = Terminal(input: fd, output: fd).size() { return size }
        }
        return nil
    }

    var color: ColorChoice { ColorChoice(environment: env) }

    /// `--plain` is the other way to colourless output.
    var colorSummary: String {
        if args.plain { return "none: --plain" }
        return (color.depth.map { $0.name == "16" || $0.name == "256" ? "\($0.name) colours" : $0.name } ?? "none") + ": " + color.reason
    }

    /// The locale's variables and the character set they select; uihost writes UTF-8 whatever they say.
    var locale: (variables: [(String, String?)], codeset: String?) {
        let variables = ["LC_ALL", "LC_CTYPE", "LANG"].map { ($0, env($0)) }
        guard setlocale(LC_CTYPE, "") != nil, let codeset = nl_langinfo(nl_item(CODESET)) else { return (variables, nil) }
        return (variables, String(cString: codeset))
    }

    var logFile: String? { logLocation(args) }

    // MARK: - Words

    var terminalSummary: String {
        switch outcome {
        case .notAsked(let why): return why
        case .asked(let device, let answers):
            return answers.answered
                ? "asked on \(device); it answered (device attributes \(answers.deviceAttributes ?? "?"))"
                : "asked on \(device); no answer within a second (not a terminal that answers queries)"
        }
    }

    var keyboardSummary: String {
        guard let answers, answers.answered else { return "not known (no answers): uihost reads the classic key encodings" }
        if let flags = answers.keyboardFlags {
            return "yes (flags \(flags)): uihost turns on disambiguated keys (shift-enter, ctrl-i apart from tab)"
        }
        return "no: uihost reads the classic key encodings"
    }

    func modeWord(_ mode: Int) -> String {
        guard let answers, answers.answered else { return "no answer" }
        return answers.modes[mode]?.rawValue ?? "not answered (no DECRQM)"
    }

    var mouseSummary: String {
        let uses = args.noMouse ? "uihost leaves the mouse off (--no-mouse)" : "uihost turns on clicks, drags and SGR reports (--no-mouse leaves them off)"
        return uses + "; the terminal: " + Doctor.mouseModes.map { "\($0) \(modeWord($0))" }.joined(separator: ", ")
    }

    var pasteSummary: String {
        "uihost turns it on, so a paste is one event; the terminal: \(Doctor.bracketedPaste) \(modeWord(Doctor.bracketedPaste))"
    }

    /// The terminal's width of each sample, when it answered.
    func measured(_ index: Int) -> Int? {
        guard let widths = answers?.widths, index < widths.count else { return nil }
        return widths[index]
    }

    func widthLine(_ index: Int) -> String {
        let sample = Doctor.samples[index]
        let counted = DisplayWidth.of(sample.text)
        let scalars = sample.text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
        var line = "\(sample.text)  \(sample.name) (\(scalars)): uihost counts \(counted)"
        if let width = measured(index) {
            line += width == counted ? ", the terminal too" : ", the terminal moved \(width): rows with it may be misaligned"
        } else {
            line += ", the terminal did not say"
        }
        return line
    }

    // MARK: - Text

    var text: String {
        var rows: [(String, String)] = [
            ("uihost", "\(version), Lua \(LuaVersion.release) (library \(LuaVersion.number)\(LuaVersion.library.map { ", " + $0 } ?? ""))"),
            ("terminal", terminalSummary),
            ("interactive", interactive
                ? "yes: standard input and output are a terminal, so `uihost SCREEN` runs there"
                : "no: `uihost SCREEN` acts as `uihost render` (standard input or output is not a terminal)"),
            ("size", size.map { "\($0.cols)x\($0.rows)" } ?? "not known (headless runs use 80x24)"),
            ("TERM", env("TERM") ?? "(not set)"),
            ("COLORTERM", env("COLORTERM") ?? "(not set)"),
            ("NO_COLOR", env("NO_COLOR").map { $0.isEmpty ? "(set, empty: ignored)" : $0 } ?? "(not set)"),
            ("colour", colorSummary),
            ("kitty keyboard", keyboardSummary),
            ("mouse", mouseSummary),
            ("bracketed paste", pasteSummary),
        ]
        for i in Doctor.samples.indices {
            rows.append((i == 0 ? "widths" : "", widthLine(i)))
        }
        let locale = self.locale
        rows.append(("locale", locale.variables.map { "\($0.0)=\($0.1 ?? "")" }.joined(separator: " ")
                     + ": \(locale.codeset ?? "unknown") (uihost writes UTF-8 whatever the locale)"))
        rows.append(("log file", logFile.map { $0 + (FileSystem.exists($0) ? "" : " (not written yet)") }
                     ?? "none: neither XDG_STATE_HOME nor HOME is set"))
        rows.append(("trusted projects", Trust.userStore?.path ?? "none: neither XDG_STATE_HOME nor HOME is set"))
        return rows.map { name, value in
            let label = name.isEmpty ? "" : name + ":"
            return label + String(repeating: " ", count: max(1, 18 - label.count)) + value
        }.joined(separator: "\n")
    }

    // MARK: - JSON

    var json: JSONValue {
        let device: JSONValue
        let why: JSONValue
        switch outcome {
        case .asked(let name, _): (device, why) = (.string(name), .null)
        case .notAsked(let reason): (device, why) = (.null, .string(reason))
        }
        let answered = answers?.answered ?? false
        func mode(_ n: Int) -> JSONValue { answered ? .optional(answers?.modes[n]?.rawValue) : .null }
        let locale = self.locale
        return .object([
            ("uihost", .string(version)),
            ("terminal", .object([
                ("asked", device),
                ("notAskedBecause", why),
                ("answered", .bool(answered)),
                ("deviceAttributes", .optional(answers?.deviceAttributes)),
                ("interactive", .bool(interactive)),
                ("size", .optional(size.map { "\($0.cols)x\($0.rows)" })),
            ])),
            ("environment", .object(["TERM", "COLORTERM", "NO_COLOR", "TERM_PROGRAM"].map { ($0, .optional(env($0))) })),
            ("color", .object([
                ("depth", .string(args.plain ? "none" : color.depth?.name ?? "none")),
                ("because", .string(args.plain ? "--plain" : color.reason)),
            ])),
            ("kittyKeyboard", .object([
                ("supported", answered ? .bool(answers?.keyboardFlags != nil) : .null),
                ("flags", .optional(answers?.keyboardFlags)),
                ("used", .bool(answers?.keyboardFlags != nil)),
            ])),
            ("mouse", .object([
                ("used", .bool(!args.noMouse)),
                ("modes", .object(Doctor.mouseModes.map { (String($0), mode($0)) })),
            ])),
            ("bracketedPaste", .object([("used", .bool(true)), ("mode", mode(Doctor.bracketedPaste))])),
            ("alternateScreen", .object([("used", .bool(true)), ("mode", mode(Doctor.alternateScreen))])),
            ("widths", .array(Doctor.samples.indices.map { i in
                .object([
                    ("name", .string(Doctor.samples[i].name)),
                    ("text", .string(Doctor.samples[i].text)),
                    ("uihost", .number(DisplayWidth.of(Doctor.samples[i].text))),
                    ("terminal", .optional(measured(i))),
                ])
            })),
            ("locale", .object(locale.variables.map { ($0.0, JSONValue.optional($0.1)) } + [("codeset", .optional(locale.codeset))])),
            ("lua", .object([
                ("release", .string(LuaVersion.release)),
                ("number", .number(LuaVersion.number)),
                ("library", .optional(LuaVersion.library)),
            ])),
            ("logFile", .optional(logFile)),
            ("trustStore", .optional(Trust.userStore?.path)),
        ])
    }
}
