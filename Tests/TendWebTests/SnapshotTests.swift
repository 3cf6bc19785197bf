import Foundation
import TendCore
import Testing

@testable import TendWeb

/// HTML snapshots of the main pages, rendered from fixed data (fixed clock, ids and CSRF token;
/// asset versions masked). A missing snapshot is written; `TEND_RECORD_SNAPSHOTS=1` rewrites
/// them all. Review the diff of `__Snapshots__` like code.
@Suite("HTML snapshots of the main pages")
struct SnapshotTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    static let session = SessionInfo(username: "ana", csrfToken: "CSRF-TOKEN")

    static func assertSnapshot(_ node: Node, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let html = node.renderPretty().replacingOccurrences(of: #"\?v=[0-9a-f]{12}"#, with: "?v=HASH", options: .regularExpression)
            .replacingOccurrences(of: #"/assets/js/[0-9a-f]{12}/"#, with: "/assets/js/HASH/", options: .regularExpression)
        let file = folder.appendingPathComponent(name + ".html")
        let record = ProcessInfo.processInfo.environment["TEND_RECORD_SNAPSHOTS"] == "1"
        guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try html.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(html == expected, "snapshot \(name) differs; rerun with TEND_RECORD_SNAPSHOTS=1 to accept", sourceLocation: sourceLocation)
    }

    @Test("Today with habits in every routine time, one card weekly and one monthly")
    func today() throws {
        var modes = CardModes()
        modes[WebFixtures.id(1)] = .weekly
        modes[WebFixtures.id(3)] = .monthly
        let page = TodayPage(
            input: .init(
                habits: TodayPageTests.habits, routines: [], tipState: TipState(), settings: UserSettings(), now: TodayPageTests.now,
                day: WebFixtures.day("2025-06-15"), modes: modes, csrfToken: Self.session.csrfToken))
        try Self.assertSnapshot(TodayView.page(page, session: Self.session), "today")
    }

    @Test("Today for a new account without habits")
    func todayEmpty() throws {
        let page = TodayPage(
            input: .init(
                habits: [], routines: [], tipState: TipState(), settings: UserSettings(), now: TodayPageTests.now,
                day: WebFixtures.day("2025-06-15"), modes: CardModes(), csrfToken: Self.session.csrfToken))
        try Self.assertSnapshot(TodayView.page(page, session: Self.session), "today-empty")
    }

    @Test("Log in, with an error")
    func login() throws {
        try Self.assertSnapshot(
            AuthView.login(LoginPage(username: "ana", error: "The username or password is not right.", formToken: "FORM-TOKEN")), "login")
    }

    @Test("Sign up for the first account")
    func signup() throws {
        try Self.assertSnapshot(
            AuthView.signup(
                SignupPage(
                    formToken: "FORM-TOKEN", isFirstAccount: true, isOpen: true, zones: ["America/New_York", "Europe/Berlin", "UTC"])),
            "signup")
    }

    @Test("Deleting a habit asks first")
    func confirmDelete() throws {
        try Self.assertSnapshot(
            ConfirmView.deleteHabit(TodayPageTests.water, recordedDays: 12, session: Self.session, cancel: "/"), "delete-habit")
    }

    @Test("The habit page: a count habit with history and a note")
    func habitPage() throws {
        let water = WebFixtures.habit(
            1, "Water", emoji: "💧", color: .cyan, type: .count, target: 8, unit: "glasses", createdOn: "2025-06-01")
        let tracked = TrackedHabit(
            habit: water,
            entries: [
                Entry(day: WebFixtures.day("2025-06-10"), value: 8), Entry(day: WebFixtures.day("2025-06-11"), value: 8),
                Entry(day: WebFixtures.day("2025-06-12"), value: 3, note: "Hot day"), Entry(day: WebFixtures.day("2025-06-14"), value: 9),
            ])
        let page = HabitPage(tracked: tracked, today: WebFixtures.day("2025-06-15"), calendar: UserSettings().calendar)
        try Self.assertSnapshot(HabitView.page(page, session: Self.session), "habit")
    }

    @Test("The habit editor for an existing habit, with an error")
    func editor() throws {
        var model = HabitEditorPage(
            habitID: WebFixtures.id(1), form: HabitForm(TodayPageTests.water, amounts: AmountStyle(locale: "en_US")))
        model.errors["target"] = "The target is a whole number."
        try Self.assertSnapshot(HabitEditorView.page(model, session: Self.session), "habit-editor")
    }

    @Test("The routines page: two routines in order with their habits, one with a refused add form")
    func routines() throws {
        let error = RoutinesPage.AddError(routine: RoutinesPageTests.routineID(2), selected: "", message: "Choose a habit to add.")
        let page = RoutinesPage(routines: RoutinesPageTests.routines, habits: RoutinesPageTests.habits, addError: error)
        try Self.assertSnapshot(RoutinesView.page(page, session: Self.session), "routines")
    }

    @Test("Deleting a routine asks first, saying its habits stay")
    func confirmDeleteRoutine() throws {
        let confirm = RoutineConfirmPage.delete(RoutinesPageTests.routines[1], habits: RoutinesPageTests.habits)
        try Self.assertSnapshot(RoutinesView.confirm(confirm, session: Self.session), "delete-routine")
    }

    @Test("The routine editor for an existing routine, refused: the values as typed and a message per field")
    func routineEditor() throws {
        var form = RoutineForm(RoutinesPageTests.routines[1])
        form.name = ""
        form.weekdays = []
        let model = RoutineEditorPage(
            routineID: RoutinesPageTests.routineID(1), form: form,
            errors: ["name": "Give the routine a name.", "weekdays": "Choose at least one day."])
        try Self.assertSnapshot(RoutinesView.editor(model, session: Self.session), "routine-editor")
    }
}
