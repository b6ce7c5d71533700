import Catalog
import Store

/// Which subscription group each imported subscription product belongs to: the group the data
/// names (`subscription_group_identifier`), else that of a catalog product sharing an original
/// transaction with it (the customer moved between them, so they share a group), else a new group
/// named after the first product of those that share original transactions.
struct SubscriptionGroups {
  private var named: [String: String] = [:]
  private var linked: [String: String] = [:]
  private var catalogGroups: [String: String] = [:]

  init(transactions: [CustomerTransaction], catalog: Catalog) {
    var byOriginal: [UInt64: [String]] = [:]
    for transaction in transactions
    where transaction.expiresDate != nil || transaction.subscriptionGroup != nil {
      if let group = transaction.subscriptionGroup { named[transaction.productId] = group }
      if let group = catalog.product(transaction.productId)?.subscription?.group {
        catalogGroups[transaction.productId] = group
      }
      if !(byOriginal[transaction.originalTransactionNumber]?.contains(transaction.productId) ?? false) {
        byOriginal[transaction.originalTransactionNumber, default: []].append(transaction.productId)
      }
    }
    for original in byOriginal.keys.sorted() {
      let products = byOriginal[original] ?? []
      let known = linked
      let root = products.lazy.compactMap { known[$0] }.first ?? products.first ?? ""
      for product in products where linked[product] == nil { linked[product] = root }
    }
  }

  /// The group of a product, and how it was found.
  func group(of productId: String) -> (name: String, why: String) {
    if let group = named[productId] { return (group, "named by the data") }
    let root = linked[productId] ?? productId
    if let group = linked.first(where: { $0.value == root && catalogGroups[$0.key] != nil }).flatMap({
      catalogGroups[$0.key]
    }) {
      return (group, "shares an original transaction with a product of that group")
    }
    if let group = linked.filter({ $0.value == root }).keys.sorted().lazy.compactMap({ named[$0] }).first {
      return (group, "shares an original transaction with a product of that group")
    }
    return ("imported.\(root)", "not in the data: one group per chain of original transactions")
  }
}
