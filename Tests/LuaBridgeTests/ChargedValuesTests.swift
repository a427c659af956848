import CLua
import CLuaShim
import XCTest
@testable import LuaBridge

/// Library functions that take or give as many values, or read as many bytes,
/// as their arguments say (select, table.unpack, string.byte and char, utf8),
/// and limits passed inside a coroutine, which coroutine.resume must not
/// swallow (issue 12, item 9).
final class ChargedValuesTests: XCTestCase {
    /// A state with the standard library and what the sandbox installs for the limits.
    private func makeState(budget: Int64? = nil, seconds: Double = 0, memory: Int = 0) -> LuaState {
        let lua = LuaState(memoryLimit: memory, instructionBudget: budget)
        luaL_openlibs(lua.L)
        lua.timeLimit = seconds
        lua_getglobal(lua.L, "coroutine")
        uih_wrapcoroutines(lua.L)
        lua_settop(lua.L, -2)
        uih_chargevaluefunctions(lua.L)
        return lua
    }

    private func run(_ lua: LuaState, _ source: String) throws(LuaError) -> String? {
        try lua.load(source, chunkName: "@values.lua")
        try lua.call(nargs: 0, nresults: 1)
        defer { lua_settop(lua.L, -2) }
        return lua.string(at: -1)
    }

    private func expectError(_ lua: LuaState, _ source: String, file: StaticString = #filePath, line: UInt = #line) -> LuaError? {
        do {
            _ = try run(lua, source)
            XCTFail("expected an error from: \(source)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Charged before the work

    func testValueFunctionsAreChargedForWhatTheyTakeGiveOrRead() {
        // Each loop runs well under a million instructions of its own, but
        // asks the library for 10^10 values or bytes: the budget, not the
        // 2 s CPU limit, must stop it. The limit is only the guard that ends
        // an uncharged loop: the nine budgets take 60 ms together in a debug
        // build, so a machine would have to be thirty times slower to reach it.
        let lua = makeState(budget: 1_000_000, seconds: 2)
        let prefix = "local s = ('x'):rep(2^16) local t, c = {}, {} for i = 1, 2^16 do t[i] = i; c[i] = 65 end "
        for body in ["utf8.len(s)", "utf8.codepoint(s, 1, -1)", "table.unpack(t)", "select('#', table.unpack(t, 1, 200))",
                     "s:byte(1, -1)", "string.char(table.unpack(c, 1, 200))", "utf8.char(table.unpack(t, 1, 200))",
                     "utf8.offset(s, 2^16)", "utf8.offset('\\xC2' .. ('\\x80'):rep(2^16), 2)"] {
            let source = prefix + "for _ = 1, 1e5 do local _ = \(body) end"
            let error = expectError(lua, source)
            guard case .instructionBudget(let message, _)? = error else {
                XCTFail("\(body): got \(String(describing: error))")
                continue
            }
            XCTAssertTrue(message.hasPrefix("values.lua:1: instruction budget exceeded"), message)
        }
    }

    func testSelectOnVarargsIsCharged() {
        let lua = makeState(budget: 1_000_000, seconds: 2)
        let error = expectError(lua, """
        local function count(...) local n = 0 for _ = 1, 1e5 do n = n + select('#', ...) end return n end
        return count(table.unpack({}, 1, 10000))
        """)
        guard case .instructionBudget? = error else { return XCTFail("got \(String(describing: error))") }
    }

    func testValueFunctionsKeepTheirResultsAndLuasOwnErrors() throws {
        let lua = makeState(budget: 1_000_000)
        XCTAssertEqual(try run(lua, """
        local s = "héllo"
        return table.concat({ utf8.len(s), utf8.codepoint(s, 2), select('#', 1, 2, 3), select(-1, 1, 2, 3),
          select(2, table.unpack({ 7, 8, 9 })), s:byte(-1), string.char(72, 105), utf8.char(233, 72),
          utf8.offset(s, 3), utf8.offset(s, -1), tostring(utf8.offset(s, 9)), utf8.len("\\xFF") == nil and "nil" or "?" }, ",")
        """), "5,233,3,3,8,111,Hi,éH,4,6,nil,nil")
        // Lua's own argument errors come first, however small the budget.
        let tiny = makeState(budget: 100)
        for (source, message) in [
            ("select(0, 1)", "bad argument #1 to 'select' (index out of range)"),
            ("select('x', 1)", "bad argument #1 to 'select' (number expected, got string)"),
            ("table.unpack({}, 1, 1e7)", "too many results to unpack"),
            ("table.unpack(1)", "attempt to get length of a number value"),
            ("string.char(65, 256)", "bad argument #2 to 'char' (value out of range)"),
            ("utf8.char(1, -1)", "bad argument #2 to 'char' (value out of range)"),
            ("utf8.len('abc', 5)", "bad argument #2 to 'len' (initial position out of bounds)"),
            ("utf8.len('abc', 1, 4)", "bad argument #3 to 'len' (final position out of bounds)"),
            ("utf8.codepoint('abc', 1, 10)", "bad argument #3 to 'codepoint' (out of bounds)"),
            ("utf8.offset('\\xC3\\xA9', 1, 2)", "initial position is a continuation byte"),
        ] {
            let error = expectError(tiny, "return (\(source))")
            guard case .runtime(let got, _)? = error else {
                XCTFail("\(source): got \(String(describing: error))")
                continue
            }
            XCTAssertTrue(got.hasSuffix(message), "\(source): \(got)")
        }
        XCTAssertTrue(expectError(lua, "local s = ('x'):rep(2000000) return s:byte(1, -1)")?.message
            .hasSuffix("stack overflow (string slice too long)") ?? false)
    }

    // MARK: - Limits inside coroutines

    func testBudgetPassedInACoroutineIsRaisedAgainByResume() {
        let lua = makeState(budget: 1_000_000)
        for source in [
            "local ok, e = coroutine.resume(coroutine.create(function() while true do end end)) return 'carried on'",
            "local ok, e = pcall(coroutine.wrap(function() while true do end end)) return 'carried on'",
            "local ok = pcall(coroutine.resume, coroutine.create(function() while true do end end)) return 'carried on'",
            // Two levels: the inner coroutine's limit ends the outer one, and then the caller.
            "coroutine.resume(coroutine.create(function() coroutine.resume(coroutine.create(function() while true do end end)) end)) return 'carried on'",
        ] {
            guard case .instructionBudget(let message, _)? = expectError(lua, source) else { return XCTFail(source) }
            XCTAssertTrue(message.hasPrefix("values.lua:1: instruction budget exceeded"), message)
        }
    }

    func testTimeLimitPassedInACoroutineIsRaisedAgainByResume() {
        let lua = makeState(seconds: 0.05)
        let error = expectError(lua, "coroutine.resume(coroutine.create(function() while true do end end)) return 'carried on'")
        guard case .timeLimit? = error else { return XCTFail("got \(String(describing: error))") }
    }

    func testMemoryLimitPassedInACoroutineIsRaisedAgainByResume() {
        let lua = makeState(memory: 8 << 20)
        for source in ["coroutine.resume(coroutine.create(function() local t = {} for i = 1, 1e8 do t[i] = i end end)) return 'carried on'",
                       "coroutine.wrap(function() coroutine.resume(coroutine.create(function() local t = {} for i = 1, 1e8 do t[i] = i end end)) end)() return 'carried on'"] {
            guard case .memoryLimit? = expectError(lua, source) else { return XCTFail(source) }
        }
        // An ordinary error stays the script's to handle.
        XCTAssertEqual(try run(lua, "local ok, e = coroutine.resume(coroutine.create(function() error('mine', 0) end)) return e"), "mine")
    }
}
