/// One decoded piece of terminal input.
public enum InputEvent: Hashable, Sendable {
    case key(TerminalKey)
    case mouse(TerminalMouse)
    /// A bracketed paste, sanitised: invalid UTF-8 is U+FFFD, CR and CRLF are
    /// `\n`, and control characters other than `\n` and `\t` are removed.
    case paste(String)
    /// The terminal answered the kitty keyboard protocol query (`CSI ? flags u`)
    /// with its current flags: it speaks the protocol. Not a key.
    case keyboardProtocol(flags: Int)
}

/// Turns the bytes a terminal sends into keys, mouse reports and pastes.
///
/// A pure state machine: no I/O, no clock. The event loop feeds it whatever
/// `read` returned and, when no byte has come for the escape timeout while
/// `hasPending` is true, calls `flush()` so that a lone ESC becomes `esc`.
///
/// Decisions on ambiguous input (see also the tests):
/// - ESC followed by a key that does not start a sequence is that key with
///   alt (`alt-x`, `alt-enter`, `ctrl-alt-c`, `alt-あ`). ESC ESC reports `esc`
///   for the first one and holds the second (so ESC ESC [ A is esc, up).
/// - ESC `]`, ESC `P` and ESC `_` start OSC / DCS / APC strings (terminal
///   replies); they are swallowed up to BEL or ST (ESC `\`), or until `flush()`.
///   So alt-`]`, alt-`P` and alt-`_` are lost.
/// - Modifiers come from xterm's parameter (`CSI 1;5C` ctrl-right, `CSI 3;2~`
///   shift-delete, `CSI 1;2P` shift-f1, old `ESC O 5 A`), from rxvt's forms
///   (`CSI a`…`d` shift-arrows, `ESC O a`…`d` ctrl-arrows, `$` shift, `^` ctrl,
///   `@` ctrl-shift after a `~` code), and from kitty / fixterms `CSI code;m u`
///   and xterm `modifyOtherKeys` `CSI 27;m;code ~` reports. A key held with
///   super, hyper or meta, or with shift and a character whose shifted form
///   is unknown, is dropped, never reported as a different key (the app drops
///   the combinations its key names cannot spell). Lock modifiers are ignored.
/// - kitty's keypad code points are the keys they stand for (KP_1 is `1`).
///   The answer to the kitty query (`CSI ? flags u`) is `keyboardProtocol`.
/// - Keys without a name (keypad begin, F13+, focus in/out, ctrl-space as
///   NUL, ctrl-\ ] ^ _) are dropped. Application-keypad SS3 keys are
///   reported as the characters they carry (`ESC O M` is enter).
/// - C1 controls (U+0080…U+009F, also 8-bit CSI 0x9B) are never keys.
/// - A control byte, DEL, a non-ASCII byte or ESC inside a CSI/SS3 sequence
///   aborts the sequence and is decoded afresh, so ctrl-c is never swallowed.
/// - A CSI/SS3 sequence longer than `maxSequenceLength` bytes is dropped
///   whole, up to and including its final byte. Numeric parameters saturate
///   at `parameterCap`.
/// - A paste ends only at `ESC [201~`: `flush()` does not end it (slow links
///   deliver pastes in pieces), unless `pasteIdleFlushLimit` flushes in a row
///   saw no byte, when the text so far is reported as the paste. A paste holds
///   at most `maxPasteBytes` bytes; the rest is dropped (an incomplete UTF-8
///   character at the cut is dropped too). An empty paste reports nothing.
/// - Mouse: only the left button and the wheel are reported. In the legacy
///   X10 and urxvt encodings a release does not say which button it was; it is
///   reported unless the last press seen was of another button. X10
///   coordinates are single raw bytes (mode 1005 UTF-8 coordinates are not
///   decoded); a coordinate below 1 drops the report.
public struct InputDecoder: Sendable {
    /// The longest CSI / SS3 sequence kept, ESC included.
    static let maxSequenceLength = 64
    /// The most bytes of a paste kept.
    static let maxPasteBytes = 1 << 20
    /// Consecutive byteless `flush()` calls after which an unterminated paste ends.
    static let pasteIdleFlushLimit = 40
    /// Numeric parameters saturate here (above U+10FFFF, so it is never a valid scalar).
    static let parameterCap = 9_999_999

    private enum State: Sendable {
        case ground
        /// Inside a multi-byte UTF-8 character.
        case utf8
        /// After ESC.
        case escape
        /// After ESC [, collecting parameter and intermediate bytes in `sequence`.
        case csi
        /// After ESC O, collecting parameter bytes in `sequence`.
        case ss3
        /// An over-long sequence: dropping bytes up to its final byte.
        case ignore
        /// After ESC [ [ (Linux console F1–F5).
        case linuxFunction
        /// After ESC [ M, collecting three raw bytes in `sequence`.
        case x10Mouse
        /// Inside an OSC / DCS / APC string.
        case string
        /// After ESC inside such a string.
        case stringEscape
        /// Inside a bracketed paste.
        case paste
    }

    private var state: State = .ground
    private var sequence: [UInt8] = []
    // UTF-8 character in progress.
    private var utf8Value: UInt32 = 0
    private var utf8Remaining = 0
    private var utf8Held = 0
    private var utf8Low: UInt8 = 0x80
    private var utf8High: UInt8 = 0xBF
    /// The next key from the ground state comes after a lone ESC: it is held with alt.
    private var alt = false
    /// The UTF-8 character in progress came after a lone ESC.
    private var utf8Alt = false
    // Bracketed paste in progress.
    private var pasteBytes: [UInt8] = []
    private var pasteMarkerMatched = 0
    private var pasteTruncated = false
    private var pasteIdleFlushes = 0
    /// The last button pressed in a legacy (X10 / urxvt) mouse report.
    private var legacyButton: Int?
    // Output of the call in progress.
    private var events: [InputEvent] = []
    /// Printable characters not yet reported, so that a base character and the
    /// combining marks after it come out as one `Character`.
    private var text = ""

    public init() {}

    /// True when bytes are held waiting for more (a lone ESC, an incomplete
    /// sequence, a split UTF-8 character, a paste without its end marker).
    public var hasPending: Bool { state != .ground }

    /// How many input bytes are held (approximate for dropped sequences); for tests.
    var pendingByteCount: Int {
        switch state {
        case .ground: 0
        case .utf8: utf8Held
        case .escape: 1
        case .csi, .ss3: 2 + sequence.count
        case .ignore, .string: 2
        case .stringEscape: 3
        case .linuxFunction: 3
        case .x10Mouse: 3 + sequence.count
        case .paste: pasteBytes.count + pasteMarkerMatched
        }
    }

    /// True inside a bracketed paste; for tests.
    var isInPaste: Bool { state == .paste }

    /// Feeds bytes read from the terminal; returns the complete events they finish.
    public mutating func feed<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        for byte in bytes {
            while step(byte) {}
        }
        return takeEvents()
    }

    /// Called by the event loop when no byte came for the escape timeout while
    /// `hasPending`: a held lone ESC becomes `esc`, an incomplete sequence or
    /// UTF-8 character is dropped. A paste is not ended (see the type's notes).
    public mutating func flush() -> [InputEvent] {
        switch state {
        case .ground:
            break
        case .escape:
            emit(.key(TerminalKey(.esc)))
            state = .ground
        case .paste:
            pasteIdleFlushes += 1
            if pasteIdleFlushes >= Self.pasteIdleFlushLimit {
                for index in 0..<pasteMarkerMatched { appendPaste(Self.pasteEnd[index]) }
                finishPaste()
            }
        case .utf8, .csi, .ss3, .ignore, .linuxFunction, .x10Mouse, .string, .stringEscape:
            state = .ground
            utf8Alt = false
            sequence.removeAll(keepingCapacity: true)
        }
        return takeEvents()
    }

    // MARK: - Output

    private mutating func takeEvents() -> [InputEvent] {
        flushText()
        let out = events
        events = []
        return out
    }

    private mutating func flushText() {
        if text.isEmpty { return }
        for character in text {
            events.append(.key(TerminalKey(.character(character))))
        }
        text = ""
    }

    private mutating func emit(_ event: InputEvent) {
        flushText()
        events.append(event)
    }

    private mutating func emitKey(_ key: TerminalKey?) {
        if let key { emit(.key(key)) }
    }

    // MARK: - The state machine

    /// Consumes one byte; returns true when the byte must be decoded again in
    /// the new state (it ended what came before without belonging to it).
    private mutating func step(_ byte: UInt8) -> Bool {
        switch state {
        case .ground:
            ground(byte)
            return false

        case .utf8:
            guard byte >= utf8Low, byte <= utf8High else {
                state = .ground  // invalid: drop what was held
                utf8Alt = false
                return true
            }
            utf8Value = utf8Value << 6 | UInt32(byte & 0x3F)
            utf8Remaining -= 1
            utf8Held += 1
            utf8Low = 0x80
            utf8High = 0xBF
            if utf8Remaining == 0 {
                state = .ground
                if !(0x80...0x9F).contains(utf8Value), let scalar = Unicode.Scalar(utf8Value) {
                    if utf8Alt {
                        emitKey(TerminalKey(.character(Character(scalar)), .alt))
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                }
                utf8Alt = false
            }
            return false

        case .escape:
            switch byte {
            case 0x1B:
                emit(.key(TerminalKey(.esc)))  // ESC ESC: the first is a key, the second is held
            case 0x5B:  // [
                state = .csi
                sequence.removeAll(keepingCapacity: true)
            case 0x4F:  // O
                state = .ss3
                sequence.removeAll(keepingCapacity: true)
            case 0x5D, 0x50, 0x5F:  // ] P _
                state = .string
            default:
                state = .ground  // alt + key
                alt = true
                return true
            }
            return false

        case .csi:
            switch byte {
            case 0x24 where sequence.first.map({ $0 < 0x3C || $0 > 0x3F }) ?? true:
                // rxvt shift + key (`ESC [ 3 $`); with a private marker `$` is an intermediate.
                state = .ground
                dispatchCSI(final: byte)
            case 0x20...0x3F:
                if sequence.count + 4 > Self.maxSequenceLength {
                    state = .ignore
                    sequence.removeAll(keepingCapacity: true)
                } else {
                    sequence.append(byte)
                }
            case 0x5B where sequence.isEmpty:  // ESC [ [
                state = .linuxFunction
            case 0x4D where sequence.isEmpty:  // ESC [ M
                state = .x10Mouse
            case 0x40...0x7E:
                state = .ground
                dispatchCSI(final: byte)
            default:
                state = .ground
                sequence.removeAll(keepingCapacity: true)
                return true
            }
            return false

        case .ss3:
            switch byte {
            case 0x30...0x3B:
                if sequence.count + 4 > Self.maxSequenceLength {
                    state = .ignore
                    sequence.removeAll(keepingCapacity: true)
                } else {
                    sequence.append(byte)
                }
            case 0x40...0x7E:
                state = .ground
                // Old xterm puts the modifier parameter here: `ESC O 5 A` is ctrl-up.
                let parameter = sequence.reduce(0) { min($0 * 10 + Int($1 & 0x0F), 99) }
                sequence.removeAll(keepingCapacity: true)
                emitKey(Self.key(Self.ss3Key(byte), parameter: parameter))
            default:
                state = .ground
                sequence.removeAll(keepingCapacity: true)
                return true
            }
            return false

        case .ignore:
            switch byte {
            case 0x20...0x3F: return false
            case 0x40...0x7E:
                state = .ground
                return false
            default:
                state = .ground
                return true
            }

        case .linuxFunction:
            switch byte {
            case 0x41...0x45:  // A…E: F1…F5
                state = .ground
                emit(.key(TerminalKey(.function(Int(byte) - 0x40))))
                return false
            case 0x20...0x7E:
                state = .ground
                return false
            default:
                state = .ground
                return true
            }

        case .x10Mouse:
            sequence.append(byte)
            if sequence.count >= 3 {
                state = .ground
                let b = Int(sequence[0]) - 32
                let x = Int(sequence[1]) - 32
                let y = Int(sequence[2]) - 32
                sequence.removeAll(keepingCapacity: true)
                legacyMouse(code: b, column: x, row: y)
            }
            return false

        case .string:
            switch byte {
            case 0x07, 0x18, 0x1A: state = .ground  // BEL ends it, CAN / SUB abort it
            case 0x1B: state = .stringEscape
            default: break
            }
            return false

        case .stringEscape:
            if byte == 0x5C {  // ST
                state = .ground
                return false
            }
            state = .escape  // ESC + something else: the string is over, a new escape starts
            return true

        case .paste:
            pasteByte(byte)
            return false
        }
    }

    private mutating func ground(_ byte: UInt8) {
        let alt = self.alt
        self.alt = false
        switch byte {
        case 0x1B:
            flushText()
            state = .escape
        case 0x0D, 0x0A: emitKey(TerminalKey(.enter, alt ? .alt : []))
        case 0x09: emitKey(TerminalKey(.tab, alt ? .alt : []))
        case 0x7F, 0x08: emitKey(TerminalKey(.backspace, alt ? .alt : []))
        case 0x01...0x1A:
            emitKey(TerminalKey(.character(Character(Unicode.Scalar(byte + 0x60))), alt ? [.ctrl, .alt] : .ctrl))
        case 0x20: emitKey(TerminalKey(.space, alt ? .alt : []))
        case 0x21...0x7E:
            if alt {
                emitKey(TerminalKey(.character(Character(Unicode.Scalar(byte))), .alt))
            } else {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        case 0xC2...0xDF: startUTF8(UInt32(byte & 0x1F), remaining: 1)
        case 0xE0: startUTF8(UInt32(byte & 0x0F), remaining: 2, low: 0xA0)
        case 0xE1...0xEC, 0xEE, 0xEF: startUTF8(UInt32(byte & 0x0F), remaining: 2)
        case 0xED: startUTF8(UInt32(byte & 0x0F), remaining: 2, high: 0x9F)  // no surrogates
        case 0xF0: startUTF8(UInt32(byte & 0x07), remaining: 3, low: 0x90)
        case 0xF1...0xF3: startUTF8(UInt32(byte & 0x07), remaining: 3)
        case 0xF4: startUTF8(UInt32(byte & 0x07), remaining: 3, high: 0x8F)  // ≤ U+10FFFF
        default: break  // NUL, ctrl-\ ] ^ _, stray continuation bytes, invalid lead bytes
        }
        if state == .utf8 { utf8Alt = alt }
    }

    private mutating func startUTF8(_ value: UInt32, remaining: Int, low: UInt8 = 0x80, high: UInt8 = 0xBF) {
        state = .utf8
        utf8Value = value
        utf8Remaining = remaining
        utf8Held = 1
        utf8Low = low
        utf8High = high
    }

    // MARK: - CSI

    private mutating func dispatchCSI(final: UInt8) {
        defer { sequence.removeAll(keepingCapacity: true) }
        var index = 0
        var marker: UInt8 = 0
        if let first = sequence.first, first >= 0x3C, first <= 0x3F {
            marker = first
            index = 1
        }
        // Parameters; -1 is an omitted one. Sub-parameters (after `:`) are ignored.
        var params: [Int] = []
        var current = -1
        var inSubparameter = false
        while index < sequence.count {
            let byte = sequence[index]
            index += 1
            switch byte {
            case 0x30...0x39:
                if inSubparameter { continue }
                let digit = Int(byte) - 0x30
                current = current < 0 ? digit : min(current * 10 + digit, Self.parameterCap)
            case 0x3B:
                params.append(current)
                current = -1
                inSubparameter = false
            case 0x3A:
                inSubparameter = true
            default:
                return  // a misplaced private marker or an intermediate byte: not a key
            }
        }
        params.append(current)
        let first = params[0]

        if marker == 0x3C {  // <
            guard final == 0x4D || final == 0x6D, params.count == 3,
                  params[0] >= 0, params[1] >= 0, params[2] >= 0 else { return }
            if let event = Self.sgrMouse(code: params[0], column: params[1], row: params[2],
                                         release: final == 0x6D) {
                emit(.mouse(event))
            }
            return
        }
        if marker == 0x3F, final == 0x75 {  // ? u: the kitty keyboard query's answer
            emit(.keyboardProtocol(flags: max(first, 0)))
            return
        }
        guard marker == 0 else { return }

        // xterm / kitty: `CSI 1;m X`, `CSI n;m ~`, `CSI code;m u`.
        let parameter = params.count > 1 ? params[1] : 1
        switch final {
        case 0x41...0x44, 0x48, 0x46:         // A B C D arrows, H home, F end
            emitKey(Self.key(Self.letterKey(final), parameter: parameter))
        case 0x61...0x64:                     // rxvt shift-arrows: a b c d
            emitKey(Self.letterKey(final - 0x20)?.adding(.shift))
        case 0x50...0x53:                     // P Q R S: F1–F4 with modifiers
            // `CSI row;col R` is a cursor position report, not F3.
            guard params.count <= 2, first == -1 || first == 1 else { return }
            emitKey(Self.key(Self.letterKey(final), parameter: parameter))
        case 0x5A:                            // Z: shift-tab
            emitKey(Self.key(TerminalKey(.tab, .shift), parameter: parameter))
        case 0x7E:                            // ~
            if first == 200 {
                startPaste()
                return
            }
            if first == 27, params.count >= 3 {  // xterm modifyOtherKeys
                emitKey(Self.keyFromCode(params[2], parameter: params[1], shifted: true))
                return
            }
            emitKey(Self.key(Self.tildeKey(first), parameter: parameter))
        case 0x24:                            // rxvt shift: `CSI 3 $`
            emitKey(Self.tildeKey(first)?.adding(.shift))
        case 0x5E:                            // rxvt ctrl: `CSI 3 ^`
            emitKey(Self.tildeKey(first)?.adding(.ctrl))
        case 0x40:                            // rxvt ctrl-shift: `CSI 3 @`
            emitKey(Self.tildeKey(first)?.adding([.ctrl, .shift]))
        case 0x75:                            // u: CSI u / fixterms / kitty
            emitKey(Self.keyFromCode(first, parameter: parameter))
        case 0x4D:                            // M with parameters: urxvt mouse
            guard params.count == 3, params[0] >= 0, params[1] >= 0, params[2] >= 0 else { return }
            legacyMouse(code: params[0] - 32, column: params[1], row: params[2])
        default:
            break  // E / G keypad begin, I / O focus, anything else
        }
    }

    // MARK: - Mouse

    private static func sgrMouse(code: Int, column: Int, row: Int, release: Bool) -> TerminalMouse? {
        guard column >= 1, row >= 1, code & 128 == 0 else { return nil }
        if code & 64 != 0 {
            guard !release, code & 32 == 0 else { return nil }
            switch code & 3 {
            case 0: return TerminalMouse(.scroll(-1), column: column, row: row)
            case 1: return TerminalMouse(.scroll(1), column: column, row: row)
            default: return nil
            }
        }
        guard code & 3 == 0 else { return nil }
        if release { return TerminalMouse(.release, column: column, row: row) }
        if code & 32 != 0 { return TerminalMouse(.drag, column: column, row: row) }
        return TerminalMouse(.press, column: column, row: row)
    }

    /// X10 / normal / urxvt encodings, `code` already without its offset of 32.
    private mutating func legacyMouse(code: Int, column: Int, row: Int) {
        guard code >= 0, column >= 1, row >= 1, code & 128 == 0 else { return }
        let button = code & 3
        if code & 64 != 0 {
            guard code & 32 == 0, button <= 1 else { return }
            emit(.mouse(TerminalMouse(.scroll(button == 0 ? -1 : 1), column: column, row: row)))
            return
        }
        if code & 32 != 0 {  // motion
            if button == 0 { emit(.mouse(TerminalMouse(.drag, column: column, row: row))) }
            return
        }
        if button == 3 {  // release of some button
            if legacyButton == nil || legacyButton == 0 {
                emit(.mouse(TerminalMouse(.release, column: column, row: row)))
            }
            legacyButton = nil
            return
        }
        legacyButton = button
        if button == 0 { emit(.mouse(TerminalMouse(.press, column: column, row: row))) }
    }

    // MARK: - Bracketed paste

    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [201~

    private mutating func startPaste() {
        flushText()
        state = .paste
        pasteBytes = []
        pasteMarkerMatched = 0
        pasteTruncated = false
        pasteIdleFlushes = 0
    }

    private mutating func pasteByte(_ byte: UInt8) {
        pasteIdleFlushes = 0
        if byte == Self.pasteEnd[pasteMarkerMatched] {
            pasteMarkerMatched += 1
            if pasteMarkerMatched == Self.pasteEnd.count { finishPaste() }
            return
        }
        // Not the end marker after all: what matched so far is content.
        for index in 0..<pasteMarkerMatched { appendPaste(Self.pasteEnd[index]) }
        if byte == 0x1B {
            pasteMarkerMatched = 1
        } else {
            pasteMarkerMatched = 0
            appendPaste(byte)
        }
    }

    private mutating func appendPaste(_ byte: UInt8) {
        if pasteBytes.count < Self.maxPasteBytes {
            pasteBytes.append(byte)
        } else {
            pasteTruncated = true
        }
    }

    private mutating func finishPaste() {
        state = .ground
        if pasteTruncated { Self.dropIncompleteTail(&pasteBytes) }
        let result = Self.sanitize(pasteBytes)
        pasteBytes = []
        pasteMarkerMatched = 0
        pasteTruncated = false
        pasteIdleFlushes = 0
        if !result.isEmpty { emit(.paste(result)) }
    }

    /// Removes a UTF-8 character cut short at the end of `bytes`.
    private static func dropIncompleteTail(_ bytes: inout [UInt8]) {
        var index = bytes.count - 1
        var continuations = 0
        while index >= 0, continuations < 3, bytes[index] & 0xC0 == 0x80 {
            index -= 1
            continuations += 1
        }
        guard index >= 0 else { return }
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        let available = bytes.count - index
        if length > available { bytes.removeLast(available) }
    }

    private static func sanitize(_ bytes: [UInt8]) -> String {
        let decoded = String(decoding: bytes, as: UTF8.self)
        var result = ""
        var afterCR = false
        for scalar in decoded.unicodeScalars {
            let value = scalar.value
            if value == 0x0D {
                result.unicodeScalars.append("\n")
                afterCR = true
                continue
            }
            if value == 0x0A {
                if !afterCR { result.unicodeScalars.append("\n") }
                afterCR = false
                continue
            }
            afterCR = false
            if value == 0x09 || (value >= 0x20 && value != 0x7F && !(0x80...0x9F).contains(value)) {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
