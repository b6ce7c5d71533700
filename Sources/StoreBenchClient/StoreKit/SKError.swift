import Vocabulary

/// StoreKit 1's error, with its codes: what `SKTestSession.failureError` names.
public struct SKError: Error, Hashable, Sendable {
  /// The error's domain, as StoreKit names it.
  public static let errorDomain = "SKErrorDomain"

  /// What went wrong.
  public let code: SKError.Code

  /// An error with a code.
  public init(_ code: SKError.Code) {
    self.code = code
  }

  /// StoreKit 1's error codes, `unknown` (0) to `overlayPresentedInBackgroundScene` (20): the store's
  /// own (``Store/SKErrorCode``), which declares them once with StoreKit's names and raw values.
  public typealias Code = SKErrorCode
}
