import ArgumentParser
import Foundation
import Simulation
import Store
import Verifier

/// `notifications [--decode]`.
struct NotificationsCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "notifications",
    abstract: "List the server notifications sent: time, type/subtype, transaction, and each attempt.",
    discussion: """
      --decode adds each decoded payload (responseBodyV2DecodedPayload) and the decoded \
      signedTransactionInfo and signedRenewalInfo it carries.
      """)

  @Flag(help: "Print the decoded payloads too.")
  var decode = false

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let records = session.world.notifications.records
    guard !records.isEmpty else { return session.print("no notification sent") }
    for record in records {
      let transaction = record.transactionNumber.map { " \($0)" } ?? ""
      session.print(
        "\(Timestamp.iso8601(record.createdDate)) \(record.name)\(transaction) [\(record.environment.rawValue)]"
      )
      for delivery in record.deliveries {
        let attempts = delivery.attempts.map { "\(Timestamp.iso8601($0.attemptDate)) \($0.result.rawValue)" }
        var line =
          "  \(delivery.url): " + (attempts.isEmpty ? "not attempted yet" : attempts.joined(separator: ", "))
        if let next = delivery.nextAttemptDate { line += "; next attempt \(Timestamp.iso8601(next))" }
        session.print(line)
      }
      if decode { try printDecoded(record, in: session) }
    }
  }

  private func printDecoded(_ record: NotificationRecord, in session: Session) throws {
    session.print("  payload \(record.payloadJSON)")
    for (name, token) in try signedData(in: record) {
      do {
        let decoded = try JWSToken(compact: token)
        session.print("  \(name) \(String(decoding: decoded.payload, as: UTF8.self))")
      } catch {
        throw WorkbenchError(
          .invalidValue, "notification \(record.notificationUUID): \(name) is not a JWS: \(error)")
      }
    }
  }

  /// The JWS members of the payload's `data`.
  private func signedData(in record: NotificationRecord) throws -> [(String, String)] {
    struct Payload: Decodable {
      struct Data: Decodable {
        var signedTransactionInfo: String?
        var signedRenewalInfo: String?
      }
      var data: Data?
    }
    let payload: Payload
    do {
      payload = try JSONDecoder().decode(Payload.self, from: Foundation.Data(record.payloadJSON.utf8))
    } catch {
      throw WorkbenchError(
        .notAllowed, "notification \(record.notificationUUID): its payload does not read back: \(error)")
    }
    guard let data = payload.data else { return [] }
    return [
      ("signedTransactionInfo", data.signedTransactionInfo), ("signedRenewalInfo", data.signedRenewalInfo),
    ]
    .compactMap { name, token in token.map { (name, $0) } }
  }
}
