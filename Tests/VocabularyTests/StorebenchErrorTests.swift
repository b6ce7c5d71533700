import Testing
import Vocabulary

@Suite struct StorebenchErrorTests {
  private struct Sample: StorebenchError {
    var code: String
    var reason: String
  }

  @Test func anErrorReadsAsItsReason() {
    let error: any StorebenchError = Sample(code: "not-found", reason: "no account named ann")
    #expect(error.description == "no account named ann")
    #expect("\(error)" == "no account named ann")
  }
}
