/// What the App Store Server API keeps in a saved world: fault switches, consumption information,
/// mass and single renewal-date extensions, app account tokens.
struct ServerAPISnapshot: Codable, Hashable {
  var faults: [ServerFaultSnapshot]
  var consumption: [ConsumptionSnapshot]
  var massExtensions: [MassExtensionSnapshot]
  var extensionAnswers: [ExtensionAnswerSnapshot]
  var appAccountTokens: [AppAccountTokenSnapshot]

  init(_ state: ServerAPIState) {
    faults = state.faults.map(ServerFaultSnapshot.init)
    consumption = state.consumption.keys.sorted().compactMap { number in
      state.consumption[number].map { ConsumptionSnapshot(transactionNumber: number, $0) }
    }
    massExtensions = state.massExtensions.map(MassExtensionSnapshot.init)
    extensionAnswers = state.extensionAnswers.keys.sorted().compactMap { key in
      state.extensionAnswers[key].map { ExtensionAnswerSnapshot(key: key, answer: $0) }
    }
    appAccountTokens = state.appAccountTokens.keys.sorted().flatMap { original in
      (state.appAccountTokens[original] ?? []).map {
        AppAccountTokenSnapshot(
          originalTransactionId: String(original), fromTransactionId: String($0.from), token: $0.token)
      }
    }
  }

  func state(at path: String) throws(WorldFileError) -> ServerAPIState {
    var state = ServerAPIState()
    for (index, fault) in faults.enumerated() { state.set(try fault.fault(at: "\(path).faults[\(index)]")) }
    for (index, entry) in consumption.enumerated() {
      let (number, information) = try entry.information(at: "\(path).consumption[\(index)]")
      state.consumption[number] = information
    }
    for entry in massExtensions { state.record(entry.record) }
    for entry in extensionAnswers { state.extensionAnswers[entry.key] = entry.answer }
    for (index, entry) in appAccountTokens.enumerated() {
      let entryPath = "\(path).appAccountTokens[\(index)]"
      state.setAppAccountToken(
        entry.token,
        originalTransactionNumber: try SnapshotPath.number(
          entry.originalTransactionId, at: entryPath + ".originalTransactionId"),
        from: try SnapshotPath.number(entry.fromTransactionId, at: entryPath + ".fromTransactionId"))
    }
    return state
  }
}
