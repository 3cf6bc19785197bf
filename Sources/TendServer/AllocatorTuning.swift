#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator set for a long-running server. By default every thread that meets a busy
/// arena gets its own (up to eight per core), memory freed in one arena serves only that arena,
/// and the threshold above which a block is mapped on its own rises with every large block
/// freed, so a page's 200 KB of transient strings end up inside the heap for good: a loaded
/// instance holds far more than it uses (docs/performance.md, "Hosted instance").
/// Here: two arenas, blocks of 64 KiB and more mapped on their own (returned to the system when
/// freed), and free memory at the top of the heap returned beyond 128 KiB.
public enum AllocatorTuning {
    /// Applies the settings unless the operator chose their own (`GLIBC_TUNABLES` naming
    /// malloc, or one of glibc's `MALLOC_…_` variables). Call it before the server's threads start.
    public static func applyForServer(environment: [String: String]) {
        #if canImport(Glibc)
        let chosen =
            environment["GLIBC_TUNABLES"]?.contains("malloc") == true
            || environment.keys.contains { $0.hasPrefix("MALLOC_") && $0.hasSuffix("_") }
        // malloc.h is not in Swift's Glibc module: mallopt is looked up, its parameters are
        // malloc.h's numbers.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard !chosen, let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let arenaMax: Int32 = -8
        let mmapThreshold: Int32 = -3
        let trimThreshold: Int32 = -1
        _ = mallopt(arenaMax, 2)
        _ = mallopt(mmapThreshold, 64 << 10)
        _ = mallopt(trimThreshold, 128 << 10)
        #endif
    }
}
