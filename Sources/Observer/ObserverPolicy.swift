import Queue

/// What a stand-in app does for each transaction state: the actions, in order. Presets reproduce a
/// correct app and the classic bugs; any state's actions can be overridden.
public struct ObserverPolicy: Hashable, Sendable, CustomStringConvertible {
  /// Actions for `purchased` transactions.
  public var purchased: [ObserverAction]
  /// Actions for `restored` transactions.
  public var restored: [ObserverAction]
  /// Actions for `failed` transactions (only `finish` makes sense).
  public var failed: [ObserverAction]
  /// Whether actions after `deliver` wait until hosted content has downloaded (a correct app
  /// finishes only then; finishing earlier cancels the download).
  public var waitsForContent = true
  /// The answer to `paymentQueue(_:shouldAddStorePayment:for:)` (a promoted purchase).
  public var storePayment = StorePaymentDecision.continueNow
  /// Actions for `deferred` transactions (StoreKit allows none: they cannot be finished).
  public var deferred: [ObserverAction] { [] }

  /// Creates a policy.
  public init(
    purchased: [ObserverAction], restored: [ObserverAction], failed: [ObserverAction],
    waitsForContent: Bool = true
  ) {
    self.purchased = purchased
    self.restored = restored
    self.failed = failed
    self.waitsForContent = waitsForContent
  }

  /// The actions for a state.
  public func actions(for state: TransactionState) -> [ObserverAction] {
    switch state {
    case .purchased: purchased
    case .restored: restored
    case .failed: failed
    case .deferred: deferred
    case .purchasing: []
    }
  }

  /// A named policy, with what it stands for.
  public struct Preset: Sendable {
    /// The name used in `observer add NAME PRESET`.
    public let name: String
    /// What it does, for `help`.
    public let summary: String
    /// The policy.
    public let policy: ObserverPolicy
  }

  /// The presets: a correct app first, then the bugs seen in the field.
  public static let presets: [Preset] = [
    Preset(
      name: "correct", summary: "deliver and finish purchased and restored; finish failed",
      policy: .init(purchased: [.deliver, .finish], restored: [.deliver, .finish], failed: [.finish])),
    Preset(
      name: "never-finish-failed", summary: "like correct, but failed transactions are never finished",
      policy: .init(purchased: [.deliver, .finish], restored: [.deliver, .finish], failed: [])),
    Preset(
      name: "finish-before-deliver",
      summary: "finishes first and delivers after (content lost if the app dies between)",
      policy: .init(purchased: [.finish, .deliver], restored: [.finish, .deliver], failed: [.finish])),
    Preset(
      name: "finish-while-downloading",
      summary: "starts hosted-content downloads, then finishes at once (the download is cancelled)",
      policy: .init(
        purchased: [.deliver, .finish], restored: [.deliver, .finish], failed: [.finish],
        waitsForContent: false)),
    Preset(
      name: "ignore-restored",
      summary: "like correct, but restored transactions are neither delivered nor finished",
      policy: .init(purchased: [.deliver, .finish], restored: [], failed: [.finish])),
    Preset(
      name: "never-finish", summary: "delivers but never finishes anything",
      policy: .init(purchased: [.deliver], restored: [.deliver], failed: [])),
    Preset(
      name: "passive", summary: "listens and does nothing",
      policy: .init(purchased: [], restored: [], failed: [])),
  ]

  /// The policy of a correct app.
  public static let correct = presets[0].policy

  /// The preset with this name.
  public static func preset(named name: String) -> ObserverPolicy? {
    presets.first { $0.name == name }?.policy
  }

  /// `purchased=deliver+finish restored=deliver+finish failed=finish`.
  public var description: String {
    func words(_ actions: [ObserverAction]) -> String {
      actions.isEmpty ? "none" : actions.map(\.rawValue).joined(separator: "+")
    }
    let storePayments = storePayment == .continueNow ? "" : " store-payment=\(storePayment.rawValue)"
    return "purchased=\(words(purchased)) restored=\(words(restored)) failed=\(words(failed))\(storePayments)"
  }

  /// The preset name, when the policy is one.
  public var presetName: String? {
    Self.presets.first { $0.policy == self }?.name
  }

  /// Parses an action list such as `deliver,finish`, `finish` or `none`.
  ///
  /// - Returns: `nil` when a word is not an action or an action repeats.
  public static func parseActions(_ text: String) -> [ObserverAction]? {
    guard text != "none" else { return [] }
    var actions: [ObserverAction] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let action = ObserverAction(rawValue: String(word)), !actions.contains(action) else { return nil }
      actions.append(action)
    }
    return actions
  }
}
