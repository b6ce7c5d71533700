import Foundation
import Testing
import Verifier

/// Every change to a signed receipt must be rejected: by the container parser, the chain, the
/// signature or the payload, and never by a crash.
@Suite struct ReceiptTamperTests {
  let original = Fixtures.smallReceiptBytes
  let verifier = Fixtures.receiptVerifier

  func isRejected(_ bytes: [UInt8]) -> Bool {
    failedCheck { try verifier.verify(bytes, at: Fixtures.now) } != nil
  }

  @Test func originalVerifies() {
    #expect(!isRejected(original))
  }

  @Test(arguments: [0x01, 0x80, 0xff] as [UInt8])
  func everyFlippedByteIsRejected(mask: UInt8) {
    var accepted: [Int] = []
    for position in original.indices {
      var tampered = original
      tampered[position] ^= mask
      if !isRejected(tampered) { accepted.append(position) }
    }
    #expect(accepted.isEmpty, "flips accepted at \(accepted) of \(original.count) bytes")
  }

  @Test func everyTruncationIsRejected() {
    let accepted = (0..<original.count).filter { !isRejected(Array(original.prefix($0))) }
    #expect(accepted.isEmpty, "truncations accepted at lengths \(accepted)")
  }

  @Test func appendedBytesAreRejected() {
    #expect(isRejected(original + [0x00]))
    #expect(isRejected(original + original))
  }
}
