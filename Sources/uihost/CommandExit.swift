import LuaBridge
import UIHost

/// How a command ends before its work is done: the exit status (docs/API.md,
/// "Command line": 1 the output could not be written, 2 usage, 3 a script
/// error) and what to tell the person on stderr. Commands throw it; the end of
/// main.swift is the one place that says it and exits.
struct CommandExit: Error {
    let status: Int32
    /// Said on stderr before exiting; nil when the command said what it had to.
    let message: String?

    /// A usage error: status 2, with where to read more.
    static func usage(_ message: String) -> CommandExit {
        CommandExit(status: 2, message: "uihost: \(message)\nTry 'uihost --help' for more information.")
    }

    /// A screen that did not load: status 3, its error and traceback.
    static func script(_ error: ScriptHostError) -> CommandExit {
        CommandExit(status: 3, message: "uihost: " + error.message + (error.traceback.isEmpty ? "" : "\n" + error.traceback))
    }

    /// `cannot open PATH`, a usage error, unless the file is there.
    static func requireFile(_ path: String) throws(CommandExit) {
        guard FileSystem.exists(path) else { throw .usage("cannot open \(path): No such file or directory") }
    }
}
