import Foundation
import TendCore
import TendStore

/// What the JSON API's and the web app's route collections both work with (`ServerDependencies`,
/// `WebDependencies`), and the questions both ask of a request in the same way.
package protocol RequestDependencies: Sendable {
    var configuration: ServerConfiguration { get }
    var store: any ServerStore { get }
    /// Settings read in the last second, shared by both (a check-in's day check).
    var recentSettings: RecentSettings { get }
}

extension RequestDependencies {
    package var now: Date { configuration.now() }

    /// The path's `{day}`, when the owner can record on it (else 422; see `TendStore.recordableDay`).
    package func recordableDay(_ context: TendRequestContext, owner: User.ID) async throws -> Day {
        try await store.recordableDay(try context.day("day"), owner: owner, now: now, settings: recentSettings)
    }

    /// The signed-in user (the auth middleware set the identity): their settings decide their today.
    package func user(_ context: TendRequestContext) async throws -> User {
        try await store.user(id: context.requireIdentity().owner)
    }
}
