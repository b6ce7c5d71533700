/// What the StoreKit 2 stand-in app does with a transaction it gets (from a purchase or from
/// `Transaction.updates`), as `listener` sets it: a correct app verifies, delivers, then finishes.
public struct ListenerPolicy: Hashable, Sendable, CustomStringConvertible {
  /// Whether it calls `finish()` after delivering.
  public var finishes = true
  /// Whether it refuses unverified transactions (neither delivered nor finished), as Apple advises.
  public var verifies = true
  /// Whether the listener starts at launch; otherwise it starts only with `listener start` (an app
  /// that creates its listener late misses nothing unfinished, but hears nothing before).
  public var startsAtLaunch = true

  /// A correct app's policy.
  public init() {}

  /// `finish verify at-launch`, or the words of what differs: `no-finish`, `no-verify`, `late`.
  public var description: String {
    [
      finishes ? "finish" : "no-finish", verifies ? "verify" : "no-verify",
      startsAtLaunch ? "at-launch" : "late",
    ]
    .joined(separator: " ")
  }
}
