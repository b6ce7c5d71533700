import Testing

@testable import Store

/// Counts, durations and sizes as people read them.
@Suite struct WordingTests {
  @Test func pluralsAgreeWithTheirCount() {
    #expect(Wording.plural(1, "entry", "entries") == "1 entry")
    #expect(Wording.plural(0, "entry", "entries") == "0 entries")
    #expect(Wording.plural(2, "transaction") == "2 transactions")
    #expect(Wording.plural(1, "observer") == "1 observer")
  }

  @Test func durationsUseTheirTwoLargestUnits() {
    #expect(Wording.duration(0) == "0 s")
    #expect(Wording.duration(-5) == "0 s")
    #expect(Wording.duration(.infinity) == "0 s")
    #expect(Wording.duration(51.2) == "52 s")
    #expect(Wording.duration(180) == "3 min")
    #expect(Wording.duration(200) == "3 min 20 s")
    #expect(Wording.duration(7_500) == "2 h 5 min")
    #expect(Wording.duration(4_000_000) == "46 d 7 h")
  }

  @Test func sizesAreDecimalWithOneDecimal() {
    #expect(Wording.size(1) == "1 byte")
    #expect(Wording.size(512) == "512 bytes")
    #expect(Wording.size(1_500) == "1.5 KB")
    #expect(Wording.size(52_428_800) == "52.4 MB")
    #expect(Wording.size(2_000_000_000) == "2.0 GB")
  }
}
