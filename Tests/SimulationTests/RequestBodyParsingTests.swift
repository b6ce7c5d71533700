import Foundation
import Testing

@testable import Simulation

/// verifyReceipt's request parser accepts and refuses what `JSONDecoder` does, and reads the same.
@Suite struct RequestBodyParsingTests {
  static let bodies = [
    #"{"receipt-data":"MIIB"}"#,
    #"{"receipt-data":"MIIB","password":"s3cret","exclude-old-transactions":true}"#,
    #"{"password":null,"exclude-old-transactions":null,"receipt-data":"MI\/IB\u0041","other":[1,{"x":2}]}"#,
    #" { "receipt-data" : "" , "exclude-old-transactions" : false } "#,
    #"{"receipt-data":"a","receipt-data":"b"}"#,
    #"{"receipt-data":"a","password":"p","password":"q"}"#,
    #"{"receipt-data":1}"#, #"{"receipt-data":null}"#, #"{"password":"p"}"#, #"{}"#, #"[]"#, #""MIIB""#,
    #"{"receipt-data":"MIIB","password":5}"#, #"{"receipt-data":"MIIB","exclude-old-transactions":"true"}"#,
    #"{"receipt-data":"MIIB","exclude-old-transactions":1}"#, #"{"receipt-data":"MIIB""#, "", "null",
    #"{"receipt-data":"MIIB"} x"#, "{\"receipt-data\":\"\u{1}\"}",
  ]

  @Test(arguments: bodies)
  func parsesAsJSONDecoderDecodes(_ body: String) {
    let decoded = try? JSONDecoder().decode(RequestBody.self, from: Data(body.utf8))
    let parsed = try? RequestBody(parsing: Array(body.utf8))
    #expect(parsed == decoded, "\(body)")
  }

  @Test func aLongReceiptIsReadWhole() throws {
    let receipt = String(repeating: "QUJD", count: 50_000)
    let parsed = try RequestBody(parsing: Array(#"{"receipt-data":"\#(receipt)"}"#.utf8))
    #expect(parsed.receiptData == receipt && parsed.password == nil && parsed.excludeOldTransactions == nil)
  }
}
