/// Counts of what the web's Today caches did (``WebDependencies/cacheCounts``), which `/metrics`
/// reports: whether `--cache-memory` holds the people being served.
package struct WebCacheCounts: Sendable, Equatable {
    /// Today pages sent from the page cache, and those rendered (not in it, or out of date).
    package var todayPagesCached: Int
    package var todayPagesRendered: Int
    /// Held habits found current, brought forward by a few operations, or read all again.
    package var heldCurrent: Int
    package var heldReplayed: Int
    package var heldRead: Int
}
