import Foundation
import NIOCore
import TendCore
import Testing

@testable import TendWeb

@Suite("Assets embedded in the binary")
struct AssetTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/TendWeb/Assets")

    @Test("Every file of Sources/TendWeb/Assets is served, with its bytes")
    func everyFileServed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }
        #expect(Set(files) == Set(WebAssets.all.keys))
        for name in files {
            let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            #expect(Data(WebAssets.named(name).body.readableBytesView) == bytes, "\(name)")
        }
    }

    @Test("The stylesheet has every habit colour, light and dark")
    func colours() throws {
        let css = String(buffer: WebAssets.css.body)
        for color in HabitColor.allCases {
            #expect(css.contains(".hc-\(color.rawValue) { --hc: \(color.lightHex); }"), "\(color) light")
            #expect(css.contains(".hc-\(color.rawValue) { --hc: \(color.darkHex); }"), "\(color) dark")
        }
    }

    @Test("The manifest names the app and its 192 px, 512 px and maskable icons, which are PNGs of those sizes")
    func manifest() throws {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(WebAssets.named("manifest.webmanifest").body.readableBytesView)) as? [String: Any])
        #expect(json["name"] as? String == "Tend")
        #expect(json["start_url"] as? String == "/")
        #expect(json["display"] as? String == "standalone")
        let icons = try #require(json["icons"] as? [[String: String]])
        for (file, size, purpose) in [
            ("icon-192.png", 192, "any"), ("icon-512.png", 512, "any"), ("icon-maskable-512.png", 512, "maskable"),
        ] {
            #expect(icons.contains { $0["src"] == "/assets/\(file)" && $0["sizes"] == "\(size)x\(size)" && $0["purpose"] == purpose })
            let png = Array(WebAssets.named(file).body.readableBytesView)
            #expect(png.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == size && height == size, "\(file)")
        }
    }

    @Test("The service worker is served with its version and the assets to cache filled in")
    func serviceWorker() {
        let script = String(buffer: WebAssets.serviceWorker)
        #expect(!script.contains("__TEND_"))
        #expect(script.contains(#"const VERSION = "\#(WebAssets.version)";"#))
        #expect(script.contains(WebAssets.css.url))
        for name in WebAssets.modules {
            #expect(script.contains("\"\(WebAssets.named(name).url)\""), "\(name)")
        }
    }

    @Test("A module imports only modules, which are served at its version's path")
    func moduleImports() {
        for name in WebAssets.modules {
            let text = String(buffer: WebAssets.named(name).body)
            for match in text.matches(of: /from "\.\/([a-z]+\.js)"/) {
                #expect(WebAssets.modules.contains(String(match.1)), "\(name) imports \(match.1)")
            }
        }
        #expect(WebAssets.script.url == "/assets/js/\(WebAssets.moduleVersion)/app.js")
    }
}
