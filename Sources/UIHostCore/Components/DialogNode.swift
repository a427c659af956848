/// `ui.alert` and `ui.confirm`: a modal box in the middle of the frame, its
/// title in the top edge, the message wrapped inside, the buttons in its last
/// row. Shown by calling the constructor (`ui.confirm{…}`), it is a layer of
/// its own over everything else: the backdrop dims behind it, focus stays
/// inside, focus starts on the safe choice (Cancel, which comes first), Esc
/// answers false. The answer goes to `onChoice(ok)`, and to the `ui.spawn`
/// coroutine that waits in the call.
final class DialogNode: Node, SemanticNode {
    let title: String
    let message: String
    let confirmTitle: String
    /// nil for an alert: one button.
    let cancelTitle: String?
    let destructive: Bool
    private(set) var lines: [String] = []

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader, asksToConfirm: Bool) {
        title = field[Fields.title]
        message = field[Fields.message]
        confirmTitle = field[Fields.confirm]
        cancelTitle = asksToConfirm ? field[Fields.cancel] : nil
        destructive = asksToConfirm && field[Fields.destructive]
        super.init(id: id, anchor: anchor)
        var buttons: [Node] = []
        if let cancelTitle { buttons.append(DialogButtonNode(of: self, title: cancelTitle, ok: false)) }
        buttons.append(DialogButtonNode(of: self, title: confirmTitle, ok: true, destructive: destructive))
        children = buttons
    }

    /// Not dismissed by a click outside or a drag: only an answer closes it.
    override var isDismissible: Bool { false }

    /// Columns of the button row: each button with its gutter, one apart.
    private var buttonsWidth: Int {
        children.map { $0.naturalWidth() }.reduce(0, +) + (children.count - 1)
    }

    static let maxWidth = 50

    override func layout(in bounds: Rect, _ context: LayoutContext) {
        let widest = max(DisplayWidth.of(title) + 6, buttonsWidth + 4, min(DisplayWidth.of(message), DialogNode.maxWidth - 4) + 4)
        let width = min(bounds.width, max(24, min(DialogNode.maxWidth, widest)))
        var wrapped = message.isEmpty ? [] : TextLayout.wrap(message, width: max(1, width - 4))
        // Borders, the message, an empty row, the buttons; a small frame cuts the message.
        let room = max(0, bounds.height - 4)
        if wrapped.count > room {
            wrapped = Array(wrapped.prefix(room))
            if let last = wrapped.popLast() { wrapped.append(TextLayout.truncate(last + " …", to: max(1, width - 4))) }
        }
        lines = wrapped
        let height = min(bounds.height, lines.count + 4)
        rect = Rect(x: bounds.x + (bounds.width - width) / 2, y: bounds.y + (bounds.height - height) / 2, width: width, height: height)
        // The buttons at the right of the last row inside the border.
        let row = rect.maxY - 2
        var x = max(rect.x + 1, rect.maxX - 2 - buttonsWidth)
        for button in children {
            let w = min(button.naturalWidth(), max(0, rect.maxX - 1 - x))
            button.layout(in: Rect(x: x, y: row, width: w, height: row > rect.y ? 1 : 0), context)
            x += w + 1
        }
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let g = context.glyphs
        frame.fill(rect)
        if rect.width >= 2 {
            let inner = rect.width - 2
            var top = String(repeating: g.horizontal, count: inner)
            if !title.isEmpty, inner > 6 {
                let t = " " + TextLayout.truncate(title, to: inner - 4) + " "
                top = String(repeating: g.horizontal, count: 1) + t + String(repeating: g.horizontal, count: max(0, inner - 1 - DisplayWidth.of(t)))
            }
            frame.put(String(g.topLeft) + top + String(g.topRight), x: rect.x, y: rect.y, style: .border, clip: rect)
            if !title.isEmpty, inner > 6 {
                frame.addStyle(.bold, in: Rect(x: rect.x + 3, y: rect.y, width: DisplayWidth.of(TextLayout.truncate(title, to: inner - 4)), height: 1))
            }
            if rect.height >= 2 {
                frame.put(String(g.bottomLeft) + String(repeating: g.horizontal, count: inner) + String(g.bottomRight),
                          x: rect.x, y: rect.maxY - 1, style: .border, clip: rect)
            }
            for y in stride(from: rect.y + 1, to: rect.maxY - 1, by: 1) {
                frame.put(String(g.vertical), x: rect.x, y: y, style: .border, clip: rect)
                frame.put(String(g.vertical), x: rect.maxX - 1, y: y, style: .border, clip: rect)
            }
        }
        let body = Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: max(0, rect.height - 3))
        for (i, line) in lines.enumerated() where i < body.height {
            frame.put(line, x: body.x, y: body.y + i, clip: body)
        }
        for button in children where !button.rect.isEmpty { button.render(into: &frame, context) }
    }

    /// The message is its value, the buttons its children.
    func describe(_ context: SemanticsContext) -> Semantics {
        Semantics(role: "dialog", label: title, value: message.isEmpty ? nil : message,
                  children: children.map { $0.semantics(context) })
    }

    /// The keys of either dialog, read by its buttons (which hold the focus).
    static let keys: [KeySpec] = [
        KeySpec([.enter, .space], "Answer with the focused button: calls onChoice", .activate),
        KeySpec([.esc], "Answer false (Cancel): calls onChoice", .close),
    ]
}

/// A button of a dialog: Enter, Space or a click answers with `ok`.
final class DialogButtonNode: Node, SemanticNode {
    let title: String
    let ok: Bool
    let destructive: Bool

    init(of dialog: DialogNode, title: String, ok: Bool, destructive: Bool = false) {
        self.title = title
        self.ok = ok
        self.destructive = destructive
        // The dialog's table: the answer names it; the two buttons are its two occurrences.
        super.init(id: dialog.id, anchor: dialog.anchor)
    }

    override var isFocusable: Bool { true }
    override func measureRows(width: Int) -> Int { 1 }
    override func naturalColumns() -> Int { Gutter.width + 4 + DisplayWidth.of(title) }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        let body = Gutter.row(of: rect, focused: focused, into: &frame, context)
        let label = Gutter.bracketed(title, width: body.width)
        let look: Style = destructive ? Style.error.union(.bold) : .plain
        frame.put(label, x: body.x, y: body.y, style: look.union(focused ? .focused : .plain), clip: body)
    }

    /// Esc is the host's: it answers false as it closes the top layer.
    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        DialogNode.keys.action(for: key) == .activate ? [.navigate(.answer(id, ok))] : nil
    }

    override var keySpecs: [KeySpec] { DialogNode.keys }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? { [.navigate(.answer(id, ok))] }

    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "button", label: title) }
}

extension DialogNode {
    /// The fields of both dialogs (an alert has no `cancel` or `destructive`).
    enum Fields {
        static let title = Field.string("title", default: "", doc: "in the top edge, bold")
        static let message = Field.string("message", default: "", doc: "the text inside, wrapped")
        static let confirm = Field.string("confirm", default: "OK", doc: "the confirm button's label (the right one)")
        static let cancel = Field.string("cancel", default: "Cancel", doc: "the cancel button's label; it has focus first")
        static let destructive = Field.bool("destructive", default: false, doc: "the confirm button in the theme's `error` colour")
    }
}

/// `ui.alert`: a message and one button.
enum AlertDialog: Component {
    static let kind = Kind.alert
    static let summary = """
        A message in a box over everything, with one button. Calling `ui.alert{…}` shows it.
        """
    static let constructorSummary = """
        Shows a modal alert over everything once the running handler returns. Inside a `ui.spawn` \
        function the call waits and returns true (the button) or false (Esc); elsewhere it returns \
        nothing at once and the answer goes to onChoice.
        """
    static let constructorReturns = "boolean?"
    static let fields: [FieldSpec] = [
        DialogNode.Fields.title.spec, DialogNode.Fields.message.spec,
        DialogNode.Fields.confirm.spec.saying("the button's label"),
        .handler("onChoice", "fun(ok: boolean)", doc: "`onChoice(ok)`: true after the button, false after Esc"),
    ]

    static let keys = DialogNode.keys
    /// Its buttons take focus, not the dialog.
    static let takesFocus = false

    static func node(_ source: NodeSource) -> any SemanticNode {
        DialogNode(id: source.id, anchor: source.anchor, source.field, asksToConfirm: false)
    }
}

/// `ui.confirm`: a question, Cancel and a confirm button; focus starts on Cancel.
enum ConfirmDialog: Component {
    static let kind = Kind.confirm
    static let summary = """
        A question in a box over everything, with Cancel and a confirm button; focus starts on Cancel \
        and Esc answers false. Calling `ui.confirm{…}` shows it.
        """
    static let constructorSummary = """
        Shows a modal confirm dialog over everything once the running handler returns. Inside a \
        `ui.spawn` function the call waits and returns true (confirm) or false (Cancel, Esc); \
        elsewhere it returns nothing at once and the answer goes to onChoice.
        """
    static let constructorReturns = "boolean?"
    static let fields: [FieldSpec] = [
        DialogNode.Fields.title.spec, DialogNode.Fields.message.spec, DialogNode.Fields.confirm.spec,
        DialogNode.Fields.cancel.spec, DialogNode.Fields.destructive.spec,
        .handler("onChoice", "fun(ok: boolean)", doc: "`onChoice(ok)`: true after confirm, false after Cancel or Esc"),
    ]

    static let keys = DialogNode.keys
    /// Its buttons take focus, not the dialog.
    static let takesFocus = false

    static func node(_ source: NodeSource) -> any SemanticNode {
        DialogNode(id: source.id, anchor: source.anchor, source.field, asksToConfirm: true)
    }
}
