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
        case .number:
            // Lua's own spelling of the number, in its place.
            s.push(LuaState.string(L, at: 2))
            s.copy(-1, into: 2)
        default: return UIModule.argError(L, 2, "append", "string")
        }
        s.top = 2
        let limit: Int
        s.push("max" as StaticString)
        switch s.rawGet(at: 1) {
        case .number where s.isInteger(at: -1):
            limit = Int(Swift.min(Swift.max(s.toInteger(at: -1), 1), Int64(HostLimits.maxLogLines)))
        default: limit = defaultMax
        }
        s.top = 2
        s.push("lines" as StaticString)
        switch s.rawGet(at: 1) {
        case .table: break
        case .nil:
            s.top = 2
            s.pushNewTable()
            s.push("lines" as StaticString)
            s.pushCopy(of: -2)
            s.rawSet(at: 1)
        default:
            return UIModule.raise(L, "log:append: lines must be a table (got \(host.kinds.typeName(L, -1)))")
        }
        let lines = s.top                                      // 3: lines
        // The text stays at 2 while its lines are pushed: its bytes stay put.
        let pieces = LogNode.lastLines(of: LuaState.bytes(L, at: 2), count: limit)
        var n = s.rawLength(at: lines)
        for piece in pieces {
            n += 1
            LogNode.push(piece, on: s)
            s.rawSetIndex(at: lines, n)
        }
        let slack = Swift.min(limit / 4, 65_536)
        if n > limit + slack {
            let drop = n - limit
            for i in 1...limit {
                s.rawGetIndex(at: lines, i + drop)
                s.rawSetIndex(at: lines, i)
            }
            for i in stride(from: n, to: limit, by: -1) {
                s.pushNil()
                s.rawSetIndex(at: lines, i)
            }
            // A view held above the tail stays on the same lines.
            if let t = host.interaction[LogTop.self, id] { host.interaction[LogTop.self, id] = Swift.max(0, t - drop) }
        }
        host.invalidation.layout = true
        return 0
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

    /// Pushes the bytes of `range` as one line, kept to `HostLimits.maxDisplayBytes`.
    private static func push(_ range: Range<Int>, on s: LuaStack) {
        // Read again from the text at 2: the buffer is Lua's, still in place.
        let text = LuaState.bytes(s.L, at: 2)
        let line = UnsafeBufferPointer(rebasing: text[range])
        if line.count <= HostLimits.maxDisplayBytes {
            line.withMemoryRebound(to: CChar.self) { s.pushBytes($0.baseAddress, count: $0.count) }
        } else {
            s.push(BoundedText.prefix(of: line, maxBytes: HostLimits.maxDisplayBytes))
        }
    }
}
