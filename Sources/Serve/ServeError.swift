/// Why the server could not start: a port taken, a bad token file, a missing package.
public struct ServeError: Error, CustomStringConvertible {
    public var message: String

    public init(message: String) { self.message = message }

    public var description: String { message }
}
