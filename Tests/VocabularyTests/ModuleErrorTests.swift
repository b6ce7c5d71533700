import Testing
import Vocabulary

@Suite struct ModuleErrorTests {
  private enum Lower {}
  private enum Upper {}

  @Test func theSharedCodesAreStable() {
    let codes: [ErrorCode] = [
      .notFound, .conflict, .invalidValue, .notAllowed, .inconsistentState, .unknownProduct,
      .unknownTransaction, .refundRefused,
    ]
    #expect(
      codes.map(\.rawValue) == [
        "not_found", "conflict", "invalid_value", "not_allowed", "inconsistent_state", "unknown_product",
        "unknown_transaction", "refund_refused",
      ])
    #expect(ErrorCode("conflict") == .conflict)
    #expect(ErrorCode(rawValue: "not_found") == .notFound)
    #expect(ErrorCode.refundRefused.description == "refund_refused")
  }

  @Test func anErrorReadsAsItsReasonAloneWithItsCode() {
    let error = ModuleError<Lower>(.notAllowed, "cannot do that now")
    #expect(error.description == "cannot do that now")
    #expect(error.code == .notAllowed)
    #expect(error.errorCode == .notAllowed)
    #expect(error.sourceLocation == nil)
  }

  @Test func anErrorThatPointsIntoAFileReadsWithItsPlace() {
    let place = SourceLocation(file: "a.storebench", line: 3, column: 7)
    let error = ModuleError<Lower>(.invalidValue, "invalid UTF-8", at: place)
    #expect(error.description == "a.storebench:3:7: invalid UTF-8")
    #expect(error.message == "invalid UTF-8")
    #expect(ErrorLine.text(for: error) == "a.storebench:3:7: error: invalid UTF-8")
  }

  @Test func anotherModulesErrorKeepsItsCodeReasonAndPlace() {
    let place = SourceLocation(file: "w.json", line: 1)
    let lower = ModuleError<Lower>(.inconsistentState, "transaction 7 appears twice", at: place)
    let upper = ModuleError<Upper>(lower)
    #expect(upper.code == .inconsistentState)
    #expect(upper.reason == lower.reason)
    #expect(upper.sourceLocation == place)
  }
}
