import Foundation
import TendCore
import TendHTTP
import TendImport
import TendStore
import Testing

@testable import TendWeb

/// Previews wait on disk in the importer's private folder, bounded in bytes and time.
@Suite("Import staging: previews on disk, bounded")
struct ImportStagingTests {
    let ana = User.ID(rawValue: UUID())
    let ben = User.ID(rawValue: UUID())
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// An upload of `size` bytes in the private folder, as `UploadedFile.receive` leaves it.
    func upload(_ size: Int) throws -> UploadedFile {
        let url = try ImportScratch.newFile(extension: "upload")
        try Data(repeating: 7, count: size).write(to: url)
        return UploadedFile(url: url, size: size)
    }

    @Test("A staged file is read back from disk; taking it leaves its removal to the caller")
    func stageAndTake() async throws {
        let staging = ImportStaging()
        let file = try upload(100)
        let id = await staging.stage(file, range: 10..<60, filename: "a.json", owner: ana, now: now)
        #expect(await staging.peek(id, owner: ben, now: now) == nil)
        let taken = try #require(await staging.take(id, owner: ana, now: now))
        #expect(try taken.data() == Data(repeating: 7, count: 50))
        #expect(await staging.stagedBytes == 0)
        taken.file.remove()
        #expect(!FileManager.default.fileExists(atPath: file.url.path))
    }

    @Test("Over the capacity the oldest other user's file is dropped from disk; an expired or replaced one too")
    func bounded() async throws {
        let staging = ImportStaging(lifetime: 60, capacity: 150)
        let old = try upload(100)
        _ = await staging.stage(old, range: 0..<100, filename: nil, owner: ana, now: now)
        let newer = try upload(100)
        _ = await staging.stage(newer, range: 0..<100, filename: nil, owner: ben, now: now.addingTimeInterval(1))
        #expect(!FileManager.default.fileExists(atPath: old.url.path))
        #expect(await staging.stagedBytes == 100)
        // Replaced by the same user's next upload
        let replacement = try upload(10)
        _ = await staging.stage(replacement, range: 0..<10, filename: nil, owner: ben, now: now.addingTimeInterval(2))
        #expect(!FileManager.default.fileExists(atPath: newer.url.path))
        // Expired
        #expect(await staging.peek("nothing", owner: ben, now: now.addingTimeInterval(120)) == nil)
        #expect(!FileManager.default.fileExists(atPath: replacement.url.path))
        #expect(await staging.stagedBytes == 0)
    }
}
