import ArgumentParser
import Simulation
import Store

/// `notify TYPE [SUBTYPE] [TXN]`.
struct NotifyCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "notify",
    abstract: "Send a server notification of any type now, for a chosen transaction (TEST needs none).",
    discussion: """
      The type and subtype must be a pair of Apple's table, such as DID_RENEW, DID_RENEW BILLING_RECOVERY \
      or EXPIRED VOLUNTARY. The transaction (#N, last or an id; default last) is carried as \
      signedTransactionInfo, with its subscription's renewal info and status; CONSUMPTION_REQUEST gives \
      the pending refund request's reason, else OTHER; RESCIND_CONSENT carries the current account's app \
      transaction (appData) and no transaction. PRICE_CHANGE is the Advanced Commerce API's, which \
      storebench does not simulate: sent here for a subscription's transaction. Needs a notification \
      URL for the world's environment.
      """)

  @Argument(
    help: "The notificationType, such as DID_RENEW or TEST.",
    completion: .list(ServerEvent.Kind.allCases.map(\.rawValue)))
  var type: String

  @Argument(
    help: "The subtype, if the type has one, then the transaction.",
    completion: .session(.words(ServerEvent.Subtype.allCases.map(\.rawValue)), .transactions))
  var rest: [String] = []

  func validate() throws {
    try requireNonEmpty(type, "the notification type")
    try requireNonEmpty(rest, "the subtype or transaction")
  }

  func execute(in session: Session) throws {
    guard let kind = ServerEvent.Kind(rawValue: type) else {
      throw WorkbenchError(
        .invalidValue,
        "\(type) is not a notification type (\(ServerEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    var words = rest[...]
    var subtype: ServerEvent.Subtype?
    if let first = words.first, let parsed = ServerEvent.Subtype(rawValue: first) {
      subtype = parsed
      words = words.dropFirst()
    }
    guard kind.admits(subtype) else {
      let pairs = kind.subtypes.map { $0.map { "\(type) \($0.rawValue)" } ?? type }
      throw WorkbenchError(
        .invalidValue,
        "\(type)\(subtype.map { " \($0.rawValue)" } ?? " alone") is not in Apple's table (\(pairs.joined(separator: ", ")))"
      )
    }
    guard words.count <= 1 else { throw WorkbenchError(.invalidValue, "notify takes TYPE [SUBTYPE] [TXN]") }
    if kind == .rescindConsent {
      guard words.isEmpty else {
        throw WorkbenchError(.invalidValue, "RESCIND_CONSENT carries no transaction")
      }
      let record = try session.world.sendRescindConsent(account: session.account)
      session.print("sent \(record.name) \(record.notificationUUID)")
      return
    }
    let transaction = kind == .test ? nil : try session.transactionNumber(words.first ?? "last")
    if kind == .test, !words.isEmpty { throw WorkbenchError(.invalidValue, "TEST carries no transaction") }
    let reason =
      kind == .consumptionRequest
      ? (transaction.flatMap { session.world.store.refundRequests[$0]?.reason } ?? .other).rawValue : nil
    let record = try session.world.sendNotification(
      kind, subtype, transactionNumber: transaction, consumptionRequestReason: reason)
    session.print("sent \(record.name) \(record.notificationUUID)")
  }
}
