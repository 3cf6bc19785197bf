import Foundation
import TendStore
import TendWords

/// RFC 4180 CSV: fields separated by commas, a field with a comma, quote or line break is quoted,
/// and a quote inside one is doubled. Records end with CRLF (LF alone is read too).
enum CSV {
    /// One record and the line on which it starts (1-based), for messages.
    struct Record {
        var line: Int
        var fields: [String]
    }

    /// Parses UTF-8 `data` record by record, handing each to `body` as soon as it ends, so a file
    /// is never held as strings all at once; a UTF-8 byte order mark is ignored and blank lines are
    /// skipped. Within `limits`: fields per record, bytes per field and records per file, each
    /// checked before the field or record is kept (128 MiB of commas is one record refused at
    /// its 65th field, not 134 million strings).
    static func parse(
        _ data: Data, file: String, limits: ImportLimits, _ body: (Record) throws(ImportError) -> Void
    ) throws(ImportError) {
        var parser = Parser(file: file, limits: limits)
        do {
            // An untyped closure: a typed one here crashes Swift 6.3.1's IRGen (its reabstraction thunk).
            try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws in
                var bytes = raw[...]
                if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
                var index = bytes.startIndex
                while index < bytes.endIndex {
                    let byte = bytes[index]
                    index += 1
                    if let record = try parser.consume(byte, next: index < bytes.endIndex ? bytes[index] : nil, skip: &index) {
                        try body(record)
                    }
                }
            }
        } catch let error as ImportError {
            throw error
        } catch {
            // `withUnsafeBytes` rethrows untyped; only the closure above throws.
            throw .invalidCSV(line: parser.line, reason: String(describing: error))
        }
        if let record = try parser.finish() { try body(record) }
    }

    /// Every record of `text` (tests).
    static func parse(_ text: String) throws(ImportError) -> [Record] { try parse(Data(text.utf8)) }

    /// Every record of `data` (tests and small files).
    static func parse(
        _ data: Data, file: String = t("the CSV file", context: "import file"), limits: ImportLimits = .standard
    ) throws(ImportError) -> [Record] {
        var records: [Record] = []
        try parse(data, file: file, limits: limits) { (record: Record) throws(ImportError) in records.append(record) }
        return records
    }

    /// The state of one parse: the record being built and where it is.
    private struct Parser {
        let file: String
        let limits: ImportLimits
        var fields: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var afterQuote = false
        var line = 1
        var recordLine = 1
        var records = 0

        init(file: String, limits: ImportLimits) {
            self.file = file
            self.limits = limits
        }

        /// Takes one byte (`next` is the one after it, `index` moves past it when it is used);
        /// answers the record this byte ends, if any. ASCII delimiters never occur inside a UTF-8
        /// sequence, so bytes are as good as scalars here.
        mutating func consume(_ byte: UInt8, next: UInt8?, skip index: inout Int) throws(ImportError) -> Record? {
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if next == UInt8(ascii: "\"") {
                        index += 1
                        try append(byte)
                    } else {
                        inQuotes = false
                        afterQuote = true
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    try append(byte)
                }
                return nil
            }
            switch byte {
            case UInt8(ascii: ","):
                try endField()
                afterQuote = false
                return nil
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                if byte == UInt8(ascii: "\r"), next == UInt8(ascii: "\n") { index += 1 }
                let record = try endRecord()
                afterQuote = false
                line += 1
                recordLine = line
                return record
            case UInt8(ascii: "\"") where field.isEmpty && !afterQuote:
                inQuotes = true
                return nil
            default:
                if afterQuote {
                    throw .invalidCSV(line: line, reason: t("text after a closing quote (a quote inside a field must be doubled)"))
                }
                try append(byte)
                return nil
            }
        }

        mutating func finish() throws(ImportError) -> Record? {
            if inQuotes { throw .invalidCSV(line: recordLine, reason: t("a quoted field is never closed (the file may be cut off)")) }
            guard !field.isEmpty || !fields.isEmpty else { return nil }
            return try endRecord()
        }

        private mutating func append(_ byte: UInt8) throws(ImportError) {
            guard field.count < limits.maximumCSVFieldSize else {
                throw .invalidCSV(
                    line: line,
                    reason: t(
                        "a field is longer than {size}, more than an import accepts",
                        ["size": ImportError.bytes(limits.maximumCSVFieldSize)]))
            }
            field.append(byte)
        }

        private mutating func endField() throws(ImportError) {
            guard fields.count < limits.maximumCSVFields else {
                throw .invalidCSV(
                    line: recordLine,
                    reason: tPlural(
                        "a record has more than {count} field", "a record has more than {count} fields", count: limits.maximumCSVFields))
            }
            guard let text = String(validating: field, as: UTF8.self) else {
                throw .invalidCSV(line: line, reason: t("{file} is not UTF-8 text", ["file": file]))
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }

        private mutating func endRecord() throws(ImportError) -> Record? {
            try endField()
            defer { fields.removeAll(keepingCapacity: true) }
            if fields.count == 1 && fields[0].isEmpty { return nil }
            records += 1
            guard records <= limits.maximumCSVRecords else {
                throw .tooMany(what: "lines in \(file)", limit: limits.maximumCSVRecords)
            }
            return Record(line: recordLine, fields: fields)
        }
    }

    /// One record, quoted where needed, ending with CRLF.
    static func line(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",") + "\r\n"
    }

    static func quote(_ field: String) -> String {
        let special = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard special || field.hasPrefix(" ") || field.hasSuffix(" ") else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// A CSV header turned into a lookup by column name.
struct CSVHeader {
    let columns: [String: Int]

    init(_ fields: [String]) {
        var columns: [String: Int] = [:]
        for (index, name) in fields.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            if columns[key] == nil { columns[key] = index }
        }
        self.columns = columns
    }

    func has(_ name: String) -> Bool { columns[name.lowercased()] != nil }

    /// The field of `record` in the first of `names` the header has; empty when none.
    func value(_ record: CSV.Record, _ names: String...) -> String {
        for name in names {
            if let index = columns[name.lowercased()] {
                return index < record.fields.count ? record.fields[index] : ""
            }
        }
        return ""
    }
}
