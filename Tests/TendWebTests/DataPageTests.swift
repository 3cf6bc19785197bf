import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendCore
import TendHTTP
import TendImport
import TendSQLite
import TendServer
import TendStore
import TendTestSupport
import Testing

@testable import TendWeb

extension Browser {
    /// Posts `fields` and one file as `multipart/form-data`, as a browser's file form does: the
    /// import form's `_csrf` rides in its action's query (`csrfInBody` puts it in the body instead,
    /// as the form did before issue 16).
    func upload(
        _ path: String, _ fields: [(String, String)], file: Data, filename: String, fileField: String = "file",
        csrfInBody: Bool = false, headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        let boundary = "----TendTestBoundary7MA4YWxkTrZu0gW"
        var path = path
        var fields = fields
        if !csrfInBody, let token = fields.first(where: { $0.0 == "_csrf" })?.1 {
            path += "?_csrf=" + Browser.encode(token)
            fields.removeAll { $0.0 == "_csrf" }
        }
        var body = Data()
        for (name, value) in fields {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        body.append(
            Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(fileField)\"; filename=\"\(filename)\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                    .utf8))
        body.append(file)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)", .accept: "text/html"]
        headers.append(contentsOf: extra)
        return try await request(.post, path, headers: headers, body: ByteBuffer(bytes: body))
    }
}

@Suite("Your data: import with preview, exports, backup; making a device token")
struct DataPageTests {
    // MARK: Page model

    @Test("The page offers three exports and a backup named by the user's today, and the size limit in words")
    func model() {
        let page = DataPage(sizeLimit: 256 << 20, today: WebFixtures.day("2025-06-15"))
        #expect(page.sizeLimit == "256 MiB")
        #expect(
            page.exports.map(\.href) == [
                "/settings/data/export?format=json", "/settings/data/export?format=csv", "/settings/data/export?format=loop-csv",
            ])
        #expect(page.backup.href == "/settings/data/backup")
        #expect(page.backup.detail == "tend-backup-2025-06-15.json")
    }

    @Test("A preview says what would be added and where the file and the account disagree")
    func preview() {
        var report = ImportReport(format: .tendJSON, dryRun: true)
        report.habitsAdded = ["Read", "Run"]
        report.habitsMerged = ["Water"]
        report.entriesAdded = 1_234
        report.entriesUnchanged = 3
        report.entriesKept = 2
        report.kept = ["Water: your values kept on 2 days from 2025-06-01"]
        report.adjustments = ["“Run” had 9 times a week: now 7 times a week"]
        report.changeCount = 5
        let preview = DataPage.preview(report, filename: "tend-export.json", uploadID: "U1")
        #expect(preview.summary == ["2 new habits: Read, Run.", "1,234 new entries."])
        #expect(
            preview.conflicts == [
                "1 habit you already have (kept as you have them): Water.",
                "3 entries you already have with the same value.",
                "2 days where you recorded something else: your value is kept.",
                "Water: your values kept on 2 days from 2025-06-01",
            ])
        #expect(preview.adjustments.count == 1)
        #expect(preview.format == "Tend JSON export")
        #expect(!preview.changesNothing)

        let html = DataView.page(
            {
                var page = DataPage(sizeLimit: 1 << 20, today: WebFixtures.day("2025-06-15"))
                page.preview = preview
                return page
            }(),
            session: SessionInfo(username: "ana", csrfToken: "t")
        ).render()
        #expect(html.contains("action=\"/settings/data/import/confirm\""))
        #expect(html.contains("name=\"upload\" value=\"U1\""))
        #expect(!html.contains("enctype=\"multipart/form-data\""), "the upload form gives way to the confirmation")
    }

    @Test("Listing many names shows ten and counts the rest; one is singular")
    func listing() {
        let names = (1...12).map { "H\($0)" }
        #expect(DataPage.names(names) == "H1, H2, H3, H4, H5, H6, H7, H8, H9, H10 and 2 more")
        #expect(DataPage.names(["H1", "H2"]) == "H1, H2")
        #expect(DataPage.number(1234) == "1,234")
    }

    @Test("Snapshots: the data page, its import preview, and settings with a token just made")
    func snapshots() throws {
        var page = DataPage(sizeLimit: 256 << 20, today: WebFixtures.day("2025-06-15"))
        page.done = .init(habits: 2, entries: 6)
        try SnapshotTests.assertSnapshot(DataView.page(page, session: SnapshotTests.session), "data")
        var report = ImportReport(format: .loopDatabase, dryRun: true)
        report.habitsAdded = ["Meditate", "Pushups"]
        report.habitsMerged = ["Read"]
        report.entriesAdded = 730
        report.entriesKept = 4
        report.entriesSkipped = 12
        report.skipped = ["12 automatic checks (YES_AUTO) of Loop are not check-ins"]
        report.changeCount = 3
        var preview = DataPage(sizeLimit: 256 << 20, today: WebFixtures.day("2025-06-15"))
        preview.preview = DataPage.preview(report, filename: "Loop Habits Backup.db", uploadID: "UPLOAD-ID")
        try SnapshotTests.assertSnapshot(DataView.page(preview, session: SnapshotTests.session), "data-preview")
        var settings = SettingsPage(settings: UserSettings(timeZone: "Europe/Berlin"))
        settings.newToken = .init(id: "T1", name: "Phone", secret: "SECRET-SHOWN-ONCE")
        settings.devices = [
            .init(id: "T1", name: "Phone", detail: "Added 2025-06-15, never used", revokeAction: "/settings/devices/T1/revoke")
        ]
        try SnapshotTests.assertSnapshot(SettingsView.page(settings, session: SnapshotTests.session), "settings-new-token")
    }

    // MARK: Multipart

    @Test("Multipart form data: fields, a file with CRLFs and dashes inside, quoted parameters, a path as file name")
    func multipart() throws {
        let file = Data("line one\r\n--not the boundary\r\n\r\nend".utf8)
        var body = Data("preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\ntok\r\n".utf8)
        body.append(
            Data(
                "--XyZ\r\ncontent-disposition: form-data; name=\"file\"; filename=\"C:\\\\Users\\\\ana\\\\a;b.json\"\r\nContent-Type: application/json\r\n\r\n"
                    .utf8))
        body.append(file)
        body.append(Data("\r\n--XyZ--\r\nepilogue".utf8))
        let boundary = try #require(MultipartForm.boundary(contentType: "multipart/form-data; boundary=\"XyZ\""))
        let form = try MultipartForm(body, boundary: boundary)
        #expect(form["_csrf"]?.text == "tok")
        #expect(form["file"]?.body == file)
        #expect(form["file"]?.filename == "a;b.json")
        #expect(form["file"]?.contentType == "application/json")
        #expect(MultipartForm.boundary(contentType: "application/x-www-form-urlencoded") == nil)
        #expect(throws: MultipartForm.Failure.self) {
            try MultipartForm(Data("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end".utf8), boundary: "XyZ")
        }
        #expect(throws: MultipartForm.Failure.self) { try MultipartForm(Data("nothing here".utf8), boundary: "XyZ") }
    }

    // MARK: Over HTTP, without JavaScript

    /// Two habits with entries for `owner`.
    static func seed(_ store: any TendStore, owner: User.ID, names: [String]) async throws {
        for (n, name) in names.enumerated() {
            let habit = try await store.createHabit(owner: owner, Habit(name: name, order: n, createdOn: WebFixtures.day("2025-06-01")))
            for day in ["2025-06-10", "2025-06-11", "2025-06-12"] {
                _ = try await store.setValue(owner: owner, habit: habit.id, day: WebFixtures.day(day), 1)
            }
        }
    }

    @Test("Round trip: export from Ana, import into Ben through the page — preview changes nothing, confirm imports, Ben sees the habits")
    func roundTrip() async throws {
        try await WebHarness { $0.openRegistration = true }.run { ana, store in
            try await ana.signUp("ana")
            let anaID = try #require(try await store.account(named: "ana")).user.id
            try await Self.seed(store, owner: anaID, names: ["Read", "Stretch"])
            let export = try await ana.get("/settings/data/export?format=json")
            #expect(export.status == .ok)
            #expect(export.headers[.contentDisposition] == "attachment; filename=\"tend-export.json\"")
            let file = Data(export.body.readableBytesView)

            let ben = ana.another()
            let csrf = try await ben.signUp("ben")
            let benID = try #require(try await store.account(named: "ben")).user.id
            let page = try await ben.get("/settings/data")
            #expect(page.status == .ok)
            #expect(page.text.contains("enctype=\"multipart/form-data\""))

            let posted = try await ben.upload("/settings/data/import", [("_csrf", csrf)], file: file, filename: "tend-export.json")
            // 303 to the preview's own address: the form's, with its token, stays out of the history.
            #expect(posted.status == .seeOther, "\(posted.text)")
            let location = try #require(posted.headers[.location])
            #expect(location.hasPrefix("/settings/data/import?upload=") && !location.contains("_csrf"))
            let preview = try await ben.get(location)
            #expect(preview.status == .ok, "\(preview.text)")
            // Another account cannot read it: the preview is its owner's.
            let other = try await ana.get(location)
            #expect(other.status == .gone && !other.text.contains("Stretch"))
            #expect(preview.text.contains("2 new habits: Read, Stretch."))
            #expect(preview.text.contains("6 new entries."))
            #expect(preview.headers[.cacheControl] == "no-store")
            #expect(try await store.habits(owner: benID, includeArchived: true).isEmpty, "a preview changes nothing")
            let upload = try #require(Browser.firstMatch(#"name="upload" value="([^"]+)""#, in: preview.text))

            let confirmed = try await ben.post("/settings/data/import/confirm", [("_csrf", csrf), ("upload", upload)])
            #expect(confirmed.status == .seeOther)
            #expect(confirmed.headers[.location] == "/settings/data?imported=1&habits=2&entries=6")
            #expect(try await ben.get(confirmed.headers[.location]!).text.contains("Imported 2 new habits and 6 entries."))
            #expect(try await store.habits(owner: benID, includeArchived: true).map(\.name).sorted() == ["Read", "Stretch"])
            let today = try await ben.get("/")
            #expect(today.text.contains("Read") && today.text.contains("Stretch"))

            // The preview was used up: confirming again imports nothing and says why.
            let again = try await ben.post("/settings/data/import/confirm", [("_csrf", csrf), ("upload", upload)])
            #expect(again.status == .unprocessableContent)
            #expect(again.text.contains("This preview has expired"))
        }
    }

    @Test(
        "A habit with the name of one of yours: the preview offers to merge it; merged, its check-ins join your habit (issue 41, item 17)")
    func mergeByName() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            try await Self.seed(store, owner: owner, names: ["Read"])
            // Another device's "Read": another id, a day of its own.
            let theirs = WebFixtures.tracked(WebFixtures.habit(9, "Read"), ["2025-06-13": 1])
            let file = try TendJSONFormat.encode(UserState(habits: [theirs]))
            for merge in [false, true] {
                let posted = try await browser.upload("/settings/data/import", [("_csrf", csrf)], file: file, filename: "read.json")
                let preview = try await browser.get(try #require(posted.headers[.location]))
                #expect(preview.text.contains("id=\"merge-names\""))
                #expect(preview.text.contains("with the name of one of yours (“Read”)"))
                let upload = try #require(Browser.firstMatch(#"name="upload" value="([^"]+)""#, in: preview.text))
                let fields = [("_csrf", csrf), ("upload", upload)] + (merge ? [("mergeNames", "yes")] : [])
                #expect(try await browser.post("/settings/data/import/confirm", fields).status == .seeOther)
                if !merge {
                    #expect(try await store.habits(owner: owner, includeArchived: true).map(\.name).sorted() == ["Read", "Read (2)"])
                    let copy = try #require(try await store.habits(owner: owner, includeArchived: true).first { $0.name == "Read (2)" })
                    try await store.deleteHabit(owner: owner, id: copy.id)
                }
            }
            let habits = try await store.habits(owner: owner, includeArchived: true)
            #expect(habits.map(\.name) == ["Read"])
            let days = try await store.entries(owner: owner, habit: habits[0].id, from: .minimum, through: .maximum).map(\.day.iso)
            #expect(days == ["2025-06-10", "2025-06-11", "2025-06-12", "2025-06-13"])
        }
    }

    @Test("An upload's CSRF token is taken from the query or the header, never from the body the route streams to disk")
    func csrfNotFromBody() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let file = try TendJSONFormat.encode(UserState(habits: [TrackedHabit(habit: WebFixtures.habit(1, "Read"))]))
            // Only in the body (as the form sent it before): the middleware does not read the body, so 403
            let inBody = try await browser.upload(
                "/settings/data/import", [("_csrf", csrf)], file: file, filename: "a.json", csrfInBody: true)
            #expect(inBody.status == .forbidden)
            // In the header (the app's script) or the query (the form's action, without JS): a preview
            let inHeader = try await browser.upload(
                "/settings/data/import", [], file: file, filename: "a.json", headers: [.xCSRFToken: csrf])
            #expect(inHeader.status == .seeOther)
            #expect(try await browser.get(try #require(inHeader.headers[.location])).text.contains("name=\"upload\""))
            let inQuery = try await browser.upload("/settings/data/import", [("_csrf", csrf)], file: file, filename: "a.json")
            #expect(inQuery.status == .seeOther)
            // The page's form carries the token in its action
            let page = try await browser.get("/settings/data")
            #expect(page.text.contains("action=\"/settings/data/import?_csrf=\(csrf)\""))
            #expect(try await store.habits(owner: owner, includeArchived: true).isEmpty)
        }
    }

    @Test("Over the concurrent-import limit, an upload is answered 503 with Retry-After and nothing is read")
    func importsBusy() async throws {
        try await WebHarness { $0.maximumConcurrentImports = 0 }.run { browser, store in
            let csrf = try await browser.signUp("ana")
            let file = try TendJSONFormat.encode(UserState(habits: [TrackedHabit(habit: WebFixtures.habit(1, "Read"))]))
            let busy = try await browser.upload("/settings/data/import", [("_csrf", csrf)], file: file, filename: "a.json")
            #expect(busy.status == .serviceUnavailable)
            #expect(busy.headers[.retryAfter] == "5")
            let confirm = try await browser.post("/settings/data/import/confirm", [("_csrf", csrf), ("upload", "x")])
            #expect(confirm.status == .serviceUnavailable)
        }
    }

    @Test("Without the CSRF token an upload and a confirmation are refused (403) and nothing changes")
    func csrf() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let file = try TendJSONFormat.encode(UserState(habits: [TrackedHabit(habit: WebFixtures.habit(1, "Read"))]))
            let refused = try await browser.upload("/settings/data/import", [], file: file, filename: "a.json")
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("This form has expired"))
            let wrong = try await browser.upload("/settings/data/import", [("_csrf", "forged")], file: file, filename: "a.json")
            #expect(wrong.status == .forbidden)

            let posted = try await browser.upload("/settings/data/import", [("_csrf", csrf)], file: file, filename: "a.json")
            let preview = try await browser.get(try #require(posted.headers[.location]))
            let upload = try #require(Browser.firstMatch(#"name="upload" value="([^"]+)""#, in: preview.text))
            #expect(try await browser.post("/settings/data/import/confirm", [("upload", upload)]).status == .forbidden)
            #expect(try await store.habits(owner: owner, includeArchived: true).isEmpty)
        }
    }

    @Test("A file Tend cannot read, an empty one, or none: 422 with the reason, nothing changed")
    func badFiles() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let text = try await browser.upload(
                "/settings/data/import", [("_csrf", csrf)], file: Data("hello, world".utf8), filename: "notes.txt")
            #expect(text.status == .unprocessableContent)
            #expect(text.text.contains("This file is not one Tend can import"))
            #expect(text.text.contains("Nothing was changed."))
            #expect(text.text.contains("enctype=\"multipart/form-data\""), "the form is there to try another file")

            let truncated = try await browser.upload(
                "/settings/data/import", [("_csrf", csrf)], file: Data(#"{"format":"tend","version":1,"habits":[{"#.utf8),
                filename: "cut.json")
            #expect(truncated.status == .unprocessableContent)
            #expect(truncated.text.contains("The JSON file cannot be read"))

            let empty = try await browser.upload("/settings/data/import", [("_csrf", csrf)], file: Data(), filename: "empty.json")
            #expect(empty.status == .unprocessableContent)
            #expect(empty.text.contains("is empty"))

            let none = try await browser.upload("/settings/data/import", [("_csrf", csrf)], file: Data(), filename: "")
            #expect(none.status == .unprocessableContent)
            #expect(none.text.contains("Choose a file to import."))

            let unknown = try await browser.post("/settings/data/import/confirm", [("_csrf", csrf), ("upload", "nope")])
            #expect(unknown.status == .unprocessableContent)
            #expect(try await store.habits(owner: owner, includeArchived: true).isEmpty)
        }
    }

    @Test("A file over the import limit is refused with 413 before it is read")
    func tooLarge() async throws {
        try await WebHarness { $0.maximumImportBody = 1024 }.run { browser, store in
            let csrf = try await browser.signUp("ana")
            let big = try await browser.upload(
                "/settings/data/import", [("_csrf", csrf)], file: Data(repeating: 32, count: 4096), filename: "big.json")
            #expect(big.status == .contentTooLarge)
            #expect(big.text.contains("larger than 1 KiB"))
        }
    }

    @Test("Another user cannot confirm someone's upload, and exports hold only the signed-in user's data")
    func ownersOnly() async throws {
        try await WebHarness { $0.openRegistration = true }.run { ana, store in
            let anaCSRF = try await ana.signUp("ana")
            let anaID = try #require(try await store.account(named: "ana")).user.id
            try await Self.seed(store, owner: anaID, names: ["Ana's secret habit"])
            let ben = ana.another()
            let benCSRF = try await ben.signUp("ben")
            let benID = try #require(try await store.account(named: "ben")).user.id
            try await Self.seed(store, owner: benID, names: ["Ben's run"])

            for format in ["json", "csv", "loop-csv"] {
                let export = try await ben.get("/settings/data/export?format=\(format)")
                #expect(export.status == .ok)
                #expect(export.headers[.contentDisposition]?.hasPrefix("attachment; filename=") == true)
                let bytes = Data(export.body.readableBytesView)
                let readBack = try TendImporter().read(bytes, today: WebFixtures.day("2025-06-15"))
                #expect(readBack.habits.map(\.habit.name) == ["Ben's run"], "\(format)")
            }
            let backup = try await ben.get("/settings/data/backup")
            #expect(backup.headers[.contentDisposition] == "attachment; filename=\"tend-backup-2025-06-15.json\"")
            #expect(
                try TendImporter().read(Data(backup.body.readableBytesView), today: WebFixtures.day("2025-06-15")).habits.map(\.habit.name)
                    == ["Ben's run"])
            #expect(try await ben.get("/settings/data/export?format=xml").status == .badRequest)

            let file = try TendJSONFormat.encode(UserState(habits: [TrackedHabit(habit: WebFixtures.habit(7, "Planted"))]))
            let posted = try await ana.upload("/settings/data/import", [("_csrf", anaCSRF)], file: file, filename: "a.json")
            let preview = try await ana.get(try #require(posted.headers[.location]))
            let upload = try #require(Browser.firstMatch(#"name="upload" value="([^"]+)""#, in: preview.text))
            let stolen = try await ben.post("/settings/data/import/confirm", [("_csrf", benCSRF), ("upload", upload)])
            #expect(stolen.status == .unprocessableContent)
            #expect(try await store.habits(owner: benID, includeArchived: true).map(\.name) == ["Ben's run"])
            #expect(try await ana.post("/settings/data/import/confirm", [("_csrf", anaCSRF), ("upload", upload)]).status == .seeOther)
            #expect(try await store.habits(owner: anaID, includeArchived: true).map(\.name).contains("Planted"))
        }
    }

    @Test("The server's owner sees its scheduled backups on the data page; another account does not")
    func serverBackups() async throws {
        // The application's services run in router tests too: the first backup is taken at the start.
        let directory = try TemporaryDirectory()
        var harness = WebHarness()
        harness.configure = { $0.openRegistration = true }
        harness.backups = ScheduledBackups.Configuration(directory: directory.path("backups"), interval: .seconds(6 * 3600), keep: 7)
        try await harness.run(store: try SQLiteStore(inMemoryDevice: "web-test")) { owner, _ in
            _ = try await owner.signUp("ana")
            var page = try await owner.get("/settings/data")
            for _ in 0..<100 where !page.text.contains("Latest: ") {
                try await Task.sleep(for: .milliseconds(50))
                page = try await owner.get("/settings/data")
            }
            #expect(page.status == .ok)
            #expect(page.text.contains("The server's backups"))
            #expect(page.text.contains("Every 6 hours into \(directory.path("backups")), the newest 7 kept."))
            #expect(page.text.contains("Latest: ") && page.text.contains(".sqlite."))

            let other = owner.another()
            _ = try await other.signUp("ben")
            let theirs = try await other.get("/settings/data")
            #expect(theirs.status == .ok)
            #expect(!theirs.text.contains("server-backups"))
        }
    }

    @Test(
        "Deleting an account offers its export first, needs the password and the CSRF token, and signs out; the owner of a shared server cannot"
    )
    func deleteAccount() async throws {
        try await WebHarness { $0.openRegistration = true }.run { ana, store in
            try await ana.signUp("ana")
            let ben = ana.another()
            try await ben.signUp("ben")
            let benID = try #require(try await store.account(named: "ben")).user.id
            try await Self.seed(store, owner: benID, names: ["Read"])
            #expect(try await ben.get("/settings/data").text.contains(#"href="/settings/account/delete""#))

            // The page offers the export before the form
            let page = try await ben.get("/settings/account/delete")
            #expect(page.status == .ok)
            let export = try #require(page.text.range(of: #"href="/settings/data/export?format=json""#))
            let form = try #require(page.text.range(of: #"action="/settings/account/delete""#))
            #expect(export.lowerBound < form.lowerBound)
            #expect(try await ben.get("/settings/data/export?format=json").text.contains("Read"))
            let csrf = try ben.csrf(in: page)

            // A wrong password, or no CSRF token: refused, nothing deleted
            let wrong = try await ben.post("/settings/account/delete", [("_csrf", csrf), ("password", "not it at all")])
            #expect(wrong.status == .forbidden)
            #expect(wrong.text.contains("The password is not right. Nothing was deleted."))
            #expect(try await ben.post("/settings/account/delete", [("password", Browser.password)]).status == .forbidden)
            #expect(try await store.account(named: "ben") != nil)

            // The owner cannot leave while another account exists
            let anaPage = try await ana.get("/settings/account/delete")
            #expect(anaPage.text.contains("You own this server"))
            let owner = try await ana.post(
                "/settings/account/delete", [("_csrf", try ana.csrf(in: anaPage)), ("password", Browser.password)])
            #expect(owner.status == .forbidden)
            #expect(owner.text.contains("cannot delete their account while other accounts exist"))

            // The right password deletes everything of Ben's and signs him out
            let deleted = try await ben.post("/settings/account/delete", [("_csrf", csrf), ("password", Browser.password)])
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/login?signed-out=1&deleted=1")
            #expect(try await store.account(named: "ben") == nil)
            await #expect(throws: (any Error).self) { try await store.habits(owner: benID, includeArchived: true) }
            let login = try await ben.get("/login?signed-out=1&deleted=1")
            #expect(login.text.contains("Your account and everything in it were deleted."))
            #expect(try await ben.get("/settings/data").status != .ok)
        }
    }

    @Test("Settings links to the data page")
    func link() async throws {
        try await WebHarness().run { browser, _ in
            try await browser.signUp("ana")
            #expect(try await browser.get("/settings").text.contains("href=\"/settings/data\""))
        }
    }

    // MARK: Devices

    @Test("Add a device: the token is shown once, works as a bearer token, and is never shown again; bad name 422; no CSRF 403")
    func addDevice() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            #expect(try await browser.post("/settings/devices", [("name", "Phone")]).status == .forbidden)
            let blank = try await browser.post("/settings/devices", [("_csrf", csrf), ("name", "  ")])
            #expect(blank.status == .unprocessableContent)
            #expect(blank.text.contains("Give the token a name"))
            let long = try await browser.post("/settings/devices", [("_csrf", csrf), ("name", String(repeating: "x", count: 101))])
            #expect(long.status == .unprocessableContent)
            #expect(try await store.tokens(owner: owner, kind: .api, now: Date()).isEmpty)

            let made = try await browser.post("/settings/devices", [("_csrf", csrf), ("name", "Phone")])
            #expect(made.status == .ok)
            #expect(made.headers[.cacheControl] == "no-store")
            let secret = try #require(Browser.firstMatch(#"id="new-token-secret" value="([^"]+)""#, in: made.text))
            #expect(made.text.contains("It is not shown again"))
            let tokens = try await store.tokens(owner: owner, kind: .api, now: Date())
            #expect(tokens.map(\.name) == ["Phone"])

            let api = try await browser.client.execute(
                uri: "/api/v1/habits", method: .get, headers: [.authorization: "Bearer \(secret)"], body: nil)
            #expect(api.status == .ok)
            let later = try await browser.get("/settings")
            #expect(!later.text.contains(secret))
            #expect(later.text.contains("Phone"))
        }
    }
}
