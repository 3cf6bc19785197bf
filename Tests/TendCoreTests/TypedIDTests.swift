import Foundation
import TendCore
import Testing

@Suite("Ids as text")
struct TypedIDTests {
    @Test("An id's text, order and JSON are those of Foundation's uuidString, for 2,000 random ids and the extremes")
    func textMatchesFoundation() throws {
        var ids = (0..<2_000).map { _ in Habit.ID() }
        ids.append(Habit.ID(rawValue: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))))
        ids.append(Habit.ID(rawValue: UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))))
        for id in ids {
            #expect(id.description == id.rawValue.uuidString.lowercased())
            #expect(id.rawValue.text(uppercase: true) == id.rawValue.uuidString)
        }
        #expect(ids.sorted().map(\.rawValue.uuidString) == ids.map(\.rawValue.uuidString).sorted())
        let encoded = try JSONEncoder().encode(ids)
        // JSON carries the lower-case text (as paths and the CLI write ids); UUID's own upper-case
        // encoding, as older data holds it, reads the same.
        #expect(encoded == (try JSONEncoder().encode(ids.map(\.description))))
        #expect(try JSONDecoder().decode([Habit.ID].self, from: encoded) == ids)
        #expect(try JSONDecoder().decode([Habit.ID].self, from: try JSONEncoder().encode(ids.map(\.rawValue))) == ids)
    }

    @Test("An id is read from its 8-4-4-4-12 hex text in either case, as UUID(uuidString:) reads it; anything else is refused")
    func parsingMatchesFoundation() throws {
        for _ in 0..<2_000 {
            let uuid = UUID()
            for text in [
                uuid.uuidString, uuid.uuidString.lowercased(),
                String(uuid.uuidString.enumerated().map { $0.offset % 3 == 0 ? Character($0.element.lowercased()) : $0.element }),
            ] {
                #expect(UUID(text: text) == uuid)
                #expect(UUID(text: text[...]) == uuid)
            }
        }
        let valid = "123e4567-e89b-12d3-a456-426614174000"
        var refused = [
            "", "123e4567", valid + "0", String(valid.dropLast()), valid.replacingOccurrences(of: "-", with: ""),
            "123e4567_e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400g", " " + valid.dropFirst(),
            "123e4567-e89b-12d3-a456-4266141740é", "{123e4567-e89b-12d3-a456-4266141740}", "123e45678e89b-12d3-a456-426614174000",
        ]
        // Every position given every other kind of character.
        for (offset, index) in valid.indices.enumerated() {
            let isHyphen = [8, 13, 18, 23].contains(offset)
            for replacement in ["g", "G", " ", "+", "é", isHyphen ? "0" : "-"] {
                var text = valid
                text.replaceSubrange(index...index, with: replacement)
                refused.append(text)
            }
        }
        // (Foundation on Linux reads with sscanf's %2hhx, which lets a sign or a blank stand for
        // a digit: it takes some of these. Tend takes none.)
        for text in refused {
            #expect(UUID(text: text) == nil, "\(text.debugDescription)")
        }
        #expect(UUID(text: valid) != nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Habit.ID.self, from: Data(#""not-an-id""#.utf8)) }
    }

    @Test("An id ordered by an instant: UUID version 7's layout, its text sorting by the instant, unique within one")
    func ordered() {
        let base = Date(timeIntervalSince1970: 1_795_597_200.123)
        let instants = [base - 86_400 * 365 * 20, base - 1, base, base + 0.001, base + 60, base + 86_400 * 365 * 50]
        let ids = instants.map { Habit.ID(ordered: $0) }
        #expect(ids.map(\.description) == ids.map(\.description).sorted())
        #expect(ids == ids.sorted())
        for (id, instant) in zip(ids, instants) {
            let text = id.description
            // 48 bits of milliseconds, then version 7 and variant 10.
            #expect(UInt64(text.prefix(8) + text.dropFirst(9).prefix(4), radix: 16) == UInt64(instant.timeIntervalSince1970 * 1000))
            #expect(text[text.index(text.startIndex, offsetBy: 14)] == "7")
            #expect("89ab".contains(text[text.index(text.startIndex, offsetBy: 19)]))
        }
        // Many in one millisecond are all different.
        #expect(Set((0..<1000).map { _ in Habit.ID(ordered: base) }).count == 1000)
        // Before 1970 is clamped to the epoch rather than wrapping.
        #expect(Habit.ID(ordered: Date(timeIntervalSince1970: -5)).description.hasPrefix("00000000-0000-7"))
    }
}
