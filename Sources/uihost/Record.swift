import Glibc
import LuaBridge
import TerminalIO
import UIHost
import UIHostCore
import UIHostTesting

/// `uihost record SCREEN [-o FILE] [--force]`: runs the screen on the terminal
/// and, when it ends, writes the session as an automation script (to FILE, or
/// to stdout once the terminal is restored). An existing FILE is refused
/// before the session starts; a screen that does not load writes nothing.
func record(_ path: String, _ args: Arguments) throws(CommandExit) -> Int32 {
    if let output = args.output, FileSystem.exists(output), !args.force {
        throw .usage("record: \(output) exists (add --force to replace it)")
    }
    let terminal = Terminal(mouse: !args.noMouse)
    let library = scriptHost(args)
    var options = try coreOptions(path, library)
    if let size = args.size ?? terminal.size() { options.size = size }
    let log = logPath(args).flatMap { LogFile(path: $0) }
    options.log = { text in log?.write(text) }
    // Said before the screen takes the terminal, and left on it after.
    options.notice = { standardError($0) }
    // A screen that does not load: its error, and nothing written.
    let host = try loadHost(path, library, options: options)
    guard Terminal.isTerminal(0) && Terminal.isTerminal(1) else {
        throw .usage("record needs a terminal (it records what you do in the screen)")
    }
    if let output = args.output {
        do throws(FileSystem.Failure) {
            try FileSystem.checkWritable(output)
        } catch {
            throw .usage("record: cannot write \(output): \(error.reason)")
        }
    }
    let recorder = Recorder(screen: path, host: host)
    let loop = EventLoop(host: host, terminal: terminal, depth: args.plain ? nil : ColorDepth.of(environment: environment))
    loop.willHandle = { recorder.willHandle($0, host: host) }
    loop.didHandle = { recorder.didHandle(host: host) }
    let code = loop.run()
    let script = recorder.script(host: host)
    if let output = args.output {
        do throws(FileSystem.Failure) {
            try FileSystem.write(output, script)
        } catch {
            throw CommandExit(status: 1, message: "uihost: record: cannot write \(output): \(error.reason)")
        }
        standardError("uihost: recorded the session in \(output); replay it with: uihost test \(output)")
    } else {
        standardOutput(script)
    }
    return code == 130 || code == 0 ? 0 : code
}
