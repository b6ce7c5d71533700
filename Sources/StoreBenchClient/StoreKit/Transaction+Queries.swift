extension Transaction {
  /// The transactions the App Store sends while the app runs: purchases made outside the app's
  /// own purchase call (another device, Ask to Buy approvals, renewals, offer codes), refunds and
  /// revocations, and once, when the app starts listening, every unfinished transaction.
  public static var updates: Transaction.Transactions {
    Transactions(.live(CurrentStore.required("Transaction.updates").channels.transactions))
  }

  /// Every transaction of the customer, refunded ones included (finished consumables are left out,
  /// as StoreKit leaves them out unless the app asks for them).
  public static var all: Transaction.Transactions {
    let store = CurrentStore.required("Transaction.all")
    return Transactions(.query { await store.allTransactions(productID: nil) })
  }

  /// The transactions the app has not finished.
  public static var unfinished: Transaction.Transactions {
    let store = CurrentStore.required("Transaction.unfinished")
    return Transactions(.query { await store.unfinished() })
  }

  /// What the customer is entitled to now: each non-consumable owned, the latest transaction of
  /// each subscription that is subscribed or in its grace period, each non-renewing subscription.
  public static var currentEntitlements: Transaction.Transactions {
    let store = CurrentStore.required("Transaction.currentEntitlements")
    return Transactions(.query { await store.entitlements(productID: nil) })
  }

  /// The customer's entitlements to one product.
  ///
  /// - Parameter productID: The product.
  public static func currentEntitlements(for productID: String) -> Transaction.Transactions {
    let store = CurrentStore.required("Transaction.currentEntitlements(for:)")
    return Transactions(.query { await store.entitlements(productID: productID) })
  }

  /// Every transaction of one product, refunded ones included.
  ///
  /// - Parameter productID: The product.
  public static func all(for productID: String) -> Transaction.Transactions {
    let store = CurrentStore.required("Transaction.all(for:)")
    return Transactions(.query { await store.allTransactions(productID: productID) })
  }

  /// The customer's entitlement to one product, if any.
  ///
  /// - Parameter productID: The product.
  @available(*, deprecated, message: "use currentEntitlements(for:)")
  public static func currentEntitlement(for productID: String) async -> VerificationResult<Transaction>? {
    await CurrentStore.required("Transaction.currentEntitlement(for:)").entitlements(productID: productID)
      .last
  }

  /// The latest transaction of one product, refunded or not.
  ///
  /// - Parameter productID: The product.
  public static func latest(for productID: String) async -> VerificationResult<Transaction>? {
    await CurrentStore.required("Transaction.latest(for:)").allTransactions(productID: productID).last
  }
}
