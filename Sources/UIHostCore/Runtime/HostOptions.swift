/// What the sandbox lets a script use beyond the default (SPEC §7).
public enum Capability: String, Sendable, CaseIterable {
    case io, os, all
}

/// How a host runs a screen: frame size, glyphs, sandbox and limits, and where
/// its log goes.
public struct HostOptions: Sendable {
    public var size: Size
    public var glyphs: Glyphs
    public var assetsDirectory: String
    public var allow: Set<Capability>
    /// Per handler call; nil is unlimited.
    public var maxInstructions: Int64?
    /// CPU seconds per handler call, the backstop for work inside library
    /// functions that the instruction count does not see; 0 is unlimited.
    public var maxSeconds: Double = 5
    /// Bytes; 0 is unlimited.
    public var maxMemory: Int
    /// Where `print`, `ui.log` and tracebacks go.
    public var log: @Sendable (String) -> Void
    /// `uihost check`: constructors record every problem (in `Host.validationProblems`)
    /// and go on, instead of raising the first.
    public var collectValidationProblems = false

    public init(size: Size = Size(cols: 80, rows: 24), glyphs: Glyphs = .unicode, assetsDirectory: String = "Assets",
                allow: Set<Capability> = [], maxInstructions: Int64? = 100_000_000, maxMemory: Int = 256 << 20,
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.size = size
        self.glyphs = glyphs
        self.assetsDirectory = assetsDirectory
        self.allow = allow
        self.maxInstructions = maxInstructions
        self.maxMemory = maxMemory
        self.log = log
    }
}
