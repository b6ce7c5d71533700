import ArgumentParser
import Catalog

/// `--billing-plan monthly` (or `billed-up-front`, or Xcode's `MONTHLY`, `BILLED_UPFRONT`).
extension BillingPlan.Kind: ExpressibleByArgument {
  /// Reads a plan as the native catalog or Xcode names it.
  public init?(argument: String) {
    self.init(word: argument)
  }

  /// The native catalog's words, for help and completion.
  public static var allValueStrings: [String] { allCases.map(\.word) }

  /// The native catalog's word, for help.
  public var defaultValueDescription: String { word }
}
