import LuaBridge
import UIHostCore

/// What `uihost stubs DIR` writes beside the stubs so that a new project's
/// editor and linter know the API at once: a `.luarc.json` for
/// lua-language-server and a `.luacheckrc` for luacheck, in the current
/// folder. Files already there are kept unless `--force`: they are the
/// project's own.
enum ProjectConfig {
    /// The `ui` and `test` functions, read from the stubs the binary carries.
    /// Fields declared as values (`ui.args = {}`) count too; a library inside
    /// (`ui.json`) is one name, its fields left to the stubs.
    static func functions(of table: String, in stubs: String) -> [String] {
        var seen: Set<String> = []
        return stubs.split(separator: "\n").compactMap { line in
            let name: String
            if line.hasPrefix("function \(table).") {
                name = line.dropFirst("function \(table).".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }.description
            } else if line.hasPrefix("\(table)."), line.contains(" = ") {
                name = line.dropFirst("\(table).".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }.description
            } else {
                return nil
            }
            return seen.insert(name).inserted ? name : nil
        }
    }

    /// The folder is the user's argument, written as a JSON string: raw, a
    /// quote in it would let it write settings of its own (lua-language-server
    /// runs the Lua file `runtime.plugin` names).
    static func luarc(library: String) -> String {
        """
        {
          "runtime": { "version": "Lua 5.4" },
          "workspace": { "library": [\(jsonString(library))], "checkThirdParty": false },
          "diagnostics": { "globals": ["ui", "test"] }
        }

        """
    }

    /// `text` as a JSON string: `"`, `\` and every control character escaped
    /// (RFC 8259 §7), U+2028 and U+2029 too, for readers that take JSON for JavaScript.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let digits = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The project's luacheck configuration: the API as read-only globals;
    /// the globals a project's uihost.lua sets; the top-level globals a screen
    /// keeps for its tests to read (`app:eval("return COUNT")`, docs/API.md);
    /// `test` and no `ui` in automation scripts; and the stubs left out (a
    /// meta file that defines the API). `library` is the user's folder, written
    /// as a Lua string literal.
    static func luacheckrc(stubs: String, library: String) -> String {
        func list(_ names: [String]) -> String {
            names.map(LuaSource.string).joined(separator: ", ")
        }
        let stubsFile = library.isEmpty || library.hasSuffix("/") ? library + "uihost.lua" : library + "/uihost.lua"
        return """
        -- luacheck configuration written by `uihost stubs`: the uihost API, so that
        -- luacheck knows `ui` and `test` and catches a misspelt `ui.pussh`.
        std = "lua54"
        local ui = { fields = { \(list(functions(of: "ui", in: stubs))) } }
        local test = { fields = { \(list(functions(of: "test", in: stubs))) } }
        local fs = { fields = { \(list(functions(of: "fs", in: stubs))) } }
        read_globals = { ui = ui, fs = fs }
        -- State a test reads with app:eval("return COUNT") lives in globals a screen
        -- defines at its top level (`COUNT = 0`); handlers may change them. Only the
        -- tests read some of them, so "unused global" (131) is not a warning.
        allow_defined_top = true
        ignore = { "131" }
        -- Automation scripts have `test` and no `ui` (it exists only inside the apps
        -- they open; code for app:eval is a string).
        files["**/*_test.lua"] = { read_globals = { test = test }, not_globals = { "ui" } }
        -- A project's uihost.lua is data: it sets these and nothing else.
        files["uihost.lua"] = { globals = { \(list(Host.configFields)) } }
        files["**/uihost.lua"] = { globals = { \(list(Host.configFields)) } }
        -- The LuaLS stubs define the API rather than use it.
        exclude_files = { \(LuaSource.string(stubsFile)) }

        """
    }

    /// Writes both into the current folder; prints what it wrote or kept. 0, or 3 when one cannot be written.
    static func write(library: String, stubs: String, force: Bool) -> Int32 {
        for (name, text) in [(".luarc.json", luarc(library: library)), (".luacheckrc", luacheckrc(stubs: stubs, library: library))] {
            if FileSystem.exists(name) && !force {
                print("kept \(name) (it exists; --force rewrites it)")
                continue
            }
            do throws(FileSystem.Failure) {
                try FileSystem.write(name, text)
            } catch {
                FileSystem.writeStandardError("uihost: cannot write \(name): \(error.reason)\n")
                return 3
            }
            print("wrote \(name)")
        }
        return 0
    }
}
