import ArgumentParser
import Foundation
import TendHTTP
import TendOpenID
import TendTestSupport
import Testing

@testable import TendCLI

/// `tend serve`'s options read without starting a server.
@Suite("tend serve: options read without starting a server")
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

    @Test("--cache-memory (else TEND_CACHE_MEMORY, else 24 MiB) sizes every cache; out of range or not a number is refused")
    func cacheMemory() throws {
        let standard = try ServeCommand.parse([]).serverConfiguration(environment: [:]).cacheBudget
        #expect(standard == CacheBudget.standard)
        #expect(standard.bytes == 24 << 20)
        let small = try ServeCommand.parse(["--cache-memory", "8"]).serverConfiguration(environment: ["TEND_CACHE_MEMORY": "64"])
        #expect(small.cacheBudget.bytes == 8 << 20)
        let large = try ServeCommand.parse([]).serverConfiguration(environment: ["TEND_CACHE_MEMORY": "96"])
        #expect(large.cacheBudget.bytes == 96 << 20)
        // Every cache grows with the budget, and the shares stay within it by their entries' sizes.
        let budget = large.cacheBudget
        #expect(budget.todayPages > standard.todayPages && budget.cardFragments > standard.cardFragments)
        #expect(budget.heldHabitsBytes > standard.heldHabitsBytes && budget.memoEntries > standard.memoEntries)
        let estimated =
            budget.heldHabitsBytes + budget.todayPages * (24 << 10) + budget.todayAnswers * (3 << 10)
            + budget.cardFragments * 7_680 + budget.heatmapWeeks * 1_536 + budget.memoEntries * 2_868
        #expect(estimated <= budget.bytes)
        #expect(estimated > budget.bytes * 95 / 100)
        for bad in [["--cache-memory", "3"], ["--cache-memory", "70000"]] {
            #expect(throws: CLIError.self) { try ServeCommand.parse(bad).serverConfiguration(environment: [:]) }
        }
        #expect(throws: CLIError.self) { try ServeCommand.parse([]).serverConfiguration(environment: ["TEND_CACHE_MEMORY": "lots"]) }
        #expect(throws: (any Error).self) { try ServeCommand.parse(["--cache-memory", "many"]) }
    }
}
