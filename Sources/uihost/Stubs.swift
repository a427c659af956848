import LuaBridge

/// `uihost stubs DIR`: the LuaLS type stubs (`---@meta`) of the `ui` and `test`
/// API, embedded in the binary so that they match the host that writes them.
/// The text is library/uihost.lua (Sources/uihost/uihost.lua links to it),
/// embedded at build time by SwiftPM (`resources: [.embedInCode("uihost.lua")]`).
enum Stubs {
    static let files: [(name: String, bytes: [UInt8])] = [
        (name: "uihost.lua", bytes: PackageResources.uihost_lua),
    ]

    /// The text of uihost.lua.
    static var uihostLua: String { String(decoding: PackageResources.uihost_lua, as: UTF8.self) }

    /// Creates `directory` if needed and writes every stub file into it. Prints
    /// `wrote DIR/NAME` per file and returns 0, or prints `uihost: cannot write …`
    /// to stderr and returns 3.
    static func write(to directory: String) -> Int32 {
        if !directory.isEmpty { FileSystem.makeDirectories(directory) }
        for file in files {
            let path = directory.isEmpty || directory.hasSuffix("/") ? directory + file.name : directory + "/" + file.name
            do throws(FileSystem.Failure) {
                try FileSystem.write(path, String(decoding: file.bytes, as: UTF8.self))
            } catch {
                FileSystem.writeStandardError("uihost: cannot write \(path): \(error.reason)\n")
                return 3
            }
            print("wrote \(path)")
        }
        return 0
    }
}
