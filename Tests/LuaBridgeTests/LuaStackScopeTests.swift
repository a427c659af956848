import XCTest
import LuaBridge

/// The scopes and typed writes the core uses instead of setting the top:
/// each leaves the stack as it found it, on every path.
final class LuaStackScopeTests: XCTestCase {
    private struct Stop: Error {}

    /// One per test (XCTest makes an instance for each): a `LuaStack` does not keep it alive.
    private let state = LuaState()

    /// Leaves the one result of `source` on the stack.
    private func lua(_ source: String) throws -> LuaState {
        state.openLibraries()
        try state.load("return " + source, chunkName: "=test")
        try state.call(nargs: 0, nresults: 1)
        return state
    }

    func testRestoringTopPopsWhatTheBodyPushedOnEveryPath() throws {
        let s = state.stack
        s.push(1)
        let answer = s.restoringTop { () -> Int in
            s.push(2)
            s.push(3)
            return 42
        }
        XCTAssertEqual(answer, 42)
        XCTAssertEqual(s.top, 1)
        XCTAssertThrowsError(try s.restoringTop { () throws(Stop) in
            s.pushNewTable()
            throw Stop()
        })
        XCTAssertEqual(s.top, 1)
        XCTAssertEqual(s.integer(at: 1), 1, "the values below the scope stay")
    }

    func testPushAllOrNothingKeepsAWholePushAndDropsAPartOne() {
        let s = state.stack
        XCTAssertTrue(s.pushAllOrNothing {
            s.push(1)
            s.push(2)
            return true
        })
        XCTAssertEqual(s.top, 2)
        XCTAssertFalse(s.pushAllOrNothing {
            s.push(3)
            return false
        })
        XCTAssertEqual(s.top, 2)
    }

    func testArgumentsAreKeptOrDropped() {
        let s = state.stack
        s.push(1)
        s.push(2)
        s.push(3)
        s.keepArguments(2)
        XCTAssertEqual(s.top, 2)
        s.keepArguments(4)
        XCTAssertEqual(s.type(at: 4), .nil, "a missing argument is nil")
        s.dropArguments()
        XCTAssertEqual(s.top, 0)
    }

    func testTableWritesAreRawAndLeaveTheStackAlone() throws {
        let lua = try lua("setmetatable({ 'a', 'b', 'c' }, { __newindex = function() error('ran') end })")
        let s = lua.stack
        s.withTable(at: -1) { t in
            t.set("n", 7)
            t.set("on", true)
            t.set("name", "x")
            t.setNewTable("lines")
            t.copyItem(3, to: 1)
            t.remove(3)
            t.set(4) { s.push("d") }
            XCTAssertEqual(s.top, 1)
        }
        XCTAssertEqual(s.top, 1)
        s.withTable(at: -1) { t in
            XCTAssertEqual(t.int("n"), 7)
            XCTAssertEqual(t.bool("on"), true)
            XCTAssertEqual(t.string("name"), "x")
            XCTAssertEqual(t.type("lines"), .table)
            XCTAssertEqual([t.string(1), t.string(2), t.string(3), t.string(4)], ["c", "b", nil, "d"])
        }
    }

    func testStrictIntTakesOnlyTheIntegerSubtype() throws {
        let lua = try lua("{ a = 3, b = 3.0, c = '3' }")
        lua.stack.withTable(at: -1) { t in
            XCTAssertEqual(t.strictInt("a"), 3)
            XCTAssertNil(t.strictInt("b"))
            XCTAssertNil(t.strictInt("c"))
            XCTAssertEqual(t.int("b"), 3, "int takes an integral float")
        }
    }

    func testARegistryTableIsMadeOnceWithWeakKeysWhenAsked() throws {
        let s = state.stack
        XCTAssertNil(s.withExistingRegistryTable("test.owners") { _ in 1 }, "not made by a look")
        s.pushNewTable()                                             // 1: a key
        s.withRegistryTable("test.owners", weakKeys: true) { $0.set(keyAt: 1, 5) }
        XCTAssertEqual(s.withExistingRegistryTable("test.owners") { $0.int(keyAt: 1) }, 5)
        XCTAssertEqual(s.top, 1)
        s.dropArguments()
        s.collectGarbage()
        let left = s.withExistingRegistryTable("test.owners") { owners -> Int? in
            var n = 0
            s.forEachPair(in: owners.index) { n += 1; return true }
            return n
        }
        XCTAssertEqual(left, 0, "the entry went with its key")
    }

    func testANumberBecomesItsLuaSpellingInPlace() throws {
        let s = state.stack
        s.push(2.5)
        s.push(7)
        s.convertNumberToString(at: 1)
        s.convertNumberToString(at: 2)
        XCTAssertEqual(s.string(at: 1), "2.5")
        XCTAssertEqual(s.string(at: 2), "7")
        XCTAssertEqual(s.top, 2)
    }
}
