import LuaBridge

/// The `fs` capability (docs/API.md, "Files: fs"): `list`, `read`, `write`,
/// `stat` and `exists`, confined to the project (for the screen) or the
/// plugin's own folder (for a plugin), and the `--allow-path` folders. The
/// screen gets it with `--allow fs`; a plugin with `permissions = { "fs" }`
/// and a grant. The rules are `ConfinedFiles`'; this file reads arguments and
/// builds the results.
enum FSModule {
    /// Pushes the `fs` table of `origin`: each function has the origin as upvalue 1.
    static func pushTable(_ host: Host, origin: Origin) {
        let s = host.lua.stack
        s.pushNewTable(fieldCount: 5)
        for (name, f) in functions {
            s.pushInteger(origin.code)
            s.push(f, upvalues: 1)
            s.setField(name, at: -2)
        }
    }

    static let functions: [(String, LuaSwiftFunction)] = [
        ("list", list), ("read", read), ("write", write), ("stat", stat), ("exists", exists),
    ]

    /// The folders `origin` may reach: the screen's project or the plugin's
    /// folder (a plugin's files are its own: another's folder or the app's
    /// project is not its to read), then the `--allow-path` folders.
    static func files(_ host: Host, _ origin: Origin) -> ConfinedFiles {
        let extra = host.options.allowedPaths
        if case .plugin(let index) = origin, let plugin = host.plugins?.plugins[index] {
            return ConfinedFiles(folders: [plugin.directory] + extra,
                                 description: "plugin '\(Host.oneLine(plugin.name))'s folder" + (extra.isEmpty ? "" : " and the --allow-path folders"))
        }
        return ConfinedFiles(folders: [host.scriptDirectory] + extra,
                             description: "the project" + (extra.isEmpty ? "" : " and the --allow-path folders"))
    }

    /// Argument `n` as the bytes of a path, or nil (not a string).
    private static func path(_ s: LuaStack, _ n: Int32) -> [UInt8]? {
        var count = 0
        guard let p = s.bytes(at: n, count: &count) else { return nil }
        return Array(UnsafeBufferPointer(start: p, count: count))
    }

    private static func fail(_ L: OpaquePointer, _ name: String, _ failure: FileSystem.Failure) -> Int32 {
        UIModule.raise(L, "fs.\(name): " + failure.reason)
    }

    // MARK: - Functions

    static let list: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let dir = s.type(at: 1).isNil ? Array(".".utf8) : path(s, 1)
        guard let dir else { return UIModule.argError(L, 1, "list", "string") }
        let host = UIModule.host(L)
        do throws(FileSystem.Failure) {
            let entries = try files(host, UIModule.origin(L)).list(dir)
            s.chargeWork(entries.count * 8)
            s.pushNewTable(arrayCount: Int32(entries.count))
            for (i, entry) in entries.enumerated() {
                push(entry, on: s)
                s.rawSetIndex(at: -2, i + 1)
            }
            return 1
        } catch {
            return fail(L, "list", error)
        }
    }

    static let read: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard let file = path(s, 1) else { return UIModule.argError(L, 1, "read", "string") }
        var maxBytes = ConfinedFiles.defaultMaxBytes
        switch s.type(at: 2) {
        case .nil, .none: break
        case .table:
            let given = s.withTable(at: 2) { $0.int("maxBytes") }
            guard let given, given >= 0, given <= 1 << 30 else {
                return UIModule.raise(L, "fs.read: maxBytes must be an integer from 0 to 1073741824")
            }
            maxBytes = given
        default: return UIModule.argError(L, 2, "read", "table")
        }
        let host = UIModule.host(L)
        // The bytes become a Lua string, which must fit in what the scripts may still allocate.
        let limit = host.options.maxMemory
        var bound = "maxBytes"
        if limit > 0, limit - host.lua.memoryUsed < maxBytes {
            maxBytes = max(0, limit - host.lua.memoryUsed)
            bound = "what the scripts' memory limit has left"
        }
        do throws(FileSystem.Failure) {
            let bytes = try files(host, UIModule.origin(L)).read(file, maxBytes: maxBytes, bound: bound)
            s.chargeWork(bytes.count / 8)
            s.push(bytes: bytes)
            return 1
        } catch {
            return fail(L, "read", error)
        }
    }

    static let write: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard let file = path(s, 1) else { return UIModule.argError(L, 1, "write", "string") }
        var count = 0
        guard let bytes = s.bytes(at: 2, count: &count) else { return UIModule.argError(L, 2, "write", "string") }
        let host = UIModule.host(L)
        do throws(FileSystem.Failure) {
            try files(host, UIModule.origin(L)).write(file, UnsafeRawBufferPointer(start: bytes, count: count))
            s.chargeWork(count / 8)
            s.push(true)
            return 1
        } catch {
            return fail(L, "write", error)
        }
    }

    static let stat: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard let file = path(s, 1) else { return UIModule.argError(L, 1, "stat", "string") }
        do throws(FileSystem.Failure) {
            if let entry = try files(UIModule.host(L), UIModule.origin(L)).lookUp(file) {
                push(entry, on: s)
            } else {
                s.pushNil()
            }
            return 1
        } catch {
            return fail(L, "stat", error)
        }
    }

    static let exists: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard let file = path(s, 1) else { return UIModule.argError(L, 1, "exists", "string") }
        do throws(FileSystem.Failure) {
            s.push(try files(UIModule.host(L), UIModule.origin(L)).lookUp(file) != nil)
            return 1
        } catch {
            return fail(L, "exists", error)
        }
    }

    /// `{ name =, kind =, size =, mtime = }`, and `link = true` for a path that is a symlink.
    private static func push(_ entry: ConfinedFiles.Entry, on s: LuaStack) {
        s.pushNewTable(fieldCount: 5)
        s.push(bytes: entry.name)
        s.setField("name", at: -2)
        s.push(entry.kind.rawValue)
        s.setField("kind", at: -2)
        s.push(entry.size)
        s.setField("size", at: -2)
        s.push(entry.mtime)
        s.setField("mtime", at: -2)
        if entry.isLink {
            s.push(true)
            s.setField("link", at: -2)
        }
    }
}
