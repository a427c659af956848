import LuaBridge
import XCTest
@testable import UIHostCore

/// `ui.bind`'s bindings as a part of their own: who owns a key, the limit per
/// owner, what a rolled-back plugin leaves, and the references they hold.
final class AppBindingsTests: XCTestCase {
    private let lua = LuaState()
    private lazy var bindings = AppBindings(lua: lua)

    /// A function in the registry, as `ui.bind` hands it over.
    private func function() throws -> Int32 {
        try lua.load("return function() end", chunkName: "=f")
        try lua.call(nargs: 0, nresults: 1)
        return lua.stack.popRef()
    }

    private func isReleased(_ ref: Int32) -> Bool {
        defer { lua.stack.pop() }
        return lua.stack.pushRef(ref) != .function
    }

    private func bind(_ key: String, _ origin: Origin, _ ref: Int32) -> String? {
        bindings.bind(Key(name: key)!, name: key, desc: "Do \(key)", functionRef: ref, origin: origin) {
            $0 == .app ? "the screen" : "a plugin"
        }
    }

    func testAnOwnerReplacesItsOwnBindingAndTheOldFunctionIsReleased() throws {
        let first = try function(), second = try function()
        XCTAssertNil(bind("ctrl-s", .app, first))
        let before = bindings.generation
        XCTAssertNil(bind("ctrl-s", .app, second))
        XCTAssertEqual(bindings.list.count, 1)
        XCTAssertTrue(isReleased(first))
        XCTAssertFalse(isReleased(second))
        XCTAssertGreaterThan(bindings.generation, before, "what was worked out from them is stale")
    }

    func testAKeyAnotherOwnerBoundIsRefusedAndTheFunctionReleased() throws {
        XCTAssertNil(bind("ctrl-s", .app, try function()))
        let stolen = try function()
        XCTAssertEqual(bind("ctrl-s", .plugin(0), stolen), "ui.bind: ctrl-s is bound by the screen already")
        XCTAssertTrue(isReleased(stolen))
        XCTAssertEqual(bindings.list.map(\.origin), [.app])
    }

    func testAnOwnerBindsAtMostTheLimitOfKeys() throws {
        let letters = (0..<HostLimits.maxCommandsPerOwner).map { String(UnicodeScalar(0x4E00 + $0)!) }
        for key in letters { XCTAssertNil(bind(key, .plugin(1), try function())) }
        let extra = try function()
        XCTAssertEqual(bind("ctrl-k", .plugin(1), extra),
                       "ui.bind: more than \(HostLimits.maxCommandsPerOwner) bindings from one owner")
        XCTAssertTrue(isReleased(extra))
        XCTAssertNil(bind("ctrl-k", .app, try function()), "another owner has its own limit")
    }

    func testARolledBackPluginLeavesNoBindingAndNoReference() throws {
        let theirs = try function(), ours = try function()
        XCTAssertNil(bind("ctrl-g", .plugin(2), theirs))
        XCTAssertNil(bind("ctrl-s", .app, ours))
        bindings.removeAll(of: .plugin(2))
        XCTAssertEqual(bindings.list.map(\.key.name), ["ctrl-s"])
        XCTAssertTrue(isReleased(theirs))
        XCTAssertFalse(isReleased(ours))
    }
}
