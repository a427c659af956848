import Glibc
import LuaBridge

/// What trusting a project covers (docs/API.md, "Trusted projects"): the project's folder with every
/// symlink resolved, and the SHA-256 of its `uihost.lua` and of the
/// `plugin.lua` of each plugin folder in the folders that file names. Any
/// change to them (a file edited, added or gone) needs trust again, as
/// direnv's `allow` does for an `.envrc`.
public struct ProjectFingerprint: Equatable, Sendable {
    public struct File: Equatable, Sendable {
        /// Relative to the project's folder, as the config names it:
        /// `uihost.lua`, `plugins/clock/plugin.lua`.
        public let name: String
        /// SHA-256, lowercase hex.
        public let hash: String

        public init(name: String, hash: String) {
            self.name = name
            self.hash = hash
        }
    }

    /// The real path as bytes: a path need not be UTF-8, and two folders
    /// must not become one project by being shown alike.
    public let path: [UInt8]
    public let files: [File]

    public init(path: [UInt8], files: [File]) {
        self.path = path
        self.files = files
    }

    /// The path to show (invalid UTF-8 as U+FFFD).
    public var displayPath: String { String(decoding: path, as: UTF8.self) }

    /// The fingerprint of the project in `directory` whose `uihost.lua` is
    /// `config`; nil when the folder's real path cannot be found.
    init?(project directory: String, config: ProjectConfigFile) {
        guard let path = ProjectFingerprint.realPath(directory) else { return nil }
        var files = [File(name: Host.configName, hash: SHA256.hex(config.bytes))]
        var seen: Set<String> = []
        // The plugin folders the loader will try, in its order. A manifest
        // missing or unreadable now cannot load now; its appearing later is a change.
        for configured in config.directories where seen.insert(configured).inserted {
            let directory = FileSystem.join(directory, configured)
            for folder in FileSystem.list(directory) where !folder.hasPrefix(".") {
                let manifest = FileSystem.join(FileSystem.join(directory, folder), "plugin.lua")
                guard FileSystem.exists(manifest), FileSystem.notRegularFile(manifest) == nil,
                      let bytes = try? FileSystem.read(manifest) else { continue }
                files.append(File(name: FileSystem.join(FileSystem.join(configured, folder), "plugin.lua"), hash: SHA256.hex(bytes)))
            }
        }
        self.init(path: path, files: files)
    }

    /// Reads `directory`'s `uihost.lua` in a Lua state of its own (as data,
    /// as the host does) and takes the fingerprint: what `uihost trust`
    /// records. Also what the file grants, for the user to see.
    public static func read(project directory: String) throws(LuaError) -> (fingerprint: ProjectFingerprint, grant: PluginGrants) {
        let lua = LuaState(memoryLimit: 64 << 20, instructionBudget: ProjectConfigFile.instructionBudget)
        let config = try ProjectConfigFile.load(FileSystem.join(directory, Host.configName), in: lua)
        lua.stack.pop()
        guard let fingerprint = ProjectFingerprint(project: directory, config: config) else {
            throw LuaError.file(path: directory, reason: "its real path cannot be found")
        }
        return (fingerprint, config.grant)
    }

    /// What changed since `old` was recorded, one phrase a file: `uihost.lua
    /// changed`, `plugins/x/plugin.lua is new`, `… is gone`. Empty: the same.
    public func changes(since old: ProjectFingerprint) -> [String] {
        var before: [String: String] = [:]
        for file in old.files { before[file.name] = file.hash }
        let now = Set(files.map(\.name))
        var changes: [String] = []
        for file in files {
            switch before[file.name] {
            case nil: changes.append("\(file.name) is new")
            case let hash? where hash != file.hash: changes.append("\(file.name) changed")
            default: break
            }
        }
        for file in old.files where !now.contains(file.name) { changes.append("\(file.name) is gone") }
        return changes
    }

    /// `realpath(3)` as bytes, nil when the path does not exist.
    public static func realPath(_ path: String) -> [UInt8]? {
        guard !path.utf8.contains(0), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return resolved.withMemoryRebound(to: UInt8.self, capacity: strlen(resolved)) {
            Array(UnsafeBufferPointer(start: $0, count: strlen(resolved)))
        }
    }
}

/// Whether the user trusts a project as it is now.
public enum ProjectTrust: Equatable, Sendable {
    case trusted
    /// Never trusted, or the trust was revoked.
    case untrusted
    /// Trusted once; these files changed since (`ProjectFingerprint.changes`).
    case changed([String])

    /// The one line a host gives when a project's grant is not given:
    /// what was withheld, why, and the command that trusts the project.
    static func notice(config: String, withheld: PluginGrants, trust: ProjectTrust, project: String, canTrust: Bool) -> String {
        var text = "restricted mode: \(config) grants " + describe(withheld) + ", which is not given: "
        if case .changed(let changes) = trust {
            let shown = changes.prefix(4).joined(separator: ", ")
            text += "the project changed since you trusted it (" + shown + (changes.count > 4 ? " and \(changes.count - 4) more" : "") + ")"
            if canTrust { text += "; if the changes are yours: uihost trust " + shellWord(project) }
        } else {
            text += "the project is not trusted"
            if canTrust { text += "; to trust it: uihost trust " + shellWord(project) }
        }
        return text
    }

    /// `helper (io, os) and notes (io)`, or `nothing`.
    public static func describe(_ grant: PluginGrants) -> String {
        let parts = grant.keys.sorted().map { name in
            "\(name) (" + grant[name, default: []].map(\.rawValue).sorted().joined(separator: ", ") + ")"
        }
        if parts.isEmpty { return "nothing" }
        return parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }

    /// `word` as the shell reads it back: quoted unless it is plain.
    static func shellWord(_ word: String) -> String {
        // A folder named like an option would be read as one.
        if word.hasPrefix("-") { return shellWord("./" + word) }
        let plain = !word.isEmpty && word.utf8.allSatisfy { plainBytes.contains($0) }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// Bytes a shell word may hold unquoted.
    private static let plainBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+:@%,=".utf8)
}
