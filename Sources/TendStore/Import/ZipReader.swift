import Foundation
import ZIPFoundation

/// Reads a ZIP in memory within limits: entry count, each entry's and the total uncompressed size
/// (checked against the declared sizes first, then while inflating, since a header can lie), and
/// no entry name that would leave the archive's folder.
struct ZipReader {
    static let magic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    static func isZip(_ data: Data) -> Bool { data.starts(with: magic) }

    private let archive: Archive
    private let limits: ImportLimits
    /// Files (not folders) by their path inside the archive.
    let paths: [String]

    init(_ data: Data, limits: ImportLimits) throws(ImportError) {
        guard ZipReader.isZip(data) else { throw .invalidZip("it does not start like a ZIP file") }
        let archive: Archive
        do {
            archive = try Archive(data: data, accessMode: .read)
        } catch {
            throw .invalidZip("it is damaged or cut off")
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

    /// The bytes of the file at `path`, stopping as soon as it inflates past the limit.
    func contents(of path: String) throws(ImportError) -> Data {
        guard let entry = archive[path] else { throw .invalidZip("“\(path)” is missing") }
        var data = Data()
        let limit = limits.maximumZipEntrySize
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard data.count + chunk.count <= limit else { throw ImportError.tooLarge(what: "“\(path)” in the ZIP", limit: limit) }
                data.append(chunk)
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw .invalidZip("“\(path)” is damaged")
        }
        return data
    }
}
