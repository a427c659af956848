/// `ui.image`: the text-art asset `ASSETS/NAME.txt`, cropped to its box. A
/// missing asset draws `[missing image: NAME]`, never an error.
final class ImageNode: Node, SemanticNode {
    let asset: String
    let lines: [String]?
    let width: Int?
    let height: Int?

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader, assets: AssetStore) {
        asset = field[Fields.asset]
        width = field[Fields.width]
        height = field[Fields.height]
        lines = assets.lines(of: asset)
        super.init(id: id, anchor: anchor)
    }

    private var shown: [String] { lines ?? ["[missing image: \(asset)]"] }

    override func measureRows(width w: Int) -> Int { height ?? shown.count }
    override func naturalColumns() -> Int { width ?? (shown.map { DisplayWidth.of($0) }.max() ?? 0) }

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

    /// Text-art says nothing to a screen reader: the asset's name stands for it.
    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "image", label: asset) }
}

extension ImageNode: Component {
    static let kind = Kind("image")
    static let summary = """
        A text-art picture: the file ASSETS/NAME.txt (`--assets DIR`, default Assets/), centred and \
        cropped to its box. A missing asset draws `[missing image: NAME]`.
        """
    enum Fields {
        static let asset = Field.string(
            "asset", default: "",
            doc: "the asset's name, without `.txt`; a name with `/` or a leading `.` is never read, nor a file that is not a regular file, nor (without `--allow io`) one whose real path, symlinks resolved, is outside both the assets folder and the folder of the first screen")
        static let width = Field.integer("width", 0...1000, described: "the widest line of the art",
                                         doc: "columns it asks for in an `hstack`")
        static let height = Field.integer("height", 0...1000, described: "the art's line count", doc: "rows it takes")
    }
    static let fields = [Fields.asset.spec, Fields.width.spec, Fields.height.spec]

    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode {
        ImageNode(id: source.id, anchor: source.anchor, source.field, assets: source.reader.assets)
    }
}
