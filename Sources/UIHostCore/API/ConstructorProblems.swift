/// What constructors found wrong, and where: each problem with the file and
/// line of its field (`FieldLocator`) while searches last, and with
/// `uihost check` (`collectValidationProblems`) every one, collected.
final class ConstructorProblems {
    /// Every problem collected, `file:line: message`.
    private(set) var collected: [String] = []
    /// Script texts searched for a bad field's line: a script may raise the
    /// same error in a loop, so at most `HostLimits.maxProblems` are.
    private(set) var searches = 0

    /// `file:line: ` for a problem at `path` in the table of the running
    /// constructor call: the field's line when it can be found, else the call's.
    func location(_ L: OpaquePointer, constructor: String, path: [FieldLocator.Step]?) -> String {
        guard let path, searches < HostLimits.maxProblems else { return FieldLocator.location(L, constructor: constructor, path: nil) }
        searches += 1
        return FieldLocator.location(L, constructor: constructor, path: path)
    }

    func collect(_ problems: some Sequence<String>) {
        collected += problems
    }
}
