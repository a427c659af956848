/// `ui.tab`: a page of a `ui.tabs`. Its title and icon label the bar (the tabs
/// node reads them); its children, a column, are read only while it is selected.
enum TabPage: Component {
    static let kind = Kind.tab
    static let summary = """
        A tab of a `ui.tabs`: its title and icon label the bar, its children fill the page.
        """
    /// Read by the tabs for their bar.
    enum Fields {
        static let title = Field.string("title", default: "", doc: "the label in the bar")
        static let icon = Field.string("icon", doc: "drawn before the title; alone when a bottom bar is too narrow for the titles")
        static let style = Field.style(doc: "colours and attributes of its label in the bar (over the `ui.tabs` style; the selected label adds the accent)")
    }
    static let fields = [Fields.title.spec, Fields.icon.spec, Fields.style.spec]
    static let children = ChildPolicy.any(doc: "the page, top to bottom; read only while the tab is selected")

    /// The tab bar takes the keys; a page has none of its own.
    static let keys: [KeySpec] = []

    /// Inside a `ui.tabs` it is never read as a node of its own: the tabs read
    /// its title for the bar (and its `tab` in the semantic tree) and its
    /// children for the page. Placed anywhere else it is drawn as a column.
    static func node(_ source: NodeSource) -> any SemanticNode {
        StackNode(id: source.id, anchor: source.anchor, source.field, axis: .vertical)
    }
}
