/// The version of the API plugins are written against, and the check of a
/// manifest's `requires` against it.
public enum PluginAPI {
    /// What `requires = ">= 0.2"` is checked against. Raised when the `ui`
    /// table, the manifest or the plugin environment gain something a plugin
    /// may come to rely on.
    public static let version = "0.3"

    /// Why a host of API `version` does not meet `requirement`, or nil when
    /// it does. `requirement` is one or more comma-separated constraints:
    /// `>= 0.2`, `> 0.1`, `< 1.0`, `<= 0.2`, `= 0.2`, or a bare version (read as `>=`).
    static func problem(requirement: String, version: String = PluginAPI.version) -> String? {
        guard let have = parse(version) else { return nil }
        for part in requirement.split(separator: ",") {
            let text = part.trimmingSpaces
            let ops = [">=", "<=", "==", ">", "<", "="]
            let op = ops.first { text.hasPrefix($0) } ?? ""
            let rest = String(text.dropFirst(op.count)).trimmingSpaces
            guard let want = parse(rest) else {
                return "requires '\(requirement)' is not a version constraint (such as \">= \(PluginAPI.version)\")"
            }
            let c = compare(have, want)
            let met: Bool
            switch op {
            case ">=", "": met = c >= 0
            case ">": met = c > 0
            case "<": met = c < 0
            case "<=": met = c <= 0
            default: met = c == 0
            }
            if !met {
                return "requires uihost API \(requirement.trimmingSpaces), but this host provides API \(version)"
            }
        }
        return nil
    }

    /// `1.2.3` → [1, 2, 3]; nil when a part is not a number.
    static func parse(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 4 else { return nil }
        var numbers: [Int] = []
        for p in parts {
            guard !p.isEmpty, p.count <= 9, let n = Int(p) else { return nil }
            numbers.append(n)
        }
        return numbers
    }

    static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0, y = i < b.count ? b[i] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
