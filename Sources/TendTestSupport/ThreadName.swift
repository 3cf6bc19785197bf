import Foundation

/// The calling thread's name as the kernel knows it: NIO names its pools' threads (the shared
/// blocking pool's `SGLTN-TP-#n`, another pool's `TP-#n`), which is how tests tell where work ran.
public func currentThreadName() -> String {
    ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
}
