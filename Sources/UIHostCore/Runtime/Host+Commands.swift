import LuaBridge

/// Commands: running one, the keys that run them, and the palette.
///
/// Every key the host routes passes `handleCommandKey` first, and only while
/// the app has commands or the palette is open: this is the one place where
/// command keys meet the host's key handling.
extension Host {
    /// Takes `key` when the palette is open, or when it is `ctrl-p` (the
    /// palette opens). A command's own keys are bindings, below the script's
    /// (`activeBindings`), so they show in the footer and the help.
    func handleCommandKey(_ key: Key) -> Bool {
        if palette != nil {
            handlePaletteKey(key)
            return true
        }
        if key == .ctrl("p") {
            openPalette()
            return true
        }
        return false
    }

    // MARK: - Running

    /// The ids of every command, in the order they were registered.
    public var commandIDs: [String] { commands.ids }

    /// Runs command `id`: a plugin's `run(state, ctx)`, a screen's `run(ctx)`,
    /// where `ctx = { id =, plugin =, folder = }`. An error goes to the banner, naming
    /// the plugin; it is returned too. Nil when there is no such command.
    @discardableResult
    public func runCommand(_ id: String) -> LuaError?? {
        guard let index = commands.commands.firstIndex(where: { $0.id == id }) else { return nil }
        return .some(handling { runCommand(at: index) })
    }

    /// Runs command `index` on `thread`; `args`, a table on that thread's
    /// stack, becomes `ctx.args` (`ui.run(id, …)`).
    @discardableResult
    func runCommand(at index: Int, on thread: OpaquePointer? = nil, args: Int32? = nil) -> LuaError? {
        let command = commands.commands[index]
        let s = thread.map { LuaStack($0) } ?? lua.stack
        invalidation.layout = true
        command.run.push(onto: s)
        if let plugin = command.plugin { plugin.state?.push(onto: s) }
        s.pushNewTable(fieldCount: 4)
        s.withTable(at: -1) { ctx in
            ctx.set("id", command.id)
            if let plugin = command.plugin {
                ctx.set("plugin", plugin.name)
                ctx.set("folder", plugin.directory)
            }
            if let args { ctx.set("args", copyOf: args) } else { ctx.setNewTable("args") }
        }
        do throws(LuaError) {
            try limits.run(as: origin(of: command.plugin)) { () throws(LuaError) in
                try lua.call(nargs: command.plugin == nil ? 1 : 2, nresults: 0, on: thread)
            }
            return nil
        } catch {
            var message = error.message
            if let plugin = command.plugin, plugins?.owner(ofMessage: message) == nil {
                message = "plugin '\(plugin.name)': command '\(command.id)': " + message
            }
            dispatcher.report(message, traceback: error.traceback)
            return error
        }
    }

    // MARK: - The palette

    /// Whether the command palette is open.
    public var paletteIsOpen: Bool { palette != nil }

    func openPalette() {
        palette = CommandPalette(commands)
        invalidation.drawing = true
    }

    func closePalette() {
        palette = nil
        invalidation.drawing = true
    }

    /// Every key goes to the open palette: characters filter, Up/Down move,
    /// Enter runs the highlighted command, Esc (or ctrl-p again) closes.
    private func handlePaletteKey(_ key: Key) {
        guard var p = palette else { return }
        switch key {
        case .esc, .ctrl("p"):
            closePalette()
            return
        case .enter:
            let chosen = p.selectedCommand
            closePalette()
            if let chosen { runCommand(at: chosen) }
            return
        case .up, .shiftTab: p.move(by: -1)
        case .down, .tab: p.move(by: 1)
        case .pageUp: p.move(by: -10)
        case .pageDown: p.move(by: 10)
        case .backspace: p.deleteBackward(commands)
        case .space: p.type(" ", commands)
        case .character(let c): p.type(c, commands)
        default: break
        }
        palette = p
        invalidation.drawing = true
    }
}
