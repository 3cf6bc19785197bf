import Foundation
import TendStore
import TendWords

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The private directory (mode 0700) where imports keep files: uploaded bodies, staged previews and
/// the SQLite copy of a Loop backup. One per process, `tend-import-<pid>` in the temporary folder,
/// so no other local user can read an upload or swap a file under the importer. Each file is
/// removed when its import ends; a directory whose process is gone (a crash, `kill -9`) is
/// removed by the next process that makes its own.
package enum ImportScratch {
    static let prefix = "tend-import-"

    /// This process's directory, made (and the dead processes' swept) on first use.
    package static let shared: Result<URL, ImportError> = makeShared()

    private static func makeShared() -> Result<URL, ImportError> {
        do {
            return .success(try makeDirectory(in: FileManager.default.temporaryDirectory, pid: getpid()))
        } catch {
            return .failure(error)
        }
    }

    /// A new, unused path in this process's directory (the caller creates and removes the file).
    package static func newFile(extension name: String) throws(ImportError) -> URL {
        try shared.get().appendingPathComponent("\(UUID().uuidString).\(name)")
    }

    /// Makes `parent/tend-import-<pid>` with mode 0700 after removing the directories of
    /// processes that no longer run. A directory left under our pid by a dead process is stale and
    /// is replaced.
    package static func makeDirectory(in parent: URL, pid: Int32) throws(ImportError) -> URL {
        sweep(parent)
        let directory = parent.appendingPathComponent(prefix + String(pid), isDirectory: true)
        try? FileManager.default.removeItem(at: directory)
        // mkdir(2) with 0700 rather than FileManager: no window in which the folder is readable,
        // and it fails when something (a symlink planted by another user) already has the name.
        guard mkdir(directory.path, 0o700) == 0 else {
            throw .invalidData(t("the server cannot make its private folder for imports (errno {errno})", ["errno": String(errno)]))
        }
        return directory
    }

    /// Removes every `tend-import-<pid>` directory in `parent` whose process is gone and that
    /// this user owns.
    package static func sweep(_ parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0, pid != getpid(), !isRunning(pid) else { continue }
            let path = parent.appendingPathComponent(name).path
            // Attributes as lstat(2) gives them: a symlink is not followed.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeDirectory,
                (attributes[.ownerAccountID] as? NSNumber)?.uint32Value == geteuid()
            else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Whether a process `pid` exists (signal 0 checks without sending; EPERM means it exists but
    /// belongs to another user).
    static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
