import Glibc
import LuaBridge
import XCTest
@testable import UIHost

/// Swift functions and values called from Lua: each type both ways, errors,
/// bad arguments, limits. Each test opens a one-line screen headless and runs
/// Lua in it as the screen's handlers would.
final class ScriptModuleTests: XCTestCase {
    struct Point: Codable, Equatable {
        var x: Int
        var y: Int
        var label: String?
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the service is down" }
    }

    var directory = ""

    override func setUp() {
        var template = Array("/tmp/uihost-embed-XXXXXX".utf8CString)
        directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        write("screen.lua", "return ui.screen { ui.text 'ready' }")
    }

    override func tearDown() {
        _ = system("rm -rf '\(directory)'")
    }

    func write(_ name: String, _ text: String) {
        let path = directory + "/" + name
        if let slash = path.lastIndex(of: "/") { _ = system("mkdir -p '\(path[..<slash])'") }
        let f = fopen(path, "w")!
        fputs(text, f)
        fclose(f)
    }

    func makeHost(_ options: ScriptHost.Options = .init()) -> ScriptHost {
        let host = ScriptHost(options: options)
        host.module("t") { m in
            m.value("version", "1.0")
            m.value("limits", ["low": 1, "high": 9])
            m.function("int") { (n: Int) -> Int in n + 1 }
            m.function("double") { (d: Double) -> Double in d / 2 }
            m.function("bool") { (b: Bool) -> Bool in !b }
            m.function("string") { (s: String) -> String in s + "!" }
            m.function("sum") { (list: [Int]) -> Int in list.reduce(0, +) }
            m.function("keys") { (d: [String: Double]) -> [String] in d.keys.sorted() }
            m.function("grid") { (n: Int) -> [[Int]] in (1...n).map { r in (1...n).map { r * $0 } } }
            m.function("index") { (d: [String: [String: Int]]) -> [String: Int] in d.mapValues { $0.count } }
            m.function("move") { (p: Point, dx: Int) -> Point in Point(x: p.x + dx, y: p.y, label: p.label.map { $0 + "'" }) }
            m.function("greet") { (name: String?) -> String in "hello " + (name ?? "nobody") }
            m.function("forecast") { (city: String) -> [String: Double] in ["high": city == "Oslo" ? 4 : 20] }
            m.function("fail") { () throws -> Int in throw Failure() }
            m.function("noop") { () in }
            m.function("many") { (n: Int) -> [Int] in Array(repeating: 0, count: n) }
        }
        return host
    }

    /// Runs `code` in the screen's state (a function body; its result as a
    /// string), or gives the error's message.
    func eval(_ code: String, _ host: ScriptHost? = nil, screen: String = "screen.lua") throws -> String {
        let app = try (host ?? makeHost()).open(directory + "/" + screen)
        return eval(code, in: app)
    }

    func eval(_ code: String, in app: ScriptApp) -> String {
        let lua = app.host.lua
        let s = lua.stack
        let top = s.top
        defer { s.top = top }
        do {
            try lua.load("local t = require 't'\n" + code, chunkName: "=test")
            try lua.call(nargs: 0, nresults: 1)
            return s.string(at: -1) ?? "(\(s.typeName(at: -1)))"
        } catch {
            return "error: " + error.message
        }
    }

    // MARK: - Types both ways

    func testScalarsCrossBothWays() throws {
        XCTAssertEqual(try eval("return math.type(t.int(41)) .. ' ' .. t.int(41)"), "integer 42")
        XCTAssertEqual(try eval("return math.type(t.double(3)) .. ' ' .. t.double(3)"), "float 1.5")
        XCTAssertEqual(try eval("return tostring(t.bool(false)) .. ' ' .. tostring(t.bool(true))"), "true false")
        XCTAssertEqual(try eval("return t.string('hi')"), "hi!")
        XCTAssertEqual(try eval("return tostring(t.int(2.0))"), "3")
    }

    func testValuesAreInTheModuleTable() throws {
        XCTAssertEqual(try eval("return t.version .. ' ' .. t.limits.low .. '-' .. t.limits.high"), "1.0 1-9")
    }

    func testArraysAndDictionariesCrossBothWays() throws {
        XCTAssertEqual(try eval("return tostring(t.sum { 1, 2, 3, 4 })"), "10")
        XCTAssertEqual(try eval("return table.concat(t.keys { b = 1, a = 2.5 }, ',')"), "a,b")
        XCTAssertEqual(try eval("local g = t.grid(3) return #g .. ' ' .. g[2][3] .. ' ' .. g[3][3]"), "3 6 9")
        XCTAssertEqual(try eval("local r = t.index { a = { x = 1, y = 2 }, b = {} } return r.a .. ' ' .. r.b"), "2 0")
        XCTAssertEqual(try eval("return tostring(t.sum {})"), "0")
    }

    func testCodableStructRoundTrip() throws {
        XCTAssertEqual(try eval("local p = t.move({ x = 1, y = 2, label = 'A' }, 5) return p.x .. ',' .. p.y .. ',' .. p.label"), "6,2,A'")
        XCTAssertEqual(try eval("local p = t.move({ x = 1, y = 2 }, 1) return p.x .. ',' .. tostring(p.label)"), "2,nil")
    }

    func testOptionalArgumentMayBeLeftOut() throws {
        XCTAssertEqual(try eval("return t.greet()"), "hello nobody")
        XCTAssertEqual(try eval("return t.greet 'Ada'"), "hello Ada")
    }

    // MARK: - Errors and bad arguments

    func testSwiftErrorIsALuaErrorNamingTheFunction() throws {
        XCTAssertEqual(try eval("return t.fail()"), "error: test:2: t.fail: the service is down")
        XCTAssertEqual(try eval("local ok, e = pcall(t.fail) return tostring(ok) .. ' ' .. e"), "false t.fail: the service is down")
    }

    func testBadArgumentsAreWordedLikeLua() throws {
        XCTAssertEqual(try eval("return t.forecast()"), "error: test:2: bad argument #1 to 'forecast' (string expected, got nil)")
        XCTAssertEqual(try eval("return t.forecast(12)"), "error: test:2: bad argument #1 to 'forecast' (string expected, got number)")
        XCTAssertEqual(try eval("return t.move({ x = 1 }, 1)"), "error: test:2: bad argument #1 to 'move' (number expected, got nil at y)")
        XCTAssertEqual(try eval("return t.move({ x = 1, y = 1 }, 'far')"), "error: test:2: bad argument #2 to 'move' (number expected, got string)")
        XCTAssertEqual(try eval("return t.int(1.5)"), "error: test:2: bad argument #1 to 'int' (number has no integer representation)")
        XCTAssertEqual(try eval("return t.sum { 1, 'two' }"), "error: test:2: bad argument #1 to 'sum' (number expected, got string at [2])")
        XCTAssertEqual(try eval("return t.sum { 1, nil, 3 }"), "error: test:2: bad argument #1 to 'sum' (a list with a hole (no item 2 of 2))")
        XCTAssertEqual(try eval("return t.sum { 1, x = 2 }"), "error: test:2: bad argument #1 to 'sum' (a table with both list items and fields)")
        XCTAssertEqual(try eval("return t.string(print)"), "error: test:2: bad argument #1 to 'string' (a function cannot be passed to Swift)")
        XCTAssertEqual(try eval("return t.sum { [true] = 1 }"), "error: test:2: bad argument #1 to 'sum' (table keys must be strings or list indexes (got a boolean key))")
    }

    func testNestingPastTheDepthLimitIsRefused() throws {
        let deep = try eval("local v = 1 for _ = 1, 40 do v = { v } end return t.sum(v)")
        XCTAssertTrue(deep.hasPrefix("error: test:2: bad argument #1 to 'sum' (tables nested deeper than 32 levels at [1][1]"), deep)
        let cycle = try eval("local v = {} v[1] = v return t.sum(v)")
        XCTAssertTrue(cycle.contains("tables nested deeper than 32 levels"), cycle)
    }

    // MARK: - Hostile scripts

    func testMillionElementTableIsRefusedAfterReadingOnlyTheBound() throws {
        let result = try eval("local v = {} for i = 1, 1000000 do v[i] = i end return t.sum(v)")
        XCTAssertEqual(result, "error: test:2: bad argument #1 to 'sum' (more than 100000 values)")
        // The copy stops at the bound, whatever the size of the table: the
        // table and its first 100000 values are read, not a million.
        let lua = LuaState()
        try lua.load("local v = {} for i = 1, 1000000 do v[i] = i end return v", chunkName: "=test")
        try lua.call(nargs: 0, nresults: 1)
        var count = 0
        guard case .failure = ScriptValue.read(lua.stack, at: -1, limits: ValueLimits(), count: &count) else {
            return XCTFail("a million values were taken")
        }
        XCTAssertEqual(count, 100_001)
    }

    func testHugeResultIsRefused() throws {
        XCTAssertEqual(try eval("return tostring(#t.many(1000))"), "1000")
        XCTAssertEqual(try eval("return t.many(200000)"), "error: test:2: t.many: the result has more than 100000 values")
    }

    func testMillionCallsAreChargedToTheCallersBudget() throws {
        var options = ScriptHost.Options()
        options.maxInstructions = 10_000_000
        // The loop alone is about 4 x 10^6 instructions, within the budget: the charge for each call stops it.
        let result = try eval("for i = 1, 1000000 do t.noop() end return 'finished'", makeHost(options))
        XCTAssertTrue(result.hasPrefix("error: test:2: instruction budget exceeded"), result)
    }

    func testTimeLimitStopsALoopAroundASwiftFunction() throws {
        var options = ScriptHost.Options()
        options.maxInstructions = nil
        options.maxSeconds = 0.2
        let result = try eval("while true do t.int(1) end", makeHost(options))
        XCTAssertTrue(result.contains("time limit exceeded"), result)
    }

    // MARK: - Scripts and plugins

    func testEachScriptGetsItsOwnModuleTable() throws {
        write("plugins/spoiler/plugin.lua", """
        local t = require "t"
        t.version = "changed by a plugin"
        return { name = "spoiler", version = "1.0" }
        """)
        write("shows.lua", "local t = require 't' return ui.screen { ui.text('version ' .. t.version .. ' ' .. t.string('x')) }")
        var options = ScriptHost.Options()
        options.plugins = [directory + "/plugins"]
        let app = try makeHost(options).open(directory + "/shows.lua")
        XCTAssertEqual(app.errors, [])
        XCTAssertTrue(app.frame.contains("version 1.0 x!"), app.frame)
        XCTAssertEqual(eval("return tostring(require 't' == require 't')", in: app), "true")
    }

    func testBadModuleNameIsRefusedWhenTheScreenOpens() {
        let host = makeHost()
        host.module("a..b") { _ in }
        XCTAssertThrowsError(try host.open(directory + "/screen.lua")) { error in
            XCTAssertTrue("\(error)".contains("module 'a..b'"), "\(error)")
        }
    }

    func testUnknownModuleStillLooksForAFile() throws {
        XCTAssertTrue(try eval("return require 'nothere'").contains("module 'nothere' not found"))
    }
}
