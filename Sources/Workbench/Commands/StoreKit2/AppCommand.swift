import ArgumentParser
import Simulation

/// `app [sk1|sk2|both]`: which StoreKit API the stand-in app uses.
struct AppCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "app",
    abstract: "Show or choose the StoreKit API the stand-in app uses: sk1, sk2 or both.",
    discussion: """
      sk1 (the default): the app registers its `app` transaction observer at launch. sk2: it starts \
      its Transaction.updates listener (see `listener`) and checks Transaction.currentEntitlements. \
      both: it does both; StoreKit 1 observers hear every transaction of the queue, StoreKit 2 \
      purchases included, while a StoreKit 2 purchase returns its own result instead of reaching \
      Transaction.updates. Choosing relaunches the app on this device: storage and unfinished \
      transactions stay.
      """)

  @Argument(help: "sk1, sk2 or both.", completion: .list(AppStoreKitChoice.allCases.map(\.rawValue)))
  var api: String?

  func validate() throws {
    guard let api else { return }
    guard AppStoreKitChoice(rawValue: api) != nil else {
      throw ValidationError("\"\(api)\" is not sk1, sk2 or both")
    }
  }

  func changesWorld(in _: Session) -> Bool { api != nil }

  func execute(in session: Session) throws {
    let device = session.device
    if let api = api.flatMap(AppStoreKitChoice.init(rawValue:)) { device.useAPI(api) }
    let sides = [
      device.api.usesStoreKit1 ? "StoreKit 1 (observers: \(device.queue.observers.count))" : nil,
      device.api.usesStoreKit2
        ? "StoreKit 2 (listener \(device.storeKit2.isListening ? "listening" : "not started"))" : nil,
    ].compactMap { $0 }
    session.print("app \(device.api.rawValue) on \(device.name): \(sides.joined(separator: ", "))")
  }
}
