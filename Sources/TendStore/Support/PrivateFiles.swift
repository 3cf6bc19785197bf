import Foundation
import TendWords

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files and folders only their owner may read: the database and its backups hold the server's
/// secrets (the action-token key, the VAPID private key, the calendar key) and users' webhook
/// access tokens, so they are made 0600 and their folders 0700 whatever the umask.
public enum PrivateFiles {
    public static let fileMode: mode_t = 0o600
    public static let directoryMode: mode_t = 0o700

    /// Makes `path` and each missing folder above it with mode 0700 (`mkdir(2)`, then `chmod`,
    /// which the umask does not narrow or widen); folders that exist are left as they are.
    public static func createDirectory(atPath path: String) throws {
        guard !path.isEmpty else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw PrivateFileError(path: path, what: "exists and is not a folder") }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try createDirectory(atPath: parent) }
        if mkdir(path, directoryMode) != 0 {
            // Another process may have made it between the check and here.
            guard errno == EEXIST else { throw PrivateFileError(path: path, errno: errno, what: "cannot be created") }
            return
        }
        guard chmod(path, directoryMode) == 0 else { throw PrivateFileError(path: path, errno: errno, what: "cannot be made private") }
    }

    /// Creates `path` empty with mode 0600; one that exists is an error unless `existingIsFine`
    /// (another process made it first), when it is left as it is.
    public static func createFile(atPath path: String, existingIsFine: Bool = false) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST && existingIsFine { return }
            throw PrivateFileError(path: path, errno: code, what: code == EEXIST ? "exists already" : "cannot be created")
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, fileMode) == 0 else { throw PrivateFileError(path: path, errno: errno, what: "cannot be made private") }
    }

    /// Writes `data` to a new file at `path` with mode 0600.
    public static func write(_ data: Data, toNewFile path: String) throws {
        try createFile(atPath: path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.write(contentsOf: data)
    }

    /// Narrows an existing file to 0600 when it is wider and this process owns it. Another
    /// owner's file (a database someone lets this user read) is not this process's to change.
    public static func tighten(atPath path: String) {
        // The file a link points to: its mode is the one that matters, and chmod follows links.
        let path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            (attributes[.ownerAccountID] as? NSNumber)?.uint32Value == geteuid(),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0
        else { return }
        _ = chmod(path, fileMode)
    }
}

/// A private file or folder that could not be made.
public struct PrivateFileError: Error, CustomStringConvertible {
    public let description: String

    package init(path: String, errno code: Int32? = nil, what: String) {
        let problem =
            switch what {
            case "exists and is not a folder": t("{path} exists and is not a folder", ["path": path])
            case "cannot be created": t("{path} cannot be created", ["path": path])
            case "cannot be made private": t("{path} cannot be made private", ["path": path])
            case "exists already": t("{path} exists already", ["path": path])
            default: "\(path) \(what)"
            }
        // The system's reason (strerror) is in English.
        description =
            code.map { t("{problem}: {reason}", context: "system error", ["problem": problem, "reason": String(cString: strerror($0))]) }
            ?? problem
    }
}
