/// `ui.textarea`: a multi-line text field, `height` rows between brackets.
/// Enter starts a new line and Up/Down move by line (leaving the field at its
/// first and last line, as elsewhere); Tab still moves focus. The view
/// scrolls to keep the caret visible, down and sideways. `value` is written
/// back after every change, before `onChange(value)`.
final class TextAreaNode: Node, SemanticNode {
    let label: String
    let value: String
    let placeholder: String
    let height: Int

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        label = field[Fields.label]
        value = field[Fields.value]
        placeholder = field[Fields.placeholder]
        height = field[Fields.height]
        super.init(id: id, anchor: anchor)
    }

    override var takesText: Bool { true }
    override var isFocusable: Bool { true }
    override func measureRows(width: Int) -> Int { (label.isEmpty ? 0 : 1) + height }
    override func naturalColumns() -> Int { Gutter.width + 2 + max(30, DisplayWidth.of(label), DisplayWidth.of(placeholder)) }

    /// The field's state, taken out of `interaction`: edited while it is the
    /// only copy, a value of 10^5 lines is changed in place, not copied line by
    /// line on every key. Whoever takes it puts it back at once: drawing
    /// directly, a key through `.setTextAreaState` (or directly when the key is
    /// not the field's).
    private func takeState(_ interaction: InteractionState) -> TextAreaState {
        var state = interaction.remove(TextAreaState.self, id) ?? TextAreaState(editor: TextEditor(value))
        state.editor.reset(to: value)
        return state
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        var y = rect.y
        if !label.isEmpty {
            frame.put(TextLayout.truncate(label, to: rect.width), x: rect.x, y: y, style: .bold, clip: rect)
            y += 1
        }
        // A share or percentage of its stack (`sizing`) fills the rows it got.
        let rows = max(0, sizing?.height != nil ? rect.maxY - y : min(height, rect.maxY - y))
        guard rows > 0 else { return }
        let box = Rect(x: rect.x + Gutter.width + 1, y: y, width: max(0, rect.width - Gutter.width - 2), height: rows)
        var state = takeState(context.state)
        // Scroll down or up so that the caret's line shows.
        state.firstRow = min(max(state.firstRow, state.editor.row - rows + 1), state.editor.row)
        let caretView = state.editor.lines[state.editor.row].view(width: box.width, firstShown: state.firstColumn)
        state.firstColumn = caretView.first
        context.state[TextAreaState.self, id] = state
        Gutter.draw(focused: focused, x: rect.x, y: y, into: &frame, context, clip: rect)
        for i in 0..<rows {
            frame.put("[", x: box.x - 1, y: y + i, clip: rect)
            frame.put("]", x: box.maxX, y: y + i, clip: rect)
            let line = state.firstRow + i
            guard state.editor.lines.indices.contains(line) else { continue }
            let shown = state.editor.lines[line].shown(from: state.firstColumn, width: box.width)
            frame.put(TextLayout.truncate(String(shown), to: box.width), x: box.x, y: y + i, style: .underline, clip: box)
        }
        if value.isEmpty && !placeholder.isEmpty {
            frame.put(TextLayout.truncate(placeholder, to: box.width), x: box.x, y: y, style: .muted, clip: box)
        }
        if focused, box.width > 0 {
            frame.cursor = Point(x: box.x + min(caretView.caretColumn, box.width - 1), y: y + state.editor.row - state.firstRow)
        }
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        var state = takeState(context.state)
        var changed = false
        var handled = true
        switch key {
        case .character(let c): changed = state.editor.insert(String(c))
        case .space: changed = state.editor.insert(" ")
        default:
            switch TextAreaNode.keys.action(for: key) {
            // At the first or last line the key goes on to the host: focus moves on.
            case .move(let lines): handled = state.editor.moveLine(by: lines)
            case .edit(let edit):
                if let edited = TextAreaNode.apply(edit, to: &state.editor) { changed = edited } else { handled = false }
            default: handled = false
            }
        }
        guard handled else {
            context.state[TextAreaState.self, id] = state
            return nil
        }
        let text = changed ? state.editor.keptText() : nil
        var actions: [Action] = [.set(TextAreaState.self, id, state)]
        if let text { change(to: text, &actions) }
        return actions
    }

    /// Whether the edit changed the text (a caret move does not); nil for one it has no use for.
    private static func apply(_ edit: TextEdit, to editor: inout TextEditor) -> Bool? {
        switch edit {
        case .newline: editor.newline(); return true
        case .deleteBackward: return editor.deleteBackward()
        case .deleteForward: return editor.deleteForward()
        case .deleteToStart: return editor.onLine { $0.deleteToStart() }
        case .deleteToEnd: return editor.onLine { $0.deleteToEnd() }
        case .deleteWord: return editor.onLine { $0.deleteWordBackward() }
        case .left: editor.moveLeft()
        case .right: editor.moveRight()
        case .start: editor.moveToLineStart()
        case .end: editor.moveToLineEnd()
        case .wordLeft, .wordRight: return nil
        }
        return false
    }

    override func paste(_ text: String, _ context: EventContext) -> [Action]? {
        var state = takeState(context.state)
        // "\r\n" is one Character in Swift; either ending becomes a line break.
        let clean = String(text.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
        let changed = state.editor.insert(clean)
        let value = changed ? state.editor.keptText() : nil
        var actions: [Action] = [.set(TextAreaState.self, id, state)]
        if let value { change(to: value, &actions) }
        return actions
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? { [] }

    /// `value` is written back, then `onChange(value)`.
    private func change(to text: String, _ actions: inout [Action]) {
        actions.append(.setString(anchor: anchor, field: "value", text))
        actions.append(.call(anchor: anchor, handler: "onChange", [.string(text)]))
    }

    /// A value a `--watch` reload gave back: the handler the user's change runs.
    override func restored(_ field: String, _ value: KeptState.Value) -> [Action] {
        guard field == "value", case .string(let text) = value else { return [] }
        return [.call(anchor: anchor, handler: "onChange", [.string(text)])]
    }

    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "textarea", label: label, value: value) }
}

/// What a text area keeps between frames: its editor and the first row and
/// column shown.
struct TextAreaState {
    var editor: TextEditor
    var firstRow = 0
    var firstColumn = 0
}

extension TextAreaNode: Component {
    static let kind = Kind("textarea")
    static let summary = """
        A multi-line text field, `height` rows between brackets. Enter starts a new line, Up/Down move \
        by line (leaving the field at its first and last line), Tab moves focus.
        """
    static let luaClass = "ui.TextArea"
    enum Fields {
        static let label = Field.string("label", default: "", doc: "shown bold on the row above the field")
        static let value = Field.editable("value", doc: "the text, lines separated by `\\n`; every edit is written back before `onChange`")
        static let placeholder = Field.string("placeholder", default: "", doc: "shown dim while the value is empty")
        static let height = Field<Int>(
            "height", .size, default: .value(.integer(rows)),
            doc: "rows of text shown (1…1000), or a percentage of its stack or a share of what is left, which it fills; the view scrolls to the caret"
        ) { $0.ownRows($1, min: 1, max: 1000) ?? rows }
        /// Rows shown when `height` is unset.
        static let rows = 5
    }
    static let fields: [FieldSpec] = [
        Fields.label.spec, Fields.value.spec, Fields.placeholder.spec, Fields.height.spec,
        .handler("onChange", "fun(value: string)", doc: "`onChange(value)`: after each edit"),
    ]

    static var state: [any ComponentState.Type] { [TextAreaState.self] }
    static let keys: [KeySpec] = [
        .typing("Type at the caret (a paste inserts its text, line breaks too)"),
        KeySpec([.enter], "Start a new line", .edit(.newline)),
        KeySpec([.up], "Caret a line up (on the first line, focus moves on)", .move(-1)),
        KeySpec([.down], "Caret a line down (on the last line, focus moves on)", .move(1)),
        KeySpec([.left, .ctrl("b")], "Caret left", .edit(.left)),
        KeySpec([.right, .ctrl("f")], "Caret right", .edit(.right)),
        KeySpec([.home, .ctrl("a")], "Caret to the start of the line", .edit(.start)),
        KeySpec([.end, .ctrl("e")], "Caret to the end of the line", .edit(.end)),
        KeySpec([.backspace, .ctrl("h")], "Delete the character before the caret", .edit(.deleteBackward)),
        KeySpec([.delete, .ctrl("d")], "Delete the character at the caret", .edit(.deleteForward)),
        KeySpec([.ctrl("u")], "Delete to the start of the line", .edit(.deleteToStart)),
        KeySpec([.ctrl("k")], "Delete to the end of the line", .edit(.deleteToEnd)),
        KeySpec([.ctrl("w")], "Delete the word before the caret", .edit(.deleteWord)),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { TextAreaNode(id: source.id, anchor: source.anchor, source.field) }
}

extension TextAreaState: ComponentState {
    /// The caret and the view come back after a reload.
    static let keptAcrossReload = true
    /// Typing reads the area again (and what its new height moves), not the screen.
    static let belongsToItsNode = true
}
