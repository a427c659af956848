/// What the console report of a run adds to the case lines: the script of
/// each case when several scripts ran, and the slowest cases at the end.
enum RunReport {
    /// Cases slower than this are listed at the end (at most `slowestCount`).
    static let slowSeconds = 1.0
    static let slowestCount = 5

    /// The label of each script in a report of several: its path from the
    /// folder they all share (`launcher_test.lua` for
    /// `Scripts/tests/launcher_test.lua` in a run of `Scripts/tests`), short
    /// but still telling apart scripts of the same name in different folders.
    /// A run of one script needs no label: nil.
    static func labels(for scripts: [String]) -> [String?] {
        guard scripts.count > 1 else { return scripts.map { _ in nil } }
        let folders = scripts.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() }
        var shared = folders[0].count
        for folder in folders.dropFirst() {
            shared = min(shared, zip(folders[0], folder).prefix { $0 == $1 }.count)
        }
        return scripts.map { script in
            script.split(separator: "/", omittingEmptySubsequences: false).dropFirst(shared).joined(separator: "/")
        }
    }

    /// `slowest cases (over 1 s):` and a line for each of the slowest cases
    /// over `slowSeconds`, slowest first; nothing when none is.
    static func slowest(_ suites: [SuiteResult]) -> [String] {
        let slow = suites.flatMap { suite in
            suite.cases.filter { $0.seconds > slowSeconds }.map { (seconds: $0.seconds, name: $0.reportName(label: suite.label)) }
        }
        guard !slow.isEmpty else { return [] }
        // Equal times keep script order, so that the list is the same for the same times.
        let listed = slow.enumerated().sorted { ($0.element.seconds, $1.offset) > ($1.element.seconds, $0.offset) }
            .prefix(slowestCount).map(\.element)
        return ["slowest cases (over \(format(slowSeconds)) s):"] + listed.map { "  \(format($0.seconds)) s  \($0.name)" }
    }

    /// Seconds to a tenth: `2.5`, `1` for one.
    static func format(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
