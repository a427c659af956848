import LuaBridge

/// `uihost test --coverage FILE`: the line counts of the screens and modules
/// the tests' apps ran, merged over every worker, written as LCOV (what
/// `genhtml` and CI coverage services read). Test scripts are not counted:
/// their own state has no collector.
public struct CoverageReport: Sendable, Equatable {
    /// Hits by absolute file path and line; lines with code that never ran are 0.
    public var files: [String: [Int: Int]] = [:]

    public init() {}

    /// Adds counts: a file reported twice (two apps, two workers) adds up line by line.
    public mutating func merge(_ file: String, _ lines: [Int: Int]) {
        var merged = files[file] ?? [:]
        for (line, hits) in lines { merged[line, default: 0] += hits }
        files[file] = merged
    }

    /// What a collector gathered, under absolute paths (chunk names are
    /// relative to the worker's folder); files that no longer exist are left out.
    public mutating func merge(_ coverage: LuaCoverage) {
        for (path, lines) in coverage.hits {
            guard let full = FileSystem.realPath(path) else { continue }
            merge(full, lines)
        }
    }

    /// The files inside `folders` (absolute, real paths) alone. A chunk's name
    /// is the script's to choose (`load(src, "@/etc/passwd")`), and the report
    /// is published (genhtml): only the project's files may appear in it.
    /// A path with a line break is left out too: LCOV has no escapes, and
    /// `x⏎SF:/etc/passwd` would be a record of its own.
    public func inside(_ folders: [String]) -> CoverageReport {
        let prefixes = folders.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        var report = CoverageReport()
        report.files = files.filter { path, _ in
            prefixes.contains { path.hasPrefix($0) } && !path.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
        }
        return report
    }

    /// The LCOV text: a record per file, sorted by path, each line's `DA`.
    public var lcov: String {
        var out = ""
        for path in files.keys.sorted() {
            let lines = files[path]!
            out += "TN:\nSF:\(path)\n"
            for line in lines.keys.sorted() { out += "DA:\(line),\(lines[line]!)\n" }
            out += "LF:\(lines.count)\nLH:\(lines.values.filter { $0 > 0 }.count)\nend_of_record\n"
        }
        return out
    }

    // MARK: - From a worker to the runner

    /// One file's counts as a worker record: `line=hits` pairs.
    static func record(_ path: String, _ lines: [Int: Int]) -> String {
        "\u{1}COVER\t" + WorkerProtocol.escape(path) + "\t" + lines.keys.sorted().map { "\($0)=\(lines[$0]!)" }.joined(separator: ",")
    }

    static func parseLines(_ text: String) -> [Int: Int]? {
        var lines: [Int: Int] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let line = Int(parts[0]), let hits = Int(parts[1]), line > 0, hits >= 0 else { return nil }
            lines[line, default: 0] += hits
        }
        return lines
    }
}
