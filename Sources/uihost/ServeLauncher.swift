import Glibc
import LuaBridge

/// `uihost serve SCREEN`: execs the server, `uihost-serve`, a program of its
/// own, so that libwebsockets and the TLS libraries it links are loaded only
/// by a server and never by a screen or a browser session's child (each tab
/// runs this program, uihost). The server is found beside this program (a
/// build folder, or a prefix's bin/) or in ../libexec/uihost/ (where
/// Scripts/install.sh and the Debian package put it).
enum ServeLauncher {
    static let program = "uihost-serve"

    /// Becomes the server; returns only by throwing, when it cannot.
    static func exec(_ path: String, _ args: Arguments) throws(CommandExit) -> Never {
        let uihost = ownPath()
        let folder = uihost.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let candidates = [folder + "/" + program, folder + "/../libexec/uihost/" + program]
        guard let server = candidates.first(where: { access($0, X_OK) == 0 }) else {
            throw CommandExit(status: 1, message: "uihost serve: cannot find its server, \(program), in " + candidates.joined(separator: " or ")
                              + ": build it (swift build --product uihost-serve) or install uihost again (Scripts/install.sh, the Debian package)")
        }
        let words = [server, path] + serverOptions(args) + ["--", uihost] + args.sessionArguments(screen: path)
        let pointers = words.map { strdup($0) } + [nil]
        execv(server, pointers)
        throw CommandExit(status: 1, message: "uihost serve: cannot run \(server): \(String(cString: strerror(errno)))")
    }

    /// Serve's own options, as uihost-serve reads them (its Arguments).
    static func serverOptions(_ args: Arguments) -> [String] {
        var out = ["--port", String(args.servePort), "--max-sessions", String(args.maxSessions)]
        if let host = args.serveHost { out += ["--host", host] }
        if let idle = args.idle { out += ["--idle", idle] }
        if let file = args.tokenFile { out += ["--token-file", file] }
        return out
    }

    /// This program's own file, which each session runs.
    private static func ownPath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
