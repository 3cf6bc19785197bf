import Foundation
import Hummingbird
import NIOCore
import TendImport
import TendStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request body written to a file in the importer's private folder (``ImportScratch``) as it
/// arrives, so an upload is never held in memory; read back through a read-only memory map
/// (pages the kernel can drop, not the server's heap). The owner removes it.
package struct UploadedFile: Sendable {
    package let url: URL
    package let size: Int

    package init(url: URL, size: Int) {
        self.url = url
        self.size = size
    }

    /// Streams `request`'s body into a new file, refusing with 413 what passes `limit` (by its
    /// `Content-Length` before reading, else as soon as it does).
    package static func receive(_ request: Request, limit: Int) async throws -> UploadedFile {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw Problem.tooLarge(limit) }
        let url = try ImportScratch.newFile(extension: "upload")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw UploadError.cannotWrite(errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var size = 0
        do {
            for try await buffer in request.body {
                size += buffer.readableBytes
                guard size <= limit else { throw Problem.tooLarge(limit) }
                try buffer.withUnsafeReadableBytes { try handle.write(contentsOf: $0) }
            }
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return UploadedFile(url: url, size: size)
    }

    /// The file's bytes, mapped read-only (an empty `Data` for an empty file).
    package func mapped() throws -> Data {
        try Self.map(url, range: 0..<size)
    }

    /// `range` of the file at `url`, mapped read-only; unmapped when the last copy of the
    /// `Data` goes.
    package static func map(_ url: URL, range: Range<Int>) throws -> Data {
        guard !range.isEmpty else { return Data() }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw UploadError.cannotRead(errno) }
        defer { close(descriptor) }
        // mmap wants a page-aligned offset: map from the page start and hand out the rest.
        let page = Int(getpagesize())
        let start = range.lowerBound - range.lowerBound % page
        let length = range.upperBound - start
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, off_t(start)),
            base != UnsafeMutableRawPointer(bitPattern: -1)
        else {
            throw UploadError.cannotRead(errno)
        }
        let address = Int(bitPattern: base)
        return Data(
            bytesNoCopy: base + (range.lowerBound - start), count: range.count,
            deallocator: .custom { _, _ in munmap(UnsafeMutableRawPointer(bitPattern: address), length) })
    }

    /// Removes the file (idempotent).
    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    package enum UploadError: Error, CustomStringConvertible {
        case cannotWrite(Int32)
        case cannotRead(Int32)

        package var description: String {
            switch self {
            case .cannotWrite(let code): "the server cannot store the upload (errno \(code))"
            case .cannotRead(let code): "the server cannot read the stored upload (errno \(code))"
            }
        }
    }
}
