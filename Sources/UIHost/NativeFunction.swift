import Glibc
import LuaBridge

/// One Swift function of a module, reached from Lua through the shim's C
/// trampoline: it never raises itself, it returns the code that makes the
/// trampoline raise once Swift has returned, so no Lua error unwinds a Swift frame.
final class NativeFunction {
    let module: String
    let name: String
    let arity: Int
    let limits: ValueLimits
    let call: (NativeArguments) throws -> ScriptValue?

    /// What a call costs beyond the values it copies, in instructions: about
    /// what the VM runs in the time a call through Codable takes.
    static let callCost = 200
    /// The metatable naming the userdata that holds a function's address.
    static let metatable = "uihost.native"

    init(module: String, name: String, arity: Int, limits: ValueLimits, call: @escaping (NativeArguments) throws -> ScriptValue?) {
        self.module = module
        self.name = name
        self.arity = arity
        self.limits = limits
        self.call = call
    }

    static let trampoline: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let address = s.userdata(at: LuaStack.upvalueIndex(1), metatable: NativeFunction.metatable, as: UnsafeRawPointer.self) else {
            return s.raise("internal error: a Swift function without its address")
        }
        // The module keeps the function alive for as long as the host (and so this state) lives.
        return Unmanaged<NativeFunction>.fromOpaque(address).takeUnretainedValue().run(on: s)
    }

    /// Reads the arguments, calls the Swift function and pushes its result;
    /// every problem becomes a Lua error raised by the trampoline.
    func run(on s: LuaStack) -> Int32 {
        var count = 0
        var values: [ScriptValue] = []
        values.reserveCapacity(arity)
        for i in stride(from: Int32(1), through: Int32(arity), by: 1) {
            switch ScriptValue.read(s, at: i, limits: limits, count: &count) {
            case .success(let v): values.append(v)
            case .failure(let problem):
                s.chargeWork(NativeFunction.callCost + count)
                return s.raise("bad argument #\(i) to '\(name)' (\(problem.text))")
            }
        }
        let arguments = NativeArguments(values: values)
        let result: ScriptValue?
        let record = NativeCall()
        do {
            result = try record.run { try call(arguments) }
        } catch let failure as ArgumentFailure {
            s.chargeWork(NativeFunction.callCost + count)
            return s.raise("bad argument #\(failure.index + 1) to '\(name)' (\(failure.message))")
        } catch let failure as BodyFailure {
            s.chargeWork(NativeFunction.callCost + count)
            return s.raise("\(module).\(name): \(ScriptModule.describe(failure.error))")
        } catch {
            s.chargeWork(NativeFunction.callCost + count)
            return s.raise("\(module).\(name): the result cannot be passed to Lua: \(ScriptModule.describe(error))")
        }
        // The body drove the app that called it (and was refused), whether or
        // not it let the refusal through: the script hears of it.
        if let refusal = record.refusal {
            s.chargeWork(NativeFunction.callCost + count)
            return s.raise("\(module).\(name): \(refusal)")
        }
        guard let result else {
            s.chargeWork(NativeFunction.callCost + count)
            return 0
        }
        var out = 0
        if let problem = result.measure(limits: limits, count: &out) {
            s.chargeWork(NativeFunction.callCost + count + out)
            return s.raise("\(module).\(name): the result has \(problem.text)")
        }
        s.chargeWork(NativeFunction.callCost + count + out)
        guard s.pushAllOrNothing({ result.push(onto: s) }) else {
            return s.raise("\(module).\(name): the result is nested too deep for the Lua stack")
        }
        return 1
    }
}

/// One call of a Swift function by a script, while its body runs: what the
/// body asked of an app that was in the middle of a call of its own
/// (`ScriptApp`), for the trampoline to raise once the body has returned.
/// Thread-local, so that calls on several threads (each host on its own)
/// keep their own, and restored after each body, so that nested calls (a body
/// driving another app, whose script calls Swift) do too. A thread-local of
/// our own rather than a task-local: the release build leaves Swift
/// Concurrency (and libdispatch, which it starts) out of the program.
final class NativeCall: @unchecked Sendable {
    /// The call whose body is running on this thread, the innermost one.
    static var current: NativeCall? {
        pthread_getspecific(key).map { Unmanaged<NativeCall>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Runs `body` with this call as the thread's current one, then puts back the one before.
    func run<R>(_ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(NativeCall.key)
        pthread_setspecific(NativeCall.key, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(NativeCall.key, previous) }
        return try withExtendedLifetime(self) { try body() }
    }

    /// The first refusal; the body's own thread alone reads and writes it.
    private(set) var refusal: String?

    func refuse(_ problem: String) {
        if refusal == nil { refusal = problem }
    }
}

/// The arguments of one call, copied from the script.
struct NativeArguments {
    let values: [ScriptValue]

    /// Argument `index` (from 0) as `T`; nil when the script passed fewer.
    func decode<T: Decodable>(_ type: T.Type, _ index: Int) throws(ArgumentFailure) -> T {
        let value = index < values.count ? values[index] : .null
        do {
            return try ScriptValueDecoder.unbox(value, as: type, path: [])
        } catch {
            throw ArgumentFailure(index: index, message: ScriptModule.describe(error))
        }
    }

    /// Runs the Swift function's body, marking what it throws as its own.
    func run<R>(_ body: () throws -> R) throws(BodyFailure) -> R {
        do { return try body() } catch { throw BodyFailure(error: error) }
    }
}

struct ArgumentFailure: Error {
    let index: Int
    let message: String
}

struct BodyFailure: Error {
    let error: any Error
}
