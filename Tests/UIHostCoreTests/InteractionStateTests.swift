import LuaBridge
import XCTest
@testable import UIHostCore

/// State the script does not own (a field's caret, a list's scroll) is keyed by
/// the address of the component's table; a table the garbage collector took
/// must not hand that state to a new table that Lua allocates at its address.
final class InteractionStateTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihstate")

    override func tearDown() {
        scratch.remove()
    }

    private let screen = """
    field = ui.input { value = "abcdef" }
    old = tostring(field)
    screen = ui.screen { title = "Form", field, keys = {
      f5 = { "Drop", function(s) s[1] = ui.text "gone"; field = nil end },
      f6 = { "New", function(s)
        collectgarbage(); collectgarbage()
        -- A new table at the old one's address (the allocator hands it back).
        -- A component is two tables (its proxy and the storage behind it):
        -- the tries take none to three addresses first, kept across tries for
        -- a while, so that the proxy gets the one the collector freed whatever
        -- else the process allocated before.
        local pads = {}
        for i = 1, 1000 do
          local pad = {}
          for j = 1, i % 4 do pad[j] = {} end
          if i % 16 == 0 then pads[#pads + 1] = {} end
          local t = ui.input { value = "abcdef" }
          if tostring(t) == old then field = t; break end
          t, pad = nil, nil
          collectgarbage(); collectgarbage()
        end
        field = field or ui.input { value = "abcdef" }
        s[1] = field
        ui.focus(field)
      end },
    } }
    return screen
    """

    func testANewTableAtACollectedTablesAddressStartsAfresh() throws {
        let host = try UIHostCore.Host(script: try scratch.write("s.lua", screen), options: HostOptions(size: Size(cols: 30, rows: 6)))
        _ = host.render()
        press(host, .home)                        // the old field's caret at 0
        _ = host.render()
        press(host, .function(5))
        _ = host.render()                         // laid out without the old field
        // The screen was read again in part, which leaves the old field's
        // table in the anchor tables until a whole layout: a frame of another
        // size reads the whole tree, and nothing holds the table after it.
        host.send(.resize(cols: 31, rows: 6))
        _ = host.render()
        press(host, .function(6))
        _ = host.render()
        XCTAssertEqual(try host.evalString("tostring(field) == old"), "true", "the allocator did not reuse the address; the test proves nothing")
        host.send(.key(.character("X")))
        XCTAssertEqual(try host.evalString("field.value"), "abcdefX", "the new field inherited the old one's caret")
    }

    func testForgettingATableDropsEveryKindOfState() {
        let state = InteractionState()
        let box = UnsafeMutableRawPointer.allocate(byteCount: 2, alignment: 1)
        defer { box.deallocate() }
        let id = UnsafeRawPointer(box), other = UnsafeRawPointer(box + 1)
        for p in [id, other] {
            state[ListScroll.self, p] = 4
            state[MenuHighlight.self, p] = 2
            state[ScrollOffset.self, p] = 3
            state[LogTop.self, p] = 7
            state[TreeState.self, p] = TreeState(cursor: 5, scroll: 1)
        }
        state.openMenu = id
        state.forget(id)
        XCTAssertNil(state[ListScroll.self, id])
        XCTAssertNil(state[MenuHighlight.self, id])
        XCTAssertNil(state[ScrollOffset.self, id])
        XCTAssertNil(state[LogTop.self, id])
        XCTAssertNil(state[TreeState.self, id])
        XCTAssertNil(state.openMenu)
        XCTAssertTrue(state.kinds(heldFor: id).isEmpty)
        XCTAssertEqual(state[LogTop.self, other], 7, "another table's state stays")
        XCTAssertEqual(state[TreeState.self, other], TreeState(cursor: 5, scroll: 1))
    }
}
