/// The one place where what nodes decided takes effect: writes into the
/// script's tables, handler calls and interaction state, in the order given;
/// and where what one part returns reaches another (a dialog's answer, from
/// the navigator, resumes a coroutine of the scheduler). Navigation that the
/// handlers ask for waits until the outermost handler returned (`handling`),
/// then `settle` applies it.
extension Host {
    /// Runs `body`, which runs handlers; when it is the outermost, the
    /// navigation they asked for is applied (`settle`).
    func handling<T>(_ body: () -> T) -> T {
        let result = dispatcher.handling(body)
        if !dispatcher.isHandling { settle() }
        return result
    }

    /// Applies the waiting navigation requests in order, then those their
    /// handlers made, round by round, and what each leads to. What settling
    /// runs (`onAppear`, `onDismiss`) is handled too: its requests wait for
    /// the next round.
    func settle() {
        guard navigator.hasRequests else { return }
        dispatcher.handling {
            var round = 0
            while navigator.hasRequests {
                round += 1
                for request in navigator.takeRequests(round: round) { apply(navigator.apply(request)) }
            }
        }
    }

    /// Notes the menus of `id` and `other` as written; false when either
    /// has no anchor in the last layout (everything is read then).
    private func wroteMenus(_ id: UnsafeRawPointer, _ other: UnsafeRawPointer?) -> Bool {
        guard let anchor = reader.anchor(ofComponent: id) else { return false }
        if let other, other != id {
            guard let otherAnchor = reader.anchor(ofComponent: other) else { return false }
            invalidation.wrote(otherAnchor)
        }
        invalidation.wrote(anchor)
        return true
    }

    func apply(_ actions: [Action]) {
        for action in actions { apply(action) }
    }

    func apply(_ action: Action) {
        switch action {
        // A write into one of a component's own fields names what it changed
        // (`Invalidation.wrote`); a call that runs a script is seen by the
        // compositor (`LuaState.runs`), one that finds no handler changes nothing.
        case .setInteger(let anchor, let field, let value):
            return dispatcher.setInteger(anchor: anchor, field: field, value)
        case .setBoolean(let anchor, let field, let value):
            return dispatcher.setBoolean(anchor: anchor, field: field, value)
        case .setString(let anchor, let field, let value):
            return dispatcher.setString(anchor: anchor, field: field, value)
        case .call(let anchor, let handler, let arguments):
            return dispatcher.call(anchor: anchor, handler: handler, arguments)
        case .callItem(let anchor, let items, let index, let handler, let dispatch):
            return dispatcher.callItem(anchor: anchor, items: items, index: index, handler: handler, dispatch: dispatch)
        // A popup is its owner's to place: opening or closing one is a write
        // into the owner (and into the one whose popup it closes).
        case .openMenu(let id, let highlighted):
            let closed = interaction.openMenu
            interaction.openMenu = id
            interaction[MenuHighlight.self, id] = highlighted
            if wroteMenus(id, closed) { return }
        case .closeMenu(let id):
            if interaction.openMenu == id { interaction.openMenu = nil }
            interaction[MenuHighlight.self, id] = nil
            if wroteMenus(id, nil) { return }
        case .setState(let key, let id, let value):
            key.restore(value, in: interaction, at: id)
            if key.belongsToItsNode, let anchor = reader.anchor(ofComponent: id) { return invalidation.wrote(anchor) }
        case .effect(let effect):
            effect.run(EffectContext(dispatcher: dispatcher, navigator: navigator, layer: topLayer))
            if !effect.readsEverythingAgain { return }
        case .navigate(let request):
            // The navigator says what it changes once the request is applied.
            apply(navigator.request(request))
            // Applied at once (no handler runs): the handlers it ran may have asked for more.
            if !dispatcher.isHandling { settle() }
            return
        case .spawn(let function, let caller, let origin):
            // The coroutine is script code: what it asks for waits until it yields.
            return handling { apply(scheduler.spawn(function, from: caller, origin: origin)) }
        case .awaitDialog(let coroutine, let table):
            if !navigator.attachWaiter(coroutine, to: table) { scheduler.wake(coroutine) }
            return
        case .resume(let waiter, let answer):
            return handling { apply(scheduler.resume(waiter: waiter, with: answer)) }
        case .setScrollOffset(let id, let offset):
            interaction[ScrollOffset.self, id] = offset
            interaction.scrolledByHand = true
        case .scrollToShow(let id, let target):
            interaction[ScrollRequest.self, id] = target
            interaction.scrolledByHand = true
        }
        // Interaction state, a table inside a component, navigation: read everything again.
        invalidation.layout = true
    }
}
