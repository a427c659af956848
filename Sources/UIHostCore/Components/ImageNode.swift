import LuaBridge

/// `ui.image`: the text-art asset `ASSETS/NAME.txt`, cropped to its box. A
/// missing asset draws `[missing image: NAME]`, never an error.
final class ImageNode: Node {
    let asset: String
    let lines: [String]?
    let width: Int?
    let height: Int?

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader, assets: AssetStore) {
        asset = field.string("asset") ?? ""
        width = field.int("width", min: 0, max: 1000)
        height = field.int("height", min: 0, max: 1000)
        lines = assets.lines(of: asset)
        super.init(id: id, anchor: anchor)
    }

    private var shown: [String] { lines ?? ["[missing image: \(asset)]"] }

    override func measure(width w: Int) -> Int { height ?? shown.count }
    override func naturalWidth() -> Int { width ?? (shown.map { DisplayWidth.of($0) }.max() ?? 0) }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        // Centred in its box, like SwiftUI's scaledToFit without scaling.
        let artWidth = min(naturalWidth(), rect.width)
        let x = rect.x + max(0, (rect.width - artWidth) / 2)
        let box = Rect(x: x, y: rect.y, width: artWidth, height: rect.height)
        for (i, line) in shown.prefix(rect.height).enumerated() {
            frame.put(line, x: x, y: rect.y + i, style: lines == nil ? .dim : .plain, clip: box)
        }
    }
}

/// Text-art assets read once per host from the assets directory.
final class AssetStore {
    let directory: String
    private var cache: [String: [String]?] = [:]

    init(directory: String) {
        self.directory = directory
    }

    /// The lines of `NAME.txt`, or nil when there is no such asset (or the name
    /// tries to leave the directory).
    func lines(of name: String) -> [String]? {
        if let hit = cache[name] { return hit }
        var result: [String]?
        if !name.isEmpty, !name.contains("/"), !name.hasPrefix("."),
           let text = try? FileSystem.readText(FileSystem.join(directory, name + ".txt")) {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
            if lines.last == "" { lines.removeLast() }
            result = lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        }
        cache[name] = result
        return result
    }
}

/// `ui.progress`: a spinner while `value` is nil (it advances with the host's
/// clock), or a bar for 0…1.
final class ProgressNode: Node {
    let value: Double?
    let label: String
    static let frameMilliseconds = 80

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        value = field.number("value").map { min(max($0, 0), 1) }
        label = field.string("label") ?? ""
        super.init(id: id, anchor: anchor)
    }

    override func measure(width: Int) -> Int { 1 }
    override func naturalWidth() -> Int { DisplayWidth.of(label) + (value == nil ? 2 : 20) }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        if value == nil, !rect.isEmpty { context.host.animating = true }
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        guard let value else {
            let frames = context.glyphs.spinner
            let spinner = frames[(context.clock / ProgressNode.frameMilliseconds) % frames.count]
            frame.put(String(spinner) + (label.isEmpty ? "" : " " + label), x: rect.x, y: rect.y, style: .accent, clip: rect)
            return
        }
        let percent = " \(Int((value * 100).rounded()))%"
        var x = rect.x
        if !label.isEmpty { x += frame.put(label + " ", x: x, y: rect.y, clip: rect) }
        let barWidth = max(0, rect.maxX - x - DisplayWidth.of(percent) - 2)
        let filled = Int((Double(barWidth) * value).rounded(.down))
        let bar = String(repeating: context.glyphs.barFilled, count: filled)
            + String(repeating: context.glyphs.barEmpty, count: barWidth - filled)
        frame.put("[" + bar + "]" + percent, x: x, y: rect.y, clip: rect)
    }
}
