/// A table on a Lua stack, read raw (no metamethods run, so reading never
/// raises). Made by `LuaStack.withTable(at:)`, which restores the stack top when
/// the body returns, by any path: a field read may leave its value pushed
/// (`rawGet`) without the caller counting pops.
///
/// So an error message must not be pushed inside the body (the restore would
/// drop it): return the message, and `raise` it after `withTable` returns.
///
/// A value type of two words with inlinable methods: reading a field costs a
/// push, a read and a pop, and allocates nothing but the String it returns.
@frozen
public struct LuaTable {
    public let stack: LuaStack
    /// Absolute, so pushing values does not move it.
    public let index: Int32

    @inlinable init(stack: LuaStack, index: Int32) {
        self.stack = stack
        self.index = index
    }

    // MARK: - Typed fields (the stack is unchanged afterwards)

    /// The field's type, nil and absent alike being `.nil`.
    @inlinable public func type(_ key: String) -> LuaType {
        let t = stack.rawGet(at: index, key)
        stack.pop()
        return t
    }

    /// The field as an integer when it is a number with an integral value.
    @inlinable public func int(_ key: String) -> Int? {
        stack.rawGet(at: index, key)
        defer { stack.pop() }
        return stack.integer(at: -1).map { Int(truncatingIfNeeded: $0) }
    }

    /// The field when it is of Lua's integer subtype (3, not 3.0).
    @inlinable public func strictInt(_ key: String) -> Int? {
        stack.rawGet(at: index, key)
        defer { stack.pop() }
        return stack.isInteger(at: -1) ? Int(truncatingIfNeeded: stack.toInteger(at: -1)) : nil
    }

    @inlinable public func int(_ i: Int) -> Int? {
        stack.rawGet(at: index, i)
        defer { stack.pop() }
        return stack.integer(at: -1).map { Int(truncatingIfNeeded: $0) }
    }

    @inlinable public func number(_ key: String) -> Double? {
        stack.rawGet(at: index, key)
        defer { stack.pop() }
        return stack.number(at: -1)
    }

    @inlinable public func bool(_ key: String) -> Bool? {
        stack.rawGet(at: index, key)
        defer { stack.pop() }
        return stack.boolean(at: -1)
    }

    @inlinable public func string(_ key: String) -> String? {
        stack.rawGet(at: index, key)
        defer { stack.pop() }
        return stack.string(at: -1)
    }

    /// The field when it is a string, at most its first `maxBytes` bytes (`BoundedText`).
    @inlinable public func string(_ key: String, maxBytes: Int) -> String? {
        stack.rawGet(at: index, key)
        defer { stack.pop() }
        return stack.string(at: -1, maxBytes: maxBytes)
    }

    /// Item `i` when it is a string, at most its first `maxBytes` bytes (`BoundedText`).
    @inlinable public func string(_ i: Int, maxBytes: Int) -> String? {
        stack.rawGet(at: index, i)
        defer { stack.pop() }
        return stack.string(at: -1, maxBytes: maxBytes)
    }

    @inlinable public func string(_ i: Int) -> String? {
        stack.rawGet(at: index, i)
        defer { stack.pop() }
        return stack.string(at: -1)
    }

    // MARK: - Pushing fields (popped when the enclosing `withTable` ends)

    /// Pushes `t[key]` and returns its type; it stays at -1.
    @inlinable @discardableResult
    public func rawGet(_ key: String) -> LuaType { stack.rawGet(at: index, key) }

    /// Pushes `t[i]` and returns its type; it stays at -1.
    @inlinable @discardableResult
    public func rawGet(_ i: Int) -> LuaType { stack.rawGet(at: index, i) }

    /// `#t` without metamethods.
    @inlinable public var count: Int { stack.rawLength(at: index) }

    /// The field `key` seen as a table, or nil (and nothing runs) when it is
    /// not one; the stack is restored afterwards either way.
    @inlinable
    public func withTable<R, E: Error>(_ key: String, _ body: (LuaTable) throws(E) -> R) throws(E) -> R? {
        try stack.withPushed({ stack.rawGet(at: index, key) }, body)
    }

    /// Item `i` seen as a table, or nil when it is not one.
    @inlinable
    public func withTable<R, E: Error>(_ i: Int, _ body: (LuaTable) throws(E) -> R) throws(E) -> R? {
        try stack.withPushed({ stack.rawGet(at: index, i) }, body)
    }
}

extension LuaStack {
    /// Runs `body` with the table at `index`; the stack top is restored when it
    /// returns or throws, however many values it left pushed.
    @inlinable
    public func withTable<R, E: Error>(at index: Int32, _ body: (LuaTable) throws(E) -> R) throws(E) -> R {
        let top = self.top
        defer { self.top = top }
        return try body(LuaTable(stack: self, index: absolute(index)))
    }

    @inlinable
    func withPushed<R, E: Error>(_ push: () -> LuaType, _ body: (LuaTable) throws(E) -> R) throws(E) -> R? {
        let top = self.top
        defer { self.top = top }
        guard push() == .table else { return nil }
        return try body(LuaTable(stack: self, index: top + 1))
    }
}
