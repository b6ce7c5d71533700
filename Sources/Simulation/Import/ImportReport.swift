import Catalog
import Store

/// What an import did, for the engineer to read: one line each.
public struct ImportReport: Sendable {
  /// What the readers noted (signature checks, oddities) and what the merge decided (clock,
  /// environment, assumptions).
  public var notes: [String] = []
  /// How many transactions were new to the world, and how many it had already.
  public var added = 0
  /// How many transactions the world already held (merged, possibly with new facts).
  public var merged = 0
  /// Products made because the catalog lacked them, with how each was inferred.
  public var synthesized: [(product: Product, reasoning: String)] = []
  /// Conflicts settled by `--prefer` (unsettled ones stop the import instead).
  public var settledConflicts: [ImportConflict] = []
  /// Each subscription worked out again, one line: `subscription P: active, expires …, auto-renew on`.
  public var subscriptions: [String] = []
  /// Which of the imported transactions' prices the data showed.
  public var prices = Prices()

  /// Which prices of an import's transactions are known: the data's (signed transactions show
  /// them), what the world knew of a transaction already, or nothing to pay (trials, re-downloads,
  /// family shares); the rest are the catalog's, assumed, as `history` marks them and `export
  /// script` leaves them out.
  public struct Prices: Hashable, Sendable {
    /// The catalog's price taken for transactions of a product, at an amount.
    public struct Assumption: Hashable, Sendable {
      /// The product.
      public var productId: String
      /// What was assumed for each transaction.
      public var price: Price
      /// How many transactions.
      public var count: Int
    }

    /// How many transactions' prices are known.
    public var known = 0
    /// The assumed prices, by product and amount, in the order the transactions came.
    public var assumed: [Assumption] = []

    /// Nothing imported.
    public init() {}

    /// The prices of the records an import made or merged.
    public init(_ records: [PurchaseRecord]) {
      for record in records {
        guard record.isPriceAssumed else {
          known += 1
          continue
        }
        if let index = assumed.firstIndex(where: {
          $0.productId == record.productId && $0.price == record.charged
        }) {
          assumed[index].count += 1
        } else {
          assumed.append(Assumption(productId: record.productId, price: record.charged, count: 1))
        }
      }
    }

    /// How many transactions' prices are assumed.
    public var assumedCount: Int { assumed.reduce(0) { $0 + $1.count } }
  }
}
