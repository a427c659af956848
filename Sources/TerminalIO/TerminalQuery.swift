/// What `uihost doctor` asks a terminal, and how its answers read: the kitty
/// keyboard query, DECRQM for the modes uihost turns on, the cursor position
/// after each test string (its width, as the terminal draws it), and last the
/// primary device attributes, which every terminal answers, so that their
/// arrival says every earlier answer that was coming has come.
/// Pure: bytes out, bytes in (TerminalProbe does the I/O).
public struct TerminalQuery: Sendable {
    /// The strings whose widths are measured, in order.
    public let samples: [String]
    /// The private modes asked about with DECRQM (`CSI ? n $ p`).
    public let modes: [Int]

    public init(samples: [String], modes: [Int]) {
        self.samples = samples
        self.modes = modes
    }

    /// Everything sent, in one write. Each sample is drawn at the start of the
    /// line (`\r`), the cursor asked for (`CSI 6n`), and the line cleared.
    public var bytes: String {
        var out = "\u{1B}[?u"
        for mode in modes { out += "\u{1B}[?\(mode)$p" }
        for sample in samples { out += "\r" + sample + "\u{1B}[6n\r\u{1B}[K" }
        return out + "\u{1B}[c"
    }

    /// What a DECRQM answer (`CSI ? mode ; value $ y`) says of a mode.
    public enum ModeState: String, Sendable, Equatable {
        case notRecognized = "not recognised"
        case set
        case reset
        case permanentlySet = "permanently set"
        case permanentlyReset = "permanently reset"

        init?(value: Int) {
            switch value {
            case 0: self = .notRecognized
            case 1: self = .set
            case 2: self = .reset
            case 3: self = .permanentlySet
            case 4: self = .permanentlyReset
            default: return nil
            }
        }
    }

    /// The answers found in what the terminal sent back.
    public struct Answers: Sendable, Equatable {
        /// The primary device attributes came: the terminal answers queries.
        public var answered = false
        /// `CSI ? … c`, its parameters (`64;1;2;6;22`).
        public var deviceAttributes: String?
        /// The kitty keyboard protocol's flags, when it answered `CSI ? flags u`.
        public var keyboardFlags: Int?
        public var modes: [Int: ModeState] = [:]
        /// Columns the cursor moved for each sample, in order; nil where no answer came.
        public var widths: [Int?] = []

        public init() {}
    }

    /// Reads the answers out of `bytes`; anything else in them (a key the
    /// user pressed meanwhile) is passed over.
    public func answers(in bytes: [UInt8]) -> Answers {
        var answers = Answers()
        var positions: [Int] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else {
                i += 1
                continue
            }
            // CSI: parameter bytes (0x30…0x3F), intermediates (0x20…0x2F), a final byte.
            var j = i + 2
            while j < bytes.count, (0x20...0x3F).contains(bytes[j]) { j += 1 }
            guard j < bytes.count else { break }
            let body = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
            let final = bytes[j]
            i = j + 1
            switch (body.first, final) {
            case ("?", UInt8(ascii: "u")):
                answers.keyboardFlags = Int(body.dropFirst())
            case ("?", UInt8(ascii: "y")) where body.hasSuffix("$"):
                let fields = body.dropFirst().dropLast().split(separator: ";").compactMap { Int($0) }
                if fields.count == 2, let state = ModeState(value: fields[1]) { answers.modes[fields[0]] = state }
            case ("?", UInt8(ascii: "c")):
                answers.answered = true
                answers.deviceAttributes = String(body.dropFirst())
            case (_, UInt8(ascii: "R")):
                let fields = body.split(separator: ";").compactMap { Int($0) }
                if fields.count == 2 { positions.append(fields[1]) }
            default: break
            }
        }
        // Each sample starts at column 1: it moved the cursor (column - 1) cells.
        answers.widths = samples.indices.map { $0 < positions.count ? positions[$0] - 1 : nil }
        return answers
    }

    /// Whether `bytes` hold the primary device attributes: the last answer to wait for.
    public static func isComplete(_ bytes: [UInt8]) -> Bool {
        // `ESC [ ?` … `c`, searched from the end: the answer comes last.
        guard let c = bytes.lastIndex(of: UInt8(ascii: "c")) else { return false }
        var j = c - 1
        while j >= 0, (0x30...0x3F).contains(bytes[j]), bytes[j] != UInt8(ascii: "?") { j -= 1 }
        return j >= 2 && bytes[j] == UInt8(ascii: "?") && bytes[j - 1] == UInt8(ascii: "[") && bytes[j - 2] == 0x1B
    }
}
