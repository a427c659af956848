import Glibc
import LuaBridge
import XCTest
@testable import UIHostCore

/// Foundation (through XCTest) has a `Host` class too.
private typealias Host = UIHostCore.Host

/// The edges of the sandbox (issue 12, item 9): files a script may have the
/// host read (`ui.push`, `require`, `ui.image`), command execution with
/// `--allow io`, limits passed inside coroutines, and error values that are
/// not strings.
final class SandboxEdgeTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihedge")

    override func setUpWithError() throws {
        scratch = ScratchDirectory(prefix: "uihedge")
        // A file outside the project whose content must not get out.
        try scratch.write("secret/config.lua", "password = 'hunter2' this is not Lua\n")
        FileSystem.makeDirectories(FileSystem.join(scratch.path, "proj"))
    }

    override func tearDownWithError() throws {
        scratch.remove()
    }

    // MARK: - Helpers

    private func options(allow: Set<Capability> = [], maxInstructions: Int64? = 100_000_000,
                         assets: String = "Assets") -> HostOptions {
        HostOptions(size: Size(cols: 100, rows: 10), assetsDirectory: assets, allow: allow, maxInstructions: maxInstructions)
    }

    /// A project `proj/s.lua` whose first button (focused at start) runs
    /// `body`, written on line 3; `label` shows what a handler leaves there.
    private func host(_ body: String, _ options: HostOptions? = nil) throws -> Host {
        let path = try scratch.write("proj/s.lua", """
        label = ui.text "idle"
        return ui.screen { title = "Edge",
          ui.button { title = "Go", onSelect = function() \(body) end },
          label,
        }
        """)
        return try Host(script: path, options: options ?? self.options())
    }

    private func project(_ name: String) -> String { FileSystem.join(scratch.path, "proj/" + name) }

    // MARK: - ui.push and require stay in the project

    func testPushOfAPathOutsideTheProjectIsRefusedWithoutReadingIt() throws {
        symlink(FileSystem.join(scratch.path, "secret/config.lua"), project("link.lua"))
        for (path, shown) in [("../secret/config.lua", project("../secret/config.lua")),
                              (FileSystem.join(scratch.path, "secret/config.lua"), FileSystem.join(scratch.path, "secret/config.lua")),
                              ("/etc/passwd", "/etc/passwd"),
                              ("link.lua", project("link.lua")),
                              ("../secret/missing.lua", project("../secret/missing.lua"))] {
            let host = try self.host("ui.push(\"\(path)\")")
            press(host, .enter)
            XCTAssertEqual(host.errors, ["\(project("s.lua")):3: ui.push: \(shown) is outside the project "
                                         + "(the folder of the first screen; --allow io lifts this)"], path)
            XCTAssertEqual(host.navigationDepth, 1)
            XCTAssertFalse(host.errors.joined().contains("hunter2"))
        }
    }

    func testPushInsideTheProjectWorksAndAllowIoLiftsTheConfinement() throws {
        try scratch.write("proj/sub/inner.lua", "return ui.screen { title = \"Inner\", ui.button { title = \"Up\", onSelect = function() ui.push(\"../other.lua\") end } }\n")
        try scratch.write("proj/other.lua", "return ui.screen { title = \"Other\" }\n")
        let inside = try host("ui.push(\"sub/inner.lua\")")
        press(inside, .enter)
        assertShows(inside, "Inner")
        press(inside, .enter)   // from sub/ back up to the project's top: still inside
        assertShows(inside, "Other")
        XCTAssertEqual(inside.errors, [])

        let lifted = try host("ui.push(\"../secret/config.lua\")", options(allow: [.io]))
        press(lifted, .enter)
        XCTAssertEqual(lifted.errors.count, 1)
        XCTAssertTrue(lifted.errors[0].hasPrefix(project("../secret/config.lua") + ":1:"), lifted.errors[0])
    }

    func testRequireOfASymlinkLeadingOutOfTheProjectIsRefused() throws {
        try scratch.write("secret/mod.lua", "return { secret = 'hunter2' }\n")
        symlink(FileSystem.join(scratch.path, "secret/mod.lua"), project("mod.lua"))
        let host = try self.host("label.text = require('mod').secret")
        press(host, .enter)
        XCTAssertEqual(host.errors, ["\(project("s.lua")):3: module 'mod': \(project("mod.lua")) is outside the project "
                                     + "(the folder of the first screen; --allow io lifts this)"])
        assertShows(host, "idle")
    }

    // MARK: - Assets stay in the project or the assets folder

    func testAssetLeadingOutOfTheProjectAndAssetsFolderIsMissing() throws {
        let assets = FileSystem.join(scratch.path, "art")
        try scratch.write("art/fine.txt", "fine art\n")
        try scratch.write("proj/kept.txt", "kept art\n")
        symlink("/etc/passwd", FileSystem.join(assets, "passwd.txt"))
        symlink(project("kept.txt"), FileSystem.join(assets, "kept.txt"))
        let path = try scratch.write("proj/s.lua", """
        return ui.screen { title = "Art", ui.image { asset = "passwd" }, ui.image { asset = "fine" }, ui.image { asset = "kept" } }
        """)
        let host = try Host(script: path, options: options(assets: assets))
        assertShows(host, "[missing image: passwd]")
        assertShows(host, "fine art")
        assertShows(host, "kept art")
        XCTAssertNil(host.render().find("root:"))
        let lifted = try Host(script: path, options: options(allow: [.io], assets: assets))
        assertShows(lifted, "root:")
    }

    func testAssetThatIsAFIFOIsMissingInsteadOfBlocking() throws {
        let assets = FileSystem.join(scratch.path, "art")
        FileSystem.makeDirectories(assets)
        let fifo = FileSystem.join(assets, "pipe.txt")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Should the host open it, a writer lets it go on (with an empty asset) instead of blocking for ever.
        Thread.detachNewThread {
            for _ in 0..<500 {
                let fd = open(fifo, O_WRONLY | O_NONBLOCK)   // fails until a reader has it open
                if fd >= 0 { close(fd); return }
                usleep(10_000)
            }
        }
        let path = try scratch.write("proj/s.lua", "return ui.screen { title = \"Art\", ui.image { asset = \"pipe\" } }\n")
        let host = try Host(script: path, options: options(allow: [.io], assets: assets))
        assertShows(host, "[missing image: pipe]")
    }

    // MARK: - io.popen needs os

    func testAllowIoDoesNotRunCommands() throws {
        for (allow, expected) in [([Capability.io], "nil"), ([.io, .os], "function"), ([.all], "function")] {
            let host = try self.host("label.text = type(io.popen) .. ' ' .. type(io.open)", options(allow: Set(allow)))
            press(host, .enter)
            assertShows(host, expected + " function")
        }
    }

    // MARK: - Limits inside coroutines end the handler

    func testBudgetErrorCaughtByResumeStopsTheHandlerWithABanner() throws {
        for body in ["local ok, e = coroutine.resume(coroutine.create(function() while true do end end)) label.text = 'carried on'",
                     "local ok, e = pcall(coroutine.wrap(function() while true do end end)) label.text = 'carried on'"] {
            let host = try self.host(body, options(maxInstructions: 100_000))
            press(host, .enter)
            XCTAssertEqual(host.errors, ["\(project("s.lua")):3: instruction budget exceeded (100000 instructions)"], body)
            assertShows(host, "idle")
            assertShows(host, "error: ")
        }
    }

    // MARK: - Error values that are not strings, in ui.spawn

    func testSpawnedErrorTableIsReportedWithItsLocation() throws {
        let host = try self.host("ui.spawn(function() error({}) end)")
        press(host, .enter)
        XCTAssertEqual(host.errors, ["\(project("s.lua")):3: (error object is a table value)"])
        assertShows(host, "error: ")
    }

    func testSpawnedErrorWithTostringIsReportedByIt() throws {
        let host = try self.host("ui.spawn(function() ui.sleep(10) error(setmetatable({}, { __tostring = function() return 'custom failure' end })) end)")
        press(host, .enter)
        host.advance(10)
        XCTAssertEqual(host.errors, ["custom failure"])
    }

    func testSpawnedErrorWhoseTostringNeverEndsIsStoppedByTheLimits() throws {
        let host = try self.host("ui.spawn(function() ui.sleep(10) error(setmetatable({}, { __tostring = function() while true do end end })) end)",
                                 options(maxInstructions: 100_000))
        press(host, .enter)
        host.advance(10)
        XCTAssertEqual(host.errors, ["\(project("s.lua")):3: (error object is a table value)"])
    }
}
