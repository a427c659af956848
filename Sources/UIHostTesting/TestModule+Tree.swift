import LuaBridge
import UIHostCore

/// `app:tree()`: the semantic tree (`Host.semanticTree`) as plain tables:
/// `{ role =, label =, value =, focused =, children = { … } }`; `kind` for a
/// component (not its rows), `selected`, `expanded`, `level`, `position` and `error` where
/// they apply, `disabled = true`, `offscreen = true` and `live = true` where they hold.
extension TestModule {
    static let tree: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "tree") else { return LuaTrampoline.raiseWhere }
        guard let root = app.host.lua.stack.balanced("tree", { app.host.semanticTree() }) else {
            s.pushNil()
            return 1
        }
        guard push(root, onto: s, depth: 0) else { return s.raise("tree: the tree is too deep to copy") }
        return 1
    }

    /// False when the Lua stack cannot grow (a tree nested beyond any real screen).
    private static func push(_ node: Semantics, onto s: LuaStack, depth: Int) -> Bool {
        guard depth < 200, s.reserve(4) else { return false }
        s.pushNewTable(fieldCount: 6)
        s.withTable(at: -1) { t in
            t.set("role", node.role)
            if let kind = node.kind { t.set("kind", kind) }
            t.set("label", node.label)
            if let value = node.value { t.set("value", value) }
            t.set("focused", node.focused)
            if let selected = node.selected { t.set("selected", selected) }
            if let expanded = node.expanded { t.set("expanded", expanded) }
            if let level = node.level { t.set("level", level) }
            if let position = node.position { t.set("position", position) }
            if let error = node.error { t.set("error", error) }
            // Flags only where they hold.
            if node.live { t.set("live", true) }
            if node.disabled { t.set("disabled", true) }
            if node.offscreen { t.set("offscreen", true) }
        }
        s.pushNewTable(arrayCount: Int32(clamping: node.children.count))
        for (i, child) in node.children.enumerated() {
            guard push(child, onto: s, depth: depth + 1) else { return false }
            s.rawSet(at: -2, i + 1)
        }
        s.setField("children", at: -2)
        return true
    }
}
