import XCTest
@testable import UIHostCore

/// A handler's writes into components are recorded by their proxies, so the
/// host reads again only the components written (`Compositor.noteScriptWrites`),
/// and only when that gives the frame a whole read gives.
final class HandlerWriteTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uih-handler-writes")

    override func tearDown() {
        scratch.remove()
    }

    /// Two hosts on one screen: one reads only what changed, one reads all.
    private func hosts(_ source: String) throws -> (part: UIHostCore.Host, whole: UIHostCore.Host) {
        let path = try scratch.write("screen.lua", source)
        return try partAndWholeHosts(script: path, size: Size(cols: 40, rows: 12))
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

    /// A field inside a row inside a form, read again alone: Enter still
    /// moves on to the form's next field (the node read again knows its form).
    func testAFieldInARowOfAFormReadAgainStillMovesOnWithEnter() throws {
        let (part, whole) = try hosts("""
            local first = ui.input { value = "one" }
            local second = ui.input { value = "two" }
            return ui.screen {
              ui.form { ui.hstack { ui.text "Name", first }, second, onSubmit = function() end },
              onKey = function(key) if key == "f6" then first.value = "written"; return true end end }
            """)
        XCTAssertEqual(part.render(), whole.render())
        for key in [Key.function(6), .function(6), .enter] {
            part.send(.key(key))
            whole.send(.key(key))
            XCTAssertEqual(part.render(), whole.render(), "after \(key.name)")
        }
        XCTAssertGreaterThan(part.compositor.scriptUpdates, 0, "the field was read alone")
        XCTAssertTrue(part.render().text.contains("› [two"), part.render().text)
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

    /// A text at the top level switching between one row and two changes
    /// the size of everything up to the screen: only the text is read again,
    /// and the screen, which does not scroll, places its children again from
    /// the nodes in memory. What moved below it is where a whole read puts
    /// it: its clicks, the focus.
    func testATextGrowingAtTheTopLevelIsReadAloneAndTheScreenPlacedAgain() throws {
        let (part, whole) = try hosts("""
            local label = ui.text "short"
            local long = string.rep("grows to two rows ", 3)
            local n = 0
            local count = ui.text "count 0"
            return ui.screen {
              ui.button { title = "Grow", onSelect = function() label.text = label.text == long and "short" or long end },
              ui.vstack { label, ui.text "beside" },
              ui.button { title = "Count", onSelect = function() n = n + 1; count.text = "count " .. n end },
              count, ui.text "row 1",
              ui.button { title = "Last", onSelect = function() label.text = long .. long end } }
            """)
        XCTAssertEqual(part.render(), whole.render())
        _ = press(part, whole, times: 1)
        let layouts = part.compositor.inPlaceLayouts
        XCTAssertEqual(press(part, whole, times: 4).script, 4, "each switch read the label alone")
        XCTAssertEqual(part.compositor.inPlaceLayouts - layouts, 4, "and placed the screen again from memory")
        _ = press(part, whole, times: 1)
        // The button below the label moved down a row: a click finds it there.
        guard let at = part.render().find("Count") else { return XCTFail(part.render().text) }
        for host in [part, whole] {
            host.send(.mouse(MouseEvent(.press, column: at.x + 1, row: at.y + 1)))
            host.send(.mouse(MouseEvent(.release, column: at.x + 1, row: at.y + 1)))
        }
        XCTAssertEqual(part.render(), whole.render())
        XCTAssertTrue(part.render().text.contains("count 1"), part.render().text)
        // The last button's write grows the label to three rows.
        _ = press(part, whole, times: 2, key: .tab)
        let before = part.compositor.inPlaceLayouts
        _ = press(part, whole, times: 1)
        XCTAssertEqual(part.compositor.inPlaceLayouts - before, 1)
        _ = press(part, whole, times: 2, key: .shiftTab)
        _ = press(part, whole, times: 2)
        XCTAssertEqual(part.errors, [])
    }

    /// The same on a screen that scrolls: the screen places its children
    /// again from memory and keeps its offset as a whole layout would; the
    /// frames, the focus scrolled into view and the clicks match.
    func testATextGrowingOnAScreenThatScrollsIsPlacedFromMemory() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            local long = string.rep("grows to two rows ", 3)
            return ui.screen {
              ui.button { title = "Grow", onSelect = function() label.text = label.text == long and "short" or long end },
              label, ui.vstack(texts),
              ui.button { title = "Last", onSelect = function() label.text = long .. long end } }
            """)
        XCTAssertEqual(part.render(), whole.render())
        _ = press(part, whole, times: 1)
        let layouts = part.compositor.inPlaceLayouts
        _ = press(part, whole, times: 3)
        XCTAssertEqual(part.compositor.inPlaceLayouts - layouts, 3, "placed from memory, not read whole")
        _ = press(part, whole, times: 1, key: .tab)
        XCTAssertTrue(part.render().text.contains("Last"), part.render().text)
        _ = press(part, whole, times: 2)
        _ = press(part, whole, times: 1, key: .shiftTab)
        _ = press(part, whole, times: 2)
        XCTAssertEqual(part.errors, [])
    }

    /// A list's cursor moved (the host's write, which keeps its size) and a
    /// text that grows, in one key: the text is placed from memory after the
    /// list is read. Two texts that change size together, at the bottom of
    /// a screen scrolled by hand to its end, are read with their container:
    /// placed one after the other, the one that shrinks first would clamp
    /// the screen's offset to content the other then makes longer again.
    func testWritesBesideOneThatChangesSizeArePlacedTogether() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            local long = string.rep("grows to two rows ", 3)
            local other = ui.text "other"
            return ui.screen {
              ui.list { items = { "one", "two", "three" },
                onHighlight = function(_, index) label.text = index == 2 and long or "short" end },
              label, ui.vstack(texts), other,
              onKey = function(key)
                if key ~= "f6" then return end
                -- One shrinks as the other grows, in either order.
                if label.text == long then other.text = long; label.text = "short"
                else label.text = long; other.text = "short" end
                return true
              end }
            """)
        XCTAssertEqual(part.render(), whole.render())
        _ = press(part, whole, times: 1, key: .down)
        let layouts = part.compositor.inPlaceLayouts
        for key in [Key.up, .down, .up, .down] { _ = press(part, whole, times: 1, key: key) }
        XCTAssertEqual(part.compositor.inPlaceLayouts - layouts, 4, "the list read, the text placed from memory")
        for host in [part, whole] {
            for _ in 0..<20 { host.send(.mouse(MouseEvent(.scroll(3), column: 5, row: 6))) }
        }
        XCTAssertEqual(part.render(), whole.render())
        XCTAssertTrue(part.render().text.contains("row 50"), part.render().text)
        _ = press(part, whole, times: 4, key: .function(6))
        XCTAssertEqual(part.errors, [])
    }

    /// A handler that hides, shows, adds and removes children of the screen
    /// itself: the screen is read again and takes its other children as
    /// they were: it reads a fraction of the table entries the host that
    /// reads everything reads, and the frames, focus and clicks match.
    func testChildrenAddedOrHiddenAtTheTopLevelKeepTheOthers() throws {
        let (part, whole) = try hosts("""
            local texts = {}
            for i = 1, 400 do texts[i] = ui.text("row " .. i) end
            local label = ui.text "a label at the top"
            local screen
            screen = ui.screen { label,
              ui.button { title = "Hide", onSelect = function() label.hidden = not label.hidden end },
              ui.button { title = "Add", onSelect = function() table.insert(screen, 5, ui.text "added") end },
              ui.button { title = "Remove", onSelect = function()
                if screen[5].text == "added" then table.remove(screen, 5) end
              end } }
            for _, t in ipairs(texts) do screen[#screen + 1] = t end
            return screen
            """)
        XCTAssertEqual(part.render(), whole.render())
        _ = press(part, whole, times: 1)
        let before = (part.compositor.scriptUpdates, part.work.entriesRead, whole.work.entriesRead)
        _ = press(part, whole, times: 3)
        _ = press(part, whole, times: 1, key: .tab)
        _ = press(part, whole, times: 3)
        _ = press(part, whole, times: 1, key: .tab)
        _ = press(part, whole, times: 2)
        XCTAssertEqual(part.compositor.scriptUpdates - before.0, 8, "each handler's writes read in part")
        #if DEBUG
        // A read of the screen reads its list of children (about 3 entries a
        // child); a whole read reads every child's fields (about 24).
        let read = (part: part.work.entriesRead - before.1, whole: whole.work.entriesRead - before.2)
        XCTAssertLessThan(read.part * 4, read.whole, "the other children kept, not read again: \(read)")
        #endif
        XCTAssertTrue(part.render().text.contains("row 1"), part.render().text)
        _ = press(part, whole, times: 2, key: .shiftTab)
        _ = press(part, whole, times: 1)
        XCTAssertEqual(part.errors, [])
    }

    /// The same at the top of a sheet and of a drawer, which place
    /// themselves in part of the frame: each is read again alone, keeping
    /// its other children, and placed as a whole read places it.
    func testChildrenAddedOrHiddenAtTheTopOfASheetOrDrawer() throws {
        let open = ["sheet": ("", "ui.present(top)", "height = 9,"), "drawer": ("drawer = top,", "ui.openDrawer()", "")]
        for layer in ["sheet", "drawer"] {
            let (field, opening, size) = open[layer]!
            let (part, whole) = try hosts("""
                local label = ui.text "a label at the top"
                local top
                top = ui.\(layer) { \(size) label,
                  ui.button { title = "Hide", onSelect = function() label.hidden = not label.hidden end },
                  ui.button { title = "Add", onSelect = function() table.insert(top, 4, ui.text "added") end } }
                for i = 1, 40 do top[#top + 1] = ui.text("row " .. i) end
                return ui.screen { title = "Under", \(field)
                  ui.button { title = "Open", onSelect = function() \(opening) end } }
                """)
            XCTAssertEqual(part.render(), whole.render(), layer)
            _ = press(part, whole, times: 1)
            XCTAssertTrue(part.render().text.contains("Hide"), "\(layer): \(part.render().text)")
            _ = press(part, whole, times: 1)
            let before = part.compositor.scriptUpdates
            _ = press(part, whole, times: 3)
            _ = press(part, whole, times: 1, key: .tab)
            _ = press(part, whole, times: 2)
            XCTAssertEqual(part.compositor.scriptUpdates - before, 5, "\(layer): each handler's writes read in part")
            XCTAssertTrue(part.render().text.contains("added"), "\(layer): \(part.render().text)")
            XCTAssertEqual(part.errors, [], layer)
        }
    }

    /// A component becomes a proxy when the host first reads it: one made
    /// and written before it shows is read with what was written, one that
    /// never shows stays a single table, and `#`, `pairs` and `rawget` see
    /// its fields either way.
    func testAComponentBecomesAProxyWhenFirstShown() throws {
        let (part, whole) = try hosts("""
            local later = ui.text "first"
            later.text = "second"
            local kids = ui.vstack { ui.text "a" }
            kids[#kids + 1] = ui.text "b"
            local seen = {}
            for k, v in pairs(later) do seen[#seen + 1] = tostring(k) .. "=" .. tostring(v) end
            local info = ui.text(#kids .. " " .. rawget(later, "text") .. " " .. table.concat(seen, ","))
            local made = {}
            collectgarbage(); collectgarbage()
            local before = collectgarbage("count")
            for i = 1, 10000 do made[i] = ui.text "x" end
            collectgarbage(); collectgarbage()
            local each = (collectgarbage("count") - before) * 1024 / 10000
            local screen
            screen = ui.screen { info, ui.text(string.format("%d bytes", math.floor(each))),
              ui.button { title = "Show", onSelect = function() screen[#screen + 1] = later; screen[#screen + 1] = kids end },
              ui.button { title = "Write", onSelect = function() later.text = "third"; kids[1].text = "c" end } }
            return screen
            """)
        XCTAssertEqual(part.render(), whole.render())
        let text = part.render().text
        XCTAssertTrue(text.contains("2 second text=second"), text)
        // A proxy and its storage took about 180 bytes: a table with one slot, 90.
        let bytes = text.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first.flatMap { Int($0) }.flatMap { line.contains("bytes") ? $0 : nil } }.first
        XCTAssertNotNil(bytes, text)
        XCTAssertLessThan(bytes ?? .max, 130, "a component never shown stays one table")
        _ = press(part, whole, times: 1, key: .tab)
        _ = press(part, whole, times: 1, key: .shiftTab)
        _ = press(part, whole, times: 1)
        XCTAssertTrue(part.render().text.contains("second"), part.render().text)
        XCTAssertTrue(part.render().text.contains(" b"), part.render().text)
        let before = part.compositor.scriptUpdates
        _ = press(part, whole, times: 1, key: .tab)
        _ = press(part, whole, times: 1)
        XCTAssertTrue(part.render().text.contains("third"), part.render().text)
        XCTAssertTrue(part.render().text.contains(" c"), part.render().text)
        XCTAssertEqual(part.compositor.scriptUpdates - before, 1, "written after it showed: read in part")
        XCTAssertEqual(part.errors, [])
    }

    /// A screen written while its drawer is open is read again alone while
    /// its `drawer` field still holds the drawer shown; a handler that swaps
    /// the drawer reads the whole tree (the drawer's layer reads that field).
    func testAScreenWrittenUnderItsOpenDrawerIsReadAlone() throws {
        let (part, whole) = try hosts("""
            local screen
            local other = ui.drawer { ui.button { title = "Other drawer" } }
            local drawer = ui.drawer {
              ui.button { title = "Add", onSelect = function() screen[#screen + 1] = ui.text("added " .. #screen) end },
              ui.button { title = "Swap", onSelect = function() screen.drawer = other end } }
            screen = ui.screen { title = "Under", drawer = drawer,
              ui.button { title = "Open", onSelect = function() ui.openDrawer() end } }
            for i = 1, 30 do screen[#screen + 1] = ui.text("row " .. i) end
            return screen
            """)
        XCTAssertEqual(part.render(), whole.render())
        _ = press(part, whole, times: 1)
        XCTAssertTrue(part.render().text.contains("Add"), part.render().text)
        _ = press(part, whole, times: 1)
        let before = part.compositor.scriptUpdates
        _ = press(part, whole, times: 3)
        XCTAssertEqual(part.compositor.scriptUpdates - before, 3, "the screen read alone under its drawer")
        _ = press(part, whole, times: 1, key: .tab)
        _ = press(part, whole, times: 1)
        XCTAssertEqual(part.compositor.scriptUpdates - before, 3, "a swapped drawer reads the whole tree")
        XCTAssertTrue(part.render().text.contains("Other drawer"), part.render().text)
        XCTAssertEqual(part.errors, [])
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

    // MARK: - Focus moves, clock ticks and timers

    /// Tab and shift-tab between two inputs among the texts, and a click on
    /// one: focus is the host's to draw, so nothing is read (the layout's
    /// generation stays) and the frame, cursor included, is a whole read's.
    func testAFocusMoveWithoutHandlersReadsNothing() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            return ui.screen { ui.input { value = "one" }, ui.input { value = "two" }, ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        let generation = part.compositor.generation, moves = part.compositor.focusUpdates
        for key in [Key.tab, .shiftTab, .tab] { _ = press(part, whole, times: 1, key: key) }
        let first = try XCTUnwrap(part.topLayer?.focusables.first).hitRect()
        for event in [Event.mouse(MouseEvent(.press, column: first.x + 1, row: first.y + 1)),
                      .mouse(MouseEvent(.release, column: first.x + 1, row: first.y + 1))] {
            part.send(event)
            whole.send(event)
        }
        XCTAssertEqual(part.render(), whole.render())
        XCTAssertEqual(part.compositor.generation, generation, "a focus move reads nothing")
        XCTAssertEqual(part.compositor.focusUpdates - moves, 4)
        XCTAssertEqual(part.render().cursor, whole.render().cursor)
        XCTAssertNotNil(part.render().cursor, "the first input is focused again")
    }

    /// Focus handlers that write: what they wrote is read alone, as any
    /// handler's writes; the focus itself reads nothing more.
    func testFocusHandlersThatWriteAreReadAlone() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            return ui.screen { label,
              ui.input { value = "one", onFocus = function() label.text = "in one" end,
                         onBlur = function() label.text = "left one" end },
              ui.input { value = "two" }, ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        XCTAssertEqual(press(part, whole, times: 1, key: .tab).script, 1, "onBlur's write read alone")
        XCTAssertTrue(part.render().text.contains("left one"), part.render().text)
        XCTAssertEqual(press(part, whole, times: 1, key: .shiftTab).script, 1, "onFocus's write read alone")
        XCTAssertTrue(part.render().text.contains("in one"), part.render().text)
    }

    /// Tab to a button below the fold of a scroll: it is scrolled into view
    /// with nothing read, as a whole read would scroll it.
    func testAFocusMoveScrollsTheFocusIntoViewWithoutAReading() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            return ui.screen { ui.button { title = "top" },
              ui.scroll { height = 4, ui.vstack(texts), ui.button { title = "far below" } } }
            """)
        XCTAssertEqual(part.render(), whole.render())
        XCTAssertFalse(part.render().text.contains("far below"))
        let generation = part.compositor.generation
        _ = press(part, whole, times: 1, key: .tab)
        XCTAssertTrue(part.render().text.contains("far below"), part.render().text)
        _ = press(part, whole, times: 1, key: .shiftTab)
        XCTAssertEqual(part.compositor.generation, generation, "scrolling focus into view reads nothing")
    }

    /// A spinner turns with the clock: ticks draw again and read nothing.
    func testASpinnerTickReadsNothing() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            return ui.screen { ui.progress { label = "turning" }, ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        let generation = part.compositor.generation, wholeGeneration = whole.compositor.generation
        var frames: Set<String> = []
        for _ in 0..<4 {
            part.send(.tick(100))
            whole.send(.tick(100))
            XCTAssertEqual(part.render(), whole.render())
            frames.insert(part.render().text)
        }
        XCTAssertGreaterThan(frames.count, 1, "the spinner turns")
        XCTAssertEqual(part.compositor.generation, generation, "a tick reads nothing")
        XCTAssertEqual(whole.compositor.generation, wholeGeneration, "the whole reader does not read on a tick either")
    }

    /// A timer whose callback writes one text: that text alone is read.
    func testATimerWritingOneTextReadsOnlyThatText() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            local n = 0
            ui.every(100, function() n = n + 1; label.text = "tick " .. n end)
            return ui.screen { label, ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        let before = part.compositor.scriptUpdates
        for _ in 0..<3 {
            part.send(.tick(100))
            whole.send(.tick(100))
            XCTAssertEqual(part.render(), whole.render())
        }
        XCTAssertTrue(part.render().text.contains("tick 3"), part.render().text)
        XCTAssertEqual(part.compositor.scriptUpdates - before, 3, "each callback's write read alone")
    }

    // MARK: - Popups

    /// A dropdown among the texts: opening it, moving in it and choosing
    /// (its item's `onSelect` writes the label) each read the dropdown, and
    /// the label, alone; the popup is the one a whole read places.
    func testADropdownOpenedMovedInAndChosenIsReadAlone() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            return ui.screen { label,
              ui.dropdown { label = "Pick", items = {
                { id = "a", title = "Apple", onSelect = function() label.text = "chose apple" end },
                { id = "b", title = "Banana", onSelect = function() label.text = "chose banana" end },
                { id = "c", title = "Cherry" } } },
              ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        let before = part.compositor.updates, generation = whole.compositor.generation
        for key in [Key.enter, .down, .down, .up, .enter] {
            _ = press(part, whole, times: 1, key: key)
            XCTAssertEqual(part.popup != nil, whole.popup != nil, "after \(key.name)")
        }
        XCTAssertTrue(part.render().text.contains("chose banana"), part.render().text)
        XCTAssertNil(part.popup)
        XCTAssertEqual(part.compositor.updates - before, 5, "each key read the dropdown (and the label) alone")
        XCTAssertGreaterThan(whole.compositor.generation, generation)
        // Esc closes without a choice, read alone too.
        _ = press(part, whole, times: 1, key: .enter)
        XCTAssertNotNil(part.popup)
        _ = press(part, whole, times: 1, key: .esc)
        XCTAssertNil(part.popup)
        XCTAssertEqual(part.compositor.updates - before, 7)
    }

    /// A menu picker: opened with Enter, moved in and confirmed, its
    /// `onChange` writing the label; a click on a row of the open popup chooses.
    func testAMenuPickerOpenedAndChosenIsReadAlone() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            return ui.screen { label,
              ui.picker { label = "Fruit", items = { "apple", "banana", "cherry" },
                          onChange = function(item) label.text = "picked " .. item end },
              ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        let before = part.compositor.updates
        for key in [Key.enter, .down, .enter] { _ = press(part, whole, times: 1, key: key) }
        XCTAssertTrue(part.render().text.contains("picked banana"), part.render().text)
        XCTAssertEqual(part.compositor.updates - before, 3, "each key read the picker (and the label) alone")
        _ = press(part, whole, times: 1, key: .enter)
        let rect = try XCTUnwrap(part.popup).rect
        // The last row inside the box: the last item.
        let x = rect.x + 2, y = rect.maxY - 2
        for kind in [MouseEvent.Kind.press, .release] {
            part.send(.mouse(MouseEvent(kind, column: x + 1, row: y + 1)))
            whole.send(.mouse(MouseEvent(kind, column: x + 1, row: y + 1)))
        }
        XCTAssertEqual(part.render(), whole.render())
        XCTAssertTrue(part.render().text.contains("picked cherry"), part.render().text)
        XCTAssertEqual(part.compositor.updates - before, 5)
    }

    // MARK: - Bad fields

    /// A bad child shows its problem; while it shows, a handler changing a
    /// text elsewhere reads that text alone, and the problem is neither told
    /// again nor lost. Mending the child reads its container whole (it held
    /// the problem), and breaking it again tells the problem again.
    func testWritesBesideABadFieldAreReadAlone() throws {
        let (part, whole) = try hosts(HandlerWriteTests.texts + """

            local n = 0
            local box = ui.vstack { height = 2, ui.text "a" }
            return ui.screen { label,
              ui.button { title = "Break", onSelect = function() box[1] = 42 end },
              ui.button { title = "Count", onSelect = function() n = n + 1; label.text = "count " .. n end },
              ui.button { title = "Mend", onSelect = function() box[1] = ui.text "mended" end },
              box, ui.vstack(texts) }
            """)
        XCTAssertEqual(part.render(), whole.render())
        _ = press(part, whole, times: 1)
        XCTAssertEqual(part.errors, ["screen[5][1] must be a component (got number)"])
        XCTAssertEqual(part.errors, whole.errors)
        _ = press(part, whole, times: 1, key: .tab)
        XCTAssertEqual(press(part, whole, times: 3).script, 3, "the label read alone while the problem shows")
        XCTAssertTrue(part.render().text.contains("count 3"), part.render().text)
        XCTAssertEqual(part.errors, whole.errors)
        XCTAssertEqual(part.errorCount, 1, "told once")
        _ = press(part, whole, times: 1, key: .tab)
        XCTAssertEqual(press(part, whole, times: 1).script, 0, "the box held the problem: read whole")
        XCTAssertTrue(part.render().text.contains("mended"), part.render().text)
        _ = press(part, whole, times: 2, key: .shiftTab)
        _ = press(part, whole, times: 1)
        XCTAssertEqual(part.errorCount, 2, "broken again, told again")
        XCTAssertEqual(part.errors, whole.errors)
    }
}
