/// Text a script controls, written into an XML document: the SVG and HTML
/// pictures (`render --format svg|html`) and the JUnit report.
///
/// Markup characters become entities. A character XML 1.0 does not allow — a
/// C0 control other than tab, newline and CR, U+FFFE, U+FFFF (a surrogate
/// cannot be in a `String`: invalid UTF-8 is U+FFFD already) — becomes
/// U+FFFD: a document holding one is not well-formed, and a viewer shows
/// nothing at all rather than the rest of it.
public enum XMLText {
    /// `attribute`: also `"` as `&quot;`, for a value between double quotes.
    public static func escape(_ text: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            default: out.unicodeScalars.append(allowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// XML 1.0's `Char` production.
    static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
