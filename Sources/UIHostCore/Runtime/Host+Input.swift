/// Routing input: a key goes to the open popup, else to the focused node, else
/// to the host's defaults (focus moves, Esc closes the top layer); a click or
/// the wheel to the node under the mouse. Nodes answer with actions, applied
/// by `apply`; what the host does itself is navigation and focus.
extension Host {
    /// What nodes may consult while deciding.
    var eventContext: EventContext { EventContext(dispatcher, state: interaction) }

    /// Whether anything lies over the screen: a popup, the drawer or a sheet.
    var hasOverlay: Bool { popup != nil || layers.count > 1 }

    // MARK: - Keys

    func handleKey(_ key: Key) {
        guard quitCode == nil else { return }
        defer { callFocusHandlers() }
        layoutIfNeeded()
        // Where the key goes may change anything, except the focused node's
        // own actions, which say what they change (`apply`).
        let stale = invalidation.layout
        invalidation.layout = true
        if key == .ctrl("c") {
            quit(130)
            return
        }
        // Commands: the palette, ctrl-p and commands' keys (Host+Commands.swift).
        if palette != nil || !commands.isEmpty, handleCommandKey(key) { return }
        if key == .esc, dispatcher.banner != nil {
            dispatcher.banner = nil
            return
        }
        if helpIsOpen {
            // Modal: only what closes it.
            if key == .esc || key == .function(1) || key == .character("?") { closeHelp() }
            return
        }
        if let popup {
            apply(popup.handle(key))
            if key == .tab || key == .shiftTab {
                layoutIfNeeded()
                moveFocus(by: key == .tab ? 1 : -1, wrap: true)
            }
            return
        }
        let focused = topLayer.flatMap { navigator.focused(in: $0) }
        // A completion taken is the one for the text as it is now, drawn or not.
        if key == .tab || key == .right, let input = focused as? InputNode, input.hasSuggestions { compositor.prepare() }
        // A text field takes what it types before any binding.
        if let focused, focused.takesText, key.isTyped, let actions = focused.handle(key, eventContext) {
            invalidation.layout = stale
            apply(actions)
            return
        }
        // A binding's handler is script code: what it writes is recorded
        // (`Compositor.noteScriptWrites`), so it needs no whole read of its own.
        invalidation.layout = stale
        if runBinding(for: key) { return }
        invalidation.layout = true
        if key == .function(1) || (key == .character("?") && focused?.takesText != true) {
            openHelp()
            return
        }
        if key == .tab || key == .shiftTab, let focused, focused.takesTab, let actions = focused.handle(key, eventContext) {
            apply(actions)
            return
        }
        switch key {
        case .tab: moveFocus(by: 1, wrap: true)
        case .shiftTab: moveFocus(by: -1, wrap: true)
        default:
            if let focused, let actions = focused.handle(key, eventContext) {
                invalidation.layout = stale
                apply(actions)
                return
            }
            if key.scrollsContent, scrollContent(key) { return }
            invalidation.layout = stale
            if screenTakes(key) { return }
            invalidation.layout = true
            switch key {
            case .up, .left: moveFocus(by: -1, wrap: false)
            case .down, .right: moveFocus(by: 1, wrap: false)
            case .esc: closeTopLayer()
            case .function(2): navigator.openDrawer()
            case .character("q") where navigationDepth == 1 && !hasOverlay: quit(0)
            default: break
            }
        }
    }

    /// The screen's `onKey(key)`, while its screen or drawer is on top;
    /// whether it returned true.
    private func screenTakes(_ key: Key) -> Bool {
        guard let layer = topLayer, let screen = layers.first?.root as? ScreenNode, screen.takesKeys else { return false }
        switch layer.kind {
        case .screen, .drawer: return dispatcher.ask(anchor: screen.anchor, handler: "onKey", [.string(key.name)])
        case .sheet, .dialog: return false
        }
    }

    // MARK: - Paste

    /// A paste goes to the focused component of the top layer and nowhere
    /// else: not to an open popup, not to the host's key defaults.
    func handlePaste(_ text: String) {
        guard quitCode == nil, !text.isEmpty, !helpIsOpen else { return }
        layoutIfNeeded()
        guard popup == nil, let layer = topLayer, let node = navigator.focused(in: layer),
              let actions = node.paste(text, eventContext) else { return }
        invalidation.layout = true
        apply(actions)
    }

    private func moveFocus(by step: Int, wrap: Bool) {
        guard let layer = topLayer else { return }
        navigator.moveFocus(in: layer, by: step, wrap: wrap)
    }

    /// Esc without a popup: close the drawer or the top sheet, else pop.
    private func closeTopLayer() {
        guard let top = topLayer else { return }
        switch top.kind {
        case .screen: navigator.pop()
        case .drawer: navigator.closeDrawer()
        case .sheet(let ref): if top.root.isDismissible { navigator.dismissSheet(ref: ref) }
        case .dialog(let ref): apply(navigator.answerDialog(ref: ref, ok: false))
        }
    }

    // MARK: - Mouse

    func handleMouse(_ mouse: MouseEvent) {
        guard quitCode == nil else { return }
        defer { callFocusHandlers() }
        layoutIfNeeded()
        // Far-off reports (the test API can send any integer) stay far off, without overflowing.
        let x = min(max(mouse.column, -1), 1_000_000) - 1, y = min(max(mouse.row, -1), 1_000_000) - 1
        switch mouse.kind {
        case .press:
            pressAt = (x, y)
        case .drag:
            break
        case .release:
            // A click is a press and a release on the same cell; anything else is a drag.
            if let start = pressAt {
                if start == (x, y) { click(x: x, y: y) } else { drag(from: start, to: (x, y)) }
            }
            pressAt = nil
        case .scroll(let amount):
            scroll(amount, x: x, y: y)
        }
    }

    /// A left click focuses and activates; a click outside an open overlay closes it.
    private func click(x: Int, y: Int) {
        invalidation.layout = true
        if helpIsOpen {
            closeHelp()
            return
        }
        if let popup {
            // A click on the popup's owner closes it too (the owner toggles).
            apply(popup.click(x: x, y: y))
            return
        }
        guard let layer = topLayer else { return }
        switch layer.kind {
        case .screen:
            if let back = layer.root.backRect, back.contains(x: x, y: y) {
                navigator.pop()
                return
            }
        case .drawer:
            if !layer.root.rect.contains(x: x, y: y) {
                navigator.closeDrawer()
                return
            }
        case .sheet(let ref):
            // Above the sheet: dismiss it (when dismissible).
            if y < layer.root.rect.y {
                if layer.root.isDismissible { navigator.dismissSheet(ref: ref) }
                return
            }
        case .dialog:
            // Modal: a click outside it does nothing.
            if !layer.root.rect.contains(x: x, y: y) { return }
        }
        guard let node = layer.focusables.last(where: { $0.hits(x: x, y: y) }) else { return }
        navigator.focus(node, in: layer)
        apply(node.click(x: x, y: y, eventContext) ?? [])
    }

    /// Drags: a sheet's top edge down 3+ rows dismisses it; from column 1 right
    /// opens the drawer; left while it is open closes it.
    private func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) {
        guard start != end, !helpIsOpen, let layer = topLayer else { return }
        invalidation.layout = true
        switch layer.kind {
        case .sheet(let ref):
            if start.y == layer.root.rect.y, end.y - start.y >= 3, layer.root.isDismissible {
                navigator.dismissSheet(ref: ref)
            }
        case .drawer:
            if start.x - end.x >= 3 { navigator.closeDrawer() }
        case .screen:
            if start.x == 0, end.x - start.x >= 3 { navigator.openDrawer() }
        case .dialog:
            break
        }
    }

    private func scroll(_ amount: Int, x: Int, y: Int) {
        guard popup == nil, !helpIsOpen, let layer = topLayer else { return }
        invalidation.layout = true
        if let node = layer.focusables.last(where: { $0.hits(x: x, y: y) }), let actions = node.scroll(amount, eventContext) {
            apply(actions)
            return
        }
        scrollContent(by: amount * Host.wheelRows, x: x, y: y, in: layer)
    }
}
