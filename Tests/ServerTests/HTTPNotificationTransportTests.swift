import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
import Simulation
import Testing

@testable import Server

/// The transport against a tiny receiver on 127.0.0.1 that answers by path.
@Suite struct HTTPNotificationTransportTests {
  /// A receiver: `/ok` 200, `/fail` 500, `/slow` after 2 s; it records the bodies it got.
  static func receiver() -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.post("/ok") { request, _ -> Response in
      let body = try await request.body.collect(upTo: 1 << 16)
      let isJSON = request.headers[.contentType] == "application/json"
      return Response(status: isJSON && String(buffer: body) == #"{"signedPayload":"x"}"# ? .ok : .badRequest)
    }
    router.post("/fail") { _, _ in Response(status: .internalServerError) }
    router.post("/slow") { _, _ -> Response in
      try await Task.sleep(for: .seconds(2))
      return Response(status: .ok)
    }
    return router
  }

  /// Posts from a thread of its own, as the world's owner does (never on the cooperative pool).
  ///
  /// The default timeout is long: a test run busy on both cores once took more than 5 s for the
  /// first answer, and a request that should be answered must never be judged on the machine's load.
  static func post(
    _ transport: HTTPNotificationTransport, to url: String, timeout: Duration = .seconds(60)
  ) async
    -> SendAttemptResult
  {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          returning: transport.post(Array(#"{"signedPayload":"x"}"#.utf8), to: url, timeout: timeout))
      }
    }
  }

  @Test func mapsAnswersToSendAttemptResults() async throws {
    let transport = HTTPNotificationTransport()
    defer { transport.shutdown() }
    let app = Application(
      router: Self.receiver(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in
      let base = "http://127.0.0.1:\(client.port ?? 0)"
      #expect(await Self.post(transport, to: base + "/ok") == .success)
      #expect(await Self.post(transport, to: base + "/fail") == .unsuccessfulHTTPResponseCode)
      #expect(await Self.post(transport, to: base + "/missing") == .unsuccessfulHTTPResponseCode)
      #expect(await Self.post(transport, to: base + "/slow", timeout: .milliseconds(300)) == .timedOut)
    }
  }

  @Test func deadPortIsASocketIssue() async throws {
    let transport = HTTPNotificationTransport()
    defer { transport.shutdown() }
    let port = try await Self.closedPort()
    // A transport that kept retrying the refused connection would give up at the timeout instead
    // (TIMED_OUT): one attempt, as Apple makes, answers SOCKET_ISSUE, whatever the machine's load.
    #expect(
      await Self.post(transport, to: "http://127.0.0.1:\(port)/", timeout: .seconds(10)) == .socketIssue)
    #expect(await Self.post(transport, to: "not a url") == .other)
  }

  @Test func connectionClosedBeforeAnAnswerIsAPrematureClose() async throws {
    let transport = HTTPNotificationTransport()
    defer { transport.shutdown() }
    // A listener that reads the request, then closes the connection without answering.
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .childChannelInitializer { channel in channel.pipeline.addHandler(CloseOnRead()) }
      .bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress?.port ?? 0
    let result = await Self.post(transport, to: "http://127.0.0.1:\(port)/")
    try await channel.close()
    #expect(result == .prematureClose)
  }

  /// A port nothing listens on: bound, then closed.
  static func closedPort() async throws -> Int {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress?.port ?? 0
    try await channel.close()
    return port
  }
}

/// Closes a connection as soon as anything arrives on it.
final class CloseOnRead: ChannelInboundHandler, Sendable {
  typealias InboundIn = ByteBuffer

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    context.close(promise: nil)
  }
}
