import Foundation
import PropertyBased
import TendHTTP
import Testing

/// The multipart parser on random and mutated bodies: parts within the body and their limit, or
/// `Failure`, never a crash. `TEND_FUZZ_ITERATIONS=N` (scripts/fuzz-imports) runs longer.
@Suite("Multipart form data on random and mutated bytes")
struct MultipartFuzzTests {
    static let iterations = ProcessInfo.processInfo.environment["TEND_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 300

    static func check(_ body: Data) {
        do {
            let parts = try MultipartForm.layout(of: body, boundary: "XyZ")
            #expect(parts.count <= MultipartForm.maximumParts)
            #expect(parts.allSatisfy { $0.body.lowerBound >= 0 && $0.body.upperBound <= body.count })
        } catch {
            #expect(!String(describing: error).isEmpty)
        }
    }

    @Test("Random bodies made of multipart's own pieces")
    func pieces() async {
        let pieces = [
            "--XyZ", "\r\n", "--", "Content-Disposition: form-data; name=\"file\"; filename=\"a\\\"b\"", "Content-Type: x",
            "name=\"", ";", "\r\n\r\n", "data", " ", "Content-Transfer-Encoding: 8bit", ":",
        ].map { Data($0.utf8) }
        await propertyCheck(count: Self.iterations, input: Gen.element(of: pieces).array(of: 0...60)) { chosen in
            Self.check(chosen.compactMap { $0 }.reduce(Data(), +))
        }
    }

    @Test("A well-formed body with random bytes changed")
    func mutated() async {
        let seed = Data(
            "--XyZ\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\ntok\r\n--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.json\"\r\n\r\n{\"format\":\"tend\"}\r\n--XyZ--\r\n"
                .utf8)
        await propertyCheck(count: Self.iterations, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...8)) { operations in
            var bytes = [UInt8](seed)
            for operation in operations where !bytes.isEmpty {
                let position = operation % bytes.count
                switch (operation >> 16) % 3 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: operation >> 8)
                case 1: bytes.remove(at: position)
                default: bytes.insert(contentsOf: bytes[position..<min(bytes.count, position + 40)], at: (operation >> 4) % bytes.count)
                }
            }
            Self.check(Data(bytes))
        }
    }

    @Test("More parts than a form has are refused, not collected")
    func tooManyParts() throws {
        let part = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n"
        let body = Data((String(repeating: part, count: MultipartForm.maximumParts + 1) + "--XyZ--\r\n").utf8)
        #expect(throws: MultipartForm.Failure.malformed("more than \(MultipartForm.maximumParts) parts")) {
            try MultipartForm.layout(of: body, boundary: "XyZ")
        }
    }
}
