/// The keys tables of docs/API.md, written from the kinds' key lists
/// (`Component.keys`, and `Popup.keys` for an open popup): a table follows
/// each `<!-- keys ui.tree -->` line. `ReferenceTests` regenerates them and
/// fails when they differ, and when a kind that acts on keys has no table.
extension Reference {
    /// The name a keys marker gives an open popup's keys.
    static let popupKeysName = "popup"

    /// The marker before a keys table: `<!-- keys ui.alert ui.confirm -->`
    /// (kinds whose keys are the same share one table).
    static func keysMarker(_ names: [String]) -> String {
        "<!-- keys \(names.joined(separator: " ")) -->"
    }

    /// The names a keys marker line gives, nil when the line is not one.
    static func keysMarkerNames(_ line: String) -> [String]? {
        guard line.hasPrefix("<!-- keys "), line.hasSuffix(" -->") else { return nil }
        return line.dropFirst("<!-- keys ".count).dropLast(" -->".count).split(separator: " ").map(String.init)
    }

    /// The key list a marker's name stands for: a kind's (`ui.tree`) or the popup's.
    static func keySpecs(named name: String) -> [KeySpec]? {
        if name == popupKeysName { return Popup.keys }
        return Registry.all.first { $0.kind.constructorName == name }?.keys
    }

    /// The table's lines: its header, then a row per spec: the keys, what they do.
    static func keysTable(_ specs: [KeySpec]) -> [String] {
        ["| key | action |", "|---|---|"] + specs.map { spec in
            let keys = spec.keys.isEmpty ? "any character" : spec.keys.map { "`\($0.name)`" }.joined(separator: ", ")
            return "| \(keys) | \(spec.description) |"
        }
    }

    /// `document` with every keys table rewritten from its marker, and the
    /// problems: a kind that acts on keys named by no marker (or by two), a
    /// marker naming an unknown kind, one without keys, or kinds whose keys differ.
    static func regenerateKeyTables(_ document: String) -> (text: String, problems: [String]) {
        var lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var problems: [String] = []
        var named: [String: Int] = [:]
        // Lines added so far by longer tables: places are told in the file as it was.
        var added = 0
        var i = 0
        while i < lines.count {
            defer { i += 1 }
            guard let names = keysMarkerNames(lines[i]) else { continue }
            let place = "docs/API.md:\(i + 1 - added)"
            let lists = names.map { ($0, keySpecs(named: $0)) }
            if let unknown = lists.first(where: { $0.1 == nil }) {
                problems.append("\(place): `\(unknown.0)` in a keys marker is no kind (nor `\(popupKeysName)`)")
                continue
            }
            let specs = lists.compactMap(\.1)
            guard let first = specs.first, !first.isEmpty else {
                problems.append("\(place): \(names.joined(separator: ", ")) acts on no key; its keys marker goes")
                continue
            }
            let table = keysTable(first)
            if let other = lists.first(where: { keysTable($0.1 ?? []) != table }) {
                problems.append("\(place): the keys of \(other.0) differ from those of \(names[0]); give each its own table")
            }
            for name in names { named[name, default: 0] += 1 }
            var end = i + 1
            while end < lines.count, lines[end].hasPrefix("|") { end += 1 }
            lines.replaceSubrange((i + 1)..<end, with: table)
            added += table.count - (end - i - 1)
            i += table.count
        }
        for component in Registry.all where !component.keys.isEmpty {
            let name = component.kind.constructorName
            if named[name, default: 0] != 1 {
                problems.append("docs/API.md: \(named[name, default: 0]) keys tables for \(name) (its section lists its keys "
                                + "after a `\(keysMarker([name]))` line)")
            }
        }
        return (lines.joined(separator: "\n"), problems)
    }
}
