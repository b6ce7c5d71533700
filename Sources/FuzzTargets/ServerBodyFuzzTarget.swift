import Foundation
import Simulation
import Workbench

/// Reads an input as what a developer's server sends the App Store's 2026 surfaces, or answers
/// them: its first byte chooses the form, the rest is the body.
///
/// - 0: an image for Upload Image (a PNG, read chunk by chunk);
/// - 1: Upload Message's JSON body;
/// - 2: Configure Default Message's JSON body;
/// - 3: Configure Realtime URL's JSON body;
/// - 4: Send External Purchase Report's JSON body;
/// - 5: the app server's answer to a realtime retention request, read as the cancellation flow
///   reads it (a message, an alternate product or an offer whose signature is checked).
///
/// Every input ends in an answer (a status and Apple's error body) or a flow: nothing else may
/// happen. The world is made once: a subscriber of `pro.monthly` on the built-in catalog, with an
/// image, an approved message, its default message and a realtime URL.
public enum ServerBodyFuzzTarget: FuzzTarget {
  /// `ServerBodyFuzzer`.
  public static let name = "ServerBodyFuzzer"

  /// The form byte of each form, in order.
  public static let forms = [
    "image", "message", "default-message", "realtime-url", "external-purchase-report", "realtime-answer",
  ]

  /// A realtime URL nothing answers: the answer is the input, given by ``Answering``.
  static let realtimeURL = "http://127.0.0.1:9/retention"

  /// The message the world was given, for seeds that name it.
  public static let messageIdentifier = "5e0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001"

  /// The world, made once; inputs run on one thread at a time (libFuzzer's, or the serialized
  /// replay tests').
  nonisolated(unsafe) static let session: Session = {
    let script = """
      buy pro.monthly
      notify-url add http://127.0.0.1:9/notifications
      external-purchase link-out --type services
      """
    let (session, result) = FuzzScript.run(script)
    precondition(result?.passed == true, "fuzz: the server-body world failed: \(String(describing: result))")
    let world = session.world
    let answers = [
      call(world, "PUT", "/inApps/v1/messaging/image/6f0f6a52-1d4e-4e0b-9a37-6ae2bc0a0001", seedImage),
      call(
        world, "PUT", "/inApps/v1/messaging/message/\(messageIdentifier)",
        Array(#"{"header":"Before you go","body":"Keep it."}"#.utf8)),
      call(
        world, "PUT", "/inApps/v1/messaging/default/pro.monthly/en-US",
        Array(#"{"messageIdentifier":"\#(messageIdentifier)"}"#.utf8)),
      call(
        world, "PUT", "/inApps/v1/messaging/realtime/url", Array(#"{"realtimeURL":"\#(realtimeURL)"}"#.utf8)),
    ]
    precondition(
      answers.allSatisfy { $0.status == 200 }, "fuzz: the server-body world's configuration failed")
    return session
  }()

  /// The committed image seed (`Fuzz/Seeds/ServerBodyFuzzer/image.png`, 3840 × 400) without its
  /// form byte.
  static let seedImage: [UInt8] = {
    let path = FuzzEnvironment.checkout.appendingPathComponent("Fuzz/Seeds/ServerBodyFuzzer/image.png")
    guard let data = FileManager.default.contents(atPath: path.path) else {
      preconditionFailure("fuzz: \(path.path) is missing")
    }
    return Array(data.dropFirst())
  }()

  /// Runs one input.
  ///
  /// - Parameter input: The form byte, then the body.
  public static func run(_ input: [UInt8]) {
    guard let form = input.first else { return }
    let body = Array(input.dropFirst())
    let world = session.world
    switch form % UInt8(forms.count) {
    case 0: answer(call(world, "PUT", "/inApps/v1/messaging/image/\(UUID().uuidString)", body))
    case 1: answer(call(world, "PUT", "/inApps/v1/messaging/message/\(UUID().uuidString)", body))
    case 2: answer(call(world, "PUT", "/inApps/v1/messaging/default/pro.monthly/en-US", body))
    case 3: answer(call(world, "PUT", "/inApps/v1/messaging/realtime/url", body))
    case 4: answer(call(world, "PUT", "/externalPurchase/v1/reports", body))
    default: openFlow(answering: body, in: world)
    }
  }

  private static func call(_ world: World, _ method: String, _ path: String, _ body: [UInt8]) -> APIResponse {
    AppStoreServerAPI.respond(to: APIRequest(method: method, path: path, body: body), in: world)
  }

  /// An answer must be a success or an error with Apple's body.
  private static func answer(_ response: APIResponse) {
    precondition((200..<600).contains(response.status), "status \(response.status)")
    _ = String(decoding: response.body, as: UTF8.self)
  }

  /// Opens the cancellation flow with the input as the app server's answer, then closes it.
  private static func openFlow(answering body: [UInt8], in world: World) {
    let live = world.notificationTransport
    world.notificationTransport = Answering(body: body)
    defer { world.notificationTransport = live }
    guard let account = world.store.account(named: "default") else { return }
    do {
      let flow = try world.openCancellationFlow(productId: "pro.monthly", locale: "en-US", account: account)
      // An answer the flow cannot use falls back to the default message, which is always there.
      precondition(flow.message != nil || flow.source == .server, "no message after \(flow.source)")
      try world.answerCancellationFlow(.close, account: account)
    } catch {
      _ = error.description
    }
  }

  /// A transport whose realtime calls are answered 200 with one body, at once; notifications
  /// succeed.
  final class Answering: NotificationTransport, @unchecked Sendable {
    let body: [UInt8]

    init(body: [UInt8]) { self.body = body }

    func post(_ body: [UInt8], to url: String, timeout: Duration) -> SendAttemptResult { .success }

    func exchange(_ body: [UInt8], to url: String, timeout: Duration) -> RealtimeExchange {
      .answered(status: 200, body: self.body, milliseconds: 1)
    }
  }
}
