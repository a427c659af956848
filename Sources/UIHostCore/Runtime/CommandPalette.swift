/// The command palette (`ctrl-p`): a box over the top of the app with a query
/// line and the commands whose titles match it, best first. Matching is fuzzy
/// — the query's characters in order, not necessarily together — and the
/// matched characters are highlighted. Interaction state of the host, not of
/// any script: it holds indexes into the `CommandRegistry`.
struct CommandPalette {
    struct Match {
        let command: Int
        /// Character offsets of the matched characters in the title.
        let positions: [Int]
        let score: Int
    }

    private(set) var query: [Character] = []
    private(set) var matches: [Match] = []
    /// Index into `matches` of the highlighted row.
    private(set) var selected = 0
    private var offset = 0

    init(_ registry: CommandRegistry) {
        filter(registry, narrowing: false)
    }

    var selectedCommand: Int? { matches.indices.contains(selected) ? matches[selected].command : nil }

    // MARK: - Editing

    mutating func type(_ c: Character, _ registry: CommandRegistry) {
        guard query.count < 200 else { return }
        query.append(c)
        filter(registry, narrowing: true)
    }

    mutating func deleteBackward(_ registry: CommandRegistry) {
        guard !query.isEmpty else { return }
        query.removeLast()
        filter(registry, narrowing: false)
    }

    mutating func move(by step: Int) {
        guard !matches.isEmpty else { return }
        selected = min(max(selected + step, 0), matches.count - 1)
    }

    /// Matches the query against every command, or, when the query only grew,
    /// against those that matched before (a longer query matches fewer).
    private mutating func filter(_ registry: CommandRegistry, narrowing: Bool) {
        let commands = registry.commands
        let needle = query.map { Character($0.lowercased()) }
        var found: [Match] = []
        if narrowing {
            for m in matches {
                if let match = CommandPalette.match(needle, commands[m.command].folded, command: m.command) { found.append(match) }
            }
        } else {
            for (i, command) in commands.enumerated() {
                if let match = CommandPalette.match(needle, command.folded, command: i) { found.append(match) }
            }
        }
        if !needle.isEmpty {
            found.sort { $0.score != $1.score ? $0.score > $1.score : $0.command < $1.command }
        }
        matches = found
        selected = 0
        offset = 0
    }

    /// The query's characters in order in `title`: at word starts and runs
    /// where it can (each scores higher), else the first place they occur.
    static func match(_ needle: [Character], _ title: [Character], command: Int) -> Match? {
        if needle.isEmpty { return Match(command: command, positions: [], score: 0) }
        guard needle.count <= title.count else { return nil }
        var positions: [Int] = []
        positions.reserveCapacity(needle.count)
        var score = 0
        var i = 0
        for c in needle {
            // Prefer the next word start holding c; else its next occurrence.
            var at: Int?
            var j = i
            while j < title.count {
                if title[j] == c {
                    if at == nil { at = j }
                    if j == 0 || !title[j - 1].isLetter && !title[j - 1].isNumber || positions.last == j - 1 {
                        at = j
                        break
                    }
                }
                j += 1
            }
            guard let p = at else { return nil }
            let wordStart = p == 0 || !title[p - 1].isLetter && !title[p - 1].isNumber
            score += 10 + (wordStart ? 15 : 0) + (positions.last == p - 1 ? 10 : 0) - min(p - i, 10)
            positions.append(p)
            i = p + 1
        }
        if positions.first == 0 { score += 10 }
        return Match(command: command, positions: positions, score: score - title.count / 8)
    }

    // MARK: - Drawing

    /// The box: at most 64 columns, centred, from the second row.
    static func rect(in bounds: Rect, rows: Int) -> Rect {
        let width = min(64, bounds.width - 2)
        let height = min(3 + max(rows, 1), bounds.height - 1)
        return Rect(x: bounds.x + (bounds.width - width) / 2, y: bounds.y + min(1, max(0, bounds.height - height)),
                    width: width, height: height)
    }

    mutating func render(into frame: inout FrameBuffer, _ registry: CommandRegistry, glyphs g: Glyphs) {
        let box = CommandPalette.rect(in: frame.bounds, rows: min(matches.count, 12))
        guard box.width >= 4, box.height >= 3 else { return }
        frame.addBox(box)
        frame.fill(box)
        let rule = String(repeating: g.horizontal, count: box.width - 2)
        frame.put(String(g.topLeft) + rule + String(g.topRight), x: box.x, y: box.y, style: .border, clip: box)
        frame.put(" Commands ", x: box.x + 2, y: box.y, style: .border, clip: box)
        frame.put(String(g.bottomLeft) + rule + String(g.bottomRight), x: box.x, y: box.maxY - 1, style: .border, clip: box)
        for y in (box.y + 1)..<(box.maxY - 1) {
            frame.put(String(g.vertical), x: box.x, y: y, style: .border, clip: box)
            frame.put(String(g.vertical), x: box.maxX - 1, y: y, style: .border, clip: box)
        }
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: box.height - 2)
        guard inner.width > 0, inner.height > 0 else { return }
        // The query line; the terminal cursor sits after the query.
        let prompt = "> " + String(query)
        let shown = TextLayout.truncate(prompt, to: inner.width)
        frame.put(shown, x: inner.x, y: inner.y, style: .plain, clip: inner)
        frame.cursor = Point(x: min(inner.x + DisplayWidth.of(shown), inner.maxX - 1), y: inner.y)
        let list = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1)
        guard list.height > 0 else { return }
        if matches.isEmpty {
            frame.put("no matching command", x: list.x, y: list.y, style: .muted, clip: list)
            return
        }
        if selected < offset { offset = selected }
        if selected >= offset + list.height { offset = selected - list.height + 1 }
        for row in 0..<min(list.height, matches.count - offset) {
            let m = matches[offset + row]
            let command = registry.commands[m.command]
            let y = list.y + row
            let isSelected = offset + row == selected
            let base: Style = isSelected ? .focused : .plain
            frame.put(isSelected ? String(g.focus) : " ", x: list.x - 1, y: y, style: base, clip: Rect(x: list.x - 1, y: y, width: 1, height: 1))
            var hint = command.keyName ?? ""
            if let plugin = command.plugin { hint = hint.isEmpty ? plugin.name : hint + "  " + plugin.name }
            let hintWidth = DisplayWidth.of(hint)
            let titleRoom = hintWidth + 2 < list.width ? list.width - hintWidth - 2 : list.width
            let titleRect = Rect(x: list.x, y: y, width: titleRoom, height: 1)
            let title = TextLayout.truncate(command.title, to: titleRoom)
            var x = list.x
            var matched = Set(m.positions)
            for (i, c) in title.enumerated() {
                let style = matched.remove(i) != nil ? base.union(.accent).union(.bold) : base
                x += frame.put(String(c), x: x, y: y, style: style, clip: titleRect)
            }
            if titleRoom < list.width {
                frame.put(hint, x: list.maxX - hintWidth, y: y, style: base.union(.muted), clip: list)
            }
            if isSelected { frame.addStyle(.focused, in: Rect(x: list.x - 1, y: y, width: list.width + 1, height: 1)) }
        }
    }
}
