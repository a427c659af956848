/// Raw writes into a table (no metamethods run, so writing never raises).
/// The stack is as before afterwards.
extension LuaTable {
    /// `t[key] = n`.
    @inlinable public func set(_ key: StaticString, _ n: Int) {
        stack.push(key)
        stack.pushInteger(n)
        stack.rawSet(at: index)
    }

    /// `t[key] = b`.
    @inlinable public func set(_ key: StaticString, _ b: Bool) {
        stack.push(key)
        stack.push(b)
        stack.rawSet(at: index)
    }

    /// `t[key] = s`.
    @inlinable public func set(_ key: StaticString, _ s: String) {
        stack.push(key)
        stack.push(s)
        stack.rawSet(at: index)
    }

    /// `t[key] =` the value at `valueIndex`.
    @inlinable public func set(_ key: StaticString, copyOf valueIndex: Int32) {
        let value = stack.absolute(valueIndex)
        stack.push(key)
        stack.pushCopy(of: value)
        stack.rawSet(at: index)
    }

    /// `t[i] =` the value at `valueIndex`.
    @inlinable public func set(_ i: Int, copyOf valueIndex: Int32) {
        let value = stack.absolute(valueIndex)
        stack.pushCopy(of: value)
        stack.rawSetIndex(at: index, i)
    }

    /// `t[i] =` the value `push` pushes.
    @inlinable public func set(_ i: Int, pushing push: () -> Void) {
        push()
        stack.rawSetIndex(at: index, i)
    }

    /// `t[i] = nil`.
    @inlinable public func remove(_ i: Int) {
        stack.pushNil()
        stack.rawSetIndex(at: index, i)
    }

    /// `t[to] = t[from]`.
    @inlinable public func copyItem(_ from: Int, to: Int) {
        stack.rawGetIndex(at: index, from)
        stack.rawSetIndex(at: index, to)
    }

    /// `t[key] = {}`, a new table with room for `arrayCount` items.
    @inlinable public func setNewTable(_ key: StaticString, arrayCount: Int32 = 0) {
        stack.push(key)
        stack.pushNewTable(arrayCount: arrayCount)
        stack.rawSet(at: index)
    }
}
