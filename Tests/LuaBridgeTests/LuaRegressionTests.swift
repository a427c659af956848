import CLua
import CLuaShim
import XCTest
@testable import LuaBridge

final class LuaRegressionTests: XCTestCase {
    // The message once used %lld, which lua_pushfstring does not know.
    func testInstructionBudgetMessageNamesTheBudget() throws {
        let lua = LuaState(instructionBudget: 100_000)
        luaL_openlibs(lua.L)
        try lua.load("while true do end", chunkName: "@demo.lua")
        do {
            try lua.call(nargs: 0, nresults: 0)
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error.message.contains("instruction budget exceeded"), error.message)
        }
    }

    // A memory error a script caught with pcall once made a later ordinary error look like one.
    func testOrdinaryErrorAfterCaughtMemoryErrorIsRuntime() throws {
        let lua = LuaState(memoryLimit: 8 << 20)
        luaL_openlibs(lua.L)
        try lua.load("""
        pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end)
        collectgarbage()
        error("ordinary")
        """, chunkName: "@demo.lua")
        do {
            try lua.call(nargs: 0, nresults: 0)
        } catch {
            guard case .runtime(let m, _) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(m, "demo.lua:3: ordinary")
        }
    }
}
