/// Something a kind keeps for each of its components between frames that
/// the script's table does not hold (ratatui's `ListState`): a text field's
/// caret, a table's scroll, a tree's cursor. Declared in the kind's file and
/// listed in its `Component.state`; `InteractionState` keeps one value per
/// component table, and drops it when the collector takes the table.
///
/// A struct that holds the state is its own key (`TreeState`); a plain value
/// gets a caseless enum that names it (`enum ListScroll { typealias Value = Int }`).
protocol ComponentState {
    associatedtype Value = Self
    /// Whether `--watch` gives it back to the component after a reload
    /// (`KeptState`): what the user did (a caret, a scroll) is kept; what
    /// belongs to one moment (a scroll asked for the next layout) is not. No
    /// default: each kind of state says.
    static var keptAcrossReload: Bool { get }
    /// What a reload carries of `value`: the value itself unless a kind's
    /// state refers to something of the old host (a parsed document).
    static func kept(_ value: Value) -> Value
    /// Whether a new value changes what the component's table reads as (a
    /// filtering list's rows), so that the host reads it again.
    static var changesWhatIsRead: Bool { get }
    /// Whether only the component's own node reads it, at its reading or
    /// its layout (a caret, a radio's cursor): a new value reads that node
    /// again, as a write into its fields does, not the whole tree.
    static var belongsToItsNode: Bool { get }
}

extension ComponentState {
    /// The value kept for the table at `id`, type-erased for `KeptState`.
    static func value(in state: InteractionState, at id: UnsafeRawPointer) -> Any? {
        state[Self.self, id].map(kept)
    }

    static func kept(_ value: Value) -> Value { value }
    static var changesWhatIsRead: Bool { false }
    static var belongsToItsNode: Bool { false }

    /// Puts back a value `value(in:at:)` gave (one of another type is dropped).
    static func restore(_ value: Any?, in state: InteractionState, at id: UnsafeRawPointer) {
        state[Self.self, id] = value as? Value
    }

    /// What to call it in a message: its type's name.
    static var name: String { String(describing: Self.self) }
}

/// The values of one kind of state, by component table.
final class StateStore<Key: ComponentState>: AnyStateStore {
    var values: [UnsafeRawPointer: Key.Value] = [:]

    func forget(_ id: UnsafeRawPointer) { values[id] = nil }
    var keyType: any ComponentState.Type { Key.self }
    func holds(_ id: UnsafeRawPointer) -> Bool { values[id] != nil }
}

/// A `StateStore` of any kind of state: what `InteractionState` walks to
/// forget a collected table, whatever kinds of state there are.
protocol AnyStateStore: AnyObject {
    func forget(_ id: UnsafeRawPointer)
    var keyType: any ComponentState.Type { get }
    func holds(_ id: UnsafeRawPointer) -> Bool
}
