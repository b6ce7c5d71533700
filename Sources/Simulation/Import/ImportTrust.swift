import X509

/// Which signatures an import accepts: the roots given with `--trust` (storebench's own by
/// default), and whether data that does not verify may come in anyway (`--unverified`).
public struct ImportTrust: Sendable {
  /// Roots a chain must end in.
  public var roots: [Certificate]
  /// Whether data whose signature does not verify is imported anyway, saying so.
  public var allowsUnverified: Bool

  /// Trust in `roots`, refusing what does not verify unless `allowsUnverified`.
  public init(roots: [Certificate], allowsUnverified: Bool = false) {
    self.roots = roots
    self.allowsUnverified = allowsUnverified
  }
}
