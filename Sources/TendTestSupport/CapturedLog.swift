import Logging
import Synchronization

/// The lines a test's loggers wrote, kept in memory so the test can read what an operator's
/// log would hold (`level message key=value …`, metadata sorted by key).
public final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// A logger that writes here, from `level` up.
    public func logger(label: String = "tend.test", level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: label) { _ in Handler(log: self) }
        logger.logLevel = level
        return logger
    }

    /// Every line so far.
    public var entries: [String] { lines.withLock { $0 } }

    /// Every line so far, one per line.
    public var text: String { entries.joined(separator: "\n") }

    fileprivate func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let fields = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            log.append("\(event.level) \(event.message)\(fields.isEmpty ? "" : " " + fields)")
        }
    }
}
