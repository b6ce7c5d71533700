import ArgumentParser
import Simulation
import Store

/// A StoreKit 2 command that lists the account's transactions, or one product's, as StoreKit 2
/// gives them (`entitlements`, `all-transactions`): it checks the product, prints each record, or
/// a line saying there are none.
protocol StoreKit2Listing: SessionCommand {
  /// The product whose transactions it lists, or `nil` for every product.
  var productId: String? { get }

  /// The records to list, in order; the product is known to exist.
  ///
  /// - Throws: ``WorkbenchError`` when the device is signed out.
  func records(in session: Session) throws -> [PurchaseRecord]

  /// What it prints when there is nothing to list.
  var noneLine: String { get }
}

extension StoreKit2Listing {
  func validate() throws {
    try requireNonEmpty(productId, "the product id")
  }

  /// It only shows, unless it signs a transaction `unverified-next` damages (the damage is used up).
  func changesWorld(in session: Session) -> Bool { session.nextSignatureIsDamaged }

  func execute(in session: Session) throws {
    if let productId { try session.requireProduct(productId) }
    let records = try records(in: session)
    guard !records.isEmpty else { return session.print(noneLine) }
    for record in records { session.print(try session.storeKit2Line(record)) }
  }
}
