import JSON
import Verifier
import X509

/// A compact JWS's header and payload as pretty-printed JSON, for `jws --decode`: members in the
/// token's own order (storebench signs payloads with sorted keys), and the header's `x5c`
/// certificates shown by subject, so that the text holds no signature bytes and is the same from
/// run to run (the compact form beside it holds the certificates themselves).
enum DecodedJWS {
  /// `header:` and its JSON, then `payload:` and its JSON.
  ///
  /// - Throws: ``WorkbenchError`` when the token is not three segments of base64url JSON.
  static func lines(of token: String) throws(WorkbenchError) -> [String] {
    let segments = token.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count == 3 else {
      throw WorkbenchError(.invalidValue, "the JWS has \(segments.count) segments, not 3")
    }
    let header = try json(segments[0], "header")
    let payload = try json(segments[1], "payload")
    return ["header:"] + JSONText.xcodeStyle(subjectsForCertificates(in: header)).trimmedLines
      + ["payload:"] + JSONText.xcodeStyle(payload).trimmedLines
  }

  private static func json(_ segment: Substring, _ name: String) throws(WorkbenchError) -> JSONValue {
    guard let bytes = Base64.decode(segment, .url) else {
      throw WorkbenchError(.invalidValue, "the JWS's \(name) is not base64url")
    }
    do {
      return try JSONParser.parse(bytes)
    } catch {
      throw WorkbenchError(.invalidValue, "the JWS's \(name) is not JSON: \(error)")
    }
  }

  /// The header with each certificate of `x5c` replaced by its subject.
  private static func subjectsForCertificates(in header: JSONValue) -> JSONValue {
    guard case .object(let members) = header else { return header }
    return .object(
      members.map { member in
        guard member.key == "x5c", case .array(let chain) = member.value else { return member }
        return JSONMember(member.key, .array(chain.map(subject)))
      })
  }

  /// A certificate's subject, or the value as it is when it is not a certificate in base64.
  private static func subject(_ value: JSONValue) -> JSONValue {
    guard case .string(let text) = value, let der = Base64.decode(text, .standard) else { return value }
    do {
      return .string(try Certificate(derEncoded: der).subject.description)
    } catch {
      return value
    }
  }
}
