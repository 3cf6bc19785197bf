import Foundation
import TendCore

/// Constants the account stores share.
public enum AccountRules {
    /// `lastUsedAt` is written when it is older than this, so authentication is usually a read.
    public static let lastUsedResolution: TimeInterval = 300
}
