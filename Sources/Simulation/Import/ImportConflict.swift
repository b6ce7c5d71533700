import Foundation
import Store

/// Two different values for one fact of one transaction: the world (or an earlier line of the same
/// data) says one thing, the data being imported another.
public struct ImportConflict: Hashable, Sendable, CustomStringConvertible {
  /// The transaction.
  public var transactionId: String
  /// The field, as Apple names it (`purchase_date`).
  public var field: String
  /// What the world holds.
  public var held: String
  /// What the import says.
  public var incoming: String

  /// `transaction 2000000000000001: purchase_date 2024-01-01T00:00:00Z in the world, 2024-01-02T00:00:00Z in receipt r.b64`.
  public var description: String {
    "transaction \(transactionId): \(field) \(held) in the world, \(incoming) in the import"
  }
}

/// Which side wins a conflict the engineer has seen (`import … --prefer world|incoming`).
public enum ConflictPreference: String, CaseIterable, Sendable {
  /// Keep what the world holds.
  case world
  /// Take what the import says.
  case incoming
}
