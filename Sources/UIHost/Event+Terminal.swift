import TerminalIO
import UIHostCore

// What the terminal's decoder reports, as the host's events: a key by its
// name (docs/API.md §6), a mouse report in the host's cells.

extension Event {
    /// The event for decoded input; nil for a key no name spells and for the
    /// terminal's answers, which are not input.
    public init?(_ input: InputEvent) {
        switch input {
        case .key(let key):
            guard let key = Key(key) else { return nil }
            self = .key(key)
        case .mouse(let mouse): self = .mouse(MouseEvent(mouse))
        case .paste(let text): self = .paste(text)
        case .keyboardProtocol: return nil
        }
    }
}

extension Key {
    /// The key by its name; nil when the names cannot spell it: ctrl with
    /// anything but a letter, shift with a character that has no capital.
    public init?(_ key: TerminalKey) {
        let base: Key
        switch key.code {
        case .up: base = .up
        case .down: base = .down
        case .left: base = .left
        case .right: base = .right
        case .enter: base = .enter
        case .space: base = .space
        case .tab: base = .tab
        case .esc: base = .esc
        case .backspace: base = .backspace
        case .delete: base = .delete
        case .insert: base = .insert
        case .home: base = .home
        case .end: base = .end
        case .pageUp: base = .pageUp
        case .pageDown: base = .pageDown
        case .function(let n): base = .function(n)
        case .character(let c): base = .character(c)
        }
        var held: KeyModifiers = []
        if key.modifiers.contains(.shift) { held.insert(.shift) }
        if key.modifiers.contains(.alt) { held.insert(.alt) }
        if key.modifiers.contains(.ctrl) { held.insert(.ctrl) }
        guard let named = base.adding(held) else { return nil }
        self = named
    }
}

extension MouseEvent {
    public init(_ mouse: TerminalMouse) {
        let kind: MouseEvent.Kind
        switch mouse.kind {
        case .press: kind = .press
        case .release: kind = .release
        case .drag: kind = .drag
        case .scroll(let rows): kind = .scroll(rows)
        }
        self.init(kind, column: mouse.column, row: mouse.row)
    }
}
