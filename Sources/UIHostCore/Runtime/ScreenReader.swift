/// `--screen-reader`: the screen as linear text, for screen readers and braille
/// displays. Built on `Host.semanticTree()`: on start the screen's title and the
/// focused control (role, label, state); then, after each event, one line per
/// change: the screen changed, an overlay opened or closed, focus moved, a value
/// changed, an error.
public struct ScreenReader {
    private var last: Semantics?
    private var errorCount = 0

    public init() {}

    /// The lines for the host as it is now (on the first call, the start).
    public mutating func lines(for host: Host) -> [String] {
        let tree = host.semanticTree()
        defer { last = tree }
        var out: [String] = []
        let errors = host.errors
        if host.errorCount > errorCount {
            for e in errors.suffix(host.errorCount - errorCount) { out.append("error: " + e) }
        }
        errorCount = host.errorCount
        guard let tree else {
            if last != nil { out.append("no screen") }
            return out
        }
        guard let old = last else {
            out.append("screen: " + (tree.label.isEmpty ? "untitled" : tree.label))
            out += tree.children.filter(ScreenReader.isOverlay).map { "opened: " + ScreenReader.describe($0) }
            if let focus = ScreenReader.focused(tree) { out.append("focus: " + ScreenReader.describe(focus.node)) }
            return out
        }
        if old.label != tree.label || old.role != tree.role {
            out.append("screen: " + (tree.label.isEmpty ? "untitled" : tree.label))
        }
        let before = old.children.filter(ScreenReader.isOverlay)
        let after = tree.children.filter(ScreenReader.isOverlay)
        for overlay in before where !after.contains(where: { ScreenReader.same($0, overlay) }) {
            out.append("closed: " + ScreenReader.describe(overlay))
        }
        for overlay in after where !before.contains(where: { ScreenReader.same($0, overlay) }) {
            out.append("opened: " + ScreenReader.describe(overlay))
        }
        let oldFocus = ScreenReader.focused(old), newFocus = ScreenReader.focused(tree)
        if let newFocus {
            if let oldFocus, oldFocus.path == newFocus.path, ScreenReader.same(oldFocus.node, newFocus.node),
               old.label == tree.label {
                if oldFocus.node.value != newFocus.node.value || oldFocus.node.expanded != newFocus.node.expanded {
                    out.append("changed: " + ScreenReader.describe(newFocus.node))
                }
            } else {
                out.append("focus: " + ScreenReader.describe(newFocus.node))
            }
        } else if oldFocus != nil {
            out.append("focus: none")
        }
        return out
    }

    static func isOverlay(_ node: Semantics) -> Bool {
        ["sheet", "drawer", "dialog", "alertdialog"].contains(node.role)
    }

    static func same(_ a: Semantics, _ b: Semantics) -> Bool { a.role == b.role && a.label == b.label }

    /// The focused node and its path of child indices.
    static func focused(_ node: Semantics, path: [Int] = []) -> (node: Semantics, path: [Int])? {
        if node.focused { return (node, path) }
        for (i, child) in node.children.enumerated() {
            if let found = focused(child, path: path + [i]) { return found }
        }
        return nil
    }

    /// `button Save`, `input Name: Ada`, `checkbox Remember me: checked`, `list: two`.
    public static func describe(_ node: Semantics) -> String {
        var text = node.role
        if !node.label.isEmpty { text += " " + node.label }
        if let value = node.value { text += ": " + (value.isEmpty ? "empty" : value) }
        if let expanded = node.expanded { text += expanded ? ", expanded" : ", collapsed" }
        if node.disabled { text += ", disabled" }
        return text
    }
}
