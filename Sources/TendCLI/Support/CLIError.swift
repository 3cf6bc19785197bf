import ArgumentParser
import Foundation
import TendCore
import TendImport
import TendStore
import TendWords

/// A failure reported to the person as one line on stderr and exit status 1.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }

    /// The one-line message for any error a command lets escape: the store's, the core's
    /// validation errors and the CLI's own, mapped here once.
    static func message(for error: any Error) -> String {
        switch error {
        case let error as CLIError: error.message
        case let error as StoreError: error.description
        case let error as RuleViolation: error.description
        case let error as HabitValidationError: error.description
        case let error as DayError: error.description
        case let error as SettingsError: error.description
        case let error as TimeOfDayError: error.description
        case let error as RoutineError: error.description
        case let error as ImportError: error.description
        case let error as any CustomStringConvertible: error.description
        default: String(describing: error)
        }
    }

    /// ``message(for:)`` in English, for what never changes with the language (`--json`).
    static func englishMessage(for error: any Error) -> String {
        Words.$current.withValue(.english) { message(for: error) }
    }
}
