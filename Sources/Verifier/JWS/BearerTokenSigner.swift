import Crypto
import Foundation

/// Makes a bearer token for the App Store Server API as Apple's server libraries do: an ES256 JWT
/// with header `kid` and `typ` JWT, claims `iss`, `iat`, `exp`, `aud` appstoreconnect-v1 and
/// `bid`, signed with an App Store Connect API key (raw `r‖s`). `api-key token` prints one for
/// curl; the local server's tests and benchmark sign with it too.
public struct BearerTokenSigner: Sendable {
  /// The audience Apple requires (`aud`).
  public static let audience = "appstoreconnect-v1"
  /// The longest lifetime Apple accepts (`exp` after `iat`), in seconds.
  public static let maximumLifetime: Double = 3600

  /// The key id.
  public var keyId: String
  /// The issuer id.
  public var issuerId: String
  /// The app's bundle id.
  public var bundleId: String
  /// The private key registered under ``keyId``.
  public var privateKey: P256.Signing.PrivateKey

  /// Creates a signer.
  public init(keyId: String, issuerId: String, bundleId: String, privateKey: P256.Signing.PrivateKey) {
    self.keyId = keyId
    self.issuerId = issuerId
    self.bundleId = bundleId
    self.privateKey = privateKey
  }

  /// A token issued at `issuedAt` (left out when `nil`, as Python's library does), expiring at
  /// `expiresAt` (UNIX seconds).
  ///
  /// - Throws: When the key cannot sign.
  public func token(issuedAt: Int?, expiresAt: Int, audience: String = Self.audience) throws -> String {
    let header = #"{"alg":"ES256","kid":"\#(keyId)","typ":"JWT"}"#
    let issued = issuedAt.map { #""iat":\#($0),"# } ?? ""
    let claims =
      #"{"iss":"\#(issuerId)",\#(issued)"exp":\#(expiresAt),"aud":"\#(audience)","bid":"\#(bundleId)"}"#
    return try Self.signed(header: header, claims: claims, with: privateKey)
  }

  /// `header.claims.signature` in base64url, signed ES256 (raw `r‖s`).
  ///
  /// - Throws: When the key cannot sign.
  public static func signed(
    header: String, claims: String, with key: P256.Signing.PrivateKey
  ) throws -> String {
    let input = base64URL(Data(header.utf8)) + "." + base64URL(Data(claims.utf8))
    let signature = try key.signature(for: Data(input.utf8))
    return input + "." + base64URL(signature.rawRepresentation)
  }

  /// Base64url without padding.
  public static func base64URL(_ data: Data) -> String {
    Base64.encode(data, .url)
  }
}
