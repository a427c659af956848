import LuaBridge

extension TreeReader {
    /// The address of the component in field `key` of node `anchor`'s table
    /// as it is now, if one is there (while reading).
    func component(inField key: StaticString, ofAnchor anchor: Int32) -> UnsafeRawPointer? {
        s.restoringTop {
            pushTable(anchor: anchor)
            let t = s.top
            pushName(key)
            guard s.rawGet(at: t) == .table else { return nil }
            return s.pointer(at: -1)
        }
    }
}
