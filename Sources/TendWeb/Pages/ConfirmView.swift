import Foundation
import TendAPI
import TendCore

/// Confirmation pages: they say what will happen before anything is removed (Youtine's
/// confirmation dialogs), and work without JavaScript.
enum ConfirmView {
    static func deleteHabit(_ habit: Habit, recordedDays: Int, session: SessionInfo, cancel: String) -> Node {
        Layout.page(title: "Delete \(habit.name)?", tab: .today, session: session) {
            Node.section(.class("confirm"), .aria("labelledby", "confirm-title")) {
                Node.h1(.id("confirm-title")) { "Delete “\(habit.emoji) \(habit.name)”?" }
                Node.p {
                    recordedDays == 0
                        ? "It has nothing recorded yet. Deleting it cannot be undone."
                        : "Its history of \(recordedDays) recorded day\(recordedDays == 1 ? "" : "s") will be deleted with it, on every device. This cannot be undone. (To stop tracking it but keep its history, archive it instead.)"
                }
                Node.div(.class("actions")) {
                    Node.form(.method("post"), .action(WebPaths.deleteHabit(habit.id))) {
                        Layout.csrfField(session)
                        Node.input(.type("hidden"), .name("return"), .value(WebPaths.today()))
                        Node.button(.type("submit"), .class("danger")) { "Delete habit" }
                    }
                    Node.a(.class("button"), .href(cancel)) { "Cancel" }
                }
            }
        }
    }
}
