import Foundation

/// The three segments of a compact JWS, worked on as UTF-8 bytes, with payload and signature
/// decoded; the header's JSON is decoded separately so a verifier that has seen the header before
/// can skip it.
struct JWSParts {
  /// The header segment as written, base64url.
  var encodedHeader: ArraySlice<UInt8>
  /// The bytes the signature covers: the header and payload segments joined by a dot.
  var signingInput: ArraySlice<UInt8>
  var payload: [UInt8]
  var signature: [UInt8]

  init(_ compact: String) throws(VerificationFailure) {
    let bytes = Array(compact.utf8)
    let dots = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
    guard dots.count == 2 else {
      throw VerificationFailure(.malformedToken, "expected 3 dot-separated segments, found \(dots.count + 1)")
    }
    encodedHeader = bytes[..<dots[0]]
    signingInput = bytes[..<dots[1]]
    payload = try Self.decode(bytes[(dots[0] + 1)..<dots[1]], "payload")
    signature = try Self.decode(bytes[(dots[1] + 1)...], "signature")
  }

  /// Decodes the header segment's JSON.
  func decodeHeader() throws(VerificationFailure) -> JWSHeader {
    let bytes = try Self.decode(encodedHeader, "header")
    do {
      return try JSONDecoder().decode(JWSHeader.self, from: Data(bytes))
    } catch {
      throw VerificationFailure(
        .malformedHeader, "header is not a JSON object with string alg and x5c: \(error)")
    }
  }

  private static func decode(
    _ segment: ArraySlice<UInt8>, _ name: String
  ) throws(VerificationFailure) -> [UInt8] {
    guard let bytes = Base64.decode(segment, .url) else {
      throw VerificationFailure(.malformedToken, "\(name) segment is not unpadded base64url")
    }
    return bytes
  }
}
