/// An effect one kind alone asks for (a tree opening a node, a table sorting
/// its rows, a dropdown writing the id it chose), declared in that kind's
/// files: a node returns it as `.effect`, and `Host.apply` runs it with the
/// dispatcher, which calls into the script. A new kind's effects need no
/// case in `Action` and no line in `Host.apply`.
protocol KindEffect {
    /// Whether the frame is read whole again after it (it wrote into tables
    /// the host cannot name); otherwise it names what it wrote itself
    /// (`Invalidation.wrote`) or only called handlers, which the compositor sees.
    var readsEverythingAgain: Bool { get }

    func run(_ dispatcher: Dispatcher)
}
