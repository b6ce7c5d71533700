import Simulation
import Store

extension Expectation {
  /// Checks an assertion about what the app's StoreKit 2 side sees.
  func checkStoreKit2(in session: Session) throws {
    let app = session.device.storeKit2
    switch self {
    case .entitlement(let productId, let entitled):
      let record = CurrentEntitlements.of(
        try session.account, at: session.world.store.clock.now, productId: productId)
      try require(
        (record != nil) == entitled,
        record.map { "\(productId) is entitled (\($0.transactionId))" } ?? "no entitlement to \(productId)")
    case .storeKit2Status(let productId, let state):
      let store = session.world.store
      let subscription = try store.subscription(for: productId, account: session.account)
      let actual = RenewalState(subscription.status(at: store.clock.now))
      try require(actual == state, "\(productId) is \(actual.rawValue), expected \(state.rawValue)")
    case .purchaseResult(let word):
      guard let last = app.results.last else {
        throw ExpectationFailure("the app has made no purchase through StoreKit 2 since launch")
      }
      try require(last.word == word, "the last purchase result is \(last.word), expected \(word)")
    case .update(let reference):
      let transactionId = try session.transactionNumber(reference)
      try require(
        app.updates.contains { $0.transactionId == String(transactionId) },
        "Transaction.updates did not give \(reference) (\(Wording.plural(app.updates.count, "update")) since launch)"
      )
    case .updateCount(let count):
      try require(
        app.updates.count == count,
        "\(Wording.plural(app.updates.count, "update")) since launch, expected \(count)")
    default:
      break
    }
  }
}
