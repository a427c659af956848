import XCTest
@testable import UIHost

/// The Codable bridge on its own: Swift values to `ScriptValue` trees and back.
final class ScriptValueTests: XCTestCase {
    struct Day: Codable, Equatable {
        var name: String
        var high: Int
        var rain: Double?
        var tags: [String]
        var extra: [String: [Int]]
    }

    func testCodableStructRoundTripsThroughATree() throws {
        let day = Day(name: "Mon", high: 4, rain: 0.5, tags: ["snow", "wind"], extra: ["hours": [1, 2], "none": []])
        let tree = try ScriptValueEncoder().encode(day)
        XCTAssertEqual(tree, .table(["name": .string("Mon"), "high": .int(4), "rain": .double(0.5),
                                     "tags": .array([.string("snow"), .string("wind")]),
                                     "extra": .table(["hours": .array([.int(1), .int(2)]), "none": .array([])])]))
        XCTAssertEqual(try ScriptValueDecoder().decode(Day.self, from: tree), day)
    }

    func testNilOptionalIsLeftOutAndDecodesBackAsNil() throws {
        let day = Day(name: "Tue", high: 1, rain: nil, tags: [], extra: [:])
        let tree = try ScriptValueEncoder().encode(day)
        guard case .table(let fields) = tree else { return XCTFail("not a table: \(tree)") }
        XCTAssertNil(fields["rain"])
        XCTAssertEqual(try ScriptValueDecoder().decode(Day.self, from: tree), day)
    }

    func testEmptyTableDecodesAsAnEmptyListOrDictionary() throws {
        XCTAssertEqual(try ScriptValueDecoder().decode([Int].self, from: .table([:])), [])
        XCTAssertEqual(try ScriptValueDecoder().decode([String: Int].self, from: .array([])), [:])
    }

    func testIntegralFloatDecodesAsIntAndAFractionDoesNot() throws {
        XCTAssertEqual(try ScriptValueDecoder().decode(Int.self, from: .double(3)), 3)
        XCTAssertThrowsError(try ScriptValueDecoder().decode(Int.self, from: .double(3.5))) { error in
            XCTAssertEqual("\(error)", "number has no integer representation")
        }
        XCTAssertThrowsError(try ScriptValueDecoder().decode(UInt8.self, from: .int(300))) { error in
            XCTAssertEqual("\(error)", "number out of range (0…255)")
        }
    }

    func testMismatchIsWordedLikeLuaWithThePathToTheValue() {
        let tree = ScriptValue.table(["name": .string("Mon"), "high": .string("warm"), "tags": .array([]), "extra": .table([:])])
        XCTAssertThrowsError(try ScriptValueDecoder().decode(Day.self, from: tree)) { error in
            XCTAssertEqual("\(error)", "number expected, got string at high")
        }
        let list = ScriptValue.array([.array([.int(1)]), .array([.int(2), .bool(true)])])
        XCTAssertThrowsError(try ScriptValueDecoder().decode([[Int]].self, from: list)) { error in
            XCTAssertEqual("\(error)", "number expected, got boolean at [2][2]")
        }
        XCTAssertThrowsError(try ScriptValueDecoder().decode(String.self, from: .null)) { error in
            XCTAssertEqual("\(error)", "string expected, got nil")
        }
    }

    func testMeasureStopsAtTheDepthAndCountLimits() {
        var deep = ScriptValue.int(1)
        for _ in 0..<40 { deep = .array([deep]) }
        var count = 0
        XCTAssertEqual(deep.measure(limits: ValueLimits(maxValues: 1000, maxDepth: 32), count: &count)?.message,
                       "tables nested deeper than 32 levels")
        count = 0
        let wide = ScriptValue.array(Array(repeating: .int(0), count: 2000))
        XCTAssertEqual(wide.measure(limits: ValueLimits(maxValues: 1000, maxDepth: 32), count: &count)?.message,
                       "more than 1000 values")
        XCTAssertLessThanOrEqual(count, 1001)
    }
}
