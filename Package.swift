// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "uihost",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "uihost", targets: ["uihost"]),
        // `uihost serve`'s server, which the `serve` subcommand runs: its own
        // program, so that libwebsockets and the TLS libraries it links are not
        // loaded by every screen (docs/PERFORMANCE.md, "At the floor").
        .executable(name: "uihost-serve", targets: ["uihost-serve"]),
        .library(name: "UIHost", targets: ["UIHost"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        .systemLibrary(name: "CSystem"),
        // `uihost serve`: HTTP and WebSocket from Debian's libwebsockets.
        .systemLibrary(
            name: "CWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        // ui.markdown's parser: CommonMark with GitHub's tables, task lists,
        // strikethrough and autolinks, from Debian's libcmark-gfm (headers from
        // libcmark-gfm-dev and libcmark-gfm-extensions-dev). Not linked: loaded
        // when a document is first parsed (dlopen), so that a start maps
        // neither library.
        .target(name: "CMarkLoader"),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .target(name: "CTerminal"),
        .target(name: "LuaBridge", dependencies: ["CLua", "CLuaShim", "CSystem"]),
        // Frames, text and geometry: pure drawing code, no Lua, so that a change
        // there rebuilds only it.
        .target(name: "Drawing"),
        .target(
            name: "UIHostCore",
            dependencies: ["Drawing", "LuaBridge", "CMarkLoader"],
            // The sandbox's Lua, checked by luacheck like every Lua file.
            resources: [.embedInCode("Lua/sandbox.lua"), .embedInCode("Lua/plugin_env.lua"), .embedInCode("Lua/manifest_env.lua")]
        ),
        .target(name: "TerminalIO", dependencies: ["Drawing", "CTerminal"]),
        .target(name: "UIHostTesting", dependencies: ["UIHostCore", "LuaBridge", "TerminalIO"]),
        .target(name: "UIHost", dependencies: ["UIHostCore", "LuaBridge", "TerminalIO"]),
        .target(
            name: "Serve",
            dependencies: ["CWebSockets", "CSystem"],
            // The browser page: ours, beside xterm.js from Debian's packages.
            resources: [.embedInCode("Page/index.html"), .embedInCode("Page/terminal.js"),
                        .embedInCode("Page/terminal.css"), .embedInCode("Page/full.html"),
                        .embedInCode("Page/modules.js")]
        ),
        .executableTarget(name: "weather-example", dependencies: ["UIHost"], exclude: ["weather.lua", "plugins"]),
        .executableTarget(
            name: "uihost",
            dependencies: ["UIHost", "UIHostCore", "UIHostTesting", "TerminalIO", "LuaBridge"],
            // The LuaLS stubs `uihost stubs` writes: a link to library/uihost.lua.
            resources: [.embedInCode("uihost.lua")]
        ),
        .executableTarget(name: "uihost-serve", dependencies: ["Serve", "Drawing", "LuaBridge"]),
        .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge", "CLua", "CLuaShim"]),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing"]),
        .testTarget(name: "UIHostCoreTests", dependencies: ["UIHostCore", "LuaBridge"]),
        // The tests' one way to play a terminal: a pseudo-terminal pair and a reader of what a program wrote.
        .target(name: "TerminalTestSupport", path: "Tests/TerminalTestSupport"),
        .testTarget(name: "TerminalIOTests", dependencies: ["TerminalIO", "Drawing", "UIHost", "UIHostCore", "TerminalTestSupport"]),
        .testTarget(name: "UIHostTestingTests", dependencies: ["UIHostTesting", "UIHostCore"]),
        .testTarget(name: "UIHostTests", dependencies: ["UIHost"]),
        .testTarget(name: "ServeTests", dependencies: ["Serve", "TerminalTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["TerminalTestSupport"], exclude: ["fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
