import NIOCore
import NIOHTTP1
import NIOPosix

/// The reminder benchmark's default webhook receiver: NIO's HTTP/1.1 server pipeline and one
/// handler that notes each request's end and answers `200` with an empty body on the same
/// connection. A real receiver (ntfy, a phone's push service) runs elsewhere; on this machine's
/// two cores whatever the receiver spends is taken from the scheduler, so the benchmark's receiver
/// is as cheap as HTTP allows. `TEND_BENCH_RECEIVER=hummingbird` uses a Hummingbird router
/// instead, to compare with figures taken with it (docs/performance.md).
enum BareWebhookReceiver {
    final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let arrived: @Sendable () -> Void

        init(arrived: @escaping @Sendable () -> Void) {
            self.arrived = arrived
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            arrived()
            var head = HTTPResponseHead(version: .http1_1, status: .ok)
            head.headers.add(name: "Content-Length", value: "0")
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    /// Listens on 127.0.0.1, on a port of the system's choosing; `arrived` is called once per request.
    static func start(arrived: @escaping @Sendable () -> Void) async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(arrived: arrived))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }
}
