import LuaBridge

/// A kind of component, declared in one place: its name, its fields, what it
/// may hold, the keys it acts on, and how its node is read from its table
/// (the node says what the kind is to a screen reader). `Registry.all` lists
/// every one; the constructors, their validation, the defaults written back,
/// the node made at each layout, and the checked stubs and docs all come from it.
///
/// Most node classes conform themselves (`extension ButtonNode: Component`);
/// a kind drawn by a shared node (a `ui.vstack` is a `StackNode`) is a caseless enum.
protocol Component {
    /// The constructor's name: `ui.button` is `"button"`.
    static var kind: Kind { get }
    /// The LuaLS class of its table, `ui.Button`; by default the kind, capitalised.
    static var luaClass: String { get }
    /// One line saying what it is and how it behaves: the stubs' description of
    /// its class and of its constructor.
    static var summary: String { get }
    /// The constructor's description in the stubs, when it says more than `summary`.
    static var constructorSummary: String { get }
    /// What the constructor returns, for the stubs: by default its table (`luaClass`).
    static var constructorReturns: String { get }
    /// Whether the stubs get its constructor from the registry (false when a
    /// hand-written function of the same name stands for it, as `ui.log`'s).
    static var stubsConstructor: Bool { get }
    /// Its fields, in the order the stubs and docs list them (`id` is common to all).
    static var fields: [FieldSpec] { get }
    /// What its positional entries may be.
    static var children: ChildPolicy { get }
    /// What the constructor takes besides a table.
    static var shorthand: Shorthand { get }
    /// Whether `node(_:)` reads the children itself (tabs read only the selected page).
    static var readsOwnChildren: Bool { get }
    /// Functions its tables answer as methods (`log:append(text)`), through
    /// the kind's metatable; most kinds have none.
    static var methods: [(String, LuaSwiftFunction)] { get }
    /// The keys it acts on while focused: its node's `handle` reads them, and
    /// so do help, the fuzzer and its docs section. No default: a kind that
    /// takes no focus says so with `[]`; `ConformanceTests` fails a focusable
    /// kind whose list is empty.
    static var keys: [KeySpec] { get }
    /// What it keeps for each component between frames that the script's
    /// table does not hold (`ComponentState`, declared in its file): a caret,
    /// a cursor, a scroll. `InteractionState` stores it; `--watch` gives back
    /// what is listed here and kept across a reload (`KeptState`); a kind
    /// whose components hold state it does not list fails `ConformanceTests`.
    static var state: [any ComponentState.Type] { get }
    /// Whether its node can take focus: such a kind gets `autofocus`,
    /// `onFocus` and `onBlur` from the registry (by default, a kind with keys).
    static var takesFocus: Bool { get }
    /// Whether it draws the same rows however many it gets (a radio group, a
    /// picker, a one-row field): a share of rows (`height = "1fr"`) cannot
    /// grow it, and the constructor refuses one (`Sizing.fixedHeight`). A
    /// one-row control that takes any height and draws its row in the middle
    /// (a button, a checkbox) does not.
    static var fixedHeight: Bool { get }
    /// The tables it holds as rows, with their fields (a list's `ui.ListItem`):
    /// the stubs' classes and the docs' tables of item fields.
    static var itemClasses: [ItemClass] { get }

    /// The node for one layout, from the component's table (fields read raw
    /// and typed). A `SemanticNode`, so that it says what it is to a screen reader.
    static func node(_ source: NodeSource) -> any SemanticNode
}

extension Component {
    static var luaClass: String { "ui." + kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst() }
    static var constructorSummary: String { summary }
    static var constructorReturns: String { luaClass }
    static var stubsConstructor: Bool { true }
    static var children: ChildPolicy { .none }
    static var shorthand: Shorthand { .none }
    static var readsOwnChildren: Bool { false }
    static var methods: [(String, LuaSwiftFunction)] { [] }
    static var state: [any ComponentState.Type] { [] }
    static var takesFocus: Bool { !keys.isEmpty }
    static var fixedHeight: Bool { false }
    static var itemClasses: [ItemClass] { [] }

    /// Its fields, then what every focusable takes (`FieldSpec.focusFields`)
    /// when it takes focus: what the constructor checks, the stubs and docs list.
    static var allFields: [FieldSpec] {
        guard takesFocus else { return fields }
        return fields + FieldSpec.focusFields.filter { spec in !fields.contains { $0.name == spec.name } }
    }
}

/// What the positional entries of a component's table may be. The text is
/// what they mean, as a `FieldSpec`'s `doc` says it (the docs' children row, the stubs' line).
enum ChildPolicy: Sendable {
    case none
    case any(doc: String)
    /// Every child must be of this kind (a `ui.tabs` holds `ui.tab`s).
    case only(Kind, doc: String)

    var allowsChildren: Bool {
        if case .none = self { false } else { true }
    }
}

/// Arguments a constructor takes other than a table.
enum Shorthand: Equatable, Sendable {
    case none
    /// `ui.spacer()`: no argument (or nil) is an empty table.
    case noArgument
    /// `ui.text "Hello"`: a string is the value of this field.
    case string(field: String)
}

/// What a component reads its node from: its table (through `field`), its
/// identity and anchor, and the reader, for components that read children.
struct NodeSource {
    let id: UnsafeRawPointer
    let anchor: Int32
    let field: FieldReader
    let depth: Int
    let path: () -> String

    var reader: TreeReader { field.reader }
    var table: Int32 { field.table }
}
