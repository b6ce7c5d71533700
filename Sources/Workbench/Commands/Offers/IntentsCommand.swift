import ArgumentParser

/// `intents`: `PurchaseIntent.intents` not completed yet.
struct IntentsCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "intents",
    abstract:
      "List the purchase intents the StoreKit 2 app has not completed (`purchase PRODUCT` completes one).")

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let intents = session.device.storeKit2.intents
    guard !intents.isEmpty else { return session.print("no purchase intents") }
    session.print(lines: intents.map { "intent \($0.description)" })
  }
}
