import LuaBridge
import UIHostCore

/// The options table of `test.case(name, { sizes = { "80x24", "40x12" } }, fn)`.
/// A size matrix runs the case once per size, each run a case of its own
/// (`name [80x24]`), so that a report, a shard and a snapshot name one size.
enum CaseOptions {
    static let known = ["sizes"]

    /// The sizes to run the case at (nil: once, at no size of its own), or a problem.
    static func read(_ t: LuaTable) -> Result<[Size]?, Problem> {
        var unknown: String?
        t.stack.forEachPair(in: t.index) {
            if let key = t.stack.string(at: -2), known.contains(key) { return true }
            unknown = t.stack.string(at: -2) ?? t.stack.typeName(at: -2)
            return false
        }
        if let unknown { return .failure(Problem("unknown option '\(unknown)' (expected sizes)")) }
        switch t.type("sizes") {
        case .nil: return .success(nil)
        case .table: break
        default: return .failure(Problem("sizes must be a table of sizes such as { \"80x24\", \"40x12\" }"))
        }
        let parsed: Result<[Size]?, Problem> = t.withTable("sizes") { list in
            guard list.count > 0 else { return .failure(Problem("sizes is empty (give at least one size such as \"80x24\")")) }
            var sizes: [Size] = []
            for i in 1...list.count {
                // The one size parser `test.open` and `--size` use; 0 is allowed as there.
                guard let text = list.string(i), let size = Size(parsing: text), size.isWithin(0...1000) else {
                    return .failure(Problem("sizes[\(i)] must look like 80x24 (got \(describe(list, i)))"))
                }
                // Two runs of one name would report and snapshot as one.
                guard !sizes.contains(size) else { return .failure(Problem("sizes[\(i)]: \(text) is listed twice")) }
                sizes.append(size)
            }
            return .success(sizes)
        } ?? .success(nil)
        return parsed
    }

    private static func describe(_ list: LuaTable, _ i: Int) -> String {
        if let text = list.string(i) { return "'\(text)'" }
        let type = list.rawGet(i)
        list.stack.pop()
        return type.name
    }

    /// The name a run of a sized case is reported and sharded under.
    static func name(_ base: String, size: Size?) -> String {
        size.map { "\(base) [\($0.text)]" } ?? base
    }

    struct Problem: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
