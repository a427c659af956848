// MARK: - Reading key names

extension Key {
    private static let named: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "enter": .enter, "space": .space, "tab": .tab, "shift-tab": .shiftTab,
        "esc": .esc, "backspace": .backspace, "delete": .delete, "insert": .insert,
        "home": .home, "end": .end, "pageup": .pageUp, "pagedown": .pageDown,
    ]

    /// Parses a key name (docs/API.md §6); nil when the name is not one. Only
    /// the one spelling `name` gives is accepted (`ctrl-alt-x`, not `alt-ctrl-x`),
    /// but for shift with a letter: `shift-a` is `A` and `alt-shift-a` is
    /// `alt-A`, as Bubble Tea and Textual spell them (the footer says `A`).
    public init?(name: String) {
        // Unmodified keys first: they are most of what `--keys` and tests send.
        if let key = Key.named[name] { self = key; return }
        if let key = Key.unmodified(Substring(name)) { self = key; return }
        guard name.utf8.count > 4 else { return nil }
        var rest = Substring(name)
        var modifiers: KeyModifiers = []
        for (prefix, modifier) in KeyModifiers.spelled where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.utf8.count)
            modifiers.insert(modifier)
        }
        guard !modifiers.isEmpty, !rest.isEmpty,
              let base = Key.named[String(rest)] ?? Key.unmodified(rest),
              let key = Key.compose(modifiers, base), key.name == name || Key.isShiftedLetter(modifiers, base) else { return nil }
        self = key
    }

    /// Shift (without ctrl) held with a lowercase letter: the capital it types.
    private static func isShiftedLetter(_ modifiers: KeyModifiers, _ base: Key) -> Bool {
        guard modifiers.contains(.shift), !modifiers.contains(.ctrl), case .character(let c) = base else { return false }
        return c.isASCII && c >= "a" && c <= "z"
    }

    /// A single character or `f1` … `f12`.
    private static func unmodified(_ name: Substring) -> Key? {
        if name.count == 1, let c = name.first {
            if c == " " { return .space }
            if c.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
                return .character(c)
            }
            return nil
        }
        if name.first == "f", let n = Int(name.dropFirst()), (1...12).contains(n), name == "f\(n)" {
            return .function(n)
        }
        return nil
    }

    // MARK: - Near misses

    private static let aliases: [String: String] = [
        "return": "enter", "escape": "esc", "del": "delete", "ins": "insert",
        "pgup": "pageup", "pgdn": "pagedown", "page-up": "pageup", "page-down": "pagedown",
        "bs": "backspace", "arrowup": "up", "arrowdown": "down", "arrowleft": "left",
        "arrowright": "right", "control": "ctrl", "ctl": "ctrl", "c": "ctrl", "meta": "alt",
        "option": "alt", "opt": "alt", "m": "alt", "s": "shift",
    ]

    /// The spelling meant by a name that is not one, for "did you mean"
    /// messages: `Ctrl+X` → `ctrl-x`, `alt-ctrl-x` → `ctrl-alt-x`,
    /// `shift-A` → `A`, `ctrl-A` → `ctrl-a`, `Return` → `enter`.
    public static func suggestion(for name: String) -> String? {
        guard Key(name: name) == nil, !name.isEmpty else { return nil }
        let parts = name.count > 1
            ? name.split(omittingEmptySubsequences: true) { $0 == "-" || $0 == "+" || $0 == "_" }.map(String.init)
            : [name]
        guard let last = parts.last else { return nil }
        var modifiers: KeyModifiers = []
        for word in parts.dropLast() {
            let lower = aliases[word.lowercased()] ?? word.lowercased()
            guard let modifier = KeyModifiers.spelled.first(where: { $0.prefix == lower + "-" })?.modifier else {
                return nil
            }
            modifiers.insert(modifier)
        }
        var base: Key
        if last.count == 1, let c = last.first {
            // With modifiers a capital means the letter key (`Ctrl+X`, `shift-A`).
            let letter = c.isASCII && c.isUppercase && !modifiers.isEmpty
            base = .character(letter ? Character(c.lowercased()) : c)
        } else {
            let lower = last.lowercased()
            guard let key = named[aliases[lower] ?? lower] ?? unmodified(Substring(lower)) ?? misspelled(lower) else {
                return nil
            }
            base = key
        }
        guard let key = compose(modifiers, base), key.name != name else { return nil }
        return key.name
    }
}

extension Key {
    /// The named key (`enter`, `pageup`) that `name` misspells: `enterr`, `pgaeup`.
    private static func misspelled(_ name: String) -> Key? {
        UIHostCore.suggestion(for: name, among: named.keys).flatMap { named[$0] }
    }

    /// ` (did you mean 'ctrl-x'?)` for a near miss, else "".
    public static func didYouMean(_ name: String) -> String {
        suggestion(for: name).map { " (did you mean '\($0)'?)" } ?? ""
    }
}

extension Key {
    /// Whether the key types text into a text field: a character or space,
    /// with no modifier.
    var isTyped: Bool {
        switch self {
        case .character, .space: true
        default: false
        }
    }
}
