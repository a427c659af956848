import LuaBridge

/// What `require(name)` does, for a screen and for a plugin alike: `uihost`
/// is the `ui` table; any other name is a native module (embedding apps),
/// else `name.lua` or `name/init.lua` under `folder` (dots are folders, no
/// `..`), run once with `(name, path)` and cached. What differs between the
/// two is given: where the cache and `ui` are, the words of the messages, how
/// a path is confined, and the environment a module runs in.
struct ModuleRequire {
    /// The folder modules are read from.
    let folder: String
    /// Where names are looked up: " in plugin 'x'" or "".
    let owner: String
    /// Why a name with `..` or a leading dot is refused.
    let onlyInside: String
    /// Pushes the cache table (`package.loaded`'s counterpart).
    let pushCache: (LuaStack) -> Void
    /// Pushes the `ui` table `require "uihost"` returns; why there is none yet, or nil.
    let pushUI: (LuaStack) -> String?
    /// Why `path` may not be read (a link leading out of `folder`), or nil.
    let confinement: (String) -> String?
    /// Pushes the environment a module runs in; nil: the globals.
    let pushEnvironment: ((LuaStack) -> Void)?
    /// Called with each module file about to run (`--watch` follows them), if given.
    let willRun: ((String) -> Void)?

    /// The body of a `require` Swift function: its result on the stack, or an error raised.
    func callAsFunction(_ s: LuaStack, _ host: Host) -> Int32 {
        guard let name = s.string(at: 1) else {
            return s.raise("bad argument #1 to 'require' (string expected, got \(host.kinds.typeName(s.L, 1)))")
        }
        if name == "uihost" {
            if let problem = pushUI(s) { return s.raise(problem) }
            return 1
        }
        let valid = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
        if !valid || name.hasPrefix(".") || name.hasSuffix(".") || name.contains("..") {
            return s.raise("module '\(name)' not found: \(onlyInside)")
        }
        pushCache(s)
        let cache = s.top
        if s.rawGet(at: cache, name) != .nil { return 1 }
        s.pop()
        if let native = host.options.nativeModules, native(s, name) {
            return keep(s, name, in: cache)
        }
        let relative = name.split(separator: ".").joined(separator: "/")
        let candidates = [relative + ".lua", relative + "/init.lua"].map { FileSystem.join(folder, $0) }
        guard let path = candidates.first(where: { FileSystem.exists($0) }) else {
            return s.raise("module '\(name)' not found\(owner):\n\tno file '" + candidates.joined(separator: "'\n\tno file '") + "'")
        }
        if let problem = confinement(path) {
            return s.raise("module '\(name)': " + problem)
        }
        willRun?(path)
        do throws(LuaError) {
            try host.lua.loadFile(path, on: s.L)
            if let pushEnvironment {
                pushEnvironment(s)
                s.setEnvironment(ofChunkAt: -2)
            }
            s.push(name)
            s.push(path)
            try host.lua.call(nargs: 2, nresults: 1, on: s.L)
        } catch {
            return s.raiseAsIs(error.message)
        }
        if s.type(at: -1) == .nil {
            s.pop()
            s.push(true)
        }
        return keep(s, name, in: cache)
    }

    /// Caches the value on top under `name`, leaving it on top.
    private func keep(_ s: LuaStack, _ name: String, in cache: Int32) -> Int32 {
        s.pushCopy(of: -1)
        s.setField(name, at: cache)
        return 1
    }
}
