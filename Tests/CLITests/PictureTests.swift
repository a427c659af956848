import Foundation
import XCTest

/// The styled pictures of the example screens stay true: every screen under
/// screens/ has a line in docs/pictures/pictures.txt (NAME and keys), its
/// docs/pictures/NAME.svg is what `uihost render screens/NAME.lua --format svg
/// --size 80x24 --keys "KEYS"` prints, and the README shows it.
final class PictureTests: XCTestCase {
    private static let root = Uihost.root
    private static let manifest = "docs/pictures/pictures.txt"
    private static let regenerate = "run Scripts/gen-pictures.sh to make the pictures again, look at them, and commit them"
    /// A picture larger than this is too heavy for the README.
    private static let maxBytes = 20_000

    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("uihost-pictures-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// The manifest's entries: (name, keys) in order.
    private static func entries() throws -> [(name: String, keys: String)] {
        let text = try String(contentsOf: root.appendingPathComponent(manifest), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            let parts = trimmed.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
    }

    func testEveryExampleScreenHasAPicture() throws {
        let screens = try FileManager.default.contentsOfDirectory(atPath: PictureTests.root.appendingPathComponent("screens").path)
            .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
        let listed = Set(try PictureTests.entries().map(\.name))
        XCTAssertGreaterThanOrEqual(screens.count, 10)
        for screen in screens where !listed.contains(screen) {
            XCTFail("screens/\(screen).lua has no picture: add a line to \(PictureTests.manifest), then \(PictureTests.regenerate)")
        }
    }

    func testEveryPictureMatchesTheBinary() throws {
        for (name, keys) in try PictureTests.entries() {
            let path = "docs/pictures/\(name).svg"
            let result = try Uihost.run(["render", "screens/\(name).lua", "--format", "svg", "--size", "80x24", "--keys", keys],
                                        scratch: directory)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            guard let stored = try? String(contentsOf: PictureTests.root.appendingPathComponent(path), encoding: .utf8) else {
                XCTFail("\(path) is missing: \(PictureTests.regenerate)")
                continue
            }
            XCTAssertTrue(stored == result.stdout, "\(path) is stale (screens/\(name).lua or the look changed): \(PictureTests.regenerate)")
            XCTAssertLessThan(stored.utf8.count, PictureTests.maxBytes, "\(path) is large")
        }
    }

    func testTheREADMEShowsEveryPicture() throws {
        let readme = try String(contentsOf: PictureTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        for (name, _) in try PictureTests.entries() {
            XCTAssertTrue(readme.contains("(docs/pictures/\(name).svg)"), "README.md does not show docs/pictures/\(name).svg")
        }
    }
}
