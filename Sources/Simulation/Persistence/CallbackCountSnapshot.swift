/// How many times a saved observer heard one callback (`updatedTransactions`, `removedTransactions`,
/// …), so that `expect callback` counts on across `--state` runs as it does within one session.
struct CallbackCountSnapshot: Codable, Hashable {
  var callback: String
  var count: Int

  /// The counts of a map, in the order of the callbacks' names, so that equal worlds save equal bytes.
  static func list(_ counts: [String: Int]) -> [CallbackCountSnapshot]? {
    guard !counts.isEmpty else { return nil }
    return counts.sorted { $0.key < $1.key }.map { CallbackCountSnapshot(callback: $0.key, count: $0.value) }
  }

  /// The map of a saved list.
  ///
  /// - Throws: ``WorldFileError`` for an empty callback name, a count below 1, or a callback listed twice.
  static func counts(
    _ list: [CallbackCountSnapshot]?, at path: String
  ) throws(WorldFileError) -> [String: Int] {
    var counts: [String: Int] = [:]
    for (index, entry) in (list ?? []).enumerated() {
      let entryPath = "\(path)[\(index)]"
      guard !entry.callback.isEmpty else {
        throw WorldFileError(path: entryPath + ".callback", reason: "is empty")
      }
      guard entry.count >= 1 else {
        throw WorldFileError(path: entryPath + ".count", reason: "must be at least 1, not \(entry.count)")
      }
      guard counts.updateValue(entry.count, forKey: entry.callback) == nil else {
        throw WorldFileError(path: entryPath + ".callback", reason: "\(entry.callback) is listed twice")
      }
    }
    return counts
  }
}
