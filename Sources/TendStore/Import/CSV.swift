import Foundation

/// RFC 4180 CSV: fields separated by commas, a field with a comma, quote or line break is quoted,
/// and a quote inside one is doubled. Records end with CRLF (LF alone is read too).
enum CSV {
    /// One record and the line on which it starts (1-based), for messages.
    struct Record {
        var line: Int
        var fields: [String]
    }

    /// Parses `text`; a UTF-8 byte order mark is ignored and blank lines are skipped.
    static func parse(_ text: String) throws(ImportError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var afterQuote = false
        var line = 1
        var recordLine = 1
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = nil

        func endRecord() {
            fields.append(field)
            field = ""
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
        }

        while let scalar = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                        afterQuote = true
                        pending = next
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field)
                field = ""
                afterQuote = false
            case "\r":
                let next = iterator.next()
                if next != "\n" { pending = next }
                endRecord()
                afterQuote = false
                line += 1
                recordLine = line
            case "\n":
                endRecord()
                afterQuote = false
                line += 1
                recordLine = line
            case "\"" where field.isEmpty && !afterQuote:
                inQuotes = true
            default:
                if afterQuote {
                    throw .invalidCSV(line: line, reason: "text after a closing quote (a quote inside a field must be doubled)")
                }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw .invalidCSV(line: recordLine, reason: "a quoted field is never closed (the file may be cut off)") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
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

    /// Decodes bytes as UTF-8, the only encoding Tend writes.
    static func text(_ data: Data, file: String) throws(ImportError) -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidCSV(line: 1, reason: "\(file) is not UTF-8 text")
        }
        return text
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
