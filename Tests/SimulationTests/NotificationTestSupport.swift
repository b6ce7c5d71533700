import Foundation
import Queue
import Store
import Testing
import Verifier

@testable import Simulation

/// A transport that records each post and answers with the results it is given, in turn (then
/// `SUCCESS`).
final class ScriptedTransport: NotificationTransport, @unchecked Sendable {
  /// One post: where, and the body.
  struct Post {
    var url: String
    var body: String
  }

  private(set) var posts: [Post] = []
  var results: [SendAttemptResult]

  init(results: [SendAttemptResult] = []) {
    self.results = results
  }

  /// What realtime calls answer, in turn (then a failure, `OTHER`).
  var exchanges: [RealtimeExchange] = []
  /// The realtime calls' bodies.
  private(set) var realtimePosts: [Post] = []

  func post(_ body: [UInt8], to url: String, timeout: Duration) -> SendAttemptResult {
    posts.append(Post(url: url, body: String(decoding: body, as: UTF8.self)))
    return results.isEmpty ? .success : results.removeFirst()
  }

  func exchange(_ body: [UInt8], to url: String, timeout: Duration) -> RealtimeExchange {
    realtimePosts.append(Post(url: url, body: String(decoding: body, as: UTF8.self)))
    return exchanges.isEmpty ? .failed(.other, milliseconds: 0) : exchanges.removeFirst()
  }
}

/// `responseBodyV2DecodedPayload`, as a backend decodes it.
struct DecodedNotification: Decodable {
  struct Payload: Decodable {
    /// Absent in the sandbox, as Apple's.
    var appAppleId: Int64?
    var bundleId: String
    var bundleVersion: String?
    var environment: String
    var signedTransactionInfo: String?
    var signedRenewalInfo: String?
    var status: Int?
    var consumptionRequestReason: String?
  }

  var notificationType: String
  var subtype: String?
  var notificationUUID: String
  var data: Payload
  var version: String?
  var signedDate: Int64
}

/// A notification checked as Apple's SignedDataVerifier would: the JWS chain to the world's root,
/// then the transaction and renewal info it carries.
struct CheckedNotification {
  var payload: DecodedNotification
  var transaction: JWSTransactionDecodedPayload?
  var renewalInfo: JWSRenewalInfoDecodedPayload?

  var name: String { payload.subtype.map { "\(payload.notificationType)/\($0)" } ?? payload.notificationType }
}

extension World {
  /// A world on the default catalog with a URL registered and a scripted transport.
  static func notifying(
    _ environment: Verifier.Environment = .sandbox, urls: [String] = ["http://127.0.0.1:9/"],
    transport: ScriptedTransport? = ScriptedTransport()
  ) throws -> World {
    let world = try World.onDefaultCatalog()
    world.environment = environment
    world.notificationTransport = transport
    for url in urls { try world.notifications.add(NotificationURL(url, environment: environment)) }
    return world
  }

  /// Every notification so far, verified and decoded.
  func checkedNotifications() throws -> [CheckedNotification] {
    try notifications.records.map { try check($0) }
  }

  /// The names (`TYPE/SUBTYPE`) of the notifications made from `index` on.
  func notificationNames(from index: Int = 0) -> [String] {
    notifications.records.dropFirst(index).map(\.name)
  }

  /// Verifies a record's signed payload against the world's root and decodes what it carries.
  func check(_ record: NotificationRecord) throws -> CheckedNotification {
    let verifier = JWSVerifier(trustedRoots: [try authority().root])
    let at = record.createdDate
    let payload = try verifier.verify(record.signedPayload, at: at).decodePayload(
      as: DecodedNotification.self)
    #expect(try JSONSerialization.jsonObject(with: Data(record.payloadJSON.utf8)) is [String: Any])
    let transaction = try payload.data.signedTransactionInfo.map {
      try verifier.verify($0, at: at).decodePayload(as: JWSTransactionDecodedPayload.self)
    }
    let renewal = try payload.data.signedRenewalInfo.map {
      try verifier.verify($0, at: at).decodePayload(as: JWSRenewalInfoDecodedPayload.self)
    }
    return CheckedNotification(payload: payload, transaction: transaction, renewalInfo: renewal)
  }

  /// Buys with a promotional offer.
  func buy(_ productId: String, offer: String) throws -> PaymentTransaction {
    let transaction = try device.queue.add(Payment(productId: productId, offerId: offer))
    settle()
    return transaction
  }

  /// The transaction number of a purchase.
  func number(_ transaction: PaymentTransaction) throws -> UInt64 {
    try #require(transaction.record?.transactionNumber)
  }
}
