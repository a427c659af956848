import LuaBridge

/// What text fields ask of the script: writing a string field, and asking the
/// script's `validate` for a message (run by `Host.apply`, never by a node).
extension Dispatcher {
    /// `component[field] = value` (nil clears it), raw.
    func setString(anchor: Int32, field: StaticString, _ value: String?) {
        pushComponent(anchor)
        reader.pushName(field)
        if let value { lua.push(value) } else { s.pushNil() }
        s.rawSet(at: -3)
        s.pop()
        invalidation.wrote(anchor)
    }

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
}
