import Foundation
import Simulation
import StoreBenchKit

/// The device face of `serve`: a connected app's StoreKit calls, answered from the session's world.
/// Reads are answered from the device's StoreKit side (``Engine``); changes run as command lines
/// on the device (`on iPhone-sim purchase pro.monthly`), shown as `iPhone-sim> purchase
/// pro.monthly`, journaled and recorded as any line, so that a script replays them.
struct DeviceFace {
  let session: Session
  let devices: ConnectedDevices

  /// Answers a request.
  func answer(_ request: DeviceRequest) -> DeviceAnswer {
    do {
      if request.operation == "launch" { return try ok(launch(request.device)) }
      let device = try self.device(named: request.device)
      let engine = devices.engine(for: device, in: session.world)
      engine.followWallClock()
      return try answer(request, device: device, engine: engine)
    } catch let failure as DeviceFailure {
      return DeviceAnswer(status: Self.status(of: failure), body: Self.json(failure))
    } catch {
      return DeviceAnswer(
        status: 409,
        body: Self.json(
          DeviceFailure(
            storeKitError: Self.storeKitName(of: error), errorCode: "refused", errorMessage: "\(error)")))
    }
  }

  private func answer(_ request: DeviceRequest, device: Device, engine: Engine) throws -> DeviceAnswer {
    switch request.operation {
    case "products":
      let ids = try decode(ProductsRequestWire.self, request).ids
      let records = try engine.products(for: ids).map { product in
        try JSONDecoder().decode(ProductJSON.self, from: product.jsonRepresentation)
      }
      return try ok(ListAnswer(records))
    case "purchase":
      return try ok(purchase(try decode(PurchaseRequestWire.self, request), on: device, engine))
    case "finish":
      return try ok(finish(try decode(FinishRequestWire.self, request).transactionID, on: device))
    case "transactions": return try ok(ListAnswer(transactions(request.query, engine).map { Self.wire($0) }))
    case "eligibility":
      return try ok(
        EligibilityAnswer(eligible: engine.isEligibleForIntroOffer(groupID: try value("group", request))))
    case "statuses": return try statuses(request.query, engine)
    case "app-transaction":
      let refresh = try decode(AppTransactionRequestWire.self, request).refresh
      return try ok(Self.wire(try engine.sharedAppTransaction(refresh: refresh)))
    case "sync":
      // An armed restore failure throws the StoreKit error, as `AppStore.sync()` does in process.
      if let error = engine.failure(.restore) { throw error }
      try perform(["sync"], on: device)
      return try ok(DoneAnswer())
    case "updates": return try updates(request, device: device, engine)
    case "revision":
      return try ok(
        RevisionAnswer(
          cursor: device.storeKit2.updatesSinceLaunch, revision: session.world.changeCount, run: devices.run))
    default:
      throw DeviceFailure(errorCode: "not_found", errorMessage: "no device operation \(request.operation)")
    }
  }

  // MARK: Launch

  /// Makes the device ready for a connected app and launches it: added when the world has none of
  /// that name, its app using StoreKit 2 and finishing its own transactions.
  private func launch(_ name: String) throws -> LaunchAnswer {
    let world = session.world
    if !world.devices.contains(where: { $0.name == name }) {
      try perform(["device", "add", name], shownAs: name, on: nil)
    }
    let device = try self.device(named: name)
    if !device.api.usesStoreKit2 { try perform(["app", "sk2"], on: device) }
    if device.storeKit2.policy.finishes { try perform(["listener", "finish", "off"], on: device) }
    try perform(["relaunch"], on: device)
    devices.noteHeard(name, upTo: 0)
    let engine = devices.engine(for: device, in: world)
    let root = try world.authority().exportRoot(format: .der)
    return LaunchAnswer(
      device: name, rootCertificate: Data(root).base64EncodedString(),
      deviceVerificationID: engine.deviceVerificationID,
      canMakePayments: device.queue.canMakePayments, storefront: Self.wire(engine.storefront),
      cursor: device.storeKit2.updatesSinceLaunch)
  }

  // MARK: Changes

  /// `product.purchase(options:)`, as the `purchase` command with the options' flags.
  private func purchase(
    _ wire: PurchaseRequestWire, on device: Device, _ engine: Engine
  ) throws -> PurchaseAnswer {
    let before = device.storeKit2.results.count
    let outcome = run(PurchaseLine.words(for: wire), shownAs: device.name, on: device)
    if case .failed(_, let code) = outcome {
      let name =
        code == .invalidValue
        ? "invalidQuantity" : code == .unknownProduct ? "productUnavailable" : "purchaseNotAllowed"
      return PurchaseAnswer(result: "failed", error: "Product.PurchaseError.\(name)")
    }
    do {
      switch try engine.purchaseResult(since: before) {
      case .success(let transaction):
        return PurchaseAnswer(result: "success", transaction: Self.wire(transaction))
      case .pending: return PurchaseAnswer(result: "pending")
      case .userCancelled: return PurchaseAnswer(result: "userCancelled")
      @unknown default: return PurchaseAnswer(result: "failed", error: "StoreKitError.unknown")
      }
    } catch {
      return PurchaseAnswer(result: "failed", error: Self.storeKitName(of: error) ?? "StoreKitError.unknown")
    }
  }

  /// `transaction.finish()`: the `finish` command, when the device has the transaction unfinished.
  private func finish(_ transactionID: UInt64, on device: Device) throws -> DoneAnswer {
    let unfinished = device.queue.transactions.contains {
      $0.record?.transactionNumber == transactionID && !$0.isFinished
    }
    if unfinished { try perform(["finish", String(transactionID)], on: device) }
    return DoneAnswer()
  }

  // MARK: Reads

  private func transactions(
    _ query: [String: String], _ engine: Engine
  ) throws -> [StoreBenchClient.VerificationResult<StoreBenchClient.Transaction>] {
    let product = query["product"]
    switch query["kind"] {
    case "entitlements": return engine.entitlements(productID: product)
    case "all": return engine.allTransactions(productID: product)
    case "unfinished": return engine.unfinished()
    default:
      throw DeviceFailure(errorCode: "invalid_value", errorMessage: "kind is entitlements, all or unfinished")
    }
  }

  private func statuses(_ query: [String: String], _ engine: Engine) throws -> DeviceAnswer {
    if let group = query["group"] {
      return try ok(ListAnswer(try engine.statuses(groupID: group).map { Self.wire($0) }))
    }
    if let text = query["transaction"] {
      guard let number = UInt64(text) else {
        throw DeviceFailure(
          errorCode: "invalid_value", errorMessage: "transaction \(text) is not a transaction id")
      }
      return try ok(
        ListAnswer([try engine.status(transactionID: number)].compactMap { $0 }.map { Self.wire($0) }))
    }
    let groups = engine.allStatuses().map {
      GroupStatusesWire(groupID: $0.groupID, statuses: $0.statuses.map { Self.wire($0) })
    }
    return try ok(ListAnswer(groups))
  }

  /// The listener's updates after `after`, with the world's state.
  private func updates(_ request: DeviceRequest, device: Device, _ engine: Engine) throws -> DeviceAnswer {
    let after = Int(request.query["after"] ?? "0") ?? 0
    devices.noteHeard(device.name, upTo: after)
    let app = device.storeKit2
    let first = app.updatesSinceLaunch - app.updates.count
    let updates = app.updates.enumerated().compactMap { offset, update -> NumberedUpdate? in
      let number = first + offset + 1
      guard number > after, let record = engine.record(transactionID: update.transactionId) else {
        return nil
      }
      return NumberedUpdate(
        number: number, transaction: Self.wire(engine.transaction(record, as: update.verification)))
    }
    let statuses = engine.allStatuses().map {
      GroupStatusesWire(groupID: $0.groupID, statuses: $0.statuses.map { Self.wire($0) })
    }
    let answer = UpdatesAnswer(
      updates: updates, cursor: app.updatesSinceLaunch, statuses: statuses,
      storefront: Self.wire(engine.storefront),
      canMakePayments: device.queue.canMakePayments, revision: session.world.changeCount,
      run: devices.run)
    return DeviceAnswer(status: 200, body: try Self.encode(answer))
  }

  /// Whether a poll for updates (`after`, `revision`, `run`) would bring something the app has not
  /// heard: an update after `after`, a world that moved since `revision` (a status, the storefront),
  /// or another server run than the one the app heard last.
  func hasNews(for request: DeviceRequest) -> Bool {
    guard let device = session.world.devices.first(where: { $0.name == request.device }) else { return true }
    let after = Int(request.query["after"] ?? "0") ?? 0
    let revision = Int(request.query["revision"] ?? "-1") ?? -1
    devices.noteHeard(device.name, upTo: after)
    return after != device.storeKit2.updatesSinceLaunch || revision != session.world.changeCount
      || request.query["run"] != devices.run
  }

  // MARK: Lines

  /// Runs a command as a line, shown as `NAME> COMMAND`; a failure throws.
  private func perform(_ words: [String], on device: Device) throws {
    try perform(words, shownAs: device.name, on: device)
  }

  private func perform(_ words: [String], shownAs name: String, on device: Device?) throws {
    if case .failed(let message, let code) = run(words, shownAs: name, on: device) {
      throw DeviceFailure(errorCode: code.rawValue, errorMessage: message)
    }
  }

  /// Runs a command as a line, on a device (`on DEVICE COMMAND`) or on the current one, shown in
  /// the session's output as `NAME> COMMAND` with what it prints, and reported as a typed line is.
  private func run(_ words: [String], shownAs name: String, on device: Device?) -> Interpreter.Outcome {
    let line = (device.map { ["on", $0.name] } ?? []) + words
    session.print("\(name)> \(words.map(CommandLineSplitter.quote).joined(separator: " "))")
    let outcome = Interpreter.run(
      line: line.map(CommandLineSplitter.quote).joined(separator: " "), in: session)
    session.report(outcome)
    return outcome
  }

  // MARK: Wire

  private func device(named name: String) throws -> Device {
    guard let device = session.world.devices.first(where: { $0.name == name }) else {
      throw DeviceFailure(
        errorCode: "not_found", errorMessage: "no device named \(name): POST /device/v1/\(name)/launch first")
    }
    return device
  }

  private func decode<Body: Decodable>(_ type: Body.Type, _ request: DeviceRequest) throws -> Body {
    do {
      return try JSONDecoder().decode(type, from: request.body.isEmpty ? Data("{}".utf8) : request.body)
    } catch {
      throw DeviceFailure(
        errorCode: "invalid_value", errorMessage: "the request's body does not read: \(error)")
    }
  }

  private func value(_ name: String, _ request: DeviceRequest) throws -> String {
    guard let value = request.query[name], !value.isEmpty else {
      throw DeviceFailure(errorCode: "invalid_value", errorMessage: "\(request.operation) takes ?\(name)=")
    }
    return value
  }

  private func ok(_ value: some Encodable) throws -> DeviceAnswer {
    DeviceAnswer(status: 200, body: try Self.encode(value))
  }

  private static func encode(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }

  private static func json(_ failure: DeviceFailure) -> Data {
    (try? encode(failure)) ?? Data()
  }

  private static func status(of failure: DeviceFailure) -> Int {
    switch failure.errorCode {
    case "invalid_value", "usage": 400
    case "not_found", "unknown_command": 404
    default: 409
    }
  }

  private static func wire<T: _SignedStoreValue>(
    _ result: StoreBenchClient.VerificationResult<T>
  ) -> SignedWire {
    var storefront: StorefrontWire?
    if case let transaction as StoreBenchClient.Transaction = result.unsafePayloadValue {
      storefront = wire(transaction.storefront)
    }
    switch result {
    case .verified(let value): return SignedWire(jws: value._compactJWS, storefront: storefront)
    case .unverified(let value, let error):
      return SignedWire(jws: value._compactJWS, unverified: "\(error)", storefront: storefront)
    }
  }

  private static func wire(_ status: StoreBenchClient.Product.SubscriptionInfo.Status) -> StatusWire {
    StatusWire(
      state: status.state.rawValue, transaction: wire(status.transaction),
      renewalInfo: wire(status.renewalInfo))
  }

  private static func wire(_ storefront: StoreBenchClient.Storefront) -> StorefrontWire {
    StorefrontWire(
      countryCode: storefront.countryCode, id: storefront.id, currencyCode: storefront.currency?.identifier)
  }

  /// A StoreKit 2 error's name (`StoreKitError.notEntitled`), if the error is one.
  static func storeKitName(of error: any Error) -> String? {
    let text = "\(error)".prefix { $0 != "(" }
    if error is StoreKitError { return "StoreKitError.\(text)" }
    if error is StoreBenchClient.Product.PurchaseError { return "Product.PurchaseError.\(text)" }
    return nil
  }
}
