import LuaBridge

extension TreeReader {
    /// Pushes the storage of the component at `index`, making it a proxy the
    /// first time the host reads it (its plugin's mark goes with its fields).
    func pushFields(ofComponentAt index: Int32) -> Bool {
        if s.pushStorage(of: index) { return true }
        let component = s.absolute(index)
        guard s.pushStorageMakingProxy(of: component) else { return false }
        limits.markStorage(at: s.top, ofComponentAt: component, on: L)
        return true
    }
}
