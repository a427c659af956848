/// What a container shows of children taller than its place: the screen, a
/// sheet, the drawer and `ui.scroll`. Set at layout only while they overflow;
/// the offset is interaction state (the core's `ScrollOffset`, by the
/// container's table), never written into the script's table. A class: every
/// node holds one optionally, and a reference keeps the nodes of a large tree
/// small where an inline value would add its size to each.
public final class Viewport {
    /// Where the container's offset is kept.
    public let key: UnsafeRawPointer
    /// The rows that show.
    public let rect: Rect
    /// Rows of all the children, at the widths they were laid out with.
    public let contentHeight: Int
    /// Rows scrolled past the top.
    public let offset: Int
    /// The column where `↑`/`↓` say that more lies beyond an edge.
    public let markX: Int

    public init(key: UnsafeRawPointer, rect: Rect, contentHeight: Int, offset: Int, markX: Int) {
        self.key = key
        self.rect = rect
        self.contentHeight = contentHeight
        self.offset = offset
        self.markX = markX
    }

    public var maxOffset: Int { max(0, contentHeight - rect.height) }
    public var canScrollUp: Bool { offset > 0 }
    public var canScrollDown: Bool { offset < maxOffset }

    /// The offset after scrolling by `rows` (negative is up), kept in range.
    public func offset(scrolledBy rows: Int) -> Int {
        min(max(offset + rows, 0), maxOffset)
    }

    /// How far to scroll so that `target` (a rect laid out at the current
    /// offset) shows whole, or its top when it is taller than the view.
    public func scrollDelta(toShow target: Rect) -> Int {
        if target.y < rect.y || target.height >= rect.height { return target.y - rect.y }
        if target.maxY > rect.maxY { return target.maxY - rect.maxY }
        return 0
    }
}
