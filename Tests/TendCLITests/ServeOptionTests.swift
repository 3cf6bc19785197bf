import ArgumentParser
import Foundation
import TendHTTP
import TendOpenID
import TendTestSupport
import Testing

@testable import TendCLI

/// `tend serve`'s options read without starting a server.
@Suite("tend serve: OpenID Connect providers from a file")
struct ServeOptionTests {
    @Test("--oidc-file: one provider a line, comments and blank lines skipped; a bad line is refused like --oidc's")
    func providerFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("oidc")
        try """
        # home single sign-on
        https://auth.example.org/application/o/tend/,tend,s3cret

          https://accounts.google.com,1234.apps.googleusercontent.com
        """.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(
            try ServeCommand.providerLines(path: path) == [
                "https://auth.example.org/application/o/tend/,tend,s3cret", "https://accounts.google.com,1234.apps.googleusercontent.com",
            ])
        let serve = try ServeCommand.parse(["--oidc-file", path, "--oidc", "https://sso.example.com/realms/home,tend"])
        let configuration = try serve.serverConfiguration(environment: [:])
        #expect(
            configuration.openIDProviders.map(\.issuer) == [
                "https://sso.example.com/realms/home", "https://auth.example.org/application/o/tend/", "https://accounts.google.com",
            ])
        #expect(configuration.openIDProviders[1].clientSecret == "s3cret")
        try "https://auth.example.org\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CLIError.self) { try ServeCommand.parse(["--oidc-file", path]).serverConfiguration(environment: [:]) }
    }
}
