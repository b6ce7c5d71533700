import Foundation

extension AppleDate {
  /// Each date's three forms made once for one answer and shared after that: in a subscription's
  /// history every entry repeats the original purchase date, and each period starts when the one
  /// before it expired, so a 100-transaction answer names about a hundred instants three hundred
  /// times.
  struct Memo {
    private var made: [Double: (gmt: String, milliseconds: String, pacific: String)] = [:]

    /// Creates an empty memo.
    init() {}

    /// ``AppleDate/forms(_:)-(Date)``, made at the first request for an instant.
    mutating func forms(_ date: Date) -> (gmt: String, milliseconds: String, pacific: String) {
      let key = date.timeIntervalSince1970
      if let kept = made[key] { return kept }
      let triple = AppleDate.forms(date)
      made[key] = triple
      return triple
    }

    /// ``AppleDate/forms(_:)-(Date?)``, made at the first request for an instant.
    mutating func forms(_ date: Date?) -> (gmt: String?, milliseconds: String?, pacific: String?) {
      guard let date else { return (nil, nil, nil) }
      let triple = forms(date)
      return (triple.gmt, triple.milliseconds, triple.pacific)
    }
  }
}
