import LuaBridge

/// What the sandbox lets a script use beyond the default (docs/API.md, "The sandbox").
public enum Capability: String, Sendable, CaseIterable {
    /// `fs` is the file system confined to the project (or a plugin's folder)
    /// and `--allow-path` folders: `fs.list`, `read`, `write`, `stat`, `exists`.
    case io, os, fs, all
}

/// How a host runs a screen: frame size, glyphs, sandbox and limits, and where
/// its log goes.
public struct HostOptions: Sendable {
    public var size: Size
    public var glyphs: Glyphs
    public var assetsDirectory: String
    public var allow: Set<Capability>
    public var limits: ScriptLimits
    public var maxInstructions: Int64? {
        get { limits.maxInstructions }
        set { limits.maxInstructions = newValue }
    }
    public var maxSeconds: Double {
        get { limits.maxSeconds }
        set { limits.maxSeconds = newValue }
    }
    public var maxMemory: Int {
        get { limits.maxMemory }
        set { limits.maxMemory = newValue }
    }
    /// Where `print`, `ui.log` and tracebacks go.
    public var log: @Sendable (String) -> Void
    /// `uihost check`: constructors record every problem (in `Host.validationProblems`)
    /// and go on, instead of raising the first.
    public var collectValidationProblems = false
    /// Folders of plugins to load (`--plugins DIR`), before those the
    /// project's `uihost.lua` names.
    public var pluginDirectories: [String] = []
    /// What the user granted each plugin (`--grant NAME=io,os`).
    public var grants: PluginGrants = [:]
    /// The limits of each call into a plugin (its `setup`, a command); nil: `limits`.
    public var pluginLimits: ScriptLimits?
    /// Whether a `uihost.lua` beside the screen is read (plugins, grants, options).
    public var readsProjectConfig = true
    /// Where the user's trusted projects are recorded (`uihost trust`): the
    /// `grant` of a project's `uihost.lua` is given only when the project is
    /// trusted there as it is now. nil: no project's grant is given (restricted
    /// mode); `grants` still are.
    public var trustStore: TrustStore?
    /// false: plugins' manifests are read and checked without running any of
    /// their code with a capability, no `setup` runs and nothing is granted (`uihost check`).
    public var runsPlugins = true
    /// Where a one-line notice about opening the project goes (its grant not
    /// given, and how to trust it); nil: to `log`.
    public var notice: (@Sendable (String) -> Void)?
    /// The Swift modules of an embedding app: pushes a new table for module
    /// `name` and returns true, or returns false when there is none. `require`
    /// asks it before looking for files (docs/EMBEDDING.md).
    public var nativeModules: (@Sendable (LuaStack, String) -> Bool)?
    /// The theme tokens resolve through (`--theme`); a script's `ui.theme{…}` changes `Host.theme`.
    public var theme: Theme = .dark
    /// Whether a frame after writes the host made itself (a cursor move) reads
    /// again only the components it wrote (docs/PERFORMANCE.md, "Per-key cost
    /// against the screen's size"); false reads the whole tree every time, as
    /// the tests that compare the two do. Off under `--allow all`, where a
    /// finalizer (`__gc`) may run script code at any allocation.
    public var readsOnlyChanges = true
    /// `uihost test --coverage`: counts the lines the script runs.
    public var coverage: LuaCoverage?
    /// The screen's arguments (`uihost SCREEN -- a b`): `ui.args`.
    public var arguments: [String] = []
    /// The environment variables the screen may read with `ui.env` (`--env
    /// NAME`), with their values; a name given but unset maps to nil.
    public var environment: [String: String?] = [:]
    /// Folders `fs` may reach besides the project (`--allow-path DIR`), for the
    /// screen and for plugins granted `fs`.
    public var allowedPaths: [String] = []

    public init(size: Size = Size(cols: 80, rows: 24), glyphs: Glyphs = .unicode, assetsDirectory: String = "Assets",
                allow: Set<Capability> = [], maxInstructions: Int64? = ScriptLimits.defaults.maxInstructions,
                maxMemory: Int = ScriptLimits.defaults.maxMemory,
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.size = size
        self.glyphs = glyphs
        self.assetsDirectory = assetsDirectory
        self.allow = allow
        limits = ScriptLimits(maxInstructions: maxInstructions, maxMemory: maxMemory)
        self.log = log
    }
}
