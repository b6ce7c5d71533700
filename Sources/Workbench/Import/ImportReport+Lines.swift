import Simulation

extension ImportReport {
  /// The lines `import` prints after its first: each note, each settled conflict, each synthesized
  /// product, indented.
  var detailLines: [String] {
    var lines = notes.map { "  " + $0 }
    for conflict in settledConflicts { lines.append("  settled: \(conflict)") }
    for made in synthesized { lines.append("  new product \(made.product.id): \(made.reasoning)") }
    if !synthesized.isEmpty {
      lines.append("  check the new products; `catalog export FILE` writes the catalog to correct them")
    }
    return lines
  }

  /// `14 transactions (12 new, 2 already held)`.
  var transactionSummary: String {
    let total = added + merged
    return "\(total) transaction\(total == 1 ? "" : "s") (\(added) new, \(merged) already held)"
  }
}

extension ImportReport.Prices {
  /// What an artifact's import says of prices: `prices: all 3 known` (shown by the data, or
  /// known to the world already), or `prices: 2 known; the catalog's assumed for 3 (2 ×
  /// pro.monthly 4.99 USD, …), as history and export script mark them`; `nil` when no transaction
  /// was imported.
  var line: String? {
    guard known + assumedCount > 0 else { return nil }
    guard !assumed.isEmpty else { return "prices: \(known == 1 ? "known" : "all \(known) known")" }
    let products = assumed.map { "\($0.count) × \($0.productId) \($0.price)" }.joined(separator: ", ")
    let shown = known == 0 ? "none in the data" : "\(known) known"
    let all = known == 0 && assumedCount > 1 ? "all " : ""
    return
      "prices: \(shown); the catalog's assumed for \(all)\(assumedCount) (\(products)), as `history` and `export script` mark them"
  }

  /// What a single stated transaction adds to its line: `, price unknown, the catalog's 4.99 USD
  /// assumed`, or nothing when its price was stated.
  var factSuffix: String {
    assumed.map { ", price unknown, the catalog's \($0.price) assumed" }.joined()
  }
}
