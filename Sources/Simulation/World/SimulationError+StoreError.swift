import Store

extension SimulationError {
  /// The store's refusal as the world reports it, with the same reason and the matching code.
  init(_ error: StoreError) {
    let code: Code =
      switch error.code {
      case .notFound: .notFound
      case .conflict: .conflict
      case .invalidValue: .invalidValue
      case .notAllowed, .inconsistentState: .notAllowed
      }
    self.init(code, error.reason)
  }
}
