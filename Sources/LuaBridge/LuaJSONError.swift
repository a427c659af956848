/// Why a document cannot be decoded or a value encoded: the message, without
/// the function's name (the caller adds it).
public struct LuaJSONError: Error, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}
