import CLua
import CLuaShim
import LuaBridge

/// The navigation stack: `ui.push`, `ui.pop`, Esc and `‹ Back`.
extension Host {
    /// Pushes the screen table on top of the Lua stack (popping it) as the new
    /// current screen; relative paths it pushes resolve from `directory`.
    func pushScreen(directory: String, file: String? = nil) {
        if !stack.isEmpty { callScreenHandler(stack[stack.count - 1].ref, "onDisappear") }
        let ref = luaL_ref(L, LUA_REGISTRYINDEX)
        stack.append(ScreenEntry(ref: ref, directory: directory, file: file))
        dirty = true
        callScreenHandler(ref, "onAppear")
    }

    /// Back to the previous screen; nothing at the root.
    func pop() {
        guard stack.count > 1 else { return }
        let entry = stack.removeLast()
        interaction.focus[.screen(entry.ref)] = nil
        interaction.focus[.drawer(entry.ref)] = nil
        callScreenHandler(entry.ref, "onDisappear")
        luaL_unref(L, LUA_REGISTRYINDEX, entry.ref)
        dirty = true
        callScreenHandler(stack[stack.count - 1].ref, "onAppear")
    }

    /// Runs the screen script at `path` on `thread` (the main one by default)
    /// and leaves the screen it returns on that thread's stack. Throws the
    /// script's error; when it returned something else, pops it and returns
    /// what it was (`nil`, `a ui.text`, …) for the caller's message.
    func loadScreenFile(_ path: String, on thread: OpaquePointer? = nil) throws(LuaError) -> String? {
        let T = thread ?? L
        try lua.loadFile(path, on: T)
        try lua.call(nargs: 0, nresults: 1, on: T)
        guard kinds.kind(T, at: -1) == .screen else {
            let got = kinds.typeName(T, -1)
            lua_settop(T, -2)
            return got
        }
        noteLoaded(path)
        return nil
    }

    public var navigationDepth: Int { stack.count }

    /// For each screen on the stack, root first, the file it was loaded from
    /// (nil for a screen a handler built and pushed as a table).
    public var navigationFiles: [String?] { stack.map(\.file) }

    /// Pushes again, after a reload, the screens that came from files, in
    /// order, as far as they still exist (a screen built by a handler ends it).
    /// Throws when one of them no longer loads.
    public func restoreNavigation(_ files: [String?]) throws(LuaError) {
        for file in files.dropFirst() {
            guard let file, FileSystem.exists(file), try loadScreenFile(file) == nil else { return }
            pushScreen(directory: FileSystem.directory(of: file), file: file)
        }
    }

    func noteLoaded(_ file: String) {
        if !loadedFiles.contains(file) { loadedFiles.append(file) }
    }

    /// Shows a message in the error banner (a reload that failed).
    public func showError(_ message: String) {
        report(message)
        dirty = true
    }

    private func callScreenHandler(_ ref: Int32, _ name: String) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(ref))
        lua.push(name)
        if lua_rawget(L, -2) == LUA_TFUNCTION {
            lua_pushvalue(L, -2)
            invoke(nargs: 1)
            lua_settop(L, -2)
        } else {
            lua_settop(L, -3)
        }
    }
}
