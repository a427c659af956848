import UIHostCore

extension ScriptHost {
    /// How a host runs its screens: frame size, sandbox, limits, plugins.
    /// The defaults are those of `uihost SCREEN`.
    public struct Options: Sendable {
        /// The frame's size headless (on a terminal, the terminal's size).
        public var columns = 80
        public var rows = 24
        /// ASCII glyphs instead of box-drawing characters.
        public var ascii = false
        /// Colour on the terminal, to the depth it declares.
        public var color = true
        /// Mouse reporting on the terminal.
        public var mouse = true
        /// Instructions one call into the script (a handler, a timer) may run; nil is unlimited.
        public var maxInstructions: Int64? = ScriptLimits.defaults.maxInstructions
        /// CPU seconds one call may use; 0 is unlimited.
        public var maxSeconds: Double = ScriptLimits.defaults.maxSeconds
        /// Bytes the scripts may allocate; 0 is unlimited.
        public var maxMemory: Int = ScriptLimits.defaults.maxMemory
        /// The sandbox: `io` and `os` are closed unless allowed.
        public var allowIO = false
        public var allowOS = false
        /// Folders of plugins to load.
        public var plugins: [String] = []
        /// What each plugin is granted: `["notes": ["io"]]`.
        public var grants: [String: [String]] = [:]
        /// The bounds on a value passed to or returned by a Swift function.
        public var valueLimits = ValueLimits.defaults
        /// Where images are found; nil: the Assets folder of the screen's project.
        public var assetsDirectory: String?
        /// Where `print`, `ui.log` and handler tracebacks go.
        public var log: @Sendable (String) -> Void = { _ in }

        public init() {}
    }
}
