import XCTest
@testable import UIHostCore

/// The line of a bad field inside a constructor's table (FieldLocator): what
/// an error in a table written over many lines points at.
final class FieldLocatorTests: XCTestCase {
    private func line(_ source: String, call: Int, _ constructor: String, _ path: String) -> Int? {
        FieldLocator.line(in: Array(source.utf8), callLine: call, constructor: constructor,
                          path: FieldLocator.steps(path) ?? [])
    }

    func testPathsAsMessagesWriteThem() {
        XCTAssertEqual(FieldLocator.steps("title"), [.name("title")])
        XCTAssertEqual(FieldLocator.steps("items[2].title"), [.name("items"), .index(2), .name("title")])
        XCTAssertEqual(FieldLocator.steps("[3]"), [.index(3)])
        XCTAssertEqual(FieldLocator.steps("style.fg"), [.name("style"), .name("fg")])
        XCTAssertNil(FieldLocator.steps("[x]"))
        XCTAssertNil(FieldLocator.steps(""))
        // A key a script made huge is not walked: its line is not looked for.
        XCTAssertNil(FieldLocator.steps(String(repeating: "z", count: FieldLocator.longestPath + 1)))
        XCTAssertEqual(FieldLocator.steps(String(repeating: "z", count: FieldLocator.longestPath))?.count, 1)
    }

    func testANamedFieldOnItsOwnLine() {
        let source = """
        return ui.screen {
          ui.text { title = 1 },
          title = true,
        }
        """
        XCTAssertEqual(line(source, call: 1, "ui.screen", "title"), 3)
    }

    func testAChildByPosition() {
        let source = """
        return ui.screen {
          title = "a, b",
          ui.text "one",
          -- ui.text "a comment is no child", {
          [[ a long
          string ]],
          42,
        }
        """
        XCTAssertEqual(line(source, call: 1, "ui.screen", "[1]"), 3)
        XCTAssertEqual(line(source, call: 1, "ui.screen", "[2]"), 5)
        XCTAssertEqual(line(source, call: 1, "ui.screen", "[3]"), 7)
    }

    func testItemsAndTheirFields() {
        let source = """
        local list = ui.list({
          items = {
            { title = "a" },
            {
              subtitle = "{",
              title = false,
            },
          },
        })
        """
        XCTAssertEqual(line(source, call: 1, "ui.list", "items[2].title"), 6)
        // A field that is missing: the item that lacks it.
        XCTAssertEqual(line(source, call: 1, "ui.list", "items[2].icon"), 4)
        XCTAssertEqual(line(source, call: 1, "ui.list", "items"), 2)
    }

    func testNothingWhenTheCallCannotBeToldApart() {
        let two = """
        return ui.hstack { ui.button { title = "a" }, ui.button {
          title = true } }
        """
        XCTAssertNil(line(two, call: 1, "ui.button", "title"))
        XCTAssertEqual(line(two, call: 1, "ui.hstack", "[2]"), 1)
        let alias = "local b = button {\n  title = true }"
        XCTAssertNil(line(alias, call: 1, "ui.button", "title"))
        let variable = "local t = {\n title = true }\nreturn ui.button(t)"
        XCTAssertNil(line(variable, call: 3, "ui.button", "title"))
        // The field is not written in the table (set later, or a typo elsewhere).
        XCTAssertNil(line("return ui.button {\n}", call: 1, "ui.button", "title"))
    }

    func testStringsAndCommentsHideBracketsAndLines() {
        let source = """
        return ui.screen { -- {
          text = "}\\"{", note = '\\
        }', other = [==[ ]] }
        ]==], --[[ }
        ]]
          title = 1 == 2,
        }
        """
        XCTAssertEqual(line(source, call: 1, "ui.screen", "title"), 6)
        XCTAssertEqual(line(source, call: 1, "ui.screen", "other"), 3)
    }

    func testLinesCountAsLuaCountsThem() {
        XCTAssertEqual(line("return ui.screen {\r\n\r\n  title = 1 }", call: 1, "ui.screen", "title"), 3)
        XCTAssertEqual(line("#!/usr/bin/env uihost\nreturn ui.screen {\n\n  title = 1 }", call: 2, "ui.screen", "title"), 4)
    }
}
