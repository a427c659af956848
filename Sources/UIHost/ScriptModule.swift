import LuaBridge

/// A module of Swift functions and values that scripts `require`
/// (docs/EMBEDDING.md). Made by `ScriptHost.module(_:_:)`; arguments and
/// results are `Codable` and copied whole (`ScriptValue`).
public final class ScriptModule {
    public let name: String
    let limits: ValueLimits
    private(set) var entries: [(name: String, entry: Entry)] = []
    /// What could not be registered (a value that does not encode); the host
    /// refuses to start with any.
    private(set) var problems: [String] = []

    enum Entry {
        case function(NativeFunction)
        case value(ScriptValue)
    }

    init(name: String, limits: ValueLimits) {
        self.name = name
        self.limits = limits
    }

    // MARK: - Values

    /// `module.name = value`, the value copied into each script's table.
    public func value<T: Encodable>(_ name: String, _ value: T) {
        do {
            let v = try ScriptValueEncoder().encode(value)
            var count = 0
            if let problem = v.measure(limits: limits, count: &count) {
                problems.append("\(self.name).\(name): \(problem.text)")
                return
            }
            add(name, .value(v))
        } catch {
            problems.append("\(self.name).\(name): \(ScriptModule.describe(error))")
        }
    }

    // MARK: - Functions

    public func function<R: Encodable>(_ name: String, _ body: @escaping () throws -> R) {
        addFunction(name, arity: 0) { a in try ScriptValueEncoder().encode(try a.run { try body() }) }
    }

    public func function<A: Decodable, R: Encodable>(_ name: String, _ body: @escaping (A) throws -> R) {
        addFunction(name, arity: 1) { a in
            let x = try a.decode(A.self, 0)
            return try ScriptValueEncoder().encode(try a.run { try body(x) })
        }
    }

    public func function<A: Decodable, B: Decodable, R: Encodable>(_ name: String, _ body: @escaping (A, B) throws -> R) {
        addFunction(name, arity: 2) { a in
            let x = try a.decode(A.self, 0), y = try a.decode(B.self, 1)
            return try ScriptValueEncoder().encode(try a.run { try body(x, y) })
        }
    }

    public func function<A: Decodable, B: Decodable, C: Decodable, R: Encodable>(_ name: String, _ body: @escaping (A, B, C) throws -> R) {
        addFunction(name, arity: 3) { a in
            let x = try a.decode(A.self, 0), y = try a.decode(B.self, 1), z = try a.decode(C.self, 2)
            return try ScriptValueEncoder().encode(try a.run { try body(x, y, z) })
        }
    }

    /// A function that returns nothing to the script.
    public func function(_ name: String, _ body: @escaping () throws -> Void) {
        addFunction(name, arity: 0) { a in
            try a.run { try body() }
            return nil
        }
    }

    public func function<A: Decodable>(_ name: String, _ body: @escaping (A) throws -> Void) {
        addFunction(name, arity: 1) { a in
            let x = try a.decode(A.self, 0)
            try a.run { try body(x) }
            return nil
        }
    }

    public func function<A: Decodable, B: Decodable>(_ name: String, _ body: @escaping (A, B) throws -> Void) {
        addFunction(name, arity: 2) { a in
            let x = try a.decode(A.self, 0), y = try a.decode(B.self, 1)
            try a.run { try body(x, y) }
            return nil
        }
    }

    private func addFunction(_ name: String, arity: Int, _ call: @escaping (NativeArguments) throws -> ScriptValue?) {
        add(name, .function(NativeFunction(module: self.name, name: name, arity: arity, limits: limits, call: call)))
    }

    private func add(_ name: String, _ entry: Entry) {
        entries.removeAll { $0.name == name }
        entries.append((name, entry))
    }

    // MARK: - Into a script

    /// Pushes a new table of the module: each script that requires it gets
    /// its own, so that none can change it for another.
    func push(onto s: LuaStack) {
        s.pushMetatable(named: NativeFunction.metatable)
        s.pop()
        s.pushNewTable(fieldCount: Int32(clamping: entries.count))
        for (name, entry) in entries {
            switch entry {
            case .function(let f):
                s.pushUserdata(UnsafeRawPointer(Unmanaged.passUnretained(f).toOpaque()), metatable: NativeFunction.metatable)
                s.push(NativeFunction.trampoline, upvalues: 1)
            case .value(let v):
                if !v.push(onto: s) { s.pushNil() }
            }
            s.setField(name, at: -2)
        }
    }

    /// An error's message as a script should see it.
    static func describe(_ error: any Error) -> String {
        if let e = error as? CustomStringConvertible { return e.description }
        return String(describing: error)
    }
}
