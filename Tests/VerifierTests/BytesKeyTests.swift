import Testing
import Verifier

/// ``BytesKey``: a sampled hash, a full comparison.
@Suite struct BytesKeyTests {
  @Test func textsThatDifferOnlyInTheMiddleAreDifferentKeys() {
    let base = [UInt8](repeating: 0x41, count: 1000)
    var changed = base
    changed[500] = 0x42
    #expect(BytesKey(base) != BytesKey(changed))
    #expect(BytesKey(base).hashValue == BytesKey(changed).hashValue)  // the middle is not sampled
    var cache: [BytesKey: Int] = [BytesKey(base): 1, BytesKey(changed): 2]
    #expect(cache[BytesKey(base)] == 1 && cache[BytesKey(changed)] == 2)
    cache[BytesKey(Array(base))] = 3
    #expect(cache.count == 2 && cache[BytesKey(base)] == 3)
  }

  @Test(arguments: [0, 1, 63, 64, 65, 127, 128, 129, 4096])
  func equalBytesAreEqualKeysAtEveryLength(count: Int) {
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    #expect(BytesKey(bytes) == BytesKey(Array(bytes)))
    #expect(BytesKey(bytes).hashValue == BytesKey(Array(bytes)).hashValue)
    #expect(BytesKey.equal(bytes, bytes + [0]) == false)
    if count > 0 {
      var last = bytes
      last[count - 1] ^= 1
      #expect(BytesKey(bytes) != BytesKey(last) && !BytesKey.equal(bytes, last))
    }
  }
}
