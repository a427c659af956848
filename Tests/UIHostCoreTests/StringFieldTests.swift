import LuaBridge
import XCTest
@testable import UIHostCore

/// Foundation (through XCTest) has a `Host` class too.
private typealias Host = UIHostCore.Host

/// A number in a string field is text, as Lua's own `..` and `print` make it:
/// the constructor accepts it and a handler may set it, for every string field
/// of every component. Any other type is refused both ways.
final class StringFieldTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihstr")

    override func setUpWithError() throws {
        scratch = ScratchDirectory(prefix: "uihstr")
    }

    override func tearDownWithError() throws {
        scratch.remove()
    }

    private func host(_ source: String) throws -> Host {
        try Host(script: try scratch.write("s.lua", source),
                 options: HostOptions(size: Size(cols: 80, rows: 20), maxInstructions: 100_000_000))
    }

    /// A screen that shows a component of `kind` built from `table`.
    private func screen(_ kind: Kind, _ table: String) -> String {
        let c = kind.constructorName + " " + table
        switch kind {
        case .screen: return "return ui.screen " + table
        case .tab: return "return ui.screen { ui.tabs { \(c) } }"
        case .sheet: return "local s = \(c)\nreturn ui.screen { onAppear = function() ui.present(s) end }"
        case .drawer: return "return ui.screen { drawer = \(c) }"
        case .alert, .confirm: return "return ui.screen { onAppear = function() \(c) end }"
        default: return "return ui.screen { \(c) }"
        }
    }

    func testEveryStringFieldTakesANumberFromTheConstructor() throws {
        var count = 0
        for component in Registry.all {
            for spec in Schema.common + component.fields {
                guard case .string = spec.type else { continue }
                count += 1
                let source = screen(component.kind, "{ \(spec.name) = 42 }")
                let host = try host(source)
                _ = host.render()
                XCTAssertEqual(host.errors, [], source)
            }
        }
        XCTAssertGreaterThan(count, 30, "string fields found")
    }

    func testEveryStringFieldRefusesABooleanFromTheConstructor() throws {
        for component in Registry.all {
            for spec in Schema.common + component.fields {
                guard case .string = spec.type else { continue }
                let source = screen(component.kind, "{ \(spec.name) = true }")
                let expected = "\(component.kind.constructorName): \(spec.name) must be a string (got boolean)"
                if component.kind.isDialog {
                    // Shown by its constructor, called in a handler: a handler error.
                    let host = try host(source)
                    _ = host.render()
                    XCTAssertEqual(host.errors.count, 1, source)
                    XCTAssertTrue(host.errors.first?.hasSuffix(expected) == true, "\(host.errors)")
                    continue
                }
                XCTAssertThrowsError(try host(source), source) { error in
                    XCTAssertTrue((error as? LuaError)?.message.hasSuffix(expected) == true, "\(error)")
                }
            }
        }
    }

    func testAHandlerMaySetANumberAndNotABoolean() throws {
        let host = try host("""
        label = ui.text "idle"
        return ui.screen {
          ui.button { title = "Count", onSelect = function() label.text = 42 end },
          ui.button { title = "Break", onSelect = function() label.text = true end },
          label,
        }
        """)
        press(host, .enter)
        assertShows(host, "42")
        XCTAssertEqual(host.errors, [])
        press(host, .tab, .enter)
        _ = host.render()
        XCTAssertEqual(host.errors, ["ui.text: text must be a string (got boolean)"])
    }

    func testTheConstructorTakesTheNumbersAHandlerMaySet() throws {
        let host = try host("""
        return ui.screen { title = 7, ui.text { text = 42 }, ui.button { title = 1.5 }, ui.checkbox { title = 3 } }
        """)
        for text in ["7", "42", "1.5", "3"] { assertShows(host, text) }
        XCTAssertEqual(host.errors, [])
    }
}
