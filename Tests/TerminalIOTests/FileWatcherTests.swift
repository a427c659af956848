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
}
