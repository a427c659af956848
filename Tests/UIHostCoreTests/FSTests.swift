import Glibc
import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// The `fs` capability: confined to the project (or a plugin's folder) and the
/// `--allow-path` folders, by real path; every refusal names the path, escaped.
final class FSTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihfs")
    private var outside = ScratchDirectory(prefix: "uihfsout")

    override func tearDown() {
        scratch.remove()
        outside.remove()
    }

    private func host(allow: Set<Capability> = [.fs], allowedPaths: [String] = [], plugin: String? = nil,
                      grants: PluginGrants = [:]) throws -> Host {
        var options = HostOptions(size: Size(cols: 60, rows: 6), allow: allow)
        options.allowedPaths = allowedPaths
        options.grants = grants
        if let plugin {
            try scratch.write("plugins/p/plugin.lua", plugin)
            try scratch.write("plugins/p/own.txt", "the plugin's")
            options.pluginDirectories = [FileSystem.join(scratch.path, "plugins")]
        }
        try scratch.write("project/notes/todo.txt", "buy milk\n")
        return try Host(script: try scratch.write("project/s.lua", "return ui.screen { title = 'F' }"), options: options)
    }

    /// The message `call` raises, without its `test:1: ` place.
    private func error(_ host: Host, _ call: String) throws -> String {
        let message = try host.evalString("select(2, pcall(function() return \(call) end))") ?? ""
        return message.hasPrefix("test:1: ") ? String(message.dropFirst(8)) : message
    }

    private var project: String { FileSystem.join(scratch.path, "project") }

    // MARK: - What it does

    func testListGivesSortedEntriesWithKindSizeAndTime() throws {
        let h = try host()
        try scratch.write("project/b.md", "12345")
        let listed = try h.evalString("""
            (function() local out = {}
              for _, e in ipairs(fs.list('.')) do out[#out + 1] = e.name .. ':' .. e.kind .. ':' .. (e.kind == 'file' and e.size or '-') end
              return table.concat(out, ' ') end)()
            """)
        XCTAssertEqual(listed, "b.md:file:5 notes:directory:- s.lua:file:32")
        XCTAssertEqual(try h.evalString("math.type(fs.list('notes')[1].mtime) .. ' ' .. (fs.list('notes')[1].mtime > 1.6e9 and 'recent' or 'old')"),
                       "integer recent")
    }

    func testReadWriteStatAndExists() throws {
        let h = try host()
        XCTAssertEqual(try h.evalString("fs.read('notes/todo.txt')"), "buy milk\n")
        XCTAssertEqual(try h.evalString("fs.write('notes/new.txt', 'a\\0b')"), "true")
        XCTAssertEqual(try h.evalString("#fs.read('notes/new.txt')"), "3")
        XCTAssertEqual(try h.evalString("fs.exists('notes/new.txt') and not fs.exists('notes/gone.txt')"), "true")
        XCTAssertEqual(try h.evalString("fs.stat('notes').kind .. ' ' .. tostring(fs.stat('nothing'))"), "directory nil")
        // An absolute path inside the project is as good as a relative one.
        XCTAssertEqual(try h.evalString("fs.read('\(project)/notes/todo.txt')"), "buy milk\n")
    }

    func testWriteReplacesTheFileWholeKeepingItsModeAndLeavesNoTemporaryFile() throws {
        let h = try host()
        let file = FileSystem.join(project, "notes/todo.txt")
        chmod(file, 0o600)
        try h.runLua("fs.write('notes/todo.txt', string.rep('x', 100000))")
        var st = Glibc.stat()
        stat(file, &st)
        XCTAssertEqual(st.st_mode & 0o777, 0o600)
        XCTAssertEqual(st.st_size, 100_000)
        XCTAssertEqual(FileSystem.list(FileSystem.join(project, "notes")), ["todo.txt"])
    }

    // MARK: - Refusals, each naming the path

    func testDotDotIsRefusedWhereverItIs() throws {
        let h = try host()
        XCTAssertEqual(try error(h, "fs.read('../s.lua')"), "fs.read: '../s.lua' goes up with '..'; paths stay inside the project")
        XCTAssertEqual(try error(h, "fs.list('notes/../..')"), "fs.list: 'notes/../..' goes up with '..'; paths stay inside the project")
        XCTAssertEqual(try error(h, "fs.write('notes/../../x', 'x')"), "fs.write: 'notes/../../x' goes up with '..'; paths stay inside the project")
        XCTAssertFalse(FileSystem.exists(FileSystem.join(scratch.path, "x")))
    }

    func testAbsolutePathsOutsideAreRefused() throws {
        let h = try host()
        XCTAssertEqual(try error(h, "fs.read('/etc/passwd')"), "fs.read: '/etc/passwd' is outside the project")
        XCTAssertEqual(try error(h, "fs.exists('/etc/shadow')"), "fs.exists: '/etc/shadow' is outside the project")
        XCTAssertEqual(try error(h, "fs.list('/')"), "fs.list: '/' is outside the project")
        XCTAssertEqual(try error(h, "fs.write('\(outside.path)/w', 'x')"), "fs.write: '\(outside.path)/w' is outside the project")
        XCTAssertFalse(FileSystem.exists(FileSystem.join(outside.path, "w")))
    }

    func testSymlinksLeadingOutAreRefusedAndThoseInsideFollowed() throws {
        let h = try host()
        try outside.write("secret.txt", "secret")
        symlink(FileSystem.join(outside.path, "secret.txt"), FileSystem.join(project, "leak"))
        symlink(outside.path, FileSystem.join(project, "door"))
        symlink("notes/todo.txt", FileSystem.join(project, "alias"))
        let real = FileSystem.realPath(outside.path)!
        XCTAssertEqual(try error(h, "fs.read('leak')"), "fs.read: 'leak' is outside the project, it leads to '\(real)/secret.txt'")
        XCTAssertEqual(try error(h, "fs.list('door')"), "fs.list: 'door' is outside the project, it leads to '\(real)'")
        XCTAssertEqual(try error(h, "fs.write('door/planted', 'x')"), "fs.write: 'door/planted' is outside the project, it leads to '\(real)'")
        XCTAssertEqual(try error(h, "fs.stat('door/secret.txt')"),
                       "fs.stat: 'door/secret.txt' is outside the project, it leads to '\(real)/secret.txt'")
        XCTAssertFalse(FileSystem.exists(FileSystem.join(outside.path, "planted")))
        // A write to a link is refused whether it leads out or in: it would replace the link.
        XCTAssertEqual(try error(h, "fs.write('leak', 'x')"), "fs.write: 'leak' is a symbolic link, not a regular file: it is not written")
        XCTAssertEqual(try error(h, "fs.write('alias', 'x')"), "fs.write: 'alias' is a symbolic link, not a regular file: it is not written")
        XCTAssertEqual(try FileSystem.readText(FileSystem.join(outside.path, "secret.txt")), "secret")
        // A loop of links is an error that says so.
        symlink("loop2", FileSystem.join(project, "loop1"))
        symlink("loop1", FileSystem.join(project, "loop2"))
        XCTAssertEqual(try error(h, "fs.read('loop1')"), "fs.read: 'loop1': Too many levels of symbolic links")
        XCTAssertEqual(try h.evalString("fs.read('alias')"), "buy milk\n")
        XCTAssertEqual(try h.evalString("fs.stat('alias').link"), "true")
        XCTAssertEqual(try h.evalString("fs.list('.')[1].name .. ' ' .. fs.list('.')[1].kind"), "alias link")
    }

    func testFIFOsDevicesAndFoldersAreNotRead() throws {
        let h = try host()
        mkfifo(FileSystem.join(project, "pipe"), 0o644)
        XCTAssertEqual(try error(h, "fs.read('pipe')"), "fs.read: 'pipe' is a FIFO, not a regular file: it is not read")
        XCTAssertEqual(try error(h, "fs.write('pipe', 'x')"), "fs.write: 'pipe' is a FIFO, not a regular file: it is not written")
        XCTAssertEqual(try error(h, "fs.read('notes')"), "fs.read: 'notes' is a folder (fs.list reads folders)")
        XCTAssertEqual(try error(h, "fs.list('notes/todo.txt')"), "fs.list: 'notes/todo.txt' is not a folder")
        XCTAssertEqual(try error(h, "fs.read('nothing.txt')"), "fs.read: 'nothing.txt': no such file")
        XCTAssertEqual(try error(h, "fs.write('missing/x.txt', 'x')"),
                       "fs.write: 'missing/x.txt': its folder does not exist (fs.write makes no folders)")
    }

    func testNamesWithControlCharactersAreEscapedInEveryMessage() throws {
        let h = try host()
        let message = try error(h, "fs.read('a\\n\\27[31mb\\255')")
        XCTAssertEqual(message, "fs.read: 'a\\n\\x1B[31mb\\xFF': no such file")
        try scratch.write("project/notes/x\u{1B}[2Jy", "z")
        XCTAssertEqual(try h.evalString("fs.list('notes')[2].name == 'x\\27[2Jy'"), "true")
        XCTAssertEqual(try error(h, "fs.read('a\\0b')"), "fs.read: 'a\\x00b' holds a NUL byte")
    }

    func testReadsAreBounded() throws {
        let h = try host()
        try scratch.write("project/big.txt", String(repeating: "a", count: 5000))
        XCTAssertEqual(try error(h, "fs.read('big.txt', { maxBytes = 4096 })"),
                       "fs.read: 'big.txt' is 5000 bytes, more than the 4096 bytes allowed (maxBytes)")
        XCTAssertEqual(try h.evalString("#fs.read('big.txt', { maxBytes = 5000 })"), "5000")
    }

    func testAReadThatCannotFitTheMemoryLimitIsRefused() throws {
        var options = HostOptions(size: Size(cols: 60, rows: 6), allow: [.fs])
        options.maxMemory = 4 << 20
        try scratch.write("project/big.bin", String(repeating: "a", count: 5 << 20))
        let h = try Host(script: try scratch.write("project/s.lua", "return ui.screen { title = 'F' }"), options: options)
        let message = try error(h, "fs.read('big.bin')")
        XCTAssertTrue(message.hasPrefix("fs.read: 'big.bin' is 5 MiB, more than the "), message)
        XCTAssertTrue(message.hasSuffix(" allowed (what the scripts' memory limit has left)"), message)
    }

    func testAllowPathAddsAFolder() throws {
        try outside.write("shared.txt", "shared")
        let h = try host(allowedPaths: [outside.path])
        XCTAssertEqual(try h.evalString("fs.read('\(outside.path)/shared.txt')"), "shared")
        XCTAssertEqual(try error(h, "fs.read('/etc/passwd')"), "fs.read: '/etc/passwd' is outside the project and the --allow-path folders")
    }

    func testWithoutTheCapabilityThereIsNoFS() throws {
        let h = try host(allow: [])
        XCTAssertEqual(try h.evalString("fs"), "nil")
        XCTAssertEqual(try host(allow: [.io]).evalString("fs"), "nil")
    }

    // MARK: - Plugins

    private let plugin = """
    return { name = "p", permissions = { "fs" }, commands = {
      { id = "p.own", title = "Own", run = function() ui.log(fs.read("own.txt")) end },
      { id = "p.project", title = "Project", run = function(_, ctx) fs.read(ctx.args[1]) end } } }
    """

    func testAPluginGrantedFSReachesItsOwnFolderOnly() throws {
        let h = try host(allow: [], plugin: plugin, grants: ["p": [.fs]])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [true], "\(h.errors)")
        XCTAssertNil(h.runCommand("p.own")!, "\(h.errors)")
        try h.runLua("ui.run('p.project', '\(project)/notes/todo.txt')")
        XCTAssertTrue(h.errors.last?.contains("plugin 'p': ") == true, "\(h.errors)")
        XCTAssertTrue(h.errors.last?.contains("is outside plugin 'p's folder") == true, "\(h.errors)")
    }

    func testAPluginWithoutTheGrantIsNotLoadedAndOneWithoutThePermissionHasNoFS() throws {
        let denied = try host(allow: [], plugin: plugin)
        XCTAssertTrue(denied.errors.first?.contains("it asks for the 'fs' permission, which was not granted (--grant p=fs") == true,
                      "\(denied.errors)")
        let quiet = """
        return { name = "p", commands = { { id = "p.go", title = "Go", run = function() return fs.list(".") end } } }
        """
        let h = try host(allow: [.fs], plugin: quiet, grants: ["p": [.fs]])
        let message = h.runCommand("p.go")??.message ?? ""
        XCTAssertTrue(message.contains("plugin 'p': fs needs the 'fs' permission (list it in the manifest's permissions and grant it: --grant p=fs)"),
                      message)
    }
}
