import CLua
import CLuaShim
import XCTest
@testable import LuaBridge

/// The pool of small blocks behind a state's allocator (pool.c): freed blocks
/// are reused by their size class, the memory limit counts as before, and a
/// closed state gives back every slab.
final class PoolTests: XCTestCase {
    private func makeState(memoryLimit: Int = 0) -> LuaState {
        let lua = LuaState(memoryLimit: memoryLimit)
        luaL_openlibs(lua.L)
        return lua
    }

    @discardableResult
    private func run(_ lua: LuaState, _ source: String) throws(LuaError) -> String? {
        try lua.runReturningString(source, chunkName: "@pool.lua")
    }

    /// 10^5 empty tables: 56 bytes each, all from one size class.
    private let manyTables = "local t = {} for i = 1, 1e5 do t[i] = {} end return #t"

    func testEmptySlabsGoBackAndAreTakenAgain() throws {
        let lua = makeState()
        XCTAssertEqual(try run(lua, manyTables), "100000")
        XCTAssertGreaterThanOrEqual(uih_poolbytes(lua.L), 100_000 * 56, "the tables came from the pool")
        try run(lua, "collectgarbage() collectgarbage()")
        XCTAssertLessThan(uih_poolbytes(lua.L), 1 << 20, "the tables' slabs went back")
        let mapped = uih_poolmappedbytes(lua.L)
        XCTAssertEqual(try run(lua, manyTables), "100000")
        XCTAssertEqual(uih_poolmappedbytes(lua.L), mapped, "the second 10^5 tables took the slabs the first gave back")
    }

    func testValuesSurviveMovesAcrossClassesAndOutOfThePool() throws {
        let lua = makeState()
        // The array part grows 1, 2, 4 … 256 slots (16 bytes each): through
        // the classes, then into malloc; cleared and rehashed, it shrinks back.
        let result = try run(lua, """
        local t = {}
        for i = 1, 200 do t[i] = i * 3 end
        for i = 5, 200 do t[i] = nil end
        collectgarbage()
        t.x = 'x' .. ('y'):rep(100)
        local s = {}
        for i = 1, 4 do s[#s + 1] = t[i] end
        return table.concat(s, ',') .. ' ' .. #t.x
        """)
        XCTAssertEqual(result, "3,6,9,12 101")
    }

    /// 10^6 tables freed, then big strings up to the limit, then small
    /// strings (another size class) up to the limit: each stops cleanly at
    /// the limit, and the slabs the tables held serve the strings, so the
    /// pool never maps much more than the limit.
    func testMemoryLimitHoldsAfterSmallBlocksAreFreed() throws {
        let limit = 128 << 20
        let lua = makeState(memoryLimit: limit)
        XCTAssertEqual(try run(lua, "local t = {} for i = 1, 1e6 do t[i] = {} end return #t"), "1000000")
        XCTAssertGreaterThanOrEqual(uih_poolbytes(lua.L), 1_000_000 * 56)
        try run(lua, "collectgarbage() collectgarbage()")
        XCTAssertLessThan(uih_poolbytes(lua.L), 1 << 20, "the tables' slabs went back")
        for bomb in ["local s = {} for i = 1, 1e6 do s[i] = ('x'):rep(1 << 20) .. i end",
                     "local s = {} for i = 1, 1e9 do s[i] = 'string ' .. i end"] {
            do {
                try run(lua, bomb)
                XCTFail("expected the memory limit: \(bomb)")
            } catch {
                guard case .memoryLimit = error else { return XCTFail("got \(error)") }
            }
            XCTAssertLessThanOrEqual(lua.memoryPeak, limit)
            XCTAssertLessThanOrEqual(uih_poolmappedbytes(lua.L), limit * 13 / 10, "slabs were taken across classes")
            try run(lua, "collectgarbage() collectgarbage()")
            XCTAssertLessThan(uih_poolbytes(lua.L), 1 << 20)
        }
        XCTAssertEqual(try run(lua, "return ('x'):rep(3)"), "xxx", "the state is still usable")
    }

    func testMemoryLimitStopsSmallBlocksAtTheLimit() {
        let limit = 16 << 20
        let lua = makeState(memoryLimit: limit)
        do {
            try run(lua, "local t = {} for i = 1, 1e9 do t[i] = { i } end")
            XCTFail("expected the memory limit")
        } catch {
            guard case .memoryLimit = error else { return XCTFail("got \(error)") }
        }
        XCTAssertLessThanOrEqual(lua.memoryPeak, limit)
        XCTAssertLessThanOrEqual(uih_poolbytes(lua.L), limit * 13 / 10)
    }

    func testClosedStateGivesBackEverySlab() throws {
        let before = uih_livepoolbytes()
        try withState { lua throws(LuaError) in
            try run(lua, "kept = {} for i = 1, 1e5 do kept[i] = { i } end")
            XCTAssertGreaterThanOrEqual(uih_livepoolbytes(), before + 100_000 * 56)
        }
        XCTAssertEqual(uih_livepoolbytes(), before, "every slab of the closed state was freed")
    }

    /// Runs body with a new state, closed when it returns.
    private func withState(_ body: (LuaState) throws(LuaError) -> Void) throws(LuaError) {
        let lua = makeState()
        try body(lua)
    }
}
