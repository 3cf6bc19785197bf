import Crypto
import Foundation

/// The id of one firing's delivery to one target, derived from the two: every sender of that
/// delivery — the first, and whoever takes the firing over after a crash — sends it under the
/// same id (the webhook's `Idempotency-Key`, the push `Topic`), without writing it down first.
public enum DeliveryIdentity {
    /// The firing id's first 48 bits (its instant, in Tend's time-ordered ids, which keeps the
    /// deliveries' key in insertion order), then SHA-256 of the firing, channel and target, with
    /// the version (8) and variant bits of RFC 9562.
    public static func id(firing: UUID, channel: String, target: UUID) -> UUID {
        var hash = SHA256()
        withUnsafeBytes(of: firing.uuid) { hash.update(bufferPointer: $0) }
        hash.update(data: Data(channel.utf8))
        withUnsafeBytes(of: target.uuid) { hash.update(bufferPointer: $0) }
        let digest = Array(hash.finalize())
        var bytes = firing.uuid
        withUnsafeMutableBytes(of: &bytes) { out in
            for index in 6..<16 { out[index] = digest[index] }
            out[6] = (out[6] & 0x0F) | 0x80
            out[8] = (out[8] & 0x3F) | 0x80
        }
        return UUID(uuid: bytes)
    }
}
