import CLua
import CLuaShim
#if canImport(Glibc)
import Glibc
#endif

/// Reads a JSON document (RFC 8259) straight into Lua values on a thread's
/// stack: objects and arrays become tables, `null` a sentinel light userdata
/// (so that arrays keep their length and keys their place), integers that fit
/// in 64 bits Lua integers and other numbers floats.
///
/// It is a loop over an explicit stack of open containers, not a recursion,
/// so nesting costs no Swift frames; depth, size, number length and the
/// scripts' memory limit are checked as it goes. Allocation never fails while
/// Swift runs (the shim's allocator), so the memory limit is checked here, every
/// `memoryCheckInterval` values.
public struct LuaJSONDecoder {
    let stack: LuaStack
    let options: LuaJSONOptions
    let null: UnsafeMutableRawPointer
    private var p: UnsafePointer<UInt8> = UnsafePointer(bitPattern: 1)!
    private var n = 0
    private var i = 0
    /// Bytes of strings with escapes are assembled here, reused.
    private var scratch: [UInt8] = []
    private var values = 0

    public init(stack: LuaStack, options: LuaJSONOptions, null: UnsafeMutableRawPointer) {
        self.stack = stack
        self.options = options
        self.null = null
    }

    static let memoryCheckInterval = 1024

    /// An open array or object: where its table is on the stack, and how many
    /// entries it has. An ordered object keeps its `keys` and `values` tables
    /// just above its own table.
    private struct Open {
        let isArray: Bool
        let table: Int32
        var count = 0
    }

    /// Decodes `count` bytes at `bytes` and pushes the value; on failure the
    /// stack is as it was and the error names the place.
    public mutating func push(decoding bytes: UnsafePointer<UInt8>, count: Int) -> Result<Void, LuaJSONError> {
        let top = stack.top
        guard count <= options.maxBytes else {
            return .failure(LuaJSONError("the document is \(LuaJSONDecoder.size(count)), more than the \(LuaJSONDecoder.size(options.maxBytes)) allowed (maxBytes)"))
        }
        p = bytes
        n = count
        i = 0
        let result = run()
        if case .failure = result { stack.top = top }
        // What was built is charged to the script's budget: about a value per 8 bytes read.
        stack.chargeWork(count / 8 + values)
        return result
    }

    private mutating func run() -> Result<Void, LuaJSONError> {
        var open: [Open] = []
        let L = stack.L
        skipSpace()
        if i < n, p[i] == 0xEF, i + 2 < n, p[i + 1] == 0xBB, p[i + 2] == 0xBF {
            // A byte-order mark says nothing in UTF-8; Python refuses it, browsers skip it.
            i += 3
            skipSpace()
        }
        while true {
            // A value, or the end of the container just opened.
            guard i < n else { return fail(open.isEmpty ? "the document is empty" : "the document ends inside \(open.last!.isArray ? "an array" : "an object")") }
            let c = p[i]
            var opened = false
            switch c {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard open.count < options.maxDepth else {
                    return fail("arrays and objects nest deeper than \(options.maxDepth) (maxDepth)")
                }
                guard stack.reserve(8) else { return fail("out of Lua stack") }
                i += 1
                let isArray = c == UInt8(ascii: "[")
                lua_createtable(L, 0, 0)
                let table = stack.top
                if !isArray && options.ordered {
                    lua_createtable(L, 0, 0)
                    lua_pushvalue(L, -1)
                    lua_setfield(L, table, "keys")
                    lua_createtable(L, 0, 0)
                    lua_pushvalue(L, -1)
                    lua_setfield(L, table, "values")
                }
                open.append(Open(isArray: isArray, table: table))
                opened = true
                skipSpace()
                if i < n, p[i] == (isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                    i += 1
                    stack.top = table
                    open.removeLast()
                    opened = false
                } else if !isArray {
                    if let problem = key(into: &open[open.count - 1]) { return .failure(problem) }
                    continue
                }
            case UInt8(ascii: "\""):
                if let problem = string() { return .failure(problem) }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let problem = number() { return .failure(problem) }
            case UInt8(ascii: "t"): if let problem = literal("true", { lua_pushboolean(L, 1) }) { return .failure(problem) }
            case UInt8(ascii: "f"): if let problem = literal("false", { lua_pushboolean(L, 0) }) { return .failure(problem) }
            case UInt8(ascii: "n"): if let problem = literal("null", { [null] in lua_pushlightuserdata(L, null) }) { return .failure(problem) }
            default:
                return fail("unexpected \(describe(at: i)), expected a value")
            }
            if opened { continue }
            values += 1
            if values % LuaJSONDecoder.memoryCheckInterval == 0, let problem = memoryProblem() { return .failure(problem) }
            // A value is on top: it goes into the container it ends, which may end in turn.
            while true {
                guard var container = open.popLast() else {
                    skipSpace()
                    guard i >= n else { return fail("unexpected \(describe(at: i)) after the document") }
                    return .success(())
                }
                container.count += 1
                if container.isArray {
                    lua_rawseti(L, container.table, lua_Integer(container.count))
                } else if options.ordered {
                    lua_rawseti(L, container.table + 2, lua_Integer(container.count))
                } else {
                    lua_rawset(L, container.table)
                }
                skipSpace()
                guard i < n else { return fail("the document ends inside \(container.isArray ? "an array" : "an object")") }
                let close = container.isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")
                if p[i] == UInt8(ascii: ",") {
                    i += 1
                    skipSpace()
                    if !container.isArray, let problem = key(into: &container) { return .failure(problem) }
                    open.append(container)
                    break
                }
                guard p[i] == close else {
                    return fail("unexpected \(describe(at: i)), expected ',' or '\(Character(Unicode.Scalar(close)))'")
                }
                i += 1
                stack.top = container.table
                values += 1
            }
        }
    }

    /// `"name":` of an object: pushed for the value to follow (plain), or
    /// stored in `keys` (ordered).
    private mutating func key(into container: inout Open) -> LuaJSONError? {
        guard i < n, p[i] == UInt8(ascii: "\"") else {
            return i < n ? problem("unexpected \(describe(at: i)), expected a string key") : problem("the document ends inside an object")
        }
        if let problem = string() { return problem }
        if options.ordered {
            lua_rawseti(stack.L, container.table + 1, lua_Integer(container.count + 1))
        }
        skipSpace()
        guard i < n, p[i] == UInt8(ascii: ":") else {
            return i < n ? problem("unexpected \(describe(at: i)), expected ':' after the key") : problem("the document ends inside an object")
        }
        i += 1
        skipSpace()
        return nil
    }

    // MARK: - Scalars

    private mutating func literal(_ word: StaticString, _ push: () -> Void) -> LuaJSONError? {
        let count = word.utf8CodeUnitCount
        guard n - i >= count, memcmp(p + i, word.utf8Start, count) == 0 else {
            return problem("unexpected \(describe(at: i)), expected a value")
        }
        i += count
        push()
        return nil
    }

    /// A number as the grammar has it: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() -> LuaJSONError? {
        let start = i
        var integral = true
        if p[i] == UInt8(ascii: "-") { i += 1 }
        guard i < n, isDigit(p[i]) else { return problem("unexpected \(describe(at: i)) in a number") }
        if p[i] == UInt8(ascii: "0") {
            i += 1
            if i < n, isDigit(p[i]) { return problem("a number cannot start with 0 (at \(describe(at: start)))", at: start) }
        } else {
            while i < n, isDigit(p[i]) { i += 1 }
        }
        if i < n, p[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            guard i < n, isDigit(p[i]) else { return problem("a digit must follow the decimal point", at: i) }
            while i < n, isDigit(p[i]) { i += 1 }
        }
        if i < n, p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") {
            integral = false
            i += 1
            if i < n, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
            guard i < n, isDigit(p[i]) else { return problem("a digit must follow the exponent's 'e'", at: i) }
            while i < n, isDigit(p[i]) { i += 1 }
        }
        let length = i - start
        guard length <= options.maxNumberLength else {
            return problem("a number of \(length) characters, more than \(options.maxNumberLength) (maxNumberLength)", at: start)
        }
        if integral {
            // Most numbers: digits that fit in 64 bits, read without a conversion call.
            let negative = p[start] == UInt8(ascii: "-")
            var value: Int64 = 0
            var overflow = false
            for k in (negative ? start + 1 : start)..<i {
                let digit = Int64(p[k] &- UInt8(ascii: "0"))
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (s, o2) = negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
                if o1 || o2 { overflow = true; break }
                value = s
            }
            if !overflow {
                lua_pushinteger(stack.L, lua_Integer(value))
                return nil
            }
        }
        let text = String(decoding: UnsafeBufferPointer(start: p + start, count: length), as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            return problem("the number \(text) is out of range (JSON has no infinity)", at: start)
        }
        lua_pushnumber(stack.L, d)
        return nil
    }

    /// A string, pushed. Plain ASCII runs are pushed from the document itself;
    /// escapes and other bytes are checked (strict UTF-8, no raw control
    /// characters) and assembled in `scratch`.
    private mutating func string() -> LuaJSONError? {
        let open = i
        i += 1
        let start = i
        // The common case: no escape, no control character, ASCII only.
        while i < n {
            let c = p[i]
            if c == UInt8(ascii: "\"") {
                lua_pushlstring(stack.L, UnsafeRawPointer(p + start).assumingMemoryBound(to: CChar.self), i - start)
                i += 1
                return nil
            }
            if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
            i += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: p + start, count: i - start))
        while i < n {
            let c = p[i]
            switch c {
            case UInt8(ascii: "\""):
                i += 1
                scratch.withUnsafeBufferPointer {
                    _ = lua_pushlstring(stack.L, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), $0.count)
                }
                return nil
            case UInt8(ascii: "\\"):
                if let problem = escape() { return problem }
            case 0..<0x20:
                return problem("a raw control character (\(describe(at: i))) in a string; write it as an escape such as \\n", at: i)
            case 0x80...:
                let length = LuaJSONDecoder.utf8Length(p + i, n - i)
                guard length > 0 else { return problem("invalid UTF-8 in a string", at: i) }
                scratch.append(contentsOf: UnsafeBufferPointer(start: p + i, count: length))
                i += length
            default:
                scratch.append(c)
                i += 1
            }
        }
        return problem("a string that never ends (it starts here)", at: open)
    }

    private mutating func escape() -> LuaJSONError? {
        let at = i
        guard i + 1 < n else { return problem("a string that never ends", at: at) }
        let c = p[i + 1]
        i += 2
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(c)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            guard var code = hex4() else { return problem("\\u must be followed by four hex digits", at: at) }
            if (0xD800..<0xDC00).contains(code) {
                // A high surrogate pairs with the low one that follows; alone it cannot be UTF-8.
                if i + 1 < n, p[i] == UInt8(ascii: "\\"), p[i + 1] == UInt8(ascii: "u") {
                    let save = i
                    i += 2
                    if let low = hex4(), (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        i = save
                        code = 0xFFFD
                    }
                } else {
                    code = 0xFFFD
                }
            } else if (0xDC00..<0xE000).contains(code) {
                code = 0xFFFD
            }
            appendUTF8(code)
        default:
            let shown = (0x20..<0x7F).contains(c) ? String(Character(Unicode.Scalar(c))) : "?"
            return problem("unknown escape \\\(shown) in a string", at: at)
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard n - i >= 4 else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = p[i + k]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        i += 4
        return v
    }

    private mutating func appendUTF8(_ code: UInt32) {
        switch code {
        case 0..<0x80: scratch.append(UInt8(code))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | code >> 6))
            scratch.append(UInt8(0x80 | code & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | code >> 12))
            scratch.append(UInt8(0x80 | code >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | code & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | code >> 18))
            scratch.append(UInt8(0x80 | code >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | code >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | code & 0x3F))
        }
    }

    /// The length of the well-formed UTF-8 sequence at `q` (of a non-ASCII
    /// lead byte), or 0: no overlong forms, no surrogates, nothing past U+10FFFF.
    public static func utf8Length(_ q: UnsafePointer<UInt8>, _ available: Int) -> Int {
        let b0 = q[0]
        func cont(_ k: Int) -> Bool { k < available && q[k] & 0xC0 == 0x80 }
        switch b0 {
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return available > 1 && (0xA0...0xBF).contains(q[1]) && cont(2) ? 3 : 0
        case 0xED: return available > 1 && (0x80...0x9F).contains(q[1]) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xF0: return available > 1 && (0x90...0xBF).contains(q[1]) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return available > 1 && (0x80...0x8F).contains(q[1]) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    // MARK: - Places and problems

    private mutating func skipSpace() {
        while i < n {
            let c = p[i]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            i += 1
        }
    }

    private func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

    private func memoryProblem() -> LuaJSONError? {
        let runtime = uih_runtime(stack.L)!.pointee
        guard runtime.limit != 0, runtime.used > runtime.limit else { return nil }
        return problem("out of memory: the values so far passed the scripts' memory limit of \(LuaJSONDecoder.size(Int(runtime.limit)))", at: i)
    }

    private func fail(_ message: String) -> Result<Void, LuaJSONError> { .failure(problem(message, at: i)) }

    private func problem(_ message: String) -> LuaJSONError { problem(message, at: i) }

    /// `message at line L, column C (byte B)`: lines and columns count from 1,
    /// columns in characters.
    private func problem(_ message: String, at position: Int) -> LuaJSONError {
        var line = 1, column = 1
        var k = 0
        let end = min(position, n)
        while k < end {
            let c = p[k]
            if c == 0x0A { line += 1; column = 1 } else if c & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        return LuaJSONError("\(message) at line \(line), column \(column) (byte \(position + 1))")
    }

    /// The byte at `k` for a message: `'}'`, or a control byte as `\n`, `\x01`.
    private func describe(at k: Int) -> String {
        guard k < n else { return "the end" }
        let c = p[k]
        switch c {
        case 0x0A: return "'\\n'"
        case 0x09: return "'\\t'"
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(c)))'"
        default:
            let hex = String(c, radix: 16, uppercase: true)
            return "byte \\x" + (hex.count < 2 ? "0" + hex : hex)
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB"
            : bytes >= 1 << 20 ? "\(bytes / 1_000_000) MB" : "\(bytes) bytes"
    }
}
