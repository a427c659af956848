import CLua
import CLuaShim
import LuaBridge
import UIHostCore

/// One automation script: its Lua state, its cases and the apps they open.
final class ScriptRun {
    let path: String
    let options: TestOptions
    let output: (String) -> Void
    let lua = LuaState()
    var L: OpaquePointer { lua.L }
    private(set) var passed = 0
    private(set) var failed = 0

    struct Case {
        let name: String
        let ref: Int32
    }
    var cases: [Case] = []
    var apps: [Int: App] = [:]
    var nextAppID = 1
    /// The app used last, whose frame a failure shows.
    var lastApp: App?

    init(path: String, options: TestOptions, output: @escaping (String) -> Void) {
        self.path = path
        self.options = options
        self.output = output
        lua.setOwner(self)
        luaL_openlibs(L)
        TestModule.install(self)
    }

    func execute() {
        do {
            try lua.loadFile(path)
            try lua.call(nargs: 0, nresults: 0)
        } catch {
            failed += 1
            output("FAIL \(path)\n" + indent(error.message))
            return
        }
        if cases.isEmpty {
            failed += 1
            output("FAIL \(path)\n" + indent("no test.case in this script"))
            return
        }
        for c in cases {
            lastApp = nil
            lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(c.ref))
            do {
                try lua.call(nargs: 0, nresults: 0)
                passed += 1
                output("ok \(c.name)")
            } catch {
                failed += 1
                var report = "FAIL \(c.name)\n" + indent(error.message)
                if !error.message.contains("\n  | "), let app = lastApp {
                    report += "\n" + indent(App.framed(app.host.render()))
                }
                output(report)
            }
            closeApps()
        }
    }

    func closeApps() {
        apps.removeAll()
        lastApp = nil
    }

    func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}

/// A headless app opened by `test.open`.
final class App {
    let id: Int
    let host: Host
    let path: String

    init(id: Int, host: Host, path: String) {
        self.id = id
        self.host = host
        self.path = path
    }

    /// The frame with a gutter, as failures print it.
    static func framed(_ frame: FrameBuffer) -> String {
        "frame \(frame.width)x\(frame.height):\n" + (0..<frame.height).map { "  | " + frame.line($0) }.joined(separator: "\n")
    }
}
