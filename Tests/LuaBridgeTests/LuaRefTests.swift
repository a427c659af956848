import XCTest
import LuaBridge

final class LuaRefTests: XCTestCase {
    private func evaluate(_ lua: LuaState, _ source: String) throws -> LuaValue {
        try lua.load("return " + source, chunkName: "=test")
        try lua.call(nargs: 0, nresults: 1)
        defer { lua.stack.pop() }
        return lua.value(at: -1)
    }

    func testARefKeepsItsValueUntilReleased() throws {
        let lua = LuaState()
        lua.openLibraries()
        let s = lua.stack
        // A weak table sees whether anything else still holds the table.
        try lua.load("probe = setmetatable({}, { __mode = 'v' }); probe[1] = {}; return probe[1]", chunkName: "=test")
        try lua.call(nargs: 0, nresults: 1)
        var ref: LuaRef? = LuaRef(popping: lua)
        let slot = ref!.slot
        func collectAndProbe() throws -> LuaType {
            try lua.load("collectgarbage(); collectgarbage(); return probe[1]", chunkName: "=test")
            try lua.call(nargs: 0, nresults: 1)
            defer { s.pop() }
            return s.type(at: -1)
        }
        XCTAssertEqual(try collectAndProbe(), .table, "held by the ref")
        XCTAssertEqual(ref!.push(), .table)
        s.pop()
        ref = nil
        XCTAssertEqual(try collectAndProbe(), .nil, "released on deinit")
        // The slot is free again: the next ref reuses it.
        s.push("next")
        let next = LuaRef(popping: lua)
        XCTAssertEqual(next.slot, slot)
        XCTAssertEqual(s.top, 0)
    }

    func testARefKeepsItsStateAlive() throws {
        var lua: LuaState? = LuaState()
        lua!.openLibraries()
        lua!.stack.push("kept")
        let ref = LuaRef(popping: lua!)
        weak let weakState = lua
        lua = nil
        XCTAssertNotNil(weakState, "the state outlives its refs")
        ref.push()
        XCTAssertEqual(ref.state.stack.string(at: -1), "kept")
        ref.state.stack.pop()
    }

    func testValuesRoundTrip() throws {
        let lua = LuaState()
        lua.openLibraries()
        let s = lua.stack
        let values: [LuaValue] = [
            .nil, .boolean(true), .boolean(false), .integer(0), .integer(Int64.max), .integer(-3),
            .number(3.0), .number(-0.25), .string(""), .string("a\0b ✓"),
        ]
        for v in values {
            s.push(v)
            XCTAssertEqual(lua.value(at: -1), v, "\(v)")
            s.pop()
        }
        let table = try evaluate(lua, "{ 1 }")
        s.push(table)
        XCTAssertEqual(lua.value(at: -1), table)
        XCTAssertEqual(s.withTable(at: -1) { $0.int(1) }, 1)
        s.pop()
        XCTAssertEqual(try evaluate(lua, "coroutine.create(print)").type, .thread)
        XCTAssertEqual(s.top, 0)
    }

    func testAFunctionIsCalledWithArgumentsAndResults() throws {
        let lua = LuaState()
        lua.openLibraries()
        guard case .function(let f) = try evaluate(lua, "function(a, b) return a + b, a .. '' end") else {
            return XCTFail("not a function")
        }
        XCTAssertEqual(try f.call([.integer(2), .integer(3)], results: 2), [.integer(5), .string("2")])
        XCTAssertEqual(try f.call([.number(0.5), .integer(1)], results: LuaState.allResults), [.number(1.5), .string("0.5")])
        XCTAssertEqual(lua.stack.top, 0)
    }

    func testAFunctionThatRaisesThrowsAndLeavesTheStackAlone() throws {
        let lua = LuaState()
        lua.openLibraries()
        guard case .function(let f) = try evaluate(lua, "function(x) error('bad ' .. x) end") else {
            return XCTFail("not a function")
        }
        lua.stack.push("below")
        XCTAssertThrowsError(try f.call([.string("input")])) { error in
            XCTAssertEqual((error as? LuaError)?.message, "test:1: bad input")
        }
        XCTAssertEqual(lua.stack.top, 1)
        XCTAssertEqual(lua.stack.string(at: 1), "below")
    }

    func testSwiftFunctionsRaiseThroughTheTrampoline() throws {
        let lua = LuaState()
        lua.openLibraries()
        let s = lua.stack
        s.pushGlobals()
        s.setFunction("check", { L in
            let s = LuaStack(L!)
            guard s.type(at: 1) == .string else { return s.argumentError(1, "check", expected: "string") }
            return s.raise("checked " + (s.string(at: 1) ?? ""))
        })
        s.pop()
        try lua.load("local ok, e = pcall(check, 1); local ok2, e2 = pcall(function() check('x') end); return e, e2", chunkName: "=t")
        try lua.call(nargs: 0, nresults: 2)
        XCTAssertEqual(s.string(at: 1), "bad argument #1 to 'check' (string expected, got number)")
        XCTAssertEqual(s.string(at: 2), "t:1: checked x")
        s.pop(2)
    }

    func testValuesAreCopiedBetweenStates() throws {
        let a = LuaState(), b = LuaState()
        a.openLibraries()
        try a.load("local t = { 1, 'two', x = { y = true } }; t.self = t; return { 1, 'two', x = { y = true }, f = print }, t", chunkName: "=t")
        try a.call(nargs: 0, nresults: 2)
        XCTAssertNil(a.stack.copy(1, to: b.stack))
        XCTAssertEqual(b.stack.withTable(at: -1) { t in [t.string(2), t.string("f"), t.withTable("x") { $0.bool("y") }.map { "\($0!)" }] }, ["two", "function", "true"])
        XCTAssertEqual(a.stack.copy(2, to: b.stack), "table nested too deep (or a cycle)")
        XCTAssertEqual(a.stack.top, 2)
        XCTAssertEqual(b.stack.top, 1)
    }
}
