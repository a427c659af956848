import LuaBridge

// MARK: - log:append

extension LogNode {
    /// `log:append(text)`: adds the lines of `text` (split at line breaks) to
    /// `lines`, then drops the oldest past `max`. Dropping moves every line
    /// kept, so it is done in batches: `lines` holds at most `max` plus a
    /// quarter (at most 65536) more, and only the last `max` show.
    ///
    /// The text is split where Lua keeps it, never copied whole: only its last
    /// `max` lines are looked for (from the end), and each is kept to
    /// `HostLimits.maxDisplayBytes` (cut with `…`), so appending 20 MB costs
    /// what the lines kept do. Limits on Lua's memory do not hold inside the
    /// host, so what this pushes is bounded here.
    static let append: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let host = UIModule.host(L)
        guard host.kinds.kind(L, at: 1) == LogNode.kind, let id = s.pointer(at: 1) else {
            return UIModule.argError(L, 1, "append", "ui.log")
        }
        // Its fields are in the storage behind the component.
        s.replaceWithStorage(at: 1)
        switch s.type(at: 2) {
        case .string: break
        // Lua's own spelling of the number, in its place.
        case .number: s.convertNumberToString(at: 2)
        default: return UIModule.argError(L, 2, "append", "string")
        }
        // The text stays at 2 while its lines are added: its bytes stay put.
        let text: Int32 = 2
        let dropped = s.withTable(at: 1) { log -> Int? in
            let limit = Fields.max.value(log.strictInt("\(Fields.max.key)"))
            if log.type("lines") == .nil { log.setNewTable("lines") }
            return log.withTable("lines") { append(text, to: $0, limit: limit) }
        }
        guard let dropped else {
            let got = s.withTable(at: 1) { log in
                log.rawGet("lines")
                return host.kinds.typeName(L, -1)
            }
            return UIModule.raise(L, "log:append: lines must be a table (got \(got))")
        }
        // A view held above the tail stays on the same lines.
        if dropped > 0, let t = host.interaction[LogTop.self, id] { host.apply(.set(LogTop.self, id, Swift.max(0, t - dropped))) }
        host.invalidation.layout = true
        return 0
    }

    /// Adds the last `limit` lines of the string at `text` to `lines`, then
    /// drops the oldest past `limit` when the slack is used up; how many it dropped.
    private static func append(_ text: Int32, to lines: LuaTable, limit: Int) -> Int {
        let pieces = LogNode.lastLines(of: LuaState.bytes(lines.stack.L, at: text), count: limit)
        var n = lines.count
        for piece in pieces {
            n += 1
            lines.set(n) { LogNode.push(piece, of: text, on: lines.stack) }
        }
        let slack = Swift.min(limit / 4, 65_536)
        guard n > limit + slack else { return 0 }
        let drop = n - limit
        for i in 1...limit { lines.copyItem(i + drop, to: i) }
        for i in stride(from: n, to: limit, by: -1) { lines.remove(i) }
        return drop
    }

    /// The last `count` lines of `text`, oldest first, as ranges of its bytes:
    /// split at "\n" and "\r\n", a final line break adding no empty line. Only
    /// the bytes of those lines are looked at, from the end.
    static func lastLines(of text: UnsafeBufferPointer<UInt8>, count: Int) -> [Range<Int>] {
        guard text.count > 0 else { return [0..<0] }
        var end = text.count
        if text[end - 1] == 0x0A { end -= 1 }
        var result: [Range<Int>] = []
        while result.count < count {
            // The line ends at `end`; it starts after the "\n" before it, if any.
            let start = text[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            // A "\r" before the "\n" that ends the line is part of the break.
            var lineEnd = end
            if lineEnd > start, end < text.count, text[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            result.append(start..<lineEnd)
            guard start > 0 else { break }
            end = start - 1
        }
        return result.reversed()
    }

    /// Pushes the bytes of `range` of the string at `text` as one line, kept
    /// to `HostLimits.maxDisplayBytes`.
    private static func push(_ range: Range<Int>, of text: Int32, on s: LuaStack) {
        // Read again from the text: the buffer is Lua's, still in place.
        let text = LuaState.bytes(s.L, at: text)
        let line = UnsafeBufferPointer(rebasing: text[range])
        if line.count <= HostLimits.maxDisplayBytes {
            line.withMemoryRebound(to: CChar.self) { s.pushBytes($0.baseAddress, count: $0.count) }
        } else {
            s.push(BoundedText.prefix(of: line, maxBytes: HostLimits.maxDisplayBytes))
        }
    }
}
