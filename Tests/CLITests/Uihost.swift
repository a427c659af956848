import Foundation

/// Runs the built binary from the package root, for the end-to-end tests.
enum Uihost {
    /// The package root, found from this file: Tests/CLITests/Uihost.swift.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = root.appendingPathComponent(".build/debug/uihost")

    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// The frame's lines: stdout ends with one newline after the last row.
        var lines: [String] {
            var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }

        var stderrLines: [String] {
            stderr.split(separator: "\n").map(String.init)
        }
    }

    /// Runs `executable` (uihost by default) with `arguments` from the package
    /// root. Output goes through files in `scratch`, so a full pipe cannot block
    /// the child; a run longer than `timeout` seconds is stopped.
    static func run(_ arguments: [String], executable: URL = binary, environment: [String: String] = [:],
                    scratch: URL, timeout: Double = 60, directory: URL = root) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = scratch.appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = scratch.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            process.waitUntilExit()
        }
        try outHandle.close()
        try errHandle.close()
        return Result(status: process.terminationStatus,
                      stdout: try String(contentsOf: out, encoding: .utf8),
                      stderr: try String(contentsOf: err, encoding: .utf8))
    }
}
