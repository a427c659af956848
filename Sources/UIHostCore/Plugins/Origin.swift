/// Whose code runs: the app (the screen and every file it loads) or one
/// plugin. Every `ui` table is made for one origin and its functions carry
/// it, so the environment a pushed file runs in, the owner of a timer or a
/// command, and the limits of a call follow who caused them, never where a
/// file lies (docs/SECURITY.md).
enum Origin: Hashable {
    case app
    /// The plugin at this index of `PluginSet.plugins`.
    case plugin(Int)

    /// As kept in an upvalue: 0 for the app, the plugin's index + 1.
    var code: Int {
        switch self {
        case .app: 0
        case .plugin(let index): index + 1
        }
    }

    init(code: Int) {
        self = code > 0 ? .plugin(code - 1) : .app
    }
}
