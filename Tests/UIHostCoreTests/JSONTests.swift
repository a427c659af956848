import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.json`: decode and encode, ordered objects, null, and every bad input
/// ending in an error that names the place, bounded by sizes and limits.
final class JSONTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihjson")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ options: HostOptions = HostOptions(size: Size(cols: 40, rows: 4))) throws -> Host {
        try Host(script: try scratch.write("s.lua", "return ui.screen { title = 'J' }"), options: options)
    }

    /// The message of the error `call` raises, in Lua, without the `test:1: ` of its place.
    private func error(_ host: Host, _ call: String) throws -> String {
        let message = try host.evalString("select(2, pcall(function() return \(call) end))") ?? ""
        return message.hasPrefix("test:1: ") ? String(message.dropFirst(8)) : message
    }

    // MARK: - Round trips

    func testDecodeGivesTablesNumbersStringsAndNull() throws {
        let h = try host()
        try h.runLua(#"t = ui.json.decode('{"a": [1, 2.5, -3e2, "x\\u00e9\\ud83d\\ude00", true, false, null], "b": {}}')"#)
        XCTAssertEqual(try h.evalString("#t.a"), "7")
        XCTAssertEqual(try h.evalString("math.type(t.a[1]) .. ' ' .. math.type(t.a[2]) .. ' ' .. t.a[3]"), "integer float -300.0")
        XCTAssertEqual(try h.evalString("t.a[4]"), "xé😀")
        XCTAssertEqual(try h.evalString("t.a[7] == ui.json.null and type(t.a[7])"), "userdata")
        XCTAssertEqual(try h.evalString("next(t.b)"), "nil")
    }

    func testEncodeSortsKeysAndWritesArraysCompactOrIndented() throws {
        let h = try host()
        XCTAssertEqual(try h.evalString(#"ui.json.encode { b = { 1, 2, ui.json.null }, a = "q\"\n\1", c = 0.1, d = true }"#),
                       #"{"a":"q\"\n\u0001","b":[1,2,null],"c":0.1,"d":true}"#)
        XCTAssertEqual(try h.evalString("ui.json.encode({ x = { 1, { y = 2 } } }, { indent = 2 })"),
                       "{\n  \"x\": [\n    1,\n    {\n      \"y\": 2\n    }\n  ]\n}")
        XCTAssertEqual(try h.evalString("ui.json.encode { [1] = 'a', [3] = 'c' }"), #"{"1":"a","3":"c"}"#)
        XCTAssertEqual(try h.evalString("ui.json.encode(ui.json.decode('[1e2, 12345678901234567890, -0]'))"),
                       "[100.0,1.2345678901234567e+19,0]")
    }

    func testOrderedKeepsTheDocumentsOrderBothWays() throws {
        let h = try host()
        let text = #"{"zebra":1,"apple":{"y":[],"b":{}},"mango":null}"#
        try h.runLua("o = ui.json.decode('\(text)', { ordered = true })")
        XCTAssertEqual(try h.evalString("table.concat(o.keys, ',') .. ' ' .. o.values[1]"), "zebra,apple,mango 1")
        XCTAssertEqual(try h.evalString("ui.json.encode(o, { ordered = true })"), text)
    }

    // MARK: - Bad documents: each an error naming the place

    func testInvalidDocumentsNameLineAndColumn() throws {
        let h = try host()
        let cases: [(String, String)] = [
            (#"'{"a": 1,}'"#, "unexpected '}', expected a string key at line 1, column 9 (byte 9)"),
            (#"'[1, 2'"#, "the document ends inside an array at line 1, column 6 (byte 6)"),
            (#"'{\n  \"a\" 1}'"#, "unexpected '1', expected ':' after the key at line 2, column 7 (byte 9)"),
            ("'[01]'", "a number cannot start with 0"),
            ("'[1.]'", "a digit must follow the decimal point at line 1, column 4 (byte 4)"),
            ("'nul'", "unexpected 'n', expected a value at line 1, column 1 (byte 1)"),
            ("''", "the document is empty at line 1, column 1 (byte 1)"),
            ("'[1] 2'", "unexpected '2' after the document at line 1, column 5 (byte 5)"),
            (#"'["a\tb"]'"#, "a raw control character ('\\t') in a string"),
            (#"'["\\x"]'"#, "unknown escape \\x in a string at line 1, column 3 (byte 3)"),
            (#"'["\255"]'"#, "invalid UTF-8 in a string at line 1, column 3 (byte 3)"),
            (#"'["abc'"#, "a string that never ends (it starts here) at line 1, column 2 (byte 2)"),
        ]
        for (document, expected) in cases {
            let message = try error(h, "ui.json.decode(\(document))")
            XCTAssertTrue(message.hasPrefix("ui.json.decode: "), message)
            XCTAssertTrue(message.contains(expected), "\(document): \(message)")
        }
    }

    func testNumbersOutOfRangeAreErrorsNotInfinity() throws {
        let h = try host()
        XCTAssertEqual(try error(h, "ui.json.decode('[1, 1e999]')"),
                       "ui.json.decode: the number 1e999 is out of range (JSON has no infinity) at line 1, column 5 (byte 5)")
        XCTAssertTrue(try error(h, "ui.json.decode('-1e400')").contains("-1e400 is out of range"))
        XCTAssertEqual(try h.evalString("ui.json.decode('1e-999')"), "0.0")
        XCTAssertTrue(try error(h, "ui.json.decode(string.rep('9', 1000))").contains("a number of 1000 characters, more than 400"))
    }

    func testNestingPastTheDepthLimitStopsAtTheFirstLevelPastIt() throws {
        let h = try host()
        XCTAssertEqual(try error(h, "ui.json.decode(string.rep('[', 100000))"),
                       "ui.json.decode: arrays and objects nest deeper than 1000 (maxDepth) at line 1, column 1001 (byte 1001)")
        XCTAssertEqual(try error(h, #"ui.json.decode(string.rep('{"a":', 100000))"#).prefix(62),
                       "ui.json.decode: arrays and objects nest deeper than 1000 (maxD")
        XCTAssertEqual(try h.evalString("#ui.json.decode(string.rep('[', 5) .. string.rep(']', 5), { maxDepth = 5 })"), "1")
        XCTAssertTrue(try error(h, "ui.json.decode('[[1]]', { maxDepth = 1 })").contains("deeper than 1 (maxDepth)"))
    }

    func testADocumentPastMaxBytesIsRefusedBeforeItIsRead() throws {
        var options = HostOptions(size: Size(cols: 40, rows: 4))
        options.maxMemory = 512 << 20
        let h = try host(options)
        // A 200 MB JSON string, made in Swift (a script could not hold two copies under the default limit).
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 200_000_002)
        bytes[0] = UInt8(ascii: "\"")
        bytes[bytes.count - 1] = UInt8(ascii: "\"")
        h.lua.stack.push(bytes: bytes)
        bytes = []
        h.lua.stack.setGlobal("big")
        XCTAssertEqual(try error(h, "ui.json.decode(big)"),
                       "ui.json.decode: the document is 200 MB, more than the 64 MiB allowed (maxBytes)")
        try h.runLua("big = nil collectgarbage()")
    }

    func testDecodingStopsAtTheMemoryLimit() throws {
        var options = HostOptions(size: Size(cols: 40, rows: 4))
        options.maxMemory = 8 << 20
        let h = try host(options)
        // 2 MB of `[]`: a table per two bytes is far more than 8 MiB.
        let message = try error(h, "ui.json.decode('[' .. string.rep('[],', 700000) .. '[]]')")
        XCTAssertTrue(message.contains("out of memory: the values so far passed the scripts' memory limit of 8 MiB"), message)
    }

    func testOptionsAreCheckedWithADidYouMean() throws {
        let h = try host()
        XCTAssertEqual(try error(h, "ui.json.decode('1', { orderd = true })"),
                       "ui.json.decode: unknown option 'orderd' (did you mean 'ordered'?) (options: ordered, maxDepth, maxBytes)")
        XCTAssertEqual(try error(h, "ui.json.encode(1, { indent = 99 })"), "ui.json.encode: indent must be an integer from 0 to 16")
        XCTAssertEqual(try error(h, "ui.json.decode(nil)"), "bad argument #1 to 'decode' (string expected, got nil)")
    }

    func testNullCrossesUICallAsItself() throws {
        let h = try host()
        try h.runLua("ui.expose { doc = function() return ui.json.decode('[null, {\"a\": null}]') end }")
        XCTAssertEqual(try h.evalString("ui.json.encode(ui.call('doc'))"), #"[null,{"a":null}]"#)
    }

    /// Mangled documents (bytes changed, cut, repeated) decode or fail with a
    /// message, never crash or leave the stack changed; what decodes encodes to
    /// a text that decodes to the same text again.
    func testMangledDocumentsDecodeOrFailCleanly() throws {
        let h = try host()
        let sample = Array(#"{"a": [1, -2.5e3, "x\u00e9\n", true, null, {"b": {}}], "c": "\ud83d\ude00", "d": []}"#.utf8)
        let alphabet = Array(#"{}[]:,"\-+.eE0123456789 tfnul"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF, 0xED, 0xA0, 0x80]
        var rng = RNG(seed: 0x5EED)
        try h.runLua("""
            function roundTrip(text)
              local ok, v = pcall(ui.json.decode, text)
              if not ok then
                assert(type(v) == "string" and v:find("^ui%.json%.decode: ") or v:find(": ui%.json%.decode: "), tostring(v))
                return "error"
              end
              local once = ui.json.encode(v)
              assert(ui.json.encode(ui.json.decode(once)) == once, once)
              return "ok"
            end
            """)
        var outcomes: [String: Int] = [:]
        for _ in 0..<2000 {
            var doc = sample
            for _ in 0..<(1 + rng.below(4)) {
                switch rng.below(3) {
                case 0 where !doc.isEmpty: doc[rng.below(doc.count)] = alphabet[rng.below(alphabet.count)]
                case 1 where !doc.isEmpty: doc.removeSubrange(rng.below(doc.count)..<doc.count)
                default: doc.insert(alphabet[rng.below(alphabet.count)], at: rng.below(doc.count + 1))
                }
            }
            let top = h.lua.stack.top
            h.lua.stack.push(bytes: doc)
            h.lua.stack.setGlobal("doc")
            let outcome = try h.evalString("roundTrip(doc)") ?? "?"
            outcomes[outcome, default: 0] += 1
            XCTAssertEqual(h.lua.stack.top, top)
        }
        XCTAssertGreaterThan(outcomes["ok"] ?? 0, 0, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["error"] ?? 0, 0, "\(outcomes)")
        XCTAssertEqual(outcomes.count, 2, "\(outcomes)")
    }

    // MARK: - What cannot be encoded

    func testEncodeRefusesWhatJSONCannotHoldNamingThePlace() throws {
        let h = try host()
        XCTAssertEqual(try error(h, "ui.json.encode { a = { 1, print } }"),
                       "ui.json.encode: cannot encode a function (only nil, booleans, numbers, strings, tables and ui.json.null) at .a[2]")
        XCTAssertEqual(try error(h, "ui.json.encode { x = 0/0 }"), "ui.json.encode: cannot encode -nan (JSON has no NaN or infinity) at .x")
        XCTAssertEqual(try error(h, "ui.json.encode { math.huge }"), "ui.json.encode: cannot encode inf (JSON has no NaN or infinity) at [1]")
        XCTAssertEqual(try error(h, "ui.json.encode { s = 'a\\255' }"), "ui.json.encode: a string that is not UTF-8 (byte 2 of it) at .s")
        XCTAssertEqual(try error(h, "ui.json.encode { [true] = 1 }"),
                       "ui.json.encode: cannot encode a boolean key (object keys are strings or integers)")
        try h.runLua("cyc = { a = {} } cyc.a.b = cyc")
        XCTAssertEqual(try error(h, "ui.json.encode(cyc)"), "ui.json.encode: a cycle (a table that contains itself) at .a.b")
        // Nested 10^5 deep: the place shows its ends, in a line.
        try h.runLua("deep = {} local t = deep for i = 1, 100000 do t[1] = {} t = t[1] end")
        XCTAssertEqual(try error(h, "ui.json.encode(deep)"),
                       "ui.json.encode: tables nested deeper than 1000 (maxDepth) at [1][1][1][1]…(992 more)…[1][1][1][1]")
        XCTAssertEqual(try error(h, "ui.json.encode(string.rep('a', 100), { maxBytes = 10 })"), "ui.json.encode: the text passed 10 bytes (maxBytes)")
        XCTAssertTrue(try error(h, "ui.json.encode({ string.rep('a', 100), 1 }, { maxBytes = 10 })").contains("passed 10 bytes (maxBytes) at [2]"))
    }

    func testANameWithControlCharactersIsShownEscapedInThePlace() throws {
        let h = try host()
        let message = try error(h, "ui.json.encode { ['a\\27[31m'] = print }")
        XCTAssertTrue(message.hasSuffix(#" at ["a?[31m"]"#), message)
    }
}
