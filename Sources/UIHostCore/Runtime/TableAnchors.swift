/// The first anchor of each table a layout read, by the table's address: how
/// the reader tells a table met in two places. An open-addressing table of
/// addresses probed linearly, emptied by a new stamp rather than by clearing:
/// it is filled once per node of every layout, where a `Dictionary`'s hashing
/// showed in the per-key cost.
struct TableAnchors {
    private var keys: UnsafeMutablePointer<UnsafeRawPointer?>
    private var values: UnsafeMutablePointer<(stamp: UInt32, anchor: Int32)>
    private var capacity: Int
    private var count = 0
    private var stamp: UInt32 = 1

    init() {
        capacity = 64
        keys = .allocate(capacity: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: (0, 0), count: capacity)
        keys.initialize(repeating: nil, count: capacity)
    }

    /// Frees the storage (the owner calls it once, from its `deinit`).
    func deallocate() {
        keys.deallocate()
        values.deallocate()
    }

    /// Forgets every table.
    mutating func removeAll() {
        count = 0
        stamp &+= 1
        if stamp == 0 {
            values.update(repeating: (0, 0), count: capacity)
            stamp = 1
        }
    }

    /// Notes `anchor` for `table`; returns the anchor noted before, if any.
    mutating func insert(_ table: UnsafeRawPointer, anchor: Int32) -> Int32? {
        if (count + 1) * 2 > capacity { grow() }
        var i = slot(of: table)
        while values[i].stamp == stamp {
            if keys[i] == table {
                // Retired (its subtree was read again): this read places it anew.
                guard values[i].anchor != 0 else {
                    values[i].anchor = anchor
                    return nil
                }
                return values[i].anchor
            }
            i = (i + 1) & (capacity - 1)
        }
        keys[i] = table
        values[i] = (stamp, anchor)
        count += 1
        return nil
    }

    /// The anchor noted for `table`, if any.
    func anchor(of table: UnsafeRawPointer) -> Int32? {
        var i = slot(of: table)
        while values[i].stamp == stamp {
            if keys[i] == table { return values[i].anchor == 0 ? nil : values[i].anchor }
            i = (i + 1) & (capacity - 1)
        }
        return nil
    }

    /// Forgets where `table` was read (its node left the tree with the
    /// subtree read again around it), keeping the slot for the next insert.
    mutating func retire(_ table: UnsafeRawPointer) {
        var i = slot(of: table)
        while values[i].stamp == stamp {
            if keys[i] == table {
                values[i].anchor = 0
                return
            }
            i = (i + 1) & (capacity - 1)
        }
    }

    private func slot(of table: UnsafeRawPointer) -> Int {
        // Tables are 8-byte aligned and allocated close together: mix the bits.
        let bits = UInt(bitPattern: Int(bitPattern: table)) >> 3
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 20) & (capacity - 1)
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values, oldCapacity = capacity
        capacity *= 2
        keys = .allocate(capacity: capacity)
        values = .allocate(capacity: capacity)
        keys.initialize(repeating: nil, count: capacity)
        values.initialize(repeating: (0, 0), count: capacity)
        count = 0
        for i in 0..<oldCapacity where oldValues[i].stamp == stamp {
            _ = insert(oldKeys[i]!, anchor: oldValues[i].anchor)
        }
        oldKeys.deallocate()
        oldValues.deallocate()
    }
}
