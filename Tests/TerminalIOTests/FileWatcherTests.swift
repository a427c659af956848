import Glibc
import XCTest
@testable import TerminalIO

final class FileWatcherTests: XCTestCase {
    private var path = ""

    override func setUpWithError() throws {
        path = "/tmp/uihost-watch-\(getpid())-\(name.hashValue).lua"
        try write("return 1")
    }

    override func tearDownWithError() throws {
        unlink(path)
    }

    private func write(_ text: String) throws {
        guard let f = fopen(path, "w") else { throw POSIXError(.EIO) }
        fputs(text, f)
        fclose(f)
    }

    /// Moves the file's modification time on, as a save a moment later would.
    private func touch(seconds: Int) {
        var times = [timespec(tv_sec: time(nil) + seconds, tv_nsec: 0), timespec(tv_sec: time(nil) + seconds, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
    }

    func testAChangeIsReportedOnceAfterItSettles() {
        var watcher = FileWatcher(files: [path])
        touch(seconds: 5)
        XCTAssertFalse(watcher.poll(now: 0))
        XCTAssertFalse(watcher.poll(now: 50))
        XCTAssertTrue(watcher.poll(now: 100))
        XCTAssertFalse(watcher.poll(now: 200))
    }

    func testRenewingTheListKeepsAChangeThatIsStillSettling() {
        var watcher = FileWatcher(files: [path])
        touch(seconds: 5)
        XCTAssertFalse(watcher.poll(now: 0))
        watcher.watch([path])   // a resize or a new module renews the list
        XCTAssertTrue(watcher.poll(now: 100))
    }

    func testRenewingTheListKeepsAChangeNotYetPolled() {
        var watcher = FileWatcher(files: [path])
        touch(seconds: 5)
        watcher.watch([path])
        XCTAssertFalse(watcher.poll(now: 0))
        XCTAssertTrue(watcher.poll(now: 100))
    }

    /// Sets the modification time of `file` (not of a link's target).
    private func setTime(_ file: String, _ seconds: Int, followLinks: Bool = true) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        utimensat(AT_FDCWD, file, &times, followLinks ? 0 : AT_SYMLINK_NOFOLLOW)
    }

    /// Replaces `path` at once by a symbolic link to `target` (as a deploy
    /// script or `ln -sf` through a temporary name does).
    private func replaceWithLink(to target: String) {
        let temporary = path + ".new"
        unlink(temporary)
        XCTAssertEqual(symlink(target, temporary), 0)
        XCTAssertEqual(rename(temporary, path), 0)
    }

    /// A file replaced by a link to an older file is a change, even when the
    /// two have the same modification time (files unpacked or copied with
    /// their times kept): the time alone does not see it.
    func testAFileReplacedByALinkToAnOlderFileIsAChange() throws {
        try write("return 1")
        setTime(path, 1_000_000)
        let older = path + ".old"
        defer { unlink(older) }
        guard let f = fopen(older, "w") else { throw POSIXError(.EIO) }
        fputs("return 2", f)
        fclose(f)
        setTime(older, 1_000_000)
        var watcher = FileWatcher(files: [path])
        replaceWithLink(to: older)
        XCTAssertFalse(watcher.poll(now: 0))
        XCTAssertTrue(watcher.poll(now: 100), "the link to another file was not noticed")
    }

    /// A link pointed at another file of the same time and size is a change.
    func testALinkRetargetedToAnotherFileIsAChange() throws {
        let first = path + ".a", second = path + ".b"
        defer { unlink(first); unlink(second) }
        for (file, text) in [(first, "return 1"), (second, "return 2")] {
            guard let f = fopen(file, "w") else { throw POSIXError(.EIO) }
            fputs(text, f)
            fclose(f)
            setTime(file, 1_000_000)
        }
        replaceWithLink(to: first)
        var watcher = FileWatcher(files: [path])
        replaceWithLink(to: second)
        XCTAssertFalse(watcher.poll(now: 0))
        XCTAssertTrue(watcher.poll(now: 100), "the retargeted link was not noticed")
        XCTAssertFalse(watcher.poll(now: 200), "reported once")
    }

    func testAFileThatDidNotChangeIsNoChange() {
        var watcher = FileWatcher(files: [path])
        XCTAssertFalse(watcher.poll(now: 0))
        XCTAssertFalse(watcher.poll(now: 1000))
    }
}
