import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
import TendAPI
import TendWords

/// Why a request to the server did not succeed.
enum SyncFailure: Error, CustomStringConvertible {
    /// No answer (no route, refused connection, a timeout, a proxy's 502–504): offline.
    case unreachable(String)
    /// The server refused the token (revoked or expired).
    case signedOut(String)
    /// The server refused the request: its problem's detail.
    case refused(status: Int, detail: String)

    /// What went wrong, for a person, in the current words' language.
    var description: String {
        switch self {
        case .unreachable(let reason): t("the server did not answer ({reason})", ["reason": Self.reasonText(reason)])
        case .signedOut(let detail): t("the server refused this device's token ({detail})", ["detail": detail])
        case .refused(_, let detail): detail
        }
    }

    /// The same in English: what the database keeps as the last error and `--json` shows, which
    /// never change with the language.
    var english: String { Words.$current.withValue(.english) { self.description } }

    /// A reason ``SyncHTTP`` gives (in English, as it is kept) in the current words' language.
    static func reasonText(_ reason: String) -> String {
        switch reason {
        case "no answer in time": t("no answer in time")
        case "connection refused": t("connection refused")
        case "no route to host": t("no route to host")
        case "network unreachable": t("network unreachable")
        case "connection reset": t("connection reset")
        case "connection closed": t("connection closed")
        case "unknown host": t("unknown host")
        default: reason
        }
    }
}

/// JSON requests to a Tend server, each bounded by `timeout` from connecting to the last byte.
struct SyncHTTP: Sendable {
    let server: String
    let token: String?
    let timeout: TimeAmount
    /// Counts the bytes of bodies sent and received, when given.
    var traffic: Traffic? = nil

    /// Body bytes both ways (what a sync costs on the wire, headers aside).
    final class Traffic: Sendable {
        private let counts = Mutex((sent: 0, received: 0))
        var sent: Int { counts.withLock { $0.sent } }
        var received: Int { counts.withLock { $0.received } }

        func add(sent: Int, received: Int) {
            counts.withLock { $0 = ($0.sent + sent, $0.received + received) }
        }
    }

    /// One sync round (``SyncRequest``'s and ``SyncResponse``'s own JSON readers and writers: a
    /// first sync moves years of operations).
    func sync(_ body: SyncRequest) async throws -> SyncResponse {
        let path = APIRoute.sync.path.pattern
        let data = try await send(APIRoute.sync, path, encoded: try body.json())
        if let answer = SyncResponse(fastJSON: Array(data)) { return answer }
        return try decode(SyncResponse.self, data, path)
    }

    /// Sends to one of the API's routes; `path` is the route's path with its values filled in
    /// (and any query), when it has some.
    func send<Answer: Decodable>(
        _ route: APIRoute, _ path: String? = nil, json body: (some Encodable)?, as: Answer.Type
    ) async throws -> Answer {
        let path = path ?? route.path.pattern
        return try decode(Answer.self, try await send(route, path, json: body), path)
    }

    private func decode<Answer: Decodable>(_ type: Answer.Type, _ data: Data, _ path: String) throws -> Answer {
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(Answer.self, from: data)
        } catch {
            throw SyncFailure.refused(status: 200, detail: "the server's answer to \(path) is not what Tend expects: \(error)")
        }
    }

    @discardableResult
    func send(_ route: APIRoute, _ path: String? = nil, json body: (some Encodable)?) async throws -> Data {
        var encoded: Data?
        if let body {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoded = try encoder.encode(body)
        }
        return try await send(route, path ?? route.path.pattern, encoded: encoded)
    }

    /// Sends a JSON body already encoded.
    private func send(_ route: APIRoute, _ path: String, encoded body: (some Collection<UInt8>)?) async throws -> Data {
        var request = HTTPClientRequest(url: server + path)
        request.method = HTTPMethod(rawValue: route.method.rawValue)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "tend-cli")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            traffic?.add(sent: body.count, received: 0)
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let response: HTTPClientResponse
        let bytes: ByteBuffer
        do {
            let deadline = NIODeadline.now() + timeout
            response = try await Self.client.execute(request, deadline: deadline)
            bytes = try await response.body.collect(upTo: 256 << 20)
        } catch {
            throw SyncFailure.unreachable(Self.reason(error))
        }
        let data = Data(bytes.readableBytesView)
        traffic?.add(sent: 0, received: data.count)
        switch response.status.code {
        case 200..<300:
            return data
        case 401:
            throw SyncFailure.signedOut(Self.detail(data) ?? "401")
        case 502, 503, 504:
            throw SyncFailure.unreachable("\(response.status.code) from \(server)")
        default:
            throw SyncFailure.refused(
                status: Int(response.status.code), detail: Self.detail(data) ?? "\(response.status.code) \(response.status.reasonPhrase)")
        }
    }

    /// The CLI's client: a refused connection fails at once instead of being tried again until the
    /// deadline (a server that is down is "offline" now, not after the 2 s a command may spend).
    /// Process-wide, never shut down: the process ends with the command.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(2)))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// A problem body's detail.
    private static func detail(_ data: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["detail"] as? String
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout: return "no answer in time"
            default: break
            }
        }
        let text = String(describing: error)
        for (needle, reason) in [
            ("Connection refused", "connection refused"), ("No route to host", "no route to host"),
            ("Network is unreachable", "network unreachable"), ("Connection reset", "connection reset"),
            ("remoteConnectionClosed", "connection closed"), ("NXDOMAIN", "unknown host"), ("lookup", "unknown host"),
        ] where text.contains(needle) {
            return reason
        }
        return text
    }
}
