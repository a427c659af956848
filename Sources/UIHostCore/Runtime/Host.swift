import CLua
import CLuaShim
import LuaBridge

/// One running app: a Lua state, its navigation stack, overlays, focus, timers
/// and the frame it draws. Events go in through `send`; `render()` gives the
/// frame. The host never touches a terminal; the CLI and the test runner drive it.
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
        /// The file it came from when it was pushed by path (`--watch` pushes it again after a reload).
        var file: String?
        var drawerOpen = false
    }
    var stack: [ScreenEntry] = []
    /// Registry references of presented sheets, bottom first.
    var sheets: [Int32] = []

    /// The script, the modules it required and the screens pushed by path: what `--watch` watches.
    public internal(set) var loadedFiles: [String] = []

    /// With `collectValidationProblems`: every constructor problem, `file:line: message`.
    public internal(set) var validationProblems: [String] = []

    /// Handler errors so far, as shown in the banner.
    public private(set) var errors: [String] = []
    var banner: String?
    /// Set when the app asked to quit, with its exit code.
    public private(set) var quitCode: Int32?
    /// What theme tokens look like: `--theme`, then the script's `ui.theme{…}`.
    /// Read when a frame is written; drawing only names tokens.
    public private(set) lazy var theme: Theme = options.theme

    /// A theme change repaints (the writer sees a new theme) without a new layout.
    func setTheme(_ theme: Theme) {
        self.theme = theme
        frameValid = false
    }

    // Layout of the current frame.
    var dirty = true
    var layers: [Layer] = []
    var popup: Popup?
    private var frame: FrameBuffer
    private var frameValid = false
    /// Problems of bad fields seen by the last layout, and by the last drawing
    /// (list rows are read only then): each shows once when it appears.
    private var lastLayoutProblems: Set<String> = []
    private var lastDrawProblems: Set<String> = []
    private var layoutProblemCount = 0
    /// Set by layout when something animates (a spinner) so the frame changes with time.
    public internal(set) var animating = false
    /// Places the cursor in every frame, for tests of the cursor's way to the
    /// terminal while no component places it yet.
    var testCursor: Point? {
        didSet { frameValid = false }
    }
    /// Where a mouse press started, for drags.
    var pressAt: (x: Int, y: Int)?

    // Time.
    public internal(set) var clock = 0
    var timers = TimerQueue()
    /// Coroutines of `ui.spawn` still running.
    var spawned: Set<OpaquePointer> = []
    var nextTimerID = 1

    /// Loads the screen script at `path` (relative to the working directory).
    public init(script path: String, options: HostOptions) throws(LuaError) {
        self.options = options
        lua = LuaState(memoryLimit: options.maxMemory, instructionBudget: options.maxInstructions)
        lua.timeLimit = options.maxSeconds
        kinds = ComponentKinds(lua.L)
        let confined = !(options.allow.contains(.io) || options.allow.contains(.all))
        let assets = AssetStore(directory: options.assetsDirectory, project: confined ? FileSystem.directory(of: path) : nil)
        reader = TreeReader(L: lua.L, kinds: kinds, assets: assets)
        scriptDirectory = FileSystem.directory(of: path)
        frame = FrameBuffer(width: options.size.cols, height: options.size.rows)
        lua.setOwner(self)
        try Sandbox.install(self)
        UIModule.install(self)

        let got: String?
        do {
            got = try loadScreenFile(path)
        } catch {
            throw error.located(in: path)
        }
        if let got {
            throw LuaError.runtime(message: "\(path): the script must return a ui.screen (got \(got))", traceback: "")
        }
        pushScreen(directory: scriptDirectory, file: path)
        // Finish the collection cycle that building the screen started, so that
        // key presses do not pay for marking a large screen (a list of 10^6 items).
        _ = uih_gccollect(L)
    }

    // MARK: - Events

    public func send(_ event: Event) {
        #if DEBUG
        // Every entry point leaves the Lua stack as it found it.
        let top = lua_gettop(L)
        defer { assert(lua_gettop(L) == top, "Lua stack unbalanced by \(event): \(top) -> \(lua_gettop(L))") }
        #endif
        switch event {
        case .key(let key): handleKey(key)
        case .mouse(let mouse): handleMouse(mouse)
        case .paste(let text): handlePaste(text)
        case .resize(let cols, let rows): resize(Size(cols: cols, rows: rows))
        case .tick(let ms): advance(ms)
        }
    }

    public func resize(_ size: Size) {
        options.size = Size(cols: max(0, size.cols), rows: max(0, size.rows))
        dirty = true
    }

    /// Tells the host that something outside an event (a test's `eval`) may
    /// have changed the script's tables.
    public func markChanged() {
        dirty = true
    }

    public func quit(_ code: Int32 = 0) {
        if quitCode == nil { quitCode = code }
    }

    /// Whether anything lies over the screen: a popup, the drawer or a sheet.
    var hasOverlay: Bool { popup != nil || layers.count > 1 }

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
        if let popup {
            popup.handle(key, self)
            if key == .tab || key == .shiftTab {
                ensureLayout()
                moveFocus(by: key == .tab ? 1 : -1, wrap: true)
            }
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
            case .esc: closeTopLayer()
            case .function(2): openDrawer()
            case .character("q") where stack.count == 1 && !hasOverlay: quit(0)
            default: break
            }
        }
    }

    /// A paste goes to the focused component of the top layer and nowhere
    /// else: not to an open popup, not to the host's key defaults.
    func handlePaste(_ text: String) {
        guard quitCode == nil, !text.isEmpty else { return }
        ensureLayout()
        guard popup == nil, let node = focusedNode else { return }
        if node.paste(text, self) { dirty = true }
    }

    /// Esc without a popup: close the drawer or the top sheet, else pop.
    func closeTopLayer() {
        guard let top = layers.last else { return }
        switch top.kind {
        case .screen: pop()
        case .drawer: closeDrawer()
        case .sheet(let i):
            if let sheet = top.root as? SheetNode, sheet.dismissible { dismissSheet(at: i) }
        }
    }

    // MARK: - Focus

    var topLayer: Layer? { layers.last }

    var focusedNode: Node? {
        guard let layer = topLayer, let key = interaction.focus[layer.key] else { return nil }
        return layer.focusables.first { $0.focusKey == key }
    }

    func focus(_ node: Node, in layer: Layer) {
        interaction.focus[layer.key] = node.focusKey
    }

    func moveFocus(by step: Int, wrap: Bool) {
        guard let layer = topLayer, !layer.focusables.isEmpty else { return }
        let items = layer.focusables
        let currentKey = interaction.focus[layer.key]
        let current = items.firstIndex { $0.focusKey == currentKey } ?? (step > 0 ? -1 : items.count)
        var next = current + step
        if wrap {
            next = (next % items.count + items.count) % items.count
        } else {
            next = min(max(next, 0), items.count - 1)
        }
        interaction.focus[layer.key] = items[next].focusKey
    }

    // MARK: - Layout and drawing

    var bounds: Rect { Rect(x: 0, y: 0, width: options.size.cols, height: options.size.rows) }

    func ensureLayout() {
        guard dirty, !stack.isEmpty else { return }
        dirty = false
        frameValid = false
        animating = false
        let top = lua_gettop(L)
        reader.begin()
        layers.removeAll(keepingCapacity: true)
        popup = nil

        // The screen, then its drawer when open, then the sheets.
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(stack[stack.count - 1].ref))
        let screenTable = lua_gettop(L)
        if let screen = reader.node(at: screenTable, path: "screen") as? ScreenNode {
            screen.isPushed = stack.count > 1
            layers.append(Layer(kind: .screen, root: screen, key: .screen(stack[stack.count - 1].ref)))
            if stack[stack.count - 1].drawerOpen,
               let drawer = reader.node(inField: "drawer", of: screenTable, path: "screen") {
                layers.append(Layer(kind: .drawer, root: drawer, key: .drawer(stack[stack.count - 1].ref)))
            }
        }
        lua_settop(L, screenTable - 1)
        for (i, ref) in sheets.enumerated() {
            lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(ref))
            if let sheet = reader.node(at: -1, path: "sheet") { layers.append(Layer(kind: .sheet(i), root: sheet, key: .sheet(ref))) }
            lua_settop(L, -2)
        }
        for (i, layer) in layers.enumerated() {
            let context = LayoutContext(bounds: bounds, state: interaction, reader: reader, host: self)
            layer.root.layout(in: bounds, context)
            layer.collectFocusables()
            if i == layers.count - 1 { popup = context.popups.first }
        }
        reader.end()
        lua_settop(L, top)
        // A bad field shows once when it appears, not on every frame.
        for problem in reader.problems where !lastLayoutProblems.contains(problem) { report(problem) }
        lastLayoutProblems = Set(reader.problems)
        layoutProblemCount = reader.problems.count
        if let layer = topLayer, !(interaction.focus[layer.key].map(layer.focusableKeys.contains) ?? false) {
            interaction.focus[layer.key] = layer.focusables.first?.focusKey
        }
    }

    /// The current frame, laid out and drawn if anything changed.
    public func render() -> FrameBuffer {
        #if DEBUG
        let top = lua_gettop(L)
        defer { assert(lua_gettop(L) == top, "Lua stack unbalanced by render: \(top) -> \(lua_gettop(L))") }
        #endif
        ensureLayout()
        if frame.width != options.size.cols || frame.height != options.size.rows {
            frame = FrameBuffer(width: options.size.cols, height: options.size.rows)
            frameValid = false
        }
        if !frameValid || animating {
            frame.clear()
            let top = lua_gettop(L)
            reader.resume()
            for (i, layer) in layers.enumerated() {
                // Only the top layer shows where focus is.
                let focused = i == layers.count - 1 && popup == nil ? interaction.focus[layer.key] : nil
                let context = RenderContext(glyphs: options.glyphs, focused: focused, state: interaction, clock: clock, reader: reader)
                // A drawer or sheet dims everything beneath it, so that what shows
                // beside its box reads as backdrop (plain text never sees this).
                if i > 0 { frame.addStyle(.backdrop, in: frame.bounds) }
                layer.root.render(into: &frame, context)
            }
            popup?.render(into: &frame, RenderContext(glyphs: options.glyphs, focused: nil, state: interaction, clock: clock, reader: reader))
            if let testCursor { frame.cursor = testCursor }
            reader.end()
            lua_settop(L, top)
            // A field that turned bad shows when it is drawn (list rows are read then).
            let drawProblems = reader.problems.dropFirst(layoutProblemCount)
            for problem in drawProblems where !lastDrawProblems.contains(problem) { report(problem) }
            lastDrawProblems = Set(drawProblems)
            drawBanner()
            frameValid = true
        }
        return frame
    }

    /// Where the terminal cursor shows, 0-based, or nil while it is hidden: what
    /// the frame drawn now says (a focused text field places it at its caret).
    public var cursor: Point? { render().cursor }

    /// A blank frame with only the error banner, for a screen that did not load.
    public static func errorFrame(_ message: String, options: HostOptions) -> FrameBuffer {
        var frame = FrameBuffer(width: options.size.cols, height: options.size.rows)
        drawBanner(message, into: &frame)
        return frame
    }

    private func drawBanner() {
        guard let banner else { return }
        Host.drawBanner(banner, into: &frame)
    }

    private static func drawBanner(_ banner: String, into frame: inout FrameBuffer) {
        guard frame.height > 0 else { return }
        // At most two rows; what does not fit ends in `…` (the whole message is in the log).
        var lines = TextLayout.wrap("error: " + banner, width: frame.width)
        if lines.count > 2 {
            lines = [lines[0], TextLayout.truncate(lines[1...].joined(separator: " "), to: frame.width)]
        }
        let y0 = max(0, frame.height - lines.count)
        for (i, line) in lines.enumerated() {
            let row = Rect(x: 0, y: y0 + i, width: frame.width, height: 1)
            frame.fill(row, style: .errorBanner)
            frame.put(line, x: 0, y: y0 + i, style: .errorBanner)
        }
    }

    // MARK: - Errors and logging

    /// Shows a handler error in the banner and keeps it for `app:errors()`.
    func report(_ message: String, traceback: String = "") {
        errors.append(message)
        if errors.count > 1000 { errors.removeFirst(errors.count - 1000) }
        banner = message
        frameValid = false
        log("uihost: " + message + (traceback.isEmpty ? "" : "\n" + traceback))
    }

    /// Adds to the error just reported what the host did about it.
    func amendLastError(_ note: String) {
        guard let last = errors.popLast() else { return }
        errors.append(last + note)
        banner = errors.last
        frameValid = false
    }

    func report(_ error: LuaError) {
        report(error.message, traceback: error.traceback)
    }

    func log(_ text: String) {
        options.log(text)
    }
}
