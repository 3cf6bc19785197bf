import Foundation
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

enum SettingsView {
    static func page(_ model: SettingsPage, session: SessionInfo) -> Node {
        // A POST's answer (a token shown once, a refused form) is not reloaded by live updates.
        let live: [Attribute] = model.newToken != nil || !model.errors.isEmpty ? [.data("live", "off")] : []
        return Layout.page(title: t("Settings"), tab: .settings, session: session, bodyAttributes: live) {
            Node.section(.class("editor"), .aria("labelledby", "settings-title")) {
                Node.h1(.id("settings-title")) { t("Settings") }
                if model.saved { Node.p(.class("notice saved"), .role("status")) { t("Saved.") } }
                if !model.errors.isEmpty {
                    Node.p(.class("notice"), .role("alert")) { t("Some fields need a change; see below. Nothing was saved.") }
                }
                Node.form(.method("post"), .action(WebPaths.settings()), .class("habit-form")) {
                    Layout.csrfField(session)
                    if let original = model.original { Node.input(.type("hidden"), .name("original"), .value(original)) }
                    Node.div(.class("field")) {
                        Node.label(.for("timeZone")) { t("Time zone") }
                        Node.select(.id("timeZone"), .name("timeZone"), .data("offer-zone", "")) {
                            for zone in model.zones {
                                Node.element(
                                    "option", [.value(zone)] + (zone == model.timeZone ? [Attribute("selected", nil)] : []), [.text(zone)])
                            }
                        }
                        Node.p(.class("hint zone-offer"), .hidden) {
                            Node.span { "" }
                            Node.button(.type("button"), .class("link")) { t("Use it") }
                        }
                        error("timeZone", model)
                    }
                    Node.div(.class("field")) {
                        Node.label(.for("language")) { t("Language") }
                        Node.select(.id("language"), .name("language")) {
                            for (value, label) in SettingsPage.languages {
                                // Each name is in its own language, whatever the page's.
                                let tag = value.isEmpty ? [] : [Attribute("lang", value)]
                                Node.element(
                                    "option", [.value(value)] + tag + (value == model.language ? [Attribute("selected", nil)] : []),
                                    [.text(label)])
                            }
                        }
                        error("language", model)
                    }
                    Node.div(.class("field")) {
                        Node.label(.for("dayStartHour")) { t("A new day starts at") }
                        Node.select(.id("dayStartHour"), .name("dayStartHour"), .aria("describedby", "dayStartHour-hint")) {
                            for hour in 0...23 {
                                Node.element(
                                    "option",
                                    [.value(String(hour))] + (String(hour) == model.dayStartHour ? [Attribute("selected", nil)] : []),
                                    [.text(String(format: "%02d:00", hour))])
                            }
                        }
                        Node.p(.class("hint"), .id("dayStartHour-hint")) {
                            t("Before this hour, Tend still counts it as the previous day (for night owls).")
                        }
                        error("dayStartHour", model)
                    }
                    Node.div(.class("field")) {
                        Node.label(.for("firstWeekday")) { t("Weeks start on") }
                        Node.select(.id("firstWeekday"), .name("firstWeekday")) {
                            for (value, label) in SettingsPage.weekdays {
                                Node.element(
                                    "option", [.value(value)] + (value == model.firstWeekday ? [Attribute("selected", nil)] : []),
                                    [.text(label)])
                            }
                        }
                        error("firstWeekday", model)
                    }
                    Node.div(.class("field")) {
                        Node.label(.for("snoozeMinutes")) { t("“Later” waits (minutes)") }
                        Node.void("input", snoozeAttributes(model))
                        Node.p(.class("hint"), .id("snoozeMinutes-hint")) {
                            t("A reminder's “Later” rings again after this many minutes (1 to 240).")
                        }
                        error("snoozeMinutes", model)
                    }
                    Node.div(.class("actions")) {
                        Node.button(.type("submit"), .class("primary")) { t("Save settings") }
                    }
                }
            }
            notifications(model, session: session)
            Node.section(.class("editor devices"), .aria("labelledby", "devices-title")) {
                Node.h2(.id("devices-title")) { t("API tokens") }
                Node.p(.class("hint")) {
                    Layout.sentence(
                        t(
                            "For your own scripts and tools: each request to Tend's JSON API (under {path}) sends one in its {header} header. Each CLI signed in with {command} syncs through one of its own, named after its machine and database (“tend on HOST (cli-…)”). Revoking a token stops it at once."
                        ),
                        [
                            "path": Node.code { "/api/v1" }, "header": Node.code { "Authorization: Bearer" },
                            "command": Node.code { "tend sync login" },
                        ])
                }
                if let token = model.newToken { newToken(token) }
                if model.devices.isEmpty {
                    Node.p(.class("hint")) { t("No API tokens.") }
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
                                    Node.button(
                                        .type("submit"), .class("danger"), .aria("label", t("Revoke {name}", ["name": device.name]))
                                    ) {
                                        t("Revoke")
                                    }
                                }
                            }
                        }
                    }
                }
                addDeviceForm(model, session: session)
            }
            Node.section(.class("editor data-link"), .aria("labelledby", "sign-in-title")) {
                Node.h2(.id("sign-in-title")) { t("Signing in") }
                Node.p(.class("hint")) {
                    t("Providers that sign you in, and (for the server's owner) invite links and accounts waiting for approval.")
                }
                Node.p { Node.a(.class("button"), .href(WebPaths.signInSettings())) { t("Sign-in settings") } }
            }
            Node.section(.class("editor data-link"), .aria("labelledby", "data-title")) {
                Node.h2(.id("data-title")) { t("Your data") }
                Node.p(.class("hint")) { t("Import from Tend or Loop Habit Tracker, export to a file, download a backup.") }
                Node.p { Node.a(.class("button"), .href(WebPaths.data())) { t("Import, export and backup") } }
            }
        }
    }

    /// The secret of a token just made, shown once, in a read-only field that is easy to select.
    private static func newToken(_ token: SettingsPage.NewToken) -> Node {
        .div(.class("notice saved new-token"), .role("status"), .id("new-token")) {
            Node.p {
                Layout.sentence(
                    t("{added} Its token:"), ["added": Node.strong { t("“{name}” was added.", ["name": token.name]) }])
            }
            Node.input(
                .type("text"), .id("new-token-secret"), .value(token.secret), Attribute("readonly", nil), .attr("spellcheck", "false"),
                .autocomplete("off"), .aria("label", t("API token for {name}", ["name": token.name])), .class("token"))
            Node.p(.class("hint")) {
                Layout.sentence(
                    t(
                        "Copy it now (select it, then copy) and have your script send it in the {header} header. It is not shown again: Tend keeps only a hash of it. Lost it? Revoke it and make another."
                    ),
                    ["header": Node.code { "Authorization: Bearer" }])
            }
        }
    }

    private static func addDeviceForm(_ model: SettingsPage, session: SessionInfo) -> Node {
        .form(.method("post"), .action(WebPaths.devices()), .class("habit-form add-device")) {
            Layout.csrfField(session)
            Node.div(.class("field")) {
                Node.label(.for("deviceName")) { t("Add a token") }
                Node.void("input", deviceNameAttributes(model))
                error("deviceName", model)
            }
            Node.div(.class("actions")) {
                Node.button(.type("submit"), .class("primary")) { t("Make a token") }
            }
        }
    }

    private static func deviceNameAttributes(_ model: SettingsPage) -> [Attribute] {
        var attributes: [Attribute] = [
            .type("text"), .id("deviceName"), .name("name"), .value(model.deviceName),
            .maxlength(AccountService.maximumTokenNameLength), .placeholder(t("Its name, e.g. Backup script")), .autocomplete("off"),
            .required,
        ]
        if model.errors["deviceName"] != nil { attributes += [.aria("invalid", "true"), .aria("describedby", "deviceName-error")] }
        return attributes
    }

    private static func snoozeAttributes(_ model: SettingsPage) -> [Attribute] {
        var attributes: [Attribute] = [
            .type("number"), .id("snoozeMinutes"), .name("snoozeMinutes"), .value(model.snoozeMinutes), .attr("min", "1"),
            .attr("max", "240"), .attr("inputmode", "numeric"), .required,
        ]
        attributes.append(
            model.errors["snoozeMinutes"] != nil
                ? .aria("describedby", "snoozeMinutes-error snoozeMinutes-hint") : .aria("describedby", "snoozeMinutes-hint"))
        if model.errors["snoozeMinutes"] != nil { attributes.append(.aria("invalid", "true")) }
        return attributes
    }

    // MARK: Notifications

    /// Where reminders go: this device (Web Push, enabled by app.js on a button press, as iOS
    /// requires), the devices subscribed, a webhook, the calendar feed, and a test.
    private static func notifications(_ model: SettingsPage, session: SessionInfo) -> Node {
        let notifications = model.notifications
        return .section(.class("editor notifications"), .aria("labelledby", "notifications-title"), .id("notifications")) {
            Node.h2(.id("notifications-title")) { t("Notifications") }
            Node.p(.class("hint")) {
                t(
                    "Reminders reach you as notifications on the devices you enable here, as a webhook (ntfy or your own tool), or in your calendar app. On an iPhone or iPad, first add Tend to the home screen (Share, then “Add to Home Screen”) and open it from there: only then can it show notifications."
                )
            }
            if notifications.pushEnabled {
                Node.p(.class("notice saved"), .role("status")) { t("Notifications are on for this device.") }
            }
            Node.div(.class("push-enable"), .data("push", "")) {
                Node.button(.type("button"), .class("primary"), .id("push-enable"), .hidden) { t("Enable on this device") }
                Node.p(.class("hint push-status"), .id("push-status"), .role("status"), .aria("live", "polite")) {
                    t("Turning notifications on needs JavaScript and a browser that supports Web Push.")
                }
            }
            Node.h3(.id("push-devices-title")) { t("Devices") }
            if notifications.devices.isEmpty {
                Node.p(.class("hint"), .id("push-devices-empty")) { t("No device receives notifications yet.") }
            } else {
                Node.ul(.class("habit-list"), .id("push-devices"), .aria("labelledby", "push-devices-title")) {
                    for device in notifications.devices {
                        Node.li(.class("habit-row device"), .id("push-\(device.id)"), .data("endpoint", device.endpoint)) {
                            Node.div(.class("row-main")) {
                                Node.strong { device.name }
                                Node.span(.class("hint")) { device.detail }
                            }
                            Node.form(.method("post"), .action(device.revokeAction)) {
                                Layout.csrfField(session)
                                Node.button(
                                    .type("submit"), .class("danger"),
                                    .aria("label", t("Revoke {name}, {detail}", ["name": device.name, "detail": device.detail]))
                                ) {
                                    t("Revoke")
                                }
                            }
                        }
                    }
                }
            }
            Node.h3(.id("webhooks-title")) { t("Webhook") }
            Node.p(.class("hint")) {
                Layout.sentence(
                    t(
                        "Tend POSTs each reminder to this URL: its own JSON for your tools, or ntfy's format (give the topic's URL, e.g. {example}), with a Done button that checks the habit in. It must be an https:// address on the internet."
                    ),
                    ["example": Node.code { "https://ntfy.sh/your-topic" }])
            }
            if !notifications.webhooks.isEmpty {
                Node.ul(.class("habit-list"), .id("webhooks"), .aria("labelledby", "webhooks-title")) {
                    for webhook in notifications.webhooks {
                        Node.li(.class("habit-row device"), .id("webhook-\(webhook.id)")) {
                            Node.div(.class("row-main")) {
                                Node.strong(.class("url")) { webhook.url }
                                Node.span(.class("hint")) { "\(webhook.format) · \(webhook.detail)" }
                            }
                            Node.form(.method("post"), .action(webhook.deleteAction)) {
                                Layout.csrfField(session)
                                Node.button(
                                    .type("submit"), .class("danger"), .aria("label", t("Remove the webhook {url}", ["url": webhook.url]))
                                ) {
                                    t("Remove")
                                }
                            }
                        }
                    }
                }
            }
            webhookForm(model, session: session)
            Node.h3(.id("calendar-title")) { t("Calendar") }
            Node.p(.class("hint")) {
                t(
                    "Subscribe to this address in a calendar app to see your reminders there. Keep it to yourself: anyone with it sees your habits' names. Calendar apps often drop the alerts of subscribed calendars, so rely on the notifications above to be reminded."
                )
            }
            if let url = notifications.calendarURL {
                if notifications.calendarRotated {
                    Node.p(.class("notice saved"), .role("status")) { t("The calendar has a new address; the old one no longer works.") }
                }
                Node.div(.class("calendar-url")) {
                    Node.input(
                        .type("text"), .id("calendar-url"), .value(url), Attribute("readonly", nil), .attr("spellcheck", "false"),
                        .autocomplete("off"), .aria("label", t("Calendar address")), .class("token"))
                    Node.button(.type("button"), .id("calendar-copy"), .data("copy", "calendar-url"), .hidden) { t("Copy") }
                    Node.span(.class("hint"), .id("calendar-copy-status"), .role("status"), .aria("live", "polite"))
                }
                Node.form(.method("post"), .action(WebPaths.rotateCalendar()), .class("calendar-rotate")) {
                    Layout.csrfField(session)
                    Node.button(.type("submit"), .id("calendar-rotate")) { t("Make a new address") }
                    Node.span(.class("hint")) { " " + t("The current one stops working.") }
                }
            } else {
                Node.p(.class("hint"), .id("calendar-unavailable")) { t("The calendar address is not available on this server right now.") }
            }
            Node.h3(.id("test-title")) { t("Test", context: "heading") }
            Node.div(.class("notification-test"), .data("test", "/api/v1/notifications/test")) {
                Node.button(.type("button"), .id("notification-test"), .hidden) { t("Send a test notification") }
                Node.p(.class("hint"), .id("notification-test-status"), .role("status"), .aria("live", "polite")) {
                    t("Sending a test needs JavaScript.")
                }
                Node.ul(.class("test-results"), .id("notification-test-results"))
            }
        }
    }

    private static func webhookForm(_ model: SettingsPage, session: SessionInfo) -> Node {
        let notifications = model.notifications
        return .form(.method("post"), .action(WebPaths.webhooks()), .class("habit-form add-webhook")) {
            Layout.csrfField(session)
            Node.div(.class("field")) {
                Node.label(.for("webhookURL")) { t("Add a webhook: its URL") }
                Node.void(
                    "input",
                    fieldAttributes(
                        "webhookURL", model,
                        [
                            .type("url"), .id("webhookURL"), .name("url"), .value(notifications.webhookURL),
                            .maxlength(2048), .placeholder("https://ntfy.sh/your-topic"), .autocomplete("off"), .required,
                        ]))
                error("webhookURL", model)
            }
            Node.div(.class("field")) {
                Node.label(.for("webhookFormat")) { t("Format") }
                Node.select(.id("webhookFormat"), .name("format")) {
                    for (value, label) in SettingsPage.webhookFormats {
                        Node.element(
                            "option", [.value(value)] + (value == notifications.webhookFormat ? [Attribute("selected", nil)] : []),
                            [.text(label)])
                    }
                }
                error("webhookFormat", model)
            }
            Node.div(.class("field")) {
                Node.label(.for("webhookToken")) { t("Access token (optional)") }
                Node.void(
                    "input",
                    fieldAttributes(
                        "webhookToken", model,
                        [
                            .type("password"), .id("webhookToken"), .name("accessToken"), .maxlength(512), .autocomplete("off"),
                            .placeholder(t("e.g. an ntfy token, tk_…")),
                        ]))
                Node.p(.class("hint")) { t("Sent as “Authorization: Bearer …”; Tend never shows it again.") }
                error("webhookToken", model)
            }
            Node.div(.class("actions")) {
                Node.button(.type("submit"), .class("primary")) { t("Add the webhook") }
            }
        }
    }

    private static func fieldAttributes(_ name: String, _ model: SettingsPage, _ attributes: [Attribute]) -> [Attribute] {
        model.errors[name] == nil ? attributes : attributes + [.aria("invalid", "true"), .aria("describedby", "\(name)-error")]
    }

    private static func error(_ name: String, _ model: SettingsPage) -> Node? {
        model.errors[name].map { message in Node.p(.class("error"), .id("\(name)-error")) { message } }
    }
}
