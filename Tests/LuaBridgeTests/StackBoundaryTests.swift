import Foundation
import XCTest

/// Lua's stack is juggled in one module: code outside `Sources/LuaBridge`
/// reads tables through `LuaTable`, scopes what it pushes with
/// `restoringTop`/`withTable`, and never sets the top or calls the C API.
final class StackBoundaryTests: XCTestCase {
    /// What counts as raw stack work: setting (or comparing) the top by hand,
    /// and Lua's C API itself.
    static let rawStackWork = try! NSRegularExpression(pattern: #"\.top\s*(=|\+=|-=)|\blua_"#)

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    }

    /// The places (`file:line: text`) of raw stack work in the Swift files
    /// under `root`, outside its `LuaBridge` folder.
    static func rawStackWork(under root: URL) -> [String] {
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var places: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let relative = String(file.path.dropFirst(root.path.count + 1))
            guard !relative.hasPrefix("LuaBridge/"), let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if rawStackWork.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    places.append("Sources/\(relative):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return places.sorted()
    }

    func testLuaStackWorkStaysInLuaBridge() {
        let places = Self.rawStackWork(under: Self.sources)
        XCTAssertEqual(places, [], """
            Lua stack operations belong in Sources/LuaBridge: read tables with LuaTable, \
            scope pushes with restoringTop or withTable, or add a helper there.
            \(places.joined(separator: "\n"))
            """)
    }

    /// The scan finds what it is for, so an empty answer above means something.
    func testTheScanNamesFileAndLineOfRawStackWork() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stack-boundary-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["Core", "LuaBridge"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let code = "let s = stack\n    s.top = 2\nlua_settop(L, 0)\nview.firstLine = 1\n"
        try code.write(to: root.appendingPathComponent("Core/Reader.swift"), atomically: true, encoding: .utf8)
        try code.write(to: root.appendingPathComponent("LuaBridge/LuaStack.swift"), atomically: true, encoding: .utf8)
        XCTAssertEqual(Self.rawStackWork(under: root),
                       ["Sources/Core/Reader.swift:2: s.top = 2", "Sources/Core/Reader.swift:3: lua_settop(L, 0)"])
    }
}
