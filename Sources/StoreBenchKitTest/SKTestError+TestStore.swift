import StoreBenchKit

extension SKTestError {
  /// The StoreKitTest error a store's refusal reads as.
  init(_ error: any Error) {
    guard let error = error as? TestStoreError else {
      self.init(.invalidAction, message: "\(error)")
      return
    }
    let code: Code =
      switch error.kind {
      case .general, .invalidAction: .invalidAction
      case .fileNotFound: .fileNotFound
      case .invalidURL: .invalidURL
      case .invalidProductIdentifier: .invalidProductIdentifier
      case .invalidProductType: .invalidProductType
      case .noSubscriptionFound: .noSubscriptionFound
      case .noTransactionFound: .noTransactionFound
      }
    self.init(code, message: error.description)
  }
}
