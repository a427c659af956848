import Drawing
import XCTest

/// A grid's auto-placement: in order, around taken cells, bounded.
final class GridPlacementTests: XCTestCase {
    func testPlacementFollowsOrderAndSkipsTakenCells() {
        var placement = GridPlacement(columns: 3)
        let places = placement.place([(2, 1), (1, 2), (1, 1), (1, 1), (3, 1)])
        XCTAssertEqual(places.map { [$0.column, $0.row] }, [[0, 0], [2, 0], [0, 1], [1, 1], [0, 2]])
        XCTAssertEqual(places[1].rows, 2)
        // A span wider than the grid is held to its columns.
        var narrow = GridPlacement(columns: 2)
        XCTAssertEqual(narrow.place([(9, 1)])[0].columns, 2)
    }

    func testPlacementIsBoundedWhateverTheSpans() {
        // A thousand rows under a thousand columns is a million cells: the
        // first such child fits under the bound, the next ones do not.
        var huge = GridPlacement(columns: 1000)
        XCTAssertEqual(huge.place(Array(repeating: (cols: 1000, rows: 1000), count: 50)).count, 1)
        // Many one-cell children in one column all have a place.
        var tall = GridPlacement(columns: 1)
        XCTAssertEqual(tall.place(Array(repeating: (cols: 1, rows: 1), count: 100_000)).count, 100_000)
    }
}
