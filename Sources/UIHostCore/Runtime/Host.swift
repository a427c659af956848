import LuaBridge

/// One running app. Events go in through `send`; `render()` gives the frame.
/// The host never touches a terminal; the CLI and the test runner drive it.
///
/// It is made of parts with one job each, which it wires together. No part
/// holds another's closures or the host: a part that needs another returns
/// actions, which `apply` routes, or is given a narrow view at `init`:
/// - `Navigator`: the screen stack, the drawer, the sheets, focus per layer,
///   and the navigation the script requests;
/// - `Scheduler`: the clock, timers and coroutines;
/// - `Dispatcher`: calls into the script's handlers, the error banner and log;
/// - `Compositor`: layout, preparing, drawing;
/// - `InteractionState`: what each kind keeps between frames;
/// - `CallLimits`: whose limits each call into the script runs under;
/// - `AppBindings`, `CommandRegistry`: `ui.bind`'s keys and the commands,
///   each with who owns it.
/// Input is routed here (`Host+Input.swift`): nodes answer events with
/// actions, and the `ui` functions ask for navigation with them, which
/// `apply` (`Host+Effects.swift`) carries out in one place. What the `ui`
/// functions must have answered at the call goes through `services`.
public final class Host {
    public let lua: LuaState
    var L: OpaquePointer { lua.L }
    var s: LuaStack { LuaStack(L) }
    public private(set) var options: HostOptions
    let kinds: ComponentKinds
    let reader: TreeReader
    let interaction = InteractionState()
    let invalidation = Invalidation()
    let toasts = Toasts()
    let dispatcher: Dispatcher
    let navigator: Navigator
    let scheduler: Scheduler
    let compositor: Compositor
    /// What the `ui` functions may ask of the parts at the call: timers, and
    /// navigation as it will be.
    let services: UIServices
    /// Whose limits each call into the script runs under (the screen's, a
    /// plugin's): shared by the reader, the dispatcher and the `ui` functions.
    let limits: CallLimits
    /// The directory of the root script: `require` and `ui.push(path)` resolve from here.
    public let scriptDirectory: String

    /// The script, the modules it required and the screens pushed by path: what `--watch` watches.
    public internal(set) var loadedFiles: [String] = []

    /// What constructors found wrong, located, and collected for `uihost check`.
    let constructorProblems = ConstructorProblems()
    /// With `collectValidationProblems`: every constructor problem, `file:line: message`.
    public var validationProblems: [String] { constructorProblems.collected }

    /// Where a mouse press started, for drags.
    var pressAt: (x: Int, y: Int)?

    /// `ui.bind`'s app-wide bindings and who owns each key.
    let appBindings: AppBindings
    /// The active bindings of the last layout, focus, `ui.bind` and commands (`activeBindings()`).
    var bindingCache: BindingCache?

    /// `ui.command` and plugin commands; the palette lists them.
    let commands = CommandRegistry()
    /// The command palette while open (drawn over everything but the banner;
    /// each change of it asks for drawing: `Host+Commands.swift`).
    var palette: CommandPalette?
    /// The plugins, when any folder of them was given.
    var plugins: PluginSet?
    /// What the screen and plugins offer each other (`ui.expose`, `ui.call`).
    let exposed = ExposedFunctions()
    var usesPlugins: Bool { plugins != nil }

    /// Sets up the Lua state, the sandbox, `ui` and the plugins, for a screen
    /// in `directory` (`screen`, whose project config is read), or for
    /// checking plugins only (`screen` nil: manifests are read, nothing runs).
    init(directory: String, options: HostOptions, screen: String?) throws(LuaError) {
        self.options = options
        lua = LuaState(memoryLimit: options.maxMemory, instructionBudget: options.maxInstructions)
        lua.timeLimit = options.maxSeconds
        options.coverage?.attach(lua)
        kinds = ComponentKinds(lua.L)
        let confined = !(options.allow.contains(.io) || options.allow.contains(.all))
        let assets = AssetStore(directory: options.assetsDirectory, project: confined ? directory : nil)
        limits = CallLimits(lua: lua, pluginLimits: options.pluginLimits)
        reader = TreeReader(lua: lua, kinds: kinds, assets: assets, limits: limits)
        reader.interaction = interaction
        scriptDirectory = directory
        dispatcher = Dispatcher(lua: lua, reader: reader, invalidation: invalidation,
                                limits: limits, log: options.log)
        navigator = Navigator(lua: lua, dispatcher: dispatcher, invalidation: invalidation)
        scheduler = Scheduler(lua: lua, dispatcher: dispatcher, invalidation: invalidation)
        compositor = Compositor(L: lua.L, reader: reader, interaction: interaction, navigator: navigator,
                                dispatcher: dispatcher, invalidation: invalidation, toasts: toasts, size: options.size, glyphs: options.glyphs,
                                readsOnlyChanges: options.readsOnlyChanges && !options.allow.contains(.all))
        services = UIServices(timers: scheduler, navigation: navigator)
        appBindings = AppBindings(lua: lua)
        lua.setOwner(self)
        try readProjectConfig(beside: screen)
        try Sandbox.install(self)
        UIModule.install(self)
        loadPlugins(manifestsOnly: screen == nil || !options.runsPlugins)
    }

    /// Loads the screen script at `path` (relative to the working directory).
    public convenience init(script path: String, options: HostOptions) throws(LuaError) {
        try self.init(directory: FileSystem.directory(of: path), options: options, screen: path)
        let got: String?
        do {
            got = try loadScreenFile(path)
        } catch {
            throw error.located(in: path)
        }
        if let got {
            throw LuaError.runtime(message: "\(path): the script must return a ui.screen (got \(got))" + Host.forgotReturn(got), traceback: "")
        }
        navigator.push(ref: s.popRef(), directory: scriptDirectory, file: path)
        // What plugins' `setup` asked for (a screen, a sheet) comes over the first screen.
        settle()
        // Finish the collection cycle that building the screen started, so that
        // key presses do not pay for marking a large screen (a list of 10^6 items).
        s.collectGarbage()
    }

    /// Reads the plugins in `options.pluginDirectories` without running them
    /// (`uihost plugins`): each manifest checked, nothing granted, no `setup`.
    public static func inspectPlugins(options: HostOptions) throws(LuaError) -> [PluginReport] {
        try Host(directory: ".", options: options, screen: nil).pluginReports
    }

    // MARK: - Events

    /// Handles one event. Handlers it runs may ask for navigation; that is
    /// applied once the event is handled.
    public func send(_ event: Event) {
        // Every entry point leaves the Lua stack as it found it.
        s.balancedInDebug("\(event)") {
            switch event {
            case .key(let key): handling { handleKey(key) }
            case .mouse(let mouse): handling { handleMouse(mouse) }
            case .paste(let text): handling { handlePaste(text) }
            case .resize(let cols, let rows): resize(Size(cols: cols, rows: rows))
            case .tick(let ms): advance(ms)
            }
        }
    }

    public func resize(_ size: Size) {
        let size = Size(cols: max(0, size.cols), rows: max(0, size.rows))
        let changed = size != options.size
        options.size = size
        invalidation.layout = true
        // The top screen's `onResize(w, h)`, as any handler (navigation it asks waits).
        if changed { handling { navigator.screenResized(size) } }
    }

    /// Tells the host that something outside an event (a test's `eval`) may
    /// have changed the script's tables.
    public func markChanged() {
        invalidation.layout = true
    }

    public func quit(_ code: Int32 = 0) {
        navigator.quit(code)
    }

    /// Set when the app asked to quit, with its exit code.
    public var quitCode: Int32? { navigator.quitCode }

    // MARK: - Time

    /// Milliseconds since the app started, on the host's clock.
    public var clock: Int { scheduler.clock }

    /// Milliseconds until the next timer is due, nil when none is scheduled.
    public var nextTimerDelay: Int? {
        // A toast going is a change of the frame, as a timer is.
        guard let expiry = toasts.nextExpiry else { return scheduler.nextTimerDelay }
        return min(scheduler.nextTimerDelay ?? Int.max, max(0, expiry - scheduler.clock))
    }

    /// Whether something shown changes with time alone (a spinner), so that
    /// the loop redraws while no timer is due.
    public var animating: Bool { compositor.animating }

    /// Moves the clock on by `ms`, running every timer that falls due in order
    /// (see `Scheduler.start`). `shouldYield` is asked between callbacks (the
    /// terminal has input or a signal): when it answers true, the timers
    /// still due wait for the next call; once the app quit, none runs.
    public func advance(_ ms: Int, realTime: Bool = false, shouldYield: () -> Bool = { false }) {
        // Time alone changes the frame only when a timer runs or something
        // animates. A spinner's frame is the host's clock, read from no table:
        // it is drawn again, nothing is read (a timer's writes are read alone).
        if compositor.animating { invalidation.drawing = true }
        var advance = scheduler.start(advancingBy: ms, realTime: realTime)
        while navigator.quitCode == nil, let then = scheduler.runNextTimer(&advance) {
            // One timer is one step: what it asked for is applied before the next runs.
            apply(then)
            settle()
            if shouldYield() { break }
        }
        scheduler.finish(advance)
        if toasts.expire(at: scheduler.clock) { invalidation.drawing = true }
    }

    // MARK: - Drawing

    var bounds: Rect { Rect(x: 0, y: 0, width: options.size.cols, height: options.size.rows) }

    /// The current frame, laid out and drawn if anything changed.
    public func render() -> FrameBuffer {
        s.balancedInDebug("render") {
            layoutIfNeeded()
            // A data source read for the frame is script code: navigation it asks for is applied after.
            // The palette keeps where its list is scrolled to as it is drawn.
            return handling {
                compositor.render(bounds: bounds, clock: scheduler.clock, footer: footerHints, palette: &palette, commands: commands)
            }
        }
    }

    /// Lays out if the tables may have changed; the focus handlers of moves
    /// made on the last layout run before it, those of the new one after.
    func layoutIfNeeded() {
        callFocusHandlers()
        handling { compositor.layoutIfNeeded(bounds: bounds) }
        submitPendingForms()
        callFocusHandlers()
    }

    /// `onBlur(component)` then `onFocus(component)` for each move of focus
    /// not yet told, by the anchors of the layout it was made on.
    func callFocusHandlers() {
        guard !navigator.focusChanges.isEmpty else { return }
        handling {
            while !navigator.focusChanges.isEmpty {
                let change = navigator.focusChanges.removeFirst()
                if let field = change.validate { dispatcher.revalidate(anchor: field) }
                if let blur = change.blur { dispatcher.call(anchor: blur, handler: "onBlur", [.component(blur)]) }
                if let focus = change.focus { dispatcher.call(anchor: focus, handler: "onFocus", [.component(focus)]) }
            }
        }
    }

    /// Places the cursor in every frame, for tests of the cursor's way to the
    /// terminal while no component places it yet.
    var testCursor: Point? {
        get { compositor.testCursor }
        set { compositor.testCursor = newValue }
    }

    /// Where the terminal cursor shows, 0-based, or nil while it is hidden: what
    /// the frame drawn now says (a focused text field places it at its caret).
    public var cursor: Point? { render().cursor }

    /// A blank frame with only the error banner, for a screen that did not load.
    public static func errorFrame(_ message: String, options: HostOptions) -> FrameBuffer {
        var frame = FrameBuffer(width: options.size.cols, height: options.size.rows)
        Compositor.drawBanner(message, into: &frame)
        return frame
    }

    // MARK: - Errors and logging

    /// Shows a toast (`ui.toast`).
    func showToast(_ text: String, kind: Toasts.Kind, duration: Int) {
        toasts.add(text, kind: kind, duration: duration, now: scheduler.clock)
        invalidation.drawing = true
    }

    /// The last `HostLimits.maxErrors` handler errors, as shown in the banner.
    public var errors: [String] { dispatcher.errors }
    /// How many handler errors there were, kept in `errors` or not.
    public var errorCount: Int { dispatcher.reportedCount }

    /// The likeliest cause of a script that returned nothing.
    static func forgotReturn(_ got: String) -> String {
        got == "nil" ? "; did you forget `return` before ui.screen?" : ""
    }

    /// What theme tokens look like: `--theme`, then the script's `ui.theme{…}`.
    /// Read when a frame is written; drawing only names tokens.
    public private(set) lazy var theme: Theme = options.theme

    /// A theme change repaints (the writer sees a new theme) without a new layout.
    func setTheme(_ theme: Theme) {
        self.theme = theme
        invalidation.drawing = true
    }
    var banner: String? { dispatcher.banner }

    /// Shows a message in the error banner (a reload that failed).
    public func showError(_ message: String) {
        dispatcher.report(message)
        invalidation.layout = true
    }

    func log(_ text: String) {
        options.log(text)
    }

    // MARK: - For tests: the layers of the last layout

    var layers: [Layer] { compositor.layers }
    var topLayer: Layer? { compositor.topLayer }
    var popup: Popup? { compositor.popup }

    /// Dismisses the sheet at `index` (0 is the bottom one), as `ui.dismiss` would.
    func dismissSheet(at index: Int) {
        handling { navigator.dismissSheet(at: index) }
    }
}
