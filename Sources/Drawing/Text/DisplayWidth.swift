/// How many terminal columns text takes (docs/API.md, "Reading this reference").
///
/// Width is measured per grapheme cluster (`Character`), never per scalar, so a
/// base letter with combining marks, an emoji ZWJ sequence or a flag is counted
/// once. A cluster is 0, 1 or 2 columns:
///
/// - 2: East Asian Width W or F (`あ`, `猫`, `Ａ`, `😀`); an emoji-capable base
///   followed by U+FE0F (`✉️`); an emoji ZWJ sequence; a regional-indicator pair.
/// - 0: controls, format characters (ZWSP, ZWJ, BOM), line/paragraph separators,
///   and a cluster made only of combining marks.
/// - 1: everything else, including East Asian Ambiguous (`…`, `─`) and an emoji
///   followed by U+FE0E (`⌚︎`).
///
/// In a string, a tab reaches the next multiple of `tabStop` columns from the
/// string's start, as `FrameBuffer.put` and `TextLayout` lay it out (a lone
/// tab `Character` is 0: it has no width without a place).
///
/// W/F comes from the generated `wideRanges` (Scripts/gen-width-table.py). The
/// stdlib's Unicode data is usually newer than that table, so emoji it marks
/// Emoji_Presentation count as wide even when the table does not know them yet.
public enum DisplayWidth {
    /// Tab stops, in columns from the start of the text (docs/API.md, "ui.text").
    public static let tabStop = 8

    static func afterTab(_ column: Int) -> Int {
        column - column % tabStop + tabStop
    }

    /// Columns a grapheme cluster takes in a terminal: 0, 1 or 2.
    public static func of(_ c: Character) -> Int {
        // `asciiValue` is also set for "\r\n" (as "\n"): 0 either way.
        if let byte = c.asciiValue {
            return byte >= 0x20 && byte < 0x7F ? 1 : 0
        }
        return clusterWidth(c.unicodeScalars)
    }

    /// Sum over the string's Characters.
    public static func of<S: StringProtocol>(_ s: S) -> Int {
        // All-ASCII text never needs grapheme breaking: count printable bytes.
        if case let width?? = s.utf8.withContiguousStorageIfAvailable(asciiWidth) {
            return width
        }
        // Measure through a concrete type: callers in other modules reach this
        // function unspecialized, and a generic character loop is slow.
        if let string = s as? String { return width(of: string[...]) }
        if let substring = s as? Substring { return width(of: substring) }
        var total = 0
        for c in s {
            total = c == "\t" ? afterTab(total) : total + of(c)
        }
        return total
    }
}

// MARK: - Clusters

extension DisplayWidth {
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    private static let textPresentation: Unicode.Scalar = "\u{FE0E}"
    private static let emojiPresentation: Unicode.Scalar = "\u{FE0F}"

    /// Printable ASCII bytes in `bytes`, or nil when any byte is not ASCII.
    private static func asciiWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var width = 0
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if byte >= 0x20 && byte != 0x7F { width &+= 1 } else if byte == 0x09 { width = afterTab(width) }
        }
        return width
    }

    private static func width(of text: Substring) -> Int {
        let utf8 = text.utf8
        let end = text.endIndex
        var total = 0
        var index = text.startIndex
        while index < end {
            // Between two ASCII bytes there is always a cluster boundary (except
            // inside "\r\n", hence CR takes the slow path).
            let byte = utf8[index]
            if byte == 0x09 {
                total = afterTab(total)
                index = utf8.index(after: index)
                continue
            }
            if byte < 0x80 && byte != 0x0D {
                let next = utf8.index(after: index)
                if next == end || utf8[next] < 0x80 {
                    if byte >= 0x20 && byte != 0x7F { total += 1 }
                    index = next
                    continue
                }
            }
            let next = text.index(after: index)
            total += clusterWidth(text.unicodeScalars[index..<next])
            index = next
        }
        return total
    }

    static func clusterWidth<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars) -> Int {
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return scalarWidth(base) }

        if isRegionalIndicator(base) {
            return isRegionalIndicator(second) ? 2 : scalarWidth(base)
        }
        let emojiBase = base.properties.isEmoji
        if emojiBase && second == textPresentation { return 1 }

        var width = scalarWidth(base)
        var next: Unicode.Scalar? = second
        var afterJoiner = false
        while let scalar = next {
            if emojiBase {
                if scalar == emojiPresentation { return 2 }
                if afterJoiner && scalar.properties.isEmoji { return 2 }
                afterJoiner = scalar == zeroWidthJoiner
            }
            // The widest part decides: "e\u{301}" is 1, a Hangul L+V+T syllable is 2.
            width = max(width, scalarWidth(scalar))
            next = iterator.next()
        }
        return width
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}

// MARK: - Scalars

extension DisplayWidth {
    /// Width of one scalar standing on its own.
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v >= 0x20 ? 1 : 0 }
        if v < 0xA0 { return 0 }  // DEL and C1 controls
        // Latin-1 and Latin Extended hold no marks, no format characters except
        // U+00AD SOFT HYPHEN (terminals draw it as "-"), and nothing wide.
        if v < 0x300 { return 1 }
        if isWide(v) { return 2 }
        // Box Drawing, Block Elements, Geometric Shapes: frequent in a UI, all
        // narrow once the few wide geometric shapes have been found above.
        if (0x2500...0x25FF).contains(v) { return 1 }

        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control,
             .lineSeparator, .paragraphSeparator:
            return 0
        default:
            break
        }
        // Hangul medial vowels and final consonants join the preceding initial.
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }
        // Emoji newer than the table. Below U+1F000 every Emoji_Presentation
        // scalar is already W; regional indicators are N and paired in clusters.
        if v >= 0x1F000 && !isRegionalIndicator(scalar) && scalar.properties.isEmojiPresentation {
            return 2
        }
        return 1
    }

    /// Whether `v` lies in one of the generated East Asian Wide/Fullwidth ranges.
    static func isWide(_ v: UInt32) -> Bool {
        if v < 0x1100 { return false }
        return wideRanges.withUnsafeBufferPointer { table in
            var low = 0
            var high = table.count - 1
            while low <= high {
                let mid = (low + high) >> 1
                let range = table[mid]
                if v < range.0 {
                    high = mid - 1
                } else if v > range.1 {
                    low = mid + 1
                } else {
                    return true
                }
            }
            return false
        }
    }
}
