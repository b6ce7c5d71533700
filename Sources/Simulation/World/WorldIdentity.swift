import Store

/// What tells one world's identifiers from another's: a seed, from which the first transaction
/// id, the first web order line item id, the first `appTransactionId` and the stream of
/// `notificationUUID`s derive.
///
/// Seed 0 is the scripted identity: transaction ids from 2000000000000001, line items from
/// 2000000500000001 and the same UUIDs in every world, so that scripts and their transcripts
/// repeat. Any other seed starts both counters at a seed-derived place in Apple's sandbox range
/// (sixteen digits, `2000000` and nine more, as Apple's sandbox ids look) and draws the UUIDs from
/// a seed-keyed stream, so that a backend that keys by transaction id or de-duplicates by
/// `notificationUUID` tells worlds apart. The same seed always gives the same identifiers.
public struct WorldIdentity: Hashable, Sendable {
  /// How far past the scripted start a seeded world's counters may begin: each kind keeps at least
  /// ten million ids before it leaves its half of Apple's `2000000…` range.
  static let startSpread: UInt64 = 489_000_000

  /// The seed; 0 for the scripted identity.
  public let seed: UInt64

  /// The identity of a seed.
  public init(seed: UInt64) {
    self.seed = seed
  }

  /// The scripted identity (seed 0), which scripts and suites run with.
  public static let scripted = WorldIdentity(seed: 0)

  /// A new identity whose seed (1 to 999 999 999 999, short enough to type) is drawn from
  /// `generator`.
  public static func fresh(using generator: inout some RandomNumberGenerator) -> WorldIdentity {
    WorldIdentity(seed: UInt64.random(in: 1...999_999_999_999, using: &generator))
  }

  /// Whether this is the scripted identity.
  public var isScripted: Bool { seed == 0 }

  /// The first transaction id a new world with this identity gives.
  public var firstTransactionNumber: UInt64 {
    // The salt spells "transact".
    TransactionIdentifierGenerator.firstTransactionNumber + offset(salt: 0x7472_616e_7361_6374)
  }

  /// The first web order line item id a new world with this identity gives.
  public var firstWebOrderLineItemNumber: UInt64 {
    // The salt spells "lineitem".
    TransactionIdentifierGenerator.firstWebOrderLineItemNumber + offset(salt: 0x6c69_6e65_6974_656d)
  }

  /// The first app download transaction id (`appTransactionId`, the first account's) a new world
  /// with this identity gives.
  public var firstAppTransactionNumber: UInt64 {
    // The salt spells "appdownl".
    Store.firstAppTransactionNumber + offset(salt: 0x6170_7064_6f77_6e6c)
  }

  /// The `notificationUUID` of the world's `number`th notification (from 1): UUID-shaped (version
  /// 4, variant 10, lowercase as Apple writes it), the scripted identity's derived from the number
  /// alone, another's keyed by its seed.
  public func notificationUUID(_ number: UInt64) -> String {
    // The salt spells "notifica".
    let key = isScripted ? 0 : ServerNotifications.mix(seed ^ 0x6e6f_7469_6669_6361)
    var bytes = [number ^ key, ~number ^ key].flatMap { Self.bytes(ServerNotifications.mix($0)) }
    bytes[6] = bytes[6] & 0x0f | 0x40
    bytes[8] = bytes[8] & 0x3f | 0x80
    let hex = bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
      String(hex.dropFirst(range.lowerBound).prefix(range.count))
    }
    return parts.joined(separator: "-")
  }

  /// The `requestIdentifier` of the world's `number`th realtime retention request (from 1):
  /// UUID-shaped as ``notificationUUID(_:)``, from a stream of its own.
  public func retentionRequestUUID(_ number: UInt64) -> String {
    // The salt spells "retentio".
    notificationUUID(number ^ ServerNotifications.mix(0x7265_7465_6e74_696f))
  }

  /// How far past the scripted start a counter begins: 0 for the scripted identity, else 1 to
  /// ``startSpread``, a different place for each salt.
  private func offset(salt: UInt64) -> UInt64 {
    isScripted ? 0 : 1 + ServerNotifications.mix(seed ^ salt) % Self.startSpread
  }

  private static func bytes(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
  }
}
