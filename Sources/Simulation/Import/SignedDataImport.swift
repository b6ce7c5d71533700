import Catalog
import Foundation
import Store
import Verifier

/// Reads App Store signed data into a customer's data: compact JWS (signed transactions, renewal
/// infos, app transactions, notification payloads), and the JSON that carries them (a JSON string
/// or array of tokens, a notification body `{"signedPayload": …}`, an App Store Server API history
/// or refund page, Get All Subscription Statuses, Get Transaction Info, notification history).
///
/// Every token, nested ones too, is verified with its `x5c` chain against the trusted roots at the
/// payload's own `signedDate`, as Apple's libraries verify offline, so old Apple-signed data still
/// verifies after its signing certificate has expired.
public enum SignedDataImport {
  /// Reads signed data.
  ///
  /// - Parameters:
  ///   - text: One or more compact JWS separated by white space, or JSON carrying them.
  ///   - source: The artifact, for messages (`jws history.json`).
  ///   - trust: The roots to verify against, and whether data that does not verify comes in anyway.
  /// - Throws: `ImportError` naming the path of a malformed token or field, or of a token whose
  ///   signature does not verify (unless `trust.allowsUnverified`).
  /// - Returns: The customer's data, dated at the latest `signedDate`.
  public static func read(
    _ text: String, source: String, trust: ImportTrust
  ) throws(ImportError) -> CustomerData {
    var reader = SignedDataReader(source: source, trust: trust)
    for token in try tokens(in: text, source: source) {
      try reader.read(token)
    }
    return try reader.finished()
  }

  /// The tokens a text carries, each with its path.
  private static func tokens(in text: String, source: String) throws(ImportError) -> [SignedToken] {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let first = trimmed.first else { throw ImportError(source, "is empty: no signed data") }
    guard first == "{" || first == "[" || first == "\"" else {
      let words = trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
      return words.enumerated().map {
        SignedToken(compact: $1, path: words.count == 1 ? "JWS" : "JWS #\($0 + 1)")
      }
    }
    let document = try ImportJSONNode.parse(Array(trimmed.utf8), source: source)
    switch document.value {
    case .string(let compact): return [SignedToken(compact: compact, path: "the JSON string")]
    case .array: return try document.array().map { node throws(ImportError) in try token(node) }
    case .object: return try tokens(inResponse: document.object())
    case .number, .bool, .null:
      throw document.fail("expected a JWS, a JSON array of them, or an App Store Server API response")
    }
  }

  /// The tokens of a saved response or notification body.
  private static func tokens(inResponse object: ImportJSONObject) throws(ImportError) -> [SignedToken] {
    if let payload = object.optional("signedPayload") { return [try token(payload)] }
    if let transactions = object.optional("signedTransactions") {
      return try transactions.array().map { node throws(ImportError) in try token(node) }
    }
    if let history = object.optional("notificationHistory") {
      return try history.array().map { node throws(ImportError) in
        try token(node.object().required("signedPayload"))
      }
    }
    if let groups = object.optional("data") {
      var found: [SignedToken] = []
      for group in try groups.array() {
        for item in try group.object().required("lastTransactions").array() {
          let entry = try item.object()
          found.append(try token(entry.required("signedTransactionInfo")))
          if let renewal = entry.optional("signedRenewalInfo") { found.append(try token(renewal)) }
        }
      }
      return found
    }
    var found: [SignedToken] = []
    if let transaction = object.optional("signedTransactionInfo") { found.append(try token(transaction)) }
    if let renewal = object.optional("signedRenewalInfo") { found.append(try token(renewal)) }
    if let app = object.optional("signedAppTransactionInfo") { found.append(try token(app)) }
    guard !found.isEmpty else {
      throw object.node.fail(
        "holds no signed data: expected signedPayload, signedTransactions, data[].lastTransactions, signedTransactionInfo, signedRenewalInfo or notificationHistory"
      )
    }
    return found
  }

  private static func token(_ node: ImportJSONNode) throws(ImportError) -> SignedToken {
    SignedToken(compact: try node.string(), path: node.path.isEmpty ? "the JSON string" : node.path)
  }
}
