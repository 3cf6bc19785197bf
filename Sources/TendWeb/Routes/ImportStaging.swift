import Foundation
import TendCore
import TendHTTP
import TendStore

/// Files uploaded for an import, kept between the preview (a dry run) and the confirmation, so
/// the person does not have to choose the file twice. In memory on this instance: one file per
/// user (a new upload replaces the previous one), each for `lifetime`, at most `capacity` bytes
/// together (the oldest go first). A confirmation that finds nothing (expired, replaced, or sent
/// to another instance behind a load balancer) asks for the file again and changes nothing.
package actor ImportStaging {
    package struct Upload: Sendable {
        package var id: String
        package var owner: User.ID
        package var data: Data
        package var filename: String?
        package var stagedAt: Date
    }

    package let lifetime: TimeInterval
    package let capacity: Int
    private var uploads: [User.ID: Upload] = [:]

    package init(lifetime: TimeInterval = 30 * 60, capacity: Int = 512 << 20) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// Keeps `data` for `owner` and answers its id (random, for the confirm form).
    package func stage(_ data: Data, filename: String?, owner: User.ID, now: Date) -> String {
        expire(now: now)
        let upload = Upload(id: Secrets.generate(), owner: owner, data: data, filename: filename, stagedAt: now)
        uploads[owner] = upload
        var total = uploads.values.reduce(0) { $0 + $1.data.count }
        for old in uploads.values.sorted(by: { $0.stagedAt < $1.stagedAt }) where total > capacity && old.owner != owner {
            uploads[old.owner] = nil
            total -= old.data.count
        }
        return upload.id
    }

    /// The upload `id` of `owner`, removed from the stage; `nil` when there is none (expired,
    /// replaced by a later upload, another user's, or never here).
    package func take(_ id: String, owner: User.ID, now: Date) -> Upload? {
        expire(now: now)
        guard let upload = uploads[owner], Secrets.constantTimeEqual(upload.id, id) else { return nil }
        uploads[owner] = nil
        return upload
    }

    /// The upload `id` of `owner`, left on the stage.
    package func peek(_ id: String, owner: User.ID, now: Date) -> Upload? {
        expire(now: now)
        guard let upload = uploads[owner], Secrets.constantTimeEqual(upload.id, id) else { return nil }
        return upload
    }

    private func expire(now: Date) {
        uploads = uploads.filter { now.timeIntervalSince($0.value.stagedAt) < lifetime }
    }
}
