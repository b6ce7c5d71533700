import ArgumentParser

/// Where the candidates for one word of a line come from.
///
/// A command says which of these complete each of its arguments where it declares them, with
/// `completion: .session(…)` (``ArgumentParser/CompletionKind/session(_:)``), so that the prompt
/// learns what an argument takes from the command itself.
enum CompletionSource: Hashable, Sendable {
  /// Fixed words, such as subcommands or keywords of `expect`.
  case words([String])
  /// The identifiers of the catalog's products.
  case products
  /// The identifiers of the catalog's auto-renewable subscriptions.
  case autoRenewables
  /// Transactions: `last`, handles (`#1`) and App Store transaction identifiers.
  case transactions
  /// The names of the registered observers.
  case observers
  /// File and directory names, relative to the session's directory.
  case files
  /// Storefront codes: the catalog's and the ones storebench knows (`USA`, `FRA`, …).
  case storefronts
  /// The locale identifiers the catalog's products are localized in.
  case locales
  /// The names of the world's devices.
  case devices
  /// The names of the store's accounts.
  case accounts
  /// The promotional offers of the catalog's subscriptions.
  case offers
  /// The ids of the App Store Connect API keys the world accepts.
  case apiKeys
  /// The reference names of the catalog's code offers.
  case codeOffers
  /// The offer codes made so far and the catalog's custom codes.
  case offerCodes
  /// The ids of the In-App Purchase keys offer signatures may name.
  case offerKeys
  /// The ids of the catalog's win-back offers.
  case winBackOffers

  /// The completer asking, while it runs a command's completion: what ``session(_:)`` closures read.
  @TaskLocal static var asking: CompletingSession?
}

/// A completer lent to the completion closures of the commands for the length of one call.
///
/// The completer and its session are used only on the thread that lends them, inside
/// `CompletionSource.$asking.withValue`, which returns before anyone else can touch them.
final class CompletingSession: @unchecked Sendable {
  /// The completer whose session supplies the values.
  let completer: Completer

  /// Lends a completer.
  init(_ completer: Completer) { self.completer = completer }
}

extension CompletionKind {
  /// Values from the session at the prompt: products, transactions, observers, files, … An
  /// argument declared with it completes at the prompt; a shell's completion script, which has no
  /// session, gets no candidates for it.
  static func session(_ sources: CompletionSource...) -> CompletionKind {
    .custom { _, _, prefix in
      guard let asking = CompletionSource.asking else { return [] }
      return sources.flatMap { asking.completer.values(of: $0, completing: prefix) }
    }
  }
}
