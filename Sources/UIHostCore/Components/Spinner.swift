/// The spinners a `ui.progress` can turn (`spinner = "dots"`): the frames and
/// how long each shows, after Bubble Tea's `spinner` package, so a port keeps
/// its look. The frame shown is a function of the host's clock, so a test that
/// waits a virtual time sees one frame and no other.
struct Spinner: Sendable {
    let name: String
    let frames: [String]
    /// Milliseconds each frame shows (Bubble Tea's `time.Second / FPS`).
    let interval: Int

    /// `minidot` first: the default, and the frames of the theme's glyphs.
    static let all: [Spinner] = [
        Spinner(name: "minidot", frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"], interval: 80),
        Spinner(name: "dots", frames: ["⣾", "⣽", "⣻", "⢿", "⡿", "⣟", "⣯", "⣷"], interval: 100),
        Spinner(name: "line", frames: ["|", "/", "-", "\\"], interval: 100),
        Spinner(name: "jump", frames: ["⢄", "⢂", "⢁", "⡁", "⡈", "⡐", "⡠"], interval: 100),
        Spinner(name: "pulse", frames: ["█", "▓", "▒", "░"], interval: 125),
        Spinner(name: "points", frames: ["∙∙∙", "●∙∙", "∙●∙", "∙∙●"], interval: 142),
        Spinner(name: "meter", frames: ["▱▱▱", "▰▱▱", "▰▰▱", "▰▰▰", "▰▰▱", "▰▱▱", "▱▱▱"], interval: 142),
        Spinner(name: "hamburger", frames: ["☱", "☲", "☴", "☲"], interval: 333),
        Spinner(name: "ellipsis", frames: ["   ", ".  ", ".. ", "..."], interval: 333),
        Spinner(name: "globe", frames: ["🌍", "🌎", "🌏"], interval: 250),
        Spinner(name: "moon", frames: ["🌑", "🌒", "🌓", "🌔", "🌕", "🌖", "🌗", "🌘"], interval: 125),
    ]

    static let names = all.map(\.name)

    static func named(_ name: String?) -> Spinner {
        all.first { $0.name == name } ?? all[0]
    }

    /// The frames drawn with `glyphs`: with `--ascii`, a spinner that is not
    /// ASCII turns the ASCII marks' spinner instead, at its own pace.
    func frames(_ glyphs: Glyphs) -> [String] {
        guard glyphs.isASCII, !frames.allSatisfy({ $0.allSatisfy(\.isASCII) }) else {
            return name == "minidot" ? glyphs.spinner.map(String.init) : frames
        }
        return glyphs.spinner.map(String.init)
    }

    /// The frame shown at `clock` milliseconds.
    func frame(at clock: Int, _ glyphs: Glyphs) -> String {
        let frames = self.frames(glyphs)
        return frames[(max(clock, 0) / interval) % frames.count]
    }

    /// The widest frame, in cells: the spinner's place does not change width as it turns.
    var width: Int { frames.map { DisplayWidth.of($0) }.max() ?? 1 }
}
