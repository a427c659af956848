import LuaBridge

/// What a text field asks of the script when its value is checked: Enter
/// (`validate`, then `onSubmit`), and a message checked again as the text changes.
extension InputNode {
    /// Enter: a message from `validate` is written into `error`, and
    /// `onSubmit(value)` is called only when there is none.
    struct Submit: KindEffect {
        let anchor: Int32
        let value: String

        var readsEverythingAgain: Bool { false }

        func run(_ context: EffectContext) { context.dispatcher.submit(anchor: anchor, value) }
    }

    /// `error` = what `validate(value)` says of the text now.
    struct Revalidate: KindEffect {
        let anchor: Int32
        let value: String

        var readsEverythingAgain: Bool { false }

        func run(_ context: EffectContext) {
            let dispatcher = context.dispatcher
            dispatcher.setString(anchor: anchor, field: "error", dispatcher.validate(anchor: anchor, value))
        }
    }
}

extension Dispatcher {
    /// `component.validate(value)`: its message, or nil when it returned nil
    /// (or is not set). An error in it shows in the banner and lets the value pass.
    func validate(anchor: Int32, _ value: String) -> String? {
        s.restoringTop { () -> String? in
            pushComponent(anchor)
            reader.pushName("validate")
            s.rawGet(at: -2)
            guard s.type(at: -1) == .function else { return nil }
            lua.push(value)
            do throws(LuaError) {
                try lua.call(nargs: 1, nresults: 1)
            } catch {
                report(error)
                return nil
            }
            switch s.type(at: -1) {
            case .nil: return nil
            case .string: return s.displayString(at: -1)
            case .number: return LuaState.string(L, at: -1)
            default: return "validate: expected a message or nil (got \(reader.kinds.typeName(L, -1)))"
            }
        }
    }

    /// Enter in a text field: a message from `validate` is written into `error`,
    /// and `onSubmit(value)` is called only when there is none.
    func submit(anchor: Int32, _ value: String) {
        let message = validate(anchor: anchor, value)
        setString(anchor: anchor, field: "error", message)
        if message == nil { call(anchor: anchor, handler: "onSubmit", [.string(value)]) }
    }

    /// `component.error` = what `component.validate(component.value)` says now.
    func revalidate(anchor: Int32) {
        setString(anchor: anchor, field: "error", validate(anchor: anchor, fieldString(anchor: anchor, "value") ?? ""))
    }
}
