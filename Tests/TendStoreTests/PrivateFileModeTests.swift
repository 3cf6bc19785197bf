import Foundation
import TendCore
import TendFixtures
import TendSQLite
import TendStore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The database and its backups hold the server's secrets and users' webhook tokens: whatever
/// the umask, Tend makes them 0600 and the folders it makes for them 0700 (issue 40).
@Suite("The database, its WAL files, its backups and the folders Tend makes are its owner's only")
struct PrivateFileModeTests {
    /// The permission bits of `path`.
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    /// Runs `body` with the usual umask, 022, under which files were 0644 and folders 0755.
    /// (umask is the process's: 022 is what every other test expects too, so none is disturbed.)
    static func withUsualUmask<Value>(_ body: () async throws -> Value) async rethrows -> Value {
        let old = umask(0o022)
        defer { umask(old) }
        return try await body()
    }

    @Test("A new database, its -wal and -shm files and the folders made for it are 0600 and 0700 under umask 022")
    func newDatabase() async throws {
        try await Self.withUsualUmask {
            // Given a path in folders that do not exist yet
            let directory = try TemporaryDirectory()
            let path = directory.path("data/tend/tend.sqlite")
            // When a server opens it and writes
            let store = try SQLiteStore(path: path, device: "server")
            _ = try await store.createUser(username: "ana", settings: UserSettings())
            // Then the database and its WAL files are 0600, the folders Tend made 0700
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            for file in [path, path + "-wal", path + "-shm"] {
                #expect(try Self.mode(file) == 0o600, "\(file)")
            }
            #expect(try Self.mode(directory.path("data")) == 0o700)
            #expect(try Self.mode(directory.path("data/tend")) == 0o700)
        }
    }

    @Test("An existing database that others could read is narrowed to 0600 when Tend opens it")
    func existingDatabaseTightened() async throws {
        try await Self.withUsualUmask {
            // Given a database made readable by everyone
            let directory = try TemporaryDirectory()
            let path = directory.path("tend.sqlite")
            do {
                let store = try SQLiteStore(path: path, device: "cli", connections: .single)
                _ = try await store.createUser(username: "ana", settings: UserSettings())
            }
            #expect(chmod(path, 0o644) == 0)
            // When Tend opens it again
            let store = try SQLiteStore(path: path, device: "server")
            _ = try await store.user(named: "ana")
            // Then it is its owner's only, and so are the files SQLite made beside it
            for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
                #expect(try Self.mode(file) == 0o600, "\(file)")
            }
        }
    }

    @Test("A backup (tend backup, the server's scheduled ones) is 0600 under umask 022")
    func backupFile() async throws {
        try await Self.withUsualUmask {
            let directory = try TemporaryDirectory()
            let store = try SQLiteStore(path: directory.path("tend.sqlite"), device: "cli", connections: .single)
            _ = try await store.createUser(username: "ana", settings: UserSettings())
            let backup = directory.path("copy.sqlite")
            try store.backup(to: backup)
            #expect(try Self.mode(backup) == 0o600)
            #expect(try await SQLiteStore(path: backup, device: "check", connections: .single).user(named: "ana") != nil)
        }
    }
}
