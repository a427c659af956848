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
        s.push(node.role)
        s.setField("role", at: -2)
        if let kind = node.kind {
            s.push(kind)
            s.setField("kind", at: -2)
        }
        s.push(node.label)
        s.setField("label", at: -2)
        if let value = node.value {
            s.push(value)
            s.setField("value", at: -2)
        }
        s.push(node.focused)
        s.setField("focused", at: -2)
        if let selected = node.selected {
            s.push(selected)
            s.setField("selected", at: -2)
        }
        if let expanded = node.expanded {
            s.push(expanded)
            s.setField("expanded", at: -2)
        }
        if let level = node.level {
            s.push(level)
            s.setField("level", at: -2)
        }
        if let position = node.position {
            s.push(position)
            s.setField("position", at: -2)
        }
        if let error = node.error {
            s.push(error)
            s.setField("error", at: -2)
        }
        if node.live {
            s.push(true)
            s.setField("live", at: -2)
        }
        if node.disabled {
            s.push(true)
            s.setField("disabled", at: -2)
        }
        if node.offscreen {
            s.push(true)
            s.setField("offscreen", at: -2)
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
