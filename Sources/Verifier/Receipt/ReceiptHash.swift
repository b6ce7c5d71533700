import Crypto
import Foundation

/// The receipt's SHA-1 hash (attribute 5), by Apple's formula ("Validating receipts on the
/// device": Compute the GUID Hash): SHA-1 of the device identifier, the opaque value and the bundle
/// identifier's DER bytes.
///
/// `hash = SHA1(deviceIdentifier ‖ opaqueValue ‖ bundleIdDER)`, where `bundleIdDER` is the whole
/// content of attribute 2's OCTET STRING: the UTF8String TLV with its tag and length, not the bare
/// string.
public enum ReceiptHash {
  /// Computes the hash from the bundle id attribute's encoded value.
  ///
  /// - Parameters:
  ///   - deviceIdentifier: The device identifier bytes (16 bytes of `identifierForVendor` on iOS,
  ///     the primary MAC address on macOS).
  ///   - opaqueValue: The opaque value (attribute 4).
  ///   - bundleIdValue: The content of attribute 2's OCTET STRING, a UTF8String TLV.
  /// - Returns: The 20-byte SHA-1 digest.
  public static func sha1(deviceIdentifier: [UInt8], opaqueValue: [UInt8], bundleIdValue: [UInt8]) -> [UInt8]
  {
    var hasher = Insecure.SHA1()
    hasher.update(data: deviceIdentifier)
    hasher.update(data: opaqueValue)
    hasher.update(data: bundleIdValue)
    return Array(hasher.finalize())
  }

  /// Computes the hash from the bundle identifier string, encoding it as the receipt does.
  ///
  /// - Parameters:
  ///   - deviceIdentifier: The device identifier bytes.
  ///   - opaqueValue: The opaque value (attribute 4).
  ///   - bundleId: The bundle identifier (attribute 2).
  /// - Returns: The 20-byte SHA-1 digest.
  public static func sha1(deviceIdentifier: [UInt8], opaqueValue: [UInt8], bundleId: String) -> [UInt8] {
    sha1(
      deviceIdentifier: deviceIdentifier, opaqueValue: opaqueValue,
      bundleIdValue: ReceiptValue.utf8StringTLV(bundleId))
  }

  /// The 16 device identifier bytes of an iOS `identifierForVendor`.
  ///
  /// - Parameter uuid: The vendor identifier.
  /// - Returns: The UUID's 16 bytes in order.
  public static func deviceIdentifier(_ uuid: UUID) -> [UInt8] {
    withUnsafeBytes(of: uuid.uuid) { Array($0) }
  }
}
