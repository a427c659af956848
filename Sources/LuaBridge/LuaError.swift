import CLuaShim

/// What can go wrong when the host runs Lua code. One place (the CLI's
/// `ErrorReport`) turns these into the text and exit code people see.
public enum LuaError: Error, Equatable, Sendable {
    /// The chunk did not compile; `message` starts with `file:line:`.
    case syntax(message: String)
    /// A runtime error; `message` usually starts with `file:line:`.
    case runtime(message: String, traceback: String)
    /// The instruction budget of one call ran out.
    case instructionBudget(message: String, traceback: String)
    /// One call used more CPU time than its limit (work in library functions).
    case timeLimit(message: String, traceback: String)
    /// An allocation went past the memory limit.
    case memoryLimit(message: String)
    /// A file could not be read.
    case file(path: String, reason: String)

    /// The bytes of a message (and of its traceback) kept: what the log
    /// keeps of it. A script can raise an error as long as its memory allows;
    /// the message handler cuts it already (`UIH_MAX_MESSAGE_BYTES`), and
    /// messages that do not pass through it (syntax errors, coroutines) are
    /// cut when read.
    public static let maxMessageBytes = Int(UIH_MAX_MESSAGE_BYTES)

    /// Whether a limit stopped the call (instructions, CPU time or memory).
    public var isLimit: Bool {
        switch self {
        case .instructionBudget, .timeLimit, .memoryLimit: return true
        case .syntax, .runtime, .file: return false
        }
    }

    /// The one-line message, without the traceback.
    public var message: String {
        switch self {
        case .syntax(let m), .runtime(let m, _), .instructionBudget(let m, _), .timeLimit(let m, _), .memoryLimit(let m):
            return m
        case .file(let path, let reason):
            return "cannot open \(path): \(reason)"
        }
    }

    /// The same error with its message placed in `file` when it names no
    /// place of its own (`file:line:`): an error table, a memory or C-stack
    /// limit. A message that names a place, even in another file, is kept.
    public func located(in file: String) -> LuaError {
        let m = message
        if let colon = m.firstIndex(of: ":"), !m[..<colon].contains("\n") {
            let digits = m[m.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, m[m.index(after: colon)...].dropFirst(digits.count).first == ":" { return self }
        }
        if m.hasPrefix(file + ":") { return self }
        switch self {
        case .syntax: return .syntax(message: "\(file): \(m)")
        case .runtime(_, let t): return .runtime(message: "\(file): \(m)", traceback: t)
        case .instructionBudget(_, let t): return .instructionBudget(message: "\(file): \(m)", traceback: t)
        case .timeLimit(_, let t): return .timeLimit(message: "\(file): \(m)", traceback: t)
        case .memoryLimit: return .memoryLimit(message: "\(file): \(m)")
        case .file: return self
        }
    }

    public var traceback: String {
        switch self {
        case .runtime(_, let t), .instructionBudget(_, let t), .timeLimit(_, let t): return t
        default: return ""
        }
    }
}
