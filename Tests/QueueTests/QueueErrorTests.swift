import Queue
import Testing

@Suite struct QueueErrorTests {
  @Test func theCodesAreStable() {
    #expect(
      QueueError.Code.allCases.map(\.rawValue) == [
        "not-found", "conflict", "invalid-value", "not-allowed", "inconsistent-state",
      ])
  }

  @Test func anErrorReadsAsItsReasonAlone() {
    let error = QueueError(.notAllowed, "cannot do that now")
    #expect(error.description == "cannot do that now")
    #expect(error.code.description == "not-allowed")
  }
}
