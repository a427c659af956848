/// An effect a node asks for when it handles an event, or that the script
/// asks for through a `ui` function, or that one of the host's parts returns
/// for another (a dialog's answer for the scheduler). Nodes, `ui` functions
/// and parts decide and return actions; the host applies them in order, in
/// one place (`Host.apply`), after the node returned — as Bubble Tea runs the
/// `tea.Cmd`s that `Update` returns. A node never calls into Lua or the host
/// itself, and no part calls another it does not hold.
enum Action {
    // MARK: The script's tables (written raw; the next layout reads them back)

    /// `component[field] = value`.
    case setInteger(anchor: Int32, field: StaticString, Int)
    /// `component[field] = value`.
    case setBoolean(anchor: Int32, field: StaticString, Bool)
    /// `component[field] = value`; nil clears it.
    case setString(anchor: Int32, field: StaticString, String?)

    // MARK: Handlers

    /// `component[handler](arguments…)`, when it is a function.
    case call(anchor: Int32, handler: StaticString, [Argument])
    /// The handlers of `component[items][index]`, as `dispatch` says.
    case callItem(anchor: Int32, items: StaticString, index: Int, handler: StaticString, dispatch: ItemDispatch)

    // MARK: Interaction state the script does not own

    /// Opens a menu picker's or a dropdown's popup, with `highlighted` its
    /// highlighted row (`MenuHighlight`).
    case openMenu(UnsafeRawPointer, highlighted: Int)
    /// Closes the popup of `id`, forgetting its highlight.
    case closeMenu(UnsafeRawPointer)
    /// Keeps (or with nil, forgets) a kind's state for the component at `id`:
    /// a caret, a cursor, a scroll (`ComponentState`, declared in the kind's
    /// file). Made with `set`, which checks the value's type.
    case setState(any ComponentState.Type, UnsafeRawPointer, Any?)
    /// What one kind alone does (a tree opening a node), declared in its files.
    case effect(any KindEffect)
    /// Scrolls the container whose offset is kept under this key (`ui.scroll`).
    case setScrollOffset(UnsafeRawPointer, Int)
    /// Scrolls the scroll `id` at the next layout, as little as it can, to
    /// show the component of table `target` (`scroll:scrollTo(component)`).
    case scrollToShow(UnsafeRawPointer, UnsafeRawPointer)

    // MARK: Navigation

    /// Navigation the script asked for through `ui` (`ui.push`, `ui.focus`…),
    /// or a dialog's answer (it closes, its `onChoice(ok)` runs, and a
    /// coroutine waiting in `ui.confirm{…}` gets `ok`): it waits until the
    /// running handler returned (`Navigator.request`).
    case navigate(NavigationRequest)

    // MARK: Coroutines

    /// `ui.spawn(fn)` called on thread `from`: the function (a registry
    /// reference the action owns) runs as a coroutine now, under the limits
    /// of `origin`.
    case spawn(Int32, from: OpaquePointer, Origin)
    /// A coroutine (its registry reference) yielded in `ui.alert`/`ui.confirm`
    /// for the dialog of this table: the dialog takes it, to resume it with
    /// its answer; with no such dialog it goes on as after `ui.sleep(0)`.
    case awaitDialog(coroutine: Int32, UnsafeRawPointer)
    /// A dialog was answered: the coroutine waiting for it resumes with the answer.
    case resume(waiter: Int32, answer: Bool)

    /// An argument of a handler call.
    enum Argument {
        /// The component table of a node (by its anchor in the current layout).
        case component(Int32)
        case integer(Int)
        case string(String)
        case boolean(Bool)
        /// `component[field][index]` (a table's column).
        case element(Int32, StaticString, Int)
    }

    /// How an item's handler and its component's are called.
    enum ItemDispatch {
        /// `item.onSelect(item, index)` if present, else the component's (lists).
        case itemWins
        /// The item's, then the component's, each with `(item)` (dropdowns).
        case itemThenComponent
        /// Only the component's, with `(item, index)` (pickers).
        case componentOnly
    }

    /// Keeps `value` as state `key` of the component at `id` (nil forgets it).
    static func set<Key: ComponentState>(_ key: Key.Type, _ id: UnsafeRawPointer, _ value: Key.Value?) -> Action {
        .setState(key, id, value)
    }

    /// `component[field] = index`, then the component's `handler(items[index], index)`:
    /// a picker's choice.
    static func choose(anchor: Int32, index: Int, field: StaticString, handler: StaticString) -> [Action] {
        [.setInteger(anchor: anchor, field: field, index),
         .callItem(anchor: anchor, items: "items", index: index, handler: handler, dispatch: .componentOnly)]
    }
}

/// What a node may consult when it decides what an event means. Read-only:
/// every change goes out as an `Action`.
struct EventContext {
    // unowned(unsafe): the host, which owns both, outlives every event; plain
    // `unowned` costs a reference count change each time the context is copied.
    fileprivate unowned(unsafe) let dispatcher: Dispatcher
    /// What the host keeps for components between frames (a text field's
    /// caret, a radio group's cursor), to be read: changes go out as actions.
    unowned(unsafe) let state: InteractionState

    init(_ dispatcher: Dispatcher, state: InteractionState) {
        self.dispatcher = dispatcher
        self.state = state
    }

    /// Whether `component[items][index].disabled` is true. Asked of Lua, since
    /// a virtualised list keeps no items.
    func isItemDisabled(_ anchor: Int32, _ items: StaticString, _ index: Int) -> Bool {
        dispatcher.isItemDisabled(anchor: anchor, items: items, index: index)
    }
}
