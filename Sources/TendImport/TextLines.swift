import Foundation
import TendStore
import TendWords

/// The lines of a UTF-8 text file, handed over one at a time so that a file is never held as an
/// array of lines: 64 MiB of newlines would be 64 million empty strings, gigabytes of them.
/// The same bounds as ``CSV``: lines per file (a header, the habits and the entries) and bytes per
/// line (one field's), each checked before a string is made.
enum TextLines {
    /// Calls `body` with each line that is not empty (its 1-based number and text, without the
    /// line break); a UTF-8 byte order mark is ignored; `\n`, `\r\n` and `\r` end a line.
    static func forEach(
        _ data: Data, file: String, limits: ImportLimits, _ body: (_ number: Int, _ line: String) throws(ImportError) -> Void
    ) throws(ImportError) {
        var failure: ImportError?
        // A non-throwing closure: `withUnsafeBytes` rethrows untyped, and a typed one crashes
        // Swift 6.3.1's IRGen (see CSV.parse).
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var bytes = raw[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            var start = bytes.startIndex
            var number = 0
            while start < bytes.endIndex {
                let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? bytes.endIndex
                number += 1
                guard number <= limits.maximumCSVRecords else {
                    failure = .tooMany(what: "lines in \(file)", limit: limits.maximumCSVRecords)
                    return
                }
                guard end - start <= limits.maximumCSVFieldSize else {
                    failure = .invalidData(
                        t(
                            "line {line} of {file} is longer than {size}, more than an import accepts",
                            ["line": String(number), "file": file, "size": ImportError.bytes(limits.maximumCSVFieldSize)]))
                    return
                }
                if end > start {
                    guard let line = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) else {
                        failure = .unrecognizedFormat(t("line {line} of {file} is not UTF-8 text", ["line": String(number), "file": file]))
                        return
                    }
                    do throws(ImportError) {
                        try body(number, line)
                    } catch {
                        failure = error
                        return
                    }
                }
                start = end
                if start < bytes.endIndex {
                    if bytes[start] == UInt8(ascii: "\r"), bytes.index(after: start) < bytes.endIndex,
                        bytes[bytes.index(after: start)] == UInt8(ascii: "\n")
                    {
                        start += 1
                    }
                    start += 1
                }
            }
        }
        if let failure { throw failure }
    }
}
