import Foundation
import LuaBridge
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// What a kind must have beyond its file compiling, checked for each entry
/// of `Registry.all` (`ConformanceTests`). Each problem names the kind and
/// the part it lacks, as `ui.tree: semantics: …`.
///
/// The checks read the repository's files and run each kind's docs examples
/// in a host, so a part kept in a list outside the kind's file (the docs, the
/// fuzzer's screens, the stubs) cannot be forgotten without this failing.
struct Conformance {
    /// docs/API.md.
    let docs: String
    /// library/uihost.lua.
    let stubs: String
    /// The kinds Scripts/fuzz/screens.lua built over `fuzzSeeds` screens.
    let fuzzed: Set<String>
    /// The kinds screens/gallery.lua shows on its pages and in what its keys open.
    let gallery: Set<String>
    /// Where assets and scratch files are.
    let root: String
    let scratch: String
    /// The state a kind declares: its `Component.state` (a test takes one away).
    var declaredState: (any Component.Type) -> [any ComponentState.Type] = { $0.state }
    /// The keys a kind declares: its `Component.keys` (a test takes them away).
    var declaredKeys: (any Component.Type) -> [KeySpec] = { $0.keys }

    // MARK: - The parts

    func problems(_ component: any Component.Type) -> [String] {
        let name = component.kind.constructorName
        var problems: [String] = []
        let examples = docsExamples(of: component)
        if examples.isEmpty {
            problems.append("\(name): docs: no rendered example uses it in its section of docs/API.md "
                            + "(a `<!-- render WxH -->` example under a `### \(name)` heading; DocsTests checks its frame)")
        }
        var found = Found()
        for example in examples {
            do {
                try run(example, looking: component, into: &found)
            } catch {
                problems.append("\(name): docs: the example at docs/API.md:\(example.line) does not load: \(error)")
            }
        }
        if !examples.isEmpty {
            problems += semanticsProblems(component, found)
            problems += keysProblems(component, found)
            problems += stateProblems(component, found)
        }
        if !fuzzed.contains(component.kind.rawValue) {
            problems.append("\(name): fuzz: Scripts/fuzz/screens.lua never builds it (regenerate Scripts/fuzz/kinds.lua: "
                            + "UIHOST_UPDATE_REFERENCE=1 swift test --filter ReferenceTests)")
        }
        if !gallery.contains(component.kind.rawValue) {
            problems.append("\(name): gallery: screens/gallery.lua never shows it (on a page, or in what "
                            + Conformance.galleryKeys.joined(separator: ", ") + " open)")
        }
        if !stubs.contains("---@class \(component.luaClass) : ui.Component") {
            problems.append("\(name): stubs: library/uihost.lua has no `---@class \(component.luaClass)` "
                            + "(UIHOST_UPDATE_REFERENCE=1 swift test --filter ReferenceTests writes it)")
        }
        return problems
    }

    /// A kind that shows text (a string, items, rows or spans among its
    /// fields) must read with a role other than `group` and a label.
    private func semanticsProblems(_ component: any Component.Type, _ found: Found) -> [String] {
        let name = component.kind.constructorName
        guard !found.semantics.isEmpty else {
            return ["\(name): semantics: its docs examples show no node of it in the semantic tree (app:tree())"]
        }
        let undocumented = Set(found.semantics.map(\.role)).subtracting(documentedRoles).sorted()
        if !undocumented.isEmpty {
            return ["\(name): docs: its role " + undocumented.map { "`\($0)`" }.joined(separator: ", ")
                    + " is not among the roles docs/API.md lists for app:tree()"]
        }
        guard Conformance.showsText(component) else { return [] }
        if found.semantics.allSatisfy({ $0.role == "group" }) {
            return ["\(name): semantics: it reads as an empty `group` to a screen reader (its node's describe)"]
        }
        if found.semantics.allSatisfy({ $0.label.isEmpty }) {
            return ["\(name): semantics: it has no label (roles: "
                    + Set(found.semantics.map(\.role)).sorted().joined(separator: ", ") + ")"]
        }
        var problems: [String] = []
        if let field = Conformance.stateField(component), found.semantics.allSatisfy({ ($0.value ?? "").isEmpty }) {
            problems.append("\(name): semantics: it has no value, though its `\(field)` is state a screen reader says")
        }
        // A popup's rows are read while it is open (a collapsed dropdown holds none).
        if let field = Conformance.rowsField(component), found.semantics.allSatisfy({ $0.children.isEmpty && $0.expanded != false }) {
            problems.append("\(name): semantics: it holds no rows, though its `\(field)` are rows a screen reader reads")
        }
        return problems
    }

    /// The roles docs/API.md lists for `app:tree()`: the words in backticks
    /// from "`role` is" to the end of that sentence.
    var documentedRoles: Set<String> {
        guard let start = docs.range(of: "`role` is "),
              let end = docs.range(of: "; `label`", range: start.upperBound..<docs.endIndex) else { return [] }
        return Set(docs[start.upperBound..<end.lowerBound].matches(of: /`([a-z]+)`/).map { String($0.1) })
    }

    /// The field whose state a screen reader says as the kind's value: checked
    /// or not, on or off, the chosen item, the typed text.
    static func stateField(_ component: any Component.Type) -> String? {
        ["value", "checked", "on", "selected"].first { name in component.fields.contains { $0.name == name } }
    }

    /// The field of rows a screen reader reads as the kind's children: items, rows, lines, nodes.
    static func rowsField(_ component: any Component.Type) -> String? {
        component.fields.first { spec in
            switch spec.type {
            case .items, .rows: true
            default: false
            }
        }?.name
    }

    /// A kind whose node takes focus declares its keys, and the fuzzer presses them.
    private func keysProblems(_ component: any Component.Type, _ found: Found) -> [String] {
        let name = component.kind.constructorName
        guard found.focusable else { return [] }
        let keys = declaredKeys(component)
        guard !keys.isEmpty else {
            return ["\(name): keys: it takes focus but declares no keys (`static let keys`)"]
        }
        let missing = keys.allKeys.filter { !found.fuzzKeys.contains($0) }
        guard missing.isEmpty else {
            return ["\(name): fuzz: the fuzzer's keys for it focused (Host.fuzzHints) miss "
                    + missing.map(\.name).joined(separator: ", ")]
        }
        return []
    }

    /// Whatever its components keep between frames is declared in its
    /// `state`: else `--watch` would drop it on a reload without a word
    /// (`KeptState` takes only what the kind lists).
    private func stateProblems(_ component: any Component.Type, _ found: Found) -> [String] {
        let declared = Set(declaredState(component).map { ObjectIdentifier($0) })
        return found.state.filter { !declared.contains(ObjectIdentifier($0)) }.map { $0.name }.sorted().map {
            "\(component.kind.constructorName): state: its components keep `\($0)` between frames, but it is not in "
                + "the kind's `static var state` (so --watch would drop it on a reload)"
        }
    }

    static func showsText(_ component: any Component.Type) -> Bool {
        component.fields.contains { spec in
            switch spec.type {
            case .string, .items, .rows, .spans: true
            default: false
            }
        }
    }

    // MARK: - Running the docs examples

    struct Example {
        let line: Int
        let size: Size
        let keys: [String]
        let lua: String
    }

    /// What the examples showed of the kind.
    struct Found {
        var semantics: [Semantics] = []
        var focusable = false
        /// The fuzzer's keys while a node of it had focus (all of its nodes' together).
        var fuzzKeys: Set<Key> = []
        /// The kinds of state its components held once laid out and pressed with its keys.
        var state: [any ComponentState.Type] = []
    }

    /// The render examples of the sections whose heading names the kind, that use it.
    func docsExamples(of component: any Component.Type) -> [Example] {
        let lines = docs.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let uses = Conformance.mention(component.kind)
        let comment = /^<!-- render (\d+)x(\d+)(?: keys="([^"]*)")? -->$/
        var examples: [Example] = []
        var inSection = false
        for (i, line) in lines.enumerated() {
            if line.hasPrefix("## ") { inSection = false }
            if line.hasPrefix("### ") { inSection = line.contains(uses) }
            guard inSection, let match = line.wholeMatch(of: comment), i + 1 < lines.count, lines[i + 1] == "```lua",
                  let close = lines[(i + 2)...].firstIndex(of: "```") else { continue }
            let lua = lines[(i + 2)..<close].joined(separator: "\n") + "\n"
            guard lua.contains(uses) else { continue }
            examples.append(Example(line: i + 1, size: Size(cols: Int(match.1)!, rows: Int(match.2)!),
                                    keys: match.3.map { $0.split(separator: " ").map(String.init) } ?? [], lua: lua))
        }
        return examples
    }

    /// `ui.tab` but not `ui.tabs`.
    static func mention(_ kind: Kind) -> Regex<Substring> {
        try! Regex("ui\\." + kind.rawValue + "(?![A-Za-z0-9_])")
    }

    /// Loads the example, presses its keys, and notes what it shows of the kind:
    /// its nodes' semantics, whether one takes focus, and the fuzzer's keys for it.
    private func run(_ example: Example, looking component: any Component.Type, into found: inout Found) throws {
        let file = scratch + "/example-\(example.line).lua"
        try FileSystem.write(file, example.lua)
        let host = try Host(script: file, options: HostOptions(size: example.size, assetsDirectory: root + "/Assets"))
        for name in example.keys {
            if name.hasPrefix("wait:"), let ms = Int(name.dropFirst(5)) {
                host.advance(ms)
            } else if let key = Key(name: name) {
                host.send(.key(key))
            }
        }
        let kind = component.kind.rawValue
        if let tree = host.semanticTree() { Conformance.collect(tree, where: { $0.kind == kind }, into: &found.semantics) }
        var ids: [UnsafeRawPointer] = []
        var focusable: [(Node, Layer)] = []
        for layer in host.layers {
            for node in Conformance.nodes(layer.root) where node.component?.kind == component.kind {
                ids.append(node.id)
                guard node.isFocusable else { continue }
                found.focusable = true
                host.navigator.focus(node, in: layer)
                found.fuzzKeys.formUnion(host.fuzzHints().keys)
                focusable.append((node, layer))
            }
        }
        // Its keys, pressed on each of its nodes focused, make what state it keeps.
        for (node, layer) in focusable where host.quitCode == nil {
            for key in component.keys.allKeys where host.quitCode == nil {
                _ = host.render()
                host.navigator.focus(node, in: layer)
                host.send(.key(key))
            }
        }
        _ = host.render()
        for id in ids {
            for kind in host.interaction.kinds(heldFor: id) where !found.state.contains(where: { $0 == kind }) {
                found.state.append(kind)
            }
        }
    }

    // MARK: - The gallery

    /// What shows each page of screens/gallery.lua.
    static let galleryPages = ["1", "2", "3", "4", "5"]
    /// What opens its sheet, its two dialogs and its drawer (Esc closes each).
    static let galleryKeys = ["s", "a", "c", "f2"]

    /// The kinds of every node the gallery shows on its pages and in what its keys open.
    static func galleryKinds(root: String) throws -> Set<String> {
        let host = try Host(script: root + "/screens/gallery.lua",
                            options: HostOptions(size: Size(cols: 80, rows: 24), assetsDirectory: root + "/Assets"))
        var kinds: Set<String> = []
        func look() {
            var shown: [Semantics] = []
            if let tree = host.semanticTree() { collect(tree, where: { $0.kind != nil }, into: &shown) }
            kinds.formUnion(shown.compactMap(\.kind))
        }
        for page in galleryPages {
            host.send(.key(Key(name: page)!))
            look()
        }
        for key in galleryKeys {
            host.send(.key(Key(name: key)!))
            look()
            host.send(.key(Key(name: "esc")!))
        }
        return kinds
    }

    static func collect(_ node: Semantics, where include: (Semantics) -> Bool, into found: inout [Semantics]) {
        if include(node) { found.append(node) }
        for child in node.children { collect(child, where: include, into: &found) }
    }

    static func nodes(_ node: Node) -> [Node] {
        [node] + node.children.flatMap(nodes)
    }
}
