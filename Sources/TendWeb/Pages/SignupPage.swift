import Foundation

/// The sign-up page: what it shows.
struct SignupPage: Sendable, Hashable {
    var username = ""
    var timeZone = ""
    var invite = ""
    var error: String?
    var formToken: String
    /// Nobody has an account yet: this one becomes the server's owner.
    var isFirstAccount: Bool
    /// The habits the `tend` command line keeps on this database, which the first account takes over.
    var localHabits = 0
    /// Anyone may sign up (`--open-registration` or `--approve-signups`), or this is the first account.
    var isOpen: Bool
    /// The zones offered (IANA names); app.js preselects the browser's when none is chosen.
    var zones: [String]
    /// The first account, from another machine: it needs the setup code `tend serve` printed.
    var needsSetupCode = false
    /// New accounts wait for the owner's approval (`--approve-signups`).
    var approvalNeeded = false

    /// A form is shown when signing up can work: open, or with an invite code in hand.
    var showsForm: Bool { isOpen || !invite.isEmpty }

    static let zoneList: [String] = Set(TimeZone.knownTimeZoneIdentifiers + ["UTC"]).sorted()
}
