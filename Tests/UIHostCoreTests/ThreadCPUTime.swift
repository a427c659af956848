import Glibc

/// CPU seconds the calling thread has used so far. A test that bounds the
/// cost of some work measures this, not wall time: a loaded machine stretches
/// wall time, not the work itself.
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Runs `body`; what it returned and the CPU seconds it took this thread.
func measuringCPU<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double) {
    let start = threadCPUSeconds()
    let result = try body()
    return (result, threadCPUSeconds() - start)
}
