import LuaBridge

/// The projects the user trusts (`uihost trust DIR`; docs/API.md, "Trusted projects"): a project's
/// `uihost.lua` grants its plugins capabilities only while its entry here
/// matches the project's files (`ProjectFingerprint`). Nothing a project
/// holds decides where the store is or what it says: its place comes from
/// the user's environment, entries are keyed by real paths, and only
/// `uihost trust` writes it (opening a project never does).
///
/// The file is plain text, one record a line (version 1):
///
///     # comments and blank lines are skipped
///     uihost-trust 1
///     project /home/me/proj
///     file 9f86d0…(64 hex digits) uihost.lua
///     file 3a7bd3…(64 hex digits) plugins/helper/plugin.lua
///
/// A `project` line starts an entry (the folder's real path); its `file`
/// lines follow (SHA-256, one space, the name relative to the project). In
/// paths and names `\` is written `\\`, bytes below 0x20 and 0x7F as `\xHH`,
/// and, in a path that is not UTF-8, every byte from 0x80 as `\xHH`: no name
/// can end a line or start a record. Lines of other kinds are skipped.
public struct TrustStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_STATE_HOME/uihost/trust`, else `$HOME/.local/state/uihost/trust`
    /// (a relative `XDG_STATE_HOME` is ignored, as the XDG spec says); nil
    /// when neither is set.
    public static func user(environment: (String) -> String?) -> TrustStore? {
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
            return TrustStore(path: FileSystem.join(state, "uihost/trust"))
        }
        if let home = environment("HOME"), home.hasPrefix("/") {
            return TrustStore(path: FileSystem.join(home, ".local/state/uihost/trust"))
        }
        return nil
    }

    static let header = "uihost-trust 1"

    public struct Failure: Error, Sendable {
        public let reason: String
    }

    // MARK: - Reading

    /// Every entry; none when the file is missing or unreadable (so nothing is trusted).
    public func entries() -> [ProjectFingerprint] {
        // A FIFO there would block the read.
        guard FileSystem.notRegularFile(path) == nil, let bytes = try? FileSystem.read(path) else { return [] }
        return TrustStore.parse(bytes) ?? []
    }

    /// Whether `fingerprint`'s project is trusted as it is now.
    public func trust(of fingerprint: ProjectFingerprint) -> ProjectTrust {
        guard let entry = entries().last(where: { $0.path == fingerprint.path }) else { return .untrusted }
        let changes = fingerprint.changes(since: entry)
        return changes.isEmpty ? .trusted : .changed(changes)
    }

    // MARK: - Writing

    /// Records `fingerprint`, replacing its project's entry; returns the
    /// entry it replaced.
    @discardableResult
    public func record(_ fingerprint: ProjectFingerprint) throws(Failure) -> ProjectFingerprint? {
        var entries = try entriesToRewrite()
        let previous = entries.last { $0.path == fingerprint.path }
        entries.removeAll { $0.path == fingerprint.path }
        entries.append(fingerprint)
        try write(entries)
        return previous
    }

    /// Removes the entry of the project at `projectPath` (a real path);
    /// false when there was none.
    @discardableResult
    public func revoke(_ projectPath: [UInt8]) throws(Failure) -> Bool {
        var entries = try entriesToRewrite()
        let count = entries.count
        entries.removeAll { $0.path == projectPath }
        guard entries.count != count else { return false }
        try write(entries)
        return true
    }

    /// The entries, or a failure when the file is there but is not one this
    /// version can rewrite without losing what it holds.
    private func entriesToRewrite() throws(Failure) -> [ProjectFingerprint] {
        guard FileSystem.exists(path) else { return [] }
        if let reason = FileSystem.notRegularFile(path) { throw Failure(reason: "cannot read \(path): \(reason)") }
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) } catch { throw Failure(reason: "cannot read \(path): \(error.reason)") }
        guard let entries = TrustStore.parse(bytes) else {
            throw Failure(reason: "\(path) is not a trust file this uihost can rewrite (it expects '\(TrustStore.header)')")
        }
        return entries
    }

    /// Replaces the file at once (a temporary file renamed over it), so that a
    /// reader never sees half of it.
    private func write(_ entries: [ProjectFingerprint]) throws(Failure) {
        FileSystem.makeDirectories(FileSystem.directory(of: path))
        do {
            try FileSystem.writeReplacing(path, TrustStore.format(entries))
        } catch {
            throw Failure(reason: "cannot write \(path): \(error.reason)")
        }
    }

    // MARK: - The format

    static func format(_ entries: [ProjectFingerprint]) -> String {
        var text = """
        # Projects trusted with `uihost trust DIR`: while a project's files hash as
        # recorded here, its uihost.lua may grant its plugins capabilities.
        # Written by uihost (`uihost trust --revoke DIR` removes one); see
        # "Trusted projects" in uihost's docs/API.md for the format.
        \(header)

        """
        for entry in entries {
            text += "\nproject " + escape(entry.path) + "\n"
            for file in entry.files { text += "file \(file.hash) " + escape(Array(file.name.utf8)) + "\n" }
        }
        return text
    }

    /// The entries of a trust file; nil when its header is missing or names
    /// another version. A line that does not read is skipped: a project with a
    /// file line lost no longer matches, so damage never trusts more.
    static func parse(_ bytes: [UInt8]) -> [ProjectFingerprint]? {
        var entries: [(path: [UInt8], files: [ProjectFingerprint.File])] = []
        var current: Int?
        var sawHeader = false
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            if line.first == UInt8(ascii: "#") { continue }
            if line.elementsEqual(header.utf8) {
                sawHeader = true
            } else if line.starts(with: "uihost-trust ".utf8) {
                return nil
            } else if line.starts(with: "project ".utf8) {
                current = nil
                if let path = unescape(line.dropFirst("project ".utf8.count)), path.first == UInt8(ascii: "/") {
                    entries.append((path, []))
                    current = entries.count - 1
                }
            } else if line.starts(with: "file ".utf8), let current {
                let rest = line.dropFirst("file ".utf8.count)
                let hash = rest.prefix(64)
                guard hash.count == 64, hash.allSatisfy(isHexDigit), rest.dropFirst(64).first == UInt8(ascii: " "),
                      let name = unescape(rest.dropFirst(65)), !name.isEmpty else { continue }
                entries[current].files.append(.init(name: String(decoding: name, as: UTF8.self), hash: String(decoding: hash, as: UTF8.self)))
            }
        }
        // No header: an empty file reads as no entries; anything else is not ours to read.
        guard sawHeader || entries.isEmpty else { return nil }
        return entries.map { ProjectFingerprint(path: $0.path, files: $0.files) }
    }

    private static func isHexDigit(_ b: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
    }

    private static func hexValue(_ b: UInt8) -> UInt8 {
        b <= UInt8(ascii: "9") ? b - UInt8(ascii: "0") : b - UInt8(ascii: "a") + 10
    }

    static func escape(_ bytes: [UInt8]) -> String {
        let utf8 = String(validating: bytes, as: UTF8.self) != nil
        var out: [UInt8] = []
        for b in bytes {
            if b == UInt8(ascii: "\\") {
                out += Array("\\\\".utf8)
            } else if b < 0x20 || b == 0x7F || (b >= 0x80 && !utf8) {
                let digits = Array("0123456789abcdef".utf8)
                out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(b >> 4)], digits[Int(b & 15)]]
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func unescape(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        var i = text.startIndex
        while i < text.endIndex {
            let b = text[i]
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                i += 1
                continue
            }
            let next = text.index(after: i)
            if next < text.endIndex, text[next] == UInt8(ascii: "\\") {
                out.append(b)
                i += 2
            } else if next < text.endIndex, text[next] == UInt8(ascii: "x"), text.endIndex - next > 2,
                      isHexDigit(text[next + 1]), isHexDigit(text[next + 2]) {
                out.append(hexValue(text[next + 1]) << 4 | hexValue(text[next + 2]))
                i += 4
            } else {
                return nil
            }
        }
        return out
    }
}
