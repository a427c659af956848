import LuaBridge

/// `ui.log`: lines of text that grow at the bottom, such as a program's
/// output. It keeps the last `max` lines (`log:append` drops older ones) and
/// shows the tail while `follow` is true; scrolling up (Up, PageUp, Home, the
/// wheel) writes `follow = false` and holds the view where it is while lines
/// come in; End, or scrolling back to the bottom, follows again. A long line is
/// cut with `…`. Only the lines shown are read, so 10^5 lines cost what 10 do.
final class LogNode: Node, SemanticNode {
    /// Entries of the `lines` array (it may hold a few more than `max` between trims).
    let count: Int
    let max: Int
    let follow: Bool
    /// The first line shown, 0-based (at least `first`).
    private(set) var top = 0
    /// The lines shown, read by `prepare`.
    private(set) var shown: [String] = []

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        count = Swift.min(field.arrayCount("lines"), HostLimits.maxListItems)
        max = field[Fields.max]
        follow = field[Fields.follow]
        super.init(id: id, anchor: anchor)
    }

    /// Lines before this index are dropped (past `max`), not shown.
    var first: Int { Swift.max(0, count - max) }
    /// The first line shown when at the bottom.
    private var bottom: Int { Swift.max(first, count - rect.height) }

    override var isFocusable: Bool { true }
    override var isFlexible: Bool { true }
    override var preferredFlexibleHeight: Int { count - first }
    override func measureRows(width: Int) -> Int { count - first }
    override func naturalColumns() -> Int { 24 }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        if follow {
            top = bottom
            context.state[LogTop.self, id] = nil
        } else {
            top = Swift.min(Swift.max(context.state[LogTop.self, id] ?? first, first), bottom)
            context.state[LogTop.self, id] = top
        }
    }

    // MARK: - Reading the lines shown

    override var needsPreparing: Bool { true }

    override func prepare(_ reader: TreeReader) {
        shown = loadLines(from: top, count: Swift.min(rect.height, count - top), reader: reader)
    }

    /// Lines from+1 … of the `lines` array, each made one line.
    func loadLines(from start: Int, count n: Int, reader: TreeReader) -> [String] {
        guard n > 0 else { return [] }
        let L = reader.L
        let s = reader.s
        return s.restoringTop {
            reader.pushTable(anchor: anchor)
            let t = s.top
            reader.pushName("lines")
            guard s.rawGet(at: t) == .table else { return [] }
            let lines = s.top
            var result: [String] = []
            result.reserveCapacity(n)
            for i in (start + 1)...(start + n) {
                defer { s.pop() }
                switch s.rawGetIndex(at: lines, i) {
                case .string: result.append(LogNode.oneLine(reader.displayString(at: -1)))
                case .number: result.append(LuaState.string(L, at: -1))
                case .nil: result.append("")
                default:
                    reader.problem("ui.log: lines[\(i)] must be a string (got \(reader.typeName(-1)))")
                    result.append("")
                }
            }
            return result
        }
    }

    /// Tabs and stray line breaks become spaces (`append` splits at line breaks).
    static func oneLine(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return s }
        return String(s.map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
    }

    // MARK: - Drawing

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        Gutter.draw(focused: context.isFocused(self), x: rect.x, y: rect.y, into: &frame, context, clip: rect)
        let body = rect.dropLeft(Gutter.width)
        guard !body.isEmpty else { return }
        for (i, line) in shown.enumerated() where i < body.height {
            frame.put(TextLayout.truncate(line, to: body.width), x: body.x, y: body.y + i, style: .plain, clip: body)
        }
        // Marks at the right edge where lines are hidden above or below.
        if top > first {
            frame.put(" " + String(context.glyphs.chevronUp), x: body.maxX - 2, y: body.y, style: .muted, clip: body)
        }
        if top + body.height < count {
            frame.put(" " + String(context.glyphs.chevronDown), x: body.maxX - 2, y: body.maxY - 1, style: .muted, clip: body)
        }
    }

    // MARK: - Keys and the mouse

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        switch LogNode.keys.action(for: key) {
        case .move(let lines): return scroll(to: top + lines)
        case .page(let pages): return scroll(to: top + pages * Swift.max(1, rect.height - 1))
        case .first: return scroll(to: first)
        case .last: return scroll(to: bottom)
        default: return nil
        }
    }

    override func scroll(_ amount: Int, _ context: EventContext) -> [Action]? {
        scroll(to: top + amount)
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? { [] }

    /// Shows line `line` first: at the bottom the log follows again, above it holds still.
    private func scroll(to line: Int) -> [Action] {
        let target = Swift.min(Swift.max(line, first), bottom)
        if target == bottom {
            return follow ? [] : [.setBoolean(anchor: anchor, field: "follow", true)]
        }
        guard target != top || follow else { return [] }
        return [.set(LogTop.self, id, target)] + (follow ? [.setBoolean(anchor: anchor, field: "follow", false)] : [])
    }

    // MARK: - To a screen reader

    /// The lines it shows, one `line` each, the last of them as its value. Live:
    /// a screen reader says new lines as they come, focused or not (ARIA's `log`).
    func describe(_ context: SemanticsContext) -> Semantics {
        let lines = rect.isEmpty ? [] : loadLines(from: top, count: Swift.min(rect.height, count - top), reader: context.reader)
        var s = Semantics(role: "log", label: Semantics.count(count - first, "line"), value: lines.last)
        s.children = lines.enumerated().map { i, line in
            var row = Semantics(role: "line", label: line)
            row.position = top + i + 1
            return row
        }
        s.live = true
        return s
    }
}

extension LogNode: Component {
    static let kind = Kind("log")
    static let summary = """
        Lines of text growing at the bottom: it keeps the last `max`, follows the tail until the user \
        scrolls up (Up/PageUp/Home/the wheel write `follow = false`; End or scrolling to the bottom follows \
        again) and cuts long lines with `…`. Only the lines shown are read. `log:append(text)` adds lines.
        """
    /// `ui.log` also logs: its constructor in the stubs is written by hand.
    static let stubsConstructor = false
    static let fields: [FieldSpec] = [
        FieldSpec(name: "lines", type: .rows, defaultValue: .value(.emptyTable), luaType: "string[]",
                  docsType: "array of strings",
                  doc: "the lines, oldest first; only the lines shown are read; `log:append(text)` adds to it"),
        Fields.max.spec, Fields.follow.spec,
    ]
    enum Fields {
        static let max = Field.integer("max", 1...HostLimits.maxLogLines, default: 10_000,
                                       doc: "how many of the last lines are kept and shown")
        static let follow = Field.bool("follow", default: true,
                                       doc: "whether the view shows the tail; written back: false when the user scrolls up, true at End or the bottom")
    }

    static let methods: [(String, LuaSwiftFunction)] = [("append", LogNode.append)]

    /// Scrolling up stops following the tail (`follow = false`); End, or
    /// scrolling back to the bottom, follows again.
    static var state: [any ComponentState.Type] { [LogTop.self] }
    static let keys: [KeySpec] = [
        KeySpec([.up], "Scroll up a line (stops following)", .move(-1)),
        KeySpec([.down], "Scroll down a line (at the bottom, follows again)", .move(1)),
        KeySpec([.pageUp], "Scroll up a page", .page(-1)),
        KeySpec([.pageDown], "Scroll down a page", .page(1)),
        KeySpec([.home], "To the first line kept", .first),
        KeySpec([.end], "To the tail, following it", .last),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { LogNode(id: source.id, anchor: source.anchor, source.field) }
}

/// The first line (0-based) a log shows while it does not follow its tail.
enum LogTop: ComponentState {
    typealias Value = Int
    static let keptAcrossReload = true
}
