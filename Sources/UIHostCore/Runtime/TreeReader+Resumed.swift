import LuaBridge

extension TreeReader {
    /// Runs `body` reading outside a layout (`resume` … `end`), the reader's
    /// tables and whatever `body` pushed popped afterwards.
    func resumed<R>(_ body: () -> R) -> R {
        s.restoringTop {
            resume()
            defer { end() }
            return body()
        }
    }
}
