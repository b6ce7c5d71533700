import Testing
import Workbench

@Suite struct WorkbenchErrorTests {
  @Test func theCodesAreStable() {
    #expect(
      WorkbenchError.Code.allCases.map(\.rawValue) == [
        "not-found", "conflict", "invalid-value", "not-allowed", "file", "benchmark",
      ])
  }

  @Test func anErrorReadsAsItsReasonAlone() {
    let error = WorkbenchError(.notAllowed, "cannot do that now")
    #expect(error.description == "cannot do that now")
    #expect(error.code.description == "not-allowed")
  }
}
