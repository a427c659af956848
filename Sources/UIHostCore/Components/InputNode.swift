/// `ui.input`: a one-line text field. Its label on the row above, the field
/// between brackets, and the message of a failed `validate` on the row below.
/// Editing is by character (`LineEditor`); `value` is written back into the
/// table after every change, before `onChange(value)`. While it has focus the
/// terminal's own cursor sits at the caret, so input methods place their
/// candidate window there.
final class InputNode: Node, SemanticNode {
    let label: String
    let value: String
    let placeholder: String
    let password: Bool
    let maxLength: Int?
    let error: String?
    let style: Style
    let placeholderStyle: Style
    /// Drawn before the text inside the brackets (`> `), not part of the value.
    let prompt: String

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        label = field[Fields.label]
        value = field[Fields.value]
        placeholder = field[Fields.placeholder]
        password = field[Fields.password]
        maxLength = field[Fields.maxLength]
        error = field[Fields.error].flatMap { $0.isEmpty ? nil : $0 }
        style = field[Fields.style]
        placeholderStyle = field[Fields.placeholderStyle]
        prompt = field[Fields.prompt]
        hasSuggestions = field.has("suggestions")
        super.init(id: id, anchor: anchor)
    }

    // MARK: - Suggestions

    let hasSuggestions: Bool
    /// The suggestion that completes the value, found before drawing
    /// (`TreeReader.completion`): shown dim past the text, taken by Tab or →.
    private(set) var completion: String?

    override var needsPreparing: Bool { hasSuggestions }
    override func prepare(_ reader: TreeReader) {
        completion = password ? nil : reader.completion(anchor: anchor, for: value)
    }
    /// Tab takes the completion shown; with none, focus moves on as ever.
    override var takesTab: Bool { completion != nil }

    /// The value with the completion taken, its caret at the end.
    private func accept(_ completion: String, _ state: inout TextFieldState) -> [Action] {
        state.editor.reset(to: completion)
        state.editor.moveToEnd()
        var actions: [Action] = [.set(TextFieldState.self, id, state)]
        change(to: state.editor.text, &actions)
        return actions
    }

    static let longest = 1_000_000
    /// The form it is a field of (set by the form at layout).
    weak var form: FormNode?

    override var takesText: Bool { true }
    override var isFocusable: Bool { true }
    override func measureRows(width: Int) -> Int { (label.isEmpty ? 0 : 1) + 1 + (error == nil ? 0 : 1) }
    override func naturalColumns() -> Int {
        Gutter.width + 2 + promptWidth + max(20, DisplayWidth.of(label), DisplayWidth.of(placeholder) + 2)
    }

    private var promptWidth: Int { prompt.isEmpty ? 0 : DisplayWidth.of(prompt) }
    /// The row of the field itself, and the columns between its brackets.
    private var fieldRow: Int { rect.y + (label.isEmpty ? 0 : 1) }
    private var brackets: Rect { Rect(x: rect.x + Gutter.width + 1, y: fieldRow, width: max(0, rect.width - Gutter.width - 2), height: 1) }
    /// Where the text goes: between the brackets, past the prompt.
    private var inner: Rect { brackets.dropLeft(min(promptWidth, brackets.width)) }

    /// The field's state, its text brought in line with `value` (a handler
    /// may have changed it), taken out of `interaction`: edited while it is
    /// the only copy, a long value is changed in place, not copied on every
    /// key. Whoever takes it puts it back at once: drawing directly, a key
    /// through `.set(TextFieldState.self, …)` (or directly when the key is not the field's).
    private func takeState(_ interaction: InteractionState) -> TextFieldState {
        var state = interaction.remove(TextFieldState.self, id) ?? TextFieldState(editor: LineEditor(value, maxLength: maxLength))
        state.editor.maxLength = maxLength
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
        guard y < rect.maxY else { return }
        Gutter.draw(focused: focused, x: rect.x, y: y, into: &frame, context, clip: rect)
        let box = inner
        frame.put("[", x: brackets.x - 1, y: y, clip: rect)
        frame.put("]", x: brackets.maxX, y: y, clip: rect)
        if promptWidth > 0 { frame.put(prompt, x: brackets.x, y: y, style: .accent, clip: brackets) }
        var state = takeState(context.state)
        let view = state.editor.view(width: box.width, firstShown: state.firstShown, mask: password ? context.glyphs.mask : nil)
        state.firstShown = view.first
        context.state[TextFieldState.self, id] = state
        if value.isEmpty && !placeholder.isEmpty {
            // In plain text no dimness tells a placeholder from a value: `‹Title›` does.
            let marked = context.glyphs.urlsInText
                ? context.glyphs.placeholderOpen + placeholder + context.glyphs.placeholderClose : placeholder
            frame.put(TextLayout.truncate(marked, to: box.width), x: box.x, y: y, style: placeholderStyle, clip: box)
        } else {
            frame.put(view.text, x: box.x, y: y, style: Style.underline.union(style), clip: box)
            // The rest of the completion, dim past the text, while the caret is at its end.
            if focused, let completion, state.editor.caret == state.editor.count {
                // In plain text no dimness tells it from the value: `‹…›` does, as for a placeholder.
                let rest = String(completion.dropFirst(value.count))
                let marked = context.glyphs.urlsInText ? context.glyphs.placeholderOpen + rest + context.glyphs.placeholderClose : rest
                frame.put(marked, x: box.x + view.caretColumn, y: y, style: .dim, clip: box)
            }
        }
        if focused, box.width > 0 { frame.cursor = Point(x: box.x + min(view.caretColumn, box.width - 1), y: y) }
        if let error, y + 1 < rect.maxY {
            frame.put(TextLayout.truncate(context.glyphs.warning + " " + error, to: rect.width - Gutter.width),
                      x: rect.x + Gutter.width, y: y + 1, style: .error, clip: rect)
        }
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        var state = takeState(context.state)
        let changed: Bool
        // Only a completion found for the text as it is now (`Host.handleKey`
        // finds it again before Tab and Right).
        if let completion, state.editor.text == value, state.editor.caret == state.editor.count,
           key == .tab || InputNode.keys.action(for: key) == .edit(.right) {
            return accept(completion, &state)
        }
        switch key {
        case .character(let c): changed = state.editor.insert(String(c))
        case .space: changed = state.editor.insert(" ")
        default:
            switch InputNode.keys.action(for: key) {
            case .activate:
                context.state[TextFieldState.self, id] = state
                // In a form: checked, then on to the next field (or the form submits).
                let submit = Action.effect(Submit(anchor: anchor, value: value))
                if let form { return [submit, .effect(FormNode.Enter(form: form, field: self))] }
                // A message from `validate` is shown and `onSubmit` is not called.
                return [submit]
            case .edit(let edit):
                guard let edited = InputNode.apply(edit, to: &state.editor) else {
                    context.state[TextFieldState.self, id] = state
                    return nil
                }
                changed = edited
            default:
                context.state[TextFieldState.self, id] = state
                return nil
            }
        }
        let text = state.editor.text
        var actions: [Action] = [.set(TextFieldState.self, id, state)]
        if changed { change(to: text, &actions) }
        return actions
    }

    /// Whether the edit changed the text (a caret move does not); nil for one
    /// a single line has no use for.
    private static func apply(_ edit: TextEdit, to editor: inout LineEditor) -> Bool? {
        switch edit {
        case .left: editor.moveLeft()
        case .right: editor.moveRight()
        case .wordLeft: editor.moveWordLeft()
        case .wordRight: editor.moveWordRight()
        case .start: editor.moveToStart()
        case .end: editor.moveToEnd()
        case .deleteBackward: return editor.deleteBackward()
        case .deleteForward: return editor.deleteForward()
        case .deleteToStart: return editor.deleteToStart()
        case .deleteToEnd: return editor.deleteToEnd()
        case .deleteWord: return editor.deleteWordBackward()
        case .newline: return nil
        }
        return false
    }

    override func paste(_ text: String, _ context: EventContext) -> [Action]? {
        var state = takeState(context.state)
        let changed = state.editor.insert(text)
        let value = state.editor.text
        var actions: [Action] = [.set(TextFieldState.self, id, state)]
        if changed { change(to: value, &actions) }
        return actions
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? { [] }

    /// `value` is written back, a message shown is checked again (so it goes
    /// as soon as the text is right), then `onChange(value)`.
    private func change(to text: String, _ actions: inout [Action]) {
        actions.append(.setString(anchor: anchor, field: "value", text))
        if error != nil || form?.validateOn == .change { actions.append(.effect(Revalidate(anchor: anchor, value: text))) }
        actions.append(.call(anchor: anchor, handler: "onChange", [.string(text)]))
    }

    /// A value a `--watch` reload gave back: the handler the user's change runs.
    override func restored(_ field: String, _ value: KeptState.Value) -> [Action] {
        guard field == "value", case .string(let text) = value else { return [] }
        return [.call(anchor: anchor, handler: "onChange", [.string(text)])]
    }

    /// A password is never read out: one `•` per character, as drawn.
    func describe(_ context: SemanticsContext) -> Semantics {
        var s = Semantics(role: "input", label: label, value: password ? String(repeating: "•", count: value.count) : value)
        s.error = error
        return s
    }
}
extension InputNode: Component {
    static let kind = Kind("input")
    static let fixedHeight = true
    static let summary = """
        A one-line text field: its label above, the text between brackets, the message of a failed \
        validate below. Printable keys insert at the caret; Left/Right, Home/End, Backspace/Delete, \
        ctrl-a/e/u/k/w and alt-b/f edit; Enter validates and submits.
        """
    enum Fields {
        static let label = Field.string("label", default: "", doc: "shown bold on the row above the field")
        static let value = Field.editable("value", doc: "the text; every edit is written back before `onChange`")
        static let placeholder = Field.string("placeholder", default: "", doc: "shown dim while the value is empty; in plain text between `‹ ›` (`<` `>` with `--ascii`), so it is never read as a value")
        static let prompt = Field.string("prompt", default: "", doc: "drawn before the text inside the brackets, in the accent colour: `[> text]`; not part of `value`")
        static let style = Field.style(doc: "colours and attributes of the text (underlined in any case)")
        static let placeholderStyle = Field.style("placeholderStyle", default: .muted,
                                                  doc: "colours and attributes of the placeholder (default the theme's `muted`)")
        static let password = Field.bool("password", default: false, doc: "draw one `•` per character instead of the text")
        static let maxLength = Field.integer("maxLength", 1...InputNode.longest, doc: "at most this many characters (typing and pastes stop there)")
        static let error = Field.string("error", doc: "the message drawn under the field: what `validate` returned at the last Enter; a script may set it too (say, after checking with a server)")
    }
    static let fields: [FieldSpec] = [
        Fields.label.spec, Fields.value.spec, Fields.placeholder.spec, Fields.prompt.spec, Fields.style.spec,
        Fields.placeholderStyle.spec, Fields.password.spec, Fields.maxLength.spec, Fields.error.spec,
        .handler("validate", "fun(value: string): string?", doc: "`validate(value)` → a message, or nil when the value is good: called on Enter, and on each edit while a message shows"),
        .handler("onChange", "fun(value: string)", doc: "`onChange(value)`: after each edit"),
        .handler("onSubmit", "fun(value: string)", doc: "`onSubmit(value)`: Enter, when `validate` returned nil; focus stays on the field"),
        FieldSpec(name: "suggestions", type: .suggestions,
                  doc: "completions: the first that starts with the value (letters compared without case) shows dim past it (`‹ ›` in plain text) while the caret is at the end; Tab or Right takes it (an edit: `onChange` runs). An array (only its first 10,000 entries looked at), or `suggestions(text)` returning one, called under the script's limits before drawing (an error shows in the banner; one that runs into a limit is not called again). Not for a password"),
    ]

    static var state: [any ComponentState.Type] { [TextFieldState.self] }
    static let keys: [KeySpec] = [
        .typing("Type at the caret (a paste inserts its text)"),
        KeySpec([.left, .ctrl("b")], "Caret left", .edit(.left)),
        KeySpec([.right, .ctrl("f")], "Caret right", .edit(.right)),
        KeySpec([.modified([.alt], .character("b")), .modified([.ctrl], .left), .modified([.alt], .left)],
                "Caret a word left", .edit(.wordLeft)),
        KeySpec([.modified([.alt], .character("f")), .modified([.ctrl], .right), .modified([.alt], .right)],
                "Caret a word right", .edit(.wordRight)),
        KeySpec([.home, .ctrl("a")], "Caret to the start", .edit(.start)),
        KeySpec([.end, .ctrl("e")], "Caret to the end", .edit(.end)),
        KeySpec([.backspace, .ctrl("h")], "Delete the character before the caret", .edit(.deleteBackward)),
        KeySpec([.delete, .ctrl("d")], "Delete the character at the caret", .edit(.deleteForward)),
        KeySpec([.ctrl("u")], "Delete to the start", .edit(.deleteToStart)),
        KeySpec([.ctrl("k")], "Delete to the end", .edit(.deleteToEnd)),
        KeySpec([.ctrl("w"), .modified([.alt], .backspace)], "Delete the word before the caret", .edit(.deleteWord)),
        KeySpec([.enter], "Validate, then submit: calls onSubmit", .activate),
        KeySpec([.tab], "Take the suggestion shown (else focus moves on)", .complete),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { InputNode(id: source.id, anchor: source.anchor, source.field) }
}

/// What a text field keeps between frames that its table does not hold.
struct TextFieldState {
    var editor: LineEditor
    var firstShown = 0
}

extension TextFieldState: ComponentState {
    /// The caret and what was typed come back after a reload.
    static let keptAcrossReload = true
    /// Typing reads the field again, not the screen.
    static let belongsToItsNode = true
}
