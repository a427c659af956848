import LuaBridge

/// Where the app is: the navigation stack of screens, the drawer of the top
/// screen, the presented sheets, and the focus each of those layers keeps.
/// What the script asks for (`ui.push`, `ui.present`, …) comes in as a
/// `NavigationRequest`; while a handler runs it waits in `requests` and is
/// applied when the handler returned (`Host.settle`). What applying leads to
/// beyond navigation (a dialog's answer resumes the coroutine waiting for it)
/// is returned as actions, which the host applies.
final class Navigator: NavigationPreview {
    struct ScreenEntry {
        var ref: Int32
        var directory: String
        /// The file it came from when it was pushed by path (`--watch` pushes it again after a reload).
        var file: String?
        /// Whose environment the file ran in (`--watch` runs it there again).
        var origin: Origin = .app
        var drawerOpen = false
    }

    /// A presented sheet: its registry reference, and its table's identity
    /// (to find it again when the script names it).
    struct Sheet {
        let ref: Int32
        let table: UnsafeRawPointer
        /// An alert or confirm dialog, answered rather than dismissed.
        var isDialog = false
        /// The `ui.spawn` coroutine waiting for the dialog's answer (a registry reference).
        var waiter: Int32?
    }

    let lua: LuaState
    private var L: OpaquePointer { lua.L }
    var s: LuaStack { LuaStack(L) }
    private let dispatcher: Dispatcher
    private let invalidation: Invalidation

    private(set) var stack: [ScreenEntry] = []
    /// Presented sheets, bottom first.
    private(set) var sheets: [Sheet] = []
    /// Requests made by a handler that is still running, in order.
    private(set) var requests: [NavigationRequest] = []
    /// Set when the app asked to quit, with its exit code.
    private(set) var quitCode: Int32?
    /// The focused node of each layer, kept while the layer exists.
    @exclusivity(unchecked) var focus = LayerFocus()
    /// Moves of focus whose `onBlur`/`onFocus` are still to be called.
    @exclusivity(unchecked) var focusChanges: [FocusChange] = []
    /// The component `ui.focus` asked for, focused after the next layout.
    var pendingFocus: UnsafeRawPointer?
    /// Forms whose `submit()` was called, in order (`Host.submitPendingForms`).
    var pendingSubmits: [UnsafeRawPointer] = []
    /// `ui.focus(nil)` asked to take focus off the top layer after the next layout.
    var pendingBlur = false
    /// Layers whose focus `ui.focus(nil)` took away: initial focus leaves them alone.
    var blurred: Set<Layer.Kind> = []

    init(lua: LuaState, dispatcher: Dispatcher, invalidation: Invalidation) {
        self.lua = lua
        self.dispatcher = dispatcher
        self.invalidation = invalidation
    }

    var top: ScreenEntry? { stack.last }

    // MARK: - Requests

    /// Applies `request` now, or after the running handler returned; what
    /// applying it now leads to (`apply`).
    func request(_ request: NavigationRequest) -> [Action] {
        if dispatcher.isHandling || holding {
            requests.append(request)
            return []
        }
        return apply(request)
    }

    /// Rounds of requests made by the handlers that the previous round ran
    /// (a screen whose `onAppear` pushes a screen whose `onAppear` pushes…).
    /// Past this the chain stops, as Lua stops calls nested too deep, and with
    /// its message: before requests waited, such a chain was nested calls.
    static let maxRequestRounds = 100

    /// Whether requests wait to be applied (and may be: not while plugins load).
    var hasRequests: Bool { !requests.isEmpty && !holding }

    /// Takes the waiting requests to be applied in order (`Host.settle`), as
    /// round `round` of applying them and those they make; past
    /// `maxRequestRounds` drops them instead and reports the overflow.
    func takeRequests(round: Int) -> [NavigationRequest] {
        guard round <= Navigator.maxRequestRounds else {
            dropRequests()
            dispatcher.report("C stack overflow")
            return []
        }
        defer { requests.removeAll() }
        return requests
    }

    /// While plugins load, what their `setup` asks for waits: a plugin whose
    /// `setup` fails leaves no screen or sheet behind (`dropRequests(from:)`),
    /// and the others' are applied once the first screen is shown.
    var holding = false

    /// Forgets the waiting requests from the `first`th on, releasing the tables they hold.
    func dropRequests(from first: Int = 0) {
        guard first < requests.count else { return }
        for request in requests[first...] {
            switch request {
            case .push(let ref, _, _, _): s.unref(ref)
            case .present(let sheet):
                s.unref(sheet.ref)
                if let waiter = sheet.waiter { s.unref(waiter) }
            default: break
            }
        }
        requests.removeSubrange(first...)
    }

    /// Applies `request`; returns what it leads to that is not navigation.
    func apply(_ request: NavigationRequest) -> [Action] {
        switch request {
        case .push(let ref, let directory, let file, let origin): push(ref: ref, directory: directory, file: file, origin: origin)
        case .pop: pop()
        case .present(let sheet): present(sheet)
        case .dismissTop:
            if let top = sheets.last {
                if top.isDialog { return answerDialog(at: sheets.count - 1, ok: false) }
                dismissSheet(at: sheets.count - 1)
            }
        case .answer(let table, let ok):
            if let i = sheets.firstIndex(where: { $0.table == table && $0.isDialog }) { return answerDialog(at: i, ok: ok) }
        case .dismiss(let table): if let i = sheets.firstIndex(where: { $0.table == table }) { dismissSheet(at: i) }
        case .openDrawer: openDrawer()
        case .closeDrawer: closeDrawer()
        case .quit(let code): quit(code)
        case .focus(let table):
            pendingFocus = table
            pendingBlur = false
            invalidation.layout = true
        case .blur:
            pendingFocus = nil
            pendingBlur = true
            invalidation.layout = true
        case .submitForm(let table):
            if pendingSubmits.count < Navigator.maxRequestRounds { pendingSubmits.append(table) }
            invalidation.layout = true
        }
        return []
    }

    /// The sheets as they will be once the waiting requests are applied: what
    /// `ui.present` checks against, so its errors are raised at the call.
    var sheetsAfterRequests: [UnsafeRawPointer] {
        var tables = sheets.map(\.table)
        for request in requests {
            switch request {
            case .present(let sheet): tables.append(sheet.table)
            case .dismissTop: _ = tables.popLast()
            case .dismiss(let table), .answer(let table, _): if let i = tables.firstIndex(of: table) { tables.remove(at: i) }
            default: break
            }
        }
        return tables
    }

    /// The directory of the top screen once the waiting requests are applied:
    /// where `ui.push(path)` resolves from.
    var directoryAfterRequests: String? {
        var directories = stack.map(\.directory)
        for request in requests {
            switch request {
            case .push(_, let directory, _, _): directories.append(directory)
            case .pop: if directories.count > 1 { directories.removeLast() }
            default: break
            }
        }
        return directories.last
    }

    // MARK: - The stack

    /// Pushes the screen `ref` (a registry reference it now owns) as the new
    /// current screen; relative paths it pushes resolve from `directory`.
    func push(ref: Int32, directory: String, file: String? = nil, origin: Origin = .app) {
        if let below = stack.last { callScreenHandler(below.ref, "onDisappear") }
        stack.append(ScreenEntry(ref: ref, directory: directory, file: file, origin: origin))
        invalidation.layout = true
        callScreenHandler(ref, "onAppear")
    }

    /// Back to the previous screen; nothing at the root.
    func pop() {
        guard stack.count > 1 else { return }
        let entry = stack.removeLast()
        focus[.screen(entry.ref)] = nil
        focus[.drawer(entry.ref)] = nil
        callScreenHandler(entry.ref, "onDisappear")
        s.unref(entry.ref)
        invalidation.layout = true
        callScreenHandler(stack[stack.count - 1].ref, "onAppear")
    }

    func quit(_ code: Int32) {
        if quitCode == nil { quitCode = code }
    }

    /// `onResize(width, height)` of the top screen, if it has one.
    func screenResized(_ size: Size) {
        guard let top else { return }
        withFields(top.ref) { screen in
            dispatcher.callHandler("onResize", ofTableAt: screen) { _ in
                s.pushInteger(size.cols)
                s.pushInteger(size.rows)
                return 2
            }
        }
    }

    private func callScreenHandler(_ ref: Int32, _ name: String) {
        withFields(ref) { screen in
            dispatcher.callHandler(name, ofTableAt: screen) { _ in
                s.pushRef(ref)     // the component as the script holds it: its proxy
                return 1
            }
        }
    }

    /// Runs `body` with the stack index of the fields (the storage behind the
    /// proxy) of the component in registry slot `ref`, popped after.
    private func withFields(_ ref: Int32, _ body: (Int32) -> Void) {
        s.restoringTop {
            s.pushRef(ref)
            s.replaceWithStorage(at: -1)
            body(s.top)
        }
    }

    // MARK: - The drawer

    /// Whether the current screen has a drawer.
    var topHasDrawer: Bool {
        guard let top else { return false }
        var hasDrawer = false
        withFields(top.ref) { hasDrawer = s.rawGet(at: $0, "drawer") == .table }
        return hasDrawer
    }

    /// Opens the current screen's drawer, if it has one.
    func openDrawer() {
        guard let top, !top.drawerOpen, topHasDrawer else { return }
        stack[stack.count - 1].drawerOpen = true
        invalidation.layout = true
    }

    func closeDrawer() {
        guard !stack.isEmpty, stack[stack.count - 1].drawerOpen else { return }
        stack[stack.count - 1].drawerOpen = false
        invalidation.layout = true
    }

    // MARK: - Sheets

    private func present(_ sheet: Sheet) {
        sheets.append(sheet)
        invalidation.layout = true
    }

    /// Dismisses the sheet at `index` and calls its `onDismiss(sheet)`.
    func dismissSheet(at index: Int) {
        guard sheets.indices.contains(index) else { return }
        let ref = sheets.remove(at: index).ref
        focus[.sheet(ref)] = nil
        withFields(ref) { sheet in
            s.pushRef(ref)         // its proxy, for the handler
            let proxy = s.top
            s.unref(ref)
            invalidation.layout = true
            dispatcher.callHandler("onDismiss", ofTableAt: sheet) { _ in
                s.pushCopy(of: proxy)
                return 1
            }
        }
    }

    // MARK: - Dialogs

    /// Closes the dialog at `index` with the answer: its `onChoice(ok)` runs;
    /// then the coroutine waiting for it is to resume with `ok` (the action returned).
    func answerDialog(at index: Int, ok: Bool) -> [Action] {
        guard sheets.indices.contains(index), sheets[index].isDialog else { return [] }
        let dialog = sheets.remove(at: index)
        focus[.dialog(dialog.ref)] = nil
        invalidation.layout = true
        withFields(dialog.ref) { table in
            s.unref(dialog.ref)
            dispatcher.callHandler("onChoice", ofTableAt: table) { _ in
                s.push(ok)
                return 1
            }
        }
        guard let waiter = dialog.waiter else { return [] }
        return [.resume(waiter: waiter, answer: ok)]
    }

    /// Answers the dialog `ref` if it is still shown (Esc on it).
    func answerDialog(ref: Int32, ok: Bool) -> [Action] {
        guard let i = sheets.firstIndex(where: { $0.ref == ref }) else { return [] }
        return answerDialog(at: i, ok: ok)
    }

    /// Hands the coroutine `waiter` (a registry reference) to the dialog of
    /// `table`, shown or about to be; false when there is none.
    func attachWaiter(_ waiter: Int32, to table: UnsafeRawPointer) -> Bool {
        if let i = sheets.firstIndex(where: { $0.table == table && $0.isDialog && $0.waiter == nil }) {
            sheets[i].waiter = waiter
            return true
        }
        for (i, request) in requests.enumerated() {
            if case .present(var sheet) = request, sheet.table == table, sheet.isDialog, sheet.waiter == nil {
                sheet.waiter = waiter
                requests[i] = .present(sheet)
                return true
            }
        }
        return false
    }

    /// Dismisses the presented sheet `ref`, if it still is.
    func dismissSheet(ref: Int32) {
        if let i = sheets.firstIndex(where: { $0.ref == ref }) { dismissSheet(at: i) }
    }
}

/// A change of navigation the script asked for. Each holds what it needs
/// already checked, so that applying it later raises nothing.
enum NavigationRequest {
    /// `ui.push`: the screen's registry reference, and where it came from.
    case push(ref: Int32, directory: String, file: String?, origin: Origin)
    case pop
    case present(Navigator.Sheet)
    /// `ui.dismiss()`: the top sheet, whichever it is then.
    case dismissTop
    /// `ui.dismiss(sheet)`: that sheet, if it is presented then.
    case dismiss(UnsafeRawPointer)
    /// A dialog's button: the dialog of that table, if it is shown then.
    case answer(UnsafeRawPointer, Bool)
    case openDrawer
    case closeDrawer
    case quit(Int32)
    /// `ui.focus(component)`: the component's table.
    case focus(UnsafeRawPointer)
    /// `ui.focus(nil)`: no component of the top layer has focus.
    case blur
    /// `form:submit()`: the form's table; submitted after the next layout.
    case submitForm(UnsafeRawPointer)
}
