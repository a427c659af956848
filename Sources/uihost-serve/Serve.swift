import Glibc
import LuaBridge
import Serve

/// `uihost serve SCREEN`: the screen in a browser, each tab a child `uihost`
/// with the options of that command line (docs/SERVING.md). Prints the URL
/// with its token on stdout, logs sessions on stderr, and runs until SIGTERM.
func serve(_ path: String, _ args: Arguments) -> Never {
    guard FileSystem.exists(path) else { usageExit("cannot open \(path): No such file or directory") }
    let token: AccessToken
    do throws(ServeError) {
        if let file = args.tokenFile {
            guard let text = try? FileSystem.readText(file) else { usageExit("--token-file: cannot read \(file)") }
            token = try AccessToken(text)
        } else {
            token = try AccessToken.random()
        }
    } catch {
        usageExit((args.tokenFile.map { "--token-file \($0): " } ?? "") + error.message)
    }
    var host = args.serveHost ?? "127.0.0.1"
    // lws binds to an address or an interface's name, not a host name.
    if host == "localhost" { host = "127.0.0.1" }
    let name = String(path.split(separator: "/").last ?? Substring(path))
    var options = WebServer.Options(
        title: (name.hasSuffix(".lua") ? String(name.dropLast(4)) : name) + " — uihost",
        token: token, executable: args.executable, arguments: args.sessionArguments,
        environment: sessionEnvironment(), log: { standardError($0) })
    options.host = host
    options.port = args.servePort
    options.maxSessions = args.maxSessions
    options.idleSeconds = args.idleSeconds
    let server = WebServer(options: options)
    do {
        try server.run { url in
            if !ServeAddress.isLoopback(host) {
                standardError("uihost serve: listening on \(host), not only this machine: anyone who can reach it "
                              + "and has the URL can use the app (docs/SERVING.md, \"Security\")")
            }
            // The URL is the key: stdout, for the person or the script that started the server.
            standardOutput(url)
        }
    } catch {
        standardError("uihost serve: " + error.message)
        exit(1)
    }
    exit(0)
}

/// The server's environment, with the terminal xterm.js is: 256 colours and
/// 24-bit colour escapes.
private func sessionEnvironment() -> [String] {
    var out: [String] = []
    var entry = environ
    while let pointer = entry.pointee {
        let line = String(cString: pointer)
        if !line.hasPrefix("TERM=") && !line.hasPrefix("COLORTERM=") { out.append(line) }
        entry += 1
    }
    return out + ["TERM=xterm-256color", "COLORTERM=truecolor"]
}
