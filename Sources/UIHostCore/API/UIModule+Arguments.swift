import LuaBridge

/// What the screen is told about how it was started: `ui.args` (the words
/// after `--` on the command line, or `test.open`'s `args`) and `ui.env(name)`,
/// which reads only the variables named with `--env NAME` (or `test.open`'s
/// `env`), so that a screen cannot read a token from the environment unasked.
/// Both are the screen's: a plugin's `ui.args` is empty and its `ui.env` errs.
extension UIModule {
    /// Pushes `ui.args` for code of `origin`: a fresh table of strings.
    static func pushArguments(_ host: Host, origin: Origin) {
        let s = host.lua.stack
        let arguments = origin == .app ? host.options.arguments : []
        s.pushNewTable(arrayCount: Int32(min(arguments.count, 1 << 20)))
        for (i, argument) in arguments.enumerated() {
            s.push(argument)
            s.rawSetIndex(at: -2, i + 1)
        }
    }

    /// `ui.env(name)`: the variable's value, nil when it is named but unset.
    static let env: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard s.type(at: 1) == .string, let name = s.string(at: 1) else { return argError(L, 1, "env", "string") }
        let host = host(L)
        guard origin(L) == .app else {
            return raise(L, "ui.env: environment variables are given to the screen only (a plugin asks the screen through ui.call)")
        }
        guard let value = host.options.environment[name] else {
            let shown = TerminalText.oneLine(HostLimits.shortened(name))
            return raise(L, "ui.env: '\(shown)' is not given to the screen; name it with --env \(shown) "
                         + "(or env = { \(shown) = … } in test.open)")
        }
        if let value { s.push(value) } else { s.pushNil() }
        return 1
    }
}
