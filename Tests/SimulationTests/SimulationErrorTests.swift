import Simulation
import Testing

@Suite struct SimulationErrorTests {
  @Test func theCodesAreStable() {
    #expect(
      SimulationError.Code.allCases.map(\.rawValue) == [
        "not-found", "conflict", "invalid-value", "not-allowed", "signing-failed", "certificate-authority",
      ])
  }

  @Test func anErrorReadsAsItsReasonAlone() {
    let error = SimulationError(.notAllowed, "cannot do that now")
    #expect(error.description == "cannot do that now")
    #expect(error.code.description == "not-allowed")
  }
}
