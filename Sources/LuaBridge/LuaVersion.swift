import CLua

/// Which Lua uihost runs, for `uihost doctor` and bug reports: the release of
/// the headers it was built against, the version number of the library it
/// runs with, and that library's file (Debian's liblua5.4, loaded at run time).
public enum LuaVersion {
    /// `5.4.4`: the headers' release.
    public static var release: String { "\(LUA_VERSION_MAJOR).\(LUA_VERSION_MINOR).\(LUA_VERSION_RELEASE)" }

    /// `504`: what the loaded library says (`lua_version`, which reads no state).
    public static var number: Int { Int(lua_version(nil)) }

    /// The shared library's path as this process mapped it, when it can tell.
    public static var library: String? {
        guard let maps = try? FileSystem.readText("/proc/self/maps") else { return nil }
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = line[slash...]
            if path.split(separator: "/").last?.hasPrefix("liblua") == true { return String(path) }
        }
        return nil
    }
}
