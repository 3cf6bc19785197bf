import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import TendCore
import TendStore
import TendWeb

/// `tend serve --backup-dir DIR --backup-every 24h --backup-keep 14` (docs/storage.md, "Backups"):
/// a consistent copy of the store every interval while the server runs, named by its UTC time
/// (`tend-backup-20261126T070000Z.sqlite`), the oldest beyond `keep` deleted. A failure is logged,
/// counted on `/metrics` and tried again sooner (doubling from ``Configuration/retry`` up to the
/// interval); it never stops the server.
public final class ScheduledBackups: Service, Sendable {
    public struct Configuration: Sendable, Equatable {
        public var directory: String
        public var interval: Duration
        public var keep: Int
        /// The first wait after a failure.
        public var retry: Duration

        public init(directory: String, interval: Duration = .seconds(86_400), keep: Int = 14, retry: Duration = .seconds(60)) {
            self.directory = directory
            self.interval = interval
            self.keep = keep
            self.retry = retry
        }
    }

    /// What the latest attempt did.
    public struct Outcome: Sendable, Equatable {
        public var at: Date
        /// The backup written, or `nil` when it failed.
        public var path: String?
        public var bytes: Int
        public var error: String?
    }

    static let prefix = "tend-backup-"

    let writer: any BackupWriter
    let configuration: Configuration
    let now: @Sendable () -> Date
    let logger: Logger
    let metrics: ServerMetrics?
    private let state = Mutex<(latest: Outcome?, lastSuccess: Outcome?)>((nil, nil))
    private let attemptCount = Atomic<Int>(0)

    public init(
        writer: any BackupWriter, configuration: Configuration, now: @escaping @Sendable () -> Date, logger: Logger,
        metrics: ServerMetrics? = nil
    ) {
        self.writer = writer
        self.configuration = configuration
        self.now = now
        self.logger = logger
        self.metrics = metrics
    }

    /// The latest attempt and the latest success (for the Data page and tests).
    public var latest: Outcome? { state.withLock { $0.latest } }
    public var lastSuccess: Outcome? { state.withLock { $0.lastSuccess } }
    /// How many backups were attempted (for tests: idle, one an interval, never in a loop).
    package var attempts: Int { attemptCount.load(ordering: .relaxed) }

    /// What the owner's Data page shows.
    package var report: ServerBackupReport {
        let (latest, success) = state.withLock { ($0.latest, $0.lastSuccess) }
        return ServerBackupReport(
            directory: configuration.directory, intervalSeconds: Int(configuration.interval.components.seconds),
            keep: configuration.keep, latestAt: latest?.at, latestError: latest?.error, lastSuccessAt: success?.at,
            lastSuccessPath: success?.path, lastSuccessBytes: success?.bytes ?? 0)
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            // A restart does not take a backup the interval has not called for yet.
            var wait = self.untilDue()
            var failures = 0
            while (try? await Task.sleep(for: wait)) != nil {
                if await self.backUp().path != nil {
                    failures = 0
                    wait = self.configuration.interval
                } else {
                    failures += 1
                    wait = min(self.configuration.retry * (1 << min(failures - 1, 16)), self.configuration.interval)
                }
            }
        }
    }

    /// How long until the next backup is due: none if the newest in the directory is older than the
    /// interval (or there is none).
    package func untilDue() -> Duration {
        guard let newest = backups().first, let taken = Self.time(of: newest) else { return .zero }
        let age = now().timeIntervalSince(taken)
        let interval = Double(configuration.interval.components.seconds)
        return age >= interval || age < 0 ? .zero : .seconds(interval - age)
    }

    /// Takes one backup and prunes old ones; never throws (a failure is the outcome's error).
    @discardableResult
    public func backUp() async -> Outcome {
        attemptCount.add(1, ordering: .relaxed)
        let started = now()
        let name = Self.prefix + Self.timeFormat.string(from: started) + writer.backupSuffix
        let directory = URL(fileURLWithPath: configuration.directory)
        // Written under a hidden name and renamed when complete: a backup with the final name is whole.
        let partial = directory.appendingPathComponent(".\(name).\(UUID().text()).partial").path
        let final = directory.appendingPathComponent(name).path
        var outcome: Outcome
        do {
            // Backups hold the server's secrets: a folder Tend makes is 0700 (each backup is 0600).
            try PrivateFiles.createDirectory(atPath: configuration.directory)
            guard !FileManager.default.fileExists(atPath: final) else {
                throw BackupError("\(final) exists already (another instance took this second's backup)")
            }
            let bytes = try await writer.writeBackup(to: partial)
            try FileManager.default.moveItem(atPath: partial, toPath: final)
            outcome = Outcome(at: started, path: final, bytes: bytes, error: nil)
            logger.info("backup written", metadata: ["path": "\(final)", "bytes": "\(bytes)"])
            prune()
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            outcome = Outcome(at: started, path: nil, bytes: 0, error: "\(error)")
            logger.error("backup failed; trying again later", metadata: ["directory": "\(configuration.directory)", "error": "\(error)"])
        }
        state.withLock { state in
            state.latest = outcome
            if outcome.path != nil { state.lastSuccess = outcome }
        }
        metrics?.recordBackup(outcome)
        return outcome
    }

    /// The backups in the directory, newest first (only names this service writes).
    func backups() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: configuration.directory)) ?? []
        return names.filter { $0.hasPrefix(Self.prefix) && Self.time(of: $0) != nil }.sorted(by: >)
    }

    /// Deletes the backups beyond the newest `keep`.
    func prune() {
        for name in backups().dropFirst(max(1, configuration.keep)) {
            let path = URL(fileURLWithPath: configuration.directory).appendingPathComponent(name).path
            do {
                try FileManager.default.removeItem(atPath: path)
                logger.info("old backup deleted", metadata: ["path": "\(path)"])
            } catch {
                logger.warning("could not delete an old backup", metadata: ["path": "\(path)", "error": "\(error)"])
            }
        }
    }

    /// The time in a backup's name.
    static func time(of name: String) -> Date? {
        guard name.hasPrefix(prefix) else { return nil }
        let stamp = name.dropFirst(prefix.count).prefix(16)
        return timeFormat.date(from: String(stamp))
    }

    /// `20261126T070000Z`: sorts as time does, and is a file name everywhere.
    static let timeFormat: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter
    }()
}
