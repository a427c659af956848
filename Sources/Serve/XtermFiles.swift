import Glibc

/// xterm.js as Debian installs it, made into what a browser can load.
///
/// Debian bookworm's browser build of xterm.js 3.8.1 (`libjs-xterm`,
/// /usr/share/javascript/xterm/xterm.js) is a 288-byte stub that calls
/// `require("./public/Terminal")`, which no browser has; its add-ons are
/// CommonJS modules too. The compiled modules themselves are in `node-xterm`
/// (/usr/share/nodejs/xterm/lib, the same source package). So the server
/// wraps each module in a `define` of the small loader in Page/modules.js, once,
/// at start: xterm.js still comes from the installed files, unchanged, and a
/// fixed Debian package needs no change here.
public struct XtermFiles: Sendable {
    public var modules = "/usr/share/nodejs/xterm/lib"
    public var style = "/usr/share/javascript/xterm/xterm.css"
    public var licence = "/usr/share/doc/libjs-xterm/copyright"

    /// The add-ons the page uses (under `modules`/addons, a link to libjs-xterm's).
    static let addons = ["addons/fit/fit", "addons/webLinks/webLinks"]

    public init() {}

    /// The Debian packages that hold these files, for the message when one is missing.
    public static let packages = "libjs-xterm node-xterm"

    /// The script that defines `Terminal` and `TerminalAddons` in the page.
    public func script(loader: String) throws(ServeError) -> String {
        var names = try XtermFiles.scripts(in: modules, under: "").filter { !$0.hasPrefix("addons/") }
        names += XtermFiles.addons
        guard names.contains("public/Terminal") else { throw missing(modules + "/public/Terminal.js") }
        var out = loader
        for name in names.sorted() {
            let path = modules + "/" + name + ".js"
            guard let text = XtermFiles.read(path) else { throw missing(path) }
            // The module's text as installed; the line break keeps a last `//` comment from eating the `});`.
            out += "uihostModules.define(\"\(name)\", function (exports, require, module) {\n\(text)\n});\n"
        }
        out += "window.Terminal = uihostModules.require(\"public/Terminal\").Terminal;\n"
        out += "window.TerminalAddons = { fit: uihostModules.require(\"addons/fit/fit\"), "
            + "webLinks: uihostModules.require(\"addons/webLinks/webLinks\") };\n"
        return out
    }

    public func file(_ path: String) throws(ServeError) -> String {
        guard let text = XtermFiles.read(path) else { throw missing(path) }
        return text
    }

    private func missing(_ path: String) -> ServeError {
        ServeError(message: "cannot read \(path): install Debian's \(XtermFiles.packages) (Scripts/setup.sh does)")
    }

    /// Module names (paths without `.js`) of the scripts below `directory`, tests left out.
    static func scripts(in directory: String, under prefix: String) throws(ServeError) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasPrefix(".") { continue }
            let path = directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                names += try scripts(in: path, under: prefix + name + "/")
            } else if name.hasSuffix(".js") && !name.hasSuffix(".test.js") {
                names.append(prefix + String(name.dropLast(3)))
            }
        }
        return names
    }

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes += chunk[0..<n] }
            if n < chunk.count { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
