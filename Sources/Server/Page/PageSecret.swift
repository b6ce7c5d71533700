import Crypto
import Foundation

/// The secret a server embeds in its page: a POST that changes the world must carry it, so another
/// page open in the same browser (which cannot read this one) cannot drive the world. The control
/// API's token (``ServerOptions/controlToken``) is one too.
struct PageSecret: Sendable {
  /// 32 random bytes as hex.
  let value: String

  /// A fresh token.
  init() {
    value = SymmetricKey(size: .bits256).withUnsafeBytes { bytes in
      bytes.map { String(format: "%02x", $0) }.joined()
    }
  }

  /// A given secret, such as the control token `serve --control-token` fixes.
  init(value: String) {
    self.value = value
  }

  /// Whether a request's token is this one, compared in constant time.
  func accepts(_ candidate: String?) -> Bool {
    guard let candidate else { return false }
    let given = Array(candidate.utf8)
    let expected = Array(value.utf8)
    guard given.count == expected.count else { return false }
    return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// Why an `Authorization` field does not carry this secret as a bearer token, or `nil` when it
  /// does.
  ///
  /// - Parameters:
  ///   - name: What the secret is called in the message, such as `the control token`.
  ///   - option: The `serve` option that fixes it, such as `--control-token`.
  func refusal(of authorization: String?, name: String, option: String) -> String? {
    guard let authorization else {
      return "\(name) is missing: send Authorization: Bearer TOKEN (serve prints it at start)"
    }
    let prefix = "bearer "
    guard authorization.lowercased().hasPrefix(prefix) else {
      return "the Authorization field must be Bearer TOKEN, \(name)"
    }
    guard accepts(String(authorization.dropFirst(prefix.count))) else {
      return "\(name) is wrong: use the one serve printed at start, or \(option)"
    }
    return nil
  }
}
