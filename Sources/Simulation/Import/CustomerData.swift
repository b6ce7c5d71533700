import Foundation

/// What one customer artifact (or several, merged) says, in storebench's terms, before it joins a
/// world: the app, transactions and renewal infos, and the artifact's own date.
///
/// Readers (``ReceiptImport``, ``VerifyResponseImport``, ``SignedDataImport``) make one per file;
/// `World.importCustomer(_:)` merges it into the world.
public struct CustomerData: Hashable, Sendable {
  /// Where it came from, for messages: `receipt customer.b64`, `jws history.json`.
  public var source: String
  /// The app and environment.
  public var app = CustomerApp()
  /// Transactions, in the artifact's order.
  public var transactions: [CustomerTransaction] = []
  /// Renewal infos.
  public var renewals: [CustomerRenewal] = []
  /// When the artifact was made (receipt creation, the answer's request date, the latest
  /// `signedDate`): the world's clock moves there.
  public var asOf: Date?
  /// What the reader wants the engineer to know, one line each: how the signature verified (or
  /// that it was not), oddities accepted (an original purchase date after the purchase date).
  public var notes: [String] = []

  /// Nothing yet, from `source`.
  public init(source: String) {
    self.source = source
  }
}
