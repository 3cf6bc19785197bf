import Foundation
import TendCore
import TendWords

/// What every ``IdentityStore`` answers alike.
package enum IdentityRules {
    /// Computed on each use: in the words of whoever asks.
    package static var linkedAlready: StoreError { .conflict(t("this sign-in is linked to a Tend account already")) }

    /// Links by when they were made, then by issuer and subject: the same order from every store.
    package static func oldestFirst(_ a: LinkedIdentity, _ b: LinkedIdentity) -> Bool {
        (a.createdAt, a.issuer, a.subject) < (b.createdAt, b.issuer, b.subject)
    }

    /// Accounts by when they were made, then by id.
    package static func oldestFirst(_ a: Account, _ b: Account) -> Bool {
        (a.createdAt, a.user.id.description) < (b.createdAt, b.user.id.description)
    }
}
