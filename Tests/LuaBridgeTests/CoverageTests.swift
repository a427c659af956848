import CLua
import CLuaShim
import XCTest
@testable import LuaBridge

/// Line coverage (`uihost test --coverage`): the executable lines a chunk
/// records when loaded are Lua's own `activelines`, nested functions included;
/// the line hook counts runs and is never charged to the instruction budget.
final class CoverageTests: XCTestCase {
    private func makeState(budget: Int64? = nil, coverage: LuaCoverage?) -> LuaState {
        let lua = LuaState(instructionBudget: budget)
        luaL_openlibs(lua.L)
        coverage?.attach(lua)
        return lua
    }

    @discardableResult
    private func run(_ lua: LuaState, _ source: String, name: String = "@covered.lua") throws(LuaError) -> String? {
        try lua.load(source, chunkName: name)
        try lua.call(nargs: 0, nresults: 1)
        defer { lua_settop(lua.L, -2) }
        return lua.string(at: -1)
    }

    /// A chunk with nested and vararg functions, a long function (absolute
    /// line info every 128 instructions) and a jump of 300 blank lines (a
    /// line delta too big for a byte), returning the lines Lua itself calls
    /// active in it and in every function it made.
    private var tricky: String {
        var s = "local found = {}\n"
        s += "local function note(f) for l in pairs(debug.getinfo(f, 'L').activelines) do found[l] = true end end\n"
        s += "local function outer(...)\n  local t = { ... }\n  local function inner(a)\n    if a then\n      return a + 1\n    end\n    return 0\n  end\n  note(inner)\n  return inner(#t)\nend\n"
        s += "note(outer)\nouter(1, 2)\n"
        s += "local function long()\n  local x = 0\n"
        for i in 0..<200 { s += "  x = x + \(i)\n" }
        s += "  return x\nend\nnote(long)\nlong()\n"
        s += String(repeating: "\n", count: 300)
        s += "local after = function() return 1 end\nnote(after)\n"
        s += "for l in pairs(debug.getinfo(1, 'L').activelines) do found[l] = true end\n"
        s += "local out = {}\nfor l in pairs(found) do out[#out + 1] = l end\ntable.sort(out)\nreturn table.concat(out, ',')\n"
        return s
    }

    func testLoadingRecordsTheLinesLuaCallsActive() throws {
        let coverage = LuaCoverage()
        let lua = makeState(coverage: coverage)
        try lua.load(tricky, chunkName: "@covered.lua")
        lua_settop(lua.L, -2)
        let registered = coverage.hits["covered.lua"] ?? [:]
        XCTAssertTrue(registered.values.allSatisfy { $0 == 0 }, "nothing ran yet")
        // Lua's own answer, from a state without coverage.
        let plain = makeState(coverage: nil)
        let active = try XCTUnwrap(run(plain, tricky)).split(separator: ",").compactMap { Int($0) }
        XCTAssertGreaterThan(active.count, 200)
        XCTAssertEqual(registered.keys.sorted(), active)
    }

    func testRunningCountsLinesAndAddsNoLineWithoutCode() throws {
        let coverage = LuaCoverage()
        let lua = makeState(coverage: coverage)
        let active = try XCTUnwrap(run(lua, tricky)).split(separator: ",").compactMap { Int($0) }
        let hits = try XCTUnwrap(coverage.hits["covered.lua"])
        XCTAssertEqual(hits.keys.sorted(), active)
        // `inner`'s `if a then` runs, its `return 0` never does.
        XCTAssertEqual(hits[6], 1)
        XCTAssertEqual(hits[9], 0)
        XCTAssertEqual(hits[24], 1, "a line of the long function")
    }

    func testALoopLineIsCountedOncePerIteration() throws {
        let coverage = LuaCoverage()
        let lua = makeState(coverage: coverage)
        try run(lua, "local n = 0\nfor i = 1, 10 do\n  n = n + i\nend\nreturn n\n")
        let hits = try XCTUnwrap(coverage.hits["covered.lua"])
        XCTAssertEqual(hits[3], 10)
        XCTAssertEqual(hits[5], 1)
    }

    func testChunksWithoutAFileNameAreNotCounted() throws {
        let coverage = LuaCoverage()
        let lua = makeState(coverage: coverage)
        try run(lua, "return 1", name: "=eval")
        try run(lua, "return load('return 2', '=inner')()", name: "=eval")
        XCTAssertEqual(coverage.hits.count, 0)
    }

    /// A loop that fits the budget still fits with the line hook on; one that
    /// does not still stops.
    func testTheLineHookIsNotChargedToTheBudget() throws {
        let loop = "local n = 0\nfor i = 1, 20000 do\n  n = n + 1\nend\nreturn tostring(n)\n"
        // About two instructions an iteration.
        let budget: Int64 = 100_000
        XCTAssertNoThrow(try run(makeState(budget: budget, coverage: nil), loop))
        let coverage = LuaCoverage()
        let lua = makeState(budget: budget, coverage: coverage)
        XCTAssertEqual(try run(lua, loop), "20000")
        XCTAssertEqual(coverage.hits["covered.lua"]?[3], 20000)
        // The same budget stops a loop five times as long, with or without coverage.
        let longer = loop.replacingOccurrences(of: "20000", with: "100000")
        for state in [makeState(budget: budget, coverage: nil), makeState(budget: budget, coverage: LuaCoverage())] {
            XCTAssertThrowsError(try run(state, longer)) { error in
                XCTAssertTrue("\(error)".contains("instruction budget exceeded"), "\(error)")
            }
        }
    }

    /// Just under the budget: the line events (one per iteration) would
    /// overflow it if they were counted.
    func testATightLoopJustUnderTheBudgetFitsWithCoverage() throws {
        let loop = "local n = 0\nfor i = 1, 30000 do\n  n = n + 1\nend\nreturn tostring(n)\n"
        var budget: Int64 = 1000
        while (try? run(makeState(budget: budget, coverage: nil), loop)) == nil { budget += 1000 }
        let coverage = LuaCoverage()
        XCTAssertEqual(try run(makeState(budget: budget, coverage: coverage), loop), "30000")
        XCTAssertEqual(coverage.hits["covered.lua"]?[3], 30000)
    }

    func testCoroutinesAreCounted() throws {
        let coverage = LuaCoverage()
        let lua = makeState(budget: 1_000_000, coverage: coverage)
        try run(lua, "local co = coroutine.wrap(function()\n  for i = 1, 3 do\n    coroutine.yield(i)\n  end\nend)\nco() co() co()\nreturn 1\n")
        XCTAssertEqual(coverage.hits["covered.lua"]?[3], 3)
    }

    func testTwoStatesLoadingOneFileAddUp() throws {
        let coverage = LuaCoverage()
        let source = "local x = 1\nif x > 5 then\n  x = 0\nend\nreturn x\n"
        try run(makeState(coverage: coverage), source)
        try run(makeState(coverage: coverage), source)
        let hits = try XCTUnwrap(coverage.hits["covered.lua"])
        XCTAssertEqual(hits[1], 2)
        XCTAssertEqual(hits[3], 0)
        XCTAssertEqual(hits[5], 2)
    }
}
