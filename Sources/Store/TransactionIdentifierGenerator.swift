/// Hands out Apple-shaped identifiers: sixteen-digit numbers, sequential so that runs are
/// reproducible. Sandbox transaction identifiers start with 2, as Apple's do.
public struct TransactionIdentifierGenerator: Sendable {
  /// Where transaction identifiers start unless a store is told otherwise.
  public static let firstTransactionNumber: UInt64 = 2_000_000_000_000_001
  /// Where web order line item identifiers start unless a store is told otherwise.
  public static let firstWebOrderLineItemNumber: UInt64 = 2_000_000_500_000_001

  private var next: UInt64

  /// Creates a generator whose first identifier is `first`.
  public init(first: UInt64 = firstTransactionNumber) {
    next = first
  }

  /// The identifier ``make()`` gives next.
  public var upcoming: UInt64 { next }

  /// The next identifier.
  public mutating func make() -> UInt64 {
    defer { next += 1 }
    return next
  }
}
