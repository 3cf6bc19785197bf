import Hummingbird

extension Request {
    /// The bearer token of `Authorization: Bearer <token>`, if any.
    /// Every API request reads it, so it works on the header's bytes (Foundation's
    /// `trimmingCharacters` goes through NSString, a cost every request would pay).
    package var bearerToken: String? {
        guard let header = headers[.authorization] else { return nil }
        var bytes = header.utf8[...]
        let scheme = bytes.prefix { $0 != UInt8(ascii: " ") }
        guard scheme.count == 6, zip(scheme, "bearer".utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        bytes = bytes.dropFirst(6)
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        bytes = bytes.drop(while: isBlank)
        while let last = bytes.last, isBlank(last) { bytes = bytes.dropLast() }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the method may change state (everything but GET, HEAD and OPTIONS).
    package var isStateChanging: Bool {
        ![.get, .head, .options].contains(method)
    }
}
