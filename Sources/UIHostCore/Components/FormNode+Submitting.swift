import LuaBridge

/// `ui.form`: moving on from a field, and submitting.
extension FormNode {
    /// Enter in a form's text field (after the field's own submit wrote
    /// `error`): on to the next field when its value passed, or the form
    /// submits after its last.
    struct Enter: KindEffect {
        let form: FormNode
        let field: Node

        var readsEverythingAgain: Bool { true }

        func run(_ context: EffectContext) {
            guard context.dispatcher.fieldString(anchor: field.anchor, "error") == nil else { return }
            if let next = form.field(after: field) {
                context.focus(next)
            } else {
                Submit(form: form).run(context)
            }
        }
    }

    /// Checks every text field of the form; focuses the first with a
    /// message, or calls `onSubmit(values)` (the Sign up button, `form:submit()`).
    struct Submit: KindEffect {
        let form: FormNode

        /// What it writes (`error`) it names; `onSubmit` is a handler the compositor sees.
        var readsEverythingAgain: Bool { false }

        func run(_ context: EffectContext) {
            let dispatcher = context.dispatcher
            var firstBad: Node?
            for case let input as InputNode in form.fields {
                dispatcher.revalidate(anchor: input.anchor)
                if firstBad == nil, dispatcher.fieldString(anchor: input.anchor, "error") != nil { firstBad = input }
            }
            if let firstBad {
                if firstBad.isFocusable { context.focus(firstBad) }
                return
            }
            let fields = form.fields.compactMap { node in
                node.component.flatMap { FormNode.valueFields[$0.kind] }.map { (node.anchor, $0) }
            }
            dispatcher.submitForm(anchor: form.anchor, fields: fields)
        }
    }
}

extension Dispatcher {
    /// `form.onSubmit(values)`: each field's value (`fields`: its anchor and
    /// the name of its value) under its `id`; a field without an `id` is left out.
    func submitForm(anchor: Int32, fields: [(Int32, StaticString)]) {
        s.restoringTop { submitFormOnStack(anchor: anchor, fields: fields) }
    }

    private func submitFormOnStack(anchor: Int32, fields: [(Int32, StaticString)]) {
        pushComponent(anchor)
        let owner = limits.origin(ofComponentAt: -1, on: L)
        reader.pushName("onSubmit")
        guard s.rawGet(at: -2) == .function else { return }
        s.pushNewTable(fieldCount: Int32(min(fields.count, 1000)))
        let values = s.top
        for (field, name) in fields {
            s.restoringTop {
                pushComponent(field)
                let t = s.top
                reader.pushName("id")
                if s.rawGet(at: t) != .nil {
                    reader.pushName(name)
                    s.rawGet(at: t)
                    s.rawSet(at: values)
                }
            }
        }
        invoke(nargs: 1, as: owner)
    }
}

extension Host {
    /// `form:submit()` calls made since the last layout, each on the form as
    /// the top layer shows it now (a form not shown there is not submitted).
    func submitPendingForms() {
        guard !navigator.pendingSubmits.isEmpty else { return }
        let tables = navigator.pendingSubmits
        navigator.pendingSubmits.removeAll()
        guard let layer = topLayer else { return }
        handling {
            for table in tables {
                if let form = FormNode.find(table, in: layer.root) { apply(.effect(FormNode.Submit(form: form))) }
            }
        }
    }
}
