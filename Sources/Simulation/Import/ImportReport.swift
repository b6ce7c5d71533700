import Catalog

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
}
