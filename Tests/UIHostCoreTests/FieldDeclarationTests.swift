import Foundation
import XCTest
@testable import UIHostCore

/// A field a node reads is declared once, as a `Field` in its kind's file:
/// the node reads `field[Fields.title]`, and the default and range it gets
/// are the ones the spec gives the validator, the stubs and the docs.
/// `FieldDefaultsTests` checks what the nodes draw; this keeps the second
/// declaration out at the source: a component's own fields read by a name
/// written at the read (`field.string("title") ?? ""`), where a default or a
/// clamp of the node's own would follow.
final class FieldDeclarationTests: XCTestCase {
    /// A typed read of a component's field (`field`, a grid's `child`, a
    /// tab's `tabField`) or of an item's (`item`, a table's column `c`,
    /// declared in the kind's `ItemClass`) by a string literal.
    static let readByName = try! NSRegularExpression(
        pattern: #"\b(field|child|tabField|item|c)\s*\.\s*(string|editableString|bool|int|number|choice|style|padding|ownRows|dimensions|dimension|spans|id)\s*\(\s*""#)

    /// `Sources/file:line: text` of each read by name in the core.
    static func readsByName() -> [String] {
        WiringTests.files(under: WiringTests.core).flatMap { path, lines in
            lines.enumerated().compactMap { n, line in
                let code = WiringTests.code(line)
                guard readByName.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil else { return nil }
                return "Sources/\(path):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))"
            }
        }
    }

    func testNodesReadTheirFieldsThroughTheirDeclarations() {
        XCTAssertEqual(FieldDeclarationTests.readsByName(), [],
                       "declare the field as a `Field` in the kind's `Fields` and read `field[Fields.name]`")
    }

    func testTheScanFindsAReadByName() {
        let lines = [
            #"        title = field.string("title") ?? """#,
            #"        let cols = child.int("colSpan", min: 1, max: 9) ?? 1"#,
            #"        title = field[Fields.title]"#,
            #"        let title = item[ItemFields.title]"#,
            #"        let align = c.choice("align", ["left", "right"])"#,
        ]
        let found = lines.filter { line in
            FieldDeclarationTests.readByName.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
        }
        XCTAssertEqual(found, [lines[0], lines[1], lines[4]])
    }

    /// The reading and the spec come from one declaration.
    func testAFieldsReadingAndSpecAgree() {
        XCTAssertEqual(TagNode.Fields.selected.spec.defaultValue, .value(.boolean(false)))
        XCTAssertEqual(LogNode.Fields.max.spec.defaultValue, .value(.integer(10_000)))
        XCTAssertEqual(LogNode.Fields.max.value(nil), 10_000)
        XCTAssertEqual(LogNode.Fields.max.value(0), 1)
        XCTAssertEqual(LogNode.Fields.max.value(Int.max), HostLimits.maxLogLines)
        guard case .choice(let options) = BoxNode.Fields.border.spec.type else { return XCTFail("border is a choice") }
        XCTAssertEqual(options.first, BorderKind.rounded.rawValue, "the first option is the default")
        XCTAssertEqual(BoxNode.Fields.border.spec.defaultValue, .value(.string("rounded")))
    }
}
