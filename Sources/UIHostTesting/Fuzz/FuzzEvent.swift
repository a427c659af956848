import LuaBridge
import UIHostCore

/// One input of a fuzz run: what an automation script's `app:press`,
/// `app:type`, `app:click`, `app:drag`, `app:scroll`, `app:resize` and
/// `app:advance` send (cells 1-based, as the test API counts them).
public enum FuzzEvent: Equatable, Sendable {
    case key(Key)
    case text(String)
    case click(Int, Int)
    case drag(Int, Int, Int, Int)
    case scroll(Int, Int, Int)
    case resize(Int, Int)
    case advance(Int)

    /// Sends the event to `host` exactly as the test API's method would.
    public func send(to host: Host) {
        switch self {
        case .key(let key): host.send(.key(key))
        case .text(let text):
            for c in text { host.send(.key(FuzzEvent.typedKey(c))) }
        case .click(let c, let r):
            host.send(.mouse(MouseEvent(.press, column: c, row: r)))
            host.send(.mouse(MouseEvent(.release, column: c, row: r)))
        case .drag(let c1, let r1, let c2, let r2):
            host.send(.mouse(MouseEvent(.press, column: c1, row: r1)))
            host.send(.mouse(MouseEvent(.drag, column: c2, row: r2)))
            host.send(.mouse(MouseEvent(.release, column: c2, row: r2)))
        case .scroll(let c, let r, let n):
            for _ in 0..<min(n.magnitude, 10_000) {
                host.send(.mouse(MouseEvent(.scroll(n > 0 ? 1 : -1), column: c, row: r)))
            }
        case .resize(let cols, let rows): host.send(.resize(cols: cols, rows: rows))
        case .advance(let ms): host.advance(ms)
        }
    }

    /// The key `app:type` sends for a character.
    static func typedKey(_ c: Character) -> Key {
        c == " " ? .space : (c == "\n" ? .enter : (c == "\t" ? .tab : .character(c)))
    }

    // MARK: - The events log: one event a line, for the worker and its parent

    /// `k NAME`, `t HEX`, `c C R`, `d C1 R1 C2 R2`, `s C R N`, `r COLS ROWS`, `a MS`.
    public var logLine: String {
        switch self {
        case .key(let key): "k " + key.name
        case .text(let text): "t " + FuzzEvent.hex(text)
        case .click(let c, let r): "c \(c) \(r)"
        case .drag(let a, let b, let c, let d): "d \(a) \(b) \(c) \(d)"
        case .scroll(let c, let r, let n): "s \(c) \(r) \(n)"
        case .resize(let c, let r): "r \(c) \(r)"
        case .advance(let ms): "a \(ms)"
        }
    }

    public init?(logLine line: some StringProtocol) {
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        let numbers = parts.dropFirst().compactMap { Int($0) }
        switch parts[0] {
        case "k":
            guard let key = Key(name: String(line.dropFirst(2))) else { return nil }
            self = .key(key)
        case "t":
            guard let text = FuzzEvent.unhex(parts[1]) else { return nil }
            self = .text(text)
        case "c" where numbers.count == 2: self = .click(numbers[0], numbers[1])
        case "d" where numbers.count == 4: self = .drag(numbers[0], numbers[1], numbers[2], numbers[3])
        case "s" where numbers.count == 3: self = .scroll(numbers[0], numbers[1], numbers[2])
        case "r" where numbers.count == 2: self = .resize(numbers[0], numbers[1])
        case "a" where numbers.count == 1: self = .advance(numbers[0])
        default: return nil
        }
    }

    static func hex(_ text: String) -> String {
        let digits = Array("0123456789abcdef")
        var out = ""
        for byte in text.utf8 {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return out
    }

    static func unhex(_ text: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        var high: UInt8?
        for c in text.utf8 {
            let v: UInt8
            switch c {
            case 48...57: v = c - 48
            case 97...102: v = c - 87
            default: return nil
            }
            if let h = high { bytes.append(h << 4 | v); high = nil } else { high = v }
        }
        guard high == nil else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - As an automation script writes it

    /// The statement that sends the event (`app:press("x")`), for one event.
    var statement: String {
        switch self {
        case .key(let key): "app:press(\(LuaSource.string(key.name)))"
        case .text(let text): "app:type(\(LuaSource.string(text)))"
        case .click(let c, let r): "app:click(\(c), \(r))"
        case .drag(let a, let b, let c, let d): "app:drag(\(a), \(b), \(c), \(d))"
        case .scroll(let c, let r, let n): "app:scroll(\(c), \(r), \(n))"
        case .resize(let c, let r): "app:resize(\(c), \(r))"
        case .advance(let ms): "app:advance(\(ms))"
        }
    }

    /// The statements for a sequence: runs of keys become one `app:press(…)`,
    /// of text one `app:type(…)`.
    static func statements(_ events: [FuzzEvent]) -> [String] {
        var lines: [String] = []
        var keys: [String] = []
        var text = ""
        func flush() {
            if !keys.isEmpty { lines.append("app:press(" + keys.joined(separator: ", ") + ")") }
            if !text.isEmpty { lines.append("app:type(\(LuaSource.string(text)))") }
            keys = []
            text = ""
        }
        for event in events {
            switch event {
            case .key(.character(let c)) where c != " " && c != "\n" && c != "\t":
                // A character key is what `app:type` sends for it: typed text reads better.
                if !keys.isEmpty { flush() }
                text.append(c)
            case .key(let key):
                if !text.isEmpty { flush() }
                keys.append(LuaSource.string(key.name))
            case .text(let t):
                if !keys.isEmpty { flush() }
                text += t
            default:
                flush()
                lines.append(event.statement)
            }
        }
        flush()
        return lines
    }
}
