import CLua
import CLuaShim
import LuaBridge

/// The navigation stack: `ui.push`, `ui.pop`, Esc and `‹ Back`.
extension Host {
    /// Pushes the screen table on top of the Lua stack (popping it) as the new
    /// current screen; relative paths it pushes resolve from `directory`.
    func pushScreen(directory: String) {
        if !stack.isEmpty { callScreenHandler(stack[stack.count - 1].ref, "onDisappear") }
        let ref = luaL_ref(L, LUA_REGISTRYINDEX)
        stack.append(ScreenEntry(ref: ref, directory: directory))
        dirty = true
        callScreenHandler(ref, "onAppear")
    }

    /// Back to the previous screen; nothing at the root.
    func pop() {
        guard stack.count > 1 else { return }
        let entry = stack.removeLast()
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(entry.ref))
        if let id = lua_topointer(L, -1) { interaction.focus[id] = nil }
        lua_settop(L, -2)
        callScreenHandler(entry.ref, "onDisappear")
        luaL_unref(L, LUA_REGISTRYINDEX, entry.ref)
        dirty = true
        callScreenHandler(stack[stack.count - 1].ref, "onAppear")
    }

    /// Loads a screen file relative to the current screen's directory and pushes
    /// its screen table on the Lua stack, or returns the error message.
    func loadScreen(path: String) -> String? {
        let directory = stack.last?.directory ?? scriptDirectory
        let full = FileSystem.join(directory, path)
        do {
            try lua.loadFile(full)
            try lua.call(nargs: 0, nresults: 1)
        } catch {
            return error.message
        }
        guard kinds.kind(L, at: -1) == .screen else {
            let got = reader.typeName(-1)
            lua_settop(L, -2)
            return "\(full): the script must return a ui.screen (got \(got))"
        }
        return nil
    }

    /// The titles of the navigation path, root first (for tests and reloads).
    public var navigationDepth: Int { stack.count }

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
