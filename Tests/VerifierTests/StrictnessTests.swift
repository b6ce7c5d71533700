import Foundation
import Testing

@testable import Verifier

/// Where the verifiers are stricter than the formats allow, and the one place they are not: each
/// choice is the strictest that still accepts every genuine Apple artifact.
@Suite struct StrictnessTests {
  let jwsVerifier = JWSVerifier(trustedRoots: [Fixtures.authority.root])
  let token = try! Fixtures.jwsSigner.sign(JWSTests.transaction)

  var parts: [String] { token.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }

  @Test func aHeaderNamingCriticalExtensionsIsRefused() throws {
    let header = try JWSToken(compact: token).header
    let x5c = try #require(header.x5c)
    let json = #"{"alg":"ES256","crit":["exp"],"x5c":[""# + x5c.joined(separator: #"",""#) + #""]}"#
    let forged = Base64.encode(Array(json.utf8), .url) + "." + parts[1] + "." + parts[2]
    #expect(failedCheck { try jwsVerifier.verify(forged, at: Fixtures.now) } == .malformedHeader)
  }

  /// ECDSA accepts both `s` and `n − s`. Apple does not normalize its signatures to the low `s`, so
  /// refusing the high one would refuse about half of Apple's genuine JWS; OpenSSL and the
  /// `cryptography` package under Apple's Python library accept both, and so does storebench.
  @Test func theOtherEquivalentSignatureIsAcceptedAsOpenSSLAndApplesLibraryDo() throws {
    let signature = try #require(Base64.decode(parts[2], .url))
    let s = Array(signature[32...])
    let flipped = Array(signature[..<32]) + Self.subtract(s, from: Self.p256Order)
    #expect(flipped != signature)
    let other = parts[0] + "." + parts[1] + "." + Base64.encode(flipped, .url)
    #expect(failedCheck { try jwsVerifier.verify(other, at: Fixtures.now) } == nil)
  }

  @Test func unsignedAttributesInTheReceiptContainerAreRefused() {
    let receipt = Fixtures.smallReceiptBytes
    #expect(failedCheck { try Fixtures.receiptVerifier.verify(receipt, at: Fixtures.now) } == nil)
    // ContentInfo › [0] › SignedData › signerInfos (its last child) › the first SignerInfo.
    let withAttributes = DERSurgery.appending([0xA1, 0x00], at: [1, 0, -1, 0], in: receipt)
    #expect(withAttributes.count == receipt.count + 2)
    #expect(
      failedCheck { try Fixtures.receiptVerifier.verify(withAttributes, at: Fixtures.now) }
        == .malformedContainer)
  }

  @Test(arguments: ["", "=", "==", "===", "A==="])
  func receiptBase64WithAnythingButExactPaddingIsRefused(suffix: String) {
    let exact = Base64.encode(Fixtures.smallReceiptBytes, .standard)
    #expect(Base64.decode(exact, .standard) == Fixtures.smallReceiptBytes)
    guard !suffix.isEmpty else { return }
    #expect(Base64.decode(exact + suffix, .standard) == nil)
  }

  /// n, the order of P-256's group, big-endian.
  static let p256Order: [UInt8] = Array(
    stride(from: 0, to: 64, by: 2).map { index -> UInt8 in
      let hex = Array("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551".utf8)
      return UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16)!
    })

  /// `minuend − subtrahend` for 32-byte big-endian numbers, the subtrahend the smaller.
  static func subtract(_ subtrahend: [UInt8], from minuend: [UInt8]) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: 32)
    var borrow = 0
    for index in (0..<32).reversed() {
      var digit = Int(minuend[index]) - Int(subtrahend[index]) - borrow
      borrow = digit < 0 ? 1 : 0
      if digit < 0 { digit += 256 }
      result[index] = UInt8(digit)
    }
    return result
  }
}

/// Rewrites definite-length DER: adds bytes at the end of a nested element's contents and fixes
/// every enclosing length.
enum DERSurgery {
  /// - Parameters:
  ///   - extra: The bytes to add.
  ///   - path: Child positions from the outermost element's children down (−1 is the last child).
  ///   - der: One encoded element.
  static func appending(_ extra: [UInt8], at path: [Int], in der: [UInt8]) -> [UInt8] {
    let (tag, content) = split(der[...])
    guard let step = path.first else { return encode(tag, Array(content) + extra) }
    var children: [ArraySlice<UInt8>] = []
    var rest = content
    while !rest.isEmpty {
      let length = elementLength(rest)
      children.append(rest.prefix(length))
      rest = rest.dropFirst(length)
    }
    let index = step < 0 ? children.count + step : step
    var rebuilt: [UInt8] = []
    for (position, child) in children.enumerated() {
      rebuilt +=
        position == index ? appending(extra, at: Array(path.dropFirst()), in: Array(child)) : Array(child)
    }
    return encode(tag, rebuilt)
  }

  private static func split(_ element: ArraySlice<UInt8>) -> (tag: UInt8, content: ArraySlice<UInt8>) {
    let (header, length) = lengthField(element)
    return (element[element.startIndex], element.dropFirst(header).prefix(length))
  }

  private static func elementLength(_ element: ArraySlice<UInt8>) -> Int {
    let (header, length) = lengthField(element)
    return header + length
  }

  private static func lengthField(_ element: ArraySlice<UInt8>) -> (header: Int, length: Int) {
    let first = Int(element[element.startIndex + 1])
    guard first & 0x80 != 0 else { return (2, first) }
    let count = first & 0x7f
    let length = element.dropFirst(2).prefix(count).reduce(0) { $0 << 8 | Int($1) }
    return (2 + count, length)
  }

  private static func encode(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    var length: [UInt8] = []
    var value = content.count
    if value < 0x80 {
      length = [UInt8(value)]
    } else {
      while value > 0 {
        length.insert(UInt8(value & 0xff), at: 0)
        value >>= 8
      }
      length.insert(0x80 | UInt8(length.count), at: 0)
    }
    return [tag] + length + content
  }
}
