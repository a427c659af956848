import CLua
import CLuaShim

/// Line coverage of the file chunks run by the states it is attached to
/// (`uihost test --coverage`): hits per file and line, collected in C by the
/// line hook, which is armed beside the limits' hooks and charged to no budget.
/// A file several states load (a screen two apps open) adds up in one place.
/// One thread at a time, like the states it watches.
public final class LuaCoverage: @unchecked Sendable {
    let collector: OpaquePointer

    public init() {
        guard let c = uih_coverage_new() else { fatalError("uihost: out of memory") }
        collector = c
    }

    deinit {
        uih_coverage_free(collector)
    }

    /// Counts the lines `state` runs from now on, and records the executable
    /// lines of every file it loads (the same as `state.coverage = self`).
    public func attach(_ state: LuaState) {
        state.coverage = self
    }

    /// Hits by file (the path of its chunk name `@path`) and line; every line
    /// with code is there, those that never ran with 0.
    public var hits: [String: [Int: Int]] {
        var result: [String: [Int: Int]] = [:]
        for file in 0..<uih_coverage_count(collector) {
            var source = String(cString: uih_coverage_source(collector, file))
            guard source.hasPrefix("@") else { continue }
            source.removeFirst()
            var lines = result[source] ?? [:]
            for line in 1..<max(1, Int(uih_coverage_size(collector, file))) {
                let n = uih_coverage_hits(collector, file, Int32(line))
                if n >= 0 { lines[line, default: 0] += Int(n) }
            }
            result[source] = lines
        }
        return result
    }
}
