import Foundation
import TendTestSupport
import Testing

/// `tend sync`'s bad input: a clear error on stderr, exit 1, and nothing kept.
@Suite("tend sync: bad input")
struct SyncCommandTests {
    @Test("Not signed in, a bad address, no password, a server that does not answer: clear errors, no credentials kept")
    func badInput() async throws {
        let cli = try await CLIHarness()
        let unlinked = await cli.run(["sync"])
        #expect(unlinked.status == 1 && unlinked.err.contains("not signed in"), "\(unlinked.err)")
        let status = await cli.run(["sync", "status"])
        #expect(status.status == 0 && status.out.hasPrefix("local-only"), "\(status.out)")
        let address = await cli.run(["sync", "login", "ftp://example.com", "--username", "ana", "--password-stdin"], input: "pw")
        #expect(address.status == 1 && address.err.contains("not a server address"), "\(address.err)")
        let noPassword = await cli.run(["sync", "login", "http://127.0.0.1:9", "--username", "ana", "--password-stdin"], input: nil)
        #expect(noPassword.status == 1 && noPassword.err.contains("no password"), "\(noPassword.err)")
        let noTerminal = await cli.run(["sync", "login", "http://127.0.0.1:9", "--username", "ana"])
        #expect(noTerminal.status == 1 && noTerminal.err.contains("--password-stdin"), "\(noTerminal.err)")
        // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
        let refused = await cli.run(["sync", "login", "http://127.0.0.1:9", "--username", "ana", "--password-stdin"], input: "pw")
        #expect(refused.status == 1 && refused.err.contains("cannot sign in"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: cli.database + ".sync.json"))
        #expect(await cli.run(["sync", "logout"]).status == 1)
    }
}
