import Foundation

/// The world's offer codes, in the order they were made: those made with `offer-code create` and
/// the catalog's custom codes once first seen.
public struct OfferCodeBook: Sendable {
  /// Every code, oldest first.
  public private(set) var codes: [OfferCode] = []
  private var index: [String: Int] = [:]
  /// Makes one-time codes differ from world to world: the world identity's seed (0 in scripts).
  public var seed: UInt64 = 0
  /// How many one-time codes were made, which numbers the next.
  public private(set) var oneTimeCount: UInt64 = 0

  /// An empty book.
  public init() {}

  /// The code, ignoring case.
  public func code(_ text: String) -> OfferCode? {
    index[text.uppercased()].map { codes[$0] }
  }

  /// Adds a code; a code already there is kept as it is.
  public mutating func add(_ code: OfferCode) {
    guard index[code.code] == nil else { return }
    index[code.code] = codes.count
    codes.append(code)
  }

  /// Records a use of a code in the book.
  mutating func redeem(_ code: String, by account: String, at date: Date) {
    guard let position = index[code] else { return }
    codes[position].redemptions.append(OfferCode.Redemption(accountName: account, date: date))
  }

  /// A new one-time code: twelve characters of letters and digits that cannot be misread (no 0, O,
  /// 1, I, L), from the seed and a counter, so a script's codes are the same on every run.
  mutating func makeOneTimeCode() -> String {
    let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    while true {
      oneTimeCount += 1
      var state = seed &+ oneTimeCount &* 0x9E37_79B9_7F4A_7C15
      var text = ""
      for _ in 0..<12 {
        state = Self.mix(state &+ 0x9E37_79B9_7F4A_7C15)
        text.append(alphabet[Int(state % UInt64(alphabet.count))])
      }
      if index[text] == nil { return text }
    }
  }

  /// SplitMix64's output function.
  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Restores a saved book.
  public init(codes: [OfferCode], seed: UInt64, oneTimeCount: UInt64) {
    self.seed = seed
    self.oneTimeCount = oneTimeCount
    for code in codes { add(code) }
  }
}
