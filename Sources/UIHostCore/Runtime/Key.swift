/// A key, spelled one way everywhere: in Lua, in tests, in `--keys` and in the
/// terminal decoder's output (docs/API.md §6).
///
/// Each key has exactly one value, so `==` and `switch` compare keys: a key
/// held with modifiers is built with `adding(_:)`, which keeps the older
/// cases for the combinations they already spell (`ctrl(c)` is ctrl + a
/// letter, `shiftTab` is shift + tab) and folds shift into a character
/// (shift + a is `A`, alt + shift + a is `alt-A`).
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case enter, space, tab, shiftTab, esc, backspace, delete, insert
    case home, end, pageUp, pageDown
    /// `f1` … `f12`
    case function(Int)
    /// `ctrl-a` … `ctrl-z`, stored as the lowercase letter.
    case ctrl(Character)
    /// Any single grapheme other than space: `a`, `1`, `é`, `あ`.
    case character(Character)
    /// Any other key held with modifiers: `ctrl-left`, `alt-x`, `ctrl-shift-f5`.
    /// The key inside is unmodified (never `ctrl`, `shiftTab` or `modified`).
    indirect case modified(KeyModifiers, Key)

    /// The key split into its modifiers and the unmodified key.
    public var parts: (modifiers: KeyModifiers, base: Key) {
        switch self {
        case .ctrl(let c): ([.ctrl], .character(c))
        case .shiftTab: ([.shift], .tab)
        case .modified(let modifiers, let base): (modifiers, base)
        default: ([], self)
        }
    }

    /// This key with `extra` modifiers held too; nil when that combination has
    /// no name (ctrl with anything but a letter a–z, shift with a character
    /// that has no capital).
    public func adding(_ extra: KeyModifiers) -> Key? {
        let (held, base) = parts
        return Key.compose(held.union(extra), base)
    }

    static func compose(_ modifiers: KeyModifiers, _ base: Key) -> Key? {
        if modifiers.isEmpty { return base }
        switch base {
        case .character(let c):
            if modifiers.contains(.ctrl) {
                // Terminals can only say ctrl with letters (kitty says more, but
                // other characters are layout-dependent): one name, the lowercase letter.
                guard c.isASCII, c >= "a", c <= "z" else { return nil }
                return modifiers == .ctrl ? .ctrl(c) : .modified(modifiers, base)
            }
            // A mark that would join the `-` of the name (`alt-` + U+0301) has no name.
            if !c.isASCII, ("-" + String(c)).count != 2 { return nil }
            guard modifiers.contains(.shift) else { return .modified(modifiers, base) }
            // Shift is part of the character typed: alt + shift + a is `alt-A`.
            guard c.isASCII, c >= "a", c <= "z", let upper = c.uppercased().first else { return nil }
            return compose(modifiers.subtracting(.shift), .character(upper))
        case .tab where modifiers == .shift:
            return .shiftTab
        case .ctrl, .shiftTab, .modified:
            return base.adding(modifiers)
        default:
            return .modified(modifiers, base)
        }
    }

    /// The name of this key (docs/API.md §6).
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
        case .insert: "insert"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pageup"
        case .pageDown: "pagedown"
        case .function(let n): "f\(n)"
        case .ctrl(let c): "ctrl-\(c)"
        case .character(let c): String(c)
        case .modified(let modifiers, let base): modifiers.prefix + base.name
        }
    }
}

/// A mouse report, in 1-based frame cells as docs/API.md §6 and the test API count them.
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
    /// Text pasted into the terminal (bracketed paste): it goes to the focused
    /// component as text, never through key handling, so a pasted `q` is not quit.
    case paste(String)
    case resize(cols: Int, rows: Int)
    /// Time moved on by this many milliseconds.
    case tick(Int)
}
