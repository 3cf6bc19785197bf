import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

@testable import TendImport
@testable import TendStore

/// Random and mutated bytes through every parser of outsiders' files in TendStore (Loop `.db`,
/// CSV, ZIP, Tend JSON): each answers data within the limits or a clear `ImportError`, and never
/// crashes. A short run here; `TEND_FUZZ_ITERATIONS=N` (scripts/fuzz-imports) runs longer.
@Suite("Import parsers on random and mutated bytes")
struct ImportFuzzTests {
    static let iterations = ProcessInfo.processInfo.environment["TEND_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 100

    /// Small limits, so that the fuzzer reaches them.
    static let limits = ImportLimits(
        maximumFileSize: 1 << 20, maximumZipEntrySize: 256 << 10, maximumZipTotalSize: 512 << 10, maximumZipEntries: 50,
        maximumHabits: 50, maximumEntries: 2_000, maximumCSVFields: 64, maximumCSVFieldSize: 4_096, maximumTextBytes: 64 << 10)
    static let fuzzImporter = TendImporter(limits: limits, now: { importNow })
    static let today = Fixtures.day("2025-03-10")

    /// A mutation: the low bits pick the position, the next ones the byte and the kind.
    static let mutations = Gen.int(in: 0...Int(Int32.max)).array(of: 1...12)

    /// `seed` changed by each of `operations`: a byte replaced, removed or inserted, a run copied
    /// elsewhere, or the file cut short.
    static func mutate(_ seed: Data, _ operations: [Int]) -> Data {
        var bytes = [UInt8](seed)
        for operation in operations where !bytes.isEmpty {
            let position = operation % bytes.count
            let byte = UInt8(truncatingIfNeeded: operation >> 8)
            switch (operation >> 16) % 5 {
            case 0: bytes[position] = byte
            case 1: bytes.remove(at: position)
            case 2: bytes.insert(byte, at: position)
            case 3:
                let run = bytes[position..<min(bytes.count, position + 64)]
                bytes.insert(contentsOf: run, at: (operation >> 4) % bytes.count)
            default: bytes.removeLast(min(bytes.count, Int(byte)))
            }
        }
        return Data(bytes)
    }

    /// The property every parser keeps.
    static func check(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let read = try fuzzImporter.read(data, today: today)
            #expect(read.habits.count <= limits.maximumHabits, sourceLocation: sourceLocation)
            #expect(read.habits.reduce(0) { $0 + $1.entries.count } <= limits.maximumEntries, sourceLocation: sourceLocation)
        } catch {
            #expect(!error.description.isEmpty, sourceLocation: sourceLocation)
        }
        _ = fuzzImporter.detectFormat(data: data)
    }

    static func loopDatabase() throws -> Data {
        var builder = LoopDatabaseBuilder.version25()
        builder.sql("INSERT INTO Habits (id, name, position, type, uuid, question) VALUES (1, 'Read', 0, 0, 'abc', 'Did you?')")
        builder.sql("INSERT INTO Habits (id, name, position, type, target_value, unit) VALUES (2, 'Run', 1, 1, 5, 'km')")
        for day in 0..<30 {
            builder.sql(
                "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (\(day % 2 + 1), \(Int64(day) * 86_400_000), 2, 'n\(day)')"
            )
        }
        return try builder.build()
    }

    @Test("Loop backups with random bytes changed")
    func loopDatabase() async throws {
        let seed = try Self.loopDatabase()
        await propertyCheck(count: Self.iterations, input: Self.mutations) { operations in
            Self.check(Self.mutate(seed, operations))
        }
    }

    @Test("Loop CSV zips with random bytes changed, and zips of random CSV text")
    func loopZip() async throws {
        let seed = try LoopCSVImportTests.loopZip()
        await propertyCheck(count: Self.iterations, input: Self.mutations) { operations in
            Self.check(Self.mutate(seed, operations))
        }
        let alphabet: [UInt8] = Array("0123,,,\"\"\r\n\n YES_MANUAL-".utf8) + [0xC3, 0xA9, 0xFF, 0x00]
        await propertyCheck(count: Self.iterations, input: Gen.element(of: alphabet).array(of: 0...300)) { chosen in
            let bytes = chosen.compactMap { $0 }
            let habits = Data("Position,Name,Type\r\n001,Read,YES_NO\r\n".utf8) + Data(bytes)
            Self.check(try makeZip([("Habits.csv", habits), ("001 Read/Checkmarks.csv", Data("Date,Value\r\n".utf8) + Data(bytes))]))
        }
    }

    @Test("CSV: random text in RFC 4180's alphabet, and Tend CSV exports with random bytes changed")
    func csv() async throws {
        let alphabet: [UInt8] = Array("ab,\"\r\n entryhabit-0123".utf8) + [0xC3, 0xA9, 0xFF]
        await propertyCheck(count: Self.iterations, input: Gen.element(of: alphabet).array(of: 0...400)) { chosen in
            let bytes = chosen.compactMap { $0 }
            do {
                let records = try CSV.parse(Data(bytes), file: "fuzz.csv", limits: Self.limits)
                #expect(records.count <= Self.limits.maximumCSVRecords)
                #expect(records.allSatisfy { $0.fields.count <= Self.limits.maximumCSVFields })
            } catch {
                #expect(!String(describing: error).isEmpty)
            }
            Self.check(Data("record,habit_id,habit,day,value\r\n".utf8) + Data(bytes))
        }
        let seed = TendCSVFormat.encode(richState())
        await propertyCheck(count: Self.iterations, input: Self.mutations) { operations in
            Self.check(Self.mutate(seed, operations))
        }
    }

    @Test("Tend JSON exports with random bytes changed")
    func json() async throws {
        let seed = try TendJSONFormat.encode(richState())
        await propertyCheck(count: Self.iterations, input: Self.mutations) { operations in
            Self.check(Self.mutate(seed, operations))
        }
    }
}
