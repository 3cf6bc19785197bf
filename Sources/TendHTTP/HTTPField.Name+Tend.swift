import HTTPTypes

extension HTTPField.Name {
    package static let xCSRFToken = HTTPField.Name("X-CSRF-Token")!
    package static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    package static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    package static let xForwardedHost = HTTPField.Name("X-Forwarded-Host")!
    package static let forwarded = HTTPField.Name("Forwarded")!
    package static let xRealIP = HTTPField.Name("X-Real-IP")!
}
