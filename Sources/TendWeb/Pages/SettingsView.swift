import Foundation
import TendAPI
import TendCore
import TendHTTP
import TendStore

enum SettingsView {
    static func page(_ model: SettingsPage, session: SessionInfo) -> Node {
        // A POST's answer (a token shown once, a refused form) is not reloaded by live updates.
        let live: [Attribute] = model.newToken != nil || !model.errors.isEmpty ? [.data("live", "off")] : []
        return Layout.page(title: "Settings", tab: .settings, session: session, bodyAttributes: live) {
            Node.section(.class("editor"), .aria("labelledby", "settings-title")) {
                Node.h1(.id("settings-title")) { "Settings" }
                if model.saved { Node.p(.class("notice saved"), .role("status")) { "Saved." } }
                if !model.errors.isEmpty {
                    Node.p(.class("notice"), .role("alert")) { "Some fields need a change; see below. Nothing was saved." }
                }
                Node.form(.method("post"), .action(WebPaths.settings()), .class("habit-form")) {
                    Layout.csrfField(session)
                    Node.div(.class("field")) {
                        Node.label(.for("timeZone")) { "Time zone" }
                        Node.select(.id("timeZone"), .name("timeZone"), .data("offer-zone", "")) {
                            for zone in model.zones {
                                Node.element(
                                    "option", [.value(zone)] + (zone == model.timeZone ? [Attribute("selected", nil)] : []), [.text(zone)])
                            }
                        }
                        Node.p(.class("hint zone-offer"), .hidden) {
                            Node.span { "" }
                            Node.button(.type("button"), .class("link")) { "Use it" }
                        }
                        error("timeZone", model)
                    }
                    Node.div(.class("field")) {
                        Node.label(.for("dayStartHour")) { "A new day starts at" }
                        Node.select(.id("dayStartHour"), .name("dayStartHour"), .aria("describedby", "dayStartHour-hint")) {
                            for hour in 0...23 {
                                Node.element(
                                    "option",
                                    [.value(String(hour))] + (String(hour) == model.dayStartHour ? [Attribute("selected", nil)] : []),
                                    [.text(String(format: "%02d:00", hour))])
                            }
                        }
                        Node.p(.class("hint"), .id("dayStartHour-hint")) {
                            "Before this hour, Tend still counts it as the previous day (for night owls)."
                        }
                        error("dayStartHour", model)
                    }
                    Node.div(.class("field")) {
                        Node.label(.for("firstWeekday")) { "Weeks start on" }
                        Node.select(.id("firstWeekday"), .name("firstWeekday")) {
                            for (value, label) in SettingsPage.weekdays {
                                Node.element(
                                    "option", [.value(value)] + (value == model.firstWeekday ? [Attribute("selected", nil)] : []),
                                    [.text(label)])
                            }
                        }
                        error("firstWeekday", model)
                    }
                    Node.div(.class("actions")) {
                        Node.button(.type("submit"), .class("primary")) { "Save settings" }
                    }
                }
            }
            Node.section(.class("editor devices"), .aria("labelledby", "devices-title")) {
                Node.h2(.id("devices-title")) { "API tokens" }
                Node.p(.class("hint")) {
                    "For your own scripts and tools: each request to Tend's JSON API (under "
                    Node.code { "/api/v1" }
                    ") sends one in its "
                    Node.code { "Authorization: Bearer" }
                    " header. No app syncs with Tend yet. Revoking a token stops it at once."
                }
                if let token = model.newToken { newToken(token) }
                if model.devices.isEmpty {
                    Node.p(.class("hint")) { "No API tokens." }
                } else {
                    Node.ul(.class("habit-list")) {
                        for device in model.devices {
                            Node.li(.class("habit-row device"), .id("device-\(device.id)")) {
                                Node.div(.class("row-main")) {
                                    Node.strong { device.name }
                                    Node.span(.class("hint")) { device.detail }
                                }
                                Node.form(.method("post"), .action(device.revokeAction)) {
                                    Layout.csrfField(session)
                                    Node.button(.type("submit"), .class("danger"), .aria("label", "Revoke \(device.name)")) { "Revoke" }
                                }
                            }
                        }
                    }
                }
                addDeviceForm(model, session: session)
            }
            Node.section(.class("editor data-link"), .aria("labelledby", "data-title")) {
                Node.h2(.id("data-title")) { "Your data" }
                Node.p(.class("hint")) { "Import from Tend or Loop Habit Tracker, export to a file, download a backup." }
                Node.p { Node.a(.class("button"), .href(WebPaths.data())) { "Import, export and backup" } }
            }
        }
    }

    /// The secret of a token just made, shown once, in a read-only field that is easy to select.
    private static func newToken(_ token: SettingsPage.NewToken) -> Node {
        .div(.class("notice saved new-token"), .role("status"), .id("new-token")) {
            Node.p {
                Node.strong { "“\(token.name)” was added." }
                " Its token:"
            }
            Node.input(
                .type("text"), .id("new-token-secret"), .value(token.secret), Attribute("readonly", nil), .attr("spellcheck", "false"),
                .autocomplete("off"), .aria("label", "API token for \(token.name)"), .class("token"))
            Node.p(.class("hint")) {
                "Copy it now (select it, then copy) and have your script send it in the "
                Node.code { "Authorization: Bearer" }
                " header. It is not shown again: Tend keeps only a hash of it. Lost it? Revoke it and make another."
            }
        }
    }

    private static func addDeviceForm(_ model: SettingsPage, session: SessionInfo) -> Node {
        .form(.method("post"), .action(WebPaths.devices()), .class("habit-form add-device")) {
            Layout.csrfField(session)
            Node.div(.class("field")) {
                Node.label(.for("deviceName")) { "Add a token" }
                Node.void("input", deviceNameAttributes(model))
                error("deviceName", model)
            }
            Node.div(.class("actions")) {
                Node.button(.type("submit"), .class("primary")) { "Make a token" }
            }
        }
    }

    private static func deviceNameAttributes(_ model: SettingsPage) -> [Attribute] {
        var attributes: [Attribute] = [
            .type("text"), .id("deviceName"), .name("name"), .value(model.deviceName),
            .maxlength(AccountService.maximumTokenNameLength), .placeholder("Its name, e.g. Backup script"), .autocomplete("off"),
            .required,
        ]
        if model.errors["deviceName"] != nil { attributes += [.aria("invalid", "true"), .aria("describedby", "deviceName-error")] }
        return attributes
    }

    private static func error(_ name: String, _ model: SettingsPage) -> Node? {
        model.errors[name].map { message in Node.p(.class("error"), .id("\(name)-error")) { message } }
    }
}
