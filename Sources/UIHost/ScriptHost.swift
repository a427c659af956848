import Glibc
import LuaBridge
import TerminalIO
import UIHostCore

/// A host for screen scripts inside a Swift app (docs/EMBEDDING.md): the app
/// registers modules of Swift functions and values, then runs a screen on the
/// terminal (`run`) or headless (`open`), with the same sandbox and limits as
/// `uihost SCREEN`.
///
///     let host = ScriptHost()
///     host.module("weather") { m in
///         m.function("forecast") { (city: String) -> [String: Double] in … }
///         m.value("version", "1.0")
///     }
///     let code = try host.run("weather.lua")
public final class ScriptHost {
    public var options: Options
    private let modules = ModuleSet()

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Registers (or replaces) module `name`, which scripts and plugins reach
    /// with `require "name"`.
    public func module(_ name: String, _ build: (ScriptModule) -> Void) {
        let module = ScriptModule(name: name, limits: options.valueLimits)
        build(module)
        modules.add(module)
    }

    /// Loads `screen` headless: render frames, send keys, read the tree.
    public func open(_ screen: String) throws(ScriptHostError) -> ScriptApp {
        var hostOptions = try hostOptions(for: screen)
        hostOptions.glyphs.urlsInText = options.linkURLs ?? true
        return ScriptApp(host: try makeHost(screen, options: hostOptions), color: options.color)
    }

    /// Runs `screen` on the terminal (the process's standard input and
    /// output) until it quits; returns its exit status. The terminal is
    /// restored on every way out. `finished`, when given, sees the app as it
    /// ended (its `errors`, its `quitCode`) once the terminal is restored;
    /// with `watch`, the app as first loaded, not one a reload made.
    public func run(_ screen: String, finished: ((ScriptApp) -> Void)? = nil) throws(ScriptHostError) -> Int32 {
        guard Terminal.isTerminal(0) && Terminal.isTerminal(1) else {
            throw ScriptHostError(message: "run: standard input and output must be a terminal (open the screen headless instead)")
        }
        let terminal = Terminal(mouse: options.mouse)
        var hostOptions = try hostOptions(for: screen)
        if let size = terminal.size() { hostOptions.size = size }
        let depth = options.color ? ColorDepth.of(environment: { getenv($0).map { String(cString: $0) } }) : nil
        hostOptions.glyphs.urlsInText = options.linkURLs ?? (depth == nil)
        var host = try makeHost(screen, options: hostOptions)
        if options.waitsForSize && terminal.size() == nil {
            // Loaded ahead of its tab: the first frame is drawn at the size the
            // tab brings, and from the files as they are then (an edit made
            // while it waited is what the tab's user expects to see).
            let loaded = FileWatcher(files: host.loadedFiles)
            terminal.waitForSize()
            if loaded.differs() { host = try makeHost(screen, options: hostOptions) }
        }
        // Once the screen has the terminal, a notice written out would tear its frame.
        hostOptions.notice = options.log
        let reload: (() throws -> Host)? = options.watch ? { [hostOptions] in try Host(script: screen, options: hostOptions) } : nil
        let code = EventLoop(host: host, terminal: terminal, depth: depth, reload: reload).run()
        finished?(ScriptApp(host: host, color: depth != nil))
        return code
    }

    /// The frame a screen that did not load shows: blank but for the error
    /// banner, at the headless size (what `uihost render` prints then).
    public func errorFrame(_ error: ScriptHostError) -> String {
        Host.errorFrame(error.message, options: HostOptions(size: Size(cols: options.columns, rows: options.rows))).text
    }

    // MARK: - Set-up

    /// A core host for `screen` with `options` (made by `hostOptions(for:)`):
    /// what `open`, `run` and the package's own tools (`uihost record`,
    /// `fuzz`, which drive the host below the library) start from.
    package func makeHost(_ screen: String, options: HostOptions) throws(ScriptHostError) -> Host {
        if let problem = modules.problems.first { throw ScriptHostError(message: problem) }
        guard FileSystem.exists(screen) else { throw ScriptHostError(message: "cannot open \(screen): No such file or directory") }
        do {
            return try Host(script: screen, options: options)
        } catch {
            throw ScriptHostError(message: error.message, traceback: error.traceback)
        }
    }

    /// The core host's options for `screen`, from `options`: the one place
    /// the library's options become the core's.
    package func hostOptions(for screen: String) throws(ScriptHostError) -> HostOptions {
        guard let theme = Theme.named(options.theme) else {
            throw ScriptHostError(message: "unknown theme '\(options.theme)' (expected " + ScriptHost.themes.joined(separator: ", ") + ")")
        }
        var allow: Set<Capability> = []
        if options.allowIO { allow.insert(.io) }
        if options.allowOS { allow.insert(.os) }
        if options.allowAll { allow.insert(.all) }
        if options.allowFS { allow.insert(.fs) }
        var o = HostOptions(size: Size(cols: options.columns, rows: options.rows), glyphs: options.ascii ? .ascii : .unicode,
                            assetsDirectory: options.assetsDirectory ?? ProjectPaths.assetsFolder(forScreen: screen) ?? "Assets",
                            allow: allow, log: options.log)
        o.theme = theme
        o.limits = ScriptLimits(maxInstructions: options.maxInstructions, maxSeconds: options.maxSeconds, maxMemory: options.maxMemory)
        o.pluginDirectories = options.plugins
        if !options.grants.isEmpty { o.grants = Self.grants(options.grants) }
        o.arguments = options.arguments
        o.environment = options.environment
        o.allowedPaths = options.allowedPaths
        o.pluginLimits = options.pluginLimits
        o.trustStore = options.trustStore.map(TrustStore.init(path:))
        o.notice = options.notice
        if !modules.isEmpty {
            let modules = self.modules
            o.nativeModules = { stack, name in modules.push(name, onto: stack) }
        }
        return o
    }
}

extension ScriptHost {
    /// `--grant`'s capabilities by plugin. Apart, and only when there are
    /// some: the sets' type, made at every start, cost the Swift runtime a
    /// scan of every conformance record (`Capability: Hashable`).
    @inline(never)
    static func grants(_ lists: [String: [String]]) -> PluginGrants {
        var grants: PluginGrants = [:]
        for (name, list) in lists {
            grants[name] = Set(list.compactMap { Capability(rawValue: $0).flatMap { $0 == .all ? nil : $0 } })
        }
        return grants
    }
}

/// The modules of a host, shared with each `Host` it makes through
/// `HostOptions.nativeModules`. A host runs on one thread; the options are
/// `Sendable` only to travel to it, hence `@unchecked`.
final class ModuleSet: @unchecked Sendable {
    private var byName: [String: ScriptModule] = [:]

    func add(_ module: ScriptModule) { byName[module.name] = module }

    var isEmpty: Bool { byName.isEmpty }

    var problems: [String] {
        byName.keys.sorted().flatMap { name -> [String] in
            let module = byName[name]!
            if let problem = ScriptHost.problem(moduleName: name) { return [problem] }
            return module.problems
        }
    }

    /// Pushes a new table of module `name`; false when there is none.
    func push(_ name: String, onto s: LuaStack) -> Bool {
        guard let module = byName[name] else { return false }
        module.push(onto: s)
        return true
    }
}

extension ScriptHost {
    /// Why `name` cannot be a module's name (what `require` accepts), or nil.
    static func problem(moduleName name: String) -> String? {
        let valid = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
            && !name.hasPrefix(".") && !name.hasSuffix(".") && !name.contains("..")
        if !valid { return "module '\(name)': a module name is letters, digits, '_', '-' and dots" }
        if name == "uihost" { return "module 'uihost': the name is the host's own" }
        return nil
    }
}

/// A screen that could not start: its script's error, or a problem of a module.
public struct ScriptHostError: Error, CustomStringConvertible {
    public var message: String
    public var traceback: String = ""

    public var description: String { message }
}
