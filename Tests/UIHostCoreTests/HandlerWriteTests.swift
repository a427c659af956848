import XCTest
@testable import UIHostCore

/// A handler's writes into components are recorded by their proxies, so the
/// host reads again only the components written (`Compositor.noteScriptWrites`),
/// and only when that gives the frame a whole read gives.
final class HandlerWriteTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "handler-writes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Two hosts on one screen: one reads only what changed, one reads all.
    private func hosts(_ source: String) throws -> (part: UIHostCore.Host, whole: UIHostCore.Host) {
        let path = directory + "/screen.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        func open(_ readsOnlyChanges: Bool) throws -> UIHostCore.Host {
            var options = HostOptions(size: Size(cols: 40, rows: 12))
            options.readsOnlyChanges = readsOnlyChanges
            return try UIHostCore.Host(script: path, options: options)
        }
        return (try open(true), try open(false))
    }

    private static let texts = """
        local texts = {}
        for i = 1, 50 do texts[i] = ui.text("row " .. i) end
        local label = ui.text "nothing yet"
        """

    func testAHandlerThatChangesOneTextReadsOnlyThatText() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            return ui.screen { label,
              ui.button { title = "Run", onSelect = function(self) label.text = "went"; self.title = "Ran" end },
              ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        func press() {
            part.send(.key(.enter))
            whole.send(.key(.enter))
            XCTAssertEqual(part.render(), whole.render())
        }
        // The first key after loading may read the whole tree (what the host
        // wrote as defaults at the first layout goes with it).
        press()
        let before = part.compositor.scriptUpdates
        for _ in 0..<3 { press() }
        XCTAssertTrue(part.render().text.contains("went"))
        XCTAssertEqual(part.compositor.scriptUpdates - before, 3, "each handler's writes read alone")
        XCTAssertEqual(whole.compositor.scriptUpdates, 0)
    }

    func testWritesThatMoveOtherComponentsReadTheWholeTree() throws {
        // `hidden` takes a row out of the stack: what follows moves up.
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            return ui.screen { label,
              ui.button { title = "Hide", onSelect = function() label.hidden = not label.hidden end },
              ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        part.send(.key(.enter))
        whole.send(.key(.enter))
        XCTAssertEqual(part.render(), whole.render())
        XCTAssertFalse(part.render().text.contains("nothing yet"))
        XCTAssertEqual(part.compositor.scriptUpdates, 0, "a layout change is read whole")
    }

    /// Presses Enter on both hosts `times` times, comparing the frames after
    /// each; returns how many of the part-reading host's layouts read in part.
    private func press(_ part: UIHostCore.Host, _ whole: UIHostCore.Host, times: Int, key: Key = .enter,
                       file: StaticString = #filePath, line: UInt = #line) -> (script: Int, subtree: Int) {
        let before = (part.compositor.scriptUpdates, part.compositor.subtreeUpdates)
        for _ in 0..<times {
            part.send(.key(key))
            whole.send(.key(key))
            XCTAssertEqual(part.render(), whole.render(), file: file, line: line)
        }
        return (part.compositor.scriptUpdates - before.0, part.compositor.subtreeUpdates - before.1)
    }

    func testHidingATextInAFixedSizeContainerReadsOnlyTheContainer() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            return ui.screen {
              ui.button { title = "Hide", onSelect = function() label.hidden = not label.hidden end },
              ui.vstack { height = 3, ui.text "above", label, ui.text "below" },
              ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        _ = press(part, whole, times: 2)
        let counts = press(part, whole, times: 4)
        XCTAssertEqual(counts.script, 4, "each toggle read in part")
        XCTAssertEqual(counts.subtree, 4, "each toggle read the container again")
        XCTAssertTrue(part.render().text.contains("nothing yet"))
        _ = press(part, whole, times: 1)
        XCTAssertFalse(part.render().text.contains("nothing yet"))
    }

    /// Sixty lists hold plain tables (their items), which a script may change
    /// without a write the proxies see: each is read again after a handler,
    /// but alone, not with the whole tree; a change inside one shows.
    func testManyComponentsHoldingTablesAreReadAloneAfterAHandler() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            local lists = {}
            for i = 1, 60 do lists[i] = ui.list { items = { "item " .. i, "other" } } end
            return ui.screen {
              ui.button { title = "Run", onSelect = function() label.text = "went"; lists[1].items[1] = "changed inside" end },
              label, ui.vstack(lists), ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        _ = press(part, whole, times: 1)
        let counts = press(part, whole, times: 3)
        XCTAssertEqual(counts.script, 3, "each handler's writes read in part")
        XCTAssertTrue(part.render().text.contains("changed inside"))
    }

    /// A container whose children a handler replaces whole (rawset through
    /// the proxy, then new children), in a fixed-size box: only the box is
    /// read again, and a click lands on the new button.
    func testReplacedChildrenAreReadWithTheirContainerAndTakeClicks() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            local n = 0
            local box = ui.vstack { height = 3, ui.text "first" }
            return ui.screen {
              ui.button { title = "Swap", onSelect = function()
                for i = #box, 1, -1 do rawset(box, i, nil) end
                n = n + 1
                box[1] = ui.button { title = "new " .. n, onSelect = function() label.text = "clicked " .. n end }
              end },
              box, label, ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        _ = press(part, whole, times: 1)
        let counts = press(part, whole, times: 2)
        XCTAssertEqual(counts.subtree, 2, "the box is read again with its children")
        guard let at = part.render().find("new 3") else { return XCTFail(part.render().text) }
        for host in [part, whole] {
            host.send(.mouse(MouseEvent(.press, column: at.x + 1, row: at.y + 1)))
            host.send(.mouse(MouseEvent(.release, column: at.x + 1, row: at.y + 1)))
        }
        XCTAssertEqual(part.render(), whole.render())
        XCTAssertTrue(part.render().text.contains("clicked 3"), part.render().text)
    }

    /// A data source that writes into a component while its rows are read
    /// (a hostile script): the record waits for the next layout, and both
    /// hosts show the write then.
    func testWritesFromADataSourceAreReadAtTheNextLayout() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            local calls = 0
            return ui.screen {
              ui.list { count = 5, item = function(i) calls = calls + 1; label.text = "row " .. i .. " call " .. calls; return "item " .. i end },
              label, ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        for key in [Key.down, .down, .up, .down] {
            part.send(.key(key))
            whole.send(.key(key))
            XCTAssertEqual(part.render(), whole.render(), "after \(key.name)")
        }
        XCTAssertTrue(part.render().text.contains("call"), part.render().text)
    }

    /// A spinner shown by a read in part (a tab switched to a page holding
    /// one): the clock turns it, as after a whole read.
    func testASpinnerShownByAReadInPartTurns() throws {
        let (part, whole) = try hosts("""
            return ui.screen {
              ui.tabs { height = 4, ui.tab { title = "one", ui.text "nothing" },
                        ui.tab { title = "two", ui.progress { label = "turning" } } },
              ui.text "below" }
            """)
        XCTAssertEqual(part.render(), whole.render())
        _ = press(part, whole, times: 1, key: .right)
        XCTAssertTrue(part.render().text.contains("turning"), part.render().text)
        XCTAssertEqual(part.compositor.subtreeUpdates, 1, "the tab switch read the tabs again")
        var lines: Set<String> = []
        for ms in [100, 100, 100, 100] {
            part.send(.tick(ms))
            whole.send(.tick(ms))
            XCTAssertEqual(part.render(), whole.render())
            lines.insert(part.render().text)
        }
        XCTAssertGreaterThan(lines.count, 1, "the spinner turns")
    }

    /// A sheet over the screen: a handler in it hides a text in a fixed-size
    /// box of the sheet. Only the box is read again, in the sheet's layer; the
    /// screen beneath stays drawn as backdrop, and Tab and Enter afterwards
    /// reach the sheet's controls as after a whole read.
    func testAReadInPartInsideASheetKeepsTheLayersAndFocus() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            local box = ui.vstack { height = 2, label, ui.text "kept" }
            local sheet = ui.sheet { title = "Sheet",
              ui.button { title = "Toggle", onSelect = function() label.hidden = not label.hidden end },
              box,
              ui.button { title = "Other", onSelect = function() box[2].text = "other pressed" end } }
            return ui.screen { ui.button { title = "Open", onSelect = function() ui.present(sheet) end }, ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        _ = press(part, whole, times: 1)
        XCTAssertTrue(part.render().text.contains("Toggle"), part.render().text)
        _ = press(part, whole, times: 1)
        let counts = press(part, whole, times: 3)
        XCTAssertEqual(counts.subtree, 3, "each toggle read the box again")
        XCTAssertTrue(part.render().text.contains("row 1"), "the screen shows beneath: \(part.render().text)")
        _ = press(part, whole, times: 1, key: .tab)
        _ = press(part, whole, times: 1)
        XCTAssertTrue(part.render().text.contains("other pressed"), part.render().text)
    }
}
