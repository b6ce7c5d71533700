import Store

/// A billing's place in a commitment billed monthly, in a saved world (absent for periods without
/// one, so worlds saved before commitments load unchanged).
struct CommitmentSnapshot: Codable, Hashable {
  var startDate: Double
  var expiresDate: Double
  var periodNumber: Int
  var totalPeriods: Int
  var price: PriceSnapshot

  init(_ commitment: Commitment) {
    startDate = commitment.startDate.secondsSince1970
    expiresDate = commitment.expiresDate.secondsSince1970
    periodNumber = commitment.periodNumber
    totalPeriods = commitment.totalPeriods
    price = PriceSnapshot(commitment.price)
  }

  func commitment(at path: String) throws(WorldFileError) -> Commitment {
    guard totalPeriods >= 1, (1...totalPeriods).contains(periodNumber) else {
      throw WorldFileError(
        path: path + ".periodNumber",
        reason: "\(periodNumber) is not a billing of a commitment of \(totalPeriods)")
    }
    return Commitment(
      startDate: SnapshotPath.date(startDate), expiresDate: SnapshotPath.date(expiresDate),
      periodNumber: periodNumber, totalPeriods: totalPeriods, price: try price.price(at: path + ".price"))
  }
}
