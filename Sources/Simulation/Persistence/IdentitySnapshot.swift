/// A world's identity in a saved world (``WorldIdentity``): its seed as a decimal string. The
/// counters it started lives on in `store.nextTransactionId`, `store.nextWebOrderLineItemId` and
/// `notifications.madeIdentifiers`. Absent for the scripted identity (seed 0), and in files written
/// before worlds had one.
struct IdentitySnapshot: Codable, Hashable {
  var seed: String

  /// The snapshot of an identity; `nil` for the scripted one.
  init?(_ identity: WorldIdentity) {
    guard !identity.isScripted else { return nil }
    seed = String(identity.seed)
  }

  /// The identity it holds.
  ///
  /// - Throws: ``WorldFileError`` at `path.seed` when the seed is not a decimal number.
  func identity(at path: String) throws(WorldFileError) -> WorldIdentity {
    guard !seed.isEmpty, seed.allSatisfy(\.isASCII), let value = UInt64(seed) else {
      throw WorldFileError(
        path: path + ".seed", reason: "\"\(seed)\" is not a seed (a whole number from 0 to \(UInt64.max))")
    }
    return WorldIdentity(seed: value)
  }
}
