import Testing
import Verifier

@Suite struct ReceiptHashTests {
  /// Known answer from Apple's genuine sandbox receipt (`GenuineReceipt`): its attribute 5 equals
  /// SHA-1 of the device UUID, the 16-byte opaque value and the bundle id's UTF8String TLV.
  @Test func matchesAppleKnownAnswer() throws {
    let opaque: [UInt8] = hex("be1dd3ea9bcf4d08652eb539b9e05694")
    let expected: [UInt8] = hex("2158847543683847e9382a0fc51853cb17abcd6d")
    let device = ReceiptHash.deviceIdentifier(GenuineReceipt.deviceIdentifier)
    #expect(device == hex("956328d9cc6a47f4be406953fb0ab6c7"))
    let fromString = ReceiptHash.sha1(
      deviceIdentifier: device, opaqueValue: opaque, bundleId: "dev.bonzer.weeka.app")
    #expect(fromString == expected)
    let bundleValue: [UInt8] = [0x0c, 0x14] + Array("dev.bonzer.weeka.app".utf8)
    #expect(
      ReceiptHash.sha1(deviceIdentifier: device, opaqueValue: opaque, bundleIdValue: bundleValue) == expected)
  }

  @Test func theBareBundleStringIsNotTheInput() throws {
    let device = ReceiptHash.deviceIdentifier(GenuineReceipt.deviceIdentifier)
    let opaque: [UInt8] = hex("be1dd3ea9bcf4d08652eb539b9e05694")
    let bare = ReceiptHash.sha1(
      deviceIdentifier: device, opaqueValue: opaque, bundleIdValue: Array("dev.bonzer.weeka.app".utf8))
    #expect(bare != hex("2158847543683847e9382a0fc51853cb17abcd6d"))
  }

  @Test func genuineReceiptHashVerifies() throws {
    let receipt = try ReceiptDecoder().decode(GenuineReceipt.bytes)
    let computed = ReceiptHash.sha1(
      deviceIdentifier: ReceiptHash.deviceIdentifier(GenuineReceipt.deviceIdentifier),
      opaqueValue: receipt.opaqueValue, bundleId: receipt.bundleId)
    #expect(computed == receipt.sha1Hash)
  }
}

/// Bytes from a hex string.
func hex(_ text: String) -> [UInt8] {
  var bytes: [UInt8] = []
  var index = text.startIndex
  while index < text.endIndex {
    let next = text.index(index, offsetBy: 2)
    bytes.append(UInt8(text[index..<next], radix: 16)!)
    index = next
  }
  return bytes
}
