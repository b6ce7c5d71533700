import Simulation

extension ImportReport {
  /// The lines `import` prints after its first: each note, each synthesized product, each
  /// settled conflict, indented.
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
