import Foundation
import TendAPI
import TendCore
import TendWords

/// Confirmation pages: they say what will happen before anything is removed (Youtine's
/// confirmation dialogs), and work without JavaScript.
enum ConfirmView {
    static func deleteHabit(_ habit: Habit, recordedDays: Int, session: SessionInfo, cancel: String) -> Node {
        Layout.page(title: t("Delete {habit}?", ["habit": habit.name]), tab: .today, session: session) {
            Node.section(.class("confirm"), .aria("labelledby", "confirm-title")) {
                Node.h1(.id("confirm-title")) { t("Delete “{habit}”?", ["habit": "\(habit.emoji) \(habit.name)"]) }
                Node.p {
                    recordedDays == 0
                        ? t("It has nothing recorded yet. Deleting it cannot be undone.")
                        : tPlural(
                            "Its history of {count} recorded day will be deleted with it, on every device. This cannot be undone. (To stop tracking it but keep its history, archive it instead.)",
                            "Its history of {count} recorded days will be deleted with it, on every device. This cannot be undone. (To stop tracking it but keep its history, archive it instead.)",
                            count: recordedDays)
                }
                Node.div(.class("actions")) {
                    Node.form(.method("post"), .action(WebPaths.deleteHabit(habit.id))) {
                        Layout.csrfField(session)
                        Node.input(.type("hidden"), .name("return"), .value(WebPaths.today()))
                        Node.button(.type("submit"), .class("danger")) { t("Delete habit") }
                    }
                    Node.a(.class("button"), .href(cancel)) { t("Cancel") }
                }
            }
        }
    }
}
