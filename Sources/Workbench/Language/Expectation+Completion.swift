import Queue
import Simulation
import Store
import Vocabulary

extension Expectation {
  /// The first words of the forms of `expect`, read from ``grammar`` (every `expect WORD` in it),
  /// so that a form documented there completes.
  static let forms: [String] = {
    var forms: [String] = []
    for line in grammar.split(separator: "\n") {
      let words = line.split(separator: " ")
      for (index, word) in words.enumerated().dropLast() where word == "expect" {
        let form = String(words[index + 1])
        if !forms.contains(form) { forms.append(form) }
      }
    }
    return forms
  }()

  /// What may come next in an `expect` line after `words`, following ``grammar``.
  static func completionSources(after words: [String]) -> [CompletionSource] {
    let states = TransactionState.allCases.map(\.rawValue) + ["finished", "unfinished"]
    switch (words.first, words.count) {
    case (nil, _): return [.words(forms)]
    case ("txn", 1): return [.transactions]
    case ("txn", 2):
      return [.words(states + ["product", "quantity", "error", "original", "date", "expires", "flag"])]
    case ("txn", 3):
      switch words[2] {
      case "product": return [.products]
      case "error": return [.words(["none"] + SKErrorCode.allCases.map(\.name))]
      case "original": return [.transactions]
      case "flag": return [.words(TransactionFlag.allCases.map(\.rawValue))]
      default: return []
      }
    case ("subscription", 1): return [.autoRenewables]
    case ("subscription", 2):
      let keywords = ["intent", "renewals", "expires", "auto-renew", "renews-as", "product"]
      return [.words(SubscriptionStatus.allCases.map(\.rawValue) + keywords)]
    case ("subscription", 3):
      switch words[2] {
      case "intent": return [.words(["none"] + ExpirationIntent.allCases.map { String($0.rawValue) })]
      case "auto-renew": return [.words(["on", "off"])]
      case "renews-as", "product": return [.autoRenewables]
      default: return []
      }
    case ("verify", 1): return [.words(["0", "21002", "21003", "21004", "21007", "21008", "21010"])]
    case ("storage", 1): return [.products, .words(["empty"])]
    case ("storage", 2) where words[1] != "empty": return [.words(["unlocked", "locked"])]
    case ("queue", 1): return [.words(["empty", "count", "has", "lacks"])]
    case ("queue", 2) where words[1] == "has" || words[1] == "lacks": return [.transactions]
    case ("history", 1): return [.words(["count", "total"]), .products]
    case ("history", 2) where words[1] != "count" && words[1] != "total": return [.words(["count"])]
    case ("last-error", 1): return [.words(["none"])]
    case ("entitlement", 1), ("no-entitlement", 1): return [.products]
    case ("sk2-status", 1): return [.autoRenewables]
    case ("sk2-status", 2): return [.words(RenewalState.allCases.map(\.rawValue))]
    case ("purchase-result", 1): return [.words(["success", "pending", "userCancelled", "error"])]
    case ("update", 1): return [.transactions]
    case ("notification", 1): return [.words(ServerEvent.Kind.allCases.map(\.rawValue))]
    case ("notification", 2):
      let subtypes = ServerEvent.Kind(rawValue: words[1])?.subtypes.compactMap { $0?.rawValue } ?? []
      return [.words(subtypes), .transactions]
    default: return []
    }
  }
}
