import LuaBridge
import UIHostCore

/// `uihost trust [DIR]`, `uihost trust --list`, `uihost trust --revoke [DIR]`
/// (docs/API.md, "Trusted projects"): the only writer of the trust store.
enum Trust {
    /// The user's store: where opening a project looks and `trust` writes.
    static var userStore: TrustStore? { TrustStore.user(environment: environment) }

    static func run(_ directory: String?, _ args: Arguments) throws(CommandExit) -> Int32 {
        guard let store = userStore else {
            throw .usage("trust: no folder to keep the trust in: set XDG_STATE_HOME or HOME")
        }
        if args.listTrusted { return list(store) }
        // A screen (or the uihost.lua) stands for the folder it is in.
        var folder = directory ?? "."
        if FileSystem.exists(folder) && !FileSystem.isDirectory(folder) { folder = FileSystem.directory(of: folder) }
        return args.revoke ? revoke(folder, store) : try trust(folder, store)
    }

    /// Records the project as it is now and says what its grant gives.
    static func trust(_ folder: String, _ store: TrustStore) throws(CommandExit) -> Int32 {
        guard FileSystem.isDirectory(folder) else { throw .usage("trust: cannot open \(folder): No such file or directory") }
        guard FileSystem.exists(FileSystem.join(folder, Host.configName)) else {
            throw .usage("trust: \(folder) has no \(Host.configName), so there is nothing to trust (a project grants its plugins capabilities there)")
        }
        let project: (fingerprint: ProjectFingerprint, grant: PluginGrants)
        do {
            project = try ProjectFingerprint.read(project: folder)
        } catch {
            standardError("uihost: " + error.message)
            return 3
        }
        let previous: ProjectFingerprint?
        do {
            previous = try store.record(project.fingerprint)
        } catch {
            standardError("uihost: trust: " + error.reason)
            return 1
        }
        let path = project.fingerprint.displayPath
        standardOutput("trusted \(path)")
        standardOutput("  its \(Host.configName) grants " + ProjectTrust.describe(project.grant))
        if let previous {
            let changes = project.fingerprint.changes(since: previous)
            if !changes.isEmpty { standardOutput("  changed since you last trusted it: " + changes.joined(separator: ", ")) }
        }
        standardOutput("  recorded in \(store.path); uihost trust --revoke \(path) undoes it")
        return 0
    }

    /// Forgets the project; a folder that is gone is named by its path.
    static func revoke(_ folder: String, _ store: TrustStore) -> Int32 {
        let path = ProjectFingerprint.realPath(folder) ?? Array(FileSystem.lexicalPath(folder).utf8)
        let shown = String(decoding: path, as: UTF8.self)
        do {
            standardOutput(try store.revoke(path) ? "revoked \(shown)" : "\(shown) was not trusted")
        } catch {
            standardError("uihost: trust: " + error.reason)
            return 1
        }
        return 0
    }

    /// Each trusted project and whether it is still as trusted.
    static func list(_ store: TrustStore) -> Int32 {
        let entries = store.entries()
        if entries.isEmpty { standardOutput("no trusted projects (uihost trust DIR trusts one)") }
        for entry in entries {
            let path = entry.displayPath
            let state: String
            if !FileSystem.isDirectory(path) {
                state = "gone"
            } else {
                do {
                    let changes = try ProjectFingerprint.read(project: path).fingerprint.changes(since: entry)
                    state = changes.isEmpty ? "trusted" : "changed (\(changes.joined(separator: ", "))): restricted until trusted again"
                } catch {
                    state = "restricted: " + error.message
                }
            }
            standardOutput("\(path)  \(state)")
        }
        return 0
    }
}
