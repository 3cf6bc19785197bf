import Foundation
import TendDelivery
import Testing

@Suite("DeliveryTargetPolicy: webhooks and push endpoints are public https URLs unless private targets are allowed")
struct DeliveryTargetPolicyTests {
    static let strict = DeliveryTargetPolicy()
    static let permissive = DeliveryTargetPolicy(allowPrivateTargets: true)

    @Test("A public https URL passes, its port defaulted")
    func publicHTTPS() throws {
        let target = try Self.strict.check(URL(string: "https://ntfy.sh/my-habits")!)
        #expect(target.host == "ntfy.sh")
        #expect(target.port == 443)
        #expect(target.address == nil)
        try Self.strict.check(target, resolvedTo: [IPAddress("159.203.148.75")!, IPAddress("2604:a880:400:d0::1")!])
    }

    @Test(
        "Without --allow-private-targets: plain http, loopback, private, link-local and local names are refused before any lookup",
        arguments: [
            "http://ntfy.sh/x", "http://127.0.0.1:8080/hook", "https://127.0.0.1/hook", "https://10.0.0.1/hook", "https://[::1]:8443/",
            "https://169.254.169.254/latest/meta-data/", "https://localhost/hook", "https://LOCALHOST./hook", "https://printer.local/",
            "https://db.internal/", "https://[fd00::1]/", "https://[::ffff:192.168.1.1]/", "https://0.0.0.0/", "ftp://ntfy.sh/x",
            "https://user:secret@ntfy.sh/x",
        ])
    func refusedWithoutAllowance(url: String) throws {
        #expect(throws: DeliveryTargetError.self) { try Self.strict.check(URL(string: url)!) }
    }

    @Test("A public name that resolves to a private address is refused, even among public ones")
    func resolvedToPrivate() throws {
        let target = try Self.strict.check(URL(string: "https://rebind.example.com/hook")!)
        #expect(throws: DeliveryTargetError.notPublic(host: "rebind.example.com", address: IPAddress("10.1.2.3")!, scope: .privateNetwork))
        {
            try Self.strict.check(target, resolvedTo: [IPAddress("93.184.216.34")!, IPAddress("10.1.2.3")!])
        }
        #expect(throws: DeliveryTargetError.unresolved("rebind.example.com")) { try Self.strict.check(target, resolvedTo: []) }
    }

    @Test("With --allow-private-targets: loopback, private addresses and local names pass, over http too")
    func allowed() throws {
        for url in [
            "http://127.0.0.1:8080/hook", "https://10.0.0.1/", "http://[::1]:9000/", "http://localhost:2586/habits", "http://ntfy.lan/x",
        ] {
            _ = try Self.permissive.check(URL(string: url)!)
        }
        let named = try Self.permissive.check(URL(string: "http://localhost:2586/habits")!)
        try Self.permissive.check(named, resolvedTo: [IPAddress("127.0.0.1")!, IPAddress("::1")!])
    }

    @Test("With --allow-private-targets, plain http to a public address is still refused: the flag is for the local network")
    func httpToPublic() throws {
        #expect(throws: DeliveryTargetError.self) { try Self.permissive.check(URL(string: "http://93.184.216.34/hook")!) }
        let named = try Self.permissive.check(URL(string: "http://example.com/hook")!)
        #expect(throws: DeliveryTargetError.self) { try Self.permissive.check(named, resolvedTo: [IPAddress("93.184.216.34")!]) }
    }

    @Test("Each refusal says what to do")
    func messages() {
        #expect(DeliveryTargetError.localName("localhost").description.contains("--allow-private-targets"))
        #expect(
            DeliveryTargetError.notPublic(host: "x", address: IPAddress("169.254.169.254")!, scope: .linkLocal).description
                == "'x' is 169.254.169.254, a link-local address; the server sends only to public addresses unless started with --allow-private-targets"
        )
    }
}
