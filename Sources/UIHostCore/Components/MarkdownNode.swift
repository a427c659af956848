import LuaBridge

/// `ui.markdown`: a markdown text drawn for the terminal — CommonMark with
/// GitHub's tables, task lists, strikethrough and autolinks, parsed by
/// cmark-gfm. It wraps to its width and scrolls; links are hyperlinks (OSC 8)
/// where colours are written, `text <url>` in plain text, and a cursor steps
/// through them (Tab/Shift-Tab; Enter or a click calls `onLink(url)`).
///
/// The text is data: raw HTML is not shown, link URLs are cleaned and those
/// that would run something are not links. A text is parsed once, piece by
/// piece as it is scrolled to, and only the rows shown are laid out, so the
/// first frame of a 10 MB document costs a screenful (`MarkdownDocument`).
final class MarkdownNode: Node, SemanticNode {
    let document: MarkdownDocument
    private var view = MarkdownViewState()
    private var key = MarkdownLayout.Key(width: 0, ascii: false, urlsInText: true)
    private var glyphs = Glyphs.unicode

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        document = MarkdownNode.document(id: id, field)
        super.init(id: id, anchor: anchor)
    }

    /// The table's parsed text, from the cache when the text is the same string.
    private static func document(id: UnsafeRawPointer, _ field: FieldReader) -> MarkdownDocument {
        let reader = field.reader
        let s = reader.s
        reader.pushName(Fields.text.key)
        let type = s.rawGet(at: field.table)
        defer { s.pop() }
        if type == .number {
            // A number where text is expected is shown as Lua would print it, as every text field does.
            let text = s.isInteger(at: -1) ? String(s.toInteger(at: -1)) : String(s.toNumber(at: -1))
            s.pop()
            s.push(text)
        } else if type != .string && type != .nil {
            reader.problem("ui.markdown: text must be a string (got \(reader.typeName(-1)))")
        }
        return reader.markdownCache.document(for: id, textOn: s, of: reader.lua)
    }

    /// Rows a markdown asks for in a stack, at most: a long document scrolls.
    static let maxNaturalRows = 200
    /// Columns it lays out at most (a frame is at most 1000 wide).
    static let maxWidth = 1000

    override var isFocusable: Bool { true }
    override var takesTab: Bool { true }
    override var isFlexible: Bool { true }
    override var preferredFlexibleHeight: Int { measure(width: key.width + MarkdownNode.margins) }
    override func measureRows(width: Int) -> Int {
        // A scroll measures its children at an unbounded width: no frame is wider than 1000 columns.
        let k = MarkdownLayout.Key(width: max(1, min(width, MarkdownNode.maxWidth) - MarkdownNode.margins), ascii: key.ascii,
                                   urlsInText: key.urlsInText)
        document.layOut(through: MarkdownNode.maxNaturalRows, k, glyphs: glyphs)
        return min(document.lines.count, MarkdownNode.maxNaturalRows)
    }
    override func naturalColumns() -> Int { 40 }

    /// The focus gutter at the left, the scroll marks' column at the right.
    static let margins = Gutter.width + 1

    private var body: Rect { Rect(x: rect.x + Gutter.width, y: rect.y, width: max(0, rect.width - MarkdownNode.margins), height: rect.height) }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        glyphs = context.glyphs
        key = MarkdownLayout.Key(width: max(1, min(rect.width, MarkdownNode.maxWidth) - MarkdownNode.margins), ascii: glyphs.isASCII,
                                 urlsInText: glyphs.urlsInText)
        view = context.state[MarkdownViewState.self, id] ?? MarkdownViewState()
        if view.reloaded {
            // Kept across a reload (`--watch`): the reloaded component's text was
            // parsed again; layout clamps what an edit made too far.
            view.document = ObjectIdentifier(document)
            view.reloaded = false
        } else if view.document != ObjectIdentifier(document) {
            // A new text: a heading asked for is of the new text (md:scrollTo after text = …); the rest is not.
            view = MarkdownViewState(document: ObjectIdentifier(document), pendingHeading: view.pendingHeading)
        }
        if let link = view.link, link >= Int32(document.links.count) { view.link = nil }
        if let heading = view.pendingHeading {
            view.pendingHeading = nil
            if let line = document.line(ofHeading: heading, key, glyphs: glyphs) { view.firstLine = line }
        }
        view.firstLine = clamped(view.firstLine)
        context.state[MarkdownViewState.self, id] = view
    }

    /// Makes the document's lines those of this node's width again: the same
    /// text may be measured at another width, or shown in another place, meanwhile.
    private func showLayout() {
        document.layOut(through: view.firstLine + max(1, rect.height), key, glyphs: glyphs)
    }

    /// `top` within the document: past the end only as far as a screenful.
    private func clamped(_ top: Int) -> Int {
        let height = max(1, rect.height)
        document.layOut(through: max(0, top) + height, key, glyphs: glyphs)
        let last = max(0, document.lines.count - height)
        return min(max(0, top), last)
    }

    // MARK: - Drawing

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        Gutter.draw(focused: focused, x: rect.x, y: rect.y, into: &frame, context, clip: rect)
        let body = self.body
        guard !body.isEmpty else { return }
        showLayout()
        let lines = document.lines
        for row in 0..<body.height {
            let index = view.firstLine + row
            guard lines.indices.contains(index) else { break }
            let y = body.y + row
            var x = body.x
            for run in lines[index].runs {
                var look = run.style
                if focused && run.link >= 0 && run.link == view.link { look = look.union(.reverse) }
                let used = frame.put(run.text, x: x, y: y, style: look, clip: body)
                if run.link >= 0, !run.urlOnly, document.links.indices.contains(Int(run.link)) {
                    let link = document.links[Int(run.link)]
                    if link.isHyperlink { frame.link(link.url, in: Rect(x: x, y: y, width: used, height: 1).intersection(body)) }
                }
                x += used
            }
            if let fill = lines[index].fill, x < body.maxX {
                frame.fill(Rect(x: x, y: y, width: body.maxX - x, height: 1), style: fill)
            }
        }
        let markX = rect.maxX - 1
        if view.firstLine > 0 {
            frame.put(context.glyphs.moreUp, x: markX, y: rect.y, style: focused ? .focusMark : .muted, clip: rect)
        }
        if view.firstLine + body.height < lines.count || !document.isLaidOut {
            frame.put(context.glyphs.moreDown, x: markX, y: rect.maxY - 1, style: focused ? .focusMark : .muted, clip: rect)
        }
    }

    // MARK: - Keys and the mouse

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        let page = max(1, rect.height - 1)
        switch MarkdownNode.keys.action(for: key) {
        case .move(let rows): return scroll(to: view.firstLine + rows)
        case .page(let pages): return scroll(to: view.firstLine + pages * page)
        case .first: return scroll(to: 0)
        case .last:
            // The end is known only once every piece is parsed.
            document.layOut(through: Int.max - 1, self.key, glyphs: glyphs)
            return scroll(to: document.lines.count)
        case .link(let step): return moveLink(by: Int32(step))
        case .activate:
            guard let link = view.link else { return key == .space ? scroll(to: view.firstLine + page) : nil }
            return [open(link)]
        default: return nil
        }
    }

    override func scroll(_ amount: Int, _ context: EventContext) -> [Action]? {
        scroll(to: view.firstLine + amount * Host.wheelRows)
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? {
        showLayout()
        let index = view.firstLine + (y - rect.y)
        guard document.lines.indices.contains(index) else { return [] }
        var column = body.x
        for run in document.lines[index].runs {
            let width = DisplayWidth.of(run.text)
            if x >= column && x < column + width && run.link >= 0 {
                var state = view
                state.link = run.link
                return [.set(MarkdownViewState.self, id, state), open(run.link)]
            }
            column += width
        }
        return []
    }

    private func open(_ link: Int32) -> Action {
        .call(anchor: anchor, handler: "onLink", [.string(document.links[Int(link)].url), .component(anchor)])
    }

    private func scroll(to top: Int) -> [Action]? {
        var state = view
        state.firstLine = clamped(top)
        guard state.firstLine != view.firstLine else { return [] }
        // A link cursor scrolled out of view is let go: Tab starts again from what shows.
        if let link = state.link, let line = document.linkLines[link], line < state.firstLine || line >= state.firstLine + rect.height {
            state.link = nil
        }
        return [.set(MarkdownViewState.self, id, state)]
    }

    /// The next (or previous) link, scrolled into view; nil past the last
    /// (or first), so that focus moves on.
    private func moveLink(by step: Int32) -> [Action]? {
        showLayout()
        var target: Int32
        if let current = view.link {
            target = current + step
        } else {
            let shown = document.links(in: view.firstLine..<(view.firstLine + rect.height))
            guard let first = step > 0 ? shown.first : shown.last else {
                // None shows: the first link after (or before) what shows.
                if step > 0 {
                    target = document.linkLines.filter { $0.value >= view.firstLine + rect.height }.keys.min() ?? Int32(document.links.count)
                    if target == Int32(document.links.count) && !document.isLaidOut {
                        document.layOut(through: view.firstLine + rect.height + 200, key, glyphs: glyphs)
                        target = document.linkLines.filter { $0.value >= view.firstLine }.keys.min() ?? Int32.max
                    }
                } else {
                    target = document.linkLines.filter { $0.value < view.firstLine }.keys.max() ?? -1
                }
                return select(target)
            }
            target = first
        }
        return select(target)
    }

    private func select(_ target: Int32) -> [Action]? {
        guard target >= 0, let line = document.line(ofLink: target, key, glyphs: glyphs) else { return nil }
        var state = view
        state.link = target
        if line < state.firstLine { state.firstLine = line } else if line >= state.firstLine + rect.height { state.firstLine = clamped(line - rect.height + 1) }
        return [.set(MarkdownViewState.self, id, state)]
    }

    func describe(_ context: SemanticsContext) -> Semantics {
        let heading = document.blocks.first { if case .heading = $0.kind { true } else { false } }
        let label = heading.map { $0.runs.filter { !$0.urlOnly }.map(\.text).joined() } ?? ""
        return Semantics(role: "document", label: label,
                         value: view.link.map { "link " + document.links[Int($0)].url } ?? "row \(view.firstLine + 1)")
    }
}

// MARK: - md:toc() and md:scrollTo(heading)

extension MarkdownNode {
    /// The document of the `ui.markdown` table at argument 1 (parsed now if it never showed).
    private static func document(_ L: OpaquePointer, _ method: String) -> (MarkdownDocument, UnsafeRawPointer)? {
        let s = LuaStack(L)
        let host = UIModule.host(L)
        guard host.kinds.kind(L, at: 1) == MarkdownNode.kind, let id = s.pointer(at: 1) else { return nil }
        // Its fields are in the storage behind the component.
        s.replaceWithStorage(at: 1)
        s.push("text" as StaticString)
        _ = s.rawGet(at: 1)
        defer { s.pop() }
        return (host.reader.markdownCache.document(for: id, textOn: s, of: host.lua), id)
    }

    /// `md:toc()`: `{ { level = 1, text = "…" }, … }`, every heading in order.
    static let toc: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard let (document, _) = document(L, "toc") else { return UIModule.argError(L, 1, "toc", "ui.markdown") }
        let headings = document.headings
        s.chargeWork(document.byteCount / 8)
        s.pushNewTable(arrayCount: Int32(min(headings.count, 1 << 20)))
        for (i, heading) in headings.enumerated() {
            s.pushNewTable(fieldCount: 2)
            s.push(heading.level)
            s.setField("level", at: -2)
            s.push(heading.text)
            s.setField("text", at: -2)
            s.rawSetIndex(at: -2, i + 1)
        }
        return 1
    }

    /// `md:scrollTo(heading)`: its text, its place in `md:toc()`, or an entry
    /// of it; the next frame shows that heading first.
    static let scrollTo: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard let (document, id) = document(L, "scrollTo") else { return UIModule.argError(L, 1, "scrollTo", "ui.markdown") }
        let headings = document.headings
        var index: Int?
        var wanted = ""
        switch s.type(at: 2) {
        case .number:
            let n = Int(s.toInteger(at: 2))
            index = headings.indices.contains(n - 1) ? n - 1 : nil
            wanted = "#\(n)"
        case .string:
            wanted = LuaState.string(L, at: 2)
            index = headings.firstIndex { $0.text == wanted } ?? headings.firstIndex { $0.text.lowercased() == wanted.lowercased() }
        case .table:
            let text = s.withTable(at: 2) { $0.string("text") } ?? ""
            let level = s.withTable(at: 2) { $0.int("level") }
            wanted = text
            index = headings.firstIndex { $0.text == text && (level == nil || $0.level == level) }
        default:
            return UIModule.argError(L, 2, "scrollTo", "heading text, number or toc entry")
        }
        guard let index else {
            let names = headings.prefix(8).map { "'" + HostLimits.shortened($0.text) + "'" }.joined(separator: ", ")
            return UIModule.raise(L, "md:scrollTo: no heading '\(TerminalText.oneLine(HostLimits.shortened(wanted)))'"
                                  + (headings.isEmpty ? " (the document has none)" : " (headings: \(names)\(headings.count > 8 ? ", …" : ""))"))
        }
        let host = UIModule.host(L)
        var view = host.interaction[MarkdownViewState.self, id] ?? MarkdownViewState()
        view.pendingHeading = index
        view.link = nil
        host.apply(.set(MarkdownViewState.self, id, view))
        return 0
    }
}

extension MarkdownNode: Component {
    static let kind = Kind("markdown")
    static let summary = """
        Markdown drawn for the terminal: CommonMark with GitHub tables, task lists, strikethrough and \
        autolinks. It wraps and scrolls (Up/Down/PageUp/PageDown/Home/End, the wheel); Tab/Shift-Tab step \
        through its links, Enter or a click calls onLink(url). Raw HTML is not shown. `md:toc()` lists the \
        headings, `md:scrollTo(heading)` shows one first.
        """
    static let constructorSummary = "Markdown: `ui.markdown { text = \"# Title\\n\\nSome *text*.\", onLink = function(url) … end }`."
    enum Fields {
        /// Read raw by the node, which keeps the parsed document while the string is the same.
        static let text = Field.string("text", default: "", doc: "the markdown; parsed once per text, and only as far as it is shown")
    }
    static let fields: [FieldSpec] = [
        Fields.text.spec,
        .handler("onLink", "fun(url: string, md: ui.Markdown)",
                 doc: "called with the link's URL on Enter over the link cursor or a click on a link; the host itself opens nothing"),
    ] + FieldSpec.focusFields
    static let methods: [(String, LuaSwiftFunction)] = [("toc", toc), ("scrollTo", scrollTo)]

    static var state: [any ComponentState.Type] { [MarkdownViewState.self] }
    static let keys: [KeySpec] = [
        KeySpec([.up], "Scroll up a row", .move(-1)),
        KeySpec([.down], "Scroll down a row", .move(1)),
        KeySpec([.pageUp], "Scroll up a page", .page(-1)),
        KeySpec([.pageDown], "Scroll down a page", .page(1)),
        KeySpec([.home], "To the top", .first),
        KeySpec([.end], "To the bottom", .last),
        KeySpec([.tab], "Next link", .link(1)),
        KeySpec([.shiftTab], "Previous link", .link(-1)),
        KeySpec([.enter, .space], "Open the link: calls onLink (Space without one: a page down)", .activate),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { MarkdownNode(id: source.id, anchor: source.anchor, source.field) }
}

extension MarkdownViewState: ComponentState {
    /// Kept: the first line shown and the link under the cursor. The reloaded
    /// screen parses its text again, so the view is marked to take the new
    /// document as its own rather than start a new text at the top.
    static let keptAcrossReload = true

    static func kept(_ value: MarkdownViewState) -> MarkdownViewState {
        var view = value
        view.reloaded = true
        view.pendingHeading = nil
        return view
    }
}
