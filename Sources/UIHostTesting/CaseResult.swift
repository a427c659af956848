/// What one case came to, as a worker reports it and the parent prints it.
public struct CaseResult: Sendable {
    public var name: String
    public var passed: Bool
    public var seconds: Double
    /// The failure: the reason (with file:line) and the frame.
    public var message: String
    /// A failure of the script itself (it did not load, had no case, or its
    /// worker died after its cases), reported under the script's path.
    public var ofScript = false

    public init(name: String, passed: Bool, seconds: Double, message: String, ofScript: Bool = false) {
        self.name = name
        self.passed = passed
        self.seconds = seconds
        self.message = message
        self.ofScript = ofScript
    }

    /// The name in a report: with `label`, the script's (when several ran),
    /// `LABEL: NAME`, so that a case is found in its file. A failure of the
    /// script is named by its path already.
    func reportName(label: String?) -> String {
        guard let label, !ofScript else { return name }
        return "\(label): \(name)"
    }

    /// `ok NAME`, or `FAIL NAME` and the message indented.
    func report(label: String?) -> String {
        if passed { return "ok \(reportName(label: label))" }
        let indented = message.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        return (["FAIL \(reportName(label: label))"] + indented).joined(separator: "\n")
    }
}

/// The line protocol between `uihost test` and its workers: a record starts
/// with U+0001; anything else is output of the script (prints, notes).
enum WorkerProtocol {
    static let mark: Character = "\u{1}"

    /// A case the script registered, sent for each before the first runs.
    static func registered(_ name: String) -> String {
        "\u{1}REGISTERED\t" + escape(name)
    }

    /// How many results of the script belong to other shards: sent once it
    /// loaded, so that a worker that reports nothing is not taken for one that died.
    static func shardedAway(_ count: Int) -> String {
        "\u{1}SHARDED\t\(count)"
    }

    static func started(_ name: String) -> String {
        "\u{1}START\t" + escape(name)
    }

    /// A result: `ok`, `fail`, or `script` (a failure of the script itself).
    static func finished(_ result: CaseResult) -> String {
        "\u{1}CASE\t\(result.passed ? "ok" : result.ofScript ? "script" : "fail")\t\(result.seconds)\t\(escape(result.name))\t\(escape(result.message))"
    }

    enum Record {
        case registered(String)
        case started(String)
        case shardedAway(Int)
        case finished(CaseResult)
        case output(String)
        case coverage(String, [Int: Int])
    }

    /// A record can follow text the script wrote to stderr without a newline
    /// (the worker's stderr shares the pipe): that text, then the record.
    static func splitOutput(_ line: String) -> (output: String?, rest: String) {
        guard let start = line.firstIndex(of: mark), start != line.startIndex else { return (nil, line) }
        return (String(line[..<start]), String(line[start...]))
    }

    static func parse(_ line: String) -> Record {
        guard line.first == mark else { return .output(line) }
        let fields = line.dropFirst().split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        if fields.first == "REGISTERED", fields.count == 2 { return .registered(unescape(fields[1])) }
        if fields.first == "START", fields.count == 2 { return .started(unescape(fields[1])) }
        if fields.first == "SHARDED", fields.count == 2, let n = Int(fields[1]) { return .shardedAway(n) }
        if fields.first == "CASE", fields.count == 5 {
            return .finished(CaseResult(name: unescape(fields[3]), passed: fields[1] == "ok",
                                        seconds: Double(fields[2]) ?? 0, message: unescape(fields[4]),
                                        ofScript: fields[1] == "script"))
        }
        if fields.first == "COVER", fields.count == 3, let lines = CoverageReport.parseLines(fields[2]) {
            return .coverage(unescape(fields[1]), lines)
        }
        return .output(line)
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{1}": out += "\\1"
            default: out.append(c)
            }
        }
        return out
    }

    static func unescape(_ s: String) -> String {
        var out = ""
        var escaped = false
        for c in s {
            if escaped {
                switch c {
                case "n": out += "\n"
                case "t": out += "\t"
                case "r": out += "\r"
                case "1": out += "\u{1}"
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
