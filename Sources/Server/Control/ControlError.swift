import Vocabulary

/// An error of the control API, as JSON: `{"code":"not_allowed","message":"…"}` (inside
/// `{"error":…}` when it is the whole answer), its code one of docs/errors.md's.
struct ControlError: Encodable, Error, Sendable {
  /// The stable code (``ErrorCode``), when there is one.
  var code: String?
  /// What is wrong, and where.
  var message: String

  /// An error with a code.
  init(code: String?, message: String) {
    self.code = code
    self.message = message
  }

  /// An error with a known code.
  init(_ code: ErrorCode, _ message: String) {
    self.init(code: code.rawValue, message: message)
  }
}
