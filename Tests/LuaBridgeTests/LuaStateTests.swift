import CLua
import CLuaShim
import XCTest
@testable import LuaBridge

// MARK: - Swift functions exposed to Lua through the trampoline

/// `boom(msg)`: raises `msg` prefixed with the caller's `file:line:`.
private let raiseWhere: uih_SwiftFunction = { L in
    let L = L!
    let message = lua_type(L, 1) == LUA_TSTRING ? LuaState.string(L, at: 1) : "boom"
    LuaState.push(L, message)
    return UIH_RAISE_WHERE
}

/// `protect(fn)`: calls `fn` with uih_pcall from Swift; returns `true` or
/// `false, message` (the message without its traceback).
private let protect: uih_SwiftFunction = { L in
    let L = L!
    lua_settop(L, 1)
    let status = uih_pcall(L, 0, 0)
    if status == LUA_OK {
        lua_pushboolean(L, 1)
        return 1
    }
    let full = LuaState.string(L, at: -1)
    lua_settop(L, -2)
    lua_pushboolean(L, 0)
    LuaState.push(L, String(full.split(separator: "\n", maxSplits: 1).first ?? ""))
    return 2
}

/// `rethrow(fn)`: calls `fn` with uih_pcall from Swift and raises its error
/// again, as it is, after the Swift function has returned.
private let rethrow: uih_SwiftFunction = { L in
    let L = L!
    lua_settop(L, 1)
    let status = uih_pcall(L, 0, 0)
    if status == LUA_OK { return 0 }
    let full = LuaState.string(L, at: -1)
    lua_settop(L, -2)
    LuaState.push(L, String(full.split(separator: "\n", maxSplits: 1).first ?? ""))
    return UIH_RAISE
}

final class LuaStateTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        var template = Array("/tmp/uihlua.XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        XCTAssertNotNil(made)
        directory = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    override func tearDownWithError() throws {
        for name in FileSystem.list(directory) { unlink(FileSystem.join(directory, name)) }
        rmdir(directory)
    }

    /// A state with `boom`, `protect` and `rethrow` as globals.
    private func makeState(memoryLimit: Int = 0, instructionBudget: Int64? = nil) -> LuaState {
        let lua = LuaState(memoryLimit: memoryLimit, instructionBudget: instructionBudget)
        luaL_openlibs(lua.L)
        uih_pushswiftfunction(lua.L, raiseWhere)
        lua_setglobal(lua.L, "boom")
        uih_pushswiftfunction(lua.L, protect)
        lua_setglobal(lua.L, "protect")
        uih_pushswiftfunction(lua.L, rethrow)
        lua_setglobal(lua.L, "rethrow")
        return lua
    }

    /// Runs `source` as chunk `@demo.lua` and returns its first result as a string.
    @discardableResult
    private func run(_ lua: LuaState, _ source: String) throws(LuaError) -> String? {
        try lua.runReturningString(source, chunkName: "@demo.lua")
    }

    private func expectError(_ body: () throws(LuaError) -> Void, file: StaticString = #filePath, line: UInt = #line) -> LuaError? {
        do {
            try body()
            XCTFail("expected a LuaError", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Errors raised by Swift functions

    func testErrorRaisedBySwiftFunctionCarriesCallersFileAndLine() {
        let lua = makeState()
        let error = expectError { () throws(LuaError) in
            try run(lua, """
            local x = 1
            boom("kaboom")
            return x
            """)
        }
        guard case .runtime(let message, _)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(message, "demo.lua:2: kaboom")
    }

    func testErrorRaisedBySwiftFunctionInFileChunkNamesThePath() throws {
        let lua = makeState()
        let path = FileSystem.join(directory, "screen.lua")
        try FileSystem.write(path, "-- a comment\n\nboom('bad field')\n")
        let top = lua.top
        let error = expectError { () throws(LuaError) in
            try lua.loadFile(path)
            try lua.call(nargs: 0, nresults: 0)
        }
        XCTAssertEqual(error?.message, "\(path):3: bad field")
        XCTAssertEqual(lua.top, top, "the stack is balanced after an error")
    }

    func testStackIsBalancedAfterManyFailingCalls() {
        let lua = makeState()
        let top = lua.top
        for _ in 0..<100 {
            _ = expectError { () throws(LuaError) in
                try lua.load("boom('x')", chunkName: "@demo.lua")
                try lua.call(nargs: 0, nresults: 3)
            }
        }
        XCTAssertEqual(lua.top, top)
    }

    func testSuccessfulCallLeavesExactlyItsResults() throws {
        let lua = makeState()
        let top = lua.top
        try lua.load("return 1, 2, 3", chunkName: "@demo.lua")
        try lua.call(nargs: 0, nresults: 2)
        XCTAssertEqual(lua.top, top + 2)
        XCTAssertEqual(lua_tointegerx(lua.L, -1, nil), 2)
        lua.top = top
    }

    func testCallPassesArguments() throws {
        let lua = makeState()
        try lua.load("local a, b = ...; return a .. b", chunkName: "@demo.lua")
        lua.push("left-")
        lua.push("right")
        try lua.call(nargs: 2, nresults: 1)
        XCTAssertEqual(lua.string(at: -1), "left-right")
        lua.top = 0
    }

    func testSwiftErrorCanBeCaughtByLuaPcall() throws {
        let lua = makeState()
        let result = try run(lua, """
        local ok, err = pcall(boom, "inside")
        return tostring(ok) .. " " .. err
        """)
        // Called directly by pcall, the caller is a C function: no position.
        XCTAssertEqual(result, "false inside")
        let nested = try run(lua, """
        local ok, err = pcall(function()
          boom("deeper")
        end)
        return err
        """)
        XCTAssertEqual(nested, "demo.lua:2: deeper")
    }

    // MARK: - Syntax and runtime errors

    func testSyntaxErrorNamesFileAndLine() {
        let lua = makeState()
        let top = lua.top
        let error = expectError { () throws(LuaError) in
            try lua.load("local a = 1\nlocal b = 2\nlocal = 3\n", chunkName: "@demo.lua")
        }
        guard case .syntax(let message)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(message.hasPrefix("demo.lua:3:"), message)
        XCTAssertEqual(error?.traceback, "")
        XCTAssertEqual(lua.top, top)
    }

    func testSyntaxErrorInFileNamesThePath() throws {
        let lua = makeState()
        let path = FileSystem.join(directory, "broken.lua")
        try FileSystem.write(path, "return {\n  a = 1\n  b = 2\n}\n")
        let error = expectError { () throws(LuaError) in try lua.loadFile(path) }
        guard case .syntax(let message)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(message.hasPrefix("\(path):3:"), message)
    }

    func testMissingFileIsAFileError() {
        let lua = makeState()
        let path = FileSystem.join(directory, "nowhere.lua")
        let error = expectError { () throws(LuaError) in try lua.loadFile(path) }
        XCTAssertEqual(error, .file(path: path, reason: "No such file or directory"))
        XCTAssertEqual(error?.message, "cannot open \(path): No such file or directory")
    }

    func testShebangLineIsSkippedAndLinesStillCount() throws {
        let lua = makeState()
        let path = FileSystem.join(directory, "script.lua")
        try FileSystem.write(path, "#!/usr/bin/env uihost\nboom('two')\n")
        let error = expectError { () throws(LuaError) in
            try lua.loadFile(path)
            try lua.call(nargs: 0, nresults: 0)
        }
        XCTAssertEqual(error?.message, "\(path):2: two")
    }

    func testBinaryChunksAreRefused() {
        let lua = makeState()
        let error = expectError { () throws(LuaError) in
            try lua.load([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00], chunkName: "=bytes")
        }
        XCTAssertNotNil(error)
        XCTAssertTrue(error?.message.contains("binary") ?? false, error?.message ?? "")
    }

    func testRuntimeErrorHasTraceback() {
        let lua = makeState()
        let error = expectError { () throws(LuaError) in
            try run(lua, """
            local function inner()
              local t = nil
              return t.field
            end
            local function outer() return inner() + 1 end
            return outer()
            """)
        }
        guard case .runtime(let message, let traceback)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(message.hasPrefix("demo.lua:3: attempt to index a nil value"), message)
        XCTAssertFalse(message.contains("stack traceback"), "the message is one line")
        XCTAssertTrue(traceback.hasPrefix("stack traceback:"), traceback)
        XCTAssertTrue(traceback.contains("demo.lua:3: in "), traceback)
        XCTAssertTrue(traceback.contains("demo.lua:5: in "), traceback)
    }

    func testNonStringErrorObjectIsDescribed() {
        let lua = makeState()
        let error = expectError { () throws(LuaError) in try run(lua, "error({ code = 1 })") }
        guard case .runtime(let message, _)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(message.contains("table"), message)
    }

    // MARK: - Strings

    func testInvalidUTF8ReadsAsReplacementCharacter() throws {
        let lua = makeState()
        try lua.load(#"return "a\xFFb", "\xE3\x81", "ok\xC3\xA9""#, chunkName: "@demo.lua")
        try lua.call(nargs: 0, nresults: 3)
        XCTAssertEqual(lua.string(at: -3), "a\u{FFFD}b")
        XCTAssertEqual(lua.string(at: -2)?.unicodeScalars.allSatisfy { $0 == "\u{FFFD}" }, true)
        XCTAssertEqual(lua.string(at: -1), "oké")
        lua.top = 0
    }

    func testEmbeddedNULsSurviveBothWays() throws {
        let lua = makeState()
        try lua.load(#"local s = ...; return #s, s .. "\0end""#, chunkName: "@demo.lua")
        lua.push("a\0b")
        try lua.call(nargs: 1, nresults: 2)
        XCTAssertEqual(lua_tointegerx(lua.L, -2, nil), 3, "pushed with its length")
        let back = lua.string(at: -1)
        XCTAssertEqual(back, "a\0b\0end")
        XCTAssertEqual(back?.utf8.count, 7)
        lua.top = 0
    }

    func testStringReadsOnlyRealStrings() throws {
        let lua = makeState()
        lua_pushinteger(lua.L, 42)
        XCTAssertNil(lua.string(at: -1))
        XCTAssertEqual(lua_type(lua.L, -1), LUA_TNUMBER, "a number is not converted in place")
        lua.push("")
        XCTAssertEqual(lua.string(at: -1), "")
        lua.top = 0
    }

    // MARK: - Instruction budget

    func testInstructionBudgetStopsInfiniteLoop() throws {
        let lua = makeState(instructionBudget: 100_000)
        let error = expectError { () throws(LuaError) in try run(lua, "while true do end") }
        guard case .instructionBudget(let message, let traceback)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(message.hasPrefix("demo.lua:1:"), message)
        XCTAssertTrue(traceback.hasPrefix("stack traceback:"), traceback)
    }

    func testStateIsUsableAfterInstructionBudgetRanOut() throws {
        let lua = makeState(instructionBudget: 100_000)
        let top = lua.top
        _ = expectError { () throws(LuaError) in try run(lua, "while true do end") }
        XCTAssertEqual(lua.top, top)
        XCTAssertEqual(try run(lua, "local n = 0 for i = 1, 1000 do n = n + i end return n"), "500500")
        // The next call has a full budget of its own, and an ordinary error is not a budget error.
        let error = expectError { () throws(LuaError) in try run(lua, "for i = 1, 5000 do end error('plain')") }
        guard case .runtime(let message, _)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(message, "demo.lua:1: plain")
    }

    func testInstructionBudgetStopsLoopInsideCoroutine() {
        let lua = makeState(instructionBudget: 100_000)
        let error = expectError { () throws(LuaError) in
            try run(lua, "coroutine.wrap(function() while true do end end)()")
        }
        guard case .instructionBudget? = error else { return XCTFail("got \(String(describing: error))") }
    }

    func testNoBudgetMeansUnlimited() throws {
        let lua = makeState(instructionBudget: nil)
        XCTAssertEqual(try run(lua, "local n = 0 for i = 1, 300000 do n = n + 1 end return n"), "300000")
    }

    // MARK: - Memory limit

    func testMemoryLimitStopsTableGrowthAndMemoryIsGivenBack() throws {
        let lua = makeState(memoryLimit: 16 << 20)
        try run(lua, "collectgarbage()")
        let before = lua.memoryUsed
        let error = expectError { () throws(LuaError) in
            try run(lua, "local t = {} for i = 1, 1e9 do t[i] = { i } end")
        }
        guard case .memoryLimit? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertLessThanOrEqual(lua.memoryPeak, 16 << 20)
        try run(lua, "collectgarbage()")
        XCTAssertLessThan(lua.memoryUsed, before + 256 << 10, "memory back near \(before), is \(lua.memoryUsed)")
        XCTAssertEqual(try run(lua, "return ('x'):rep(10)"), "xxxxxxxxxx", "the state is still usable")
    }

    func testMemoryLimitStopsStringGrowth() {
        let lua = makeState(memoryLimit: 8 << 20)
        let error = expectError { () throws(LuaError) in
            try run(lua, "local s = 'x' while true do s = s .. s end")
        }
        guard case .memoryLimit? = error else { return XCTFail("got \(String(describing: error))") }
    }

    func testOrdinaryErrorAfterMemoryErrorIsNotAMemoryError() throws {
        let lua = makeState(memoryLimit: 8 << 20)
        _ = expectError { () throws(LuaError) in try run(lua, "local t = {} for i = 1, 1e9 do t[i] = i end") }
        let error = expectError { () throws(LuaError) in try run(lua, "error('ordinary')") }
        XCTAssertEqual(error, .runtime(message: "demo.lua:1: ordinary", traceback: error?.traceback ?? ""))
    }

    // MARK: - Nesting: Lua → Swift → Lua

    func testSwiftFunctionCatchesErrorOfLuaItCalls() throws {
        let lua = makeState()
        let result = try run(lua, """
        local ok, err = protect(function()
          error("inner failure")
        end)
        return tostring(ok) .. "|" .. err
        """)
        XCTAssertEqual(result, "false|demo.lua:2: inner failure")
        XCTAssertEqual(lua.top, 0)
    }

    func testErrorRethrownBySwiftFunctionReachesOuterCall() {
        let lua = makeState()
        let error = expectError { () throws(LuaError) in
            try run(lua, """
            rethrow(function()
              rethrow(function()
                boom("three deep")
              end)
            end)
            """)
        }
        guard case .runtime(let message, _)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(message, "demo.lua:3: three deep")
        XCTAssertEqual(lua.top, 0)
    }

    func testDeepNestingOfSwiftAndLuaCallsDoesNotCrash() throws {
        let lua = makeState()
        let result = try run(lua, """
        local function dive(n)
          if n == 0 then boom("bottom") end
          local ok, err = protect(function() dive(n - 1) end)
          error(err, 0)
        end
        local ok, err = protect(function() dive(50) end)
        return err
        """)
        XCTAssertEqual(result, "demo.lua:2: bottom")
    }

    func testBudgetRunsOutInsideNestedCall() {
        let lua = makeState(instructionBudget: 100_000)
        let error = expectError { () throws(LuaError) in
            try run(lua, "rethrow(function() while true do end end)")
        }
        guard case .instructionBudget? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(lua.top, 0)
    }

    func testMemoryRunsOutInsideNestedCall() {
        let lua = makeState(memoryLimit: 8 << 20)
        let error = expectError { () throws(LuaError) in
            try run(lua, "rethrow(function() local t = {} for i = 1, 1e9 do t[i] = i end end)")
        }
        XCTAssertNotNil(error)
        XCTAssertEqual(lua.top, 0)
    }

    // MARK: - Owner

    func testOwnerIsReachableFromState() {
        let lua = makeState()
        final class Box {}
        let box = Box()
        lua.setOwner(box)
        XCTAssertTrue(LuaState.owner(of: lua.L, as: Box.self) === box)
    }
}
