import Foundation
import ZIPFoundation

/// A ZIP made in memory from (path, text) pairs.
func makeZip(_ files: [(String, String)]) throws -> Data {
    try makeZip(files.map { ($0.0, Data($0.1.utf8)) })
}

func makeZip(_ files: [(String, Data)]) throws -> Data {
    let archive = try Archive(data: Data(), accessMode: .create)
    for (path, data) in files {
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) {
            position, size in data.subdata(in: Int(position)..<Int(position) + size)
        }
    }
    return archive.data!
}
