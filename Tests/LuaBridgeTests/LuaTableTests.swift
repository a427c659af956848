import XCTest
import LuaBridge

final class LuaTableTests: XCTestCase {
    private struct Stop: Error {}

    /// Runs `source` and leaves its one result on the main stack.
    private func push(_ lua: LuaState, _ source: String) throws {
        try lua.load("return " + source, chunkName: "=test")
        try lua.call(nargs: 0, nresults: 1)
    }

    func testTypedFieldsReadRawAndLeaveTheStackAlone() throws {
        let lua = LuaState()
        lua.openLibraries()
        try push(lua, "{ selected = 3, ratio = 0.5, half = 2.5, whole = 4.0, title = 'Hi', on = false, n = '7', 'a', 'b' }")
        let s = lua.stack
        s.withTable(at: -1) { t in
            XCTAssertEqual(t.int("selected"), 3)
            XCTAssertEqual(t.int("whole"), 4)
            XCTAssertNil(t.int("half"))
            XCTAssertNil(t.int("n"), "strings are not converted")
            XCTAssertEqual(t.number("ratio"), 0.5)
            XCTAssertEqual(t.string("title"), "Hi")
            XCTAssertNil(t.string("selected"), "numbers are not converted")
            XCTAssertEqual(t.bool("on"), false)
            XCTAssertNil(t.bool("missing"))
            XCTAssertEqual(t.type("title"), .string)
            XCTAssertEqual(t.type("missing"), .nil)
            XCTAssertEqual(t.count, 2)
            XCTAssertEqual(t.string(2), "b")
            XCTAssertEqual(s.top, 1)
        }
        XCTAssertEqual(s.top, 1)
    }

    func testFieldReadsRunNoMetamethods() throws {
        let lua = LuaState()
        lua.openLibraries()
        try push(lua, "setmetatable({}, { __index = function() error('ran') end })")
        XCTAssertNil(lua.stack.withTable(at: -1) { $0.string("title") })
    }

    func testWithTableRestoresTheTopOnEarlyReturn() throws {
        let lua = LuaState()
        lua.openLibraries()
        try push(lua, "{ 10, 20, 30, name = 'x' }")
        let s = lua.stack
        func firstOver(_ limit: Int64) -> Int? {
            s.withTable(at: -1) { t in
                for i in 1...t.count {
                    t.rawGet(i)   // left pushed on purpose
                    if let n = s.integer(at: -1), n > limit { return i }
                }
                return nil
            }
        }
        XCTAssertEqual(firstOver(15), 2)
        XCTAssertEqual(s.top, 1)
        XCTAssertNil(firstOver(100))
        XCTAssertEqual(s.top, 1)
    }

    func testWithTableRestoresTheTopWhenTheBodyThrows() throws {
        let lua = LuaState()
        lua.openLibraries()
        try push(lua, "{ inner = { 1, 2 } }")
        let s = lua.stack
        XCTAssertThrowsError(try s.withTable(at: -1) { t throws(Stop) in
            t.rawGet("inner")
            s.push("junk")
            throw Stop()
        })
        XCTAssertEqual(s.top, 1)
    }

    func testNestedTablesAreSeenOnlyWhenTheyAreTables() throws {
        let lua = LuaState()
        lua.openLibraries()
        try push(lua, "{ inner = { title = 'in' }, flat = 5, { 'first' } }")
        let s = lua.stack
        s.withTable(at: -1) { t in
            XCTAssertEqual(t.withTable("inner") { $0.string("title") }, "in")
            XCTAssertNil(t.withTable("flat") { _ in XCTFail("not a table") })
            XCTAssertNil(t.withTable("missing") { _ in XCTFail("not a table") })
            XCTAssertEqual(t.withTable(1) { $0.string(1) }, "first")
            XCTAssertEqual(s.top, 1)
        }
    }

    func testForEachPairVisitsEveryPairAndRestoresTheTopWhenStopped() throws {
        let lua = LuaState()
        lua.openLibraries()
        try push(lua, "{ a = 1, b = 2, c = 3 }")
        let s = lua.stack
        var keys: [String] = []
        s.forEachPair(in: -1) {
            keys.append(s.string(at: -2) ?? "?")
            return true
        }
        XCTAssertEqual(keys.sorted(), ["a", "b", "c"])
        var visited = 0
        s.forEachPair(in: -1) {
            visited += 1
            return false
        }
        XCTAssertEqual(visited, 1)
        XCTAssertEqual(s.top, 1)
    }

    func testBalancedPassesResultsAndErrorsThrough() throws {
        let lua = LuaState()
        lua.openLibraries()
        let s = lua.stack
        XCTAssertEqual(s.balanced("push and pop") { () -> Int in
            s.push(1)
            s.pop()
            return 7
        }, 7)
        XCTAssertThrowsError(try s.balanced("throwing") { () throws(Stop) in throw Stop() })
        XCTAssertEqual(s.top, 0)
    }
}
