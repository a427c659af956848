import LuaBridge

/// An input's `suggestions`, read while it is prepared for drawing.
extension TreeReader {
    /// At most this many suggestions are looked at: a huge list is not
    /// scanned on every frame.
    static let maxSuggestions = 10_000

    /// The first suggestion of the component at `anchor` that starts with
    /// `text` (letters compared without case) and is longer: from its array,
    /// or from the array its function returns for `text`, called under the
    /// script's limits as a list's `item(i)` is (one that ran into a limit is
    /// not called again). nil for an empty text.
    func completion(anchor: Int32, for text: String) -> String? {
        guard !text.isEmpty, s.reserve(4) else { return nil }
        return s.restoringTop { completionOnStack(anchor: anchor, for: text) }
    }

    private func completionOnStack(anchor: Int32, for text: String) -> String? {
        pushTable(anchor: anchor)
        let t = s.top
        pushName("suggestions")
        switch s.rawGet(at: t) {
        case .table:
            break
        case .function:
            guard let f = s.pointer(at: -1), !stoppedSources.contains(f) else { return nil }
            s.push(text)
            let failed: LuaError? = withCalls {
                do throws(LuaError) {
                    try limits.run(functionAt: -2, on: L) { () throws(LuaError) in try lua.call(nargs: 1, nresults: 1) }
                    return nil
                } catch {
                    return error
                }
            }
            if let failed {
                var note = ""
                if failed.isLimit {
                    stoppedSources.insert(f)
                    note = "; suggestions is not called again"
                }
                rowErrors.append(("ui.input.suggestions: " + failed.message + note, failed.traceback))
                return nil
            }
            guard s.type(at: -1) == .table else { return nil }
        default:
            return nil
        }
        let list = s.top
        let needle = text.lowercased()
        for i in stride(from: 1, through: min(s.rawLength(at: list), TreeReader.maxSuggestions), by: 1) {
            let candidate: String? = s.restoringTop {
                s.rawGetIndex(at: list, i) == .string ? displayString(at: -1) : nil
            }
            if let candidate, candidate.count > text.count, candidate.lowercased().hasPrefix(needle) { return candidate }
        }
        return nil
    }
}
