import Store
import Vocabulary

/// StoreKit errors armed for one API's upcoming calls (`fail-next`), in the order they are taken.
struct ArmedFaultSnapshot: Codable, Hashable {
  var api: String
  var errors: [Int]

  func errors(at path: String) throws(WorldFileError) -> (FaultPlan.API, [SKErrorCode]) {
    let api = try SnapshotPath.parse(self.api, as: FaultPlan.API.self, at: path + ".api")
    var codes: [SKErrorCode] = []
    for (index, raw) in errors.enumerated() {
      codes.append(try SnapshotPath.parse(raw, as: SKErrorCode.self, at: "\(path).errors[\(index)]"))
    }
    return (api, codes)
  }
}
