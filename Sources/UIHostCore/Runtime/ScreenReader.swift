/// `--screen-reader`: the screen as linear text, for screen readers and braille
/// displays. Built on `Host.semanticTree()`: on start the screen's title and the
/// focused control (role, label, state); then, after each event, one line per
/// change: the screen changed, an overlay opened or closed, focus moved, the
/// focused control's text, value or row changed, a live component changed (a
/// log's new lines, a badge), a toast came, a field's validation message came
/// or went, a handler failed. A screen with nothing to focus reads as a
/// document: its texts when it shows, and each text that changes.
public struct ScreenReader {
    private var last: Semantics?
    private var errorCount = 0
    private var toastCount = 0

    public init() {}

    /// The lines for the host as it is now (on the first call, the start):
    /// each one line, whatever the labels, titles and errors in it hold.
    public mutating func lines(for host: Host) -> [String] {
        changes(for: host).map(TerminalText.oneLine)
    }

    private mutating func changes(for host: Host) -> [String] {
        let tree = host.semanticTree()
        defer { last = tree }
        var out: [String] = []
        let errors = host.errors
        if host.errorCount > errorCount {
            for e in errors.suffix(host.errorCount - errorCount) { out.append("error: " + e) }
        }
        errorCount = host.errorCount
        let (toasts, count) = host.toasts(since: toastCount)
        toastCount = count
        guard let tree else {
            if last != nil { out.append("no screen") }
            return out
        }
        guard let old = last else {
            out.append("screen: " + (tree.label.isEmpty ? "untitled" : tree.label))
            out += tree.children.filter(ScreenReader.isOverlay).map { "opened: " + ScreenReader.describe($0) }
            if let focus = ScreenReader.focused(tree) {
                out.append("focus: " + ScreenReader.describe(focus.node))
            } else {
                out += ScreenReader.texts(tree)
            }
            out += toasts.map(ScreenReader.toast)
            return out
        }
        let sameScreen = old.label == tree.label && old.role == tree.role
        if !sameScreen {
            out.append("screen: " + (tree.label.isEmpty ? "untitled" : tree.label))
            if ScreenReader.focused(tree) == nil { out += ScreenReader.texts(tree) }
        }
        let before = old.children.filter(ScreenReader.isOverlay)
        let after = tree.children.filter(ScreenReader.isOverlay)
        for overlay in before where !after.contains(where: { ScreenReader.same($0, overlay) }) {
            out.append("closed: " + ScreenReader.describe(overlay))
        }
        for overlay in after where !before.contains(where: { ScreenReader.same($0, overlay) }) {
            out.append("opened: " + ScreenReader.describe(overlay))
            out += ScreenReader.helpLines(overlay)
        }
        let oldFocus = ScreenReader.focused(old), newFocus = ScreenReader.focused(tree)
        if let newFocus {
            if let oldFocus, oldFocus.path == newFocus.path, sameScreen,
               ScreenReader.sameComponent(oldFocus.node, newFocus.node) {
                // A live component's changes are said below, focused or not.
                if !newFocus.node.live, let change = ScreenReader.change(from: oldFocus.node, to: newFocus.node) {
                    out.append("changed: " + change)
                }
            } else {
                out.append("focus: " + ScreenReader.describe(newFocus.node))
            }
        } else if oldFocus != nil {
            out.append("focus: none")
        }
        if sameScreen {
            out += ScreenReader.liveChanges(from: old, to: tree)
            if newFocus == nil { out += ScreenReader.textChanges(from: old, to: tree) }
            out += ScreenReader.validation(from: old, to: tree)
        }
        out += toasts.map(ScreenReader.toast)
        return out
    }

    // MARK: - Finding nodes

    /// The lines of the help overlay (a dialog that is no component), said as it opens.
    static func helpLines(_ overlay: Semantics) -> [String] {
        overlay.kind == nil && overlay.role == "dialog" ? overlay.children.map { "  " + $0.label } : []
    }

    static func isOverlay(_ node: Semantics) -> Bool {
        ["sheet", "drawer", "dialog", "alertdialog"].contains(node.role)
    }

    static func same(_ a: Semantics, _ b: Semantics) -> Bool { a.role == b.role && a.label == b.label }

    /// Whether two nodes at one place are the same component: its text may
    /// have changed, not what it is.
    static func sameComponent(_ a: Semantics, _ b: Semantics) -> Bool { a.role == b.role && a.kind == b.kind }

    /// The focused node and its path of child indices.
    static func focused(_ node: Semantics, path: [Int] = []) -> (node: Semantics, path: [Int])? {
        if node.focused { return (node, path) }
        for (i, child) in node.children.enumerated() {
            if let found = focused(child, path: path + [i]) { return found }
        }
        return nil
    }

    /// The node at `path` of `root`, if there is one.
    static func node(at path: [Int], in root: Semantics) -> Semantics? {
        var node = root
        for i in path {
            guard node.children.indices.contains(i) else { return nil }
            node = node.children[i]
        }
        return node
    }

    /// Every component (not its rows) for which `include` holds, with its path.
    static func components(_ node: Semantics, path: [Int] = [], where include: (Semantics) -> Bool,
                           into found: inout [(node: Semantics, path: [Int])]) {
        if node.kind != nil, include(node) { found.append((node, path)) }
        for (i, child) in node.children.enumerated() {
            components(child, path: path + [i], where: include, into: &found)
        }
    }

    // MARK: - What changed

    /// The focused control's change in words: its label only when that
    /// changed (the user knows what has focus), then its value, the chosen
    /// row's place, its state; nil when nothing a reader says changed.
    static func change(from old: Semantics, to new: Semantics) -> String? {
        guard old.label != new.label || old.value != new.value || old.expanded != new.expanded
                || old.disabled != new.disabled || chosenRow(old) != chosenRow(new) else { return nil }
        var shown = new
        if old.label == new.label { shown.label = "" }
        return describe(shown)
    }

    /// The selected row of a list, tree or table: what a cursor move changes.
    private static func chosenRow(_ node: Semantics) -> Semantics? {
        node.children.first { $0.selected == true && $0.kind == nil }
    }

    /// Live components that changed in place, focused or not: a log's new
    /// lines (those past the last line it showed), one line each; any other
    /// live one, described again.
    static func liveChanges(from old: Semantics, to new: Semantics) -> [String] {
        var live: [(node: Semantics, path: [Int])] = []
        components(new, where: { $0.live }, into: &live)
        var out: [String] = []
        for (node, path) in live {
            guard let before = ScreenReader.node(at: path, in: old), sameComponent(before, node) else { continue }
            if node.role == "log" {
                let seen = before.children.compactMap(\.position).max() ?? 0
                for line in node.children where (line.position ?? 0) > seen { out.append("log: " + line.label) }
            } else if before.label != node.label || before.value != node.value {
                out.append("changed: " + describe(node))
            }
        }
        return out
    }

    /// At most this many texts of a screen with nothing to focus are read when it shows.
    static let maxTexts = 20

    /// The texts of a screen with nothing to focus, as it shows: `text Waiting…`.
    static func texts(_ tree: Semantics) -> [String] {
        var texts: [(node: Semantics, path: [Int])] = []
        components(tree, where: { $0.role == "text" && !$0.label.isEmpty }, into: &texts)
        return texts.prefix(maxTexts).map { describe($0.node) }
    }

    /// On a screen with nothing to focus, the texts that changed in place
    /// (a live one is said by `liveChanges`).
    static func textChanges(from old: Semantics, to new: Semantics) -> [String] {
        var texts: [(node: Semantics, path: [Int])] = []
        components(new, where: { $0.role == "text" && !$0.live }, into: &texts)
        return texts.compactMap { node, path in
            guard let before = ScreenReader.node(at: path, in: old), sameComponent(before, node),
                  before.label != node.label else { return nil }
            return "changed: " + describe(node)
        }
    }

    /// Validation messages that came, changed or went, on any field.
    static func validation(from old: Semantics, to new: Semantics) -> [String] {
        var fields: [(node: Semantics, path: [Int])] = []
        components(new, where: { _ in true }, into: &fields)
        var out: [String] = []
        for (node, path) in fields {
            let before = ScreenReader.node(at: path, in: old).flatMap { sameComponent($0, node) ? $0.error : nil }
            guard before != node.error else { continue }
            let name = node.label.isEmpty ? node.role : node.label
            if let error = node.error {
                out.append("invalid: \(name): \(error)")
            } else {
                out.append("valid: \(name)")
            }
        }
        return out
    }

    // MARK: - Words

    /// `toast: Saved`, `toast: Disk full (error)`.
    static func toast(_ node: Semantics) -> String {
        "toast: " + node.label + (node.value.map { " (\($0))" } ?? "")
    }

    /// `button Save`, `input Name: Ada`, `checkbox Remember me: checked`,
    /// `list 11 items: two`, `tree 4 nodes: src, level 1, expanded`.
    public static func describe(_ node: Semantics) -> String {
        var text = node.role
        if !node.label.isEmpty { text += " " + node.label }
        if let value = node.value { text += ": " + (value.isEmpty ? "empty" : value) }
        if let row = chosenRow(node) {
            if let level = row.level { text += ", level \(level)" }
            if let expanded = row.expanded { text += expanded ? ", expanded" : ", collapsed" }
        }
        if let expanded = node.expanded { text += expanded ? ", expanded" : ", collapsed" }
        if node.disabled { text += ", disabled" }
        if let error = node.error { text += ", invalid: " + error }
        return text
    }
}
