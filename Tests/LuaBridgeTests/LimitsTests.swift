import CLua
import CLuaShim
import XCTest
@testable import LuaBridge

/// Work done inside library functions, which the count hook cannot see: the
/// charged pattern functions (checked against Lua's own on random input), the
/// charged table functions, and the CPU-time limit.
final class LimitsTests: XCTestCase {
    /// A state with the standard library, and `mine` holding the charged
    /// pattern functions beside Lua's own in `string`.
    private func makeState(budget: Int64? = nil, seconds: Double = 0) -> LuaState {
        let lua = LuaState(instructionBudget: budget)
        luaL_openlibs(lua.L)
        lua.timeLimit = seconds
        lua_createtable(lua.L, 0, 4)
        uih_installpatterns(lua.L)
        lua_setglobal(lua.L, "mine")
        // What the sandbox installs, beside Lua's own pattern functions.
        lua_getglobal(lua.L, "coroutine")
        uih_wrapcoroutines(lua.L)
        lua_getglobal(lua.L, "table")
        uih_chargetablefunctions(lua.L)
        lua_getglobal(lua.L, "string")
        uih_chargerep(lua.L)
        lua_settop(lua.L, -4)
        return lua
    }

    private func run(_ lua: LuaState, _ source: String) throws(LuaError) -> String? {
        try lua.load(source, chunkName: "@limits.lua")
        try lua.call(nargs: 0, nresults: 1)
        defer { lua_settop(lua.L, -2) }
        return lua.string(at: -1)
    }

    private func expectError(_ lua: LuaState, _ source: String) -> LuaError? {
        do {
            _ = try run(lua, source)
            XCTFail("expected an error")
            return nil
        } catch {
            return error
        }
    }

    // MARK: - The pattern functions behave as Lua's

    func testPatternFunctionsAgreeWithLuaOnRandomInput() throws {
        let lua = makeState()
        let report = try run(lua, """
        math.randomseed(20261129)
        local R = math.random
        local function pick(t) return t[R(#t)] end
        local atoms = { ".", "a", "b", "1", " ", "x", "%a", "%d", "%s", "%w", "%A", "%D", "%p", "%x", "%u", "%l", "%c", "%g",
          "%.", "%%", "%(", "[ab]", "[^a]", "[a-c]", "[%d_]", "[]]", "[^]]", "[a-]", "[%a%s]", "[^%w]", "[b-a]" }
        local quantifiers = { "", "", "", "*", "+", "-", "?" }
        local specials = { "^", "$", "(", ")", "()", "%b()", "%bab", "%f[%w]", "%f[%s]", "%1", "%2", "%0", "[", "%",
          "[^", "%b", "%f", "%fa", "(()", "a%", "[a", "%z" }
        local function pattern()
          local parts = {}
          if R(8) == 1 then parts[1] = "^" end
          for _ = 1, R(6) do
            if R(6) == 1 then parts[#parts + 1] = pick(specials)
            else parts[#parts + 1] = pick(atoms) .. pick(quantifiers) end
          end
          if R(3) == 1 then                      -- a capture around a run of parts
            local i = R(#parts); table.insert(parts, i, "(")
            table.insert(parts, R(i + 1, #parts + 1), ")")
          end
          if R(10) == 1 then parts[#parts + 1] = "$" end
          return table.concat(parts)
        end
        local letters = { "a", "a", "b", "b", "1", "2", " ", "(", ")", "x", ".", "%", "]", "_", "A", "\\0" }
        local function subject()
          local t = {}
          for i = 1, R(0, 24) do t[i] = pick(letters) end
          return table.concat(t)
        end
        local function show(ok, ...)
          local t = { tostring(ok) }
          for i = 1, select("#", ...) do
            local v = select(i, ...)
            t[#t + 1] = type(v) .. ":" .. tostring(v)
          end
          return table.concat(t, "|")
        end
        local function all(gmatch, s, p, init)
          local ok, iter = pcall(gmatch, s, p, init)
          if not ok then return show(false, iter) end
          local out = {}
          for _ = 1, 50 do
            local r = table.pack(pcall(iter))
            out[#out + 1] = show(table.unpack(r, 1, r.n))
            if not r[1] or r[2] == nil then break end
          end
          return table.concat(out, ";")
        end
        local inits = { nil, 1, 2, 4, 0, -1, -3, -40, 30 }
        local replacements = { "<%0>", "%1-%1", "%%", "x", "%2", "%", "%9", 7,
          { a = "A", ["1"] = 1, b = false }, function(c) if c == "a" then return nil end return "[" .. c .. "]" end,
          function() return {} end }
        local checked, matched, failures = 0, 0, {}
        for _ = 1, 6000 do
          local s, p, init = subject(), pattern(), inits[R(#inits)]
          local plain = R(6) == 1 or nil
          local r = replacements[R(#replacements)]
          local n = R(4) == 1 and R(0, 3) or nil
          local cases = {
            { "find", show(pcall(string.find, s, p, init, plain)), show(pcall(mine.find, s, p, init, plain)) },
            { "match", show(pcall(string.match, s, p, init)), show(pcall(mine.match, s, p, init)) },
            { "gmatch", all(string.gmatch, s, p, init), all(mine.gmatch, s, p, init) },
            { "gsub", show(pcall(string.gsub, s, p, r, n)), show(pcall(mine.gsub, s, p, r, n)) },
          }
          if cases[1][2]:find("^true|number") then matched = matched + 1 end
          for _, c in ipairs(cases) do
            checked = checked + 1
            if c[2] ~= c[3] and #failures < 5 then
              failures[#failures + 1] = string.format("%s(%q, %q, %s): lua %s, mine %s", c[1], s, p, tostring(init), c[2], c[3])
            end
          end
        end
        -- Most cases must find something, or the comparison proves little.
        return checked .. " checked, " .. (matched > 1000 and "enough" or ("only " .. matched)) .. " matches\\n"
          .. table.concat(failures, "\\n")
        """)
        XCTAssertEqual(report, "24000 checked, enough matches\n")
    }

    func testPatternErrorsReadAsLuasAtTheCallersLine() throws {
        let lua = makeState()
        for (pattern, message) in [("%", "malformed pattern (ends with '%')"), ("[a", "malformed pattern (missing ']')"),
                                   ("%f", "missing '[' after '%f' in pattern"), ("(()", "unfinished capture"),
                                   (")", "invalid pattern capture"), ("%1", "invalid capture index %1"),
                                   ("%b", "malformed pattern (missing arguments to '%b')"),
                                   (String(repeating: "()", count: 33), "too many captures")] {
            lua_pushstring(lua.L, pattern)
            lua_setglobal(lua.L, "p")
            XCTAssertEqual(expectError(lua, "return mine.match('abc', p)")?.message, "limits.lua:1: " + message, pattern)
            XCTAssertEqual(expectError(lua, "return string.match('abc', p)")?.message, "limits.lua:1: " + message, pattern)
        }
        XCTAssertEqual(expectError(lua, "return mine.match(('a'):rep(300), ('(a)'):rep(1) .. ('a?'):rep(250) .. ('a'):rep(250))")?.message,
                       expectError(lua, "return string.match(('a'):rep(300), ('(a)'):rep(1) .. ('a?'):rep(250) .. ('a'):rep(250))")?.message)
    }

    // MARK: - Work in C is charged

    func testBacktrackingPatternIsStoppedByTheBudget() {
        let lua = makeState(budget: 10_000_000)
        let error = expectError(lua, """
        local s = string.rep("a", 3000)
        return tostring(mine.find(s, string.rep("a-", 12) .. "b"))
        """)
        guard case .instructionBudget(let message, _)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(message, "limits.lua:2: instruction budget exceeded (10000000 instructions)")
    }

    func testPlainFindOfALongNeedleIsCharged() {
        let lua = makeState(budget: 1_000_000)
        let error = expectError(lua, "local s = ('a'):rep(2^20) return mine.find(s, ('a'):rep(2^12) .. 'b', 1, true)")
        guard case .instructionBudget? = error else { return XCTFail("got \(String(describing: error))") }
    }

    func testGmatchIteratorIsChargedWhenCalledLater() {
        let lua = makeState(budget: 5_000_000)
        let error = expectError(lua, """
        local it = mine.gmatch(string.rep("a", 3000), string.rep("a-", 12) .. "b")
        return it()
        """)
        guard case .instructionBudget? = error else { return XCTFail("got \(String(describing: error))") }
    }

    func testScriptPcallCannotSwallowTheCharge() {
        let lua = makeState(budget: 5_000_000)
        let error = expectError(lua, """
        for _ = 1, 100 do pcall(mine.find, string.rep("a", 3000), string.rep("a-", 12) .. "b") end
        return "went on"
        """)
        guard case .instructionBudget? = error else { return XCTFail("got \(String(describing: error))") }
    }

    func testTableFunctionsAreChargedForWhatTheyMove() {
        let lua = makeState(budget: 1_000_000)
        for source in ["table.move({}, 1, math.maxinteger - 1, 2)",
                       "table.move({}, 1, 2^40, 2)",
                       "table.move({}, '1', '1099511627776', 2)",
                       "table.insert(setmetatable({}, { __len = function() return 2^62 end }), 1.0, 'x')",
                       "table.remove(setmetatable({}, { __len = function() return 2^62 end }), '1')",
                       "local s = ('x'):rep(2^20) local t = {} for i = 1, 300 do t[i] = s end table.sort(t)",
                       "local s = ('x'):rep(2^20) local t = setmetatable({}, {}) for i = 1, 300 do t[i] = s end table.sort(t)",
                       "local s = ('x'):rep(2^20) local t = {} for i = 1, 300 do t[i] = s end table.sort(t, rawequal)",
                       "string.rep('', math.maxinteger)",
                       "table.concat(setmetatable({}, { __index = table.concat }), '', 1, math.maxinteger)",
                       "table.insert(setmetatable({}, { __len = function() return 2^62 end }), 1, 'x')",
                       "table.remove(setmetatable({}, { __len = function() return 2^62 end }), 1)",
                       "table.sort(setmetatable({}, { __len = function() return 2^30 end, __index = function() return 1 end }))"] {
            guard case .instructionBudget(let message, _)? = expectError(lua, source) else { return XCTFail(source) }
            XCTAssertTrue(message.hasPrefix("limits.lua:1: "), message)
        }
        // Ordinary use is unchanged, messages included.
        XCTAssertEqual(try run(lua, """
        local t = { 3, 1, 2 }
        table.insert(t, 1, 9); table.insert(t, 5)
        local r = table.remove(t, 1)
        table.sort(t)
        table.move(t, 1, 2, 3)
        return r .. ":" .. table.concat(t, ",")
        """), "9:1,2,1,2")
        XCTAssertEqual(try run(lua, "local t = { 'b', 'c', 'a' } table.sort(t) table.sort(t, function(a, b) return a > b end) return table.concat(t)"), "cba")
        // Lua's own argument errors still come first.
        XCTAssertEqual(expectError(lua, "table.insert({}, 5, 1)")?.message,
                       "limits.lua:1: bad argument #2 to 'insert' (position out of bounds)")
        XCTAssertEqual(expectError(lua, "table.insert({1, 2, 3}, math.mininteger, 'x')")?.message,
                       "limits.lua:1: bad argument #2 to 'insert' (position out of bounds)")
        XCTAssertEqual(expectError(lua, "table.move({}, math.mininteger, -1, 1)")?.message,
                       "limits.lua:1: bad argument #3 to 'move' (too many elements to move)")
        XCTAssertEqual(expectError(lua, "table.sort({ {}, {} })")?.message, "attempt to compare two table values")
        for (source, message) in [("string.rep('x', math.maxinteger)", "resulting string too large"),
                                  ("table.move({}, 1, math.maxinteger, 2)", "(destination wrap around)"),
                                  ("table.move(nil, 1, 1e12, 1)", "bad argument #1 to 'move' (table expected, got nil)"),
                                  ("table.concat({}, '', 1, 2^40)", "invalid value (nil) at index 1 in table for 'concat'"),
                                  ("table.sort(setmetatable({}, { __len = function() return 2^30 end }), 5)",
                                   "bad argument #2 to 'sort' (function expected, got number)")] {
            XCTAssertTrue(try run(lua, "local ok, e = pcall(function() \(source) end) return tostring(ok) .. ' ' .. e")?
                .hasSuffix(message) ?? false, source)
        }
    }

    func testWhatLibraryFunctionsAllocateIsCharged() {
        // A few instructions a turn, megabytes of C work each: stopped by the budget, not by the memory limit.
        let lua = makeState(budget: 1_000_000)
        let error = expectError(lua, "while true do local s = string.rep('x', 2^20) end")
        guard case .instructionBudget(let message, _)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(message, "limits.lua:1: instruction budget exceeded (1000000 instructions)")
        // Building a screen's worth of data stays far inside the default budget.
        let big = makeState(budget: 100_000_000)
        XCTAssertEqual(try run(big, "local t = {} for i = 1, 200000 do t[i] = { title = 'Item ' .. i } end return #t .. ''"), "200000")
    }

    func testTimeLimitStopsWorkInsideLibraryFunctions() {
        let lua = makeState(seconds: 0.3)
        let error = expectError(lua, "while true do local s = string.rep('x', 2^22) end")
        guard case .timeLimit(let message, _)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(message, "limits.lua:1: time limit exceeded (0.3 s of CPU)")
        // The next call has a time window of its own.
        XCTAssertEqual(try run(lua, "return 'next'"), "next")
    }

    func testResumingCoroutinesDoesNotRestartTheCount() {
        let lua = makeState(budget: 1_000_000)
        for source in ["local me = coroutine.running() while true do coroutine.resume(me) end",
                       "local co = coroutine.wrap(function() while true do for i = 1, 900 do end coroutine.yield() end end) while true do co() end"] {
            guard case .instructionBudget? = expectError(lua, source) else { return XCTFail(source) }
        }
    }

    func testShortCoroutinesAreCharged() {
        // Each runs fewer instructions than a hook step: the making of it is charged.
        let lua = makeState(budget: 1_000_000)
        let error = expectError(lua, """
        local function f() for i = 1, 300 do end end
        for _ = 1, 1e9 do coroutine.resume(coroutine.create(f)) end
        """)
        guard case .instructionBudget? = error else { return XCTFail("got \(String(describing: error))") }
    }

    func testWithoutABudgetTheTimeLimitRefusesEndlessLibraryWork() {
        let lua = makeState(seconds: 0.3)
        for source in ["table.move({}, 1, math.maxinteger - 1, 2)", "string.rep('', math.maxinteger)"] {
            guard case .timeLimit? = expectError(lua, source) else { return XCTFail(source) }
        }
    }

    func testPatternStepsAreChargedEvenInShortCalls() {
        // 2000 calls of about 1000 steps each: twice the budget, though no call reaches a charge by itself.
        let lua = makeState(budget: 1_000_000)
        let error = expectError(lua, "local s = ('a'):rep(999) .. 'b' for _ = 1, 2000 do mine.find(s, '[b]') end")
        guard case .instructionBudget? = error else { return XCTFail("got \(String(describing: error))") }
    }

    func testWrapClosesACoroutineThatFailedAsLuaDoes() throws {
        let lua = makeState()
        XCTAssertEqual(try run(lua, """
        local co
        local f = coroutine.wrap(function()
          co = coroutine.running()
          local x <close> = setmetatable({}, { __close = function() error("close err", 0) end })
          error("body err", 0)
        end)
        local ok, e = pcall(f)
        return tostring(ok) .. " " .. tostring(e) .. " " .. coroutine.status(co) .. " " .. tostring(select(2, pcall(f)))
        """), "false close err dead cannot resume dead coroutine")
        XCTAssertEqual(try run(lua, """
        local depth = 0
        local function nest() depth = depth + 1 return coroutine.wrap(nest)() end
        pcall(nest)
        return depth > 150 and "deep" or ("only " .. depth)
        """), "deep")
    }

    func testTimeLimitReachesIntoCoroutines() {
        let lua = makeState(seconds: 0.3)
        for source in ["coroutine.wrap(function() while true do local s = string.rep('x', 2^22) end end)()",
                       "local co = coroutine.create(function() while true do local s = string.rep('x', 2^22) end end)\n"
                       + "local ok, e = coroutine.resume(co) error(e, 0)"] {
            guard case .timeLimit? = expectError(lua, source) else { return XCTFail(source) }
        }
        XCTAssertEqual(expectError(lua, "coroutine.resume(1)")?.message,
                       "limits.lua:1: bad argument #1 to 'resume' (thread expected, got number)")
        XCTAssertEqual(try run(lua, """
        local f = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) return b * 2 end)
        return f(1) .. "," .. f(5)
        """), "2,10")
    }
}
