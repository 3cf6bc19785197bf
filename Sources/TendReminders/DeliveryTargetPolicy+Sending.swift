import Foundation
import TendDelivery

extension DeliveryTargetPolicy {
    /// The check every send makes right before it connects: the URL's shape, then the
    /// addresses its host resolves to now. Nil when the send may go ahead, otherwise the result
    /// to record (nothing was sent).
    func admit(_ url: URL) async -> DeliveryResult? {
        let target: DeliveryTarget
        do {
            target = try check(url)
        } catch {
            return .refused(error)
        }
        let addresses: [IPAddress]
        do {
            addresses = try await HostResolver.addresses(of: target)
        } catch {
            // A name that does not resolve now may resolve later (a DNS outage).
            return .retry(after: nil, reason: "\(error)")
        }
        do {
            try check(target, resolvedTo: addresses)
        } catch {
            return .refused(error)
        }
        return nil
    }
}
