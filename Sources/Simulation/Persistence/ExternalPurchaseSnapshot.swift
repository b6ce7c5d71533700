/// What a saved world keeps of external purchases: the tokens and the accepted reports. The
/// notifications still owed follow from them when the world is loaded.
struct ExternalPurchaseSnapshot: Codable, Hashable {
  var tokens: [ExternalPurchaseTokenSnapshot]
  var reports: [ExternalPurchaseReportSnapshot]

  init(_ purchases: ExternalPurchases) {
    tokens = purchases.tokens.map(ExternalPurchaseTokenSnapshot.init)
    reports = purchases.reports.map(ExternalPurchaseReportSnapshot.init)
  }

  func purchases(at path: String) throws(WorldFileError) -> ExternalPurchases {
    var restored: [ExternalPurchaseToken] = []
    for (index, token) in tokens.enumerated() {
      restored.append(try token.token(at: "\(path).tokens[\(index)]"))
    }
    var accepted: [ExternalPurchaseReport] = []
    for (index, report) in reports.enumerated() {
      accepted.append(try report.report(at: "\(path).reports[\(index)]"))
    }
    return ExternalPurchases(tokens: restored, reports: accepted)
  }
}
