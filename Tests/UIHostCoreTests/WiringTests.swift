import Foundation
import XCTest

/// `Host` is the wiring (docs/ARCHITECTURE.md, "Data flows one way"): its
/// parts talk through the actions it applies, or through a narrow view given
/// at init. Two ways back to a hub are kept out by scanning the sources:
/// code outside the host reaching into its parts (`host.navigator…`), and a
/// closure property someone sets after construction to patch one part into
/// another.
final class WiringTests: XCTestCase {
    /// A reach into one of the host's parts from outside it: the `ui`
    /// functions and nodes apply actions or use `host.services` instead. A
    /// component's Lua methods may read the kinds' state (`host.interaction`)
    /// as a node reads it from its `EventContext`, but change it only
    /// through an action (`.set`).
    static let reach = try! NSRegularExpression(
        pattern: #"\bhost(\([^()]*\))?\s*\.\s*((navigator|scheduler|dispatcher|compositor)\b|interaction\s*(\[[^\]]*\]|\.\s*\w+)\s*=[^=])"#)

    /// `var name: <type>`: what `settableClosures` looks at.
    static let variable = try! NSRegularExpression(
        pattern: #"^\s*(?:(?:public|internal|package|fileprivate|private|private\(set\)|fileprivate\(set\)|weak|unowned|lazy|static|final|@\w+(?:\([^)]*\))?)\s+)*var\s+\w+\s*:\s*(.+)$"#)

    /// The one place in the core closures may be set from outside: the
    /// options an embedding app gives the host (its log, its native modules).
    static let closuresAllowed: Set<String> = ["UIHostCore/Runtime/HostOptions.swift"]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    }

    /// The host and its parts (the libraries above it offer callbacks of their own to their users).
    static var core: URL { sources.appendingPathComponent("UIHostCore") }

    /// The Swift files under `root` with their lines, as `(relative path, lines)`.
    static func files(under root: URL) -> [(String, [String])] {
        // Named from `Sources/`, whichever folder under it is scanned.
        let base = root.lastPathComponent == "Sources" ? root : root.deletingLastPathComponent()
        guard let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, [String])] = []
        for case let file as URL in found where file.pathExtension == "swift" {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let relative = String(file.path.dropFirst(base.path.count + 1))
            files.append((relative, text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The code of a line, without a comment that ends it.
    static func code(_ line: String) -> String {
        guard let comment = line.range(of: "//") else { return line }
        return String(line[..<comment.lowerBound])
    }

    /// `Sources/file:line: text` of each reach into the host's parts.
    static func reaches(under root: URL) -> [String] {
        files(under: root).flatMap { path, lines in
            lines.enumerated().compactMap { n, line in
                let code = code(line)
                guard reach.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil else { return nil }
                return "Sources/\(path):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))"
            }
        }
    }

    /// `Sources/file:line: text` of each settable property whose type is a
    /// closure (a late-bound callback), outside `closuresAllowed`.
    static func settableClosures(under root: URL) -> [String] {
        files(under: root).filter { !closuresAllowed.contains($0.0) }.flatMap { path, lines in
            lines.enumerated().compactMap { n, line in
                let code = code(line)
                guard let match = variable.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)),
                      let typeRange = Range(match.range(at: 1), in: code) else { return nil }
                // The declared type: up to a default value or a computed body.
                let type = code[typeRange].prefix { $0 != "=" && $0 != "{" }
                guard type.contains("->") else { return nil }
                return "Sources/\(path):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))"
            }
        }
    }

    func testNothingReachesIntoTheHostsParts() {
        let places = Self.reaches(under: Self.sources)
        XCTAssertEqual(places, [], """
            Outside Host, code reaches into its parts. Return or apply an Action \
            (Host+Effects.swift), or ask through host.services (UIServices.swift):
            \(places.joined(separator: "\n"))
            """)
    }

    func testNoPartIsPatchedWithAClosureAfterConstruction() {
        let places = Self.settableClosures(under: Self.core)
        XCTAssertEqual(places, [], """
            A settable closure property wires one part to another behind the \
            actions. Return actions for Host.apply to route, pass a narrow \
            read-only view at init, or a function argument of the one call:
            \(places.joined(separator: "\n"))
            """)
    }

    /// The scans find what they are for, so the empty answers above mean something.
    func testTheScansNameFileAndLine() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiring-\(getpid())/Sources")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Core"), withIntermediateDirectories: true)
        let code = """
            final class Part {
                var settle: () -> Void = {}
                private(set) var hints: (() -> [String])?
                var count: Int = 0
                var total: Int { count }
                // var note: () -> Void, in a comment
                func f(_ L: OpaquePointer) {
                    host.navigator.request(.pop)
                    UIModule.host(L).scheduler.cancelTimer(1)
                    host.interaction[ListScroll.self, id] = 3
                    host.interaction.scrolledByHand = true
                    if host.interaction[ListScroll.self, id] == 3 { host.apply(.set(ListScroll.self, id, 2)) }
                    ghost.navigator.pop()
                    host.apply(.navigate(.pop)) // not host.dispatcher
                }
            }
            """
        try code.write(to: root.appendingPathComponent("Core/Part.swift"), atomically: true, encoding: .utf8)
        XCTAssertEqual(Self.settableClosures(under: root),
                       ["Sources/Core/Part.swift:2: var settle: () -> Void = {}",
                        "Sources/Core/Part.swift:3: private(set) var hints: (() -> [String])?"])
        XCTAssertEqual(Self.reaches(under: root),
                       ["Sources/Core/Part.swift:8: host.navigator.request(.pop)",
                        "Sources/Core/Part.swift:9: UIModule.host(L).scheduler.cancelTimer(1)",
                        "Sources/Core/Part.swift:10: host.interaction[ListScroll.self, id] = 3",
                        "Sources/Core/Part.swift:11: host.interaction.scrolledByHand = true"])
    }
}
