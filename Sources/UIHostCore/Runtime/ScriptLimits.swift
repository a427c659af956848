/// The limits of each call into a script (docs/API.md, "Limits"). The
/// defaults are written here once; the command line, the host and the test
/// runner all start from them.
public struct ScriptLimits: Equatable, Sendable {
    /// Instructions per call from the host; nil is unlimited.
    public var maxInstructions: Int64?
    /// CPU seconds per call, the backstop for work inside library functions
    /// that the instruction count does not see; 0 is unlimited.
    public var maxSeconds: Double
    /// Bytes the scripts may allocate; 0 is unlimited.
    public var maxMemory: Int

    public init(maxInstructions: Int64? = 100_000_000, maxSeconds: Double = 5, maxMemory: Int = 256 << 20) {
        self.maxInstructions = maxInstructions
        self.maxSeconds = maxSeconds
        self.maxMemory = maxMemory
    }

    public static let defaults = ScriptLimits()
}
