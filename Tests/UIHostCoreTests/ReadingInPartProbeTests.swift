import XCTest
@testable import UIHostCore

/// Hostile probes of reading in part (issue 25): a component that becomes a
/// proxy when the host first reads it, containers that keep their children,
/// written nodes placed after the others. Each test failed when it was
/// written; each says what should hold instead.
final class ReadingInPartProbeTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uih-reading-probe")

    override func tearDown() {
        scratch.remove()
    }

    /// The host that reads in part and the one that reads everything, on `source`.
    private func hosts(_ source: String) throws -> (part: UIHostCore.Host, whole: UIHostCore.Host) {
        let path = try scratch.write("screen.lua", source)
        return try partAndWholeHosts(script: path, size: Size(cols: 40, rows: 12))
    }

    private func host(_ source: String, maxMemory: Int? = nil) throws -> UIHostCore.Host {
        let path = try scratch.write("screen.lua", source)
        var options = HostOptions(size: Size(cols: 40, rows: 12))
        if let maxMemory { options.maxMemory = maxMemory }
        return try UIHostCore.Host(script: path, options: options)
    }

    /// A component's fields are copied into its storage when the host first
    /// reads it, in the host's code, where the memory limit does not apply
    /// (`uih_makeproxy` under `inSwift`), and the table keeps the room its
    /// fields took. A script that built two containers within its limit and
    /// shows them now holds twice that: past the limit, on the host's
    /// account, and every handler after fails with "memory limit exceeded"
    /// (a table's array part is given back when its storage key goes in,
    /// its hash part is not: here the fields are hash keys).
    /// Before, the storage was made in the constructor, under the limit. The
    /// host should hold no more than the script's limit on its behalf.
    func testShowingALargeComponentKeepsTheScriptWithinItsMemoryLimit() throws {
        let limit = 10 << 20
        let h = try host("""
            local function large()
              local c = ui.vstack { ui.text "inside" }
              -- Written before it shows: stored in the table itself, unchecked.
              for i = 1, 100000 do c[-i] = true end
              return c
            end
            local one, two = large(), large()
            local box = ui.vstack { height = 3 }
            local log = ui.text "log"
            return ui.screen { log, box, onKey = function(key)
              if key == "a" then box[1] = one; box[2] = two; return true end
              if key == "b" then log.text = "ran " .. collectgarbage("count"); return true end
            end }
            """, maxMemory: limit)
        XCTAssertLessThanOrEqual(h.lua.memoryPeak, limit, "loads within the limit")
        _ = h.render()
        h.send(.key(.character("a")))
        _ = h.render()
        XCTAssertLessThanOrEqual(h.lua.memoryPeak, limit,
                                 "Lua's memory reached \(h.lua.memoryPeak >> 10) KiB of a \(limit >> 10) KiB limit")
        // Whatever showing them came to, the script still runs within its limit.
        let before = h.errorCount
        h.send(.key(.character("b")))
        XCTAssertEqual(h.errorCount, before, "\(h.errors)")
        XCTAssertTrue(h.render().text.contains("ran "), h.render().text)
    }

    /// A text held twice, by the screen and by a stack inside it, hidden
    /// (a whole read, as it shows in two places) and shown again. The whole
    /// read noted one holder for it (`TreeReader.noteHeld`): the screen,
    /// still being read when the stack inside it met the text again, had no
    /// node yet, so the stack took its place instead of "several holders".
    /// Shown again, only the stack is read again: the text shows once where
    /// a whole read shows it twice.
    func testATextHiddenInTwoPlacesShowsAgainInBoth() throws {
        let (part, whole) = try hosts("""
            local t, stack = ui.text "twice", ui.vstack {}
            return ui.screen { t, stack, ui.text "end", onKey = function(key)
              if key == "a" then stack[1] = t; return true end
              if key == "b" then t.hidden = not t.hidden; return true end
            end }
            """)
        XCTAssertEqual(part.render(), whole.render())
        for key in ["a", "b", "b"] {
            part.send(.key(.character(Character(key))))
            whole.send(.key(.character(Character(key))))
            XCTAssertEqual(part.render().text, whole.render().text, "after \(key)")
        }
        XCTAssertEqual(whole.render().text.components(separatedBy: "twice").count - 1, 2, whole.render().text)
    }

    /// `rawset` on a component is a write like any other (docs: the raw
    /// functions look through proxies, "its rawset is a recorded write").
    /// Before it first shows, a component is no proxy yet: `rawset` stores
    /// into the table without its `__newindex`, so the flag that tells the
    /// host a script used a layout field (`flag[1]`) is never set, and with
    /// no other layout field in the script the host does not read `hidden`
    /// or `height` at all: the text shows, one row high. `t.hidden = true`
    /// hides it, as `rawset` did before components became proxies lazily.
    func testRawsetOfALayoutFieldBeforeAComponentShowsIsRead() throws {
        let h = try host("""
            local t = ui.text "hidden by rawset"
            rawset(t, "hidden", true)
            local u = ui.text "three rows"
            rawset(u, "height", 3)
            return ui.screen { t, u, ui.text "below" }
            """)
        let frame = h.render().text
        XCTAssertFalse(frame.contains("hidden by rawset"), frame)
        let lines = frame.components(separatedBy: "\n")
        let tall = lines.firstIndex { $0.contains("three rows") }, below = lines.firstIndex { $0.contains("below") }
        XCTAssertEqual(tall.map { $0 + 3 }, below, frame)
    }

    /// A component never shown, used as a plain table of data (a list's
    /// `items`): a write into it is no record (it is no proxy yet) and does
    /// not make the list "hold a plain table" (`uih_iscomponent` says it is
    /// a component, "shown or not"), so the host that reads in part never
    /// reads the list again, while a whole read takes the rows from the
    /// table itself. Before components became proxies lazily both read an
    /// empty proxy; now the two hosts draw different lists.
    func testAComponentUsedAsAListsItemsDrawsAsAWholeRead() throws {
        let (part, whole) = try hosts("""
            local items = ui.vstack {}
            local list = ui.list { height = 4 }
            list.items = items
            return ui.screen { list, onKey = function(key)
              if key == "a" then items[1] = "one"; items[2] = "two"; return true end
            end }
            """)
        XCTAssertEqual(part.render(), whole.render())
        part.send(.key(.character("a")))
        whole.send(.key(.character("a")))
        XCTAssertEqual(part.render().text, whole.render().text)
        XCTAssertEqual(part.errors, whole.errors)
    }

    /// A button held twice (by the screen, and put into a fixed-size stack
    /// by a handler), then a stack beside it in that container changes
    /// size: the container is read again (or placed again) keeping its
    /// children, and the host that reads in part draws the focus mark `›`
    /// on both copies of the focused button; a whole read marks only the
    /// first. (Reduced from a random walk of edits, seed 43; the same edit
    /// without a change of size, a text written, draws alike.)
    func testAFocusedButtonHeldTwiceIsMarkedOnceAfterASizeChangeBesideIt() throws {
        let (part, whole) = try hosts("""
            local button = ui.button { title = "twice" }
            local inner = ui.vstack {}
            local box = ui.vstack { height = 5, inner }
            return ui.screen { button, box, onKey = function(key)
              if key == "a" then table.insert(box, 1, button); return true end
              if key == "b" then inner.height = 2; return true end
            end }
            """)
        XCTAssertEqual(part.render(), whole.render())
        for key in ["a", "b"] {
            part.send(.key(.character(Character(key))))
            whole.send(.key(.character(Character(key))))
            XCTAssertEqual(part.render().text, whole.render().text, "after \(key)")
        }
        XCTAssertEqual(whole.render().text.components(separatedBy: "›").count - 1, 1, whole.render().text)
    }
}
