#if canImport(Glibc)
import Glibc
#endif

/// Where a document can be cut into pieces that parse alone as they parse
/// together, so that a 10 MB document shows its first screen after parsing
/// its first 64 KiB, and the rest is parsed as it is scrolled to.
///
/// A piece ends before a line that starts a new top-level block: a line at
/// column 0 after an empty line, outside fenced code and the HTML blocks that
/// may hold empty lines, and not a list item (cutting a list would restart its
/// numbers). Nothing of CommonMark joins such a line to what came before, but
/// link reference definitions, which apply to the whole document: those are
/// collected once and given to every piece (`references`).
enum MarkdownChunker {
    /// A piece ends at the first good place past this many bytes...
    static let target = 64 << 10
    /// ...and at a line's start past this many (one block of more than 1 MiB, a
    /// huge table, parses as two: the host's work for a piece stays bounded).
    static let hardLimit = 1 << 20
    /// Reference definitions given to each piece: at most these many bytes.
    static let maxReferenceBytes = 64 << 10

    private enum Open {
        case none
        case fence(UInt8, Int)
        case html([UInt8])
    }

    /// The end of the piece that starts at `start`, and, when it ends inside a
    /// table (at the hard limit), the table's header and delimiter rows: given
    /// before the next piece, its rows parse as the same table's.
    /// `carried`: the header of a table the piece before ended inside, whose
    /// rows this piece starts with.
    static func piece(of text: UnsafeBufferPointer<UInt8>, from start: Int, carrying carried: [UInt8]? = nil) -> (end: Int, tableHeader: [UInt8]?) {
        let n = text.count
        guard n - start > target else { return (n, nil) }
        var open = Open.none
        var line = start
        var previousBlank = false
        var previousLine = start
        // The header and delimiter rows of the table the lines are in, if any.
        var table: Range<Int>?
        var carried = carried
        while line < n {
            let next = lineEnd(text, line)
            let blank = isBlank(text, line, next)
            if line - start >= hardLimit {
                guard line > start else { return (min(n, utf8Boundary(text, start + hardLimit)), nil) }
                return (line, table.map { Array(text[$0]) + (text[$0.upperBound - 1] == 0x0A ? [] : [0x0A]) } ?? carried)
            }
            if line - start >= target, previousBlank, !blank, case .none = open, startsTopLevelBlock(text, line, next) {
                return (line, nil)
            }
            if blank {
                table = nil
                carried = nil
            } else if case .none = open, table == nil, line > start, !previousBlank,
                      isDelimiterRow(text, line, next), contains(text, previousLine, line, [UInt8(ascii: "|")]) {
                table = previousLine..<next
            }
            open = advance(open, text, line, next)
            previousBlank = blank
            previousLine = line
            line = next
        }
        return (n, nil)
    }

    /// `| :-- | --: |`: pipes, colons, dashes and spaces, with a dash and a pipe.
    private static func isDelimiterRow(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var dash = false, pipe = false
        for k in start..<end {
            switch text[k] {
            case UInt8(ascii: "-"): dash = true
            case UInt8(ascii: "|"): pipe = true
            case UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D: break
            default: return false
            }
        }
        return dash && pipe
    }

    /// Lines that define link references (`[name]: url`), outside fenced code,
    /// joined: given to every piece so that `[text][name]` finds its target.
    static func references(in text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var open = Open.none
        var line = 0
        while line < text.count {
            let next = lineEnd(text, line)
            if case .none = open {
                var k = line
                while k < next, k - line < 3, text[k] == 0x20 { k += 1 }
                if k < next, text[k] == UInt8(ascii: "["), contains(text, k, next, [0x5D, 0x3A]) {
                    if out.count + (next - line) + 1 > maxReferenceBytes { break }
                    out.append(contentsOf: text[line..<next])
                    if out.last != 0x0A { out.append(0x0A) }
                }
            }
            open = advance(open, text, line, next)
            line = next
        }
        if !out.isEmpty { out.append(0x0A) }
        return out
    }

    // MARK: - Lines

    /// The index past the line at `start` (after its `\n`).
    private static func lineEnd(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        // memchr: the reference scan walks every line of a 10 MB document before its first frame.
        guard start < text.count, let base = text.baseAddress else { return text.count }
        let from = UnsafeRawPointer(base + start)
        guard let found = memchr(from, 0x0A, text.count - start) else { return text.count }
        return start + (UnsafeRawPointer(found) - from) + 1
    }

    private static func isBlank(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        for k in start..<end where !(text[k] == 0x20 || text[k] == 0x09 || text[k] == 0x0A || text[k] == 0x0D) { return false }
        return true
    }

    /// Column 0, and not a list item (`- `, `* `, `+ `, `1. `, `1) `).
    private static func startsTopLevelBlock(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let c = text[start]
        if c == 0x20 || c == 0x09 { return false }
        let second = start + 1 < end ? text[start + 1] : 0x0A
        if (c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+")) && (second == 0x20 || second == 0x09 || second == 0x0A) {
            return false
        }
        var k = start
        while k < end, k - start < 9, text[k] >= 0x30, text[k] <= 0x39 { k += 1 }
        if k > start, k < end, text[k] == UInt8(ascii: ".") || text[k] == UInt8(ascii: ")") { return false }
        return true
    }

    /// Fenced code and HTML blocks that may hold empty lines: opened and closed line by line.
    private static func advance(_ open: Open, _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Open {
        var k = start
        while k < end, k - start < 3, text[k] == 0x20 { k += 1 }
        switch open {
        case .fence(let c, let count):
            var run = 0
            while k + run < end, text[k + run] == c { run += 1 }
            return run >= count && isBlank(text, k + run, end) ? .none : open
        case .html(let closing):
            return contains(text, start, end, closing) ? .none : open
        case .none:
            guard k < end else { return .none }
            let c = text[k]
            if c == UInt8(ascii: "`") || c == UInt8(ascii: "~") {
                var run = 0
                while k + run < end, text[k + run] == c { run += 1 }
                if run >= 3 { return .fence(c, run) }
            }
            if c == UInt8(ascii: "<") {
                if hasPrefix(text, k, end, "<!--") {
                    return contains(text, k + 4, end, Array("-->".utf8)) ? .none : .html(Array("-->".utf8))
                }
                for tag in ["pre", "script", "style", "textarea"] where hasPrefix(text, k + 1, end, tag) {
                    let closing = Array("</\(tag)>".utf8)
                    return contains(text, k, end, closing) ? .none : .html(closing)
                }
            }
            return .none
        }
    }

    private static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ prefix: String) -> Bool {
        var k = start
        for p in prefix.utf8 {
            guard k < end, text[k] | 0x20 == p | 0x20 else { return false }
            k += 1
        }
        return true
    }

    /// Whether `needle` occurs in text[start..<end] (ASCII letters matched without case).
    private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ needle: [UInt8]) -> Bool {
        guard end - start >= needle.count, !needle.isEmpty else { return false }
        var k = start
        while k + needle.count <= end {
            var i = 0
            while i < needle.count, text[k + i] | 0x20 == needle[i] | 0x20 { i += 1 }
            if i == needle.count { return true }
            k += 1
        }
        return false
    }

    /// `k`, moved back to the start of a UTF-8 character.
    private static func utf8Boundary(_ text: UnsafeBufferPointer<UInt8>, _ k: Int) -> Int {
        var i = min(k, text.count)
        while i > 0, i < text.count, text[i] & 0xC0 == 0x80 { i -= 1 }
        return i
    }
}
