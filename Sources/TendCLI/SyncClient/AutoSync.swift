import ArgumentParser
import Foundation
import NIOCore
import TendSQLite
import TendStore
import TendWords

/// Commands that change data: when the database is linked to a server, each syncs afterwards
/// (``AutoSync``).
protocol ChangesData {
    var options: GlobalOptions { get }
}

extension AddCommand: ChangesData {}
extension EditCommand: ChangesData {}
extension RemoveCommand: ChangesData {}
extension ArchiveCommand: ChangesData {}
extension UnarchiveCommand: ChangesData {}
extension ReorderCommand: ChangesData {}
extension CheckCommand: ChangesData {}
extension UncheckCommand: ChangesData {}
extension IncrementCommand: ChangesData {}
extension DecrementCommand: ChangesData {}
extension SetCommand: ChangesData {}
extension LogCommand: ChangesData {}
extension SkipCommand: ChangesData {}
extension ResetCommand: ChangesData {}
extension NoteCommand: ChangesData {}
extension ConfigSetCommand: ChangesData {}
extension RoutineAddCommand: ChangesData {}
extension RoutineCreateCommand: ChangesData {}
extension RoutineDeleteCommand: ChangesData {}
extension RoutineEditCommand: ChangesData {}
extension RoutineRemoveHabitCommand: ChangesData {}
extension RoutineReorderCommand: ChangesData {}
extension RoutineStartCommand: ChangesData {}
extension TipsDismissCommand: ChangesData {}
extension ImportCommand: ChangesData {}
extension RestoreCommand: ChangesData {}

/// What every command does about sync, when the database is linked (`tend sync login`): a read
/// first pulls what other devices did when its copy is older than a few seconds (``before(_:)``,
/// within 1.5 s); a command that changed data syncs afterwards, within ~2 s whatever the network;
/// and when the server has refused the token, every command says (once, on stderr) how to sign in
/// again. A failure here never fails the command: its change is kept and waits.
enum AutoSync {
    /// How long a command may spend syncing after its change.
    static let budget: TimeAmount = .seconds(2)

    static func after(_ command: any ParsableCommand) async {
        guard !(command is any SyncCommandFamily) else { return }
        let context = CLIContext.current
        let options: GlobalOptions
        let changed: Bool
        if let writer = command as? any ChangesData {
            options = writer.options
            changed = true
        } else if let reader = command as? any ReadsData {
            options = reader.options
            changed = false
        } else {
            return
        }
        let database = options.databasePath(environment: context.environment)
        guard let credentials = try? SyncCredentials.load(database: database),
            let session = try? await Session.open(options),
            let link = try? await session.store.syncLink()
        else { return }
        if link.signedOut {
            await signInAgain(credentials, session)
            return
        }
        // TEND_NO_AUTO_SYNC=1: changes wait for `tend sync` (scripts, benchmarks, a metered link).
        guard changed, context.environment["TEND_NO_AUTO_SYNC"] != "1" else { return }
        do {
            _ = try await SyncEngine(session: session, credentials: credentials, deadline: .now() + budget).run()
        } catch SyncFailure.signedOut {
            await signInAgain(credentials, session)
        } catch SyncFailure.unreachable(let reason) {
            let pending = (try? await session.store.pendingCount(owner: session.owner)) ?? 0
            context.printError(
                "tend: "
                    + tPlural(
                        "offline ({server}: {reason}); {count} change waits to sync",
                        "offline ({server}: {reason}); {count} changes wait to sync", count: pending,
                        ["server": credentials.server, "reason": SyncFailure.reasonText(reason)]))
        } catch {
            let pending = (try? await session.store.pendingCount(owner: session.owner)) ?? 0
            context.printError(
                "tend: "
                    + tPlural(
                        "sync with {server} failed: {error}; {count} change waits to sync",
                        "sync with {server} failed: {error}; {count} changes wait to sync", count: pending,
                        ["server": credentials.server, "error": CLIError.message(for: error)]))
        }
    }

    /// A read pulls first when the copy was last brought up to date longer ago than this: what
    /// another device did shows without `tend sync`, and reads in a row cost one pull.
    static let freshness: TimeInterval = 15
    /// How long a read may wait for that pull: past it, the read shows this database's copy.
    static let readBudget: TimeAmount = .milliseconds(1500)
    /// After a failed attempt, reads do not try again for this long: offline, they stay instant.
    static let offlinePause: TimeInterval = 60

    /// Before a read (``ReadsData``) of a linked database: pulls what the server has, within
    /// ``readBudget``, when the copy is older than ``freshness`` and the last attempt did not fail
    /// in the last ``offlinePause``. A failure is said on stderr; the read shows the local copy.
    static func before(_ command: any ParsableCommand) async {
        guard let reader = command as? any ReadsData else { return }
        let context = CLIContext.current
        guard context.environment["TEND_NO_AUTO_SYNC"] != "1" else { return }
        let options = reader.options
        let database = options.databasePath(environment: context.environment)
        // Unlinked (most databases): one file check, no database opened.
        guard let credentials = try? SyncCredentials.load(database: database),
            let session = try? await Session.open(options),
            let link = try? await session.store.syncLink(), !link.signedOut,
            needsPull(link, now: session.now)
        else { return }
        do {
            _ = try await SyncEngine(session: session, credentials: credentials, deadline: .now() + readBudget).run()
        } catch SyncFailure.signedOut {
            // `after` says how to sign in again.
        } catch {
            context.printError(
                "tend: "
                    + t(
                        "could not bring this copy up to date from {server} ({error}); showing this device's copy",
                        ["server": credentials.server, "error": CLIError.message(for: error)]))
        }
    }

    /// Whether a read should pull first (see ``before(_:)``).
    static func needsPull(_ link: SyncLinkState, now: Date) -> Bool {
        if link.lastError != nil, let attempt = link.lastAttempt, now.timeIntervalSince(attempt) < offlinePause, attempt <= now {
            return false
        }
        guard let success = link.lastSuccess else { return true }
        return now.timeIntervalSince(success) >= freshness || success > now
    }

    static func signInAgain(_ credentials: SyncCredentials, _ session: Session) async {
        let pending = (try? await session.store.pendingCount(owner: session.owner)) ?? 0
        session.context.printError("tend: " + refusedToken(credentials, pending: pending))
    }

    /// "… refused this device's token (revoked or expired); 3 changes wait here. Sign in again: …".
    static func refusedToken(_ credentials: SyncCredentials, pending: Int) -> String {
        tPlural(
            "{server} refused this device's token (revoked or expired); {count} change waits here. Sign in again: tend sync login {server} --username {username}",
            "{server} refused this device's token (revoked or expired); {count} changes wait here. Sign in again: tend sync login {server} --username {username}",
            count: pending, ["server": credentials.server, "username": credentials.username])
    }

    /// "1 change", "3 changes".
    static func changes(_ count: Int) -> String { tPlural("{count} change", "{count} changes", count: count) }
}

/// Commands that only read: linked and signed out, they say how to sign in again.
protocol ReadsData {
    var options: GlobalOptions { get }
}

extension TodayCommand: ReadsData {}
extension WeekCommand: ReadsData {}
extension MonthCommand: ReadsData {}
extension ListCommand: ReadsData {}
extension ShowCommand: ReadsData {}
extension StatsCommand: ReadsData {}
extension SummaryCommand: ReadsData {}
extension HistoryCommand: ReadsData {}
extension YearCommand: ReadsData {}
extension HeatmapCommand: ReadsData {}
extension RoutineListCommand: ReadsData {}
extension RoutineShowCommand: ReadsData {}
// A walk-through reads the day's state before it asks, and changes it.
extension RoutineStartCommand: ReadsData {}
