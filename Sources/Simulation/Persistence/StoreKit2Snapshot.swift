import Foundation

/// The StoreKit 2 side of a device's app in a saved world: which API the app uses, its listener's
/// policy and state, what the listener got and what the purchase calls returned since launch, and
/// the damages armed for the next signed transactions. Absent in files from before StoreKit 2 and
/// for a StoreKit 1 app that never used it.
struct StoreKit2Snapshot: Codable, Hashable {
  /// A listener update.
  struct Update: Codable, Hashable {
    var handle: Int?
    var transactionId: String
    var productId: String
    var origin: String
    var verification: String
    var date: Double
  }

  /// A purchase call's result: `success`, `userCancelled`, `pending` or `error`.
  struct Result: Codable, Hashable {
    var result: String
    var handle: Int?
    var transactionId: String?
    var verification: String?
    var error: String?
  }

  var api: String
  var finishes: Bool
  var verifies: Bool
  var startsAtLaunch: Bool
  var isListening: Bool
  var updates: [Update]
  /// How many updates the listener got since launch, when more than ``updates`` keeps (absent in
  /// files written before the app forgot its oldest updates, and when all are kept).
  var updatesSinceLaunch: Int?
  var results: [Result]
  var damages: [String]

  init(_ device: Device) {
    let app = device.storeKit2
    api = device.api.rawValue
    finishes = app.policy.finishes
    verifies = app.policy.verifies
    startsAtLaunch = app.policy.startsAtLaunch
    isListening = app.isListening
    updates = app.updates.map {
      Update(
        handle: $0.handle, transactionId: $0.transactionId, productId: $0.productId,
        origin: $0.origin.rawValue,
        verification: $0.verification.description, date: $0.date.secondsSince1970)
    }
    updatesSinceLaunch = app.updatesSinceLaunch > app.updates.count ? app.updatesSinceLaunch : nil
    results = app.results.map(Self.result)
    damages = app.damages.map(\.rawValue)
  }

  /// Whether a device's StoreKit 2 side is as a new StoreKit 1 app's (nothing to save).
  static func isUnused(_ device: Device) -> Bool {
    let app = device.storeKit2
    return device.api == .storeKit1 && app.policy == ListenerPolicy() && app.updates.isEmpty
      && app.results.isEmpty && app.damages.isEmpty
  }

  /// Gives a restored device its StoreKit 2 side, without launching anything.
  func restore(into device: Device, at path: String) throws(WorldFileError) {
    device.api = try SnapshotPath.parse(api, as: AppStoreKitChoice.self, at: path + ".api")
    let app = device.storeKit2
    var policy = ListenerPolicy()
    policy.finishes = finishes
    policy.verifies = verifies
    policy.startsAtLaunch = startsAtLaunch
    app.policy = policy
    app.isListening = isListening
    var restored: [StoreKit2Update] = []
    for (index, update) in updates.enumerated() {
      let at = "\(path).updates[\(index)]"
      restored.append(
        StoreKit2Update(
          handle: update.handle, transactionId: update.transactionId, productId: update.productId,
          origin: try SnapshotPath.parse(update.origin, as: StoreKit2Update.Origin.self, at: at + ".origin"),
          verification: try Self.verification(update.verification, at: at + ".verification"),
          date: SnapshotPath.date(update.date)))
    }
    let since = updatesSinceLaunch ?? restored.count
    guard since >= restored.count else {
      throw WorldFileError(
        path: path + ".updatesSinceLaunch",
        reason: "\(since) is fewer than the \(restored.count) updates kept")
    }
    app.restore(updates: restored, sinceLaunch: since)
    app.results = []
    for (index, result) in results.enumerated() {
      app.results.append(try Self.result(result, at: "\(path).results[\(index)]"))
    }
    app.damages = []
    for (index, damage) in damages.enumerated() {
      app.damages.append(
        try SnapshotPath.parse(damage, as: VerificationError.self, at: "\(path).damages[\(index)]"))
    }
  }

  private static func result(_ result: PurchaseResult) -> Result {
    switch result {
    case .success(let handle, let transactionId, let verification):
      Result(
        result: "success", handle: handle, transactionId: transactionId,
        verification: verification.description)
    case .userCancelled: Result(result: "userCancelled")
    case .pending(let handle): Result(result: "pending", handle: handle)
    case .failed(let error): Result(result: "error", error: error)
    }
  }

  private static func result(_ saved: Result, at path: String) throws(WorldFileError) -> PurchaseResult {
    switch saved.result {
    case "success":
      guard let handle = saved.handle, let transactionId = saved.transactionId,
        let verification = saved.verification
      else {
        throw WorldFileError(path: path, reason: "a success needs handle, transactionId and verification")
      }
      return .success(
        handle: handle, transactionId: transactionId,
        try Self.verification(verification, at: path + ".verification"))
    case "userCancelled": return .userCancelled
    case "pending":
      guard let handle = saved.handle else { throw WorldFileError(path: path + ".handle", reason: "missing") }
      return .pending(handle: handle)
    case "error":
      guard let error = saved.error else { throw WorldFileError(path: path + ".error", reason: "missing") }
      return .failed(error: error)
    default:
      throw WorldFileError(
        path: path + ".result",
        reason: "unknown value \(saved.result) (expected one of: success, userCancelled, pending, error)")
    }
  }

  private static func verification(
    _ text: String, at path: String
  ) throws(WorldFileError) -> VerificationResult {
    if text == "verified" { return .verified }
    let words = text.split(separator: " ")
    guard words.count == 2, words[0] == "unverified",
      let error = VerificationError(rawValue: String(words[1]))
    else {
      throw WorldFileError(
        path: path,
        reason: "\"\(text)\" is not `verified` or `unverified ERROR` (an Apple VerificationError case)")
    }
    return .unverified(error)
  }
}
