import Foundation
import Testing
import TendCore

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
        #expect(encoded == (try JSONEncoder().encode(ids.map(\.rawValue))))
        #expect(try JSONDecoder().decode([Habit.ID].self, from: encoded) == ids)
    }
}
