import UIHostCore

extension ScriptHost {
    /// How a host runs its screens: frame size, look, sandbox, limits, plugins.
    /// The defaults are those of `uihost SCREEN`.
    public struct Options: Sendable {
        /// The frame's size headless (on a terminal, the terminal's size).
        public var columns = 80
        public var rows = 24
        /// ASCII glyphs instead of box-drawing characters.
        public var ascii = false
        /// Colour: on the terminal, to the depth it declares (none under
        /// `NO_COLOR` or `TERM=dumb`); headless, in `ScriptApp.render`'s
        /// `ansi`, `svg` and `html` (false: plain text and a monochrome picture).
        public var color = true
        /// Links write their URL after their title, for output that cannot
        /// show a link. nil: on the terminal when it shows no colour; headless, yes.
        public var linkURLs: Bool?
        /// The theme by name: `dark`, `light` or `mono` (`ScriptHost.themes`).
        public var theme = "dark"
        /// Mouse reporting on the terminal.
        public var mouse = true
        /// On the terminal: reload the screen when one of its files changes,
        /// keeping the navigation; a broken edit shows in the banner.
        public var watch = false
        /// On the terminal: when it has no size yet, `run` loads the screen and
        /// then waits for one before it takes the terminal (a spare of
        /// `uihost serve`, started before its tab, on a terminal of 0×0); it
        /// loads the screen again if one of its files changed meanwhile.
        public var waitsForSize = false
        /// Instructions one call into the script (a handler, a timer) may run; nil is unlimited.
        public var maxInstructions: Int64? = ScriptLimits.defaults.maxInstructions
        /// CPU seconds one call may use; 0 is unlimited.
        public var maxSeconds: Double = ScriptLimits.defaults.maxSeconds
        /// Bytes the scripts may allocate; 0 is unlimited.
        public var maxMemory: Int = ScriptLimits.defaults.maxMemory
        /// The sandbox: `io` and `os` are closed unless allowed; `allowAll`
        /// opens the full standard library (`uihost --allow all`).
        public var allowIO = false
        public var allowOS = false
        public var allowAll = false
        /// `fs`: files of the project and of `allowedPaths` (`uihost --allow fs`).
        public var allowFS = false
        /// Folders `fs` reaches besides the project, for the screen and for
        /// plugins granted `fs` (`--allow-path DIR`).
        public var allowedPaths: [String] = []
        /// The screen's `ui.args` (`uihost SCREEN -- a b`).
        public var arguments: [String] = []
        /// The variables `ui.env` reads, by name (`--env NAME`); a name with a
        /// nil value is given but unset. No other variable is visible.
        public var environment: [String: String?] = [:]
        /// Folders of plugins to load.
        public var plugins: [String] = []
        /// What each plugin is granted: `["notes": ["io"]]`.
        public var grants: [String: [String]] = [:]
        /// Limits of every call into a plugin (loading, `setup`, commands,
        /// timers, coroutines, handlers of its screens, its exposed
        /// functions); nil: the screen's limits. `maxMemory` is not used: memory
        /// is one limit for the whole app.
        public var pluginLimits: ScriptLimits?
        /// The file of trusted projects (`uihost trust`): the `grant` of a
        /// project's `uihost.lua` is given only when the project is trusted
        /// there as it is now. nil: no project's grant is given, whatever it
        /// says (restricted mode); `grants` always are.
        public var trustStore: String?
        /// Where a one-line notice about opening a screen's project goes (its
        /// `grant` not given, and how to trust it); nil: to `log`. `run` gives
        /// it before the screen takes the terminal; a `watch` reload's goes to `log`.
        public var notice: (@Sendable (String) -> Void)?
        /// The bounds on a value passed to or returned by a Swift function.
        public var valueLimits = ValueLimits.defaults
        /// Where images are found; nil: the Assets folder of the screen's project.
        public var assetsDirectory: String?
        /// Where `print`, `ui.log` and handler tracebacks go.
        public var log: @Sendable (String) -> Void = { _ in }

        public init() {}
    }

    /// The names of the built-in themes, for `Options.theme`.
    public static var themes: [String] { Theme.builtIn.map(\.name) }
}
