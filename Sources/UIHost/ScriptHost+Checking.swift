import LuaBridge
import UIHostCore

extension ScriptHost {
    /// Loads `screen` headless to find every problem in it, without running
    /// any plugin's code with a capability (`uihost check`): each problem a
    /// line, `file:line: message`, in source order; empty when there is none.
    /// A screen that does not load gives its one error. Constructors record
    /// every bad field and go on instead of stopping at the first; problems
    /// found while drawing are given only when construction found none (they
    /// would repeat the same fields).
    public func check(_ screen: String) -> [String] {
        do throws(ScriptHostError) {
            var o = try hostOptions(for: screen)
            o.collectValidationProblems = true
            o.runsPlugins = false
            o.log = { _ in }
            o.notice = nil
            let host = try makeHost(screen, options: o)
            _ = host.render()
            guard !host.validationProblems.isEmpty else { return host.errors }
            return host.validationProblems.enumerated().sorted { lineKey($0) < lineKey($1) }.map(\.element)
        } catch {
            return [error.message]
        }
    }

    /// Sorts `file:line: …` messages by line, keeping the order of equals.
    private func lineKey(_ entry: (offset: Int, element: String)) -> (Int, Int) {
        let parts = entry.element.split(separator: ":", maxSplits: 2)
        return (parts.count > 1 ? Int(parts[1]) ?? 0 : 0, entry.offset)
    }

    /// Reads the plugins of `options.plugins` without running them (`uihost
    /// plugins`): each manifest checked against `grants`, no `setup`, no
    /// project's `uihost.lua`. One report per plugin folder found.
    public func inspectPlugins() throws(ScriptHostError) -> [PluginReport] {
        var o = try hostOptions(for: ".")
        o.readsProjectConfig = false
        o.trustStore = nil
        o.log = { _ in }
        do {
            return try Host.inspectPlugins(options: o).map(PluginReport.init)
        } catch {
            throw ScriptHostError(message: error.message, traceback: error.traceback)
        }
    }

    /// What `inspectPlugins` found of one plugin.
    public struct PluginReport: Sendable, Equatable {
        public var name: String
        public var directory: String
        public var version: String?
        /// The capabilities its manifest asks for, and those of them granted.
        public var permissions: [String]
        public var granted: [String]
        /// Why it would not load; empty when it would.
        public var problems: [String]
        public var loaded: Bool { problems.isEmpty }

        init(_ r: UIHostCore.PluginReport) {
            name = r.name
            directory = r.directory
            version = r.version
            permissions = r.permissions
            granted = r.granted
            problems = r.problems
        }
    }
}
