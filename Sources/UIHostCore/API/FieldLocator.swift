import LuaBridge

/// Finds the line of a bad field inside a constructor's table, so that an
/// error in a table written over many lines points at the field, not at the
/// line where the call starts (all Lua's debug information gives).
///
/// It reads the script's text: from the call's line it finds the one
/// `ui.KIND {` (or `ui.KIND({`) there, then walks the table's entries (names,
/// positional entries, nested tables) with a small Lua lexer that skips
/// strings and comments. When the call cannot be told apart (two on one
/// line, an alias such as `local b = ui.button`, a table in a variable) the
/// answer is nil and the call's line stands. Only runs for an error.
enum FieldLocator {
    /// One step of a field's path: `items[2].title` is name, index, name.
    enum Step: Equatable {
        case name(String)
        case index(Int)
    }

    /// The longest path, in bytes, whose line is looked for.
    static let longestPath = 256

    /// The steps of a path as messages write it (`items[2].title`, `[3]`); nil
    /// when it is not one. A script's table may have a key of 10^7 characters:
    /// past `longestPath` bytes it is not looked for (walking it by character
    /// took a second).
    static func steps(_ path: String) -> [Step]? {
        guard path.utf8.count <= longestPath else { return nil }
        var steps: [Step] = []
        var rest = Substring(path)
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let n = Int(rest[rest.index(after: rest.startIndex)..<close]) else {
                    return nil
                }
                steps.append(.index(n))
                rest = rest[rest.index(after: close)...]
            } else {
                if rest.first == "." { rest = rest.dropFirst() }
                let name = rest.prefix { $0 == "_" || $0.isLetter || $0.isNumber }
                guard !name.isEmpty, name.allSatisfy(\.isASCII) else { return nil }
                steps.append(.name(String(name)))
                rest = rest.dropFirst(name.count)
            }
        }
        return steps.isEmpty ? nil : steps
    }

    /// `file:line: ` for a problem at `path` in the table of the running
    /// constructor call: the field's line when it can be found, else the
    /// call's (and the call's without a path: `ConstructorProblems` bounds the searches).
    static func location(_ L: OpaquePointer, constructor: String, path: [Step]?) -> String {
        guard let place = LuaStack(L).caller() else { return "" }
        var line = place.line
        if let path, let text = text(of: place.source),
           let found = FieldLocator.line(in: text, callLine: place.line, constructor: constructor, path: path) {
            line = found
        }
        return "\(place.shortSource):\(line): "
    }

    /// Scripts larger than this are not searched.
    static let maxSource = 1 << 20

    private static func text(of source: String) -> [UInt8]? {
        if source.hasPrefix("@") {
            guard let bytes = try? FileSystem.read(String(source.dropFirst())), bytes.count <= maxSource else { return nil }
            return bytes
        }
        // A chunk loaded from a string carries its text; `=name` carries none.
        return source.hasPrefix("=") || source.utf8.count > maxSource ? nil : Array(source.utf8)
    }

    /// The line of the deepest step of `path` found in the table of the one call
    /// of `constructor` (`ui.button`) that starts on `callLine` of `source`.
    static func line(in source: [UInt8], callLine: Int, constructor: String, path: [Step]) -> Int? {
        var lexer = Lexer(source)
        let tokens = lexer.tokens()
        let parts = constructor.split(separator: ".").map(String.init)
        guard parts.count == 2 else { return nil }
        var found: [Int] = []
        var i = tokens.startIndex
        while i < tokens.endIndex, tokens[i].line <= callLine {
            defer { i += 1 }
            guard tokens[i].line == callLine, i + 3 < tokens.count,
                  tokens[i].text == parts[0], tokens[i + 1].text == ".", tokens[i + 2].text == parts[1] else { continue }
            // `ui` after a `.` or `:` is some other table's field.
            if i > 0, tokens[i - 1].text == "." || tokens[i - 1].text == ":" { continue }
            if tokens[i + 3].text == "{" {
                found.append(i + 3)
            } else if tokens[i + 3].text == "(", i + 4 < tokens.count, tokens[i + 4].text == "{" {
                found.append(i + 4)
            } else {
                found.append(-1)   // a call that is not of a table written here
            }
        }
        guard found.count == 1, let open = found.first, open >= 0 else { return nil }
        return entryLine(tokens, open: open, path[...])
    }

    /// The line of `path` within the table opening at token `open`, as deep as it goes.
    private static func entryLine(_ tokens: [Token], open: Int, _ path: ArraySlice<Step>) -> Int? {
        guard let step = path.first else { return nil }
        var i = open + 1
        var position = 0
        while i < tokens.count, tokens[i].text != "}" {
            let start = i
            var valueStart = i
            var matches = false
            if tokens[i].kind == .name, i + 1 < tokens.count, tokens[i + 1].text == "=" {
                matches = step == .name(tokens[i].text)
                valueStart = i + 2
            } else if tokens[i].text == "[" {
                valueStart = -1   // `[expr] = value`: not named as messages name fields
            } else {
                position += 1
                matches = step == .index(position)
            }
            // Skip the entry: to the `,` or `;` or the `}` at this depth.
            var depth = 0
            while i < tokens.count {
                let t = tokens[i].text
                if tokens[i].kind == .punct {
                    if t == "{" || t == "(" || t == "[" { depth += 1 }
                    else if t == "}" || t == ")" || t == "]" {
                        if depth == 0 { break }
                        depth -= 1
                    } else if depth == 0, t == "," || t == ";" { break }
                }
                i += 1
            }
            if matches {
                if path.count > 1, valueStart >= 0, valueStart < tokens.count, tokens[valueStart].text == "{",
                   let deeper = entryLine(tokens, open: valueStart, path.dropFirst()) {
                    return deeper
                }
                return tokens[start].line
            }
            if i < tokens.count, tokens[i].text != "}" { i += 1 }
        }
        return nil
    }

    struct Token {
        enum Kind { case name, punct, other }
        let kind: Kind
        /// A name or punctuation; empty for strings and numbers.
        let text: String
        let line: Int
    }

    /// Just enough of Lua's lexer: names, brackets and separators, with
    /// strings, long strings and comments skipped and lines counted as Lua does.
    struct Lexer {
        let s: [UInt8]
        var i = 0
        var line = 1

        init(_ source: [UInt8]) { s = source }

        private func at(_ k: Int) -> UInt8 { k < s.count ? s[k] : 0 }

        private mutating func newline() {
            // \n, \r, \r\n and \n\r each count once.
            let c = s[i]
            i += 1
            if i < s.count, s[i] != c, s[i] == 10 || s[i] == 13 { i += 1 }
            line += 1
        }

        /// The level of a long bracket opening at `i` (`[[` 0, `[==[` 2), or nil.
        private func longLevel() -> Int? {
            guard at(i) == UInt8(ascii: "[") else { return nil }
            var k = i + 1
            while at(k) == UInt8(ascii: "=") { k += 1 }
            return at(k) == UInt8(ascii: "[") ? k - i - 1 : nil
        }

        private mutating func skipLong(_ level: Int) {
            i += level + 2
            while i < s.count {
                if s[i] == 10 || s[i] == 13 { newline(); continue }
                if s[i] == UInt8(ascii: "]") {
                    var k = i + 1
                    while at(k) == UInt8(ascii: "=") { k += 1 }
                    if k - i - 1 == level, at(k) == UInt8(ascii: "]") { i = k + 1; return }
                }
                i += 1
            }
        }

        mutating func tokens() -> [Token] {
            var result: [Token] = []
            if s.first == UInt8(ascii: "#") {   // a `#!` first line
                while i < s.count, s[i] != 10, s[i] != 13 { i += 1 }
            }
            while i < s.count {
                let c = s[i]
                switch c {
                case 10, 13:
                    newline()
                case UInt8(ascii: " "), UInt8(ascii: "\t"), 11, 12:
                    i += 1
                case UInt8(ascii: "-") where at(i + 1) == UInt8(ascii: "-"):
                    i += 2
                    if let level = longLevel() {
                        skipLong(level)
                    } else {
                        while i < s.count, s[i] != 10, s[i] != 13 { i += 1 }
                    }
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    let startLine = line
                    i += 1
                    while i < s.count, s[i] != c {
                        if s[i] == UInt8(ascii: "\\") {
                            i += 1
                            if i < s.count, s[i] == 10 || s[i] == 13 { newline(); continue }
                            if at(i) == UInt8(ascii: "z") {   // \z skips the white space after it
                                i += 1
                                while i < s.count, s[i] == 32 || s[i] == 9 || s[i] == 10 || s[i] == 13 {
                                    if s[i] == 10 || s[i] == 13 { newline() } else { i += 1 }
                                }
                                continue
                            }
                        } else if s[i] == 10 || s[i] == 13 {
                            break   // an unfinished string: Lua would not have loaded the chunk
                        }
                        i += 1
                    }
                    i += 1
                    result.append(Token(kind: .other, text: "", line: startLine))
                case UInt8(ascii: "["):
                    if let level = longLevel() {
                        let startLine = line
                        skipLong(level)
                        result.append(Token(kind: .other, text: "", line: startLine))
                    } else {
                        result.append(Token(kind: .punct, text: "[", line: line))
                        i += 1
                    }
                case _ where c == UInt8(ascii: "_") || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")):
                    let start = i
                    while i < s.count, s[i] == UInt8(ascii: "_") || (s[i] | 0x20 >= UInt8(ascii: "a") && s[i] | 0x20 <= UInt8(ascii: "z"))
                        || (s[i] >= UInt8(ascii: "0") && s[i] <= UInt8(ascii: "9")) { i += 1 }
                    result.append(Token(kind: .name, text: String(decoding: s[start..<i], as: UTF8.self), line: line))
                case _ where c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"):
                    // A number, with any exponent sign (`1e-5`, `0x1p+4`).
                    while i < s.count {
                        let d = s[i]
                        let isExponent = d | 0x20 == UInt8(ascii: "e") || d | 0x20 == UInt8(ascii: "p")
                        if isExponent, at(i + 1) == UInt8(ascii: "-") || at(i + 1) == UInt8(ascii: "+") { i += 2; continue }
                        guard d == UInt8(ascii: ".") || d == UInt8(ascii: "_") || (d | 0x20 >= UInt8(ascii: "a") && d | 0x20 <= UInt8(ascii: "z"))
                            || (d >= UInt8(ascii: "0") && d <= UInt8(ascii: "9")) else { break }
                        i += 1
                    }
                    result.append(Token(kind: .other, text: "", line: line))
                case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "~"):
                    // `==`, `<=`, `>=`, `~=` are not the `=` of a field.
                    let two = at(i + 1) == UInt8(ascii: "=")
                    result.append(Token(kind: .punct, text: two ? "==" : String(UnicodeScalar(c)), line: line))
                    i += two ? 2 : 1
                case UInt8(ascii: "."):
                    // `..` and `...` are operators, not the `.` of `ui.button`.
                    var k = i
                    while at(k) == UInt8(ascii: ".") { k += 1 }
                    result.append(Token(kind: .punct, text: k - i == 1 ? "." : "..", line: line))
                    i = k
                default:
                    result.append(Token(kind: .punct, text: c < 0x80 ? String(UnicodeScalar(c)) : "", line: line))
                    i += 1
                }
            }
            return result
        }
    }
}
