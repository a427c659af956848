import LuaBridge

/// `ui.json`: `encode(value, options)`, `decode(text, options)` and `null`
/// (docs/API.md, "JSON"). The codec is LuaBridge's (`LuaJSONDecoder`,
/// `LuaJSONEncoder`), which builds and reads Lua values on the stack; this
/// file checks arguments and options and words the errors.
enum JSONModule {
    /// The value JSON's `null` decodes to and that encodes as `null`: a light
    /// userdata, the same for every script, with nothing behind it to open.
    nonisolated(unsafe) static let null = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    /// Pushes the `json` table of `origin`'s `ui`: each function has the origin
    /// as upvalue 1, like the rest of `ui`.
    static func pushTable(origin: Origin, on s: LuaStack) {
        s.pushNewTable(fieldCount: 3)
        for (name, f) in [("encode", encode), ("decode", decode)] as [(String, LuaSwiftFunction)] {
            s.pushInteger(origin.code)
            s.push(f, upvalues: 1)
            s.setField(name, at: -2)
        }
        s.pushLightUserdata(null)
        s.setField("null", at: -2)
    }

    static let decodeFields = ["ordered", "maxDepth", "maxBytes"]
    static let encodeFields = ["ordered", "maxDepth", "maxBytes", "indent"]

    /// `ui.json.decode(text [, options])`.
    static let decode: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard s.type(at: 1) == .string else { return UIModule.argError(L, 1, "decode", "string") }
        var options = LuaJSONOptions()
        if let problem = readOptions(s, into: &options, fields: decodeFields) {
            return UIModule.raise(L, "ui.json.decode: " + problem)
        }
        var length = 0
        guard let bytes = s.bytes(at: 1, count: &length) else { return UIModule.argError(L, 1, "decode", "string") }
        var decoder = LuaJSONDecoder(stack: s, options: options, null: null)
        switch decoder.push(decoding: bytes, count: length) {
        case .success: return 1
        case .failure(let error): return UIModule.raise(L, "ui.json.decode: " + error.message)
        }
    }

    /// `ui.json.encode(value [, options])`.
    static let encode: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        var options = LuaJSONOptions()
        if let problem = readOptions(s, into: &options, fields: encodeFields) {
            return UIModule.raise(L, "ui.json.encode: " + problem)
        }
        s.keepArguments(1)
        var encoder = LuaJSONEncoder(stack: s, options: options, null: null)
        switch encoder.encode(at: 1) {
        case .success(let bytes):
            s.push(bytes: bytes)
            return 1
        case .failure(let error): return UIModule.raise(L, "ui.json.encode: " + error.message)
        }
    }

    /// Argument 2: nil, or a table of the named fields, each checked.
    private static func readOptions(_ s: LuaStack, into options: inout LuaJSONOptions, fields: [String]) -> String? {
        switch s.type(at: 2) {
        case .nil, .none: return nil
        case .table: break
        default: return "bad argument #2 (options table expected, got \(s.typeName(at: 2)))"
        }
        return s.withTable(at: 2) { t -> String? in
            if let unknown = t.unknownKey(among: fields) {
                return "unknown option '\(HostLimits.shortened(unknown))'" + (suggestion(for: unknown, among: fields).map { " (did you mean '\($0)'?)" } ?? "")
                    + " (options: " + fields.joined(separator: ", ") + ")"
            }
            switch t.type("ordered") {
            case .nil: break
            case .boolean: options.ordered = t.bool("ordered")!
            default: return "ordered must be a boolean (got \(t.type("ordered").name))"
            }
            let ranges: [(String, ClosedRange<Int>, WritableKeyPath<LuaJSONOptions, Int>)] = [
                ("maxDepth", 1...100_000, \.maxDepth), ("maxBytes", 0...(1 << 30), \.maxBytes),
                ("indent", 0...LuaJSONOptions.maxIndent, \.indent),
            ]
            for (name, range, path) in ranges where fields.contains(name) && t.type(name) != .nil {
                guard let n = t.int(name), range.contains(n) else {
                    return "\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)"
                }
                options[keyPath: path] = n
            }
            return nil
        }
    }
}
