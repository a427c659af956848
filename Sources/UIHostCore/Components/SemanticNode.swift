/// A node that says what it is to a screen reader: its role, label, value and
/// rows (`Semantics`). Every kind's `node(_:)` returns one, so a kind whose
/// node does not say does not compile; `ConformanceTests` checks that what it
/// says names it (a role other than `group`, a label when it shows text).
///
/// `describe` reads only what layout already holds (and, for rows read only
/// when shown, Lua through `context.reader`): no handler runs, nothing is
/// written back. Focus, visibility, the children and an open popup are added
/// by `Node.semantics`, the same for every kind.
protocol SemanticNode: Node {
    func describe(_ context: SemanticsContext) -> Semantics
}
