import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tend serve`'s log lines, on standard error, in swift-log's `StreamLogHandler` format
/// (`2026-11-27T10:00:00+0000 info tend.server: key=value … [source] message`). The server logs
/// one line per request, and `StreamLogHandler` made each line cost as much as a small request:
/// it formats its metadata again whenever a key is set (Hummingbird sets the request id on every
/// request's logger), asks the C library for the local time (which checks the zone file on disk)
/// on every line, and builds the line from interpolated strings. Here metadata is formatted only
/// when a line is written, the time text is made once a second, and a line is one `write`.
public struct ServerLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let descriptor: Int32

    /// A handler writing to `descriptor` (standard error unless a test names another).
    public init(label: String, descriptor: Int32 = 2, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.descriptor = descriptor
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        emit(line(event, now: time(nil)))
    }

    /// The line `event` is written as at `now` (seconds since 1970), with its newline.
    func line(_ event: LogEvent, now: time_t) -> [UInt8] {
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty {
            merged.merge(provided) { _, new in new }
        }
        if let explicit = event.metadata, !explicit.isEmpty {
            merged.merge(explicit) { _, new in new }
        }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        var line: [UInt8] = []
        line.reserveCapacity(160)
        line.append(contentsOf: Self.timestamp(now))
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: event.level.rawValue.utf8)
        if !label.isEmpty {
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: label.utf8)
        }
        line.append(UInt8(ascii: ":"))
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: key.utf8)
            line.append(UInt8(ascii: "="))
            line.append(contentsOf: value.description.utf8)
        }
        line.append(contentsOf: " [".utf8)
        line.append(contentsOf: event.source.utf8)
        line.append(contentsOf: "] ".utf8)
        line.append(contentsOf: event.message.description.utf8)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// One `write` per line, so lines from several threads never interleave; a short write (a
    /// full pipe) writes the rest.
    private func emit(_ line: [UInt8]) {
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return  // Nowhere to log that logging failed.
                }
            }
        }
    }

    /// Makes every logger of the process a `ServerLogHandler` (once; later calls do nothing).
    public static func bootstrap() {
        _ = bootstrapped
    }

    private static let bootstrapped: Void = LoggingSystem.bootstrap { ServerLogHandler(label: $0) }

    private static let clock = Mutex<(second: time_t, text: [UInt8])>((-1, []))

    /// `now` as local time with its offset (`strftime`'s `%Y-%m-%dT%H:%M:%S%z`), made once a second.
    static func timestamp(_ now: time_t) -> [UInt8] {
        if let kept = clock.withLock({ $0.second == now ? $0.text : nil }) { return kept }
        var seconds = now
        var local = tm()
        var buffer = [CChar](repeating: 0, count: 64)
        let count = localtime_r(&seconds, &local) == nil ? 0 : strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        let text = count == 0 ? Array("<unknown>".utf8) : buffer[..<count].map { UInt8(bitPattern: $0) }
        clock.withLock { $0 = (now, text) }
        return text
    }
}
