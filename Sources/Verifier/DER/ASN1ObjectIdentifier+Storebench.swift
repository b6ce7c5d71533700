import SwiftASN1

extension ASN1ObjectIdentifier {
  /// Apple's marker on receipt and JWS signing leaf certificates, 1.2.840.113635.100.6.11.1.
  public static let appleLeafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]

  /// Apple's marker on the Worldwide Developer Relations intermediate, 1.2.840.113635.100.6.2.1.
  public static let appleIntermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]

  /// CMS `id-data`, 1.2.840.113549.1.7.1.
  static let pkcs7Data: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 1]

  /// CMS `id-signedData`, 1.2.840.113549.1.7.2.
  static let pkcs7SignedData: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 2]

  /// SHA-256, 2.16.840.1.101.3.4.2.1.
  static let digestSHA256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]

  /// SHA-1, 1.3.14.3.2.26 (legacy receipts).
  static let digestSHA1: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]

  /// `rsaEncryption`, 1.2.840.113549.1.1.1, which Apple's receipts give as the signature algorithm.
  static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 1]

  /// `sha1WithRSAEncryption`, 1.2.840.113549.1.1.5.
  static let sha1WithRSAEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 5]

  /// `sha256WithRSAEncryption`, 1.2.840.113549.1.1.11.
  static let sha256WithRSAEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 11]

  /// `ecdsa-with-SHA256`, 1.2.840.10045.4.3.2.
  static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 2]
}
