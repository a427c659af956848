import Foundation

/// What `uihost help` lists, read back from its text: the commands a user
/// types and the options, each with its spellings and whether it takes a
/// value. The tests of the man page and the completions compare with it.
struct HelpText {
    /// `render`, `test`, … (not `run`, which is `uihost SCREEN.lua`).
    var commands: [String] = []
    /// `--size` → takes a value; `-o` and `--output` both listed.
    var options: [String: Bool] = [:]

    init(_ text: String) {
        var inOptions = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "options:" { inOptions = true; continue }
            if inOptions {
                if line.isEmpty { break }
                // `  --size COLSxROWS        frame size …`, `  -o, --output FILE   …`:
                // the option's spellings and value, up to the two spaces before its description.
                guard line.hasPrefix("  -") else { continue }
                let left = line.dropFirst(2).split(separator: "  ", maxSplits: 1)[0]
                let spellings = left.split(separator: ", ").map { $0.split(separator: " ") }
                let takesValue = (spellings.last?.count ?? 0) > 1
                for words in spellings { options[String(words[0])] = takesValue }
                continue
            }
            // `usage: uihost render …` and `       uihost test …`.
            let trimmed = line.drop { $0 == " " }
            let body = trimmed.hasPrefix("usage: ") ? trimmed.dropFirst(7) : trimmed
            guard body.hasPrefix("uihost ") else { continue }
            let word = body.dropFirst(7).prefix { $0 != " " }
            if let first = word.first, first.isLowercase, !commands.contains(String(word)) {
                commands.append(String(word))
            }
        }
    }
}
