import Glibc
import LuaBridge

/// A fresh directory under /tmp for the screen scripts a test writes; `remove()`
/// deletes it with everything in it.
struct ScratchDirectory {
    let path: String

    init(prefix: String = "uih") {
        var template = Array("/tmp/\(prefix).XXXXXX".utf8CString)
        _ = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Writes `source` to `name` inside the directory (making subfolders); returns its path.
    @discardableResult
    func write(_ name: String, _ source: String) throws -> String {
        let file = FileSystem.join(path, name)
        FileSystem.makeDirectories(FileSystem.directory(of: file))
        try FileSystem.write(file, source)
        return file
    }

    func remove() {
        ScratchDirectory.removeTree(path)
    }

    static func removeTree(_ path: String) {
        if FileSystem.isDirectory(path) {
            for name in FileSystem.list(path) { removeTree(FileSystem.join(path, name)) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
