/// The semantics of the built-in nodes, in one place, read-only: each is read
/// from what layout already holds (no handler runs, nothing is written back).
extension Semantics {
    static func describing(_ node: Node, _ context: SemanticsContext) -> Semantics {
        var s = base(node, context)
        s.focused = node.isFocusable && node.focusKey == context.focused
        s.offscreen = node.isFocusable && !node.isWhollyShown
        if s.children.isEmpty { s.children = node.children.map { $0.semantics(context) } }
        if let popup = context.popup, popup.owner === node {
            // Open, its rows are the popup's (the highlighted one has focus).
            s.expanded = true
            s.children = [menu(popup)]
        }
        return s
    }

    /// Role, label and value; children only where they are not the node's own.
    private static func base(_ node: Node, _ context: SemanticsContext) -> Semantics {
        switch node {
        case let n as ScreenNode: return Semantics(role: "screen", label: n.title)
        case let n as TextNode: return Semantics(role: "text", label: n.text)
        case let n as ButtonNode:
            var s = Semantics(role: "button", label: n.title)
            s.disabled = n.disabled
            return s
        case let n as CheckboxNode: return Semantics(role: "checkbox", label: n.title, value: n.checked ? "checked" : "not checked")
        case let n as SwitchNode: return Semantics(role: "switch", label: n.title, value: n.on ? "on" : "off")
        case let n as RadioNode:
            return Semantics(role: "radio", value: title(n.items, n.selected), children: options(n.items, selected: n.selected))
        case let n as InputNode:
            // A password is never read out: one `•` per character, as drawn.
            let value = n.password ? String(repeating: "•", count: n.value.count) : n.value
            return Semantics(role: "input", label: n.label, value: value)
        case let n as TextAreaNode: return Semantics(role: "textarea", label: n.label, value: n.value)
        case let n as ListNode: return list(n, context)
        case let n as TableNode: return table(n)
        case let n as TabsNode: return tabs(n, context)
        case let n as PickerNode:
            var s = Semantics(role: "picker", label: n.label, value: n.value, children: options(n.items, selected: n.selected))
            if !n.isWheel { s.expanded = false }
            return s
        case let n as DropdownNode:
            let rows = n.items.map(\.row)
            var s = Semantics(role: "dropdown", label: n.selectedIndex == nil ? n.placeholder ?? "" : "",
                              value: n.value, children: options(rows, selected: n.selectedIndex ?? 0))
            s.expanded = false
            return s
        case let n as SheetNode: return Semantics(role: "sheet", label: n.title)
        case is DrawerNode: return Semantics(role: "drawer")
        case let n as BoxNode: return Semantics(role: "group", label: n.title)
        case let n as LinkNode: return Semantics(role: "link", label: n.title, value: n.url)
        case let n as ImageNode: return Semantics(role: "image", label: n.asset)
        case let n as ProgressNode:
            return Semantics(role: "progress", label: n.label, value: n.value.map { "\(Int(($0 * 100).rounded()))%" } ?? "busy")
        case let n as DialogNode:
            var s = Semantics(role: "dialog", label: n.title, value: n.message.isEmpty ? nil : n.message)
            s.children = n.children.map { $0.semantics(context) }
            return s
        case let n as DialogButtonNode: return Semantics(role: "button", label: n.title)
        case let n as ScrollNode:
            return Semantics(role: "scroll", value: n.viewport.map { "row \($0.offset + 1) of \($0.contentHeight)" })
        case is SpacerNode: return Semantics(role: "spacer")
        case is DividerNode: return Semantics(role: "separator")
        default: return Semantics(role: "group")
        }
    }

    private static func title(_ rows: [Popup.Row], _ selected: Int) -> String? {
        guard rows.indices.contains(selected - 1) else { return nil }
        let row = rows[selected - 1]
        return row.icon.map { $0 + " " + row.title } ?? row.title
    }

    private static func options(_ rows: [Popup.Row], selected: Int) -> [Semantics] {
        rows.enumerated().map { i, row in
            var s = Semantics(role: "option", label: row.icon.map { $0 + " " + row.title } ?? row.title)
            s.selected = i + 1 == selected
            return s
        }
    }

    /// The rows a list shows (a list of 10^6 items is not read whole), the
    /// chosen one's title as its value.
    private static func list(_ n: ListNode, _ context: SemanticsContext) -> Semantics {
        let rows = n.rect.isEmpty ? [] : n.loadRows(from: n.scroll, count: min(n.rect.height, n.count - n.scroll), reader: context.reader)
        var s = Semantics(role: "list")
        s.children = rows.enumerated().map { i, row in
            var item = Semantics(role: "listitem", label: row.icon.map { $0 + " " + row.title } ?? row.title, value: row.subtitle)
            item.selected = n.scroll + i + 1 == n.selected
            item.disabled = row.disabled
            return item
        }
        s.value = s.children.first { $0.selected == true }?.label
        return s
    }

    /// The rows a table shows, as drawn in the last frame (a data source is not
    /// called again), each labelled with its cells; the cursor's row is selected.
    private static func table(_ n: TableNode) -> Semantics {
        var s = Semantics(role: "table", label: n.columns.map(\.title).joined(separator: ", "))
        s.children = n.cells.enumerated().map { i, cells in
            var row = Semantics(role: "row", label: cells.joined(separator: ", "))
            row.selected = n.view.scroll + i + 1 == n.selected
            return row
        }
        s.value = s.children.first { $0.selected == true }?.label
        return s
    }

    /// A tab per label; the chosen tab holds the page (the only one laid out).
    private static func tabs(_ n: TabsNode, _ context: SemanticsContext) -> Semantics {
        var s = Semantics(role: "tabs", value: n.tabs.indices.contains(n.selected - 1) ? n.tabs[n.selected - 1].title : nil)
        s.children = n.tabs.enumerated().map { i, tab in
            var t = Semantics(role: "tab", label: tab.icon.map { $0 + " " + tab.title } ?? tab.title)
            t.selected = i + 1 == n.selected
            if i + 1 == n.selected { t.children = n.children.map { $0.semantics(context) } }
            return t
        }
        return s
    }

    /// An open popup (menu picker, dropdown): its rows, the highlighted one focused.
    private static func menu(_ popup: Popup) -> Semantics {
        var s = Semantics(role: "menu")
        // With a data source, the rows held are those shown.
        s.children = popup.rows.enumerated().map { i, row in
            let index = popup.firstRow + i
            var item = Semantics(role: "option", label: row.icon.map { $0 + " " + row.title } ?? row.title)
            item.selected = popup.checked == index
            item.focused = popup.highlighted == index
            return item
        }
        return s
    }
}
