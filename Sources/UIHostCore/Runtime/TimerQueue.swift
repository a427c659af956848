/// The host's timers in due order: a binary heap on (due, id), so that firing
/// one costs O(log n) however many are scheduled. Ties fire in the order they
/// were scheduled. A cancelled timer leaves the live set at once and its heap
/// entry is dropped when it comes to the top.
struct TimerQueue {
    private var heap: [Timer] = []
    /// The registry reference of every live timer, by id.
    private(set) var live: [Int: Int32] = [:]

    /// Live timers per owner (`Scheduler.maxTimers` holds for each), and the
    /// owner of each plugin's timer (the app's are not listed).
    private(set) var countByOrigin: [Origin: Int] = [:]
    private var pluginOrigins: [Int: Origin] = [:]

    var isEmpty: Bool { live.isEmpty }
    var count: Int { live.count }

    func count(of origin: Origin) -> Int { countByOrigin[origin] ?? 0 }

    private mutating func forget(_ id: Int) {
        let origin = pluginOrigins.removeValue(forKey: id) ?? .app
        countByOrigin[origin, default: 1] -= 1
    }

    /// The live timers scheduled since id `first` (ids only grow).
    func ids(from first: Int) -> [Int] {
        live.keys.filter { $0 >= first }.sorted()
    }

    /// Takes every live timer off the queue.
    mutating func removeAll() -> [Timer] {
        let all = heap.filter { live[$0.id] != nil }
        heap.removeAll()
        live.removeAll()
        countByOrigin.removeAll()
        pluginOrigins.removeAll()
        return all
    }

    /// Takes the live timers `match` picks off the queue.
    mutating func removeAll(where match: (Timer) -> Bool) -> [Timer] {
        let taken = heap.filter { live[$0.id] != nil && match($0) }
        for timer in taken { _ = cancel(timer.id) }
        return taken
    }

    mutating func insert(_ timer: Timer) {
        live[timer.id] = timer.ref
        if timer.origin != .app { pluginOrigins[timer.id] = timer.origin }
        countByOrigin[timer.origin, default: 0] += 1
        heap.append(timer)
        siftUp(heap.count - 1)
    }

    /// Removes the timer; its registry reference, for the caller to release.
    mutating func cancel(_ id: Int) -> Int32? {
        guard let ref = live.removeValue(forKey: id) else { return nil }
        forget(id)
        // Entries of cancelled timers wait for the top; far-future ones would wait
        // for ever, so the heap is rebuilt when they outnumber the live ones.
        if heap.count > 2 * live.count + 64 {
            heap.removeAll { live[$0.id] == nil }
            for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
        }
        return ref
    }

    /// Entries in the heap, cancelled ones included (for tests).
    var storedCount: Int { heap.count }

    /// The earliest live timer's due time.
    mutating func earliestDue() -> Int? {
        dropCancelled()
        return heap.first?.due
    }

    /// Takes the earliest live timer if it is due at or before `time`.
    mutating func popDue(atOrBefore time: Int) -> Timer? {
        dropCancelled()
        guard let first = heap.first, first.due <= time else { return nil }
        removeTop()
        live.removeValue(forKey: first.id)
        forget(first.id)
        return first
    }

    private mutating func dropCancelled() {
        while let first = heap.first, live[first.id] == nil { removeTop() }
    }

    private static func before(_ a: Timer, _ b: Timer) -> Bool {
        a.due != b.due ? a.due < b.due : a.id < b.id
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func siftUp(_ index: Int) {
        var i = index
        while i > 0 {
            let parent = (i - 1) / 2
            guard TimerQueue.before(heap[i], heap[parent]) else { return }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var i = index
        while true {
            var smallest = i
            for child in [2 * i + 1, 2 * i + 2] where child < heap.count && TimerQueue.before(heap[child], heap[smallest]) {
                smallest = child
            }
            if smallest == i { return }
            heap.swapAt(i, smallest)
            i = smallest
        }
    }
}
