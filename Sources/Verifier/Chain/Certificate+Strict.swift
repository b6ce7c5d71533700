import SwiftASN1
import X509

extension Certificate {
  /// Parses a DER certificate that travels with a signature, more strictly than `init(derEncoded:)`.
  ///
  /// swift-certificates accepts a signature BIT STRING that declares unused bits; the signature
  /// check then ignores them, so that byte could change without the certificate being rejected.
  /// Certificate signatures are whole octets, so the unused-bit count must be 0.
  ///
  /// - Parameters:
  ///   - der: The certificate's DER bytes.
  ///   - place: Which certificate this is, for the error reason.
  /// - Throws: `malformedCertificate`.
  /// - Returns: The certificate.
  static func strictlyParsing(_ der: [UInt8], place: String) throws(VerificationFailure) -> Certificate {
    do {
      let certificate = try Certificate(derEncoded: der)
      guard case .constructed(let parts) = try DER.parse(der).content,
        let signature = Array(parts).last, case .primitive(let bits) = signature.content, bits.first == 0
      else {
        throw VerificationFailure(
          .malformedCertificate, "\(place): signature BIT STRING declares unused bits")
      }
      return certificate
    } catch let failure as VerificationFailure {
      throw failure
    } catch {
      throw VerificationFailure(.malformedCertificate, "\(place) is not a DER certificate: \(error)")
    }
  }
}
