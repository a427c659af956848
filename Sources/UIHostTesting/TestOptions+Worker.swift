import UIHostCore

/// How the test runner hands its options to a worker process: one argument of
/// `key=value` pairs joined by `&`, values percent-encoded, read back exactly,
/// so that nothing is rounded on the way (bytes of memory, fractions of a
/// second) and a new option is one line in each direction.
extension TestOptions {
    public var workerArgument: String {
        var pairs: [(String, String)] = [
            ("size", size.text),
            ("timeout", String(timeout)),
            ("updateSnapshots", updateSnapshots ? "1" : "0"),
            ("maxSeconds", String(limits.maxSeconds)),
            ("maxMemory", String(limits.maxMemory)),
        ]
        if let n = limits.maxInstructions { pairs.append(("maxInstructions", String(n))) }
        if let assets { pairs.append(("assets", assets)) }
        if let shard { pairs.append(("shard", shard.text)) }
        if coverage != nil { pairs.append(("coverage", "1")) }
        return pairs.map { $0 + "=" + WorkerOptionCoding.encode($1) }.joined(separator: "&")
    }

    /// The options of `workerArgument`, or nil when it is not one.
    public init?(workerArgument: String) {
        self.init()
        limits.maxInstructions = nil
        for pair in workerArgument.split(separator: "&") {
            guard let eq = pair.firstIndex(of: "="),
                  let value = WorkerOptionCoding.decode(pair[pair.index(after: eq)...]) else { return nil }
            switch pair[..<eq] {
            case "size": guard let v = Size(parsing: value) else { return nil }; size = v
            case "timeout": guard let v = Double(value) else { return nil }; timeout = v
            case "assets": assets = value
            case "updateSnapshots": updateSnapshots = value == "1"
            case "maxSeconds": guard let v = Double(value) else { return nil }; limits.maxSeconds = v
            case "maxMemory": guard let v = Int(value) else { return nil }; limits.maxMemory = v
            case "maxInstructions": guard let v = Int64(value) else { return nil }; limits.maxInstructions = v
            case "shard": guard let v = Shard(parsing: value) else { return nil }; shard = v
            case "coverage": coverage = value == "1" ? "-" : nil
            default: return nil
            }
        }
    }
}

enum WorkerOptionCoding {
    /// Bytes other than letters, digits and `-._/` as `%XX`.
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
            }
        }
        return out
    }

    static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var i = text.utf8.startIndex
        let utf8 = text.utf8
        while i != utf8.endIndex {
            if utf8[i] == UInt8(ascii: "%") {
                let hi = utf8.index(after: i)
                guard hi != utf8.endIndex else { return nil }
                let lo = utf8.index(after: hi)
                guard lo != utf8.endIndex, let byte = UInt8(String(decoding: [utf8[hi], utf8[lo]], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(byte)
                i = utf8.index(after: lo)
            } else {
                bytes.append(utf8[i])
                i = utf8.index(after: i)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
