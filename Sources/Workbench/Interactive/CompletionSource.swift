/// Where the candidates for one word of a line come from.
enum CompletionSource: Hashable, Sendable {
  /// Fixed words, such as subcommands or keywords of `expect`.
  case words([String])
  /// The identifiers of the catalog's products.
  case products
  /// Transactions: `last`, handles (`#1`) and App Store transaction identifiers.
  case transactions
  /// The names of the registered observers.
  case observers
  /// The names of the observer policy presets.
  case presets
  /// The action lists an observer option takes (`deliver,finish`, `none`, …).
  case actions
  /// File and directory names, relative to the session's directory.
  case files
}
