import Queue
import Store

extension Expectation {
  /// What may come next in an `expect` line after `words`, following ``grammar``.
  static func completionSources(after words: [String]) -> [CompletionSource] {
    let states = TransactionState.allCases.map(\.rawValue) + ["finished", "unfinished"]
    switch (words.first, words.count) {
    case (nil, _):
      return [
        .words([
          "txn", "storage", "queue", "history", "last-error", "clock", "observers", "notification",
          "notifications",
        ])
      ]
    case ("txn", 1): return [.transactions]
    case ("txn", 2): return [.words(states + ["product", "quantity", "error", "original"])]
    case ("txn", 3):
      switch words[2] {
      case "product": return [.products]
      case "error": return [.words(["none"] + SKErrorCode.allCases.map(\.name))]
      case "original": return [.transactions]
      default: return []
      }
    case ("storage", 1): return [.products, .words(["empty"])]
    case ("storage", 2) where words[1] != "empty": return [.words(["unlocked", "locked"])]
    case ("queue", 1): return [.words(["empty", "count", "has", "lacks"])]
    case ("queue", 2) where words[1] == "has" || words[1] == "lacks": return [.transactions]
    case ("history", 1): return [.words(["count", "total"]), .products]
    case ("history", 2) where words[1] != "count" && words[1] != "total": return [.words(["count"])]
    case ("last-error", 1): return [.words(["none"])]
    case ("notification", 1): return [.words(ServerEvent.Kind.allCases.map(\.rawValue))]
    case ("notification", 2):
      let subtypes = ServerEvent.Kind(rawValue: words[1])?.subtypes.compactMap { $0?.rawValue } ?? []
      return [.words(subtypes), .transactions]
    default: return []
    }
  }
}
