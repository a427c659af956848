/// A key, spelled one way everywhere: in Lua, in tests, in `--keys` and in the
/// terminal decoder's output (SPEC §3).
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case enter, space, tab, shiftTab, esc, backspace, delete
    case home, end, pageUp, pageDown
    /// `f1` … `f12`
    case function(Int)
    /// `ctrl-a` … `ctrl-z`, stored as the lowercase letter.
    case ctrl(Character)
    /// Any single grapheme other than space: `a`, `1`, `é`, `あ`.
    case character(Character)

    private static let named: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "enter": .enter, "space": .space, "tab": .tab, "shift-tab": .shiftTab,
        "esc": .esc, "backspace": .backspace, "delete": .delete,
        "home": .home, "end": .end, "pageup": .pageUp, "pagedown": .pageDown,
    ]

    /// Parses a SPEC §3 key name; nil when the name is not one.
    public init?(name: String) {
        if let key = Key.named[name] { self = key; return }
        if name.count == 1, let c = name.first {
            if c == " " { self = .space; return }
            if c.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
                self = .character(c); return
            }
            return nil
        }
        if name.hasPrefix("ctrl-"), name.count == 6, let c = name.last,
           c.isASCII, c >= "a", c <= "z" {
            self = .ctrl(c); return
        }
        if name.hasPrefix("f"), let n = Int(name.dropFirst()), (1...12).contains(n),
           name == "f\(n)" {
            self = .function(n); return
        }
        return nil
    }

    /// The SPEC §3 name of this key.
    public var name: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .enter: "enter"
        case .space: "space"
        case .tab: "tab"
        case .shiftTab: "shift-tab"
        case .esc: "esc"
        case .backspace: "backspace"
        case .delete: "delete"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pageup"
        case .pageDown: "pagedown"
        case .function(let n): "f\(n)"
        case .ctrl(let c): "ctrl-\(c)"
        case .character(let c): String(c)
        }
    }
}

/// A mouse report, in 1-based frame cells as SPEC §3 and the test API count them.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press, release, drag
        /// Wheel: positive is down.
        case scroll(Int)
    }
    public var kind: Kind
    public var column: Int
    public var row: Int

    public init(_ kind: Kind, column: Int, row: Int) {
        self.kind = kind
        self.column = column
        self.row = row
    }
}

/// Events in, effects out: everything the host reacts to.
public enum Event: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(cols: Int, rows: Int)
    /// Time moved on by this many milliseconds.
    case tick(Int)
}
