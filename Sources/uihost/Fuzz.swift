import LuaBridge
import UIHost
import UIHostCore
import UIHostTesting

/// `uihost fuzz SCREEN [--seconds N] [--seed S] [-o FILE]` (and its worker
/// and replay modes, which the parent starts with the same arguments).
func fuzz(_ path: String, _ args: Arguments) throws(CommandExit) -> Int32 {
    try CommandExit.requireFile(path)
    let library = scriptHost(args)
    var options = try coreOptions(path, library)
    options.log = { _ in }
    options.notice = nil
    let settings = FuzzCommand.Settings(
        screen: path, options: options, seed: args.fuzzSeed, seconds: args.fuzzSeconds, output: args.output,
        workerArguments: Array(CommandLine.arguments.dropFirst()), say: { standardOutput($0) })
    if let log = args.fuzzWorkerLog { return FuzzCommand.worker(settings, log: log) }
    if let file = args.fuzzReplay { return FuzzCommand.replayWorker(settings, file: file) }
    // A screen that does not load is reported before any fuzzing.
    // Its workers load the screen again and again: the project's notice is said once, here.
    var first = options
    first.notice = { standardError($0) }
    _ = try loadHost(path, library, options: first)
    if let output = args.output, FileSystem.exists(output), !args.force {
        throw .usage("fuzz: \(output) exists (add --force to replace it)")
    }
    return FuzzCommand.run(settings)
}
