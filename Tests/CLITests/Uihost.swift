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

    /// Runs `executable` (uihost by default) with `arguments` from `directory`
    /// (the package root by default). Output goes through files in `scratch`,
    /// so a full pipe cannot block the child; a run longer than `timeout`
    /// seconds is stopped.
    static func run(_ arguments: [String], executable: URL = binary, environment: [String: String] = [:],
                    scratch: URL, timeout: Double = 60, directory: URL = root) throws -> Result {
        let raw = try runRaw(arguments, executable: executable, environment: environment, scratch: scratch,
                             timeout: timeout, directory: directory)
        guard let stdout = String(data: raw.stdoutData, encoding: .utf8),
              let stderr = String(data: raw.stderrData, encoding: .utf8) else {
            throw CocoaError(.fileReadInapplicableStringEncoding)
        }
        return Result(status: raw.status, stdout: stdout, stderr: stderr)
    }

    /// The same run, its output kept as bytes: what a script makes the binary
    /// write may be anything, not only UTF-8.
    static func runRaw(_ arguments: [String], executable: URL = binary, environment: [String: String] = [:],
                       scratch: URL, timeout: Double = 60, directory: URL = root) throws -> RawResult {
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
        return RawResult(status: process.terminationStatus, stdoutData: try Data(contentsOf: out), stderrData: try Data(contentsOf: err))
    }
}

/// A run of the binary with its output as bytes.
struct RawResult {
    let status: Int32
    let stdoutData: Data
    let stderrData: Data

    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
}
