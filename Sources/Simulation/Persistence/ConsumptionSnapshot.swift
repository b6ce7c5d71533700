/// The consumption information the app's server sent for a transaction, with the API version's body.
struct ConsumptionSnapshot: Codable, Hashable {
  var transactionId: String
  var receivedAt: Double
  var v2: ConsumptionRequest?
  var v1: ConsumptionRequestV1?

  init(transactionNumber: UInt64, _ information: ConsumptionInformation) {
    transactionId = String(transactionNumber)
    receivedAt = information.receivedAt.secondsSince1970
    switch information.body {
    case .v2(let request): v2 = request
    case .v1(let request): v1 = request
    }
  }

  func information(at path: String) throws(WorldFileError) -> (UInt64, ConsumptionInformation) {
    let number = try SnapshotPath.number(transactionId, at: path + ".transactionId")
    let body: ConsumptionInformation.Body
    switch (v2, v1) {
    case (let request?, nil): body = .v2(request)
    case (nil, let request?): body = .v1(request)
    case (nil, nil), (.some, .some):
      throw WorldFileError(path: path, reason: "exactly one of v2 and v1 must hold the body")
    }
    return (number, ConsumptionInformation(body: body, receivedAt: SnapshotPath.date(receivedAt)))
  }
}
