extension LuaTable {
    /// A string key of the table not among `known` (an option misspelt), or
    /// nil; other keys are not looked at.
    public func unknownKey(among known: [String]) -> String? {
        var found: String?
        stack.forEachPair(in: index) {
            if stack.type(at: -2) == .string, let key = stack.string(at: -2), !known.contains(key) {
                found = key
                return false
            }
            return true
        }
        return found
    }
}
