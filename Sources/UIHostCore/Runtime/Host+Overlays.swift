import CLua
import CLuaShim
import LuaBridge

/// Sheets, the drawer, and the mouse over all layers.
extension Host {
    // MARK: - Drawer

    /// Opens the current screen's drawer, if it has one.
    func openDrawer() {
        guard !stack.isEmpty, !stack[stack.count - 1].drawerOpen else { return }
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(stack[stack.count - 1].ref))
        let hasDrawer = lua_getfield_raw(L, -1, "drawer") == LUA_TTABLE
        lua_settop(L, -3)
        guard hasDrawer else { return }
        stack[stack.count - 1].drawerOpen = true
        dirty = true
    }

    func closeDrawer() {
        guard !stack.isEmpty, stack[stack.count - 1].drawerOpen else { return }
        stack[stack.count - 1].drawerOpen = false
        dirty = true
    }

    var drawerIsOpen: Bool { stack.last?.drawerOpen ?? false }

    // MARK: - Sheets

    /// Presents the sheet on top of the Lua stack (popping it).
    func present() {
        let ref = luaL_ref(L, LUA_REGISTRYINDEX)
        sheets.append(ref)
        dirty = true
    }

    /// Dismisses the sheet at `index` and calls its `onDismiss(sheet)`.
    func dismissSheet(at index: Int) {
        guard sheets.indices.contains(index) else { return }
        let ref = sheets.remove(at: index)
        interaction.focus[.sheet(ref)] = nil
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(ref))
        luaL_unref(L, LUA_REGISTRYINDEX, ref)
        dirty = true
        if lua_getfield_raw(L, -1, "onDismiss") == LUA_TFUNCTION {
            lua_pushvalue(L, -2)
            invoke(nargs: 1)
        } else {
            lua_settop(L, -2)
        }
        lua_settop(L, -2)
    }

    /// The index of the presented sheet whose table is at `index` of `thread`.
    func sheetIndex(of thread: OpaquePointer, at index: Int32) -> Int? {
        let p = lua_topointer(thread, index)
        for (i, ref) in sheets.enumerated() {
            lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(ref))
            let q = lua_topointer(L, -1)
            lua_settop(L, -2)
            if p == q { return i }
        }
        return nil
    }

    // MARK: - Mouse

    func handleMouse(_ mouse: MouseEvent) {
        guard quitCode == nil else { return }
        ensureLayout()
        // Far-off reports (the test API can send any integer) stay far off, without overflowing.
        let x = min(max(mouse.column, -1), 1_000_000) - 1, y = min(max(mouse.row, -1), 1_000_000) - 1
        switch mouse.kind {
        case .press:
            pressAt = (x, y)
        case .drag:
            break
        case .release:
            // A click is a press and a release on the same cell; anything else is a drag.
            if let start = pressAt {
                if start == (x, y) { click(x: x, y: y) } else { drag(from: start, to: (x, y)) }
            }
            pressAt = nil
        case .scroll(let amount):
            scroll(amount, x: x, y: y)
        }
    }

    /// A left click focuses and activates; a click outside an open overlay closes it.
    private func click(x: Int, y: Int) {
        dirty = true
        if let popup {
            // A click on the popup's owner closes it too (the owner toggles).
            popup.click(x: x, y: y, self)
            return
        }
        guard let layer = topLayer else { return }
        switch layer.kind {
        case .screen:
            if let screen = layer.root as? ScreenNode, let back = screen.backRect, back.contains(x: x, y: y) {
                pop()
                return
            }
        case .drawer:
            if !layer.root.rect.contains(x: x, y: y) {
                closeDrawer()
                return
            }
        case .sheet(let i):
            // Above the sheet: dismiss it (when dismissible).
            if y < layer.root.rect.y {
                if let sheet = layer.root as? SheetNode, sheet.dismissible { dismissSheet(at: i) }
                return
            }
        }
        guard let node = layer.focusables.last(where: { $0.hitRect().contains(x: x, y: y) }) else { return }
        focus(node, in: layer)
        _ = node.click(x: x, y: y, self)
    }

    /// Drags: a sheet's top edge down 3+ rows dismisses it; from column 1 right
    /// opens the drawer; left while it is open closes it.
    private func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) {
        guard start != end, let layer = topLayer else { return }
        dirty = true
        switch layer.kind {
        case .sheet(let i):
            if start.y == layer.root.rect.y, end.y - start.y >= 3,
               let sheet = layer.root as? SheetNode, sheet.dismissible {
                dismissSheet(at: i)
            }
        case .drawer:
            if start.x - end.x >= 3 { closeDrawer() }
        case .screen:
            if start.x == 0, end.x - start.x >= 3 { openDrawer() }
        }
    }

    private func scroll(_ amount: Int, x: Int, y: Int) {
        guard popup == nil, let layer = topLayer else { return }
        dirty = true
        guard let node = layer.focusables.last(where: { $0.hitRect().contains(x: x, y: y) }) else { return }
        _ = node.scroll(amount, self)
    }
}
