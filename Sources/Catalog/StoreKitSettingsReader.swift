import JSON

/// Reads the `settings` object of an Xcode StoreKit configuration file into ``StoreKitSettings``:
/// each known key checked for its type, unknown keys listed so the load can name them.
struct StoreKitSettingsReader {
  /// The names of `_storeKitErrors` entries: `name` must be one of these.
  static let errorAPINames = [
    "Load Products", "Purchase", "Verification", "App Store Sync", "Subscription Status", "App Transaction",
    "Manage Subscriptions Sheet", "Refund Request Sheet", "Offer Code Redeem Sheet",
  ]

  func settings(_ node: JSONNode?) throws(CatalogError) -> StoreKitSettings {
    var settings = StoreKitSettings()
    guard let node else { return settings }
    let object = try node.object()
    let known =
      StoreKitSettings.booleanKeys.map(\.key) + StoreKitSettings.integerKeys.map(\.key)
      + StoreKitSettings.stringKeys.map(\.key) + ["_storeKitErrors", "_lastSynchronizedDate"]
    for (key, node) in object.entries where !known.contains(key) {
      settings.unknownMembers.append(JSONMember(key, node.value))
    }
    for (key, path) in StoreKitSettings.booleanKeys {
      settings[keyPath: path] = try object.optional(key)?.bool()
    }
    for (key, path) in StoreKitSettings.integerKeys {
      settings[keyPath: path] = try object.optional(key)?.integer(in: 0...100_000)
    }
    for (key, path) in StoreKitSettings.stringKeys {
      settings[keyPath: path] = try object.optional(key)?.nonEmptyString()
    }
    settings.lastSynchronizedDate = try object.optional("_lastSynchronizedDate")?.numberText()
    settings.storeKitErrors = try object.optional("_storeKitErrors").map { (node) throws(CatalogError) in
      try errors(node)
    }
    return settings
  }

  private func errors(_ node: JSONNode) throws(CatalogError) -> [StoreKitErrorSetting] {
    var result: [StoreKitErrorSetting] = []
    for element in try node.array() {
      let object = try element.object()
      try object.rejectUnknownKeys(["current", "emptyOnError", "enabled", "name"])
      let nameNode = try object.required("name")
      let name = try nameNode.string()
      guard Self.errorAPINames.contains(name) else {
        throw nameNode.fail(
          "unknown StoreKit API \"\(name)\" (expected one of: \(Self.errorAPINames.joined(separator: ", ")))")
      }
      if result.contains(where: { $0.name == name }) { throw nameNode.fail("\"\(name)\" appears twice") }
      result.append(
        StoreKitErrorSetting(
          name: name, isEnabled: try object.required("enabled").bool(),
          current: object.optional("current")?.value ?? .null,
          emptyOnError: try object.optional("emptyOnError")?.bool()))
    }
    return result
  }
}
