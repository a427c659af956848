/// A list drawn over the content below its owner — the menu picker's popup and
/// the open dropdown. It never pushes content down: it is placed after layout,
/// below the owner when there is room, else above, clipped to the frame. While
/// open it takes keys and clicks first; Esc or a click outside closes it with
/// no change. Like a node, it answers events with actions; it is built anew
/// at each layout from the interaction state (its highlighted row). With a data
/// source it holds only the rows it shows: its owner fills them in `prepare`
/// (`fill`), from `shownRows`.
final class Popup {
    struct Row {
        let title: String
        let icon: String?
    }

    let owner: Node
    /// The rows held, the first being row `firstRow` (1-based): all of them,
    /// or with a data source the window shown.
    private(set) var rows: [Row]
    private(set) var firstRow = 1
    /// How many rows there are.
    let count: Int
    let checked: Int?
    let dividers: Bool
    let highlighted: Int
    private(set) var rect: Rect = .zero
    private var offset = 0
    private var visible = 0
    /// What choosing a row (1-based) does.
    let choose: (Int) -> [Action]
    /// What closing with no change does.
    let cancel: [Action]

    /// `count`, when given, makes a popup over a data source: `rows` is empty
    /// until the owner fills the rows shown.
    init(owner: Node, rows: [Row], count: Int? = nil, highlighted: Int, checked: Int?, dividers: Bool,
         choose: @escaping (Int) -> [Action], cancel: [Action]) {
        self.owner = owner
        self.rows = rows
        self.count = count ?? rows.count
        self.checked = checked
        self.dividers = dividers
        self.highlighted = min(max(highlighted, 1), max(self.count, 1))
        self.choose = choose
        self.cancel = cancel
    }

    /// The rows drawn (1-based), for an owner that fills them from a data source.
    var shownRows: ClosedRange<Int>? {
        let last = min(count, offset + visible)
        return last > offset ? (offset + 1)...last : nil
    }

    /// The rows from `first` on (a data source's window).
    func fill(first: Int, _ rows: [Row]) {
        firstRow = first
        self.rows = rows
    }

    /// The width of a popup over a data source, whose rows are not read to place it.
    static let sourceWidth = 32

    private func rowText(_ i: Int, _ glyphs: Glyphs) -> String {
        guard rows.indices.contains(i - firstRow) else { return "" }
        let row = rows[i - firstRow]
        var text = row.title
        if let icon = row.icon, !icon.isEmpty { text = icon + " " + text }
        let check = checked == i ? String(glyphs.check) : " "
        return check + " " + text
    }

    /// Places the popup under (or over) the owner's row `anchorRow`, `minWidth` wide at least.
    func place(anchorRow: Int, x: Int, minWidth: Int, bounds: Rect, glyphs: Glyphs) {
        let n = count
        let needed = 2 + n + (dividers ? max(0, n - 1) : 0)
        let widest = rows.count < n ? Popup.sourceWidth - 5
            : (1...max(n, 1)).map { $0 <= n ? DisplayWidth.of(rowText($0, glyphs)) : 0 }.max() ?? 0
        let width = min(max(minWidth, widest + 5), bounds.maxX - x)
        let below = bounds.maxY - (anchorRow + 1)
        let above = anchorRow - bounds.y
        if needed <= below || below >= above {
            rect = Rect(x: x, y: anchorRow + 1, width: width, height: min(needed, max(0, below)))
        } else {
            let h = min(needed, above)
            rect = Rect(x: x, y: anchorRow - h, width: width, height: h)
        }
        let inner = max(0, rect.height - 2)
        visible = dividers ? (inner + 1) / 2 : inner
        if highlighted - 1 < offset { offset = highlighted - 1 }
        if visible > 0, highlighted - 1 >= offset + visible { offset = highlighted - visible }
        offset = max(0, min(offset, n - visible))
    }

    func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let g = context.glyphs
        frame.addBox(rect)
        frame.fill(rect)
        let rule = String(repeating: g.horizontal, count: rect.width - 2)
        frame.put(String(g.topLeft) + rule + String(g.topRight), x: rect.x, y: rect.y, style: .border, clip: rect)
        frame.put(String(g.bottomLeft) + rule + String(g.bottomRight), x: rect.x, y: rect.maxY - 1, style: .border, clip: rect)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            frame.put(String(g.vertical), x: rect.x, y: y, style: .border, clip: rect)
            frame.put(String(g.vertical), x: rect.maxX - 1, y: y, style: .border, clip: rect)
        }
        let inner = Rect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
        var y = inner.y
        for i in stride(from: offset + 1, through: min(count, offset + visible), by: 1) {
            if i > offset + 1, dividers {
                if y >= inner.maxY { break }
                frame.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), with: g.horizontal, style: .border)
                y += 1
            }
            if y >= inner.maxY { break }
            let isHighlighted = i == highlighted
            frame.put(isHighlighted ? String(g.focus) : " ", x: inner.x, y: y, style: isHighlighted ? .focused : .plain, clip: inner)
            let body = Rect(x: inner.x + 2, y: y, width: inner.width - 2, height: 1)
            frame.put(TextLayout.truncate(rowText(i, g), to: body.width), x: body.x, y: y,
                      style: isHighlighted ? .focused : .plain, clip: body)
            // The highlight spans the row, mark to border, not only the label.
            if isHighlighted { frame.addStyle(.focused, in: Rect(x: inner.x, y: y, width: inner.width, height: 1)) }
            y += 1
        }
    }

    /// Keys while open. Every key is taken, so nothing reaches the screen below.
    func handle(_ key: Key) -> [Action] {
        let page = max(1, visible - 1)
        switch Popup.keys.action(for: key) {
        case .move(let step): return move(to: highlighted + step)
        case .page(let pages): return move(to: highlighted + pages * page)
        case .first: return move(to: 1)
        case .last: return move(to: count)
        case .activate: return count == 0 ? [] : choose(highlighted)
        case .close: return cancel
        default: return []
        }
    }

    /// The keys of an open popup (a menu picker's, a dropdown's): it takes
    /// every key while open, these act, any other does nothing.
    static let keys: [KeySpec] = [
        KeySpec([.up], "Previous row", .move(-1)),
        KeySpec([.down], "Next row", .move(1)),
        KeySpec([.pageUp], "A page up", .page(-1)),
        KeySpec([.pageDown], "A page down", .page(1)),
        KeySpec([.home], "First row", .first),
        KeySpec([.end], "Last row", .last),
        KeySpec([.enter, .space], "Choose the highlighted row", .activate),
        KeySpec([.esc, .tab, .shiftTab], "Close without a change", .close),
    ]

    /// An open popup to a screen reader: a menu of its rows (with a data source,
    /// those shown), the chosen one selected, the highlighted one focused.
    var semantics: Semantics {
        var s = Semantics(role: "menu")
        s.children = rows.enumerated().map { i, row in
            let index = firstRow + i
            var item = Semantics(role: "option", label: Semantics.label(row))
            item.selected = checked == index
            item.focused = highlighted == index
            return item
        }
        return s
    }

    /// The highlight moves; the next layout builds the popup with it.
    private func move(to index: Int) -> [Action] {
        [.set(MenuHighlight.self, owner.id, min(max(index, 1), max(count, 1)))]
    }

    /// A click: on a row chooses it; anywhere else closes with no change.
    func click(x: Int, y: Int) -> [Action] {
        guard rect.contains(x: x, y: y), y > rect.y, y < rect.maxY - 1 else { return cancel }
        let line = y - rect.y - 1
        if dividers {
            return line % 2 == 0 ? choose(offset + line / 2 + 1) : []
        }
        return choose(offset + line + 1)
    }
}

/// The highlighted row (1-based) of a picker's or a dropdown's open popup;
/// at most one popup is open (`InteractionState.openMenu`).
enum MenuHighlight: ComponentState {
    typealias Value = Int
    static let keptAcrossReload = true
    /// Its popup is laid out by its owner: a move of it is a write into the owner.
    static let belongsToItsNode = true
}
