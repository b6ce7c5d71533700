import Testing
import Vocabulary

@Suite struct StorebenchErrorTests {
  private struct Sample: StorebenchError {
    var errorCode: ErrorCode
    var reason: String
  }

  @Test func anErrorReadsAsItsReason() {
    let error: any StorebenchError = Sample(errorCode: .notFound, reason: "no account named ann")
    #expect(error.description == "no account named ann")
    #expect("\(error)" == "no account named ann")
    #expect(error.errorCode.rawValue == "not_found")
  }
}
