import Drawing
import Glibc
import LuaBridge

/// `uihost serve`'s server: a program of its own, which the `serve`
/// subcommand of uihost execs, so that libwebsockets, the TLS libraries it
/// links and this module's pages are mapped only in a server, not in every
/// screen and every browser session's child.

/// A line on stderr, its control characters made visible.
func standardError(_ text: String) {
    let safe = TerminalText.escape(text)
    FileSystem.writeStandardError(safe.hasSuffix("\n") ? safe : safe + "\n")
}

/// The URL on stdout; a write that fails ends the server with status 1.
func standardOutput(_ text: String) {
    guard FileSystem.writeStandardOutput(TerminalText.escape(text) + "\n") else {
        standardError("uihost: cannot write to standard output: \(String(cString: strerror(errno)))")
        exit(1)
    }
}

/// A mistake on `uihost serve`'s command line, told as uihost tells one.
func usageExit(_ message: String) -> Never {
    standardError("uihost: \(message)\nTry 'uihost --help' for more information.")
    exit(2)
}

guard let arguments = Arguments(Array(CommandLine.arguments.dropFirst())) else {
    standardError("uihost-serve: run by `uihost serve SCREEN` (see `uihost help serve`), not on its own")
    exit(2)
}
serve(arguments.screen, arguments)
