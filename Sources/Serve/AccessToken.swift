import CWebSockets
import Glibc

/// The secret of a server's URL: 32 random bytes, base64url without padding
/// (43 characters). Every request must carry it as the first part of its path,
/// so that a page of another site, or another user of the machine, that can
/// reach the port still cannot open a session (Jupyter's token, for the same reason).
public struct AccessToken: Equatable, Sendable {
    public let text: String

    /// Fewer characters than 32 bytes give would make it guessable.
    public static let minimumLength = 43

    /// A new token from the kernel's random source.
    public static func random() throws(ServeError) -> AccessToken {
        var bytes = [UInt8](repeating: 0, count: 32)
        let n = bytes.withUnsafeMutableBytes { getrandom($0.baseAddress, $0.count, 0) }
        guard n == 32 else { throw ServeError(message: "cannot make a token: no random bytes from the kernel") }
        return AccessToken(unchecked: Base64URL.encode(bytes))
    }

    /// A token given by the user (`--token-file`, shared by the servers behind
    /// one proxy): URL-safe characters only, and at least as long as ours.
    public init(_ text: String) throws(ServeError) {
        let trimmed = String(text.filter { !$0.isWhitespace })
        guard trimmed.utf8.count >= AccessToken.minimumLength else {
            throw ServeError(message: "a token needs at least \(AccessToken.minimumLength) characters (32 random bytes in base64url)")
        }
        guard trimmed.utf8.allSatisfy(Base64URL.isAlphabet) else {
            throw ServeError(message: "a token holds only the characters A-Z a-z 0-9 - _")
        }
        self.text = trimmed
    }

    private init(unchecked text: String) { self.text = text }

    /// Compares in time that depends on the length only, not on where the
    /// first difference is, so that timing does not reveal the token piece by piece.
    public func matches<S: Collection>(_ candidate: S) -> Bool where S.Element == UInt8 {
        let mine = Array(text.utf8)
        guard candidate.count == mine.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(mine, candidate) { difference |= a ^ b }
        return difference == 0
    }
}

/// RFC 4648 §5: the alphabet that needs no escaping in a URL's path.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func isAlphabet(_ byte: UInt8) -> Bool { alphabet.contains(byte) }

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let chunk = Array(bytes[i..<min(i + 3, bytes.count)])
            let b0 = chunk[0], b1 = chunk.count > 1 ? chunk[1] : 0, b2 = chunk.count > 2 ? chunk[2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 3) << 4 | b1 >> 4)])
            if chunk.count > 1 { out.append(alphabet[Int((b1 & 15) << 2 | b2 >> 6)]) }
            if chunk.count > 2 { out.append(alphabet[Int(b2 & 63)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
