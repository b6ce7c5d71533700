import Store
import Testing

@Suite struct StoreErrorTests {
  @Test func theCodesAreStable() {
    #expect(
      StoreError.Code.allCases.map(\.rawValue) == [
        "not-found", "conflict", "invalid-value", "not-allowed", "inconsistent-state",
      ])
  }

  @Test func anErrorReadsAsItsReasonAlone() {
    let error = StoreError(.notAllowed, "cannot do that now")
    #expect(error.description == "cannot do that now")
    #expect(error.code.description == "not-allowed")
  }
}
