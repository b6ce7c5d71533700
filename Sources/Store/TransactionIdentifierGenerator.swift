/// Hands out Apple-shaped identifiers: sixteen-digit numbers, sequential so that runs are
/// reproducible. Sandbox transaction identifiers start with 2, as Apple's do.
public struct TransactionIdentifierGenerator: Sendable {
  private var next: UInt64

  /// Creates a generator whose first identifier is `first`.
  public init(first: UInt64 = 2_000_000_000_000_001) {
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
