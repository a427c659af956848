import CLua
import CLuaShim
import CSystem
#if canImport(Glibc)
import Glibc
#endif

/// One Lua state and the host-side record behind it. All calls into Lua go
/// through `call(nargs:nresults:)` (a traceback `pcall`) so that no Lua error
/// unwinds a Swift frame.
public final class LuaState {
    public let L: OpaquePointer
    /// Instructions one call from the host may run; nil is unlimited.
    public var instructionBudget: Int64?
    /// Counts the lines this state runs (`uihost test --coverage`); held while attached.
    public var coverage: LuaCoverage? {
        didSet { uih_setcoverage(L, coverage?.collector) }
    }

    public init(memoryLimit: Int = 0, instructionBudget: Int64? = nil) {
        guard let L = uih_newstate(memoryLimit) else {
            fatalError("uihost: cannot create a Lua state (out of memory)")
        }
        self.L = L
        self.instructionBudget = instructionBudget
    }

    deinit {
        uih_close(L)
    }

    /// An owner object reachable from Swift functions called by Lua (`LuaState.owner(of:)`).
    public func setOwner(_ object: AnyObject) {
        runtime.pointee.host = Unmanaged.passUnretained(object).toOpaque()
    }

    /// The object set with `setOwner`, from any thread of the state.
    public static func owner<T: AnyObject>(of L: OpaquePointer, as type: T.Type) -> T {
        let raw = uih_runtime(L)!.pointee.host!
        return Unmanaged<T>.fromOpaque(raw).takeUnretainedValue()
    }

    /// The C record behind this state: allocator counts and the instruction budget.
    var runtime: UnsafeMutablePointer<uih_Runtime> { uih_runtime(L)! }

    /// A C function and its context that stop this state's running script from
    /// another thread (the terminal's watchdog); every later call stops too.
    public var interruptHandle: (function: @convention(c) (UnsafeMutableRawPointer?) -> Void, context: UnsafeMutableRawPointer) {
        ({ context in uih_interrupt(context!.assumingMemoryBound(to: uih_Runtime.self)) }, UnsafeMutableRawPointer(runtime))
    }

    public var memoryUsed: Int { runtime.pointee.used }
    public var memoryPeak: Int { runtime.pointee.peak }

    public var top: Int32 {
        get { lua_gettop(L) }
        set { lua_settop(L, newValue) }
    }

    // MARK: - Loading and calling

    /// Loads a text chunk; on success the function is on top.
    /// `thread` is the thread whose stack is used (the main one by default; a
    /// Swift function called from a coroutine passes its own).
    public func load(_ source: [UInt8], chunkName: String, on thread: OpaquePointer? = nil) throws(LuaError) {
        let T = thread ?? L
        let status = (source.isEmpty ? [10] : source).withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { chars in
                uih_loadtext(T, chars.baseAddress!, chars.count, chunkName)
            }
        }
        if status != LUA_OK { throw popError(status: status, fromLoad: true, on: T) }
    }

    /// Loads the sandbox prelude: from the bytecode the release build made of
    /// this very text when there is one (no parsing at every start), else
    /// from the text.
    public func loadPrelude(_ source: [UInt8], chunkName: String) throws(LuaError) {
        let status = source.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { uih_loadprelude(L, $0.baseAddress, $0.count, chunkName) }
        }
        if status == LUA_OK { return }
        try load(source, chunkName: chunkName)
    }

    public func load(_ source: String, chunkName: String) throws(LuaError) {
        try load(Array(source.utf8), chunkName: chunkName)
    }

    /// Reads and loads a file with chunk name `@path`, so messages carry path:line.
    public func loadFile(_ path: String, on thread: OpaquePointer? = nil) throws(LuaError) {
        // A FIFO or a device would block the read (or never end it).
        if let reason = FileSystem.notRegularFile(path) { throw LuaError.file(path: path, reason: reason) }
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) } catch { throw LuaError.file(path: path, reason: error.reason) }
        try load(fileContents: bytes, path: path, on: thread)
    }

    /// Loads `bytes` read from `path` as `loadFile` would: for a caller that
    /// must run exactly the bytes it checked (the trust store hashes them).
    public func load(fileContents bytes: [UInt8], path: String, on thread: OpaquePointer? = nil) throws(LuaError) {
        var source = bytes
        // A UTF-8 byte-order mark is skipped, like luaL_loadfile (it is on no line).
        if source.starts(with: [0xEF, 0xBB, 0xBF]) { source.removeFirst(3) }
        // A first line starting with '#' (a shebang) is skipped, like luaL_loadfile.
        if source.first == UInt8(ascii: "#") {
            let end = source.firstIndex(of: UInt8(ascii: "\n")) ?? source.endIndex
            source.replaceSubrange(source.startIndex..<end, with: [])
        }
        do {
            try load(source, chunkName: "@" + path, on: thread)
        } catch {
            // The parser's own limits ("C stack overflow") come without a place: name the file.
            if error.message.hasPrefix(path) { throw error }
            throw LuaError.syntax(message: "\(path): \(error.message)")
        }
    }

    /// Calls the function below `nargs` arguments in protected mode, with the
    /// instruction budget armed. On error nothing is left on the stack.
    public func call(nargs: Int32, nresults: Int32, on thread: OpaquePointer? = nil) throws(LuaError) {
        let T = thread ?? L
        let status = withBudget(on: T) { uih_pcall(T, nargs, nresults) }
        if status != LUA_OK { throw popError(status: status, fromLoad: false, on: T) }
    }

    /// Runs `body` as a call into Lua on thread `thread`: the outermost call
    /// gets a fresh instruction budget and CPU-time window, and calls made while
    /// it runs share them.
    public func withBudget<T>(on thread: OpaquePointer, _ body: () -> T) -> T {
        runs &+= 1
        var frame = uih_CallFrame()
        uih_begincall(thread, instructionBudget ?? -1, &frame)
        runtime.pointee.memoryExceeded = 0
        let result = body()
        uih_endcall(L, thread, &frame)
        return result
    }

    /// Counts the calls into Lua (every call and resume goes through
    /// `withBudget`): a host that sees it unchanged knows that no script ran,
    /// so no script wrote into any table since it last looked.
    public private(set) var runs = 0

    /// CPU seconds one call from the host may use, the backstop for work done
    /// inside library functions, which the instruction count does not see; 0 is none.
    public var timeLimit: Double = 0 {
        didSet { uih_settimelimit(L, timeLimit) }
    }

    /// Pops the error on top and classifies it.
    public func popError(status: Int32, fromLoad: Bool, on thread: OpaquePointer? = nil) -> LuaError {
        let T = thread ?? L
        // The message and the traceback after it, each kept to `maxMessageBytes`.
        let full = lua_type(T, -1) == LUA_TSTRING
            ? LuaState.string(T, at: -1, maxBytes: 2 * LuaError.maxMessageBytes)
            : "(error object is a \(String(cString: lua_typename(T, lua_type(T, -1)))) value)"
        lua_settop(T, -2)
        let (whole, traceback) = LuaState.splitTraceback(full)
        let message = BoundedText.prefix(of: whole, maxBytes: LuaError.maxMessageBytes)
        if fromLoad && status == LUA_ERRSYNTAX { return .syntax(message: message) }
        return classify(status: status, message: message, traceback: traceback)
    }

    /// Tells a runaway or a memory bomb from an ordinary error.
    public func classify(status: Int32, message: String, traceback: String) -> LuaError {
        let rt = runtime
        // Only the status tells: a memory error a script caught with pcall
        // must not make a later ordinary error look like one.
        let budget = rt.pointee.budgetExceeded != 0, time = rt.pointee.timeExceeded != 0
        uih_clearlimits(L)
        if status == LUA_ERRMEM {
            // Give the memory back: to Lua's heap (each full collection also halves
            // the string table the bomb grew), then from the C heap to the system.
            giveMemoryBack(collections: 4)
            return .memoryLimit(message: "memory limit exceeded")
        }
        if time {
            // A runaway stopped in the middle of its work leaves its garbage behind.
            giveMemoryBack(collections: 1)
            return .timeLimit(message: message, traceback: traceback)
        }
        if budget {
            giveMemoryBack(collections: 1)
            return .instructionBudget(message: message, traceback: traceback)
        }
        return .runtime(message: message, traceback: traceback)
    }

    private func giveMemoryBack(collections: Int) {
        for _ in 0..<collections { _ = uih_gccollect(L) }
        malloc_trim(0)
    }

    static func splitTraceback(_ full: String) -> (String, String) {
        guard let range = full.firstRange(of: "\nstack traceback:") else { return (full, "") }
        return (String(full[..<range.lowerBound]), String(full[range.lowerBound...].dropFirst()))
    }

    // MARK: - Reading values

    public func type(at index: Int32) -> Int32 { lua_type(L, index) }

    public func typeName(at index: Int32) -> String {
        String(cString: lua_typename(L, lua_type(L, index)))
    }

    /// A string value read with its explicit length; invalid UTF-8 becomes U+FFFD.
    /// Only real strings (not numbers) are read, so the stack is never changed.
    public func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        return LuaState.string(L, at: index)
    }

    public static func string(_ L: OpaquePointer, at index: Int32) -> String {
        var len = 0
        guard let p = lua_tolstring(L, index, &len) else { return "" }
        LuaState.countCopied(L, len)
        return p.withMemoryRebound(to: UInt8.self, capacity: len) {
            String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self)
        }
    }

    /// At most the first `maxBytes` bytes of the string at `index`, cut on a
    /// character boundary and marked `…` (`BoundedText`): the rest is never
    /// copied, so a string of 100 MB costs what one of `maxBytes` does.
    public static func string(_ L: OpaquePointer, at index: Int32, maxBytes: Int) -> String {
        var len = 0
        guard let p = lua_tolstring(L, index, &len) else { return "" }
        LuaState.countCopied(L, min(len, maxBytes))
        return p.withMemoryRebound(to: UInt8.self, capacity: len) {
            BoundedText.prefix(of: UnsafeBufferPointer(start: $0, count: len), maxBytes: maxBytes)
        }
    }

    /// The bytes of the string at `index`, in place: valid while the string
    /// is (it stays on the stack or in a table), empty when it is no string.
    @inlinable
    public static func bytes(_ L: OpaquePointer, at index: Int32) -> UnsafeBufferPointer<UInt8> {
        var len = 0
        guard lua_type(L, index) == LUA_TSTRING, let p = lua_tolstring(L, index, &len) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: len)
    }

    public func push(_ s: String) {
        LuaState.push(L, s)
    }

    public static func push(_ L: OpaquePointer, _ s: String) {
        var s = s
        s.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// Registers a Swift function (reached through the C trampoline) as `table[name]`
    /// for the table on top of the stack.
    public func setFunction(_ name: String, _ f: uih_SwiftFunction) {
        uih_pushswiftfunction(L, f)
        lua_setfield(L, -2, name)
    }
}
