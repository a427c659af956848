import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// The registry's promise: every kind in `Registry.all` has what a kind needs,
/// and one that lacks a part fails here, named with the part:
/// - semantics: in its docs examples, it reads with a role docs/API.md lists
///   for `app:tree()`, other than `group`
///   and a label when it shows text, a value when it has state (`value`,
///   `checked`, `on`, `selected`), rows when it has items or rows (its node's `describe`);
/// - keys: when its node takes focus, it declares the keys it acts on
///   (`static let keys`), and the fuzzer presses every one of them;
/// - docs: its section of docs/API.md has a rendered example that uses it
///   (DocsTests checks the frame, ReferenceTests its fields and keys tables);
/// - fuzzing: Scripts/fuzz/screens.lua builds it (a kind without a builder
///   there is built from its fields, as Scripts/fuzz/kinds.lua lists them);
/// - gallery: screens/gallery.lua shows it (the example screen of every kind);
/// - stubs: library/uihost.lua has its class;
/// - state: what its components keep between frames (a caret, a cursor, a
///   scroll), once laid out and pressed with its keys, is in its `state`.
/// Adding a kind is its file, its line in `Registry.all` and its test file;
/// this says what else is missing.
final class ConformanceTests: XCTestCase {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    /// Screens of the fuzzer looked at for the kinds it builds: enough that
    /// each kind shows up (the rarest, a dialog, in a few of them).
    static let fuzzSeeds = 1...60

    private var scratch: ScratchDirectory!

    override func setUp() {
        scratch = ScratchDirectory(prefix: "uih-conformance")
    }

    override func tearDown() {
        scratch.remove()
    }

    private func conformance() throws -> Conformance {
        let root = ConformanceTests.root
        return Conformance(docs: try text(root + "/docs/API.md"), stubs: try text(root + "/library/uihost.lua"),
                           fuzzed: try fuzzedKinds(), gallery: try galleryKinds(), root: root, scratch: scratch.path)
    }

    private func text(_ path: String) throws -> String {
        String(decoding: try FileSystem.read(path), as: UTF8.self)
    }

    /// What `fuzzedKinds` and `galleryKinds` found, worked out once for the tests of the run.
    nonisolated(unsafe) private static var fuzzed: Set<String>?
    nonisolated(unsafe) private static var gallery: Set<String>?

    private func galleryKinds() throws -> Set<String> {
        if let gallery = ConformanceTests.gallery { return gallery }
        let kinds = try Conformance.galleryKinds(root: ConformanceTests.root)
        ConformanceTests.gallery = kinds
        return kinds
    }

    /// The kinds Scripts/fuzz/screens.lua builds over `fuzzSeeds` screens, as
    /// the fuzzer runs it (screens.lua records them in `fuzz_kinds`).
    private func fuzzedKinds() throws -> Set<String> {
        if let fuzzed = ConformanceTests.fuzzed { return fuzzed }
        let kinds = try screensBuild(seeds: ConformanceTests.fuzzSeeds, recorded: "fuzz_kinds")
        ConformanceTests.fuzzed = kinds
        return kinds
    }

    /// The names screens.lua records in the global table `recorded` over
    /// `seeds` screens built with `options` (a Lua table constructor).
    private func screensBuild(seeds: ClosedRange<Int>, options: String = "nil", recorded: String) throws -> Set<String> {
        let fuzz = ConformanceTests.root + "/Scripts/fuzz"
        for name in ["screens.lua", "rng.lua", "kinds.lua"] { try scratch.write("fuzz/" + name, try text(fuzz + "/" + name)) }
        var names: Set<String> = []
        for seed in seeds {
            let main = try scratch.write("fuzz/main.lua", "return require(\"screens\")(\(seed), \(options))\n")
            let host = try Host(script: main, options: HostOptions(assetsDirectory: ConformanceTests.root + "/Assets"))
            _ = host.render()
            let lua = host.lua
            try lua.load("local t = {} for k in pairs(\(recorded)) do t[#t + 1] = k end return table.concat(t, ' ')",
                         chunkName: "=recorded")
            try lua.call(nargs: 0, nresults: 1)
            names.formUnion((lua.stack.string(at: -1) ?? "").split(separator: " ").map(String.init))
            lua.stack.pop()
        }
        return names
    }

    func testEveryKindHasSemanticsKeysDocsFuzzingGalleryAndStubs() throws {
        let conformance = try conformance()
        for component in Registry.all {
            for problem in conformance.problems(component) { XCTFail(problem) }
        }
    }

    // MARK: - The check fails where a part is missing

    func testAKindMissingFromTheDocsFuzzingGalleryOrStubsIsNamedWithThePart() throws {
        let whole = try conformance()
        // The tree's section, the badge's class, the log's fuzzing, the tag's place in the gallery taken away.
        var docs = whole.docs
        let section = try XCTUnwrap(docs.range(of: "### ui.tree\n"))
        let next = try XCTUnwrap(docs.range(of: "\n### ", range: section.upperBound..<docs.endIndex))
        docs.removeSubrange(section.lowerBound..<next.lowerBound)
        let lacking = Conformance(docs: docs, stubs: whole.stubs.replacingOccurrences(of: "---@class ui.Badge :", with: "---@class ui.Gone :"),
                                  fuzzed: whole.fuzzed.subtracting(["log"]), gallery: whole.gallery.subtracting(["tag"]),
                                  root: whole.root, scratch: whole.scratch)
        XCTAssertTrue(lacking.problems(TreeNode.self).contains { $0.hasPrefix("ui.tree: docs: no rendered example") },
                      lacking.problems(TreeNode.self).joined(separator: "\n"))
        XCTAssertTrue(lacking.problems(BadgeNode.self).contains { $0.hasPrefix("ui.badge: stubs: ") })
        XCTAssertTrue(lacking.problems(LogNode.self).contains { $0.hasPrefix("ui.log: fuzz: ") })
        XCTAssertEqual(lacking.problems(TagNode.self), ["ui.tag: gallery: screens/gallery.lua never shows it (on a page, or in what s, a, c, f2 open)"])
        XCTAssertEqual(lacking.problems(ButtonNode.self), [], "a kind with every part has no problem")
    }

    /// A kind added to the host needs no builder in screens.lua: one is made
    /// from the fields it declares (kinds.lua), and screens add it. Here for
    /// kinds whose builders the options take away, leaves and containers.
    func testAKindWithoutABuilderIsFuzzedFromItsDeclaredFields() throws {
        let unbuilt: Set = ["tag", "grid", "tabs", "progress"]
        let options = "{ unbuilt = { " + unbuilt.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + " } }"
        let generic = try screensBuild(seeds: 1...30, options: options, recorded: "fuzz_generic")
        XCTAssertTrue(generic.isSuperset(of: unbuilt), "built from their fields: \(generic.sorted())")
        XCTAssertTrue(generic.contains("tab"), "a container's children of its one kind are built from their fields too")
        let added = try screensBuild(seeds: 1...30, options: options, recorded: "fuzz_added")
        XCTAssertEqual(added, unbuilt, "a kind nothing else builds is added to screens")
        // Without options, what is built from its fields is what has no builder, added by screens.
        XCTAssertEqual(try screensBuild(seeds: 1...30, recorded: "fuzz_generic"),
                       try screensBuild(seeds: 1...30, recorded: "fuzz_added"))
    }

    func testAKindWhoseRoleTheDocsDoNotListIsNamed() throws {
        let whole = try conformance()
        let lacking = Conformance(docs: whole.docs.replacingOccurrences(of: "`tag`, `sparkline`, ", with: ""),
                                  stubs: whole.stubs, fuzzed: whole.fuzzed, gallery: whole.gallery,
                                  root: whole.root, scratch: whole.scratch)
        XCTAssertEqual(lacking.problems(TagNode.self),
                       ["ui.tag: docs: its role `tag` is not among the roles docs/API.md lists for app:tree()"])
        XCTAssertEqual(lacking.problems(BadgeNode.self), [], "a kind whose role is listed has no problem")
    }

    func testAKindWhoseComponentsKeepStateItDoesNotDeclareIsNamed() throws {
        var lacking = try conformance()
        lacking.declaredState = { $0 == TreeNode.self || $0 == ListNode.self ? [] : $0.state }
        XCTAssertTrue(lacking.problems(TreeNode.self).contains { $0.hasPrefix("ui.tree: state: its components keep `TreeState`") },
                      lacking.problems(TreeNode.self).joined(separator: "\n"))
        XCTAssertTrue(lacking.problems(ListNode.self).contains { $0.hasPrefix("ui.list: state: its components keep `ListScroll`") },
                      lacking.problems(ListNode.self).joined(separator: "\n"))
        XCTAssertEqual(lacking.problems(InputNode.self), [], "a kind that declares its state has no problem")
    }

    func testAFocusableKindWithoutKeysIsNamed() throws {
        var lacking = try conformance()
        lacking.declaredKeys = { $0 == TagNode.self || $0 == TreeNode.self ? [] : $0.keys }
        XCTAssertEqual(lacking.problems(TagNode.self), ["ui.tag: keys: it takes focus but declares no keys (`static let keys`)"])
        XCTAssertEqual(lacking.problems(TreeNode.self), ["ui.tree: keys: it takes focus but declares no keys (`static let keys`)"])
        XCTAssertEqual(lacking.problems(BadgeNode.self), [], "a kind that takes no focus needs no keys")
    }

    func testAKindThatShowsTextButReadsAsAGroupWithoutALabelValueOrRowsIsNamed() throws {
        let whole = try conformance()
        XCTAssertFalse(Conformance.showsText(VStack.self), "a stack holds no text of its own")
        XCTAssertTrue(Conformance.showsText(BadgeNode.self))
        XCTAssertTrue(Conformance.showsText(TreeNode.self))
        // Outside a ui.tabs a ui.tab is drawn as a plain column: a group, though it has a title.
        // A button without a title has nothing to read.
        let docs = """
            ### ui.tabs / ui.tab

            <!-- render 20x4 -->
            ```lua
            return ui.screen { ui.vstack { ui.tab { title = "Lost" } } }
            ```

            ### ui.button

            <!-- render 20x4 -->
            ```lua
            return ui.screen { ui.button {} }
            ```

            ### ui.list

            <!-- render 20x4 -->
            ```lua
            return ui.screen { ui.list { items = {} } }
            ```
            """
        // The roles app:tree() has, as the real docs list them.
        let roles = try XCTUnwrap(whole.docs.split(separator: "\n").first { $0.contains("`role` is ") })
        let lacking = Conformance(docs: docs + "\n\n" + roles, stubs: whole.stubs, fuzzed: whole.fuzzed, gallery: whole.gallery,
                                  root: whole.root, scratch: whole.scratch)
        XCTAssertEqual(lacking.problems(TabPage.self), ["ui.tab: semantics: it reads as an empty `group` to a screen reader (its node's describe)"])
        XCTAssertEqual(lacking.problems(ButtonNode.self), ["ui.button: semantics: it has no label (roles: button)"])
        // An empty list reads with a label ("0 items") but nothing chosen and no rows.
        XCTAssertEqual(lacking.problems(ListNode.self), [
            "ui.list: semantics: it has no value, though its `selected` is state a screen reader says",
            "ui.list: semantics: it holds no rows, though its `items` are rows a screen reader reads",
        ])
    }
}
