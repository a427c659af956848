import LuaBridge

/// `app:stats()`: `{ keys =, frames =, bytes =, lastFrameBytes = }`, what an
/// interactive terminal would have been sent since `test.open` (TerminalTally).
extension TestModule {
    static let stats: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "stats") else { return LuaTrampoline.raiseWhere }
        guard let tally = app.tally else {
            return s.raise("stats: open the app with { stats = true } to count what a terminal is sent")
        }
        s.pushNewTable(fieldCount: 4)
        for (name, value) in [("keys", tally.keys), ("frames", tally.frames), ("bytes", tally.bytes),
                              ("lastFrameBytes", tally.lastFrameBytes)] {
            s.push(value)
            s.setField(name, at: -2)
        }
        return 1
    }
}
