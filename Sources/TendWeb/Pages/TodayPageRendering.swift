import Foundation
import NIOCore
import TendCore
import TendStore

/// What an uncached Today page costs the server, without HTTP: read, model, render, gzip
/// (TendBenchmarks' `today-page` mode measures it after a check-in).
package enum TodayPageRendering {
    /// Renders `user`'s Today page for `day` as the page route does on a cache miss; answers the
    /// plain and gzipped sizes.
    /// `summaries: false` reads the entries as before summaries (the window without a calendar),
    /// for the ratio.
    package static func render(
        store: any TendStore, user: User, day: Day, now: Date, summaries: Bool = true
    ) async throws -> (plain: Int, gzipped: Int) {
        let session = SessionInfo(username: user.username, csrfToken: "benchmark", timeZone: user.settings.timeZone)
        let model = try await TodayPages.model(
            store: store, user: user, day: day, now: now, modes: CardModes(), csrfToken: session.csrfToken, summaries: summaries)
        let page = RenderedPage(Page.render(TodayView.page(model, session: session)))
        return (page.plain.readableBytes, page.gzipped?.readableBytes ?? 0)
    }
}
