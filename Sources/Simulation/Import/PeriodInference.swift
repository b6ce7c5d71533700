import Catalog
import Foundation

/// A subscription product's period, inferred from how long its imported periods lasted (the median
/// of expiry minus purchase, trials and offers left out when others exist), as the nearest of App
/// Store Connect's durations, at real speed or at the sandbox's (a month in 5 minutes).
struct PeriodInference {
  /// The period.
  let period: SubscriptionPeriod
  /// How it was found, for the engineer to check.
  let why: String
  /// Whether the periods ran at the sandbox's speed.
  let isSandboxSpeed: Bool

  /// Real lengths in seconds of each App Store Connect duration, and at sandbox speed.
  private static let real: [(SubscriptionPeriod, Double)] = [
    (.init(value: 1, unit: .week), 7 * 86_400), (.init(value: 1, unit: .month), 30.44 * 86_400),
    (.init(value: 2, unit: .month), 60.88 * 86_400), (.init(value: 3, unit: .month), 91.31 * 86_400),
    (.init(value: 6, unit: .month), 182.62 * 86_400), (.init(value: 1, unit: .year), 365.25 * 86_400),
  ]
  private static let sandbox: [(SubscriptionPeriod, Double)] = [
    (.init(value: 1, unit: .week), 180), (.init(value: 1, unit: .month), 300),
    (.init(value: 2, unit: .month), 600), (.init(value: 3, unit: .month), 900),
    (.init(value: 6, unit: .month), 1800), (.init(value: 1, unit: .year), 3600),
  ]

  init(transactions: [CustomerTransaction]) {
    let all = transactions.compactMap { transaction in
      transaction.expiresDate.map { (transaction, $0.timeIntervalSince(transaction.purchaseDate)) }
    }.filter { $0.1 > 0 }
    let regular = all.filter { $0.0.isTrialPeriod != true && $0.0.isInIntroOfferPeriod != true }
    let lengths = (regular.isEmpty ? all : regular).map(\.1).sorted()
    guard !lengths.isEmpty else {
      period = SubscriptionPeriod(value: 1, unit: .month)
      why = "no period in the data: a month assumed"
      isSandboxSpeed = false
      return
    }
    let median = lengths[lengths.count / 2]
    isSandboxSpeed = median < 2 * 3600
    let table = isSandboxSpeed ? Self.sandbox : Self.real
    period =
      table.min { abs(log($0.1 / median)) < abs(log($1.1 / median)) }?.0 ?? .init(value: 1, unit: .month)
    let days =
      isSandboxSpeed
      ? "\(Int(median.rounded())) s, sandbox speed" : "\(Int((median / 86_400).rounded())) days"
    let basis = regular.isEmpty ? "from offer periods only" : "median of \(lengths.count)"
    why = "periods of \(days), \(basis)"
  }
}
