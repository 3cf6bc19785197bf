import Foundation

/// The settings a change sets; absent ones stay as they are, so a zone changed on the laptop and
/// a snooze length changed on the phone, both offline, both survive (sync's last writer wins per
/// field, as for habits' ``HabitPatch``).
public struct SettingsPatch: Codable, Hashable, Sendable {
    public var timeZone: String?
    public var dayStartHour: Int?
    /// 1…7, or 0 for "the locale's" (the setting's `nil`).
    public var firstWeekday: Int?
    public var locale: String?
    public var snoozeMinutes: Int?
    /// The whole list (the last writer's list wins, as for any one setting).
    public var keptZones: [UserSettings.KeptZone]?
    /// A language's tag, or "" for "follow the browser or shell" (the setting's `nil`).
    public var language: String?

    public init(
        timeZone: String? = nil, dayStartHour: Int? = nil, firstWeekday: Int? = nil, locale: String? = nil, snoozeMinutes: Int? = nil,
        keptZones: [UserSettings.KeptZone]? = nil, language: String? = nil
    ) {
        self.timeZone = timeZone
        self.dayStartHour = dayStartHour
        self.firstWeekday = firstWeekday
        self.locale = locale
        self.snoozeMinutes = snoozeMinutes
        self.keptZones = keptZones
        self.language = language
    }

    /// The patch that turns `old` into `new` (only the settings that differ).
    public init(from old: UserSettings, to new: UserSettings) {
        self.init()
        if old.timeZone != new.timeZone { timeZone = new.timeZone }
        if old.dayStartHour != new.dayStartHour { dayStartHour = new.dayStartHour }
        if old.firstWeekday != new.firstWeekday { firstWeekday = new.firstWeekday ?? 0 }
        if old.locale != new.locale { locale = new.locale }
        if old.snoozeMinutes != new.snoozeMinutes { snoozeMinutes = new.snoozeMinutes }
        if old.keptZones != new.keptZones { keptZones = new.keptZones }
        if old.language != new.language { language = new.language ?? "" }
    }

    public var isEmpty: Bool { self == SettingsPatch() }

    /// `settings` with the patch's fields set.
    public func applied(to settings: UserSettings) -> UserSettings {
        var settings = settings
        if let timeZone { settings.timeZone = timeZone }
        if let dayStartHour { settings.dayStartHour = dayStartHour }
        if let firstWeekday { settings.firstWeekday = firstWeekday == 0 ? nil : firstWeekday }
        if let locale { settings.locale = locale }
        if let snoozeMinutes { settings.snoozeMinutes = snoozeMinutes }
        if let keptZones { settings.keptZones = keptZones }
        if let language { settings.language = language.isEmpty ? nil : language }
        return settings
    }
}
