import Foundation
import Testing

@testable import Verifier

@Suite struct ReceiptDateTests {
  @Test(arguments: [
    ("2025-12-26T18:39:47Z", 1_766_774_387),
    ("2013-08-01T07:00:00Z", 1_375_340_400),
    ("2000-02-29T23:59:59Z", 951_868_799),
    ("1970-01-01T00:00:00Z", 0),
    ("0001-01-01T00:00:00Z", -62_135_596_800),
    ("9999-12-31T23:59:59Z", 253_402_300_799),
  ])
  func knownDates(text: String, seconds: Int) throws {
    let date = Date(timeIntervalSince1970: TimeInterval(seconds))
    #expect(ReceiptDate.parse(Array(text.utf8)) == date)
    #expect(try ReceiptDate.format(date) == Array(text.utf8))
  }

  @Test func formatTruncatesToTheSecond() throws {
    #expect(try ReceiptDate.format(Date(timeIntervalSince1970: 1.999)) == Array("1970-01-01T00:00:01Z".utf8))
    #expect(try ReceiptDate.format(Date(timeIntervalSince1970: -0.5)) == Array("1969-12-31T23:59:59Z".utf8))
  }

  @Test(arguments: [
    "2023-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2023-04-31T00:00:00Z",
    "2023-01-01T24:00:00Z", "2023-01-01T00:60:00Z", "2023-01-01T00:00:60Z", "2023-00-01T00:00:00Z",
    "2023-01-00T00:00:00Z", "2023-01-01 00:00:00Z", "2023-01-01T00:00:00", "2023-01-01T00:00:00.000Z",
    "+023-01-01T00:00:00Z", "", "２023-01-01T00:00:00Z",
  ])
  func rejectsMalformedDates(text: String) {
    #expect(ReceiptDate.parse(Array(text.utf8)) == nil)
  }

  @Test func rejectsDatesOutsideTheFourDigitYears() {
    for date in [
      Date(timeIntervalSince1970: 253_402_300_800), Date(timeIntervalSince1970: -62_167_219_201),
      Date(timeIntervalSince1970: .infinity), Date(timeIntervalSince1970: .nan),
    ] {
      #expect(throws: SigningError.self) { try ReceiptDate.format(date) }
    }
  }
}
