/// Every kind of component, in the order the stubs and docs present them. A
/// new component is one file and one line here.
enum Registry {
    // Metatypes of non-Sendable classes are not Sendable, but this array is
    // built once and never changed.
    nonisolated(unsafe) static let all: [any Component.Type] = [
        ScreenNode.self, TextNode.self, ButtonNode.self, VStack.self, HStack.self, SpacerNode.self,
        DividerNode.self, ListNode.self, TabsNode.self, TabPage.self, PickerNode.self, DropdownNode.self,
        SheetNode.self, DrawerNode.self, ImageNode.self, ProgressNode.self, CheckboxNode.self, InputNode.self,
        SwitchNode.self, RadioNode.self, TextAreaNode.self, TableNode.self, ScrollNode.self,
        AlertDialog.self, ConfirmDialog.self, LogNode.self, TreeNode.self, BoxNode.self, LinkNode.self,
        BadgeNode.self, TagNode.self, MarkdownNode.self, GridNode.self, FormNode.self, SparklineNode.self,
    ]

    // A scan, not a dictionary: it is not on the path of a key, and a
    // `[Kind: Int]` cost start-up more than all the scans of a run (the
    // runtime's first look-up of a generic type's conformances).
    static func index(of kind: Kind) -> Int? { all.firstIndex { $0.kind == kind } }

    static func component(_ kind: Kind) -> (any Component.Type)? { index(of: kind).map { all[$0] } }
}
