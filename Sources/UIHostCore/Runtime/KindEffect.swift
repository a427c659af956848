/// An effect one kind alone asks for (a tree opening a node, a table sorting
/// its rows, a form moving on to its next field), declared in that kind's
/// files: a node returns it as `.effect`, and `Host.apply` runs it with an
/// `EffectContext`. A new kind's effects need no case in `Action` and no line
/// in `Host.apply`.
protocol KindEffect {
    /// Whether the frame is read whole again after it (it wrote into tables
    /// the host cannot name); otherwise it names what it wrote itself
    /// (`Invalidation.wrote`) or only called handlers, which the compositor sees.
    var readsEverythingAgain: Bool { get }

    func run(_ context: EffectContext)
}

/// What a kind's effect may use: the dispatcher, which reads and writes the
/// script's tables and calls its handlers, and a move of focus within the top
/// layer, at once (a form's Enter lands on its next field before the frame).
struct EffectContext {
    let dispatcher: Dispatcher
    private let navigator: Navigator
    private let layer: Layer?

    init(dispatcher: Dispatcher, navigator: Navigator, layer: Layer?) {
        self.dispatcher = dispatcher
        self.navigator = navigator
        self.layer = layer
    }

    /// Focuses `node`, a node of the top layer.
    func focus(_ node: Node) {
        if let layer { navigator.focus(node, in: layer) }
    }
}
