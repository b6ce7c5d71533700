/// The server environment that signed the data.
///
/// The typed view of `environment` of transactions and renewal info, `receiptType` of an app transaction; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum Environment: String, Hashable, Sendable, Codable, CaseIterable {
  /// The sandbox environment.
  case sandbox = "Sandbox"
  /// The production environment.
  case production = "Production"
  /// StoreKit Testing in Xcode.
  case xcode = "Xcode"
  /// Local testing, which Apple's libraries accept without checking signatures.
  case localTesting = "LocalTesting"
}
