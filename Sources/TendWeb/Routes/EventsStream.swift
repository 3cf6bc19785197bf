import AsyncAlgorithms
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import TendAPI
import TendHTTP
import TendStore

/// `GET /events`: server-sent events for the signed-in user. Each change to their data (from
/// any tab, device, server instance or the API) sends `event: change` with the op-log position
/// as its id. The first message, with no event, carries the position the stream began at; a
/// stream opened behind the log (`Last-Event-ID` on a reconnection, `?after=` from a page) begins
/// with a change. A comment every 25 seconds keeps proxies from closing the idle connection. The
/// stream ends when the session or token that opened it ends (signed out, revoked, expired): it is
/// checked every ``credentialCheck``.
struct EventsStream {
    let web: WebDependencies
    typealias Context = TendRequestContext

    static let heartbeat: Duration = .seconds(25)
    static let credentialCheck: Duration = .seconds(5)

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(WebPaths.events.route(), use: events)
    }

    @Sendable func events(_ request: Request, context: Context) async throws -> Response {
        let identity = try context.requireIdentity()
        let owner = identity.owner
        // Where the page's data is from: the last change a reconnecting stream heard of (the
        // browser sends it back as Last-Event-ID), or the position a page was rendered at (`after`).
        let after = (request.headers[HTTPField.Name("Last-Event-ID")!] ?? request.query("after")).flatMap { Int64($0) }
        let (changes, position) = try await web.live.subscribe(owner, after: after)
        let (messages, output) = AsyncStream.makeStream(of: String.self)
        let forward = Task {
            for await sequence in changes { output.yield("event: change\nid: \(sequence)\ndata: \(sequence)\n\n") }
            output.finish()
        }
        let beat = Task {
            for await _ in AsyncTimerSequence(interval: Self.heartbeat, clock: .continuous) { output.yield(": keep-alive\n\n") }
        }
        let hash = Secrets.hash(identity.secret)
        let credential = Task { [web] in
            for await _ in AsyncTimerSequence(interval: Self.credentialCheck, clock: .continuous) {
                let token: AuthToken?
                do {
                    token = try await web.store.authenticate(tokenHash: hash, now: web.now)
                } catch {
                    continue  // a failed read ends nothing: the next check tries again
                }
                guard token?.id == identity.token.id else { break }
            }
            if !Task.isCancelled { output.finish() }
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
                HTTPField.Name("X-Accel-Buffering")!: "no",
            ],
            body: ResponseBody { writer in
                defer {
                    forward.cancel()
                    beat.cancel()
                    credential.cancel()
                }
                // The position as the stream's first id: a stream that drops and reconnects before
                // any change says where it was (Last-Event-ID) and hears of what it missed.
                try await writer.write(ByteBuffer(string: "retry: 2000\nid: \(position)\n: connected\n\n"))
                // A server that is stopping ends the stream (the browser reconnects elsewhere).
                try await withGracefulShutdownHandler {
                    guard context.remoteAddress != nil else {
                        // Router tests have no connection to watch (nor a streamed request body).
                        for await message in messages { try await writer.write(ByteBuffer(string: message)) }
                        return
                    }
                    // A page that closes is noticed when its connection's inbound side ends, not
                    // at the next write (a heartbeat up to 25 s later): its watcher stops at once.
                    try await request.body.consumeWithInboundCloseHandler { _ in
                        for await message in messages { try await writer.write(ByteBuffer(string: message)) }
                    } onInboundClosed: {
                        output.finish()
                    }
                } onGracefulShutdown: {
                    output.finish()
                }
                try await writer.finish(nil)
            })
    }
}
