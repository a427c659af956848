import CLua
import CLuaShim
import LuaBridge

/// One running app: a Lua state, its navigation stack, focus, timers and the
/// frame it draws. Events go in through `send`; `render()` gives the frame.
/// The host never touches a terminal; the CLI and the test runner drive it.
public final class Host {
    public let lua: LuaState
    var L: OpaquePointer { lua.L }
    public private(set) var options: HostOptions
    let kinds: ComponentKinds
    let reader: TreeReader
    let interaction = InteractionState()
    /// The directory of the root script: `require` and `ui.push(path)` resolve from here.
    public let scriptDirectory: String

    struct ScreenEntry {
        var ref: Int32
        var directory: String
        var focus: UnsafeRawPointer?
    }
    var stack: [ScreenEntry] = []

    /// Handler errors so far, as shown in the banner.
    public private(set) var errors: [String] = []
    var banner: String?
    /// Set when the app asked to quit, with its exit code.
    public private(set) var quitCode: Int32?

    // Layout of the current frame.
    var dirty = true
    var root: ScreenNode?
    var focusables: [Node] = []
    var anchorRef: Int32 = LUA_NOREF
    private var frame: FrameBuffer
    private var frameValid = false
    private var lastProblems: Set<String> = []

    // Time.
    public internal(set) var clock = 0
    var timers: [Timer] = []
    var nextTimerID = 1

    /// Loads the screen script at `path` (relative to the working directory).
    public init(script path: String, options: HostOptions) throws(LuaError) {
        self.options = options
        lua = LuaState(memoryLimit: options.maxMemory, instructionBudget: options.maxInstructions)
        kinds = ComponentKinds(lua.L)
        reader = TreeReader(L: lua.L, kinds: kinds)
        scriptDirectory = FileSystem.directory(of: path)
        frame = FrameBuffer(width: options.size.cols, height: options.size.rows)
        lua.setOwner(self)
        Sandbox.install(self)
        UIModule.install(self)

        try lua.loadFile(path)
        try lua.call(nargs: 0, nresults: 1)
        guard kinds.kind(L, at: -1) == .screen else {
            let got = reader.typeName(-1)
            lua_settop(L, -2)
            throw LuaError.runtime(message: "\(path): the script must return a ui.screen (got \(got))", traceback: "")
        }
        pushScreen(directory: scriptDirectory)
    }

    // MARK: - Events

    public func send(_ event: Event) {
        switch event {
        case .key(let key): handleKey(key)
        case .mouse(let mouse): handleMouse(mouse)
        case .resize(let cols, let rows): resize(Size(cols: cols, rows: rows))
        case .tick(let ms): advance(ms)
        }
    }

    public func resize(_ size: Size) {
        options.size = Size(cols: max(0, size.cols), rows: max(0, size.rows))
        dirty = true
    }

    func handleKey(_ key: Key) {
        guard quitCode == nil else { return }
        ensureLayout()
        dirty = true
        if key == .ctrl("c") {
            quit(130)
            return
        }
        if key == .esc, banner != nil {
            banner = nil
            return
        }
        switch key {
        case .tab: moveFocus(by: 1, wrap: true)
        case .shiftTab: moveFocus(by: -1, wrap: true)
        default:
            if let node = focusedNode, node.handle(key, self) { return }
            switch key {
            case .up, .left: moveFocus(by: -1, wrap: false)
            case .down, .right: moveFocus(by: 1, wrap: false)
            case .esc: pop()
            case .character("q") where stack.count == 1: quit(0)
            default: break
            }
        }
    }

    func handleMouse(_ mouse: MouseEvent) {
        guard quitCode == nil, case .press = mouse.kind else { return }
        ensureLayout()
        dirty = true
        let x = mouse.column - 1, y = mouse.row - 1
        if let back = root?.backRect, back.contains(x: x, y: y) {
            pop()
            return
        }
        guard let node = focusables.last(where: { $0.rect.contains(x: x, y: y) }) else { return }
        stack[stack.count - 1].focus = node.id
        _ = node.click(x: x, y: y, self)
    }

    /// Tells the host that something outside an event (a test's `eval`) may
    /// have changed the script's tables.
    public func markChanged() {
        dirty = true
    }

    public func quit(_ code: Int32 = 0) {
        if quitCode == nil { quitCode = code }
    }

    // MARK: - Focus

    var focusedNode: Node? {
        guard let id = stack.last?.focus else { return nil }
        return focusables.first { $0.id == id }
    }

    func moveFocus(by step: Int, wrap: Bool) {
        guard !focusables.isEmpty else { return }
        let current = focusables.firstIndex { $0.id == stack.last?.focus } ?? (step > 0 ? -1 : focusables.count)
        var next = current + step
        if wrap {
            next = (next % focusables.count + focusables.count) % focusables.count
        } else {
            next = min(max(next, 0), focusables.count - 1)
        }
        stack[stack.count - 1].focus = focusables[next].id
    }

    // MARK: - Layout and drawing

    func ensureLayout() {
        guard dirty, !stack.isEmpty else { return }
        dirty = false
        frameValid = false
        let top = lua_gettop(L)
        reader.begin()
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(stack[stack.count - 1].ref))
        root = reader.node(at: -1, path: "screen") as? ScreenNode
        lua_settop(L, -2)
        if let root {
            root.isPushed = stack.count > 1
            let context = LayoutContext(state: interaction, reader: reader)
            root.layout(in: Rect(x: 0, y: 0, width: options.size.cols, height: options.size.rows), context)
            focusables.removeAll(keepingCapacity: true)
            collectFocusables(root)
        } else {
            focusables.removeAll()
        }
        // Keep this layout's anchor table for the handlers that events call.
        if anchorRef == LUA_NOREF {
            anchorRef = luaL_ref(L, LUA_REGISTRYINDEX)
        } else {
            lua_rawseti(L, LUA_REGISTRYINDEX, lua_Integer(anchorRef))
        }
        lua_settop(L, top)
        // A bad field shows once when it appears, not on every frame.
        for problem in reader.problems where !lastProblems.contains(problem) { report(problem) }
        lastProblems = Set(reader.problems)
        if focusedNode == nil { stack[stack.count - 1].focus = focusables.first?.id }
    }

    private func collectFocusables(_ node: Node) {
        if node.isFocusable, !node.rect.isEmpty { focusables.append(node) }
        for child in node.children { collectFocusables(child) }
    }

    /// The current frame, laid out and drawn if anything changed.
    public func render() -> FrameBuffer {
        ensureLayout()
        if frame.width != options.size.cols || frame.height != options.size.rows {
            frame = FrameBuffer(width: options.size.cols, height: options.size.rows)
            frameValid = false
        }
        if !frameValid {
            frame.clear()
            let context = RenderContext(glyphs: options.glyphs, focusedID: stack.last?.focus)
            root?.render(into: &frame, context)
            drawBanner()
            frameValid = true
        }
        return frame
    }

    private func drawBanner() {
        guard let banner, frame.height > 0 else { return }
        let lines = TextLayout.wrap("error: " + banner, width: frame.width).prefix(2)
        let y0 = max(0, frame.height - lines.count)
        for (i, line) in lines.enumerated() {
            let row = Rect(x: 0, y: y0 + i, width: frame.width, height: 1)
            frame.fill(row, style: .error)
            frame.put(line, x: 0, y: y0 + i, style: .error)
        }
    }

    // MARK: - Errors and logging

    /// Shows a handler error in the banner and keeps it for `app:errors()`.
    func report(_ message: String, traceback: String = "") {
        errors.append(message)
        if errors.count > 1000 { errors.removeFirst(errors.count - 1000) }
        banner = message
        frameValid = false
        log("error: " + message + (traceback.isEmpty ? "" : "\n" + traceback))
    }

    func report(_ error: LuaError) {
        report(error.message, traceback: error.traceback)
    }

    func log(_ text: String) {
        options.log(text)
    }
}
