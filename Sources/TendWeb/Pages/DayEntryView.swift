import Foundation
import TendCore

/// Renders ``DayEntryControls``: −1, the value field and the day's note, as plain forms (each
/// posts with the CSRF token and a return path, and is `data-enhance`d). Every control has an id,
/// so app.js puts focus back on it after an in-place update; a refused field is `aria-invalid`
/// and described by its message.
enum DayEntryView {
    /// −1 and the value field (nothing for a checkmark habit).
    static func value(_ controls: DayEntryControls, csrfToken: String, returnPath: String) -> Node {
        guard let field = controls.value else { return .empty }
        let inputID = "value-\(controls.id)"
        let errorID = "value-error-\(controls.id)"
        let hintID = "value-hint-\(controls.id)"
        var input: [Attribute] = [
            .type("text"), .id(inputID), .name("value"), .value(field.text), .attr("inputmode", field.inputMode), .autocomplete("off"),
            .attr("enterkeyhint", "done"), .maxlength(20),
        ]
        input.append(.aria("describedby", field.error == nil ? hintID : "\(errorID) \(hintID)"))
        if field.error != nil { input.append(.aria("invalid", "true")) }
        return .group {
            Node.form(.class("entry-form value-form"), .method("post"), .action(field.action), .data("enhance", "")) {
                hidden(csrfToken: csrfToken, returnPath: returnPath)
                Node.label(.for(inputID)) { field.label }
                Node.div(.class("entry-row")) {
                    Node.void("input", input)
                    Node.button(.type("submit"), .id("value-save-\(controls.id)")) { "Set" }
                }
                if let error = field.error { Node.p(.class("error"), .id(errorID), .role("alert")) { error } }
                Node.p(.class("hint"), .id(hintID)) { field.hint }
            }
            Node.form(.method("post"), .action(field.decrementAction), .data("enhance", "")) {
                hidden(csrfToken: csrfToken, returnPath: returnPath)
                Node.button(.type("submit"), .id("decrement-\(controls.id)")) { field.decrementLabel }
            }
        }
    }

    /// The day's note (a card's menu: the habit page has its own note form with a day picker).
    static func note(_ controls: DayEntryControls, csrfToken: String, returnPath: String) -> Node {
        let textID = "day-note-\(controls.id)"
        let errorID = "day-note-error-\(controls.id)"
        var attributes: [Attribute] = [.id(textID), .name("note"), .attr("rows", "2"), .maxlength(Entry.maximumNoteLength)]
        if controls.noteError != nil { attributes += [.aria("invalid", "true"), .aria("describedby", errorID)] }
        return .form(.class("entry-form note-entry"), .method("post"), .action(controls.noteAction), .data("enhance", "")) {
            hidden(csrfToken: csrfToken, returnPath: returnPath)
            Node.input(.type("hidden"), .name("day"), .value(controls.day.iso))
            Node.label(.for(textID)) { "Note for this day" }
            Node.element("textarea", attributes, [.text(controls.note)])
            if let error = controls.noteError { Node.p(.class("error"), .id(errorID), .role("alert")) { error } }
            Node.button(.type("submit"), .id("day-note-save-\(controls.id)")) { "Save note" }
        }
    }

    /// The one-step tap as a ring button (the Today card's control).
    static func tap(
        action: String, id: String, label: String, progress: Double, emoji: String, csrfToken: String, returnPath: String
    ) -> Node {
        .form(.class("tap"), .method("post"), .action(action), .data("enhance", "")) {
            hidden(csrfToken: csrfToken, returnPath: returnPath)
            Node.button(.type("submit"), .class("ring-button"), .id("tap-\(id)"), .aria("label", label)) {
                TodayView.ring(progress: progress, size: 64, width: 6)
                Node.span(.class("emoji"), .aria("hidden", "true")) { emoji }
            }
        }
    }

    static func hidden(csrfToken: String, returnPath: String) -> Node {
        .group {
            Node.input(.type("hidden"), .name("_csrf"), .value(csrfToken))
            Node.input(.type("hidden"), .name("return"), .value(returnPath))
        }
    }
}
