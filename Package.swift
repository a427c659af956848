// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "uihost",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "uihost", targets: ["uihost"]),
        .library(name: "UIHost", targets: ["UIHost"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        .systemLibrary(name: "CSystem"),
        // ui.markdown's parser: CommonMark with GitHub's tables, task lists,
        // strikethrough and autolinks (the extensions library has no .pc file;
        // the module map links it).
        .systemLibrary(
            name: "CMarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .target(name: "CTerminal"),
        .target(name: "LuaBridge", dependencies: ["CLua", "CLuaShim", "CSystem"]),
        .target(
            name: "UIHostCore",
            dependencies: ["LuaBridge", "CMarkGFM"],
            // The sandbox's Lua, checked by luacheck like every Lua file.
            resources: [.embedInCode("Lua/sandbox.lua"), .embedInCode("Lua/plugin_env.lua")]
        ),
        .target(name: "TerminalIO", dependencies: ["UIHostCore", "LuaBridge", "CSystem", "CTerminal"]),
        .target(name: "UIHostTesting", dependencies: ["UIHostCore", "LuaBridge", "TerminalIO"]),
        .target(name: "UIHost", dependencies: ["UIHostCore", "LuaBridge", "TerminalIO"]),
        .executableTarget(name: "weather-example", dependencies: ["UIHost"], exclude: ["weather.lua", "plugins"]),
        .executableTarget(
            name: "uihost",
            dependencies: ["UIHost", "UIHostCore", "UIHostTesting", "TerminalIO", "LuaBridge"],
            // The LuaLS stubs `uihost stubs` writes: a link to library/uihost.lua.
            resources: [.embedInCode("uihost.lua")]
        ),
        .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge", "CLua", "CLuaShim"]),
        .testTarget(name: "UIHostCoreTests", dependencies: ["UIHostCore", "LuaBridge"]),
        .testTarget(name: "TerminalIOTests", dependencies: ["TerminalIO", "UIHostCore"]),
        .testTarget(name: "UIHostTestingTests", dependencies: ["UIHostTesting", "UIHostCore"]),
        .testTarget(name: "UIHostTests", dependencies: ["UIHost"]),
        .testTarget(name: "CLITests", dependencies: [], exclude: ["fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
