import Foundation
import TendCore
import TendSQLite
import TendStore

// A child process for the crash test: records check-ins on a SQLite database and prints "ack N"
// after each write returns, until it is killed.
//   TendCrashWriter DATABASE USERNAME FIRST [WRITERS]
// Each write N sets the value N on day 2000-01-01 + N of the habit "Crash". WRITERS (default 1)
// tasks write at once, writer w making writes FIRST + w, FIRST + w + WRITERS, …, so the store
// groups concurrent writes into shared transactions (group commit) as a server's requests do.

/// Writes a line straight to the file descriptor: nothing waits in a buffer when the kill comes.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data(utf8: line + "\n"))
}

let arguments = CommandLine.arguments
guard (4...5).contains(arguments.count), let first = Int(arguments[3]),
    let writers = arguments.count == 5 ? Int(arguments[4]) : 1, writers >= 1
else {
    FileHandle.standardError.write(Data("usage: TendCrashWriter DATABASE USERNAME FIRST [WRITERS]\n".utf8))
    exit(64)
}
let store = try SQLiteStore(path: arguments[1], device: "crash-writer")
let user: User
if let existing = try await store.user(named: arguments[2]) {
    user = existing
} else {
    user = try await store.createUser(username: arguments[2], settings: UserSettings())
}
let habit: Habit
if let existing = try await store.habits(owner: user.id, includeArchived: true).first(where: { $0.name == "Crash" }) {
    habit = existing
} else {
    habit = try await store.createHabit(
        owner: user.id, Habit(name: "Crash", type: .count, target: 1_000_000, createdOn: Day(ordinal: 10_957)))
}
say("ready")
try await withThrowingTaskGroup(of: Void.self) { group in
    for writer in 0..<writers {
        group.addTask {
            var n = first + writer
            while true {
                _ = try await store.setValue(owner: user.id, habit: habit.id, day: Day(ordinal: 10_957 + n), Amount(n))
                say("ack \(n)")
                n += writers
            }
        }
    }
    try await group.waitForAll()
}
