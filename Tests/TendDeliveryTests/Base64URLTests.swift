import Foundation
import TendCore
import TendDelivery
import Testing

@Suite("Base64URL: the alphabet of Web Push keys and tokens")
struct Base64URLTests {
    @Test("Encoding uses - and _ and no padding; decoding reads it back", arguments: 0...6)
    func roundTrip(length: Int) {
        let bytes = Data((0..<length).map { UInt8(truncatingIfNeeded: 0xFB + $0) })
        let text = Base64URL.encode(bytes)
        #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
        #expect(Base64URL.decode(text) == bytes)
    }

    @Test("Known values: 0xfb 0xff encodes as -_8")
    func knownValue() {
        #expect(Base64URL.encode(Data([0xFB, 0xFF])) == "-_8")
        #expect(Base64URL.decode("-_8") == Data([0xFB, 0xFF]))
        #expect(Base64URL.decode("-_8=") == Data([0xFB, 0xFF]))
    }

    @Test("Standard base64's + and /, whitespace and impossible lengths are refused", arguments: ["+_8", "-/8", "-_ 8", "A", "AAAAA"])
    func refused(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }
}
