import Foundation
import TendCore
import TendWords

/// Renders ``DayEntryControls``: −1, the value field and the day's note, as plain forms (each
/// posts with the CSRF token and a return path, and is `data-enhance`d). Every control has an id,
/// so app.js puts focus back on it after an in-place update; a refused field is `aria-invalid`
/// and described by its message.
enum DayEntryView {
    /// −1 and the value field (nothing for a checkmark habit).
    static func value(_ controls: DayEntryControls, csrfToken: String, returnPath: String) -> Node {
        var html = HTMLWriter(capacity: 1024)
        writeValue(controls, csrfToken: csrfToken, returnPath: returnPath, into: &html)
        return html.node
    }

    // Written to bytes: a Today page has one per card (``TodayView/write(_:csrfToken:returnPath:into:)``).
    static func writeValue(_ controls: DayEntryControls, csrfToken: String, returnPath: String, into html: inout HTMLWriter) {
        guard let field = controls.value else { return }
        let id = controls.id
        html.element(
            "form",
            {
                $0.add("class", "entry-form value-form")
                TodayView.postForm(&$0, action: field.action)
            }
        ) { html in
            writeHidden(csrfToken: csrfToken, returnPath: returnPath, into: &html)
            html.element("label", { $0.add("for", "value-", id) }) { $0.text(field.label) }
            html.element("div", { $0.add("class", "entry-row") }) { html in
                html.void("input") {
                    $0.add("type", "text")
                    $0.add("id", "value-", id)
                    $0.add("name", "value")
                    $0.add("value", field.text)
                    $0.add("inputmode", field.inputMode)
                    $0.add("autocomplete", "off")
                    $0.add("enterkeyhint", "done")
                    $0.add("maxlength", 20)
                    if field.error == nil {
                        $0.add("aria-describedby", "value-hint-", id)
                    } else {
                        $0.add("aria-describedby", "value-error-", id, " value-hint-")
                        $0.append(id)
                        $0.add("aria-invalid", "true")
                    }
                }
                html.element(
                    "button",
                    {
                        $0.add("type", "submit")
                        $0.add("id", "value-save-", id)
                    }
                ) { $0.text(t("Set", context: "value")) }
            }
            if let error = field.error {
                html.element(
                    "p",
                    {
                        $0.add("class", "error")
                        $0.add("id", "value-error-", id)
                        $0.add("role", "alert")
                    }
                ) { $0.text(error) }
            }
            html.element(
                "p",
                {
                    $0.add("class", "hint")
                    $0.add("id", "value-hint-", id)
                }
            ) { $0.text(field.hint) }
        }
        let steps: [(action: String, idPrefix: StaticString, label: String)] = [
            (field.decrementAction, "decrement-", field.decrementLabel), (field.incrementAction, "increment-", field.incrementLabel),
        ]
        for (action, name, label) in steps {
            html.element("form", { TodayView.postForm(&$0, action: action) }) { html in
                writeHidden(csrfToken: csrfToken, returnPath: returnPath, into: &html)
                html.element(
                    "button",
                    {
                        $0.add("type", "submit")
                        $0.add("id", name, id)
                    }
                ) { $0.text(label) }
            }
        }
    }

    /// The day's note (a card's menu: the habit page has its own note form with a day picker).
    static func writeNote(_ controls: DayEntryControls, csrfToken: String, returnPath: String, into html: inout HTMLWriter) {
        let id = controls.id
        html.element(
            "form",
            {
                $0.add("class", "entry-form note-entry")
                TodayView.postForm(&$0, action: controls.noteAction)
            }
        ) { html in
            writeHidden(csrfToken: csrfToken, returnPath: returnPath, into: &html)
            html.void("input") {
                $0.add("type", "hidden")
                $0.add("name", "day")
                $0.add("value", controls.day.iso)
            }
            html.element("label", { $0.add("for", "day-note-", id) }) { $0.text(t("Note for this day")) }
            html.element(
                "textarea",
                {
                    $0.add("id", "day-note-", id)
                    $0.add("name", "note")
                    $0.add("rows", "2")
                    $0.add("maxlength", Entry.maximumNoteLength)
                    if controls.noteError != nil {
                        $0.add("aria-invalid", "true")
                        $0.add("aria-describedby", "day-note-error-", id)
                    }
                }
            ) { $0.text(controls.note) }
            if let error = controls.noteError {
                html.element(
                    "p",
                    {
                        $0.add("class", "error")
                        $0.add("id", "day-note-error-", id)
                        $0.add("role", "alert")
                    }
                ) {
                    $0.text(error)
                }
            }
            html.element(
                "button",
                {
                    $0.add("type", "submit")
                    $0.add("id", "day-note-save-", id)
                }
            ) { $0.text(t("Save note")) }
        }
    }

    /// The one-step tap as a ring button (the Today card's control).
    static func tap(
        action: String, id: String, label: String, progress: Double, emoji: String, csrfToken: String, returnPath: String
    ) -> Node {
        var html = HTMLWriter(capacity: 1024)
        writeTap(
            action: action, id: id, label: label, progress: progress, emoji: emoji, csrfToken: csrfToken, returnPath: returnPath,
            into: &html)
        return html.node
    }

    static func writeTap(
        action: String, id: String, label: String, progress: Double, emoji: String, csrfToken: String, returnPath: String,
        into html: inout HTMLWriter
    ) {
        html.element(
            "form",
            {
                $0.add("class", "tap")
                TodayView.postForm(&$0, action: action)
            }
        ) { html in
            writeHidden(csrfToken: csrfToken, returnPath: returnPath, into: &html)
            html.element(
                "button",
                {
                    $0.add("type", "submit")
                    $0.add("class", "ring-button")
                    $0.add("id", "tap-", id)
                    $0.add("aria-label", label)
                }
            ) { html in
                TodayView.writeRing(progress: progress, size: 64, width: 6, into: &html)
                html.element(
                    "span",
                    {
                        $0.add("class", "emoji")
                        $0.add("aria-hidden", "true")
                    }
                ) { $0.text(emoji) }
            }
        }
    }

    static func hidden(csrfToken: String, returnPath: String) -> Node {
        var html = HTMLWriter(capacity: 256)
        writeHidden(csrfToken: csrfToken, returnPath: returnPath, into: &html)
        return html.node
    }

    /// The CSRF token and the return path every form posts.
    static func writeHidden(csrfToken: String, returnPath: String, into html: inout HTMLWriter) {
        html.void("input") {
            $0.add("type", "hidden")
            $0.add("name", "_csrf")
            $0.add("value", csrfToken)
        }
        html.void("input") {
            $0.add("type", "hidden")
            $0.add("name", "return")
            $0.add("value", returnPath)
        }
    }
}
