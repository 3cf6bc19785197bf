import Foundation
import TendDelivery
import Testing

/// A delivery's id is a function of its firing and target: whoever sends it, after any crash,
/// sends it under the same id; other firings and targets get others.
@Suite("Delivery ids derived from the firing and target")
struct DeliveryIdentityTests {
    @Test("The same firing and target give the same id; another target, channel or firing another")
    func derived() throws {
        let firing = try #require(UUID(uuidString: "019A6B2C-3D4E-7F00-8123-456789ABCDEF"))
        let target = UUID()
        let id = DeliveryIdentity.id(firing: firing, channel: "push", target: target)
        #expect(DeliveryIdentity.id(firing: firing, channel: "push", target: target) == id)
        var seen: Set<UUID> = [id]
        for _ in 0..<1000 {
            #expect(seen.insert(DeliveryIdentity.id(firing: firing, channel: "push", target: UUID())).inserted)
            #expect(seen.insert(DeliveryIdentity.id(firing: UUID(), channel: "push", target: target)).inserted)
        }
        #expect(seen.insert(DeliveryIdentity.id(firing: firing, channel: "webhook", target: target)).inserted)
    }

    @Test("The id keeps the firing's instant (its first 48 bits) and is a version 8 UUID of RFC 9562")
    func layout() throws {
        let firing = try #require(UUID(uuidString: "019A6B2C-3D4E-7F00-8123-456789ABCDEF"))
        let id = DeliveryIdentity.id(firing: firing, channel: "webhook", target: UUID())
        #expect(id.uuidString.hasPrefix("019A6B2C-3D4E-8"))
        let variant = withUnsafeBytes(of: id.uuid) { $0[8] } >> 6
        #expect(variant == 0b10)
    }
}
