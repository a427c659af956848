import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// A field is declared once, in its kind's `Fields`: a node that reads it
/// with a default or a range of its own (`field.bool("on") ?? false`,
/// `min(max(value, 0), 1)`) must read what the spec says, or the docs, the
/// stubs and the validator describe another component than the one drawn.
/// For every kind placed among children, and every field whose spec has a
/// default: the component without the field draws and reads (frame and
/// semantic tree) as the one given that default; a number written past the
/// spec's range draws as its bound, or is refused in the constructor's words.
/// Each failure names the kind and field.
final class FieldDefaultsTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUp() {
        scratch = ScratchDirectory(prefix: "uih-defaults")
    }

    override func tearDown() {
        scratch.remove()
    }

    /// Kinds shown other than among children (a sheet is presented, a tab is
    /// in a `ui.tabs`…): their defaults are read by the same `FieldReader`.
    static let placedElsewhere: Set<String> = ["screen", "sheet", "drawer", "tab", "alert", "confirm"]

    /// Fields given to every component so that a field's effect shows: text
    /// that wraps in the narrow frame and leaves room in the wide one, and items to choose among.
    private func base(_ component: any Component.Type, leaving field: String) -> [String] {
        component.fields.filter { $0.name != field }.compactMap { spec in
            switch spec.type {
            case .string: "\(spec.name) = \"Lorem ipsum dolor\""
            case .items: "\(spec.name) = { \"one\", \"two\", \"three\" }"
            default: nil
            }
        }
    }

    private struct Seen: Equatable {
        /// 14 columns wide, then 60.
        let frames: [FrameBuffer]
        let tree: Semantics?
        let errors: [String]

        var text: String { frames.map(\.text).joined(separator: "\n") }
    }

    /// The screen of one `ui.KIND { fields }` (a global `c`), after `then` ran, as drawn and as read.
    private func seen(_ kind: String, _ fields: [String], then code: String? = nil) throws -> Seen {
        let source = "c = ui.\(kind) { \(fields.joined(separator: ", ")) }\nreturn ui.screen { title = \"T\", c }\n"
        let host = try Host(script: try scratch.write("s.lua", source),
                            options: HostOptions(size: Size(cols: 14, rows: 8), assetsDirectory: ConformanceTests.root + "/Assets"))
        if let code { try host.runLua(code) }
        let narrow = host.render()
        host.send(.resize(cols: 60, rows: 8))
        return Seen(frames: [narrow, host.render()], tree: host.semanticTree(), errors: host.errors)
    }

    func testAnUnsetFieldReadsAsItsSpecsDefault() throws {
        var compared = 0
        for component in Registry.all where !FieldDefaultsTests.placedElsewhere.contains(component.kind.rawValue) {
            let kind = component.kind.rawValue
            for spec in component.fields {
                guard case .value(let literal) = spec.defaultValue, literal != .emptyTable else { continue }
                let others = base(component, leaving: spec.name)
                let unset = try seen(kind, others)
                let given = try seen(kind, others + ["\(spec.name) = \(literal.lua)"])
                XCTAssertTrue(unset == given, "ui.\(kind): unset, \(spec.name) does not read as its spec's default \(literal.lua)\n"
                               + "unset:\n\(unset.text)\ngiven:\n\(given.text)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 30, "the specs' defaults were hardly compared")
    }

    func testANumberPastItsSpecsRangeReadsAsItsBound() throws {
        var compared = 0
        for component in Registry.all where !FieldDefaultsTests.placedElsewhere.contains(component.kind.rawValue) {
            let kind = component.kind.rawValue
            for spec in component.fields {
                let bounds: [(past: String, bound: String)]
                switch spec.type {
                case .integer(let lo, let hi):
                    bounds = [lo.map { ("\($0 - 1)", "\($0)") }, hi.map { ("\($0 + 1)", "\($0)") }].compactMap { $0 }
                case .number(let lo, let hi):
                    bounds = [lo.map { ("\($0 - 0.5)", "\($0)") }, hi.map { ("\($0 + 0.5)", "\($0)") }].compactMap { $0 }
                default:
                    continue
                }
                let others = base(component, leaving: spec.name)
                for (past, bound) in bounds {
                    // Written after the constructor, which would refuse it: as a handler would.
                    let written = try seen(kind, others, then: "c.\(spec.name) = \(past)")
                    let atBound = try seen(kind, others + ["\(spec.name) = \(bound)"])
                    // Either held to the bound, or refused in the constructor's words.
                    let refused = written.errors.contains { $0.hasPrefix("ui.\(kind): \(spec.name) must be") }
                    XCTAssertTrue(refused || written.frames == atBound.frames,
                                  "ui.\(kind): \(spec.name) = \(past) neither draws as its spec's bound \(bound) nor is refused\n"
                                  + "past:\n\(written.text)\nbound:\n\(atBound.text)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 10, "the specs' ranges were hardly compared")
    }
}
