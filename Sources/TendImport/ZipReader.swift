import Foundation
import TendStore
import TendWords
import ZIPFoundation

/// Reads a ZIP within limits: entry count, each entry's and the total uncompressed size
/// (checked against the declared sizes first, then while inflating, since a header can lie — the
/// total over every file read from this archive, so reading one file many times cannot multiply
/// it), and no entry name that would leave the archive's folder. A class: the bytes inflated so
/// far are shared by every read.
final class ZipReader {
    static let magic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    static func isZip(_ data: Data) -> Bool { data.starts(with: magic) }

    private let archive: Archive
    private let limits: ImportLimits
    /// Files (not folders) by their path inside the archive.
    let paths: [String]
    /// Bytes inflated by ``contents(of:)`` so far, against `maximumZipTotalSize`.
    private(set) var inflated = 0

    init(_ data: Data, limits: ImportLimits) throws(ImportError) {
        guard ZipReader.isZip(data) else { throw .invalidZip(t("it does not start like a ZIP file")) }
        // From a file, not `Archive(data:)`: ZIPFoundation's in-memory reader traps on an offset
        // past the end (found by ImportFuzzTests), which would take the whole server down. The
        // copy lives in the private folder and is unlinked at once (the open file keeps it).
        let url = try ImportScratch.newFile(extension: "zip")
        guard FileManager.default.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw .invalidZip(t("the server cannot write its copy of the file"))
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw .invalidZip(t("it is damaged or cut off"))
        }
        var paths: [String] = []
        var count = 0
        var declared: UInt64 = 0
        for entry in archive {
            count += 1
            guard count <= limits.maximumZipEntries else {
                throw .tooMany(what: "files in the ZIP", limit: limits.maximumZipEntries)
            }
            let path = entry.path
            guard ZipReader.isSafe(path) else { throw .unsafePath(path) }
            guard entry.type != .symlink else { throw .unsafePath(path) }
            guard entry.type == .file else { continue }
            guard entry.uncompressedSize <= UInt64(limits.maximumZipEntrySize) else {
                throw .tooLarge(what: "“\(path)” in the ZIP", limit: limits.maximumZipEntrySize)
            }
            declared += entry.uncompressedSize
            guard declared <= UInt64(limits.maximumZipTotalSize) else {
                throw .tooLarge(what: "the ZIP's content", limit: limits.maximumZipTotalSize)
            }
            paths.append(path)
        }
        self.archive = archive
        self.limits = limits
        self.paths = paths
    }

    /// A relative path of plain names: no `..`, no leading `/` or `\`, no drive letter, no NUL.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("\\"), !path.contains("\0") else { return false }
        if path.count >= 2, path.dropFirst().first == ":" { return false }
        let parts = path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        return !parts.contains("..")
    }

    /// The bytes of the file at `path`, stopping as soon as it inflates past the entry's limit or
    /// the archive's total.
    func contents(of path: String) throws(ImportError) -> Data {
        guard let entry = archive[path] else { throw .invalidZip(t("“{path}” is missing", ["path": path])) }
        var data = Data()
        let limit = limits.maximumZipEntrySize
        let total = limits.maximumZipTotalSize
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard data.count + chunk.count <= limit else { throw ImportError.tooLarge(what: "“\(path)” in the ZIP", limit: limit) }
                self.inflated += chunk.count
                guard self.inflated <= total else { throw ImportError.tooLarge(what: "the ZIP's content", limit: total) }
                data.append(chunk)
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw .invalidZip(t("“{path}” is damaged", ["path": path]))
        }
        return data
    }
}
