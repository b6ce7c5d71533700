/// What went wrong driving a ``TestStore``: a catalog that does not load, a span of time that does
/// not read, a step the world refuses. The message says what.
public struct TestStoreError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public let description: String
  /// Which of StoreKitTest's error codes it is, for `SKTestSession`.
  package let kind: Kind

  /// StoreKitTest's `SKTestError.Code` cases a store's refusal maps to.
  package enum Kind: Sendable {
    case general, fileNotFound, invalidURL, invalidProductIdentifier, invalidProductType
    case noSubscriptionFound, noTransactionFound, invalidAction
  }

  init(_ description: String, kind: Kind = .general) {
    self.description = description
    self.kind = kind
  }
}
