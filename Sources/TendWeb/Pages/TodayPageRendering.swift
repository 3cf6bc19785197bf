import Foundation
import Glibc
import NIOCore
import TendCore
import TendStore

/// What an uncached Today page costs the server, without HTTP: read, model, render, gzip
/// (TendBenchmarks' `today-sqlite`/`today-postgres` measure it after a check-in).
package enum TodayPageRendering {
    /// A server's fragment caches, for a benchmark to hold between renders.
    package final class Fragments: Sendable {
        let today = TodayFragments()
        /// Held habits, or `nil` to read them all for each page.
        let held: HeldHabits?
        package init(held: Bool = false) {
            self.held = held ? HeldHabits() : nil
        }
    }

    /// The process's CPU time spent in each step, in milliseconds (every thread: the store's
    /// reads run on its own), and the page's sizes.
    package struct Cost: Sendable {
        package var read = 0.0
        package var model = 0.0
        package var view = 0.0
        package var gzip = 0.0
        package var plainBytes = 0
        package var gzippedBytes = 0
        package var total: Double { read + model + view + gzip }
    }

    static func cpuMilliseconds() -> Double { Double(clock()) * 1000 / Double(CLOCKS_PER_SEC) }

    /// Renders `user`'s Today page for `day` as the page route does on a cache miss.
    /// `summaries: false` reads the entries as before summaries (the window without a calendar);
    /// `fragments` keeps cards and heatmaps between renders, as a server does.
    package static func render(
        store: any TendStore, user: User, day: Day, now: Date, summaries: Bool = true, fragments: Fragments? = nil
    ) async throws -> Cost {
        var cost = Cost()
        var mark = cpuMilliseconds()
        func lap(_ step: WritableKeyPath<Cost, Double>) {
            let now = cpuMilliseconds()
            cost[keyPath: step] += now - mark
            mark = now
        }
        let session = SessionInfo(username: user.username, csrfToken: "benchmark", timeZone: user.settings.timeZone)
        let modes = CardModes()
        let today = user.settings.today(now: now)
        let window = { (tips: TipState) in
            var window = TodayPage.window(day: day, today: today, calendar: user.settings.calendar, tips: tips, modes: modes)
            if !summaries { window.calendar = nil }
            return window
        }
        var held: (habits: HeldHabits, position: HeldHabits.Position)?
        if let habits = fragments?.held {
            // As the page route: the log position first (its page cache's key, read with the
            // operations after the held snapshot), then the data.
            held = (habits, try await habits.position(store, owner: user.id))
        }
        let (habits, routines, tipState, versions) = try await TodayPages.data(
            store: store, owner: user.id, window: window, held: held)
        lap(\.read)
        let model = TodayPage(
            input: .init(
                habits: habits, routines: routines, tipState: tipState, settings: user.settings, now: now, day: day, modes: modes,
                csrfToken: session.csrfToken, versions: versions, memo: fragments?.today.memo))
        lap(\.model)
        let parts = PageSegments.document(TodayView.page(model, session: session, fragments: fragments?.today))
        lap(\.view)
        let page = RenderedPage(parts: parts)
        lap(\.gzip)
        cost.plainBytes = page.plainByteCount
        cost.gzippedBytes = page.gzipped?.readableBytes ?? 0
        return cost
    }
}
