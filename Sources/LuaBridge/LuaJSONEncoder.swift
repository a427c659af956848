import CLua
import CLuaShim

/// Writes a Lua value as JSON. A table whose keys are exactly 1…n is an
/// array; any other table an object, its keys sorted (so that the same table
/// always gives the same text), integer keys written as strings. With
/// `ordered`, a table holding only `keys` and `values` is an object in that
/// order (what `decode` with `ordered` gives). Only raw contents are read:
/// no metamethod of the script's runs while Swift holds the stack.
///
/// Refused, with the place: functions, userdata and threads, keys other than
/// strings and numbers, NaN and infinities, strings that are not UTF-8,
/// cycles, nesting past `maxDepth` and output past `maxBytes`.
public struct LuaJSONEncoder {
    let stack: LuaStack
    let options: LuaJSONOptions
    let null: UnsafeMutableRawPointer
    public private(set) var output: [UInt8] = []
    /// The tables being written, outermost first (a cycle leads back to one).
    private var path: [UnsafeRawPointer] = []
    /// The keys leading to the value being written, for messages.
    private var place: [String] = []
    private var values = 0

    public init(stack: LuaStack, options: LuaJSONOptions, null: UnsafeMutableRawPointer) {
        self.stack = stack
        self.options = options
        self.null = null
    }

    /// Encodes the value at `index`; the stack is as it was either way.
    public mutating func encode(at index: Int32) -> Result<[UInt8], LuaJSONError> {
        let top = stack.top
        defer {
            stack.top = top
            stack.chargeWork(output.count / 8 + values)
        }
        output.removeAll(keepingCapacity: true)
        if let problem = value(at: stack.absolute(index)) {
            let at = place.isEmpty ? "" : " at " + LuaJSONEncoder.shown(place)
            return .failure(LuaJSONError(problem + at))
        }
        guard output.count <= options.maxBytes else {
            return .failure(LuaJSONError("the text passed \(LuaJSONDecoder.size(options.maxBytes)) (maxBytes)"))
        }
        return .success(output)
    }

    private mutating func value(at i: Int32) -> String? {
        values += 1
        guard output.count <= options.maxBytes else {
            return "the text passed \(LuaJSONDecoder.size(options.maxBytes)) (maxBytes)"
        }
        let L = stack.L
        switch stack.type(at: i) {
        case .nil, .none: append("null")
        case .boolean: append(stack.truth(at: i) ? "true" : "false")
        case .number:
            if stack.isInteger(at: i) {
                append(String(lua_tointegerx(L, i, nil)))
            } else {
                let d = lua_tonumberx(L, i, nil)
                guard d.isFinite else { return "cannot encode \(d) (JSON has no NaN or infinity)" }
                // Swift writes the shortest text that reads back as the same double ("0.1", "1e-05", "3.0").
                append("\(d)")
            }
        case .string:
            var length = 0
            let p = lua_tolstring(L, i, &length)!
            return string(UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), length)
        case .lightUserdata where lua_touserdata(L, i) == null:
            append("null")
        case .table:
            // A component is encoded as its fields: those of the storage behind its proxy.
            guard stack.pushStorage(of: i) else { return table(at: i) }
            defer { stack.pop() }
            return table(at: stack.top)
        default:
            return "cannot encode a \(stack.typeName(at: i)) (only nil, booleans, numbers, strings, tables and ui.json.null)"
        }
        return nil
    }

    // MARK: - Tables

    private mutating func table(at t: Int32) -> String? {
        let L = stack.L
        let id = lua_topointer(L, t)!
        // Scanned, not hashed: the path is as short as the nesting.
        if path.contains(id) { return "a cycle (a table that contains itself)" }
        guard path.count < options.maxDepth else { return "tables nested deeper than \(options.maxDepth) (maxDepth)" }
        guard stack.reserve(6) else { return "out of Lua stack" }
        path.append(id)
        defer { path.removeLast() }
        if options.ordered {
            switch orderedObject(at: t) {
            case .notOrdered: break
            case .written: return nil
            case .failed(let problem): return problem
            }
        }
        // Keys: strings and numbers; a table whose keys are 1…n is an array.
        var count = 0
        var allIndexes = true
        var keys: [(text: [UInt8], integer: Int64?)] = []
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            count += 1
            switch stack.type(at: -2) {
            case .number where stack.isInteger(at: -2):
                let k = lua_tointegerx(L, -2, nil)
                if k < 1 { allIndexes = false }
                keys.append((Array(String(k).utf8), k))
            case .string:
                allIndexes = false
                var length = 0
                let p = lua_tolstring(L, -2, &length)!
                keys.append((Array(UnsafeRawBufferPointer(start: p, count: length)), nil))
            default:
                let name = stack.type(at: -2) == .number ? "a float" : "a " + stack.typeName(at: -2)
                lua_settop(L, -3)
                return "cannot encode \(name) key (object keys are strings or integers)"
            }
            lua_settop(L, -2)
        }
        if count == 0 {
            // Both empty arrays and empty objects decode to {}: ordered decoding tells them apart.
            append(options.ordered ? "[]" : "{}")
            return nil
        }
        if allIndexes, lua_rawlen(L, t) == count, !keys.contains(where: { $0.integer! > count }) {
            append("[")
            for k in 1...count {
                separator(first: k == 1)
                lua_rawgeti(L, t, lua_Integer(k))
                place.append("[\(k)]")
                if let problem = value(at: stack.top) { return problem }
                place.removeLast()
                lua_settop(L, -2)
            }
            close("]", empty: false)
            return nil
        }
        keys.sort { $0.text.lexicographicallyPrecedes($1.text) }
        append("{")
        for (n, key) in keys.enumerated() {
            separator(first: n == 0)
            key.text.withUnsafeBufferPointer { _ = string($0.baseAddress!, $0.count) }
            append(options.indent > 0 ? ": " : ":")
            if let k = key.integer {
                lua_rawgeti(L, t, lua_Integer(k))
                place.append("[\(k)]")
            } else {
                key.text.withUnsafeBufferPointer {
                    _ = lua_pushlstring(L, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), $0.count)
                }
                lua_rawget(L, t)
                place.append(LuaJSONEncoder.fieldName(key.text))
            }
            if let problem = value(at: stack.top) { return problem }
            place.removeLast()
            lua_settop(L, -2)
        }
        close("}", empty: false)
        return nil
    }

    private enum Ordered {
        case notOrdered, written, failed(String)
    }

    /// `{ keys = {…}, values = {…} }` written as an object in that order;
    /// `.notOrdered` when the table is not one (it is then written as usual).
    private mutating func orderedObject(at t: Int32) -> Ordered {
        let L = stack.L
        let top = stack.top
        defer { stack.top = top }
        // Raw reads: no __index of the script's runs here.
        lua_pushstring(L, "keys")
        guard lua_rawget(L, t) == LUA_TTABLE else { return .notOrdered }
        lua_pushstring(L, "values")
        guard lua_rawget(L, t) == LUA_TTABLE else { return .notOrdered }
        let keys = top + 1, values = top + 2
        // Only those two fields.
        var fields = 0
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            fields += 1
            lua_settop(L, -2)
        }
        guard fields == 2 else { return .notOrdered }
        let count = Int(lua_rawlen(L, keys))
        append("{")
        for k in 0..<count {
            separator(first: k == 0)
            guard lua_rawgeti(L, keys, lua_Integer(k + 1)) == LUA_TSTRING else {
                place.append(".keys[\(k + 1)]")
                return .failed("an ordered object's key must be a string (got \(stack.typeName(at: -1)))")
            }
            var length = 0
            let p = lua_tolstring(L, -1, &length)!
            let name = Array(UnsafeRawBufferPointer(start: p, count: length))
            if let problem = string(UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), length) {
                place.append(".keys[\(k + 1)]")
                return .failed(problem)
            }
            append(options.indent > 0 ? ": " : ":")
            lua_rawgeti(L, values, lua_Integer(k + 1))
            place.append(LuaJSONEncoder.fieldName(name))
            if let problem = value(at: stack.top) { return .failed(problem) }
            place.removeLast()
            lua_settop(L, -3)
        }
        close("}", empty: count == 0)
        return .written
    }

    // MARK: - Text

    private mutating func separator(first: Bool) {
        if !first { output.append(UInt8(ascii: ",")) }
        newline(depth: path.count)
    }

    private mutating func close(_ bracket: String, empty: Bool) {
        if !empty { newline(depth: path.count - 1) }
        append(bracket)
    }

    private mutating func newline(depth: Int) {
        guard options.indent > 0 else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * options.indent))
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    /// A string literal: `"`, `\` and control characters escaped; bytes that
    /// are not UTF-8 refused (JSON text is Unicode).
    private mutating func string(_ p: UnsafePointer<UInt8>, _ n: Int) -> String? {
        output.append(UInt8(ascii: "\""))
        var k = 0
        while k < n {
            let c = p[k]
            switch c {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22]); k += 1
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C]); k += 1
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")]); k += 1
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")]); k += 1
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")]); k += 1
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(c >> 4)], hex[Int(c & 15)]])
                k += 1
            case 0x80...:
                let length = LuaJSONDecoder.utf8Length(p + k, n - k)
                guard length > 0 else { return "a string that is not UTF-8 (byte \(k + 1) of it)" }
                output.append(contentsOf: UnsafeBufferPointer(start: p + k, count: length))
                k += length
            default:
                output.append(c)
                k += 1
            }
        }
        output.append(UInt8(ascii: "\""))
        return nil
    }

    /// `.name` for an identifier-like key, else `["…"]`, short and without control characters.
    /// A place as a message shows it: a deep one by its first and last keys,
    /// so that a table nested 1,000 deep makes a line, not a page.
    static func shown(_ place: [String]) -> String {
        let ends = 4
        guard place.count > 2 * ends + 1 else { return place.joined() }
        return place.prefix(ends).joined() + "…(\(place.count - 2 * ends) more)…" + place.suffix(ends).joined()
    }

    static func fieldName(_ key: [UInt8]) -> String {
        let text = String(decoding: key.prefix(40), as: UTF8.self)
        let plain = !text.isEmpty && text.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F
        }
        if plain && key.count <= 40 { return "." + text }
        let shown = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return "[\"" + shown + (key.count > 40 ? "…" : "") + "\"]"
    }
}
