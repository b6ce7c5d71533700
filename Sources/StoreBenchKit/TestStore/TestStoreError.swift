import Vocabulary

/// What went wrong driving a ``TestStore``: a catalog that does not load, a span of time that does
/// not read, a step the world refuses. The reason says what, the code (from the vocabulary every
/// module shares) what kind of failure it is: the refusing module's own code when it gave one.
public struct TestStoreError: StorebenchError {
  /// What went wrong.
  public let reason: String
  /// What kind of failure it is, such as `unknown_product`.
  public let errorCode: ErrorCode
  /// Which of StoreKitTest's error codes it is, for `SKTestSession`.
  package let kind: Kind

  /// StoreKitTest's `SKTestError.Code` cases a store's refusal maps to.
  package enum Kind: Sendable {
    case general, fileNotFound, invalidURL, invalidProductIdentifier, invalidProductType
    case noSubscriptionFound, noTransactionFound, invalidAction
  }

  /// An error in the test store's own words, with the code its kind implies unless one is given.
  init(_ reason: String, kind: Kind = .general, code: ErrorCode? = nil) {
    self.reason = reason
    self.kind = kind
    errorCode = code ?? kind.errorCode
  }

  /// Another module's error as the test store reports it: its words after `context`, and its code
  /// when it has one (``StorebenchError``).
  init(_ error: any Error, kind: Kind = .general, context: String? = nil) {
    self.init(
      context.map { "\($0): \(error)" } ?? "\(error)", kind: kind,
      code: (error as? any StorebenchError)?.errorCode)
  }
}

extension TestStoreError.Kind {
  /// The shared code of a failure of this kind that no module classified.
  var errorCode: ErrorCode {
    switch self {
    case .general: .testStoreFailed
    case .invalidAction: .notAllowed
    case .fileNotFound, .noSubscriptionFound: .notFound
    case .invalidURL, .invalidProductType: .invalidValue
    case .invalidProductIdentifier: .unknownProduct
    case .noTransactionFound: .unknownTransaction
    }
  }
}

extension ErrorCode {
  /// The test store could not do what its caller asked, and no module classified why.
  static let testStoreFailed = ErrorCode("test_store_failed")
}
