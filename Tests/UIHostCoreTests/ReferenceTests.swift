import Foundation
import XCTest
@testable import UIHostCore

/// The component classes and constructors of library/uihost.lua, the `ui`
/// constructor names of .luacheckrc and the field and keys tables of
/// docs/API.md say what the registry says: names, summaries, types, defaults, keys. All are regenerated
/// from the registry and compared; `UIHOST_UPDATE_REFERENCE=1 swift test
/// --filter ReferenceTests` writes the regenerated files instead (the binary
/// embeds library/uihost.lua when it is built next).
final class ReferenceTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let update = ProcessInfo.processInfo.environment["UIHOST_UPDATE_REFERENCE"] == "1"

    private func check(_ relativePath: String, _ regenerate: (String) -> (text: String, problems: [String])) throws {
        let url = ReferenceTests.root.appendingPathComponent(relativePath)
        let text = try String(contentsOf: url, encoding: .utf8)
        let (expected, problems) = regenerate(text)
        for problem in problems { XCTFail(problem) }
        if expected == text { return }
        if ReferenceTests.update {
            try expected.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let old = text.split(separator: "\n", omittingEmptySubsequences: false)
        let new = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let diff = new.difference(from: old).map { change -> String in
            switch change {
            case .remove(let i, let line, _): "\(relativePath):\(i + 1): - \(line)"
            case .insert(_, let line, _): "\(relativePath): + \(line)"
            }
        }
        XCTFail("\(relativePath) differs from the registry (UIHOST_UPDATE_REFERENCE=1 rewrites it):\n"
                + diff.joined(separator: "\n"))
    }

    func testStubFieldLinesMatchTheRegistry() throws {
        try check("library/uihost.lua", Reference.regenerateStubs)
    }

    func testLuacheckConstructorNamesMatchTheRegistry() throws {
        try check(".luacheckrc", Reference.regenerateLuacheck)
    }

    func testFuzzKindsMatchTheRegistry() throws {
        try check("Scripts/fuzz/kinds.lua", Reference.regenerateFuzzKinds)
    }

    func testDocsFieldTablesMatchTheRegistry() throws {
        try check("docs/API.md", Reference.regenerateDocs)
    }

    func testDocsKeyTablesMatchTheKeysEachKindDeclares() throws {
        try check("docs/API.md", Reference.regenerateKeyTables)
    }

    func testAKeysTableIsWrittenFromItsKindAndAMissingOneIsAProblem() {
        let stale = """
            <!-- keys ui.tabs -->
            | key | action |
            |---|---|
            | `up` | gone |

            <!-- keys ui.alert ui.confirm -->
            <!-- keys ui.nothing -->
            """
        let (text, problems) = Reference.regenerateKeyTables(stale)
        XCTAssertTrue(text.contains("| `left` | Previous tab: calls onChange |\n| `right` | Next tab: calls onChange |\n\n"), text)
        XCTAssertFalse(text.contains("gone"), text)
        XCTAssertTrue(text.contains("| `enter`, `space` | Answer with the focused button: calls onChoice |"), text)
        XCTAssertTrue(problems.contains("docs/API.md:7: `ui.nothing` in a keys marker is no kind (nor `popup`)"),
                      problems.joined(separator: "\n"))
        XCTAssertTrue(problems.contains { $0.hasPrefix("docs/API.md: 0 keys tables for ui.tree") }, problems.joined(separator: "\n"))
        XCTAssertFalse(problems.contains { $0.contains("for ui.tabs") || $0.contains("for ui.alert") }, problems.joined(separator: "\n"))
    }

    func testEveryKindIsRegisteredOnceWithItsOwnClass() {
        let kinds = Registry.all.map { $0.kind }
        XCTAssertEqual(Set(kinds).count, kinds.count, "a kind is registered twice")
        let classes = Registry.all.map { $0.luaClass }
        XCTAssertEqual(Set(classes).count, classes.count, "two kinds share a LuaLS class")
        for component in Registry.all {
            let names = component.fields.map { $0.name }
            XCTAssertEqual(Set(names).count, names.count, "\(component.kind.constructorName) declares a field twice")
            XCTAssertFalse(names.contains("id"), "\(component.kind.constructorName): `id` is common to every component")
        }
    }

    func testAChangedSpecShowsInTheRegeneratedStubs() {
        let common = Reference.commonRegion, classes = Reference.classRegion, constructors = Reference.constructorRegion
        let items = Reference.itemRegion
        let stale = [common.begin, Reference.Region.beginSecondLine, "---@class ui.Component", common.end,
                     items.begin, Reference.Region.beginSecondLine, "---@class ui.ListItem", items.end,
                     classes.begin, Reference.Region.beginSecondLine,
                     "---A button.", "---@class ui.Button : ui.Component", "---@field title? number The label.", "",
                     classes.end, "ui = {}", constructors.begin, Reference.Region.beginSecondLine, constructors.end,
                     "function ui.push(screen) end"].joined(separator: "\n")
        let (text, problems) = Reference.regenerateStubs(stale)
        XCTAssertEqual(problems, [])
        XCTAssertTrue(text.contains("---@field title? string The label (default \"\")."), text)
        // The meaning of docs/API.md's table as a sentence: links as their text, the default added.
        XCTAssertTrue(text.contains("---@field onSelect? fun(button: ui.Button) `onSelect(button)`: Enter, Space or a click."), text)
        XCTAssertTrue(text.contains("---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer "
                                    + "(the first that asks); see Focus (default false)."), text)
        XCTAssertTrue(text.contains("---@field colSpan? integer In a grid: how many columns it covers (default 1)."), text)
        XCTAssertTrue(text.contains("---@class ui.Checkbox : ui.Component"), text)
        XCTAssertTrue(text.contains("---@param props ui.Text|string Fields, or the text itself.\n---@return ui.Text\nfunction ui.text(props) end"), text)
        XCTAssertTrue(text.contains("---@return boolean?\nfunction ui.confirm(props) end"), text)
        XCTAssertTrue(text.hasSuffix(constructors.end + "\nfunction ui.push(screen) end"), text)
        XCTAssertFalse(text.contains("number The label"), text)
        // An item class: a required field is not optional.
        XCTAssertTrue(text.contains("---@class ui.ListItem\n---@field title string The row's text (required).\n"), text)
        XCTAssertTrue(text.contains("---@field disabled? boolean Drawn dim; the cursor can rest on it but it cannot be "
                                    + "activated (default false)."), text)
        XCTAssertTrue(text.contains("---@class ui.TableColumn\n"), text)
        // `ui.log` also logs: its class is generated, its constructor is written by hand.
        XCTAssertTrue(text.contains("---@class ui.Log : ui.Component"), text)
        XCTAssertFalse(text.contains("function ui.log("), text)
    }

    func testAFileWithoutTheRegionsIsAProblem() {
        let (_, problems) = Reference.regenerateStubs("ui = {}\nfunction ui.button(props) end")
        XCTAssertEqual(problems.count, 4, problems.joined(separator: "\n"))
        let (_, luacheck) = Reference.regenerateLuacheck("local ui = {}")
        XCTAssertEqual(luacheck.count, 1)
    }

    func testTheLuacheckRegionListsEveryConstructor() {
        let config = [Reference.luacheckRegion.begin, Reference.Region.beginSecondLine, Reference.luacheckRegion.end].joined(separator: "\n")
        let (text, _) = Reference.regenerateLuacheck(config)
        for component in Registry.all { XCTAssertTrue(text.contains("\"\(component.kind.rawValue)\","), component.kind.rawValue) }
    }

    func testAStaleDocsTableIsWrittenFromTheSpecsMeaningsIncluded() {
        let stale = """
            <!-- fields ui.button -->
            | field | type | default | meaning |
            |---|---|---|---|
            | `title` | number | `0` | a meaning kept by hand |
            | `gone` | string | — | removed |

            <!-- fields ui.vstack -->
            | field | type | default | meaning |
            |---|---|---|---|
            | `spacing` | integer | `0` | old |
            | `[1]`, `[2]`, … | component | — | old |

            """
        let (text, problems) = Reference.regenerateDocs(stale)
        XCTAssertFalse(problems.contains { $0.contains("ui.button") || $0.contains("ui.vstack") }, problems.joined(separator: "\n"))
        XCTAssertTrue(text.contains("| `title` | string | `\"\"` | \(Reference.docsRows(ButtonNode.self)[0].meaning) |"), text)
        XCTAssertTrue(text.contains("| `disabled` | boolean | `false` | "), text)
        XCTAssertFalse(text.contains("by hand") || text.contains("gone") || text.contains("old"), text)
        // The children's row stays where it was, with the meaning of its `ChildPolicy`.
        XCTAssertTrue(text.contains("| `spacing` | integer 0…1000 | `0` | empty rows between children |\n"
                                    + "| `[1]`, `[2]`, … | component | — | children, top to bottom |\n| `align` |"), text)
    }

    func testAMeaningWithABarIsEscapedInTheTable() {
        let spec = FieldSpec(name: "x", type: .string, doc: "`a|b` or c")
        XCTAssertEqual(spec.stubDoc, "`a|b` or c.")
        XCTAssertEqual(FieldSpec.sentence("see [Focus](#focus)", defaultValue: .value(.boolean(false))), "See Focus (default false).")
    }
}
