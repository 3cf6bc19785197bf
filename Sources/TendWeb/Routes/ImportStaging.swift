import Foundation
import TendCore
import TendHTTP
import TendStore

/// Files uploaded for an import, kept between the preview (a dry run) and the confirmation, so
/// the person does not have to choose the file twice. On disk in the importer's private folder
/// (``ImportScratch``, mode 0700), never in memory: one upload per user (a new one replaces the
/// previous), each for `lifetime`, at most `capacity` bytes together (the oldest of other users go
/// first; the folder is swept by the next start after a crash). A confirmation that finds nothing
/// (expired, replaced, or sent to another instance behind a load balancer) asks for the file again
/// and changes nothing.
package actor ImportStaging {
    package struct Upload: Sendable {
        package var id: String
        package var owner: User.ID
        /// The whole upload as received; the file is `range` of it.
        package var file: UploadedFile
        package var range: Range<Int>
        package var filename: String?
        package var stagedAt: Date
        /// What the dry run found, shown by the preview page (`GET …/import?upload=ID`).
        var preview: DataPage.Preview?

        /// The staged file's bytes, mapped read-only.
        package func data() throws -> Data { try UploadedFile.map(file.url, range: range) }
    }

    package let lifetime: TimeInterval
    package let capacity: Int
    private var uploads: [User.ID: Upload] = [:]

    package init(lifetime: TimeInterval = 30 * 60, capacity: Int = 512 << 20) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// Bytes staged now.
    package var stagedBytes: Int { uploads.values.reduce(0) { $0 + $1.file.size } }

    /// Keeps `range` of `file` for `owner` (the stage now owns and removes the file) and answers
    /// its id (random, for the confirm form).
    package func stage(_ file: UploadedFile, range: Range<Int>, filename: String?, owner: User.ID, now: Date) -> String {
        stage(file, range: range, filename: filename, owner: owner, now: now) { _ in nil }
    }

    /// The same, with the preview the dry run made for the new id (`preview(id)`).
    func stage(
        _ file: UploadedFile, range: Range<Int>, filename: String?, owner: User.ID, now: Date,
        preview: (String) -> DataPage.Preview?
    ) -> String {
        expire(now: now)
        let id = Secrets.generate()
        let upload = Upload(
            id: id, owner: owner, file: file, range: range, filename: filename, stagedAt: now, preview: preview(id))
        uploads[owner]?.file.remove()
        uploads[owner] = upload
        var total = stagedBytes
        for old in uploads.values.sorted(by: { $0.stagedAt < $1.stagedAt }) where total > capacity && old.owner != owner {
            uploads[old.owner] = nil
            old.file.remove()
            total -= old.file.size
        }
        return upload.id
    }

    /// The upload `id` of `owner`, removed from the stage (the caller removes its file); `nil`
    /// when there is none (expired, replaced by a later upload, another user's, or never here).
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
        for (owner, upload) in uploads where now.timeIntervalSince(upload.stagedAt) >= lifetime {
            upload.file.remove()
            uploads[owner] = nil
        }
    }
}
