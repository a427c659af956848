import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// Where a constructor's problem is said to be: the bad field's own line,
/// found by reading the script's text, while the searches last; a script
/// raising the same error in a loop costs at most `HostLimits.maxProblems`
/// searches, and its later errors name the call's line.
final class ConstructorProblemsTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUp() {
        scratch = ScratchDirectory(prefix: "uih-problems")
    }

    override func tearDown() {
        scratch.remove()
    }

    func testTheFieldsLineIsFoundAndSearchesAreBounded() throws {
        let script = try scratch.write("s.lua", """
            local function make()
              return ui.button {
                title = "t",
                disabled = "no",
              }
            end
            for _ = 1, 1000 do
              local _, message = pcall(make)
              firstMessage = firstMessage or message
              last = message
            end
            return ui.screen { ui.text "x" }
            """)
        let host = try Host(script: script, options: HostOptions())
        let lua = host.lua
        func global(_ name: String) throws -> String {
            try lua.load("return \(name)", chunkName: "=read")
            try lua.call(nargs: 0, nresults: 1)
            defer { lua.stack.pop() }
            return lua.stack.string(at: -1) ?? ""
        }
        let first = try global("firstMessage"), last = try global("last")
        XCTAssertTrue(first.hasSuffix("/s.lua:4: ui.button: disabled must be a boolean (got string)"), first)
        XCTAssertTrue(last.hasSuffix("/s.lua:2: ui.button: disabled must be a boolean (got string)"), last)
        XCTAssertEqual(host.constructorProblems.searches, HostLimits.maxProblems)
    }
}
