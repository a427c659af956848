import LuaBridge
import XCTest
@testable import UIHostCore

/// screens/gallery.lua shows one of every kind; Scripts/tests/gallery_test.lua
/// checks it against its own list of kinds, which this holds to the registry:
/// a new kind fails here until the gallery (and that list) show it.
final class GalleryTests: XCTestCase {
    func testTheGalleryTestListsEveryKindOfTheRegistry() throws {
        let path = ConformanceTests.root + "/Scripts/tests/gallery_test.lua"
        let script = String(decoding: try FileSystem.read(path), as: UTF8.self)
        let start = try XCTUnwrap(script.range(of: "local KINDS = {"), "gallery_test.lua declares KINDS")
        let end = try XCTUnwrap(script[start.upperBound...].firstIndex(of: "}"))
        let listed = script[start.upperBound..<end].split(separator: "\"").enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        XCTAssertEqual(listed, Registry.all.map { $0.kind.rawValue },
                       "Scripts/tests/gallery_test.lua's KINDS, in the registry's order (and screens/gallery.lua shows each)")
    }
}
