/// What the `ui` functions may ask of the host's parts beside the actions
/// they apply (`Host.apply`): answers they must return while they run. A
/// timer's handle is returned by `ui.after` itself, and `ui.present` raises
/// its error at the call, before the request it makes is applied. Each is a
/// narrow view of one part, made once by the host; nothing here runs a
/// script (`ui.spawn`, which does, is an action).
struct UIServices {
    /// `ui.after`, `ui.every`, a handle's `cancel`, and where `ui.sleep` may yield.
    let timers: any TimerScheduling
    /// Navigation as it will be once the waiting requests are applied.
    let navigation: any NavigationPreview
}

/// The scheduler as the `ui` functions see it (`Scheduler`).
protocol TimerScheduling: AnyObject {
    /// Schedules the function on top of the main Lua stack (popping it);
    /// the timer's id, or nil (the function popped) when its owner has
    /// `Scheduler.maxTimers` scheduled.
    func schedule(after ms: Int, every interval: Int?, origin: Origin) -> Int?
    func cancelTimer(_ id: Int)
    /// Whether `thread` is a coroutine started by `ui.spawn` (where `ui.sleep`
    /// and a dialog may wait).
    func isSpawned(_ thread: OpaquePointer) -> Bool
}

/// The navigator as the `ui` functions see it (`Navigator`): read-only.
protocol NavigationPreview: AnyObject {
    /// The sheets as they will be once the waiting requests are applied:
    /// what `ui.present` checks against, so its errors are raised at the call.
    var sheetsAfterRequests: [UnsafeRawPointer] { get }
    /// The directory of the top screen once the waiting requests are applied:
    /// where `ui.push(path)` resolves from.
    var directoryAfterRequests: String? { get }
}
