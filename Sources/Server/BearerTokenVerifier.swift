import Crypto
import Foundation
import Simulation
import Synchronization
import Verifier

/// Checks an App Store Server API request's `Authorization: Bearer <JWT>` as Apple does: header
/// `alg` ES256 with a `kid` (and `typ` JWT when given); claims `iss`, `aud` appstoreconnect-v1,
/// `bid`, `exp` in the future, `iat` optional (Python's and Java's libraries leave it out) but when
/// given at most 60 minutes before `exp` (and without it, `exp` at most 60 minutes from now); the
/// key registered under `kid` for that issuer; the ES256 signature (raw `r‖s`) by that key.
///
/// Each check that fails is named by a ``Failure``; the edge answers every one with a bare 401, as
/// Apple does, and logs one line with the failure's ``Failure/reason``.
/// Times are real time (``ServerOptions/now``). Keys are cached per key id (registered keys never
/// change), and tokens already verified are remembered until they expire, since clients may reuse
/// one token for many requests.
public struct BearerTokenVerifier: Sendable {
  /// The check a token failed.
  public enum Failure: String, Error, Sendable, CaseIterable {
    /// No `Authorization` header.
    case missingHeader
    /// Not `Bearer <token>`.
    case wrongScheme
    /// Not three dot-separated parts.
    case malformedToken
    /// A part is not base64url.
    case badBase64
    /// The header or the claims are not a JSON object, or a time in them is not a number.
    case badJSON
    /// `alg` is not ES256.
    case wrongAlgorithm
    /// `typ` is given and is not JWT.
    case wrongType
    /// No `kid`.
    case missingKeyId
    /// `kid` names no registered key.
    case unknownKey
    /// `iss` is missing or not the key's issuer.
    case wrongIssuer
    /// `aud` is not appstoreconnect-v1.
    case wrongAudience
    /// `bid` is missing or not the app's bundle id.
    case wrongBundleId
    /// No `exp`.
    case missingExpiry
    /// `exp` has passed.
    case expired
    /// `exp` is more than 60 minutes after `iat` (or after now, without `iat`).
    case lifetimeTooLong
    /// The signature is not the key's over the token.
    case badSignature

    /// Why the token was refused, for the server's log: `unknown key id: kid names no key
    /// registered with api-key create`.
    public var reason: String {
      switch self {
      case .missingHeader: "no Authorization header"
      case .wrongScheme: "the Authorization header is not Bearer TOKEN"
      case .malformedToken: "malformed token: not three dot-separated parts"
      case .badBase64: "malformed token: a part is not base64url"
      case .badJSON: "malformed token: the header or claims are not JSON, or a time is not a number"
      case .wrongAlgorithm: "wrong alg: not ES256"
      case .wrongType: "wrong typ: not JWT"
      case .missingKeyId: "no kid in the header"
      case .unknownKey: "unknown key id: kid names no key registered with api-key create"
      case .wrongIssuer: "wrong iss: not the issuer id of the key"
      case .wrongAudience: "wrong aud: not \(BearerTokenSigner.audience)"
      case .wrongBundleId: "wrong bid: not the app's bundle id"
      case .missingExpiry: "no exp"
      case .expired: "expired: exp has passed"
      case .lifetimeTooLong: "lifetime too long: exp is more than 60 minutes after iat (or now)"
      case .badSignature: "foreign signature: not made by the key kid names"
      }
    }
  }

  /// A token split and decoded, not yet checked.
  public struct ParsedToken: Sendable {
    /// The header's `alg`.
    public var algorithm: String?
    /// The header's `typ`.
    public var type: String?
    /// The header's `kid`.
    public var keyId: String?
    /// `iss`.
    public var issuer: String?
    /// `aud`: one text, or each of a list.
    public var audiences: [String]
    /// `bid`.
    public var bundleId: String?
    /// `iat`, in UNIX seconds.
    public var issuedAt: Double?
    /// `exp`, in UNIX seconds.
    public var expiresAt: Double?
    /// `header.payload`, the bytes signed.
    public var signingInput: [UInt8]
    /// The signature's bytes.
    public var signature: [UInt8]
  }

  /// What a token that passed says.
  public struct CheckedToken: Sendable {
    /// `kid`.
    public var keyId: String
    /// `iss`.
    public var issuer: String
    /// `bid`, for the caller to compare with the app's.
    public var bundleId: String
    /// `exp`, in UNIX seconds.
    public var expiresAt: Double
  }

  private let now: @Sendable () -> Date
  private let cache = TokenCache()

  /// Creates a verifier reading real time from `now`.
  public init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  /// Checks a request's `Authorization` header, looking its key up in the world when it is not
  /// cached. The bundle id is left to the caller, who compares it with the app's inside the world.
  ///
  /// - Throws: The ``Failure`` of the first check that failed.
  public func check(authorization: String?, keys world: any WorldAccess) async throws(Failure) -> CheckedToken
  {
    let time = now().timeIntervalSince1970
    if let authorization, let known = cache.token(authorization) {
      guard known.expiresAt > time else { throw .expired }
      return known
    }
    let token = try Self.parse(authorization: authorization)
    let keyId = token.keyId ?? ""
    var key = cache.key(keyId)
    if key == nil, !keyId.isEmpty {
      key = await world.withWorld { $0.apiKeys.key(id: keyId) }
      if let key { cache.remember(key) }
    }
    let checked = try Self.verify(token, key: key, bundleId: nil, now: time)
    if let authorization { cache.remember(checked, as: authorization) }
    return checked
  }

  /// Splits an `Authorization` header's token and decodes its header and claims.
  ///
  /// - Throws: ``Failure/missingHeader``, ``Failure/wrongScheme``, ``Failure/malformedToken``,
  ///   ``Failure/badBase64`` or ``Failure/badJSON``.
  public static func parse(authorization: String?) throws(Failure) -> ParsedToken {
    guard let authorization else { throw .missingHeader }
    guard authorization.hasPrefix("Bearer ") else { throw .wrongScheme }
    let text = authorization.dropFirst("Bearer ".count).trimmingCharacters(in: .whitespaces)
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, !parts[2].isEmpty else {
      throw .malformedToken
    }
    guard let headerBytes = Base64.decode(parts[0], .url), let claimBytes = Base64.decode(parts[1], .url),
      let signature = Base64.decode(parts[2], .url)
    else { throw .badBase64 }
    let header = try decode(Header.self, headerBytes)
    let claims = try decode(Claims.self, claimBytes)
    return ParsedToken(
      algorithm: header.alg, type: header.typ, keyId: header.kid, issuer: claims.iss,
      audiences: claims.aud?.values ?? [], bundleId: claims.bid, issuedAt: claims.iat, expiresAt: claims.exp,
      signingInput: Array(text.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count)),
      signature: signature)
  }

  /// Checks a parsed token against its key at a time.
  ///
  /// - Parameters:
  ///   - token: The parsed token.
  ///   - key: The key registered under its `kid`, if any.
  ///   - bundleId: The app's bundle id, or `nil` to leave `bid` to the caller.
  ///   - now: Real time, in UNIX seconds.
  /// - Returns: What the token says.
  /// - Throws: The ``Failure`` of the first check that failed.
  public static func verify(
    _ token: ParsedToken, key: APIKeyRegistry.Key?, bundleId: String?, now: Double
  ) throws(Failure) -> CheckedToken {
    guard token.algorithm == "ES256" else { throw .wrongAlgorithm }
    guard token.type == nil || token.type == "JWT" else { throw .wrongType }
    guard let keyId = token.keyId, !keyId.isEmpty else { throw .missingKeyId }
    guard let key else { throw .unknownKey }
    guard let issuer = token.issuer, issuer == key.issuerId else { throw .wrongIssuer }
    guard token.audiences.contains(BearerTokenSigner.audience) else { throw .wrongAudience }
    guard let bid = token.bundleId, bundleId == nil || bid == bundleId else { throw .wrongBundleId }
    guard let expiresAt = token.expiresAt else { throw .missingExpiry }
    guard expiresAt > now else { throw .expired }
    guard expiresAt - (token.issuedAt ?? now) <= BearerTokenSigner.maximumLifetime else {
      throw .lifetimeTooLong
    }
    guard token.signature.count == 64,
      let signature = try? P256.Signing.ECDSASignature(rawRepresentation: token.signature),
      key.publicKey.isValidSignature(signature, for: token.signingInput)
    else { throw .badSignature }
    return CheckedToken(keyId: keyId, issuer: issuer, bundleId: bid, expiresAt: expiresAt)
  }

  private static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) throws(Failure) -> T {
    do {
      return try JSONDecoder().decode(type, from: Data(bytes))
    } catch {
      throw .badJSON
    }
  }

  /// The JOSE header's members the checks read.
  private struct Header: Decodable {
    var alg: String?
    var typ: String?
    var kid: String?
  }

  /// The claims the checks read; a time that is not a number makes the token unreadable.
  private struct Claims: Decodable {
    var iss: String?
    var aud: Audience?
    var bid: String?
    var iat: Double?
    var exp: Double?
  }

  /// `aud`: one text, or a list of them (RFC 7519 §4.1.3).
  private struct Audience: Decodable {
    var values: [String]

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        values = [text]
      } else {
        values = try container.decode([String].self)
      }
    }
  }
}

/// The verifier's memory: keys by id, and tokens already verified (at most ``limit``, forgotten
/// all at once when full).
private final class TokenCache: Sendable {
  static let limit = 1024
  private let state = Mutex<
    (keys: [String: APIKeyRegistry.Key], tokens: [String: BearerTokenVerifier.CheckedToken])
  >(
    ([:], [:]))

  func key(_ id: String) -> APIKeyRegistry.Key? {
    state.withLock { $0.keys[id] }
  }

  func remember(_ key: APIKeyRegistry.Key) {
    state.withLock { $0.keys[key.keyId] = key }
  }

  func token(_ authorization: String) -> BearerTokenVerifier.CheckedToken? {
    state.withLock { $0.tokens[authorization] }
  }

  func remember(_ token: BearerTokenVerifier.CheckedToken, as authorization: String) {
    state.withLock { state in
      if state.tokens.count >= Self.limit { state.tokens.removeAll(keepingCapacity: true) }
      state.tokens[authorization] = token
    }
  }
}
